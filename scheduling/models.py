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


class TimeZoneSource(models.TextChoices):
    DEFAULT = "default", "the site's default"
    BROWSER = "browser", "taken from the browser on the first visit"
    PERSON = "person", "chosen by the person"


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    # Where the zone came from: the site's default until the first page view sends the browser's
    # zone (taken once, never over a zone the person chose), or the person's own choice.
    time_zone_source = models.CharField(max_length=8, choices=TimeZoneSource.choices, default=TimeZoneSource.DEFAULT)
    language = models.CharField(max_length=2, choices=Language.choices, default=Language.EN)
    work_start = models.TimeField(default=datetime.time(9, 0))
    work_end = models.TimeField(default=datetime.time(18, 0))
    feed_token = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # Minutes before a timed event that a reminder fires when the person names none; null = no default.
    default_reminder_minutes = models.PositiveIntegerField(null=True, blank=True)

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


class EventSource(models.TextChoices):
    CHAT = "chat", "chat"
    IMPORT = "import", "import"


class Event(models.Model):
    """One event, or the master row of a recurring series, or one overridden occurrence of it.

    A series is ONE row: ``starts_at``/``ends_at`` are its first occurrence and ``rrule`` the
    RFC 5545 rule code built (never text from the model); occurrences are expanded in code
    (``scheduling.occurrences``), never stored. A removed occurrence is an entry of ``exdates``
    (its original start, UTC ISO); a changed one is its own row with ``series`` and
    ``recurrence_id`` (the original start), which the expansion skips.
    An all-day event runs from local midnight of its first day to local midnight after its
    last, in ``time_zone``.
    """

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
    all_day = models.BooleanField(default=False)
    # Whether the event blocks its time for free slots and conflicts (an all-day birthday does not).
    busy = models.BooleanField(default=True)
    rrule = models.CharField(max_length=500, blank=True, default="")
    # The closed recurrence object the rule was built from (for receipts and editing).
    recurrence = models.JSONField(null=True, blank=True)
    # End of the series' last occurrence; null for a rule with no end. Bounds range queries.
    series_ends_at = models.DateTimeField(null=True, blank=True)
    exdates = models.JSONField(default=list, blank=True)
    series = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="overrides")
    recurrence_id = models.DateTimeField(null=True, blank=True)
    # An imported event keeps its calendar's UID, so importing the same file twice changes nothing.
    uid = models.CharField(max_length=255, blank=True, default="")
    source = models.CharField(max_length=8, choices=EventSource.choices, default=EventSource.CHAT)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["starts_at", "id"]
        indexes = [
            models.Index(fields=["owner", "starts_at"], name="event_owner_start"),
            models.Index(fields=["owner", "rrule"], name="event_owner_rrule", condition=~models.Q(rrule="")),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_at__gt=models.F("starts_at")), name="event_ends_after_start"
            ),
            models.UniqueConstraint(
                fields=["owner", "uid"],
                condition=~models.Q(uid="") & models.Q(series__isnull=True),
                name="event_owner_uid_unique",
            ),
            models.UniqueConstraint(
                fields=["series", "recurrence_id"],
                condition=models.Q(series__isnull=False),
                name="event_series_override_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.starts_at.isoformat()})"

    @property
    def duration(self) -> datetime.timedelta:
        return self.ends_at - self.starts_at

    # Set on an expanded occurrence (an unsaved copy of its series' row): its original start.
    occurrence_start: datetime.datetime | None = None

    @property
    def is_recurring(self) -> bool:
        return bool(self.rrule)

    @property
    def in_series(self) -> bool:
        """A series master or one of its overridden occurrences."""
        return bool(self.rrule) or self.series_id is not None


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
        title = (self.slots.get("title") or {}).get("value")
        if not title and self.target_event_id is not None:
            # A change or delete acts on an event: it is named by that event's title.
            target = self.target_event
            title = target.title if target is not None else f"event #{self.target_event_id}"
        return f"{self.kind} {title or 'untitled'!r} [{self.status}]"

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


class Reminder(models.Model):
    """A reminder: some minutes before an event (each occurrence of a series), or at a time.

    Tied to the event row (CASCADE): a deleted event takes its reminders with it, so nothing
    for it is ever sent. The fire time is computed from the event's current start whenever it
    is looked at, so a reminder for a moved event follows it.
    """

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reminders")
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="reminders")
    minutes_before = models.PositiveIntegerField(null=True, blank=True)
    remind_at = models.DateTimeField(null=True, blank=True)
    text = models.CharField(max_length=MAX_TITLE_LENGTH, blank=True, default="")
    # A reminder on its own may repeat ("每天早上八点提醒我吃药"): RFC 5545's RRULE, expanded from
    # ``remind_at`` (its first firing) on the wall clock of ``time_zone``, as a series is.
    rrule = models.CharField(max_length=500, blank=True, default="")
    time_zone = models.CharField(max_length=64, blank=True, default="", validators=[validate_time_zone])
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["remind_at"], name="reminder_at")]
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(event__isnull=False) & models.Q(minutes_before__isnull=False))
                | (models.Q(event__isnull=True) & models.Q(remind_at__isnull=False)),
                name="reminder_event_or_time",
            ),
        ]

    def __str__(self) -> str:
        return (
            f"reminder {self.id} ({self.minutes_before} min before {self.event_id})"
            if self.event_id
            else (f"reminder {self.id} at {self.remind_at}")
        )


class DeliveryStatus(models.TextChoices):
    DUE = "due", "due"
    SENT = "sent", "sent"
    SKIPPED = "skipped", "skipped"


class ReminderDelivery(models.Model):
    """One firing of a reminder. ``key`` (reminder id + fire instant) is unique: whichever beat or
    worker inserts it first owns the delivery, every other attempt finds the row and stops."""

    reminder = models.ForeignKey(Reminder, on_delete=models.CASCADE, related_name="deliveries")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reminder_deliveries")
    key = models.CharField(max_length=120, unique=True)
    fire_at = models.DateTimeField()
    occurrence_start = models.DateTimeField(null=True, blank=True)
    title = models.CharField(max_length=MAX_TITLE_LENGTH)
    status = models.CharField(max_length=8, choices=DeliveryStatus.choices, default=DeliveryStatus.DUE)
    note = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # The claim's lease: a DUE row past it was never sent (task lost, worker died) and is queued
    # again by the next sweep; ``attempts`` counts the times it was queued.
    lease_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    # The person closed its notice in the page: it is not shown again, on any device.
    dismissed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "reminder deliveries"
        ordering = ["id"]
        indexes = [
            models.Index(fields=["owner", "status", "id"], name="delivery_owner_status"),
            models.Index(fields=["status", "lease_until"], name="delivery_status_lease"),
        ]

    def __str__(self) -> str:
        return f"{self.key} [{self.status}]"
