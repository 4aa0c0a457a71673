"""The stand-in on requests as they are typed and said around a reminder or a move: request words
mistyped ("shedule", "wendesday"), how long before an event a reminder goes off, the day an event
moves from and the one it moves to, and sentences about the world with a repeat in them."""

from __future__ import annotations

import datetime

import pytest

from assistant.providers.offline.understand import respond
from assistant.reading.spelling import respell
from assistant.turn.authority import provenance_for, said
from tests.assistant.offline_requests import ENTITIES, request, tool_of, with_history

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("shedule a dentist", "schedule a dentist"),
        ("Calender event thursday", "calendar event thursday"),
        ("the meetign on wendesday", "the meeting on wednesday"),
        ("remnd me tommorow", "remind me tomorrow"),
        ("pls cancle it", "pls cancel it"),
        ("resheduel to Decmber 3", "reschedule to december 3"),
        ("remnid me 45 min b4 the team dinner", "remind me 45 min before the team dinner"),
        ("drinks 2nite at 8", "drinks tonight at 8"),
        ("2day4u", "2day4u"),  # shorthand as a whole word only
    ],
)
def test_mistyped_request_words_read_as_the_word(typed: str, read: str) -> None:
    assert respell(typed).lower() == read


@pytest.mark.parametrize(
    "text",
    ["cancer screening", "the remote session", "mourning service", "chance to meet", "render farm", "priya and dev"],
)
def test_words_of_their_own_stay_as_typed(text: str) -> None:
    assert respell(text) == text


@pytest.mark.parametrize(
    ("message", "title", "date", "time"),
    [
        ("Shedule a call with priya tomorow at 4pm", "Call with priya", "D+1", "16:00"),
        ("pls add a meetign w the accountant on wendesday at 11", "Meeting w the accountant", "W3", "11:00"),
        ("add to my calender: piano recital thursday 6pm", "Piano recital", "W4", "18:00"),
    ],
)
def test_a_mistyped_booking_is_read_and_traced(message: str, title: str, date: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", title, date, time)
    # The guard traces the title to the person's words as the stand-in read them.
    assert said(title, provenance_for(person_texts=[message], slot_values=[], today=_today()))


def test_a_mistyped_cancel_is_a_delete_never_a_create() -> None:
    name, arguments = tool_of(respond(request("cancle the dentist on friday", entities=ENTITIES)))
    assert (name, arguments["event_ref"]) == ("delete_event", "E3")


@pytest.mark.parametrize(
    ("message", "minutes"),
    [
        ("ok remind me half an hour before the dentist", 30),
        ("could you remind me 45 mins ahead of the dentist", 45),
        ("remind me about the dentist an hour in advance", 60),
        ("牙医提前一个半小时提醒我", 90),
        ("牙医前二十分钟提醒一下我", 20),
    ],
)
def test_a_length_before_a_named_event_is_how_long_ahead(message: str, minutes: int) -> None:
    language = "zh" if "牙" in message else "en"
    entities = [*ENTITIES, {"ref": "E4", "title": "牙医", "date": "2026-12-11", "start": "15:00", "via": "found"}]
    name, arguments = tool_of(respond(request(message, language=language, entities=entities)))
    assert (name, arguments["minutes_before"], arguments["date"], arguments["time"]) == ("set_reminder", minutes, None, None)
    assert arguments["event_ref"] in {"E3", "E4"}


@pytest.mark.parametrize(
    ("previous", "answer", "minutes", "language"),
    [
        ("can you set a reminder for lunch with sam", "20 minutes before", 20, "en"),
        ("set me a reminder on the dentist", "an hour beforehand please", 60, "en"),
        ("周会提醒我一下", "提前十分钟", 10, "zh"),
    ],
)
def test_how_long_ahead_answers_the_reminder_asked_for(previous: str, answer: str, minutes: int, language: str) -> None:
    reply = "几点提醒你？" if language == "zh" else "What time should I remind you?"
    name, arguments = tool_of(respond(with_history(answer, previous, reply, language=language, entities=ENTITIES)))
    assert (name, arguments["minutes_before"]) == ("set_reminder", minutes)
    assert arguments["event_ref"] or arguments["event_words"]


@pytest.mark.parametrize(
    ("message", "text", "time"),
    [
        ("reminder to renew the passport on the 15th at 9am", "renew the passport", "09:00"),
        ("今晚十点提醒下我交电费", "交电费", "22:00"),
        ("明早八点提醒一下我带钥匙", "带钥匙", "08:00"),
    ],
)
def test_a_reminder_is_a_reminder_however_it_opens(message: str, text: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message, language="zh" if "提醒" in message else "en")))
    assert (name, arguments["time"]) == ("set_reminder", time)
    assert text in arguments["text"]


