"""extract_when: the product's conventions for short date/time replies, in English and Chinese."""

from __future__ import annotations

import datetime
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.reading import WhenMatch, extract_when
from assistant.reading import fallback as dateparser_fallback
from scheduling.symbols import resolve

D = datetime.date
T = datetime.time

# One ISO week, Monday 2026-11-30 ... Sunday 2026-12-06, so that every weekday is "today" once.
WEEK = [D(2026, 11, 30) + datetime.timedelta(days=i) for i in range(7)]
WEDNESDAY = D(2026, 12, 2)
EN_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
ZH_DAYS = ["一", "二", "三", "四", "五", "六", "日"]


def read(text: str, today: datetime.date = WEDNESDAY, prefer_near: datetime.time | None = None) -> WhenMatch:
    match = extract_when(text, today=today, prefer_near=prefer_near)
    assert match is not None, f"{text!r} was not read"
    return match


def days_of(match: WhenMatch, today: datetime.date) -> list[datetime.date]:
    assert match.date is not None
    return resolve(match.date, today)


def next_occurrence(today: datetime.date, weekday: int) -> datetime.date:
    """The next such weekday strictly after today: an oracle independent of the symbols."""
    return today + datetime.timedelta(days=(weekday - today.isoweekday() - 1) % 7 + 1)


def monday_of(today: datetime.date) -> datetime.date:
    return today - datetime.timedelta(days=today.isoweekday() - 1)


# --------------------------------------------------------------------------- relative days


@pytest.mark.parametrize(
    ("text", "symbol"),
    [
        ("today", "D+0"), ("今天", "D+0"), ("今日", "D+0"),
        ("tomorrow", "D+1"), ("明天", "D+1"), ("明日", "D+1"), ("tmrw", "D+1"), ("聽日", "D+1"),
        ("the day after tomorrow", "D+2"), ("后天", "D+2"), ("後天", "D+2"), ("大后天", "D+3"), ("大後天", "D+3"),
        ("yesterday", "D-1"), ("昨天", "D-1"), ("尋日", "D-1"), ("前天", "D-2"), ("the day before yesterday", "D-2"),
        ("in 3 days", "D+3"), ("3 days from now", "D+3"), ("3天后", "D+3"), ("三天后", "D+3"), ("三天之後", "D+3"),
        ("in a week", "D+7"), ("两周后", "D+14"), ("2 days ago", "D-2"), ("两天前", "D-2"),
    ],
)  # fmt: skip
def test_relative_days(text: str, symbol: str) -> None:
    match = read(text)
    assert (match.date, match.time, match.part_of_day) == (symbol, None, None)
    assert match.residue(text) == ""


# --------------------------------------------------------------------------- weekdays


@pytest.mark.parametrize("today", WEEK, ids=lambda day: day.strftime("%a"))
@pytest.mark.parametrize("weekday", range(1, 8))
def test_a_bare_weekday_is_its_next_occurrence_and_next_weeks_on_that_day(today: datetime.date, weekday: int) -> None:
    expected_symbol = f"W{weekday}" if weekday > today.isoweekday() else f"W{weekday}+1"
    for text in (EN_DAYS[weekday - 1], EN_DAYS[weekday - 1][:3].title(), f"周{ZH_DAYS[weekday - 1]}",
                 f"星期{ZH_DAYS[weekday - 1]}", f"礼拜{ZH_DAYS[weekday - 1]}", f"禮拜{ZH_DAYS[weekday - 1]}"):  # fmt: skip
        match = read(text, today)
        assert match.date == expected_symbol, text
        assert days_of(match, today) == [next_occurrence(today, weekday)], text


def test_friday_said_on_friday_wednesday_and_saturday() -> None:
    assert read("Friday", D(2026, 12, 4)).date == "W5+1"
    assert read("Friday", D(2026, 12, 2)).date == "W5"
    assert read("Friday", D(2026, 12, 5)).date == "W5+1"
    assert read("星期天", D(2026, 12, 6)).date == "W7+1"  # Sunday said on a Sunday: a week away


