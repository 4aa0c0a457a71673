"""The scheduling app's command and event lists, as the assistant's admin shows them.

The scheduling app knows nothing of turns; here the command page gains the turns that touched it,
and both lists lead with what an admin looks for first.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.contrib import admin
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html

from assistant.admin.base import RecordPages
from assistant.models import TurnTrace
from assistant.web.turn_page import command_title
from scheduling.admin import EventAdmin, ScheduleCommandAdmin
from scheduling.models import Event, ScheduleCommand

admin.site.unregister(ScheduleCommand)
admin.site.unregister(Event)

SHORT_ID = 8


@admin.register(ScheduleCommand)
class ScheduleCommandWithTurnsAdmin(RecordPages, ScheduleCommandAdmin):
    # A command is the record of a conversation's request: read here, changed only by the
    # person's turns (or closed by the list's expire and cancel actions, which run services).
    list_display = ("title", "owner", "kind", "status_badge", "updated", "expires", "short_id", "thread")  # type: ignore[assignment]
    list_display_links = ("title",)
    list_select_related = ("owner", "target_event")
    readonly_fields = (*ScheduleCommandAdmin.readonly_fields, "turns")  # type: ignore[assignment]
    search_fields = (*ScheduleCommandAdmin.search_fields, "slots__title__value")  # type: ignore[assignment]
    ordering = ("-updated_at",)

    @admin.display(description="title")
    def title(self, command: ScheduleCommand) -> str:
        return command_title(command)

    @admin.display(description="status", ordering="status")
    def status_badge(self, command: ScheduleCommand) -> str:
        tone = "open" if command.is_open else "done" if command.status in DONE_STATUSES else "closed"
        return format_html('<span class="status-badge status-{}">{}</span>', tone, command.get_status_display())

    @admin.display(description="last change", ordering="updated_at")
    def updated(self, command: ScheduleCommand) -> str:
        return timezone.localtime(command.updated_at).strftime("%Y-%m-%d %H:%M")

    @admin.display(description="expires", ordering="expires_at")
    def expires(self, command: ScheduleCommand) -> str:
        if not command.is_open:
            return "—"
        return timezone.localtime(command.expires_at).strftime("%Y-%m-%d %H:%M")

    @admin.display(description="id")
    def short_id(self, command: ScheduleCommand) -> str:
        return format_html('<code title="{}">{}</code>', command.id, str(command.id)[:SHORT_ID])

    @admin.display(description="thread", ordering="thread_id")
    def thread(self, command: ScheduleCommand) -> str:
        if command.thread_id is None:
            return "—"
        url = reverse("admin:assistant_thread_change", args=[command.thread_id])
        return format_html('<a href="{}">{}</a>', url, command.thread_id)

    @admin.display(description="turns that touched it")
    def turns(self, command: ScheduleCommand) -> str:
        message_ids = {change.source_turn for change in command.changes.all() if change.source_turn}
        traces = (
            TurnTrace.objects.filter(user_message_id__in=message_ids)
            .select_related("user_message")
            .order_by("created_at")
        )
        if not traces:
            return "—"
        links = [
            format_html(
                '<a href="{}">{} · {}</a>',
                reverse("admin:assistant_turntrace_change", args=[trace.id]),
                trace.created_at.strftime("%Y-%m-%d %H:%M"),
                trace.user_message.text[:60],
            )
            for trace in traces
        ]
        return format_html("<br>".join(["{}"] * len(links)), *links)


DONE_STATUSES = {"created", "updated", "deleted"}


@admin.register(Event)
class EventListAdmin(EventAdmin):
    list_display = ("title", "owner", "when", "zone", "made_by")  # type: ignore[assignment]
    list_display_links = ("title",)
    list_select_related = ("owner", "created_by_command")

    class Media:
        css = {"all": ("web/admin.css",)}

    @admin.display(description="when (event's zone)", ordering="starts_at")
    def when(self, event: Event) -> str:
        start = event.starts_at.astimezone(ZoneInfo(event.time_zone))
        end = event.ends_at.astimezone(ZoneInfo(event.time_zone))
        same_day = start.date() == end.date()
        return (
            f"{start:%a %Y-%m-%d %H:%M}–{end:%H:%M}" if same_day else f"{start:%Y-%m-%d %H:%M} – {end:%Y-%m-%d %H:%M}"
        )

    @admin.display(description="zone", ordering="time_zone")
    def zone(self, event: Event) -> str:
        return event.time_zone

    @admin.display(description="made by")
    def made_by(self, event: Event) -> str:
        command = event.created_by_command
        if command is None:
            return "—"
        url = reverse("admin:scheduling_schedulecommand_change", args=[command.id])
        return format_html('<a href="{}" title="{}"><code>{}</code></a>', url, command.id, str(command.id)[:SHORT_ID])
