"""Editing part of a recurring series: one occurrence, this and the following, or all of it.

"This one" is an override row (``series`` + ``recurrence_id``) that the expansion uses instead
of the rule's occurrence; deleting "this one" is an EXDATE. "This and following" ends the
series before the occurrence (UNTIL) and, for a change, continues it as a new series from
there. "All" is the series row itself.
"""

from __future__ import annotations

import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.db import transaction

from scheduling.models import Event, Reminder
from scheduling.occurrences import occurrence_end, series_skips
from scheduling.recurrence import first_occurrence, occurrence_starts, rule_until
from scheduling.services import event_create, series_end


def series_master(event: Event) -> Event:
    """The series row of a series' member (itself for the series row)."""
    return event.series if event.series_id is not None and event.series is not None else event


def occurrence_on(master: Event, *, day: datetime.date | None, now: datetime.datetime) -> datetime.datetime | None:
    """The original start of the occurrence on a local day, or of the next one from now."""
    zone = ZoneInfo(master.time_zone)
    if day is None:
        # The occurrence in progress counts as "this one", else the next.
        found = first_occurrence(rule=master.rrule, start=master.starts_at, zone=zone, not_before=now - master.duration)
        return found
    start = datetime.datetime.combine(day, datetime.time(0, 0), tzinfo=zone).astimezone(datetime.UTC)
    end = datetime.datetime.combine(day + datetime.timedelta(days=1), datetime.time(0, 0), tzinfo=zone).astimezone(
        datetime.UTC
    )
    starts = occurrence_starts(
        rule=master.rrule, first_start=master.starts_at, zone=zone, window_start=start, window_end=end,
        duration=datetime.timedelta(seconds=1), skip=series_skips(master), limit=1,
    )  # fmt: skip
    return starts[0] if starts else None


@transaction.atomic
def series_override(*, master: Event, occurrence_start: datetime.datetime) -> Event:
    """The row standing for one occurrence (made as a plain copy of it on first use)."""
    existing = Event.objects.filter(series=master, recurrence_id=occurrence_start).first()
    if existing is not None:
        return existing
    return _copy_from(
        master, occurrence_start, uid=master.uid, source=master.source, series=master, recurrence_id=occurrence_start
    )


@transaction.atomic
def series_skip(*, master: Event, occurrence_start: datetime.datetime) -> Event:
    """Remove one occurrence (EXDATE); its override row, if any, goes too."""
    Event.objects.filter(series=master, recurrence_id=occurrence_start).delete()
    stamp = occurrence_start.astimezone(datetime.UTC).isoformat()
    if stamp not in (master.exdates or []):
        master.exdates = [*(master.exdates or []), stamp]
        master.save(update_fields=["exdates", "updated_at"])
    return master


@transaction.atomic
def series_cut(*, master: Event, occurrence_start: datetime.datetime) -> Event | None:
    """End the series before this occurrence. Cutting at its first occurrence deletes it all
    (returns None); otherwise returns the shortened series."""
    if occurrence_start <= master.starts_at:
        master.delete()
        return None
    master.rrule = rule_until(master.rrule, occurrence_start - datetime.timedelta(seconds=1))
    master.series_ends_at = series_end(master)
    master.save(update_fields=["rrule", "series_ends_at", "updated_at"])
    Event.objects.filter(series=master, recurrence_id__gte=occurrence_start).delete()
    return master


@transaction.atomic
def series_fork(*, master: Event, occurrence_start: datetime.datetime) -> Event:
    """Split the series at an occurrence: the old one ends before it, a new one with the same
    rule (and reminders) starts there. Returns the new series, ready to be changed."""
    if occurrence_start <= master.starts_at:
        return master
    rule = master.rrule
    last = master.series_ends_at
    shortened = series_cut(master=master, occurrence_start=occurrence_start)
    assert shortened is not None
    if "COUNT=" in rule:
        # The rest of a counted series ends where the whole one did.
        rule = rule_until(rule, last - shortened.duration if last else occurrence_start)
    return _copy_from(
        master,
        occurrence_start,
        rrule=rule,
        recurrence=master.recurrence,
        exdates=[value for value in master.exdates or [] if value >= occurrence_start.isoformat()],
    )


def _copy_from(master: Event, occurrence_start: datetime.datetime, **fields: Any) -> Event:
    """A new row like the series from this occurrence on (an override, or the rest of a fork), with its reminders."""
    copy = event_create(
        owner=master.owner,
        title=master.title,
        starts_at=occurrence_start,
        ends_at=occurrence_end(master, occurrence_start),
        time_zone=master.time_zone,
        notes=master.notes,
        all_day=master.all_day,
        busy=master.busy,
        **fields,
    )
    _copy_reminders(master, copy)
    return copy


def _copy_reminders(source: Event, target: Event) -> None:
    for minutes in Reminder.objects.filter(event=source).values_list("minutes_before", flat=True):
        Reminder.objects.get_or_create(owner=source.owner, event=target, minutes_before=minutes)


def occurrence_gone(*, event_id: int, occurrence_start: datetime.datetime) -> bool:
    """Is this occurrence off the calendar now (series deleted, EXDATE, or cut before it)?"""
    master = Event.objects.filter(id=event_id).first()
    if master is None or not master.rrule:
        return master is None
    starts = occurrence_starts(
        rule=master.rrule, first_start=master.starts_at, zone=ZoneInfo(master.time_zone),
        window_start=occurrence_start, window_end=occurrence_start + datetime.timedelta(seconds=1),
        duration=datetime.timedelta(seconds=1), skip=series_skips(master), limit=1,
    )  # fmt: skip
    return not starts
