from django.urls import path

from assistant.web import views

urlpatterns = [
    path("", views.chat, name="chat"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("settings/", views.settings_page, name="settings"),
    path("settings/feed/", views.settings_feed, name="settings-feed"),
    path("settings/browser-zone/", views.browser_zone, name="browser-zone"),
    path("calendar/<str:token>.ics", views.calendar_feed_view, name="calendar-feed"),
]
