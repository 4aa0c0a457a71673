"""The canonical date symbols: every weekday as today, boundaries, leap years, bad input."""

from __future__ import annotations

import datetime
import re

import pytest

from scheduling import symbols
from scheduling.symbols import InvalidExpression, parse_time, resolve

D = datetime.date

# One full ISO week (Mon 2026-11-30 .. Sun 2026-12-06) so every weekday is "today" once.
WEEK = [D(2026, 11, 30) + datetime.timedelta(days=i) for i in range(7)]


@pytest.mark.parametrize("today", WEEK, ids=lambda d: d.strftime("%a"))
def test_weekday_symbols_stay_in_the_current_iso_week(today: datetime.date) -> None:
    monday = D(2026, 11, 30)
    for weekday in range(1, 8):
        assert resolve(f"W{weekday}", today) == [monday + datetime.timedelta(days=weekday - 1)]
        assert resolve(f"W{weekday}+1", today) == [monday + datetime.timedelta(days=weekday + 6)]
        assert resolve(f"W{weekday}-1", today) == [monday + datetime.timedelta(days=weekday - 8)]


@pytest.mark.parametrize("today", WEEK, ids=lambda d: d.strftime("%a"))
def test_weekend_gives_saturday_and_sunday_of_the_current_week(today: datetime.date) -> None:
    assert resolve("WE", today) == [D(2026, 12, 5), D(2026, 12, 6)]
    assert resolve("WE+1", today) == [D(2026, 12, 12), D(2026, 12, 13)]
    assert resolve("WE+0", today) == resolve("WE", today)


@pytest.mark.parametrize("today", WEEK, ids=lambda d: d.strftime("%a"))
def test_day_offsets(today: datetime.date) -> None:
    assert resolve("D+0", today) == [today]
    assert resolve("D-0", today) == [today]
    assert resolve("D+1", today) == [today + datetime.timedelta(days=1)]
    assert resolve("D-1", today) == [today - datetime.timedelta(days=1)]
    assert resolve("D+3660", today) == [today + datetime.timedelta(days=3660)]
    assert resolve("D-3660", today) == [today - datetime.timedelta(days=3660)]


def test_week_offsets_cross_year_boundaries() -> None:
    today = D(2026, 12, 31)  # Thursday, ISO week 53 of 2026
    assert resolve("W1+1", today) == [D(2027, 1, 4)]
    assert resolve("W4", today) == [D(2026, 12, 31)]
    assert resolve("W5", today) == [D(2027, 1, 1)]
    assert resolve("WE", today) == [D(2027, 1, 2), D(2027, 1, 3)]
    assert resolve("D+1", today) == [D(2027, 1, 1)]
    # Sunday is the last day of an ISO week: "W1" on a Sunday is six days back, not tomorrow.
    assert resolve("W1", D(2027, 1, 3)) == [D(2026, 12, 28)]


def test_week_offset_bounds() -> None:
    today = D(2026, 12, 2)
    assert resolve("W3+520", today) == [D(2026, 12, 2) + datetime.timedelta(weeks=520)]
    assert resolve("W3-520", today) == [D(2026, 12, 2) - datetime.timedelta(weeks=520)]
    assert resolve("WE+520", today)[0] == D(2026, 12, 5) + datetime.timedelta(weeks=520)
    for bad in ("W3+521", "W3-521", "WE+521", "W1+999"):
        with pytest.raises(InvalidExpression, match="week offset"):
            resolve(bad, today)


def test_month_day_is_the_next_occurrence_on_or_after_today() -> None:
    today = D(2026, 11, 29)
    assert resolve("11-29", today) == [D(2026, 11, 29)]
    assert resolve("12-25", today) == [D(2026, 12, 25)]
    assert resolve("03-14", today) == [D(2027, 3, 14)]
    assert resolve("11-28", today) == [D(2027, 11, 28)]
    assert resolve("01-01", D(2026, 12, 31)) == [D(2027, 1, 1)]


def test_leap_years() -> None:
    assert resolve("2028-02-29", D(2026, 11, 29)) == [D(2028, 2, 29)]
    assert resolve("2000-02-29", D(2026, 11, 29)) == [D(2000, 2, 29)]
    assert resolve("02-29", D(2028, 1, 10)) == [D(2028, 2, 29)]
    # After 29 Feb 2028 the next "02-29" falls in 2029, which has none.
    with pytest.raises(InvalidExpression, match="not a calendar date"):
        resolve("02-29", D(2028, 3, 1))
    with pytest.raises(InvalidExpression, match="not a calendar date"):
        resolve("02-29", D(2026, 11, 29))
    for not_leap in ("2025-02-29", "2100-02-29", "1900-02-29"):
        with pytest.raises(InvalidExpression):
            resolve(not_leap, D(2026, 11, 29))
    # Leap day arithmetic through D and W offsets.
    assert resolve("D+1", D(2028, 2, 28)) == [D(2028, 2, 29)]
    assert resolve("D+1", D(2027, 2, 28)) == [D(2027, 3, 1)]
    assert resolve("W2", D(2028, 2, 29)) == [D(2028, 2, 29)]


