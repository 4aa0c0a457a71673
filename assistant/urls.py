from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("assistant.api.urls")),
    path("", include("assistant.web.urls")),
]

handler404 = "assistant.api.errors.not_found"