@pytest.mark.parametrize("today", WEEK, ids=lambda day: day.strftime("%a"))
def test_next_and_this_weekday_are_fixed_weeks(today: datetime.date) -> None:
    following_monday = monday_of(today) + datetime.timedelta(weeks=1)
    for text in ("next friday", "next Fri", "friday next week", "friday of next week", "下周五", "下週五",
                 "下个星期五", "下礼拜五", "下禮拜五", "下星期五"):  # fmt: skip
        match = read(text, today)
        assert match.date == "W5+1", text
        assert days_of(match, today) == [following_monday + datetime.timedelta(days=4)], text
    for text in ("下下周五", "下下个星期五"):
        assert read(text, today).date == "W5+2", text
    for text in ("this monday", "monday this week", "这周一", "這週一", "本周一", "这个星期一", "今個星期一"):
        match = read(text, today)
        assert match.date == "W1", text  # this week's Monday, even when it has passed
        assert days_of(match, today) == [monday_of(today)], text
    assert read("上周日", today).date == "W7-1"
    assert read("last week's sunday", today).date == "W7-1"


def test_last_weekday_is_read_only_when_it_cannot_mean_two_days() -> None:
    # Said on a Wednesday: last Friday / last Wednesday can only be last week's...
    assert read("last friday").date == "W5-1"
    assert read("last wednesday").date == "W3-1"
    # ...but "last Monday" is this week's Monday to some people, and the week before's to others.
    assert extract_when("last monday", today=WEDNESDAY) is None


def test_a_weekday_checks_the_date_said_with_it() -> None:
    assert read("Monday, Dec 7").date == "12-07"  # 2026-12-07 is a Monday
    assert extract_when("Tuesday, Dec 7", today=WEDNESDAY) is None  # a slip: to the model, not a year on
    assert read("Sunday, Nov 29").date == "2026-11-29"  # the Sunday just gone
    assert extract_when("Monday, Mar 2", today=WEDNESDAY) is None  # 2026-03-02 was a Monday, months ago
    assert read("Tuesday the 8th").date == "12-08"
    assert extract_when("Wednesday the 8th", today=WEDNESDAY) is None
    assert read("周一, 12月7号").date == "12-07"


# --------------------------------------------------------------------------- weekends


@pytest.mark.parametrize("today", WEEK, ids=lambda day: day.strftime("%a"))
def test_weekends(today: datetime.date) -> None:
    saturday = monday_of(today) + datetime.timedelta(days=5)
    for text in (
        "this weekend",
        "weekend",
        "the weekend",
        "on the weekend",
        "周末",
        "这周末",
        "這週末",
        "这个周末",
        "本周末",
    ):
        match = read(text, today)
        assert match.date == "WE", text
        assert days_of(match, today) == [saturday, saturday + datetime.timedelta(days=1)], text
    for text in ("next weekend", "下周末", "下个周末", "下個週末"):
        assert read(text, today).date == "WE+1", text
    for text in ("last weekend", "this past weekend", "上周末", "上个周末", "weekends", "the last weekend of May"):
        assert extract_when(text, today=today) is None, text


def test_a_day_inside_the_weekend_names_the_day() -> None:
    assert read("this weekend, saturday").date == "W6"
    assert extract_when("this weekend, monday", today=WEDNESDAY) is None


# --------------------------------------------------------------------------- calendar dates


@pytest.mark.parametrize(
    ("text", "symbol"),
    [
        ("December 5", "12-05"), ("5th of December", "12-05"), ("Dec 5th", "12-05"), ("the 5th of dec", "12-05"),
        ("12月5日", "12-05"), ("12月5号", "12-05"), ("十二月五号", "12-05"), ("十二月五號", "12-05"),
        ("12/25", "12-25"), ("25/12", "12-25"), ("Dec 25", "12-25"),
        ("5 Dec 2026", "2026-12-05"), ("2026-12-05", "2026-12-05"), ("December 5, 2026", "2026-12-05"),
        ("2026年12月5日", "2026-12-05"), ("二零二六年十二月五日", "2026-12-05"), ("10/31/74", "1974-10-31"),
        ("the 15th", "12-15"), ("on the 3rd", "12-03"), ("20号", "12-20"),
        ("下个月3号", "2027-01-03"), ("the 20th of next month", "2027-01-20"), ("这个月30号", "2026-12-30"),
    ],
)  # fmt: skip
def test_calendar_dates(text: str, symbol: str) -> None:
    match = read(text)
    assert match.date == symbol
    assert match.residue(text) == ""


def test_a_month_and_day_is_the_next_such_date() -> None:
    # Said on 2026-12-02: November 30 has passed this year, so it is next year's (the symbols' rule).
    assert days_of(read("Nov 30"), WEDNESDAY) == [D(2027, 11, 30)]
    assert days_of(read("the 1st"), WEDNESDAY) == [D(2027, 1, 1)]
    assert read("12月2日").date == "12-02"  # today is still ahead of "the next such date"


