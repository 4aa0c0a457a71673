"""Wall-clock helpers: a person's "today", and a local date + time made into an aware instant."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

UTC = datetime.UTC


def local_today(now: datetime.datetime, zone: ZoneInfo) -> datetime.date:
    return now.astimezone(zone).date()


def local_datetime(day: datetime.date, clock: datetime.time, zone: ZoneInfo) -> datetime.datetime:
    """An aware instant for a wall-clock time in ``zone``.

    A time that does not exist (the hour skipped when clocks go forward) is moved forward
    by the gap, as calendar apps do; an ambiguous time (the repeated hour) takes the first.
    """
    # With fold=0 zoneinfo applies the offset in force before a transition: in a gap that
    # lands the instant after the gap, in an overlap it picks the first occurrence.
    return datetime.datetime.combine(day, clock, tzinfo=zone).replace(fold=0).astimezone(UTC)


def day_bounds(day: datetime.date, zone: ZoneInfo) -> tuple[datetime.datetime, datetime.datetime]:
    """[start, end) of a local calendar day, in UTC."""
    return (
        local_datetime(day, datetime.time(0, 0), zone),
        local_datetime(day + datetime.timedelta(days=1), datetime.time(0, 0), zone),
    )
