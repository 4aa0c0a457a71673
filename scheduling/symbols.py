"""Canonical date symbols: the model writes them, this module turns them into dates.

Grammar (the same regular expressions constrain the tools' JSON Schemas):

=================  =====================================================================
``D+n`` / ``D-n``  today plus or minus n days (``D+0`` is today); ``0 <= n <= 3660``
``Wd``             weekday d (1 = Monday ... 7 = Sunday) of the current ISO week
``Wd+k`` ``Wd-k``  the same weekday moved k weeks; ``0 <= k <= 520``
``WE`` ``WE+k``    Saturday and Sunday of the current ISO week, moved k weeks forward;
                   two candidates on purpose; ``0 <= k <= 520``. There is no ``WE-k``:
                   a past weekend is never something to schedule, and a query over the
                   past uses ``D-n``.
``MM-DD``          the next such calendar date on or after today (this year if it has not
                   passed, otherwise next year); ``02-29`` only when that year is a leap year
``YYYY-MM-DD``     that calendar date; years 1900-2999
``HH:mm``          a 24-hour clock time, ``00:00``-``23:59`` (see :func:`parse_time`)
=================  =====================================================================

Only ASCII digits are accepted (the patterns spell ``[0-9]``, never ``\\d``, which would
also match full-width digits). Anything else raises :class:`InvalidExpression` with a
message that says why; the resolver never returns a wrong date and never crashes on input.
"""

from __future__ import annotations

import datetime
import re
from typing import Final

MAX_DAY_OFFSET: Final = 3660
MAX_WEEK_OFFSET: Final = 520
MAX_EXPRESSION_LENGTH: Final = 16

# Exported for the tools' JSON Schemas: ECMA-262 and Python ``re`` read them the same way.
DATE_EXPRESSION_PATTERN: Final = (
    r"^(?:D[+-][0-9]{1,4}|W[1-7](?:[+-][0-9]{1,3})?|WE(?:\+[0-9]{1,3})?|(?:[0-9]{4}-)?[0-9]{2}-[0-9]{2})$"
)
TIME_PATTERN: Final = r"^(?:[01][0-9]|2[0-3]):[0-5][0-9]$"

_DATE_EXPRESSION = re.compile(DATE_EXPRESSION_PATTERN)
_TIME = re.compile(TIME_PATTERN)
_DAY_OFFSET = re.compile(r"^D([+-])([0-9]{1,4})$")
_WEEKDAY = re.compile(r"^W([1-7])(?:([+-])([0-9]{1,3}))?$")
_WEEKEND = re.compile(r"^WE(?:\+([0-9]{1,3}))?$")
_CALENDAR_DATE = re.compile(r"^(?:([0-9]{4})-)?([0-9]{2})-([0-9]{2})$")


class InvalidExpression(ValueError):
    """A date or time expression that is not in the canonical grammar."""

    def __init__(self, expression: object, reason: str) -> None:
        self.expression = expression
        self.reason = reason
        super().__init__(f"invalid expression {_shorten(expression)}: {reason}")


def resolve(expression: str, today: datetime.date) -> list[datetime.date]:
    """Turn a canonical date symbol into its date(s), relative to ``today`` (the person's date).

    Returns one date, or two for a weekend (Saturday, Sunday). Offsets are bounded:
    ``|n| <= 3660`` days and ``k <= 520`` weeks, so a result is always a real date near today.
    """
    if not isinstance(expression, str):
        raise InvalidExpression(expression, "a date expression must be a string")
    if not isinstance(today, datetime.date) or isinstance(today, datetime.datetime):
        raise TypeError("today must be a datetime.date")
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise InvalidExpression(expression, f"longer than {MAX_EXPRESSION_LENGTH} characters")
    if not _DATE_EXPRESSION.fullmatch(expression):
        raise InvalidExpression(expression, "expected D±n, Wd, Wd±k, WE, WE+k, MM-DD or YYYY-MM-DD (ASCII digits)")

    if match := _DAY_OFFSET.fullmatch(expression):
        sign, digits = match.groups()
        days = int(digits)
        if days > MAX_DAY_OFFSET:
            raise InvalidExpression(expression, f"day offset beyond {MAX_DAY_OFFSET}")
        return [today + datetime.timedelta(days=days if sign == "+" else -days)]

    if match := _WEEKDAY.fullmatch(expression):
        weekday, sign, digits = match.groups()
        weeks = _week_offset(expression, sign, digits)
        monday = today - datetime.timedelta(days=today.isoweekday() - 1)
        return [monday + datetime.timedelta(weeks=weeks, days=int(weekday) - 1)]

    if match := _WEEKEND.fullmatch(expression):
        weeks = _week_offset(expression, "+", match.group(1))
        saturday = today + datetime.timedelta(days=6 - today.isoweekday(), weeks=weeks)
        return [saturday, saturday + datetime.timedelta(days=1)]

    match = _CALENDAR_DATE.fullmatch(expression)
    if match is None:  # pragma: no cover - the grammar above admits nothing else
        raise InvalidExpression(expression, "not a date expression")
    year_text, month_text, day_text = match.groups()
    month, day = int(month_text), int(day_text)
    if year_text is not None:
        year = int(year_text)
        if not 1900 <= year <= 2999:
            raise InvalidExpression(expression, "year outside 1900-2999")
        return [_calendar_date(expression, year, month, day)]
    _calendar_date(expression, 2000, month, day)  # a leap year: rejects 13-01, 02-30, 04-31
    year = today.year if (month, day) >= (today.month, today.day) else today.year + 1
    return [_calendar_date(expression, year, month, day)]


def parse_time(expression: str) -> datetime.time:
    """Parse a 24-hour ``HH:mm`` time (``00:00``-``23:59``); ``24:00`` is not a time."""
    if not isinstance(expression, str):
        raise InvalidExpression(expression, "a time must be a string")
    if len(expression) != 5 or not _TIME.fullmatch(expression):
        raise InvalidExpression(expression, "expected a 24-hour time HH:mm between 00:00 and 23:59")
    return datetime.time(int(expression[:2]), int(expression[3:]))


def is_date_expression(expression: object) -> bool:
    return (
        isinstance(expression, str)
        and len(expression) <= MAX_EXPRESSION_LENGTH
        and bool(_DATE_EXPRESSION.fullmatch(expression))
    )


def date_to_expression(day: datetime.date) -> str:
    """The explicit symbol for a date (used when code, not the model, picks a day)."""
    return day.isoformat()


def _week_offset(expression: str, sign: str | None, digits: str | None) -> int:
    if digits is None:
        return 0
    weeks = int(digits)
    if weeks > MAX_WEEK_OFFSET:
        raise InvalidExpression(expression, f"week offset beyond {MAX_WEEK_OFFSET}")
    return weeks if sign == "+" else -weeks


def _calendar_date(expression: str, year: int, month: int, day: int) -> datetime.date:
    try:
        return datetime.date(year, month, day)
    except ValueError as error:
        raise InvalidExpression(expression, f"not a calendar date ({error})") from None


def _shorten(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
