"""The stand-in and the name of what is being booked: words that name nothing are asked about, never
written ("something in for me, can u", "有个事要", "smth"); a name said to an open request is its name
("swiming class" after "Which day should 'Thing for the kids' be?"); a name that says more than the open
one refines it ("设计组站会" for "会"); and a hedged length is a length ("itll take like 45 min")."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.providers.offline.titles import placeholder, title_from
from assistant.providers.offline.understand import respond
from assistant.reading.durations import find_lengths
from tests.assistant.offline_requests import ENTITIES, request, tool_of

pytestmark = pytest.mark.django_db


def _open(title: str | None, missing: list[str], date: str | None = None) -> dict[str, Any]:
    known = {key: value for key, value in (("title", title), ("date", date)) if value}
    status = f"needs_{missing[0]}"
    return {"command_id": "c-9", "kind": "create", "status": status, "known": known, "missing": missing}


@pytest.mark.parametrize(
    "words",
    [
        "something in for me, can u", "a thing", "smth", "some stuff", "the event", "an entry", "itll be",
        "有个事要", "日程呗", "个事", "一下", "行程", "嗯 那个 我想安排个事", "东西",
    ],
)  # fmt: skip
def test_words_that_name_nothing_are_no_title(words: str) -> None:
    assert title_from(words) is None


@pytest.mark.parametrize(
    ("words", "title"),
    [
        ("Meeting", "Meeting"), ("dentist", "Dentist"), ("同事聚餐", "同事聚餐"), ("董事会", "董事会"),
        ("下午茶", "下午茶"), ("one on one with sam", "One on one with sam"), ("故事会", "故事会"),
    ],
)  # fmt: skip
def test_a_name_with_a_word_of_its_own_stays(words: str, title: str) -> None:
    assert title_from(words) == title


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("put something in for me tomorrow, can u", "en"),
        ("can you add smth to my calendar for friday", "en"),
        ("i wanna book something for monday", "en"),
        ("um i need to schedule something", "en"),
        ("有个事要记一下，明天下午", "zh"),
        ("帮我加个日程呗", "zh"),
        ("麻烦帮我加个行程", "zh"),
        ("嗯 那个 我想安排个事", "zh"),
    ],
)
def test_a_request_for_something_unnamed_opens_without_a_title(message: str, language: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == "schedule_event" and arguments["title"] is None


@pytest.mark.parametrize(
    ("open_title", "message", "language", "title"),
    [
        ("Thing for the kids", "swiming class", "en", "Swiming class"),
        ("Vet", "rex checkup", "en", "Rex checkup"),
        ("给孩子报了个班", "游泳课", "zh", "游泳课"),
        ("看牙医", "还是去洗牙吧", "zh", "洗牙"),
    ],
)
def test_a_bare_name_said_to_an_open_request_names_it(open_title: str, message: str, language: str, title: str) -> None:
    active = _open(open_title, ["date", "time"])
    name, arguments = tool_of(respond(request(message, language=language, active=active)))
    assert (name, arguments["title"], arguments["command_id"]) == ("schedule_event", title, "c-9")


def test_a_name_with_a_verb_of_its_own_is_a_new_request_not_a_rename() -> None:
    # "add haircut" while the vet waits asks for another booking; the vet's request is left as it is.
    name, arguments = tool_of(respond(request("add haircut", active=_open("Vet", ["time"], date="W5"))))
    assert (name, arguments["title"], arguments["command_id"]) == ("schedule_event", "Haircut", None)


@pytest.mark.parametrize(
    ("open_title", "message", "language", "title", "time"),
    [
        ("会", "早上九点四十五 设计组站会 15分钟", "zh", "设计组站会", "09:45"),
        ("Meeting", "design team meeting at 9:45am", "en", "Design team meeting", "09:45"),
        ("Thing for the kids", "swim class for the kids at 5pm", "en", "Swim class for the kids", "17:00"),
    ],
)
def test_a_name_that_says_more_than_the_open_one_refines_it(
    open_title: str, message: str, language: str, title: str, time: str
) -> None:
    active = _open(open_title, ["time"], date="D+1")
    name, arguments = tool_of(respond(request(message, language=language, active=active)))
    assert (name, arguments["title"], arguments["time"], arguments["command_id"]) == (
        "schedule_event",
        title,
        time,
        "c-9",
    )


def test_an_unrelated_name_with_its_own_day_and_time_is_still_its_own_request() -> None:
    active = _open("Lunch", ["time"], date="D+1")
    name, arguments = tool_of(respond(request("dinner with tom saturday at 7pm", active=active)))
    assert (name, arguments["title"], arguments["command_id"]) == ("schedule_event", "Dinner with tom", None)


def test_the_answer_to_what_it_is_is_never_taken_for_a_statement() -> None:
    # "a flight at 7:40 on the 23rd" describes the thing the open request asked about.
    active = _open(None, ["title", "date", "time"])
    name, arguments = tool_of(respond(request("23号早上7点40的飞机 去成都", language="zh", active=active)))
    assert name == "schedule_event" and arguments["command_id"] == "c-9" and "成都" in arguments["title"]
    assert arguments["time"] == "07:40"


def test_a_statement_with_nothing_open_is_still_talk() -> None:
    response = respond(request("my flight leaves friday at 7am"))
    assert response.tool_calls == []


@pytest.mark.parametrize(
    ("text", "minutes", "span"),
    [
        ("itll take like 45 min", 45, "like 45 min"),
        ("about two hours", 120, "about two hours"),
        ("大概一个半小时吧", 90, "大概一个半小时"),
        ("一个小时左右", 60, "一个小时左右"),
        ("90 minutes or so", 90, "90 minutes or so"),
    ],
)
def test_a_hedged_length_is_read_with_its_hedge(text: str, minutes: int, span: str) -> None:
    (length,) = find_lengths(text)
    assert (length.minutes, length.kind, text[length.start : length.end]) == (minutes, "length", span)


def test_a_hedged_offset_is_still_an_offset() -> None:
    (length,) = find_lengths("remind me in about 2 hours")
    assert (length.minutes, length.kind) == (120, "offset")


@pytest.mark.parametrize(
    ("message", "language"),
    [("itll take like 45 min", "en"), ("大概一个半小时吧", "zh"), ("要开三个小时", "zh"), ("it's a 45 minute slot", "en"),
     ("it's a quick one, 30 minutes", "en"), ("打两个小时", "zh"), ("it goes on for like 5 hours", "en"),
     ("大概要三个小时", "zh"), ("会持续三个小时左右", "zh")],
)  # fmt: skip
def test_a_hedged_length_after_a_booking_resizes_it(message: str, language: str) -> None:
    made = {"kind": "create", "status": "done", "event_id": 3}
    name, arguments = tool_of(respond(request(message, language=language, entities=ENTITIES[:1], goal=made)))
    # Only the length changes; which event is the server's to settle (the one just made).
    assert name == "change_event" and arguments["duration_minutes"] in (30, 45, 90, 120, 180, 300)
    assert not any(arguments[key] for key in ("title", "date", "time", "event_words"))


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Thing for the kids", True),
        ("有个事", True),
        ("东西", True),
        ("Dentist", False),
        ("同事聚餐", False),
        (None, False),
    ],
)
def test_a_placeholder_is_a_title_that_only_says_a_thing(title: str | None, expected: bool) -> None:
    assert placeholder(title) is expected


@pytest.mark.parametrize("message", ["first thing, like 9am", "thursday the 17th pls"])
def test_a_day_or_time_said_to_an_open_request_is_never_its_name(message: str) -> None:
    name, arguments = tool_of(respond(request(message, active=_open("Vet appt for the cat", ["date", "time"]))))
    assert name == "schedule_event" and arguments["title"] is None and arguments["command_id"] == "c-9"


def test_a_request_after_a_question_in_the_same_message_is_read_whole() -> None:
    message = "just standup? ok then book a 1:1 with sam at 11am monday, 30 mins"
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("schedule_event", "11:00", 30)
