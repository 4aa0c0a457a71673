"""The stand-in fills the repeat, all-day and reminder fields the way a model would."""

from __future__ import annotations

from typing import Any

import pytest

import catalogue
from assistant.providers.offline.calendar_words import read_calendar_words
from assistant.providers.offline.understand import respond
from tests.assistant.offline_requests import request, tool_of

pytestmark = pytest.mark.django_db
WORKDAYS = ["MO", "TU", "WE", "TH", "FR"]


@pytest.mark.parametrize(
    ("message", "language", "expected"),
    [
        ("pls add standup every weekday at 9:30", "en", {"frequency": "weekly", "weekdays": WORKDAYS}),
        ("piano lesson every other friday at 5pm", "en", {"frequency": "weekly", "interval": 2, "weekdays": ["FR"]}),
        ("swimming on tuesdays at 7pm for 6 weeks", "en", {"weekdays": ["TU"], "count": 6}),
        ("每周一上午十点例会", "zh", {"frequency": "weekly", "weekdays": ["MO"]}),
        ("每月15号下午两点交房租", "zh", {"frequency": "monthly", "month_day": 15}),
        ("隔周三晚上七点打羽毛球", "zh", {"interval": 2, "weekdays": ["WE"]}),
        ("add gym every Monday at 7am", "en", {"weekdays": ["MO"]}),  # once refused: a rule holds it now
        ("每周一早上9点开例会", "zh", {"weekdays": ["MO"]}),
    ],
)
def test_repeat_words_become_the_closed_recurrence_object(
    message: str, language: str, expected: dict[str, Any]
) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == "schedule_event"
    assert {key: arguments["recurrence"][key] for key in expected} == expected
    assert not any(word in (arguments["title"] or "") for word in ("every", "每周", "每月", "隔周", "weeks"))


@pytest.mark.parametrize(
    ("message", "language", "minutes"),
    [
        ("dentist friday 3pm, remind me 15 minutes before", "en", 15),
        ("call with Ann tmrw 4pm and remind me an hour before", "en", 60),
        ("明天下午三点开会，提前一小时提醒我", "zh", 60),
        ("周五上午十点面试 提前30分钟提醒我", "zh", 30),
    ],
)
def test_reminder_words_become_reminder_minutes(message: str, language: str, minutes: int) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == "schedule_event" and arguments["reminder_minutes"] == minutes
    assert "remind" not in (arguments["title"] or "") and "提醒" not in (arguments["title"] or "")


def test_plain_requests_get_no_calendar_extras() -> None:
    name, arguments = tool_of(respond(request("lunch with Sam on monday at 12:30")))
    assert name == "schedule_event"
    assert "recurrence" not in arguments and "reminder_minutes" not in arguments  # null fields are dropped


@pytest.mark.parametrize(
    ("message", "days"),
    [
        ("add gym every monday wednesday and friday at 6 am", ["MO", "WE", "FR"]),
        ("swim every tuesday thursday at 7pm", ["TU", "TH"]),
        ("yoga on mondays, wednesdays at 6", ["MO", "WE"]),
    ],
)
def test_every_weekday_said_is_in_the_rule_with_or_without_commas(message: str, days: list[str]) -> None:
    recurrence = read_calendar_words(message).recurrence
    assert recurrence is not None and recurrence["weekdays"] == days


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("put a monthly bookkeeping review on the first monday of every month at 9am", "en"),
        ("book club on the last friday of every month at 7pm", "en"),
        ("remind me on the first monday of every month to pay the nanny", "en"),
        ("每个月第一个周一上午九点 部门例会", "zh"),
        ("每月最后一个周五下午四点 复盘会", "zh"),
    ],
)
def test_a_weekday_by_its_place_in_the_month_is_said_plainly_never_written_as_a_day(message: str, language: str) -> None:
    response = respond(request(message, language=language))
    assert response.tool_calls == [] and response.text == catalogue.text("repeat_by_position", language)


@pytest.mark.parametrize(
    ("message", "weekdays"),
    [("fortnightly catch up with my mentor on wednesdays at 1pm", ["WE"]), ("biweekly sync monday 10am", None),
     ("team retro every two weeks on friday at 4pm", None)],
)  # fmt: skip
def test_fortnightly_is_every_other_week(message: str, weekdays: list[str] | None) -> None:
    recurrence = read_calendar_words(message).recurrence
    assert recurrence is not None and (recurrence["frequency"], recurrence["interval"]) == ("weekly", 2)
    assert weekdays is None or recurrence["weekdays"] == weekdays
