"""Reads of the calendar. Every selector is scoped to one owner: no cross-person reads exist."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Sequence
from zoneinfo import ZoneInfo

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.utils import timezone

from scheduling.errors import NotFound
from scheduling.models import (
    MAX_EVENT_DURATION,
    OPEN_STATUSES,
    DeliveryStatus,
    Event,
    Profile,
    ReminderDelivery,
    ScheduleCommand,
)
from scheduling.occurrences import expand_series, first_clash, sort_key
from scheduling.recurrence import horizon_end, occurrence_starts


def profile_get(*, user: User) -> Profile:
    """The person's profile (made with the defaults on first use); cached on the user object."""
    try:
        return user.profile
    except Profile.DoesNotExist:
        pass
    profile, _ = Profile.objects.get_or_create(user=user, defaults=_profile_defaults())
    user.profile = profile
    return profile


def _profile_defaults() -> dict[str, str]:
    from django.conf import settings

    return {"time_zone": settings.DEFAULT_USER_TIME_ZONE}


def profile_get_by_feed_token(*, token: str) -> Profile | None:
    """The profile whose calendar feed this secret token opens; an empty token opens nothing."""
    if not token:
        return None
    return Profile.objects.select_related("user").filter(feed_token=token).first()


def event_list_in_range(*, owner: User, start: datetime.datetime, end: datetime.datetime) -> QuerySet[Event]:
    """The owner's single (non-recurring) event rows overlapping [start, end), earliest first.

    Series rows are left out: they stand for many occurrences, which ``occurrences_in_range``
    expands. The lower bound on ``starts_at`` (an event lasts at most MAX_EVENT_DURATION) turns
    the overlap test into a range scan of the (owner, starts_at) index.
    """
    return Event.objects.filter(
        owner=owner,
        rrule="",
        starts_at__gte=start - MAX_EVENT_DURATION,
        starts_at__lt=end,
        ends_at__gt=start,
    ).order_by("starts_at", "id")


def _single_in_range(start: datetime.datetime, end: datetime.datetime) -> Q:
    return Q(rrule="", starts_at__gte=start - MAX_EVENT_DURATION, starts_at__lt=end, ends_at__gt=start)


def _series_in_range(start: datetime.datetime, end: datetime.datetime) -> Q:
    return ~Q(rrule="") & Q(starts_at__lt=end) & (Q(series_ends_at__isnull=True) | Q(series_ends_at__gt=start))


def event_rows_for_feed(*, owner: User, start: datetime.datetime, end: datetime.datetime) -> QuerySet[Event]:
    """The rows a calendar feed writes: single events in range and whole series (the subscriber
    expands RRULE and EXDATE itself), with overridden occurrences as their own rows."""
    return (
        Event.objects.filter(owner=owner)
        .filter(_single_in_range(start, end) | _series_in_range(start, end))
        .order_by("starts_at", "id")
    )


def occurrences_in_range(
    *,
    owner: User,
    start: datetime.datetime,
    end: datetime.datetime,
    now: datetime.datetime | None = None,
    exclude_ids: Sequence[int] = (),
    busy_only: bool = False,
    moving: tuple[int, datetime.datetime] | None = None,
) -> list[Event]:
    """Everything on the owner's calendar overlapping [start, end): single events, and each
    series expanded into its occurrences (skipping EXDATEs and overridden ones, whose own rows
    are single events). All-day events come first on their day. ``moving`` (a series' id and an
    occurrence's original start) is left out too: the one occurrence a change is moving.

    One indexed query finds single rows and series together; a second one (only when a series
    is in range) finds the series' overridden occurrences.
    """
    rows = Event.objects.filter(owner=owner).filter(_single_in_range(start, end) | _series_in_range(start, end))
    if exclude_ids:
        rows = rows.exclude(id__in=list(exclude_ids))
    if busy_only:
        rows = rows.filter(busy=True)
    singles: list[Event] = []
    series: list[Event] = []
    for row in rows:
        (series if row.rrule else singles).append(row)
    overridden: dict[int, list[datetime.datetime]] = {moving[0]: [moving[1]]} if moving else {}
    if series:
        overrides = Event.objects.filter(series__in=[master.id for master in series]).values_list(
            "series_id", "recurrence_id"
        )
        for series_id, recurrence_id in overrides:
            if recurrence_id is not None and series_id is not None:
                overridden.setdefault(series_id, []).append(recurrence_id)
    expanded = expand_series(series, start=start, end=end, now=now or timezone.now(), overridden=overridden)
    return sorted([*singles, *expanded], key=sort_key)


