"""Recurring events: the closed recurrence object, the RFC 5545 rule code builds from it, and
the expansion of a series into occurrences.

The model never writes a rule. It fills a closed object (frequency, interval, weekdays, month
day, until as a date symbol, count); :func:`build_rule` checks it and has ``icalendar`` write
the RRULE text, and :func:`occurrence_starts` has ``dateutil`` expand it. Expansion runs in the
event's own zone with an aware start, so "every Monday at 09:30" stays 09:30 on the wall clock
across a daylight-saving change, and it is always bounded: by the window asked for, by the
horizon setting, and by a cap on occurrences, so a daily rule over ten years never produces
thousands of rows.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, cast
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr
from django.conf import settings
from icalendar import vRecur

from scheduling import symbols
from scheduling.errors import ValidationFailed
from scheduling.localtime import local_datetime


def ical_text(value: object) -> str:
    """An icalendar value (a rule, a duration, a calendar) as its RFC 5545 text."""
    return ical_bytes(value).decode()


def ical_bytes(value: object) -> bytes:
    # icalendar's to_ical() is untyped; every value and component has it.
    to_ical = cast(Callable[[], bytes], getattr(value, "to_ical"))  # noqa: B009
    return to_ical()

FREQUENCIES: Final = ("daily", "weekly", "monthly", "yearly")
WEEKDAYS: Final = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
MAX_INTERVAL: Final = 99
MAX_COUNT: Final = 730
# One expansion never yields more than this many occurrences of a series, whatever the window.
MAX_OCCURRENCES: Final = 1000


@dataclass(frozen=True)
class Recurrence:
    """What the person said about repeating, as the closed tool object holds it."""

    frequency: str
    interval: int = 1
    weekdays: tuple[str, ...] = ()
    month_day: int | None = None
    until: str | None = None  # a date symbol, resolved against the day it was said
    count: int | None = None

    @classmethod
    def from_mapping(cls, value: Mapping[str, Any]) -> Recurrence:
        weekdays = value.get("weekdays") or ()
        recurrence = cls(
            frequency=str(value.get("frequency") or ""),
            interval=1 if value.get("interval") is None else int(value["interval"]),
            weekdays=tuple(dict.fromkeys(str(day) for day in weekdays)),
            month_day=None if value.get("month_day") is None else int(value["month_day"]),
            until=value.get("until"),
            count=None if value.get("count") is None else int(value["count"]),
        )
        recurrence.validate()
        return recurrence

    def as_dict(self) -> dict[str, Any]:
        return {
            "frequency": self.frequency,
            "interval": self.interval,
            "weekdays": list(self.weekdays) or None,
            "month_day": self.month_day,
            "until": self.until,
            "count": self.count,
        }

    def validate(self) -> None:
        if self.frequency not in FREQUENCIES:
            raise ValidationFailed(f"frequency is one of {', '.join(FREQUENCIES)}")
        if not 1 <= self.interval <= MAX_INTERVAL:
            raise ValidationFailed(f"interval is 1-{MAX_INTERVAL}")
        if any(day not in WEEKDAYS for day in self.weekdays):
            raise ValidationFailed("weekdays are MO TU WE TH FR SA SU")
        if self.weekdays and self.frequency not in ("daily", "weekly"):
            raise ValidationFailed("weekdays go with a daily or weekly rule")
        if self.month_day is not None:
            if self.frequency not in ("monthly", "yearly"):
                raise ValidationFailed("a month day goes with a monthly or yearly rule")
            if not (1 <= self.month_day <= 31 or self.month_day == -1):
                raise ValidationFailed("a month day is 1-31, or -1 for the last day")
        if self.until is not None and self.count is not None:
            raise ValidationFailed("a rule ends at a date or after a count, not both")
        if self.until is not None and not symbols.is_date_expression(self.until):
            raise symbols.InvalidExpression(self.until, "not a canonical date symbol")
        if self.count is not None and not 1 <= self.count <= MAX_COUNT:
            raise ValidationFailed(f"a count is 1-{MAX_COUNT}")


def until_instant(recurrence: Recurrence, *, today: datetime.date, zone: ZoneInfo) -> datetime.datetime | None:
    """The rule's UNTIL: the last second of the "until" day in the person's zone, in UTC."""
    if recurrence.until is None:
        return None
    last_day = symbols.resolve(recurrence.until, today)[-1]
    return local_datetime(last_day + datetime.timedelta(days=1), datetime.time(0, 0), zone) - datetime.timedelta(
        seconds=1
    )


def build_rule(recurrence: Recurrence, *, until: datetime.datetime | None) -> str:
    """The RRULE value (``FREQ=WEEKLY;BYDAY=MO``), written by icalendar; UNTIL in UTC as RFC 5545 wants."""
    parts: dict[str, Any] = {"FREQ": recurrence.frequency.upper()}
    if until is not None:
        parts["UNTIL"] = until.astimezone(datetime.UTC)
    if recurrence.count is not None:
        parts["COUNT"] = recurrence.count
    if recurrence.interval != 1:
        parts["INTERVAL"] = recurrence.interval
    if recurrence.weekdays:
        parts["BYDAY"] = list(recurrence.weekdays)
    if recurrence.month_day is not None:
        parts["BYMONTHDAY"] = recurrence.month_day
    return ical_text(vRecur(parts))


def check_rule(rule: str) -> str:
    """A rule text from outside (an imported calendar): parsed by dateutil or refused."""
    try:
        rrulestr(rule, dtstart=datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC))
    except (ValueError, TypeError) as error:
        raise ValidationFailed(f"not a recurrence rule dateutil can read: {error}") from None
    return rule


def horizon_end(now: datetime.datetime) -> datetime.datetime:
    """No occurrence beyond this is ever expanded (``RECURRENCE_HORIZON_DAYS`` ahead of now)."""
    return now + datetime.timedelta(days=settings.RECURRENCE_HORIZON_DAYS)


def occurrence_starts(
    *,
    rule: str,
    first_start: datetime.datetime,
    zone: ZoneInfo,
    window_start: datetime.datetime,
    window_end: datetime.datetime,
    duration: datetime.timedelta,
    skip: Iterable[datetime.datetime] = (),
    limit: int = MAX_OCCURRENCES,
) -> list[datetime.datetime]:
    """Original starts (UTC) of the occurrences overlapping [window_start, window_end).

    ``skip`` holds starts that are not to be expanded: EXDATEs and overridden occurrences.
    """
    if window_end <= window_start:
        return []
    local_first = first_start.astimezone(zone)
    skipped = {moment.astimezone(datetime.UTC) for moment in skip}
    # The wall clock can jump by an hour at a DST change: widen the search by a day, then
    # filter on exact instants.
    search_from = (window_start - duration - datetime.timedelta(days=1)).astimezone(zone)
    search_to = (window_end + datetime.timedelta(days=1)).astimezone(zone)
    expanded = rrulestr(rule, dtstart=_skip_ahead(rule, local_first, search_from), cache=False)
    starts: list[datetime.datetime] = []
    for local in expanded.xafter(max(search_from, local_first), inc=True):
        if local > search_to or len(starts) >= limit:
            break
        start = normalise(local, zone)
        if start >= window_end or start + duration <= window_start or start in skipped:
            continue
        starts.append(start)
    return starts


def _skip_ahead(rule: str, local_first: datetime.datetime, search_from: datetime.datetime) -> datetime.datetime:
    """A later start with the same occurrences from ``search_from`` on, so dateutil does not walk
    every occurrence since the series began.

    Only for daily and weekly rules without COUNT: moving the start by whole periods (interval
    days or weeks, as wall-clock days) keeps every later occurrence where it was.
    """
    if "COUNT=" in rule or search_from <= local_first:
        return local_first
    period = _period_days(rule)
    if period is None:
        return local_first
    periods = (search_from.replace(tzinfo=None) - local_first.replace(tzinfo=None)).days // period
    if periods <= 0:
        return local_first
    return local_first + datetime.timedelta(days=periods * period)


@functools.lru_cache(maxsize=4096)
def _period_days(rule: str) -> int | None:
    parsed = vRecur.from_ical(rule)
    frequency = (parsed.get("FREQ") or [""])[0]
    interval = int((parsed.get("INTERVAL") or [1])[0])
    return {"DAILY": interval, "WEEKLY": 7 * interval}.get(str(frequency))


def normalise(local: datetime.datetime, zone: ZoneInfo) -> datetime.datetime:
    """A local wall-clock occurrence as an instant (a time in a DST gap moves forward, as events do)."""
    return local_datetime(local.date(), local.time().replace(tzinfo=None), zone)


def first_occurrence(
    *, rule: str, start: datetime.datetime, zone: ZoneInfo, not_before: datetime.datetime | None = None
) -> datetime.datetime | None:
    """The rule's first occurrence at or after ``start`` (and after ``not_before``, when given).

    "Weekdays at 9:30" said on a Sunday starts on Monday; said at 10:00 on a Monday, it starts
    on Tuesday. ``start`` sets the wall-clock time of every occurrence.
    """
    local = start.astimezone(zone)
    expanded = rrulestr(rule, dtstart=local, cache=False)
    found = expanded.after(local, inc=True)
    while found is not None and not_before is not None and normalise(found, zone) <= not_before:
        found = expanded.after(found, inc=False)
    return None if found is None else normalise(found, zone)


def last_occurrence_start(*, rule: str, first_start: datetime.datetime, zone: ZoneInfo) -> datetime.datetime | None:
    """The last occurrence of a rule that ends (UNTIL or COUNT); None for an endless rule."""
    parsed = vRecur.from_ical(rule)
    if "UNTIL" not in parsed and "COUNT" not in parsed:
        return None
    expanded = rrulestr(rule, dtstart=first_start.astimezone(zone), cache=False)
    last = None
    for index, local in enumerate(expanded):
        last = local
        if index >= MAX_COUNT * 10:
            break
    return None if last is None else normalise(last, zone)


def rule_until(rule: str, until: datetime.datetime) -> str:
    """The same rule ending at ``until`` (COUNT dropped): "this and following" cuts a series here."""
    parsed = vRecur.from_ical(rule)
    parts = {key: value for key, value in parsed.items() if key not in ("UNTIL", "COUNT")}
    parts["UNTIL"] = until.astimezone(datetime.UTC)
    return ical_text(vRecur(parts))


def rule_weekdays(rule: str, weekdays: list[str]) -> str:
    """The same rule on other weekdays (moving "all" of a weekly series to another day)."""
    parsed = vRecur.from_ical(rule)
    parts = dict(parsed.items())
    parts["BYDAY"] = weekdays
    return ical_text(vRecur(parts))


def describe(rule: str) -> dict[str, Any]:
    """The parts of a rule as a small fact: frequency, interval, weekdays, month day, until, count."""
    parsed = vRecur.from_ical(rule)

    def first(key: str) -> Any:
        value = parsed.get(key)
        if isinstance(value, list):
            return value[0] if value else None
        return value

    until = first("UNTIL")
    if isinstance(until, datetime.datetime):
        until_text: str | None = until.date().isoformat()
    elif isinstance(until, datetime.date):
        until_text = until.isoformat()
    else:
        until_text = None
    weekdays = [str(day) for day in parsed.get("BYDAY") or []]
    month_day = first("BYMONTHDAY")
    return {
        "frequency": str(first("FREQ") or "").lower(),
        "interval": int(first("INTERVAL") or 1),
        "weekdays": weekdays or None,
        "month_day": None if month_day is None else int(month_day),
        "until": until_text,
        "count": None if first("COUNT") is None else int(first("COUNT")),
    }
