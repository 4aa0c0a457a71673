"""The stand-in in a booking dialogue: a day asked about carries to "add it at 3pm that day"; the
answer to the product's own question (which occurrences? which one?) finishes that question's call;
a name said in its own sentence is the title."""

from __future__ import annotations

import pytest

from assistant.providers.offline.understand import respond
from tests.assistant.offline_requests import CREATING_UNTITLED, request, tool_of, with_history

pytestmark = pytest.mark.django_db

YOGA = {"ref": "E1", "title": "Yoga", "date": "2026-12-07", "start": "19:00", "via": "created"}
TEAM = [
    {"ref": "E1", "title": "Team meeting", "date": "2026-12-08", "start": "09:00", "via": "candidate"},
    {"ref": "E2", "title": "Team meeting", "date": "2026-12-10", "start": "14:00", "via": "candidate"},
]


@pytest.mark.parametrize(
    ("previous", "message", "day", "time"),
    [
        ("Am I free on Tuesday the 8th?", "Then book Lunch with Tom at 12:30 pm that day.", "12-08", "12:30"),
        ("Can you tell me my events on March 3rd?", "ok schedule a team meeting on that day at 1 in the afternoon", "03-03", "13:00"),
        ("what's on friday", "add dentist at 3pm that day", "W5", "15:00"),
        ("明天有什么安排", "那天下午三点加个牙医", "D+1", "15:00"),
        ("12月25号我忙吗", "好 那天下午5点半加个活动 叫圣诞派对 在人民路88号", "12-25", "17:30"),
        ("What's my schedule for the 18th?", "Could you put a pizza party there at 6pm", "12-18", "18:00"),
        ("Can you look up what I have on June 2nd?", "put anniversary dinner at 8pm on it", "06-02", "20:00"),
    ],
)  # fmt: skip
def test_that_day_is_the_day_the_person_asked_about(previous: str, message: str, day: str, time: str) -> None:
    name, arguments = tool_of(respond(with_history(message, previous, "Nothing on your calendar.")))
    assert name == "schedule_event"
    assert (arguments["date"], arguments["time"]) == (day, time), message
    assert arguments["title"] and "day" not in arguments["title"].lower() and "那天" not in arguments["title"]


@pytest.mark.parametrize(
    ("message", "title"),
    [
        ("Okay, add an event on friday at 11 am. The event is Dentist appointment.", "Dentist appointment"),
        ("Ok. Can you add an event for me at 2 pm on friday? It's a meeting with Sara.", "Meeting with Sara"),
        ("please add Property viewing at 2:30 pm friday, at 55 Main Street", "Property viewing, at 55 Main Street"),
        ("dentist fri 3pm pls", "Dentist"),
        ("add book club friday at 9:30 pm", "Book club"),  # the request verb is peeled once
    ],
)
def test_a_name_in_its_own_sentence_is_the_title(message: str, title: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["title"], arguments["date"]) == ("schedule_event", title, "W5"), message


def test_it_is_the_open_request_not_a_statement() -> None:
    name, arguments = tool_of(respond(request("It's on the 14th of this month at 5:30 pm.", active=CREATING_UNTITLED)))
    assert name == "schedule_event" and arguments["command_id"] == "c-2"
    assert (arguments["date"], arguments["time"], arguments["title"]) == ("2026-12-14", "17:30", None)


@pytest.mark.parametrize(
    ("message", "scope"),
    [
        ("just that one", "this"),
        ("only this one please", "this"),
        ("只改这一次", "this"),
        ("this one and the following ones", "following"),
        ("这次及以后", "following"),
        ("all of them", "all"),
        ("全部", "all"),
    ],
)
def test_the_answer_to_which_occurrences_finishes_the_asked_call(message: str, scope: str) -> None:
    choosing = {"tool": "change_event", "values": {"time": "16:00", "event_ref": "E1", "occurrence": "2026-12-14"}}
    name, arguments = tool_of(respond(request(message, entities=[YOGA], choosing=choosing)))
    assert name == "change_event"
    assert {key: arguments[key] for key in ("event_ref", "occurrence", "time", "scope")} == {
        "event_ref": "E1", "occurrence": "2026-12-14", "time": "16:00", "scope": scope,
    }  # fmt: skip


def test_a_scope_answer_without_a_scope_question_is_not_a_write() -> None:
    response = respond(request("all of them", entities=[YOGA]))
    assert not any(call.name in {"change_event", "delete_event"} for call in response.tool_calls)


def test_scope_said_with_the_change_and_the_occurrence_named_by_its_day() -> None:
    name, arguments = tool_of(respond(request("move the standup to 9, all of them", entities=[{**YOGA, "title": "Standup", "start": "09:30"}])))  # fmt: skip
    assert (name, arguments["scope"], arguments["time"]) == ("change_event", "all", "09:00")
    name, arguments = tool_of(respond(request("cancel next monday's yoga", entities=[YOGA])))
    assert (name, arguments["event_ref"], arguments["occurrence"]) == ("delete_event", "E1", "W1+1")
    assert arguments["scope"] == "this"  # one day named: that occurrence, on the card the person confirms


def test_the_9am_one_picks_from_the_numbered_list_by_its_time() -> None:
    choosing = {"tool": "change_event", "values": {"time": "16:00"}}
    name, arguments = tool_of(respond(request("the 9am one", entities=TEAM, listed=["E1", "E2"], choosing=choosing)))
    assert (name, arguments["event_time"]) == ("change_event", "09:00")


@pytest.mark.parametrize(
    "message",
    ["Hi, I'd like to see what's free on my calendar on the 12th of December, around the afternoon.", "what's free friday afternoon",
     "am i free friday morning for an hour?"],
)  # fmt: skip
def test_asking_what_is_free_is_a_search_not_a_booking(message: str) -> None:
    assert tool_of(respond(request(message)))[0] == "suggest_slots"


@pytest.mark.parametrize(
    ("previous", "message"),
    [
        ("lunch with tom tomorrow at 12", "ok the gym at 3pm"),
        ("明天下午两点开电话会", "牙医那个下午四点"),
    ],
)
def test_the_day_of_another_booking_is_not_this_ones(previous: str, message: str) -> None:
    """Only a day the person asked about carries to a booking said without one; another booking's is its own."""
    reply = respond(with_history(message, previous, "Added."))
    assert not reply.tool_calls or tool_of(reply)[1].get("date") is None, reply
