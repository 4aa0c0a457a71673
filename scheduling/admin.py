from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from scheduling.commands import command_cancel, command_expire
from scheduling.models import (
    OPEN_STATUSES,
    CommandChange,
    Event,
    Profile,
    Reminder,
    ReminderDelivery,
    ScheduleCommand,
)


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin[Profile]):
    list_display = ("user", "time_zone", "language", "work_start", "work_end")
    list_filter = ("language",)
    search_fields = ("user__username", "time_zone")
    exclude = ("feed_token",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ("title", "owner", "starts_at", "ends_at", "time_zone", "all_day", "rrule", "source")
    list_filter = ("time_zone", "all_day", "busy", "source")
    search_fields = ("title", "owner__username", "notes")
    date_hierarchy = "starts_at"
    raw_id_fields = ("owner", "created_by_command", "series")


@admin.register(Reminder)
class ReminderAdmin(admin.ModelAdmin[Reminder]):
    list_display = ("id", "owner", "event", "minutes_before", "remind_at", "rrule", "text")
    raw_id_fields = ("owner", "event")


@admin.register(ReminderDelivery)
class ReminderDeliveryAdmin(admin.ModelAdmin[ReminderDelivery]):
    list_display = ("key", "owner", "title", "fire_at", "status", "sent_at")
    list_filter = ("status",)
    raw_id_fields = ("reminder", "owner")


class CommandChangeInline(admin.TabularInline[CommandChange, ScheduleCommand]):
    model = CommandChange
    extra = 0
    can_delete = False
    readonly_fields = ("at", "kind", "field", "old_value", "new_value", "source_turn", "note")

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(ScheduleCommand)
class ScheduleCommandAdmin(admin.ModelAdmin[ScheduleCommand]):
    list_display = ("id", "owner", "kind", "status", "thread_id", "expires_at", "updated_at")
    list_filter = ("status", "kind", "owner")
    search_fields = ("id", "owner__username", "idempotency_key")
    readonly_fields = ("id", "idempotency_key", "created_at", "updated_at")
    raw_id_fields = ("owner", "target_event")
    inlines = [CommandChangeInline]
    actions = ["expire_selected", "cancel_selected"]

    @admin.action(description="Expire the selected open commands")
    def expire_selected(self, request: HttpRequest, queryset: QuerySet[ScheduleCommand]) -> None:
        now = timezone.now()
        done = sum(command_expire(command_id=command.id, now=now) for command in queryset)
        self.message_user(request, f"{done} command(s) expired.", messages.SUCCESS)

    @admin.action(description="Cancel the selected open commands")
    def cancel_selected(self, request: HttpRequest, queryset: QuerySet[ScheduleCommand]) -> None:
        now = timezone.now()
        done = 0
        for command in queryset.filter(status__in=list(OPEN_STATUSES)):
            command_cancel(owner=command.owner, command_id=command.id, now=now)
            done += 1
        self.message_user(request, f"{done} command(s) cancelled.", messages.SUCCESS)
