from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from assistant.api import imports, reminders, stream, views

urlpatterns = [
    path("threads/", views.ThreadListCreate.as_view(), name="api-threads"),
    path("threads/<int:pk>/", views.ThreadDetail.as_view(), name="api-thread"),
    path("threads/<int:thread_id>/messages/", views.ThreadMessages.as_view(), name="api-messages"),
    path("threads/<int:thread_id>/messages/stream/", stream.stream_message, name="api-messages-stream"),
    path("threads/<int:thread_id>/scope/", views.ScopeChoice.as_view(), name="api-scope-choice"),
    path("confirmations/<uuid:confirmation_id>/", views.ConfirmationDecision.as_view(), name="api-confirmation"),
    path("commands/<uuid:command_id>/cancel/", views.CommandCancel.as_view(), name="api-command-cancel"),
    path("events/", views.EventList.as_view(), name="api-events"),
    path("me/", views.Me.as_view(), name="api-me"),
    path("reminders/due/", reminders.RemindersDue.as_view(), name="api-reminders-due"),
    path("reminders/<int:delivery_id>/dismiss/", reminders.ReminderDismiss.as_view(), name="api-reminder-dismiss"),
    path("calendar/import/", imports.CalendarImport.as_view(), name="api-calendar-import"),
    path("health/", views.Health.as_view(), name="api-health"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
]
