"""Profiles, events and command stubs. Times are aware and stored in UTC."""

from __future__ import annotations

import datetime
import uuid
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

MAX_TITLE_LENGTH = 200
MAX_NOTES_LENGTH = 2000
# Bounding an event's length lets "events overlapping [a, b)" use the (owner, starts_at)
# index as a range scan: an overlapping event must start after a - MAX_EVENT_DURATION.
MAX_EVENT_DURATION = datetime.timedelta(days=14)


def validate_time_zone(value: str) -> None:
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValidationError(f"{value!r} is not a known time zone") from error


def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(available_timezones())]


class Language(models.TextChoices):
    EN = "en", "English"
    ZH = "zh", "中文"


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    language = models.CharField(max_length=2, choices=Language.choices, default=Language.EN)
    work_start = models.TimeField(default=datetime.time(9, 0))
    work_end = models.TimeField(default=datetime.time(18, 0))
    feed_token = models.CharField(max_length=64, blank=True, default="", db_index=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(work_end__gt=models.F("work_start")), name="profile_work_hours_order"
            ),
        ]

    def __str__(self) -> str:
        return f"profile of {self.user}"

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)


class Event(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="events")
    title = models.CharField(max_length=MAX_TITLE_LENGTH)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    time_zone = models.CharField(max_length=64, validators=[validate_time_zone])
    notes = models.TextField(blank=True, default="", max_length=MAX_NOTES_LENGTH)
    # One command creates at most one event, enforced by the database, not by hope.
    created_by_command = models.OneToOneField(
        "ScheduleCommand", null=True, blank=True, on_delete=models.SET_NULL, related_name="created_event"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["starts_at", "id"]
        indexes = [models.Index(fields=["owner", "starts_at"], name="event_owner_start")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_at__gt=models.F("starts_at")), name="event_ends_after_start"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.starts_at.isoformat()})"

    @property
    def duration(self) -> datetime.timedelta:
        return self.ends_at - self.starts_at


class CommandKind(models.TextChoices):
    CREATE = "create", "create"
    CHANGE = "change", "change"
    DELETE = "delete", "delete"


class CommandStatus(models.TextChoices):
    NEEDS_TITLE = "needs_title", "needs title"
    NEEDS_DATE = "needs_date", "needs date"
    NEEDS_TIME = "needs_time", "needs time"
    CONFLICT = "conflict", "conflict"
    AWAITING_CONFIRMATION = "awaiting_confirmation", "awaiting confirmation"
    CREATED = "created", "created"
    UPDATED = "updated", "updated"
    DELETED = "deleted", "deleted"
    CANCELLED = "cancelled", "cancelled"
    EXPIRED = "expired", "expired"


OPEN_STATUSES = frozenset(
    {
        CommandStatus.NEEDS_TITLE,
        CommandStatus.NEEDS_DATE,
        CommandStatus.NEEDS_TIME,
        CommandStatus.CONFLICT,
        CommandStatus.AWAITING_CONFIRMATION,
    }
)


class ScheduleCommand(models.Model):
    """A create or change that may take several turns: known slots, missing slots, a status.

    ``slots`` maps a slot name (title, date, time, duration_minutes) to
    ``{"value", "raw", "source_turn", "confidence"}``. Every stub has exits: done,
    cancelled by the person, expired, or changed after a conflict.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="schedule_commands")
    thread_id = models.BigIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=8, choices=CommandKind.choices, default=CommandKind.CREATE)
    status = models.CharField(max_length=24, choices=CommandStatus.choices, default=CommandStatus.NEEDS_TITLE)
    slots = models.JSONField(default=dict, blank=True)
    missing = models.JSONField(default=list, blank=True)
    # Dates offered after an ambiguous day (a weekend) or slots offered after a conflict.
    candidates = models.JSONField(default=list, blank=True)
    target_event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="change_commands"
    )
    idempotency_key = models.CharField(max_length=80, unique=True)
    intent_revision = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["owner", "thread_id", "status"], name="command_owner_thread_status"),
            models.Index(fields=["status", "expires_at"], name="command_status_expiry"),
        ]

    def __str__(self) -> str:
        title = (self.slots.get("title") or {}).get("value") or "untitled"
        return f"{self.kind} {title!r} [{self.status}]"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def slot_value(self, name: str) -> object:
        slot = self.slots.get(name)
        return None if slot is None else slot.get("value")


class CommandChange(models.Model):
    """Append-only history of a stub: every slot revealed or revised, every status change."""

    class Kind(models.TextChoices):
        REVEAL = "reveal", "reveal"
        REVISE = "revise", "revise"
        REJECT = "reject", "reject"
        STATUS = "status", "status"

    command = models.ForeignKey(ScheduleCommand, on_delete=models.CASCADE, related_name="changes")
    at = models.DateTimeField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    field = models.CharField(max_length=32)
    old_value = models.JSONField(null=True, blank=True)
    new_value = models.JSONField(null=True, blank=True)
    source_turn = models.BigIntegerField(null=True, blank=True)
    note = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.field}: {self.old_value!r} -> {self.new_value!r}"
