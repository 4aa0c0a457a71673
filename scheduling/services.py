"""Writes of the calendar: profiles and events. Command stubs live in ``scheduling.commands``."""

from __future__ import annotations

import datetime
import secrets
from typing import Any
from zoneinfo import ZoneInfo

from django.contrib.auth.models import User
from django.db import transaction

from scheduling.errors import ValidationFailed
from scheduling.models import (
    MAX_EVENT_DURATION,
    MAX_NOTES_LENGTH,
    MAX_TITLE_LENGTH,
    Event,
    EventSource,
    Language,
    Profile,
    ReminderDelivery,
    ScheduleCommand,
    TimeZoneSource,
    validate_time_zone,
)
from scheduling.occurrences import occurrence_end
from scheduling.recurrence import last_occurrence_start
from scheduling.selectors import event_get, profile_get
from scheduling.text import clean_line, clean_text, is_blank


def clean_title(title: str) -> str:
    """A title as stored: one clean line (``scheduling.text``), not blank, length checked."""
    cleaned = clean_line(title or "")
    if is_blank(cleaned):
        raise ValidationFailed("a title cannot be empty")
    if len(cleaned) > MAX_TITLE_LENGTH:
        raise ValidationFailed(f"a title is at most {MAX_TITLE_LENGTH} characters")
    return cleaned


def _check_interval(starts_at: datetime.datetime, ends_at: datetime.datetime) -> None:
    if starts_at.tzinfo is None or ends_at.tzinfo is None:
        raise ValidationFailed("event times must be aware")
    if ends_at <= starts_at:
        raise ValidationFailed("an event must end after it starts")
    if ends_at - starts_at > MAX_EVENT_DURATION:
        raise ValidationFailed(f"an event lasts at most {MAX_EVENT_DURATION.days} days")


def event_create(
    *,
    owner: User,
    title: str,
    starts_at: datetime.datetime,
    ends_at: datetime.datetime,
    time_zone: str,
    notes: str = "",
    command: ScheduleCommand | None = None,
    all_day: bool = False,
    busy: bool | None = None,
    rrule: str = "",
    recurrence: dict[str, Any] | None = None,
    exdates: list[str] | None = None,
    uid: str = "",
    source: str = EventSource.CHAT,
    series: Event | None = None,
    recurrence_id: datetime.datetime | None = None,
) -> Event:
    """One event, or a series when ``rrule`` is given (built by ``scheduling.recurrence``).

    An all-day event is free time unless ``busy`` says otherwise; a timed one is busy.
    """
    _check_interval(starts_at, ends_at)
    validate_time_zone(time_zone)
    notes = clean_text(notes)
    if len(notes) > MAX_NOTES_LENGTH:
        raise ValidationFailed(f"notes are at most {MAX_NOTES_LENGTH} characters")
    event = Event(
        owner=owner,
        title=clean_title(title),
        starts_at=starts_at.astimezone(datetime.UTC),
        ends_at=ends_at.astimezone(datetime.UTC),
        time_zone=time_zone,
        notes=notes,
        created_by_command=command,
        all_day=all_day,
        busy=(not all_day) if busy is None else busy,
        rrule=rrule,
        recurrence=recurrence,
        exdates=list(exdates or []),
        uid=uid,
        source=source,
        series=series,
        recurrence_id=None if recurrence_id is None else recurrence_id.astimezone(datetime.UTC),
    )
    event.series_ends_at = series_end(event)
    event.save()
    return event


def series_end(event: Event) -> datetime.datetime | None:
    """When a series' last occurrence ends (None: the rule never ends); a single event's end."""
    if not event.rrule:
        return None
    last = last_occurrence_start(rule=event.rrule, first_start=event.starts_at, zone=ZoneInfo(event.time_zone))
    if last is None:
        return None
    return occurrence_end(event, last)


def event_update(
    *,
    event: Event,
    title: str | None = None,
    starts_at: datetime.datetime | None = None,
    ends_at: datetime.datetime | None = None,
    notes: str | None = None,
    rrule: str | None = None,
) -> Event:
    if rrule is not None:
        event.rrule = rrule
    if title is not None:
        event.title = clean_title(title)
    if starts_at is not None:
        event.starts_at = starts_at.astimezone(datetime.UTC)
    if ends_at is not None:
        event.ends_at = ends_at.astimezone(datetime.UTC)
    if notes is not None:
        event.notes = clean_text(notes)
    _check_interval(event.starts_at, event.ends_at)
    event.series_ends_at = series_end(event)
    event.save()
    return event


@transaction.atomic
def event_delete(*, owner: User, event_id: int) -> Event:
    """Delete one of the owner's events; returns the deleted row (its id is kept for receipts)."""
    event = event_get(owner=owner, event_id=event_id)
    deleted_id = event.id
    event.delete()
    event.id = deleted_id
    return event


def profile_update(*, user: User, **changes: Any) -> Profile:
    profile = profile_get(user=user)
    if "time_zone" in changes:
        try:
            validate_time_zone(changes["time_zone"])
        except Exception as error:
            raise ValidationFailed(str(error)) from None
        profile.time_zone = changes["time_zone"]
        profile.time_zone_source = TimeZoneSource.PERSON
    if "language" in changes:
        if changes["language"] not in Language.values:
            raise ValidationFailed("language must be en or zh")
        profile.language = changes["language"]
    if "default_reminder_minutes" in changes:
        minutes = changes["default_reminder_minutes"]
        if minutes is not None and not 0 <= int(minutes) <= 7 * 24 * 60:
            raise ValidationFailed("a default reminder is 0-10080 minutes before")
        profile.default_reminder_minutes = None if minutes is None else int(minutes)
    work_start = changes.get("work_start", profile.work_start)
    work_end = changes.get("work_end", profile.work_end)
    if work_end <= work_start:
        raise ValidationFailed("working hours must end after they start")
    profile.work_start, profile.work_end = work_start, work_end
    profile.save()
    return profile


def reminder_notice_dismiss(*, owner: User, delivery_id: int, now: datetime.datetime) -> int:
    """Close a reminder's notice for good: this firing and the reminder's earlier ones. Another
    person's delivery is simply not found (0 closed)."""
    delivery = ReminderDelivery.objects.filter(owner=owner, id=delivery_id).first()
    if delivery is None:
        return 0
    return ReminderDelivery.objects.filter(
        owner=owner, reminder_id=delivery.reminder_id, id__lte=delivery.id, dismissed_at__isnull=True
    ).update(dismissed_at=now)


def profile_adopt_browser_zone(*, user: User, time_zone: str) -> Profile:
    """The first page view's browser zone becomes the person's, once, and only while the zone is
    still the site's default: it never replaces a zone the person chose or one taken before."""
    try:
        validate_time_zone(time_zone)
    except Exception as error:
        raise ValidationFailed(str(error)) from None
    profile = profile_get(user=user)
    updated = Profile.objects.filter(id=profile.id, time_zone_source=TimeZoneSource.DEFAULT).update(
        time_zone=time_zone, time_zone_source=TimeZoneSource.BROWSER
    )
    if updated:
        profile.refresh_from_db()
    return profile


def profile_rotate_feed_token(*, user: User) -> Profile:
    profile = profile_get(user=user)
    profile.feed_token = secrets.token_urlsafe(32)
    profile.save(update_fields=["feed_token"])
    return profile


def profile_revoke_feed_token(*, user: User) -> Profile:
    profile = profile_get(user=user)
    profile.feed_token = ""
    profile.save(update_fields=["feed_token"])
    return profile
