from django.templatetags.static import static
from django.urls import path
from django.views.generic import RedirectView

from assistant.web import views

urlpatterns = [
    path("", views.chat, name="chat"),
    # Browsers ask for /favicon.ico whatever the page links; the product's icon answers.
    path("favicon.ico", RedirectView.as_view(url=static("web/icon.svg"), permanent=True), name="favicon"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("settings/", views.settings_page, name="settings"),
    path("settings/feed/", views.settings_feed, name="settings-feed"),
    path("settings/browser-zone/", views.browser_zone, name="browser-zone"),
    path("calendar/<str:token>.ics", views.calendar_feed_view, name="calendar-feed"),
]
