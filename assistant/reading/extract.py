"""``extract_when``: the recognisers in order, then one date and one time settled from what they found.

Disagreement is never resolved by guessing: two different days ("Saturday or Sunday"), two
different times, a weekday that does not fall on the date said with it ("Monday, Feb 19" when
the 19th is a Tuesday), two parts of day, or anything :mod:`.out_of_scope` flags, and the
whole message goes to the model. Returning no date is always better than returning a wrong one.
"""

from __future__ import annotations

import datetime
import logging
import re
from collections.abc import Sequence
from typing import Final

from assistant.reading.calendar_dates import find_calendar_dates
from assistant.reading.clock import find_clock_times, find_times_around_noon
from assistant.reading.days import find_relative_days
from assistant.reading.fallback import find_month_name_dates
from assistant.reading.hours import place
from assistant.reading.out_of_scope import rule_out_after, rule_out_before
from assistant.reading.parts import find_parts_of_day
from assistant.reading.result import PartOfDay, WhenMatch
from assistant.reading.scan import MAX_CHARS, DateFinding, Part, Scan, Span, normalize
from assistant.reading.vocabulary import ADDRESS, WEEK_SAID
from scheduling.symbols import InvalidExpression, resolve

logger = logging.getLogger(__name__)

_JUST_GONE_DAYS: Final = 7
_VISIBLE_PARTS: Final[dict[Part, PartOfDay]] = {
    "morning": "morning", "early": "morning", "am": "morning",
    "afternoon": "afternoon", "pm": "afternoon", "evening": "evening",
}  # fmt: skip
# Words that belong to the phrase after them ("at 4", "on Saturday"), and what may sit
# between two phrases of one reply ("Saturday, 3pm", "周六的下午").
_LEADING_CONNECTOR = re.compile(r"(?:(?:(?<![a-z])(?:at|on|around|about|approx|approximately)|@)\s*)+$")
_GLUE = re.compile(r"[\s,，、的]*(?:(?<![a-z])(?:at|on|around|about)(?![a-z])|@)?[\s,，、的]*")


def extract_when(text: str, *, today: datetime.date, prefer_near: datetime.time | None = None) -> WhenMatch | None:
    """The date and time in a short reply ("Saturday 3pm", "周六下午三点", "make it 4"), or None.

    Pure and fast: no database, no network, no model. Only the first 200 characters are read.
    """
    return read_when_or_decline(text, today=today, prefer_near=prefer_near)[0]


def in_the_week_said(texts: Sequence[str], today: datetime.date, also: Sequence[int] = ()) -> set[datetime.date]:
    """ "schedule physio next week" … "wednesday 11am", "我下周要去看牙" … "周三下午三点吧": a bare weekday answered
    after a week was said is that weekday of the week said (as the fast path reads it); so are the weekdays ``also``."""
    week = next((found.group(0) for text in texts if (found := WEEK_SAID.search(text))), None)
    anchor = extract_when(f"{week} monday" if str(week).isascii() else f"{week}一", today=today) if week else None
    offset = re.fullmatch(r"W1([+-][0-9]+)?", anchor.date or "") if anchor else None
    if offset is None:
        return set()
    said = [own.date for own in (extract_when(text, today=today) for text in texts) if own is not None]
    weeks = offset.group(1) or ""
    return {day for date in [*said, *(f"W{n}" for n in also)] if re.fullmatch(r"W[1-7]", date or "") for day in resolve(f"{date}{weeks}", today)}


def read_when_or_decline(
    text: str, *, today: datetime.date, prefer_near: datetime.time | None = None
) -> tuple[WhenMatch | None, bool]:
    """``extract_when``, and whether the text holds a date or time the reader saw and chose not to read
    ("every Friday", "Monday, Feb 19" when the 19th is a Tuesday, "new years eve" beside "the 30th"):
    a caller must then not act as if no day was said."""
    if not isinstance(today, datetime.date) or isinstance(today, datetime.datetime):
        raise TypeError("today must be a datetime.date")
    if not isinstance(text, str) or not text.strip():
        return None, False
    try:
        return _extract(text[:MAX_CHARS], today, prefer_near)
    except Exception:  # a bug here must cost a model call, never the person's turn
        logger.exception("extract_when failed on a %d-character text", len(text))
        return None, True


def _extract(text: str, today: datetime.date, prefer_near: datetime.time | None) -> tuple[WhenMatch | None, bool]:
    scan = Scan(normalize(text), today)
    rule_out_before(scan)
    if scan.out_of_scope:
        return None, True
    for address in ADDRESS.finditer(scan.text):  # "at 21 park lane" is a place, not 21:00
        scan.claim(*address.span(), "other")
    find_calendar_dates(scan)
    find_relative_days(scan)
    find_times_around_noon(scan)
    find_parts_of_day(scan)
    find_month_name_dates(scan)
    find_clock_times(scan)
    rule_out_after(scan)
    if scan.out_of_scope:
        return None, True
    settled, date = _settle_date(scan)
    if not settled:
        return None, True
    settled, time, part_of_day = _settle_time(scan, prefer_near, has_date=date is not None)
    if not settled or (date is None and time is None):
        return None, not settled
    guessed = time is not None and not scan.parts and all(not c.fixed and c.meridiem is None for c in scan.clocks)
    return WhenMatch(date=date, time=time, part_of_day=part_of_day, spans=_spans(scan), guessed=guessed), False


