"""The shared reading module: numbers, lengths, filler, and date phrases read whole or not at all."""

from __future__ import annotations

import datetime

import pytest

from assistant.reading import extract_when
from assistant.reading.durations import find_lengths
from assistant.reading.numbers import cn_int, number
from assistant.reading.text import is_filler

WEDNESDAY = datetime.date(2026, 12, 2)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("三", 3), ("十五", 15), ("二十", 20), ("廿五", 25), ("零五", 5), ("二零二六", 2026), ("两", 2),
        ("一百二十", 120), ("三十一", 31), ("15", 15),
        # Two numerals side by side mean "two or three", "three or four": not 23 or 34.
        ("两三", None), ("三四", None), ("十十", None), ("十二三", None), ("", None), ("五a", None),
    ],
)  # fmt: skip
def test_chinese_numerals(text: str, value: int | None) -> None:
    assert cn_int(text) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [("1.5", 1.5), ("two", 2.0), ("forty-five", 45.0), ("ninety", 90.0), ("十五", 15.0), ("an", 1.0), ("几", None)],
)
def test_numbers_in_any_spelling(text: str, value: float | None) -> None:
    assert number(text) == value


@pytest.mark.parametrize(
    ("text", "minutes", "kind"),
    [
        ("for 2 hours", 120, "length"), ("90 mins", 90, "length"), ("an hour and a half", 90, "length"),
        ("1.5h", 90, "length"), ("forty-five minutes", 45, "length"), ("半小时", 30, "length"),
        ("一个半小时", 90, "length"), ("两个钟头", 120, "length"), ("一刻钟", 15, "length"),
        ("an hour later", 60, "later"), ("push it back 30 minutes", 30, "later"), ("推迟一个小时", 60, "later"),
        ("提前半小时", 30, "earlier"), ("30 mins earlier", 30, "earlier"),
        ("in 2 hours", 120, "offset"), ("2 hours ago", 120, "offset"), ("两小时后", 120, "offset"),
        ("3小时内", 180, "offset"),
    ],
)  # fmt: skip
def test_lengths_say_what_they_are(text: str, minutes: int, kind: str) -> None:
    [length] = find_lengths(text)
    assert (length.minutes, length.kind) == (minutes, kind)


@pytest.mark.parametrize("text", ["15h", "a minute", "3 days", "at 3pm", "room 4", "两三个小时"])
def test_not_lengths(text: str) -> None:
    assert find_lengths(text) == []


@pytest.mark.parametrize("text", ["ok then", "那就…吧", "sure, works for me", "好的，可以", "", "  !!"])
def test_filler(text: str) -> None:
    assert is_filler(text)


@pytest.mark.parametrize("text", ["not", "before", "every", "past", "sounds", "lunch", "之前", "不行"])
def test_words_that_change_a_value_are_not_filler(text: str) -> None:
    assert not is_filler(text)


# --- date phrases: read whole, or declined ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # A word beside the phrase that changes it: reading the rest would be wrong, not partial.
        "past friday", "the following friday", "following monday", "the friday after", "friday before",
        "before friday", "after friday", "by friday", "until friday", "from friday", "tomorrow early",
        "late tomorrow", "later today", "earlier today", "first thing monday", "tomorrow eod",
        "mid-afternoon friday", "3 on friday", "Wednesday 15",  # the 15th is a Tuesday
        "周三之前", "三点以后", "3点后", "周五起", "从周五开始", "差一刻八点", "八点差五分", "周五15号",
        # Addresses, rooms, floors and lines are not dates.
        "7th street", "at 7th and main", "on the 3rd floor", "the 2nd one", "7号楼", "3号线", "人民路7号",
        "5号房间",
    ],
)  # fmt: skip
def test_a_phrase_read_in_part_is_declined(text: str) -> None:
    assert extract_when(text, today=WEDNESDAY) is None, text


@pytest.mark.parametrize(
    ("text", "date", "time"),
    [
        ("this past Wednesday", "W3-1", None),  # said on a Wednesday: last week's, never today
        ("this past tuesday", "W2", None), ("this past friday", "W5-1", None),
        ("Monday 14", "12-14", None), ("mon the 14th at 3", "12-14", "15:00"), ("Wed, 16", "12-16", None),
        ("周一14号", "12-14", None), ("周一 14日", "12-14", None), ("14日下午三点", "12-14", "15:00"),
        ("2026-12-15T15:00", "2026-12-15", "15:00"), ("2morrow at 5", "D+1", "17:00"),
        ("December 4th, 2027", "2027-12-04", None), ("二〇二七年一月三日", "2027-01-03", None),
        ("the 15th at 4pm", "12-15", "16:00"), ("Friday the 4th", "12-04", None),
        ("341 7th Street at 08:45", None, "08:45"),  # the time only: 7th Street is no day
    ],
)  # fmt: skip
def test_whole_phrases_are_read(text: str, date: str | None, time: str | None) -> None:
    match = extract_when(text, today=WEDNESDAY)
    assert match is not None, text
    assert (match.date, match.time) == (date, time)


def test_a_day_with_the_wrong_weekday_is_not_guessed() -> None:
    # The coming 13th is a Sunday: "Fri 13" is a slip, or a month away; "Fri 13th" the same.
    assert extract_when("Fri 13", today=WEDNESDAY) is None
    assert extract_when("friday 13th", today=WEDNESDAY) is None
    # A small number next to a weekday stays a clock time ("Friday 3" is 3pm on Friday).
    match = extract_when("Friday 3", today=WEDNESDAY)
    assert match is not None and (match.date, match.time) == ("W5", "15:00")


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("yoga every wednesday in march at 7pm", [("2027-03-01", "2027-03-31", False)]),
        ("三月份每周三晚上七点瑜伽", [("2027-03-01", "2027-03-31", False)]),
        ("piano every other friday until end of february", [("2027-02-01", "2027-02-28", True)]),
        ("每周一到三月底", [("2027-03-01", "2027-03-31", True)]),
        ("during december", [("2026-12-01", "2026-12-31", False)]),  # this month, while it lasts
        ("I may go in a bit", []),  # a verb, not May
        ("3月14号是妈妈生日", []),  # a date, not a month
    ],
)
def test_months_named_alone(text: str, months: list[tuple[str, str, bool]]) -> None:
    from assistant.reading.calendar_dates import named_months

    found = named_months(text, datetime.date(2026, 12, 7))
    assert [(first.isoformat(), last.isoformat(), end) for first, last, end in found] == months


@pytest.mark.parametrize(
    ("text", "date"), [("cancel next monday's yoga", "W1+1"), ("move friday's dentist", "W5"), ("tomorrow's standup", "D+1")]
)
def test_a_days_possessive_names_the_day(text: str, date: str) -> None:
    match = extract_when(text, today=datetime.date(2026, 12, 7))
    assert match is not None and match.date == date


@pytest.mark.parametrize(
    ("text", "date"),
    [("meeting with jack on ten march", "03-10"), ("a notification for sixth march at 11am", "03-06"), ("ten may be late", None),
     ("帮我看看明天的日程", "D+1"), ("后天日历上有什么", "D+2"), ("明年12月25日", "2027-12-25"), ("今年12月9号", "2026-12-09"),
     ("anything on christmas eve?", "12-24"), ("平安夜晚上八点", "12-24"), ("christmas party friday at 7pm", "W5"),
     ("圣诞节聚餐", None)],
)  # fmt: skip
def test_a_day_spelt_before_its_month(text: str, date: str | None) -> None:
    match = extract_when(text, today=datetime.date(2026, 12, 7))
    assert (match.date if match else None) == date
