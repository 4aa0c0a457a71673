"""dateparser, as the last resort for a month-name date our patterns do not know ("Dec-05", "5.dec").

Only a short candidate (a month name and the numbers right next to it) is ever given to
dateparser, never the sentence, and its answer is kept only if it agrees with what the
candidate plainly says: the month named, the one day-sized number, the four-digit year if
any. dateparser fills what is missing from "today" ("December" alone becomes December the
12th), and that is exactly the guess the fast path must not make. It is imported on first use:
loading its language data takes a quarter of a second that most replies never need.
"""

from __future__ import annotations

import datetime
import re
from typing import Any, Final

from assistant.reading.calendar_dates import MONTH_NAME, MONTHS, RANK_CALENDAR
from assistant.reading.scan import DateFinding, Scan

_NUMBER: Final = r"[0-9]{1,4}(?:st|nd|rd|th)?"
_CANDIDATE = re.compile(
    rf"(?<![0-9a-z])(?:{_NUMBER}[\s,./-]{{0,2}})?(?P<mon>{MONTH_NAME})(?:[\s,./-]{{0,2}}{_NUMBER}(?![0-9a-z:])){{0,2}}"
)
_DIGITS = re.compile(r"[0-9]+")


def find_month_name_dates(scan: Scan) -> None:
    for match in _CANDIDATE.finditer(scan.masked):
        if match["mon"].rstrip(".") in ("may", "march", "mar"):
            continue  # "4 may be fine": the patterns already judged these, and they are verbs too
        numbers = [int(digits) for digits in _DIGITS.findall(match.group())]
        days = [n for n in numbers if 1 <= n <= 31]
        years = [n for n in numbers if 1900 <= n <= 2999]
        if len(days) != 1 or len(days) + len(years) != len(numbers):
            continue  # "Dec" alone, "Dec 5 10", "31-Oct-74": not for a guess
        parsed = _dateparser(match.group(), scan.today)
        month = MONTHS[match["mon"].rstrip(".")]
        year = years[0] if years else None
        if parsed is None or (parsed.month, parsed.day) != (month, days[0]) or year not in (None, parsed.year):
            continue
        scan.add_date(match, DateFinding(match.span(), RANK_CALENDAR, year=year, month=month, day=days[0]))


def _dateparser(candidate: str, today: datetime.date) -> datetime.datetime | None:
    import dateparser  # lazy on purpose, see the module docstring

    settings: Any = {
        "PREFER_DATES_FROM": "future",
        "RELATIVE_BASE": datetime.datetime.combine(today, datetime.time(12, 0)),
        "RETURN_AS_TIMEZONE_AWARE": False,
    }
    try:
        return dateparser.parse(candidate, languages=["en", "zh"], settings=settings)
    except (ValueError, TypeError, OverflowError, LookupError):
        return None  # a third-party parser on people's text: step aside, never crash the turn