def _settle_date(scan: Scan) -> tuple[bool, str | None]:
    """(False, None) when the dates found disagree; (True, symbol or None) otherwise."""
    if not scan.dates:
        return True, None
    weekdays = {finding.weekday for finding in scan.dates if finding.weekday is not None}
    if len(weekdays) > 1:
        return False, None
    weekday = next(iter(weekdays), None)
    has_anchor = any(finding.day is not None for finding in scan.dates)
    named: list[tuple[int, str, list[datetime.date]]] = []
    for finding in scan.dates:
        if finding.weekday is not None and has_anchor:
            continue  # "Monday, Feb 18": the weekday checks the date (and picks its year)
        symbol = _anchor_symbol(finding, weekday, scan.today) if finding.day is not None else finding.symbol
        days = _resolve(symbol, scan.today)
        if symbol is None or days is None:
            return False, None
        named.append((finding.rank, symbol, days))
    ranges = [entry for entry in named if len(entry[2]) > 1]
    if len(ranges) == 1 and weekday is not None and not has_anchor:
        # "下周末 周日", "next weekend, sunday": a bare weekday said with a stretch of days is that day of it.
        inside = [day for day in ranges[0][2] if day.isoweekday() == weekday]
        bare = [entry for entry in named if entry[1] == f"W{weekday}" and entry[2][0] not in inside]
        named = [entry for entry in named if entry not in bare] + [(0, inside[0].isoformat(), inside)] if bare and len(inside) == 1 else named
    singles = [entry for entry in named if len(entry[2]) == 1]
    if singles:
        day = singles[0][2][0]
        if any(entry[2][0] != day for entry in singles) or any(day not in entry[2] for entry in named):
            return False, None
        return True, min(singles)[1]
    if any(entry[2] != named[0][2] for entry in named):
        return False, None
    return True, named[0][1]


def _anchor_symbol(finding: DateFinding, weekday: int | None, today: datetime.date) -> str | None:
    """The symbol of an explicit date, its year chosen by the weekday said with it, if any."""
    assert finding.day is not None
    if finding.month is None:
        target = _next_day_of_month(finding.day, today)
        if target is None or weekday not in (None, target.isoweekday()):
            return None  # "Thu 15th" when the coming 15th is a Friday: a slip, or a month away?
        return _calendar_symbol(target, today)
    if finding.year is not None:
        said = _date(finding.year, finding.month, finding.day)
        return None if said is None or weekday not in (None, said.isoweekday()) else said.isoformat()
    month_day = f"{finding.month:02d}-{finding.day:02d}"
    nominal = _resolve(month_day, today)
    if nominal is None or weekday is None:
        return month_day if nominal is not None else None
    if nominal[0].isoweekday() == weekday:
        return month_day
    # "Sunday, Feb 10" said on Tuesday Feb 12 is the Sunday just gone (the coming Feb 10 is a
    # Monday). Any other disagreement ("Tuesday, Dec 7" when the 7th is a Monday) is more
    # likely a slip than a date a year away.
    just_gone = _date(today.year, finding.month, finding.day)
    if just_gone is not None and just_gone.isoweekday() == weekday and 0 < (today - just_gone).days <= _JUST_GONE_DAYS:
        return just_gone.isoformat()
    return None


def _settle_time(
    scan: Scan, prefer_near: datetime.time | None, *, has_date: bool
) -> tuple[bool, str | None, PartOfDay | None]:
    parts = {finding.part for finding in scan.parts}
    if len(parts) > 1:
        return False, None, None
    part = next(iter(parts), None)
    if part == "midnight" and has_date:
        return False, None, None  # "Friday midnight": the night before Friday, or after it?
    if not scan.clocks:
        if part == "noon":
            return True, "12:00", None
        if part == "midnight":
            return True, "00:00", None
        return True, None, None if part is None else _VISIBLE_PARTS.get(part)
    times = {place(clock, part, prefer_near) for clock in scan.clocks}
    placed = times.pop() if len(times) == 1 else None
    if placed is None:
        return False, None, None
    return True, placed.strftime("%H:%M"), None


def _spans(scan: Scan) -> tuple[Span, ...]:
    spans = sorted(span for span, kind in scan.spans if kind != "other")
    merged: list[list[int]] = []
    for start, end in spans:
        lead = _LEADING_CONNECTOR.search(scan.text, 0, start)
        if lead is not None and (not merged or lead.start() >= merged[-1][1]):
            start = lead.start()
        if merged and _GLUE.fullmatch(scan.text, merged[-1][1], start):
            merged[-1][1] = end
        else:
            merged.append([start, end])
    return tuple((start, end) for start, end in merged)


def _next_day_of_month(day: int, today: datetime.date) -> datetime.date | None:
    """The next date (today included) that is the ``day``-th of its month."""
    for months_ahead in range(3):
        index = today.year * 12 + today.month - 1 + months_ahead
        candidate = _date(index // 12, index % 12 + 1, day)
        if candidate is not None and candidate >= today:
            return candidate
    return None


def _calendar_symbol(day: datetime.date, today: datetime.date) -> str:
    month_day = f"{day.month:02d}-{day.day:02d}"
    return month_day if _resolve(month_day, today) == [day] else day.isoformat()


def _resolve(symbol: str | None, today: datetime.date) -> list[datetime.date] | None:
    if symbol is None:
        return None
    try:
        return resolve(symbol, today)
    except InvalidExpression:
        return None


def _date(year: int, month: int, day: int) -> datetime.date | None:
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None
