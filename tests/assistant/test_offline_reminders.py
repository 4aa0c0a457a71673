"""Reminders said with a repeat, as people type them: the stand-in passes the tool one word for the
repeat and the day it starts from; the tool writes the rule. A repeat it cannot pass is asked about,
never written as a reminder that fires once."""

from __future__ import annotations

import datetime

import pytest

import catalogue
from assistant.providers.offline.understand import respond
from tests.assistant.offline_requests import request, tool_of, with_history

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("message", "language", "expected"),
    [
        ("remind me every thursday at eight am to water plants", "en",
         {"text": "water plants", "date": "2026-12-10", "time": "08:00", "repeat": "weekly"}),
        ("remind me every day at 9pm to take my pills", "en", {"text": "take my pills", "time": "21:00", "repeat": "daily"}),
        ("remind me every weekday at 7am to stretch", "en", {"text": "stretch", "time": "07:00", "repeat": "weekdays"}),
        ("remind me on the 15th of every month at 9am to pay rent", "en",
         {"text": "pay rent", "date": "2026-12-15", "time": "09:00", "repeat": "monthly"}),
        ("每天早上八点提醒我吃药", "zh", {"text": "吃药", "time": "08:00", "repeat": "daily"}),
        ("每周四早上八点提醒我浇花", "zh", {"text": "浇花", "date": "2026-12-10", "time": "08:00", "repeat": "weekly"}),
        ("每月15号上午九点提醒我交房租", "zh", {"text": "交房租", "date": "2026-12-15", "time": "09:00", "repeat": "monthly"}),
        ("remind me at 5pm to call mum", "en", {"text": "call mum", "date": None, "time": "17:00", "repeat": None}),
    ],
)  # fmt: skip
def test_a_repeating_reminder_is_one_call_with_its_repeat(message: str, language: str, expected: dict[str, object]) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == "set_reminder"
    assert {key: arguments[key] for key in expected} == expected


@pytest.mark.parametrize(
    "message", ["remind me every other tuesday at 9am to pay the cleaner", "每隔一周的周二上午九点提醒我付保洁费"]
)
def test_a_repeat_a_reminder_cannot_hold_is_asked_about(message: str) -> None:
    response = respond(request(message, language="zh" if "每" in message else "en"))
    assert response.text and not response.tool_calls


@pytest.mark.parametrize(
    ("message", "language", "words", "minutes"),
    [
        ("can you remind me an hour before the dentist on friday", "en", "Dentist", 60),
        ("remind me 30 mins before my piano lesson tomorrow", "en", "Piano lesson", 30),
        ("给明天的牙医预约设个提前一小时的提醒", "zh", "牙医预约", 60),
    ],
)
def test_a_reminder_before_an_event_named_with_its_day_is_no_new_event(
    message: str, language: str, words: str, minutes: int
) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments["event_words"], arguments["minutes_before"]) == ("set_reminder", words, minutes)


@pytest.mark.parametrize(
    ("asked", "answer", "language", "words", "minutes"),
    [
        ("set a reminder 15 min before", "the dentist one", "en", "dentist", 15),
        ("提醒我提前半小时", "周五的项目评审", "zh", "项目评审", 30),
    ],
)
def test_the_answer_to_which_event_finishes_the_reminder(
    asked: str, answer: str, language: str, words: str, minutes: int
) -> None:
    which = catalogue.text("ambiguous", language)  # the tool's receipt when no event is in focus
    name, arguments = tool_of(respond(with_history(answer, asked, which, language=language)))
    assert name == "set_reminder" and words in str(arguments["event_words"]).lower()
    assert arguments["minutes_before"] == minutes


@pytest.mark.parametrize("message", ["我周四是不是有个面试", "is the dentist on friday?", "do i have yoga tomorrow?"])
def test_a_question_with_a_day_asks_about_that_day(message: str) -> None:
    name, arguments = tool_of(respond(request(message, language="zh" if "周" in message else "en")))
    assert name == "query_events" and arguments["start"] in {"W4", "W5", "D+1"}