def test_numeric_dates_that_read_two_ways_are_left_to_the_model() -> None:
    for text in ("3/4", "12/5", "2-15", "3/4 at 3pm"):
        assert extract_when(text, today=WEDNESDAY) is None, text


def test_year_boundaries() -> None:
    new_years_eve = D(2026, 12, 31)  # a Thursday
    assert days_of(read("friday", new_years_eve), new_years_eve) == [D(2027, 1, 1)]
    assert days_of(read("next monday", new_years_eve), new_years_eve) == [D(2027, 1, 4)]
    assert days_of(read("明天", new_years_eve), new_years_eve) == [D(2027, 1, 1)]
    assert days_of(read("Jan 1", new_years_eve), new_years_eve) == [D(2027, 1, 1)]
    assert days_of(read("下周末", new_years_eve), new_years_eve) == [D(2027, 1, 9), D(2027, 1, 10)]
    sunday = D(2027, 1, 3)
    assert days_of(read("monday", sunday), sunday) == [D(2027, 1, 4)]
    assert days_of(read("weekend", sunday), sunday) == [D(2027, 1, 2), D(2027, 1, 3)]  # WE: this ISO week's
    assert days_of(read("上周日", sunday), sunday) == [D(2026, 12, 27)]


def test_month_name_shapes_the_patterns_do_not_know_go_through_dateparser(monkeypatch: pytest.MonkeyPatch) -> None:
    assert read("Dec-05").date == "12-05"
    assert read("5.dec").date == "12-05"
    monkeypatch.setattr(dateparser_fallback, "_dateparser", lambda candidate, today: None)
    assert extract_when("Dec-05", today=WEDNESDAY) is None


def test_dateparser_is_never_asked_to_guess() -> None:
    # dateparser would fill the missing day from today ("December" -> December 2nd).
    for text in ("December", "in December", "Dec 5 10 12", "4 may be fine"):
        match = extract_when(text, today=WEDNESDAY)
        assert match is None or match.date is None, text


def test_dateparser_is_imported_only_when_needed() -> None:
    code = (
        "import sys, assistant.reading as p, datetime as d; p.extract_when('周六下午三点', today=d.date(2026, 12, 2));"
    )
    code += "print('dateparser' in sys.modules)"
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


# --------------------------------------------------------------------------- clock times


@pytest.mark.parametrize(
    ("text", "clock"),
    [
        ("3pm", "15:00"), ("3 pm", "15:00"), ("3 p.m.", "15:00"), ("3:30pm", "15:30"), ("3:30 PM", "15:30"),
        ("15:00", "15:00"), ("at 4", "16:00"), ("make it 4", "16:00"), ("10am", "10:00"), ("12am", "00:00"),
        ("12pm", "12:00"), ("noon", "12:00"), ("midnight", "00:00"), ("09:30", "09:30"), ("0:30", "00:30"),
        ("half past 2", "14:30"), ("quarter to 3", "14:45"), ("a quarter past 10", "10:15"), ("15h30", "15:30"),
        ("at 1030", "10:30"), ("seven thirty pm", "19:30"), ("1530", None), ("１５:００", "15:00"),
        ("中午", "12:00"), ("中午12点", "12:00"), ("中午1点", "13:00"), ("下午三点", "15:00"), ("下午三點", "15:00"),
        ("三点半", "15:30"), ("晚上8点", "20:00"), ("晚8点", "20:00"), ("上午十点一刻", "10:15"),
        ("十点三刻", "10:45"), ("下午3:30", "15:30"), ("4点吧", "16:00"), ("15点", "15:00"), ("两点", "14:00"),
        ("兩點", "14:00"), ("十一点", "11:00"), ("十二点半", "12:30"), ("二十点", "20:00"), ("三点十五", "15:15"),
        ("三点零五", "15:05"), ("三点五分", "15:05"), ("早上7点半", "07:30"), ("凌晨3点", "03:00"),
        ("下午15点", "15:00"), ("三點踏半", "15:30"), ("三點三個字", "15:15"), ("at 16.00", "16:00"),
        ("8.30am", "08:30"), ("2.50", None), ("$16.00", None), ("at 0830", "08:30"), ("零点", "00:00"),
        ("no, 5", "17:00"), ("let's do 4", "16:00"),
    ],
)  # fmt: skip
def test_clock_times(text: str, clock: str | None) -> None:
    match = extract_when(text, today=WEDNESDAY)
    if clock is None:
        assert match is None
    else:
        assert match is not None and (match.date, match.time, match.part_of_day) == (None, clock, None), text