def test_explicit_dates() -> None:
    today = D(2026, 11, 29)
    assert resolve("2026-12-05", today) == [D(2026, 12, 5)]
    assert resolve("2025-01-01", today) == [D(2025, 1, 1)]


@pytest.mark.parametrize(
    "bad",
    [
        "D+99999",
        "D+3661",
        "D-3661",
        "D+",
        "D1",
        "D+1.5",
        "W0",
        "W8",
        "W9",
        "W",
        "W1+",
        "WE-1",
        "WE-0",
        "WE1",
        "13-01",
        "00-10",
        "02-30",
        "04-31",
        "12-00",
        "2025-02-29",
        "2026-13-01",
        "0999-01-01",
        "3000-01-01",
        "1-1",
        "2026-1-1",
        "tomorrow",
        "明天",
        "",
        " ",
        "\t",
        " D+1",
        "D+1 ",
        "D+1\n",
        "d+1",
        "w1",
        "we",
        "Ｄ＋１",
        "D+１",
        "W１",
        "１２-２５",
        "D+٣",
        "x" * 10_000,
        "D+1" * 1000,
        "2026-12-05T10:00",
        "D+1;DROP TABLE",
        "D+1|W2",
    ],
)
def test_bad_expressions_raise_a_clear_error(bad: str) -> None:
    with pytest.raises(InvalidExpression) as caught:
        resolve(bad, D(2026, 11, 29))
    assert caught.value.reason
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("bad", [None, 3, 1.5, b"D+1", ["D+1"], {"D": 1}])
def test_non_strings_are_invalid_expressions(bad: object) -> None:
    with pytest.raises(InvalidExpression):
        resolve(bad, D(2026, 11, 29))  # type: ignore[arg-type]


def test_today_must_be_a_date_not_a_datetime() -> None:
    with pytest.raises(TypeError):
        resolve("D+1", datetime.datetime(2026, 11, 29, 12, 0))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("00:00", datetime.time(0, 0)),
        ("09:05", datetime.time(9, 5)),
        ("23:59", datetime.time(23, 59)),
        ("12:30", datetime.time(12, 30)),
    ],
)
def test_parse_time(text: str, expected: datetime.time) -> None:
    assert parse_time(text) == expected


@pytest.mark.parametrize(
    "bad",
    [
        "24:00",
        "23:60",
        "9:05",
        "09:5",
        "0905",
        "09-05",
        "3pm",
        "",
        " 09:05",
        "09:05\n",
        "１２:００",
        "25:00",
        "-1:00",
        None,
        905,
    ],
)
def test_bad_times(bad: object) -> None:
    with pytest.raises(InvalidExpression):
        parse_time(bad)  # type: ignore[arg-type]


def test_exported_patterns_agree_with_the_resolver() -> None:
    """The tool schemas use these patterns: whatever they admit, the resolver reads (and vice versa)."""
    pattern = re.compile(symbols.DATE_EXPRESSION_PATTERN)
    samples = ["D+1", "D-12", "W3", "W7+2", "W1-1", "WE", "WE+3", "12-25", "2027-01-01", "WE-1", "W8", "D1", "13-01"]
    for sample in samples:
        admitted = bool(pattern.fullmatch(sample))
        assert admitted == symbols.is_date_expression(sample)
    time_pattern = re.compile(symbols.TIME_PATTERN)
    assert time_pattern.fullmatch("23:59") and not time_pattern.fullmatch("24:00")
    # No \d anywhere: in Python it would admit full-width and other Unicode digits.
    assert "\\d" not in symbols.DATE_EXPRESSION_PATTERN and "\\d" not in symbols.TIME_PATTERN


def test_every_result_is_near_today() -> None:
    """Bounded offsets: nothing a valid symbol says lands more than about ten years away."""
    today = D(2026, 11, 29)
    for expression in ["D+3660", "D-3660", "W7+520", "W1-520", "WE+520", "11-28"]:
        for day in resolve(expression, today):
            assert abs((day - today).days) <= 3660 + 7
