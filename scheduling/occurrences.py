"""Series expanded into occurrences: the one place a recurring row becomes the times it covers.

An occurrence is a copy of its series' row (never saved) with the occurrence's own start and
end, and ``occurrence_start`` set to its original start: the id stays the series', so "E12"
still names the series and ``occurrence_start`` says which one of it.
"""

from __future__ import annotations

import copy
import datetime
from collections.abc import Iterable, Mapping, Sequence
from zoneinfo import ZoneInfo

from scheduling.localtime import local_datetime
from scheduling.models import Event
from scheduling.recurrence import horizon_end, occurrence_starts


def series_skips(master: Event, overridden: Iterable[datetime.datetime] = ()) -> list[datetime.datetime]:
    """The original starts a series does not expand: its EXDATEs and its overridden occurrences."""
    removed = [datetime.datetime.fromisoformat(value) for value in master.exdates or []]
    return [*removed, *overridden]


def occurrence_end(master: Event, start: datetime.datetime) -> datetime.datetime:
    """An all-day occurrence ends at local midnight (days long, whatever DST does); a timed one
    lasts the series' duration."""
    if not master.all_day:
        return start + master.duration
    zone = ZoneInfo(master.time_zone)
    first_day = master.starts_at.astimezone(zone).date()
    days = max(1, (master.ends_at.astimezone(zone).date() - first_day).days)
    return local_datetime(start.astimezone(zone).date() + datetime.timedelta(days=days), datetime.time(0, 0), zone)


def as_occurrence(master: Event, start: datetime.datetime) -> Event:
    occurrence = copy.copy(master)
    occurrence.starts_at = start
    occurrence.ends_at = occurrence_end(master, start)
    occurrence.occurrence_start = start
    return occurrence


def expand_series(
    masters: Sequence[Event],
    *,
    start: datetime.datetime,
    end: datetime.datetime,
    now: datetime.datetime,
    overridden: Mapping[int, list[datetime.datetime]] | None = None,
) -> list[Event]:
    """Every occurrence of the given series overlapping [start, end), bounded by the horizon."""
    bounded_end = min(end, horizon_end(now))
    occurrences: list[Event] = []
    for master in masters:
        skips = series_skips(master, (overridden or {}).get(master.id, []))
        starts = occurrence_starts(
            rule=master.rrule,
            first_start=master.starts_at,
            zone=ZoneInfo(master.time_zone),
            window_start=start,
            window_end=bounded_end,
            duration=master.ends_at - master.starts_at + datetime.timedelta(days=1 if master.all_day else 0),
            skip=skips,
        )
        for occurrence_start in starts:
            occurrence = as_occurrence(master, occurrence_start)
            if occurrence.ends_at > start:
                occurrences.append(occurrence)
    return occurrences


def sort_key(event: Event) -> tuple[datetime.datetime, int, int]:
    # An all-day event starts at midnight and is listed before anything else that day.
    return (event.starts_at, 0 if event.all_day else 1, event.id or 0)


def first_clash(
    occurrences: Sequence[tuple[datetime.datetime, datetime.datetime]], busy: Sequence[Event]
) -> tuple[datetime.datetime, list[Event]] | None:
    """The earliest occurrence that overlaps busy time, and what it overlaps.

    Both lists are sorted by start; a sweep keeps the busy events that are still open, so the
    check is linear in the two lists, not their product.
    """
    ordered = sorted(busy, key=lambda event: event.starts_at)
    index = 0
    open_events: list[Event] = []
    for start, end in occurrences:
        while index < len(ordered) and ordered[index].starts_at < end:
            open_events.append(ordered[index])
            index += 1
        open_events = [event for event in open_events if event.ends_at > start]
        clashing = [event for event in open_events if event.starts_at < end]
        if clashing:
            return start, clashing
    return None