@pytest.mark.parametrize("hour", range(1, 13))
def test_without_am_pm_1_to_7_is_pm_8_to_11_am_and_12_noon(hour: int) -> None:
    expected = hour + 12 if hour <= 7 else hour
    for text in (f"at {hour}", f"make it {hour}", f"{hour}点", f"{hour}:00", f"{hour}"):
        assert read(text).time == f"{expected:02d}:00", text


@pytest.mark.parametrize(
    ("text", "near", "clock"),
    [
        ("make it 4", T(9, 0), "16:00"), ("make it 4", T(15, 0), "16:00"), ("9", T(20, 0), "21:00"),  # never the small hours by nearness
        ("9", T(10, 0), "09:00"), ("3点半", T(2, 0), "03:30"), ("3点半", T(14, 0), "15:30"),
        ("make it 6", T(12, 0), "18:00"),  # a tie: the rule without prefer_near decides
        # An am/pm, a part of day, or a 24-hour time is never moved.
        ("4am", T(15, 0), "04:00"), ("下午4点", T(9, 0), "16:00"), ("15:00", T(3, 0), "15:00"),
        ("at 12", T(23, 0), "12:00"),
    ],
)  # fmt: skip
def test_prefer_near_picks_the_closer_of_am_and_pm(text: str, near: datetime.time, clock: str) -> None:
    assert read(text, prefer_near=near).time == clock


# --------------------------------------------------------------------------- parts of day


@pytest.mark.parametrize(
    ("text", "symbol", "part"),
    [
        ("tomorrow afternoon", "D+1", "afternoon"), ("明天下午", "D+1", "afternoon"), ("tonight", "D+0", "evening"),
        ("this morning", "D+0", "morning"), ("明晚", "D+1", "evening"), ("saturday morning", "W6", "morning"),
        ("周六晚上", "W6", "evening"), ("tomorrow night", "D+1", "evening"),
    ],
)  # fmt: skip
def test_a_part_of_day_without_a_clock_time(text: str, symbol: str, part: str) -> None:
    match = read(text)
    assert (match.date, match.time, match.part_of_day) == (symbol, None, part)


@pytest.mark.parametrize(
    ("text", "symbol", "clock"),
    [
        ("tomorrow at 3pm", "D+1", "15:00"), ("Saturday 3pm", "W6", "15:00"), ("周六下午三点", "W6", "15:00"),
        ("next Friday at 10:30", "W5+1", "10:30"), ("下周三上午十点", "W3+1", "10:00"), ("8 tonight", "D+0", "20:00"),
        ("tomorrow evening at 5", "D+1", "17:00"), ("9 tomorrow morning", "D+1", "09:00"),
        ("今晚8点", "D+0", "20:00"), ("明早9点", "D+1", "09:00"), ("this afternoon at 12", "D+0", "12:00"),
        ("Saturday morning at 9", "W6", "09:00"), ("12月5日下午3点", "12-05", "15:00"), ("礼拜天中午12点半", "W7", "12:30"),
        ("this weekend at 2pm", "WE", "14:00"), ("in 7 days at 5pm", "D+7", "17:00"), ("sat 10am", "W6", "10:00"),
    ],
)  # fmt: skip
def test_day_and_time(text: str, symbol: str, clock: str) -> None:
    match = read(text)
    assert (match.date, match.time, match.part_of_day) == (symbol, clock, None)
    assert match.residue(text) == ""


@pytest.mark.parametrize(
    "text",
    [
        "晚上12点", "今晚12点", "tonight at 2", "tonight at 12", "this evening at 3:20",  # the small hours of the NEXT day
        "this morning at 12", "上午12点",  # midnight or noon?
        "this afternoon at 11", "this morning at 3pm", "下午9点",  # a part of day that cannot hold the time
        "friday midnight",  # the night before Friday, or after it?
    ],
)  # fmt: skip
def test_a_time_the_part_of_day_cannot_hold_is_not_guessed(text: str) -> None:
    assert extract_when(text, today=WEDNESDAY) is None


# --------------------------------------------------------------------------- spans and residue


