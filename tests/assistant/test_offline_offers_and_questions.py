"""An offer and a question, then the request (issue 22): what the stand-in offered in words is added when the
person asks for it, however they say it ("add it pls", "嗯 加上吧", "yes please" on a card), never under no name and
never on a "thanks"; and the day or time a question just asked about is the one a booking or the next question
takes ("am i free at 3pm tmrw" … "book a dentist appointment then", "明天有什么安排" … "下午三点有空吗")."""

from __future__ import annotations

import json
import re

import pytest

from assistant.providers.offline.calls import say
from assistant.providers.offline.understand import respond
from tests.assistant.offline_requests import request, tool_of, with_history


def test_a_table_said_with_its_moment_is_offered_and_added_when_asked() -> None:
    first = respond(request("book a table for 4 at the thai place fri 7pm"))
    assert not first.tool_calls and "add it to my calendar" in first.text
    name, arguments = tool_of(
        respond(with_history("add it to my calendar", "book a table for 4 at the thai place fri 7pm", first.text))
    )
    assert (name, arguments["date"], arguments["time"]) == ("schedule_event", "W5", "19:00")


@pytest.mark.parametrize(
    ("said", "then", "language"),
    [
        ("i have a job interview on the 16th at 3 pm", "add it to my calendar pls", "en"),
        ("the train leaves tomorrow at 9", "ok put that in my diary", "en"),
        ("我周四下午三点有个体检", "嗯 加上吧", "zh"),
        ("我周四下午三点有个体检", "好的", "zh"),
        ("我周四下午三点有个体检", "把它加到日历里", "zh"),
        ("the school play is thursday at 6pm", "oh thats right before work drinks. add it to my calendar", "en"),
        ("arsenal play chelsea saturday 8pm", "add it to my calendar", "en"),
        ("i have a job interview on the 16th at 3 pm", "yes please", "en"),
    ],
)
def test_what_was_offered_is_added_when_asked_however_said(said: str, then: str, language: str) -> None:
    first = respond(request(said, language=language))
    assert not first.tool_calls
    name, arguments = tool_of(respond(with_history(then, said, first.text, language=language)))
    assert name == "schedule_event" and arguments["title"] and arguments["time"], arguments


@pytest.mark.parametrize(
    ("said", "then"),
    [
        ("my coworker wants to meet tuesday at 2 but i will let her send the invite", "ok thanks"),  # thanks takes no offer
        ("the school play is thursday at 6pm", "cool thanks"),
    ],
)
def test_thanks_after_an_offer_takes_nothing(said: str, then: str) -> None:
    first = respond(request(said))
    response = respond(with_history(then, said, first.text))
    assert not response.tool_calls, response.tool_calls


def test_a_sentence_offered_is_added_only_under_a_name_asked_for() -> None:
    said = "my coworker wants to meet tuesday at 2pm"
    first = respond(request(said))
    name, arguments = tool_of(respond(with_history("add it to my calendar", said, first.text)))
    assert (name, arguments["title"], arguments["time"]) == ("schedule_event", None, "14:00")  # "what should I call it?"


@pytest.mark.parametrize(
    ("said", "then", "reply_key"),
    [
        ("i could probably fit it in tmrw at 4", "yes please", "ask_what"),  # no name in the sentence: what to put down?
        ("if it rains saturday i might go to the cinema at 5pm", "actually yeah just add it", None),
    ],
)
def test_an_offer_without_a_name_is_never_written_nameless(said: str, then: str, reply_key: str | None) -> None:
    first = respond(request(said))
    response = respond(with_history(then, said, first.text))
    titles = [json.loads(call.arguments).get("title") for call in response.tool_calls]
    assert titles in ([], [None]), titles  # asked: nothing written, or the server asks for the name
    if reply_key:
        assert response.text == say(reply_key, "en")


def test_a_request_of_its_own_after_an_offer_is_not_the_offer() -> None:
    said = "the train leaves tomorrow at 9"
    first = respond(request(said))
    name, arguments = tool_of(respond(with_history("add lunch with sam", said, first.text)))
    assert (name, arguments["title"], arguments["time"]) == ("schedule_event", "Lunch with sam", None)