def event_conflicts(
    *,
    owner: User,
    start: datetime.datetime,
    end: datetime.datetime,
    exclude_ids: Sequence[int] = (),
    moving: tuple[int, datetime.datetime] | None = None,
) -> list[Event]:
    """What blocks [start, end) on the owner's calendar: busy events and busy occurrences."""
    return occurrences_in_range(owner=owner, start=start, end=end, exclude_ids=exclude_ids, busy_only=True, moving=moving)


CONFLICT_LOOKAHEAD = datetime.timedelta(days=366)
FIRST_CLASH_WINDOW = datetime.timedelta(days=28)


def series_conflict(
    *,
    owner: User,
    rule: str,
    first_start: datetime.datetime,
    duration: datetime.timedelta,
    zone: ZoneInfo,
    now: datetime.datetime,
    exclude_ids: Sequence[int] = (),
) -> tuple[datetime.datetime, list[Event]] | None:
    """The first occurrence of a would-be series that clashes with busy time, looking a year
    ahead (or to the horizon, if nearer): a clash further out is left to the day it comes near."""
    begin = max(first_start, now)
    end = min(horizon_end(now), begin + CONFLICT_LOOKAHEAD)
    starts = occurrence_starts(
        rule=rule, first_start=first_start, zone=zone, window_start=begin, window_end=end, duration=duration
    )
    # The first clash is usually near: look at a month of occurrences, then twice as far each
    # time, so a busy calendar is not expanded for a whole year to find a clash next week.
    window = FIRST_CLASH_WINDOW
    done = 0
    while done < len(starts):
        limit = begin + window
        part = [start for start in starts[done:] if start < limit] or starts[done : done + 1]
        busy = occurrences_in_range(
            owner=owner, start=part[0], end=part[-1] + duration, now=now, exclude_ids=exclude_ids, busy_only=True
        )
        if clash := first_clash([(start, start + duration) for start in part], busy):
            return clash
        done += len(part)
        window *= 2
    return None


def event_get(*, owner: User, event_id: int) -> Event:
    try:
        return Event.objects.get(owner=owner, id=event_id)
    except Event.DoesNotExist:
        raise NotFound("event not found", {"event_id": event_id}) from None


def command_get(*, owner: User, command_id: uuid.UUID | str) -> ScheduleCommand:
    try:
        return ScheduleCommand.objects.get(owner=owner, id=command_id)
    except (ScheduleCommand.DoesNotExist, ValueError, TypeError):
        raise NotFound("command not found", {"command_id": str(command_id)}) from None


def command_active_for_thread(*, owner: User, thread_id: int, now: datetime.datetime) -> ScheduleCommand | None:
    """The newest open, unexpired stub of this person in this thread."""
    return (
        ScheduleCommand.objects.filter(
            owner=owner, thread_id=thread_id, status__in=list(OPEN_STATUSES), expires_at__gt=now
        )
        .order_by("-updated_at")
        .first()
    )


def reminder_notices_open(*, owner: User, within: datetime.timedelta, limit: int = 20) -> list[ReminderDelivery]:
    """The notices the page shows: reminders sent to the owner recently and not dismissed, one per
    reminder (its newest firing). A deleted event has taken its reminders and their deliveries
    with it, so its notice is simply no longer here."""
    rows = ReminderDelivery.objects.filter(
        owner=owner, status=DeliveryStatus.SENT, dismissed_at__isnull=True, sent_at__gte=timezone.now() - within
    ).order_by("-id")
    newest: dict[int, ReminderDelivery] = {}
    for row in rows[: limit * 5]:
        newest.setdefault(row.reminder_id, row)
    return sorted(newest.values(), key=lambda row: row.id)[-limit:]


def reminder_deliveries_sent(
    *, owner: User, after_id: int, within: datetime.timedelta, limit: int = 20
) -> list[ReminderDelivery]:
    """Reminders sent to the owner after a cursor id, recent ones only (what the page polls)."""
    return list(
        ReminderDelivery.objects.filter(
            owner=owner, status=DeliveryStatus.SENT, id__gt=after_id, sent_at__gte=timezone.now() - within
        ).order_by("id")[:limit]
    )
