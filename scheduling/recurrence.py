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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final
from zoneinfo import ZoneInfo

from dateutil.rrule import rrule, rrulestr
from django.conf import settings
from icalendar import vRecur

from scheduling import symbols
from scheduling.errors import ValidationFailed
from scheduling.ical import ical_text
from scheduling.localtime import local_datetime

FREQUENCIES: Final = ("daily", "weekly", "monthly", "yearly")
WEEKDAYS: Final = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
MAX_INTERVAL: Final = 99
MAX_COUNT: Final = 730
# One expansion never yields more than this many occurrences of a series, whatever the window,
# and never looks at more than MAX_SCANNED occurrences beyond those (before the window, skipped).
MAX_OCCURRENCES: Final = 1000
MAX_SCANNED: Final = 2000
# Imported rules: no rule repeats more often than daily, none has more occurrences than this,
# and every date (start, end, UNTIL) lies in these years.
SUB_DAILY: Final = ("HOURLY", "MINUTELY", "SECONDLY")
MAX_RULE_COUNT: Final = 5000
MIN_YEAR: Final = 1900
MAX_YEAR: Final = 2200


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
    """A rule text from outside (an imported calendar): parsed by dateutil or refused.

    Refused too: a rule that repeats more often than daily (the product's events are days and
    hours, and a rule every second is a way to make every read walk millions of occurrences),
    a COUNT above :data:`MAX_RULE_COUNT`, and an UNTIL outside the years dates may have.
    """
    try:
        parsed = rrulestr(rule, dtstart=datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC), cache=False)
    except (ValueError, TypeError, OverflowError) as error:
        raise ValidationFailed(f"not a recurrence rule dateutil can read: {error}") from None
    if not isinstance(parsed, rrule):
        raise ValidationFailed("not a single recurrence rule")
    frequency = _FREQUENCY_NAMES[parsed._freq]
    if frequency in SUB_DAILY:
        raise ValidationFailed(f"repeats more often than daily (FREQ={frequency}): only daily or rarer rules are kept")
    if parsed._count is not None and parsed._count > MAX_RULE_COUNT:
        raise ValidationFailed(f"a rule of more than {MAX_RULE_COUNT} occurrences (COUNT={parsed._count})")
    until = parsed._until
    if until is not None and not MIN_YEAR <= until.year <= MAX_YEAR:
        raise ValidationFailed(f"a rule ending in the year {until.year} (dates are {MIN_YEAR}-{MAX_YEAR})")
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
    The work is bounded by the window, whatever the rule's age or COUNT: the expansion starts
    at most one period before the window (:func:`expansion`), and stops after ``limit``
    occurrences or :data:`MAX_SCANNED` looked at.
    """
    if window_end <= window_start:
        return []
    local_first = first_start.astimezone(zone)
    skipped = {moment.astimezone(datetime.UTC) for moment in skip}
    # The wall clock can jump at a DST change: widen the search a little, then filter on
    # exact instants.
    margin = _margin(rule)
    search_from = (window_start - duration - margin).astimezone(zone)
    search_to = (window_end + margin).astimezone(zone)
    expanded = expansion(rule, local_first, search_from)
    starts: list[datetime.datetime] = []
    scanned = 0
    for local in expanded.xafter(max(search_from, local_first), inc=True):
        scanned += 1
        if local > search_to or len(starts) >= limit or scanned > MAX_SCANNED + limit + len(skipped):
            break
        start = normalise(local, zone)
        if start >= window_end or start + duration <= window_start or start in skipped:
            continue
        starts.append(start)
    return starts


def expansion(rule: str, local_first: datetime.datetime, search_from: datetime.datetime) -> rrule:
    """The rule as a dateutil rule with the same occurrences from ``search_from`` on, whose
    start is at most one period before ``search_from``: dateutil walks every occurrence from
    its start, so this is what makes reading a window cost the window, not the series' age.

    A COUNT becomes the UNTIL of its last occurrence (computed once per rule and start, at
    most :data:`MAX_RULE_COUNT` occurrences). The start then moves ahead by whole periods
    (interval days, weeks, months or years, on the wall clock), with the parts dateutil would
    have taken from the original start (the month day of a monthly rule, the month and day of
    a yearly one) written out, so every later occurrence stays where it was.
    """
    base = _parsed(rule, local_first)
    if base._count is not None:
        last = _count_end(rule, local_first)
        base = base.replace(count=None, until=last if last is not None else local_first)
    if search_from <= local_first:
        return base
    moved, fixed = _moved_start(base, local_first, search_from.astimezone(local_first.tzinfo))
    if moved is None or moved <= local_first:
        return base
    return base.replace(dtstart=moved, **fixed)


_FREQUENCY_NAMES: Final = ("YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY")


def _moved_start(
    base: rrule, first: datetime.datetime, target: datetime.datetime
) -> tuple[datetime.datetime | None, dict[str, Any]]:
    frequency, interval = _FREQUENCY_NAMES[base._freq], base._interval
    given = base._original_rule
    implied = all(given.get(part) is None for part in ("byweekno", "byyearday", "bymonthday", "byweekday", "byeaster"))
    fixed: dict[str, Any] = {}
    if frequency == "YEARLY":
        years = (target.year - first.year) // interval * interval
        if implied:
            fixed = {"bymonth": given.get("bymonth") or first.month, "bymonthday": first.day}
        return _replace_date(first, first.year + years, 1, 1), fixed
    if frequency == "MONTHLY":
        months = ((target.year - first.year) * 12 + target.month - first.month) // interval * interval
        if implied:
            fixed = {"bymonthday": first.day}
        year, month = divmod(first.year * 12 + first.month - 1 + months, 12)
        return _replace_date(first, year, month + 1, 1), fixed
    # Days, weeks, hours, minutes and seconds are fixed lengths of wall-clock time.
    unit = {
        "WEEKLY": datetime.timedelta(weeks=1),
        "DAILY": datetime.timedelta(days=1),
        "HOURLY": datetime.timedelta(hours=1),
        "MINUTELY": datetime.timedelta(minutes=1),
        "SECONDLY": datetime.timedelta(seconds=1),
    }[frequency] * interval
    periods = (target.replace(tzinfo=None) - first.replace(tzinfo=None)) // unit
    return first + periods * unit, fixed


def _replace_date(first: datetime.datetime, year: int, month: int, day: int) -> datetime.datetime | None:
    try:
        return first.replace(year=year, month=month, day=day)
    except ValueError:
        return None


@functools.lru_cache(maxsize=4096)
def _parsed(rule: str, local_first: datetime.datetime) -> rrule:
    parsed = rrulestr(rule, dtstart=local_first, cache=False)
    if not isinstance(parsed, rrule):
        raise ValidationFailed("not a single recurrence rule")
    return parsed


@functools.lru_cache(maxsize=4096)
def _count_end(rule: str, local_first: datetime.datetime) -> datetime.datetime | None:
    """The last occurrence of a COUNT rule (its first :data:`MAX_RULE_COUNT`, for a legacy
    rule stored before imports refused more)."""
    last = None
    for index, local in enumerate(_parsed(rule, local_first)):
        last = local
        if index + 1 >= MAX_RULE_COUNT:
            break
    return last


@functools.lru_cache(maxsize=4096)
def _margin(rule: str) -> datetime.timedelta:
    frequency = str((vRecur.from_ical(rule).get("FREQ") or [""])[0]).upper()
    # A day for daily and rarer rules (a DST change moves a wall-clock time by an hour or two);
    # two hours for a legacy sub-daily rule, so its window is not swamped by the margin.
    return datetime.timedelta(hours=2) if frequency in SUB_DAILY else datetime.timedelta(days=1)


def normalise(local: datetime.datetime, zone: ZoneInfo) -> datetime.datetime:
    """A local wall-clock occurrence as an instant (a time in a DST gap moves forward, as events do)."""
    return local_datetime(local.date(), local.time().replace(tzinfo=None), zone)


def first_occurrence(
    *, rule: str, start: datetime.datetime, zone: ZoneInfo, not_before: datetime.datetime | None = None
) -> datetime.datetime | None:
    """The rule's first occurrence at or after ``start`` (and after ``not_before``, when given).

    "Weekdays at 9:30" said on a Sunday starts on Monday; said at 10:00 on a Monday, it starts
    on Tuesday. ``start`` sets the wall-clock time of every occurrence. The search starts at
    ``not_before`` (less a margin), not at the series' start.
    """
    local = start.astimezone(zone)
    search_from = local if not_before is None else max(local, (not_before - _margin(rule)).astimezone(zone))
    expanded = expansion(rule, local, search_from)
    for scanned, found in enumerate(expanded.xafter(search_from, inc=True)):
        if scanned > MAX_SCANNED:
            return None
        if not_before is None or normalise(found, zone) > not_before:
            return normalise(found, zone)
    return None


def last_occurrence_start(*, rule: str, first_start: datetime.datetime, zone: ZoneInfo) -> datetime.datetime | None:
    """The last occurrence of a rule that ends (UNTIL or COUNT); None for an endless rule."""
    local_first = first_start.astimezone(zone)
    base = _parsed(rule, local_first)
    if base._count is not None:
        last = _count_end(rule, local_first)
        return None if last is None else normalise(last, zone)
    if base._until is None:
        return None
    until = base._until.astimezone(zone)
    # Two periods before the end hold the last occurrence of most rules; a rule that skips
    # periods (the 31st of a monthly rule) falls back to a walk from its start, bounded.
    for search_from in (until - 2 * _period(base) - _margin(rule), local_first):
        last = expansion(rule, local_first, search_from).before(until, inc=True)
        if last is not None and last >= local_first:
            return normalise(last, zone)
    return None


def _period(base: rrule) -> datetime.timedelta:
    days = {"YEARLY": 366, "MONTHLY": 31, "WEEKLY": 7, "DAILY": 1}.get(_FREQUENCY_NAMES[base._freq])
    if days is None:
        return datetime.timedelta(hours=base._interval)
    return datetime.timedelta(days=days * base._interval)


def rule_until(rule: str, until: datetime.datetime) -> str:
    """The same rule ending at ``until`` (COUNT dropped): "this and following" cuts a series here."""
    parsed = vRecur.from_ical(rule)
    parts = {key: value for key, value in parsed.items() if key not in ("UNTIL", "COUNT")}
    parts["UNTIL"] = until.astimezone(datetime.UTC)
    return ical_text(vRecur(parts))


def new_series_start(rule: str, start: datetime.datetime, zone: ZoneInfo, now: datetime.datetime) -> datetime.datetime | None:
    """Where a series said to begin at ``start`` begins: its first occurrence on or after that day and after now."""
    local = start.astimezone(zone)
    begun = local_datetime(first_weekday_from(rule, local.date()), local.time(), zone)
    return first_occurrence(rule=rule, start=begun, zone=zone, not_before=now)


def first_weekday_from(rule: str, day: datetime.date) -> datetime.date:
    """The first day on or after ``day`` that a weekly rule's weekdays allow ("every other Wednesday"
    said on a Thursday starts next Wednesday: counted from Thursday, its first week has none left)."""
    parsed = vRecur.from_ical(rule)
    days = [str(name)[-2:] for name in parsed.get("BYDAY") or []]
    if parsed.get("FREQ") != ["WEEKLY"] or not days:
        return day
    return day + datetime.timedelta(days=min((WEEKDAYS.index(name) - day.weekday()) % 7 for name in days))


def rule_weekdays(rule: str, weekdays: list[str]) -> str:
    """The same rule on other weekdays (moving "all" of a weekly series to another day)."""
    parts = dict(vRecur.from_ical(rule).items())
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