@pytest.mark.parametrize(
    ("message", "ref", "date", "time"),
    [
        ("move lunch with sam from tuesday to thursday", "E9", "W4", None),
        ("shift the dentist on friday to next monday at 10", "E3", "W1+1", "10:00"),
        ("把周二的周会改到周三", "E7", "W3", None),
        ("周二的周会挪到周四上午十点", "E7", "W4", "10:00"),
    ],
)
def test_the_day_before_the_destination_is_the_events(message: str, ref: str, date: str, time: str | None) -> None:
    name, arguments = tool_of(respond(request(message, language="zh" if "周会" in message else "en", entities=ENTITIES)))
    assert (name, arguments["event_ref"], arguments["date"], arguments["time"]) == ("change_event", ref, date, time)


@pytest.mark.parametrize(
    ("message", "time"), [("actually make that 9:30", "09:30"), ("make that 4:15 instead", "16:15"), ("no make that 11", "11:00")]
)
def test_make_that_a_time_changes_the_event_in_focus(message: str, time: str) -> None:
    # "that" is the event in focus (the server resolves it), not a word that changes the time.
    name, arguments = tool_of(respond(request(message, entities=ENTITIES[:1])))
    assert (name, arguments["event_ref"], arguments["event_words"], arguments["time"]) == ("change_event", None, None, time)


@pytest.mark.parametrize(
    "message",
    ["the pool closes at 8 on sundays", "the library opens at 9 on weekdays i think", "今晚八点有演唱会 太期待了", "周六下午有球赛"],
)
def test_the_world_with_a_repeat_or_a_there_is_is_talk(message: str) -> None:
    assert not respond(request(message, language="zh" if "有" in message else "en")).tool_calls, message


def _today() -> datetime.date:
    return datetime.date(2026, 12, 7)


@pytest.mark.parametrize(
    ("message", "date", "time"),
    [
        ("两个小时后跟供应商开个电话会", "D+0", "12:00"),
        ("半小时以后和小周对一下方案", "D+0", "10:30"),
        ("in three hours call with the bank", "D+0", "13:00"),
    ],
)
def test_a_moment_from_now_is_a_slot_of_its_own(message: str, date: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message, language="zh" if "后" in message else "en")))
    assert (name, arguments["date"], arguments["time"]) == ("schedule_event", date, time)


@pytest.mark.parametrize(
    "message", ["五分钟后响铃", "设个二十分钟的倒计时", "set a timer for 10 minutes", "start a 5 minute countdown"]
)
def test_a_timer_is_no_event(message: str) -> None:
    response = respond(request(message, language="zh" if "后" in message or "倒" in message else "en"))
    assert not response.tool_calls, message


def test_a_word_after_a_clock_time_is_not_a_date() -> None:
    # 年/月/号 right after 两点 start a word ("年终总结会"): the day and time are still read.
    name, arguments = tool_of(respond(request("周四下午两点年终总结会 帮我排一下", language="zh")))
    assert (name, arguments["date"], arguments["time"], arguments["title"]) == ("schedule_event", "W4", "14:00", "年终总结会")


@pytest.mark.parametrize(
    ("message", "title", "time"),
    [("add date night friday at 8 pm", "Date night", "20:00"), ("quiz night on friday 7:30pm", "Quiz night", "19:30")],
)
def test_night_after_a_word_is_part_of_the_name(message: str, title: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", title, "W5", time)


@pytest.mark.parametrize(
    ("message", "date", "time"),
    [("alert me in three hours", "D+0", "13:00"), ("ping me in 20 minutes", "D+0", "10:20"), ("notify me tomorrow at 9am", "D+1", "09:00")],
)
def test_a_verb_aimed_at_the_person_is_a_reminder_never_an_event(message: str, date: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["date"], arguments["time"]) == ("set_reminder", date, time), message


@pytest.mark.parametrize(
    ("message", "language", "words"),
    [
        ("whens my next dentist", "en", "Dentist"),
        ("when's the dentist", "en", "Dentist"),
        ("what time is my piano lesson again", "en", "Piano lesson"),
        ("牙医是几点的", "zh", "牙医"),
        ("周会是哪天来着", "zh", "周会"),
        ("瑜伽什么时候", "zh", "瑜伽"),
    ],
)
def test_when_is_a_named_event_looks_ahead_for_that_event(message: str, language: str, words: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments["start"], arguments["end"], arguments["event_words"]) == ("query_events", "D+0", "D+61", words)


@pytest.mark.parametrize("message", ["when is my next meeting", "what's coming up", "最近有什么安排", "下一个会是几点"])
def test_a_kind_of_event_is_no_name_to_look_for(message: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["start"], arguments["end"], arguments.get("event_words")) == ("query_events", "D+0", "D+13", None)


def test_can_u_opens_a_request() -> None:
    name, arguments = tool_of(respond(request("can u book a piano lesson for me")))
    assert (name, arguments["title"]) == ("schedule_event", "Piano lesson")


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("cancel book club this week, im not going", "Book club"),
        ("scrap book signing on thursday, it moved online", "Book signing"),
        ("remove the plan review, not needed anymore", "Plan review"),
    ],
)
def test_the_clause_that_asks_names_the_event_to_delete(message: str, words: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["event_words"]) == ("delete_event", words)
    assert arguments["event_date"] in {None, "W4"}  # "this week" is no one day: none is passed
