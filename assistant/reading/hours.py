"""Placing a clock time on the 24-hour dial: am/pm, parts of day, and the nearest reading; and clock
arithmetic on "HH:mm" within one day (``shift_clock``).

The product's rules, in order:

1. an explicit am/pm decides ("3pm" 15:00, "12am" 00:00);
2. a part of day decides ("下午三点" 15:00, "8 tonight" 20:00); a time the part cannot hold
   is not guessed at: "tonight at 2" and "晚上12点" mean the small hours of the NEXT day, and
   "this afternoon at 11" is ill-formed, so they come back as ``None`` for the model to ask;
3. a 24-hour reading needs no choice ("15:00", "09:30", "0点");
4. otherwise, with ``prefer_near`` (say, the time of the appointment being changed), the
   closer of h:mm and h+12:mm, never 1-5 in the small hours unless that time is (a tie falls back to the next rule); without it, 1-7 o'clock
   is afternoon or evening (13-19) and 8-11 is morning. 12 is noon either way: its other
   reading, 00:00, starts another day.
"""

from __future__ import annotations

import datetime
import re
from typing import Final

from assistant.reading.scan import ClockFinding, Part

MINUTES_PER_DAY: Final = 24 * 60
LAST_PM_BY_DEFAULT: Final = 7
# A bare 6, 7 or 8 is as often morning as evening: a write at one is asked about, never guessed.
EITHER_HALF: Final = frozenset({6, 7, 8, 18, 19, 20})
# Where a bare hour said for a part of the day belongs ("a meeting tonight" … "at 7").
PART_NEAR: Final = {"morning": datetime.time(9), "afternoon": datetime.time(15), "evening": datetime.time(19)}

# The 24-hour hours each part of day can hold.
_PART_HOURS: Final[dict[Part, range]] = {
    "morning": range(12),
    "early": range(7),
    "am": range(12),
    "noon": range(11, 14),
    "afternoon": range(12, 20),
    "pm": range(12, 24),
    "evening": range(17, 24),
    "midnight": range(1),
}


def place(clock: ClockFinding, part: Part | None, prefer_near: datetime.time | None) -> datetime.time | None:
    hour: int | None = clock.hour
    if clock.meridiem == "am":
        hour = None if not 1 <= clock.hour <= 12 else clock.hour % 12
    elif clock.meridiem == "pm":
        hour = clock.hour + 12 if 1 <= clock.hour <= 11 else clock.hour if 12 <= clock.hour <= 23 else None
    elif not clock.fixed and 1 <= clock.hour <= 12 and part is not None:
        hour = _in_part(clock.hour, part)
    elif not clock.fixed and 1 <= clock.hour <= 11:
        hour = _nearest(clock.hour, clock.minute, prefer_near)
    if hour is None:
        return None
    minutes = hour * 60 + clock.minute + clock.shift
    if not 0 <= minutes < MINUTES_PER_DAY:
        return None
    if part is not None and minutes // 60 not in _PART_HOURS[part]:
        return None
    return datetime.time(minutes // 60, minutes % 60)


def _in_part(hour: int, part: Part) -> int | None:
    """An hour said on a 12-hour dial (1-12) inside a part of day, or None if it cannot be there."""
    if part in ("morning", "am", "early"):
        if hour == 12:
            return 0 if part == "am" else None  # "this morning at 12": midnight or noon?
        return hour if part != "early" or hour <= 6 else None
    if part == "noon":
        return {11: 11, 12: 12, 1: 13}.get(hour)
    if part in ("afternoon", "pm"):
        return 12 if hour == 12 else hour + 12 if part == "pm" or hour <= LAST_PM_BY_DEFAULT else None
    if part == "evening":
        return hour + 12 if 5 <= hour <= 11 else None
    return 0 if hour == 12 else None  # midnight


def _nearest(hour: int, minute: int, prefer_near: datetime.time | None) -> int:
    default = hour + 12 if hour <= LAST_PM_BY_DEFAULT else hour
    if prefer_near is None:
        return default
    target = prefer_near.hour * 60 + prefer_near.minute
    morning = abs(hour * 60 + minute - target)
    evening = abs((hour + 12) * 60 + minute - target)
    if morning == evening:
        return default
    return hour if morning < evening and (hour >= 6 or prefer_near.hour < 6) else hour + 12  # never the small hours by nearness


def shift_clock(start: str, minutes: int) -> str | None:
    """``start`` ("HH:mm") moved by ``minutes``; None when unknown or past midnight (ask, don't guess the day)."""
    if not re.fullmatch(r"\d{2}:\d{2}", start):
        return None
    total = datetime.timedelta(hours=int(start[:2]), minutes=int(start[3:]) + minutes)
    return f"{total // datetime.timedelta(hours=1):02d}:{total.seconds // 60 % 60:02d}" if total.days == 0 else None
