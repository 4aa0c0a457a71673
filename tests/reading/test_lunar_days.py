"""Days that move with the lunar calendar or the sun, read by lunar-python: the next such day from today on."""

from __future__ import annotations

import datetime

import pytest

from assistant.reading import extract_when
from assistant.reading.extract import read_when_or_decline

MONDAY = datetime.date(2026, 12, 7)


@pytest.mark.parametrize(
    ("text", "date", "time"),
    [("除夕晚上六点回老家吃年夜饭", "2027-02-05", "18:00"),
     ("冬至那天晚上六点回爸妈家吃饺子", "2026-12-22", "18:00"),
     ("腊八那天上午九点去寺里领腊八粥", "2027-01-15", "09:00"),
     ("农历冬月十五晚上七点回家拜拜", "2026-12-23", "19:00"),
     ("中秋节晚上七点吃饭", "2027-09-15", "19:00"),
     ("春节早上给爸妈拜年", "2027-02-06", None),
     ("农历正月初三", "2027-02-08", None)],
)  # fmt: skip
def test_a_lunar_feast_or_solar_term_is_its_next_day(text: str, date: str, time: str | None) -> None:
    match = extract_when(text, today=MONDAY)
    assert match is not None and (match.date, match.time) == (date, time)


def test_a_feast_already_gone_this_year_is_next_years() -> None:
    match = extract_when("冬至晚上吃饺子", today=datetime.date(2026, 12, 23))
    assert match is not None and match.date == "2027-12-22"


@pytest.mark.parametrize("text", ["春节联欢晚会几点开始", "中秋月饼"])
def test_a_feasts_name_inside_another_name_is_no_day(text: str) -> None:
    match = extract_when(text, today=MONDAY)
    assert match is None or match.date is None


def test_a_lunar_day_a_month_lacks_is_the_next_year_that_has_it() -> None:
    # The second lunar month has 29 days in 2025 and 2026, 30 in 2027.
    match, declined = read_when_or_decline("农历二月三十下午三点", today=MONDAY)
    assert match is not None and (match.date, match.time, declined) == ("2027-04-06", "15:00", False)
