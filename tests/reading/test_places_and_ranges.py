"""extract_when on what people type around a moment: addresses and rooms (no day, no time), clock times
with a space, meals named after a part of the day, and ranges from one hour to another."""

from __future__ import annotations

import datetime

import pytest

from assistant.providers.offline.ranges import named_month
from assistant.providers.offline.when import read_when
from assistant.reading import WhenMatch, extract_when
from assistant.reading.extract import read_when_or_decline

WEDNESDAY = datetime.date(2026, 12, 2)


def read(text: str, today: datetime.date = WEDNESDAY) -> WhenMatch:
    match = extract_when(text, today=today)
    assert match is not None, f"{text!r} was not read"
    return match


@pytest.mark.parametrize(
    ("text", "date", "time"),
    [
        ("at 21 park lane", None, None),  # a house number, not 21:00
        ("12 main st at 3pm", None, "15:00"),
        ("dinner friday at 7 at 21 park lane", "W5", "19:00"),
        ("明天下午三点在3号会议室开会", "D+1", "15:00"),  # room 3, not the 3rd
        ("下周三下午三点 中山路12号", "W3+1", "15:00"),  # No. 12 of a road, not the 12th
        ("12号下午三点", "12-12", "15:00"),  # the 12th itself
        ("at 3 on the way home", None, "15:00"),
    ],
)
def test_an_address_is_no_day_and_no_time(text: str, date: str | None, time: str | None) -> None:
    match = extract_when(text, today=WEDNESDAY)
    if date or time:
        assert match is not None and (match.date, match.time) == (date, time), text
    else:
        assert match is None, text


@pytest.mark.parametrize(
    ("text", "time", "left"),
    [
        ("put the accountant at 9 30am", "09:30", "put the accountant"),
        ("at 9 30pm", "21:30", ""),
        ("那下午三点跟朋友喝下午茶", "15:00", "那跟朋友喝下午茶"),  # afternoon tea is a meal, not a second afternoon
        ("afternoon tea at 3pm", "15:00", "afternoon tea"),
    ],
)
def test_times_as_typed_and_meals_named_after_the_day(text: str, time: str, left: str) -> None:
    match = read(text)
    assert (match.time, match.residue(text)) == (time, left), text


@pytest.mark.parametrize("text", ["gym thursday from seven to eight thirty pm", "from nine till eleven am", "from 7 to 8:30pm"])
def test_a_range_from_one_hour_to_another_is_never_read_as_one_end(text: str) -> None:
    assert extract_when(text, today=WEDNESDAY) is None, text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("schedule a meeting with hr on wednesday at 11am", ("W3", "11:00")),  # a department, not hours
        ("call hr at 3pm tomorrow", ("D+1", "15:00")),
        ("2 hr meeting tomorrow at 3pm", None),  # a length the reader leaves to the model
        ("lunch tomorrow at 1 for an hr", None),
    ],
)
def test_a_short_unit_is_a_length_only_after_its_number(text: str, expected: tuple[str, str] | None) -> None:
    found = extract_when(text, today=datetime.date(2026, 12, 7))
    assert (None if found is None else (found.date, found.time)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("show me my calendar for december", ("2026-12-01", "2026-12-31")),
        ("what do i have in march", ("2027-03-01", "2027-03-31")),
        ("十二月还有什么安排", ("2026-12-01", "2026-12-31")),
        ("what's on until the end of january", ("D+0", "2027-01-31")),
        ("what do i have in march next year", None),
    ],
)
def test_a_month_by_name_is_read_once_by_the_shared_reader(text: str, expected: tuple[str, str] | None) -> None:
    found = named_month(text, datetime.date(2026, 12, 7))
    assert (None if found is None else (found.start, found.end)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Is the 19th of May open?", "05-19"),  # "may open" after "of" is no verb
        ("the 22nd of may is free", "05-22"),
        ("I think I'm free on the 22nd but can you double check?", None),  # unread: declined, never today
        ("do i have anything on the 21st, the one after the party", None),
    ],
)
def test_a_day_of_the_month_is_read_or_declined(text: str, expected: str | None) -> None:
    found, declined = read_when_or_decline(text, today=datetime.date(2026, 5, 5))
    assert (found.date if found else None) == expected and declined == (expected is None)


@pytest.mark.parametrize(
    ("text", "span", "left"),
    [("block out dec 20 to 27 for my trip", ("2026-12-20", "2026-12-27"), "block out for my trip"),
     ("from the 20th to the 27th", ("2026-12-20", "2026-12-27"), ""),
     ("add my trip to bali from december 20 to december 27", ("2026-12-20", "2026-12-27"), "add my trip to bali"),
     ("conference dec 14-16", ("2026-12-14", "2026-12-16"), "conference"),
     ("dec 28 to jan 3 holiday", ("2026-12-28", "2027-01-03"), "holiday"),
     ("12/20-12/27 vacation", ("2026-12-20", "2026-12-27"), "vacation"),
     ("12月20号到27号去巴厘岛", ("2026-12-20", "2026-12-27"), "去巴厘岛"),
     ("从20号到27号出差", ("2026-12-20", "2026-12-27"), "出差"),
     ("12月20日至12月27日 出差", ("2026-12-20", "2026-12-27"), "出差"),
     ("meeting dec 20 3 to 5pm", None, None),  # one day and a range of hours
     ("2026-12-20 dentist", None, None),  # an ISO date is one day
     ("dec 27 to dec 20", None, None)],  # backwards: not read as a span
)  # fmt: skip
def test_two_dates_said_as_a_span_are_both_ends(text: str, span: tuple[str, str] | None, left: str | None) -> None:
    when = read_when(text, today=WEDNESDAY)
    assert ((when.date, when.end) if when.end else None) == span
    if left is not None:
        assert when.residue == left