def test_a_weekly_reminder_starts_on_its_next_day_never_this_weeks_gone_one() -> None:
    from assistant.providers.offline.repeats import reminder_repeat as _reminder_repeat

    tuesday = datetime.date(2026, 4, 14)
    weekly = {"frequency": "weekly", "weekdays": ["MO"]}
    assert _reminder_repeat(weekly, tuesday) == ("weekly", "2026-04-20")
    assert _reminder_repeat({**weekly, "weekdays": ["TU"]}, tuesday) == ("weekly", "2026-04-14")


@pytest.mark.parametrize(
    ("previous", "message", "language", "expected"),
    [
        ("remind me to call the vet", "at 4pm", "en", {"text": "call the vet", "time": "16:00"}),
        ("提醒我给兽医打电话", "下午4点", "zh", {"text": "给兽医打电话", "time": "16:00"}),
    ],
)
def test_the_answer_to_what_time_finishes_the_reminder(
    previous: str, message: str, language: str, expected: dict[str, str]
) -> None:
    asked = catalogue.text("needs_reminder_time", language)
    name, arguments = tool_of(respond(with_history(message, previous, asked, language=language)))
    assert name == "set_reminder" and {key: arguments[key] for key in expected} == expected


@pytest.mark.parametrize(
    ("message", "language", "expected"),
    [
        ("reminder: pay rent dec 20 9am", "en", {"text": "pay rent", "date": "12-20", "time": "09:00"}),
        ("set a reminder: call the bank tomorrow 10am", "en", {"text": "call the bank", "date": "D+1", "time": "10:00"}),
        ("设置提醒：12月20号上午9点 交房租", "zh", {"text": "交房租", "date": "12-20", "time": "09:00"}),
        ("提醒：明天下午3点开会", "zh", {"text": "开会", "date": "D+1", "time": "15:00"}),
        ("新建提醒 周五下午三点交报告", "zh", {"text": "交报告", "time": "15:00"}),
    ],
)  # fmt: skip
def test_a_reminder_said_as_a_label_is_set_not_offered_as_an_event(
    message: str, language: str, expected: dict[str, str]
) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == "set_reminder" and {key: arguments[key] for key in expected} == expected


@pytest.mark.parametrize(
    ("message", "date"),
    [("remind me the evening before at 9pm to pack", "2027-01-01"), ("and remind me at 11:30 that day to book a room", "2027-01-02")],
)
def test_a_reminder_day_counted_from_the_event_just_made(message: str, date: str) -> None:
    flight = [{"ref": "E1", "title": "Flight to Berlin", "date": "2027-01-02", "start": "06:40", "via": "created"}]
    name, arguments = tool_of(respond(request(message, entities=flight)))
    assert (name, arguments["date"]) == ("set_reminder", date) and "before" not in arguments["text"]


def test_a_reminder_day_counted_from_nothing_in_focus_is_asked() -> None:
    response = respond(request("remind me the evening before at 9pm to pack"))
    assert response.tool_calls == [] and response.text


def test_a_bare_hour_with_no_day_is_the_half_that_comes_first() -> None:
    late = request("remind me at 6:45 to put the bins out")
    late.messages[1]["content"] = late.messages[1]["content"].replace("2026-12-07 10:00", "2026-12-07 23:10")
    assert tool_of(respond(late))[1]["time"] == "06:45"
    assert tool_of(respond(request("remind me at 5 to call mum")))[1]["time"] == "17:00"  # said at 10:00


@pytest.mark.parametrize(("message", "text"), [("and remind me at noon that day", "Flight to Berlin"), ("那天早上八点提醒我", "Flight to Berlin")])
def test_a_reminder_that_names_nothing_on_a_day_from_focus_is_of_that_event(message: str, text: str) -> None:
    flight = [{"ref": "E1", "title": "Flight to Berlin", "date": "2027-01-02", "start": "06:40", "via": "created"}]
    name, arguments = tool_of(respond(request(message, entities=flight, language="zh" if "那天" in message else "en")))
    assert (name, arguments["text"], arguments["date"]) == ("set_reminder", text, "2027-01-02")


def test_half_five_in_the_afternoon_is_half_past_five() -> None:
    name, arguments = tool_of(respond(request("can you remind me to buy milk tomorrow at half five in the afternoon")))
    assert (name, arguments["text"], arguments["time"]) == ("set_reminder", "buy milk", "17:30")