@pytest.mark.parametrize(
    ("question", "then", "expected"),
    [
        ("am i free at 3pm tmrw", "great, book a dentist appointment then", ("Dentist appointment", "D+1", "15:00")),
        ("is thursday at 2pm free", "ok put lunch with sam there", ("Lunch with sam", "W4", "14:00")),
        ("am i free wednesday the 16th at 7pm", "ok add book club then", ("Book club", "12-16", "19:00")),
        # A time of its own is not the one carried; a bare hour asked about is read as a booking reads it (2 is 14:00, 7 asked).
        ("am i free at 3pm tmrw", "book a dentist appointment at 4 then", ("Dentist appointment", None, "16:00")),
        ("is thursday at 2 free", "ok put lunch with sam there", ("Lunch with sam", "W4", "14:00")),
        ("is thursday at 7 free", "ok put dinner with sam there", ("Dinner with sam", None, None)),
        ("下周三上午有空吗", "那就十点吧 帮我订个体检", ("体检", None, "10:00")),
    ],
)
def test_the_moment_just_asked_about_is_the_bookings_when_it_names_none(
    question: str, then: str, expected: tuple[str, str | None, str | None]
) -> None:
    language = "zh" if re.search(r"[\u4e00-\u9fff]", question) else "en"
    first = respond(request(question, language=language))
    assert [call.name for call in first.tool_calls] == ["query_events"], question
    name, arguments = tool_of(respond(with_history(then, question, "Nothing on your calendar for that day.", language=language)))
    assert name == "schedule_event"
    title, date, time = expected
    assert (arguments["title"], arguments["time"]) == (title, time)
    assert date is None or arguments["date"] == date


@pytest.mark.parametrize(
    ("first", "then", "language", "day"),
    [
        ("明天有什么安排", "下午三点有空吗", "zh", "D+1"),
        ("whats on thursday", "am i free at 2pm", "en", "W4"),
        ("is there anything on the 21st of this month? if not put the dentist at 3pm", None, "en", "2026-12-21"),
    ],
)
def test_a_time_asked_about_is_on_the_day_just_asked_about(first: str, then: str | None, language: str, day: str) -> None:
    response = respond(request(first, language=language) if then is None else with_history(then, first, "OK.", language=language))
    name, arguments = tool_of(response)
    assert (name, arguments["start"]) == ("query_events", day)


@pytest.mark.parametrize(("message", "language"), [("那天还有别的吗", "zh"), ("anything else that day?", "en")])
def test_that_day_after_a_booking_is_the_day_of_what_was_made(message: str, language: str) -> None:
    made = [{"ref": "E9", "title": "面试", "date": "2026-12-18", "start": "16:00", "via": "made"}]
    previous = "提前一个小时提醒我" if language == "zh" else "remind me an hour before"
    name, arguments = tool_of(respond(with_history(message, previous, "OK.", language=language, entities=made)))
    assert (name, arguments["start"]) == ("query_events", "2026-12-18")


FREE = "You're free: Thu 17 Dec 10:00–11:00, Thu 17 Dec 11:00–12:00, Thu 17 Dec 12:00–13:00."


@pytest.mark.parametrize(
    ("message", "title", "time"),
    [("book the first one", None, "10:00"), ("book the first one for a physio session please", "Physio session", "10:00"),
     ("the last one", None, "12:00")],
)  # fmt: skip
def test_a_free_time_just_offered_is_picked_by_its_place(message: str, title: str | None, time: str) -> None:
    name, arguments = tool_of(respond(with_history(message, "any free slots on thursday?", FREE)))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", title, "12-17", time)


def test_a_reminder_after_an_answer_that_booked_is_no_offer_taken_up() -> None:
    # "家长会是下午两点" answered the open request and booked it; the reply was a receipt, not an offer.
    made = [{"ref": "E1", "title": "家长会", "date": "2026-12-10", "start": "14:00", "via": "created"}]
    asked = with_history("提前半小时提醒我", "家长会是下午两点", "已添加：12月10日（周四） 14:00–15:00 「家长会」。", language="zh", entities=made)
    name, arguments = tool_of(respond(asked))
    assert (name, arguments["minutes_before"]) == ("set_reminder", 30)