@pytest.mark.parametrize(
    ("text", "residue"),
    [
        ("make it 4", "make it"), ("周六下午三点吧", "吧"), ("what's on Saturday?", "what's ?"),
        ("Saturday at 3pm please", "please"), ("actually, make it 5:30", "actually, make it"),
        ("好的 明天下午三点", "好的"), ("周六１５点", ""), ("下午2点半开会", "开会"), ("😀 saturday 3pm 😀", "😀 😀"),
        ("room 4 at 3pm", "room 4"), ("I'm busy at 4", "I'm busy"),
    ],
)  # fmt: skip
def test_residue_shows_what_was_not_read(text: str, residue: str) -> None:
    assert read(text).residue(text) == residue


def test_spans_index_the_original_text() -> None:
    text = "ＯＫ，周六１５点吧"
    match = read(text)
    assert [text[start:end] for start, end in match.spans] == ["周六１５点"]
    assert match.residue(text) == "ＯＫ，吧"


def test_only_the_first_200_characters_are_read() -> None:
    text = "Saturday 3pm " + "blah " * 100 + " and also Sunday"
    match = read(text)
    assert (match.date, match.time) == ("W6", "15:00")
    assert "Sunday" in match.residue(text)
    assert extract_when("x" * 200 + " Saturday", today=WEDNESDAY) is None


# --------------------------------------------------------------------------- what is not read


@pytest.mark.parametrize(
    "text",
    [
        "every friday", "每周三", "fridays", "Saturday or Sunday", "周六还是周日", "3-4pm", "from 3 to 5",
        "between 3 and 5", "下午三点到五点", "9:00-17:00", "in 2 hours", "today in one hour", "2小时后", "半小时后",
        "Saturday for 2 hours", "3 days", "3 years from today", "3 fridays from now", "friday after next",
        "next week", "下周", "next month", "下个月", "in March", "2015年", "4 people", "table for 4",
        "in 15", "room 4", "15", "早一点", "晚一点", "晚点再说", "快一点", "25:00", "3:75", "24点", "三点三",
        "maybe 4 or 5", "两三天后", "三四点", "过两天", "10分钟后", "change 3pm to 4pm", "mon-fri", "any day",
        "what's on?", "hello", "good night", "", "   ",
    ],
)  # fmt: skip
def test_phrases_left_to_the_model(text: str) -> None:
    assert extract_when(text, today=WEDNESDAY) is None


_FUZZ_ALPHABET = (
    "0123456789０１２３:：/-., \t\n?!@#'\"" + "amptoninhdsAPM" + "点點时半刻周週末下上这今明后後天日号號月年午晚早"
    + "一二两兩三四五六七八九十廿零" + "\x00\u3000😀İ\u0301"
)  # fmt: skip


# extract_when turns an internal error into None (a model call) and logs it: these tests fail
# on the log, so a bug cannot hide behind the safety net.
@pytest.mark.parametrize("seed", range(40))
def test_never_raises_and_every_answer_is_well_formed(seed: int, caplog: pytest.LogCaptureFixture) -> None:
    rng = random.Random(seed)
    words = [*EN_DAYS, "next", "this", "at", "pm", "am", "tonight", "weekend", "dec", "may", "the", "5th", "noon"]
    for _ in range(50):
        pieces = [
            rng.choice(words) if rng.random() < 0.3 else rng.choice(_FUZZ_ALPHABET) for _ in range(rng.randint(1, 30))
        ]
        text = "".join(pieces)
        match = extract_when(text, today=rng.choice(WEEK), prefer_near=rng.choice([None, T(9, 0), T(21, 30)]))
        if match is None:
            continue
        assert match.date is not None or match.time is not None
        if match.date is not None:
            assert resolve(match.date, WEDNESDAY)
        if match.time is not None:
            assert re.fullmatch(r"(?:[01][0-9]|2[0-3]):[0-5][0-9]", match.time)
        assert all(0 <= start < end <= len(text) for start, end in match.spans)
        assert list(match.spans) == sorted(match.spans)
    assert not caplog.records


@pytest.mark.parametrize("text", ["", "\x00", "\x00Saturday\x00", "😀" * 5000, "3" * 100_000, "周" * 10_000, "İ" * 300])
def test_never_raises_on_odd_input(text: str, caplog: pytest.LogCaptureFixture) -> None:
    extract_when(text, today=WEDNESDAY)
    assert not caplog.records


def test_a_text_that_is_not_a_string_is_not_read() -> None:
    assert extract_when(None, today=WEDNESDAY) is None  # type: ignore[arg-type]
    assert extract_when(3, today=WEDNESDAY) is None  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        extract_when("Saturday", today=datetime.datetime(2026, 12, 2, 9, 0))
