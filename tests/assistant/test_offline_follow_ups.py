"""Follow-ups in a conversation (issue 22, held-out round 70): "that day" is the day the person named last,
even when the request that named it is done; a numbered list is answered by its position in words too,
and a list of one by "1"; another reminder counted from the event ("also the night before at 9pm"), one
before each time of a series, and a thing to do asked to be put down without its moment. Each through
the real pipeline, checked on the database."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from assistant.providers.offline.understand import respond
from scheduling.models import Event, Reminder
from tests.assistant.conftest import Chat, OfflineChat, local
from tests.assistant.offline_requests import request, tool_of, with_history

pytestmark = pytest.mark.django_db


@pytest.fixture
def chat(person: Any, clock: Any) -> OfflineChat:
    return OfflineChat(person, clock)


@pytest.fixture
def chat_zh(make_person: Callable[..., Any], clock: Any) -> OfflineChat:
    return OfflineChat(make_person(language="zh"), clock)


def _event(chat: Chat, title: str, start: str, minutes: int = 60) -> Event:
    begins = datetime.datetime.fromisoformat(start).replace(tzinfo=chat.user.profile.zone)
    return Event.objects.create(owner=chat.user, title=title, starts_at=begins, ends_at=begins + datetime.timedelta(minutes=minutes))


# --- "that day": the day the person named last --------------------------------------------------


@pytest.mark.parametrize(
    ("turns", "title", "start"),
    [
        # The day was named in a request already done (a reminder set): "that day" is still theirs.
        (["remind me to call grandma on christmas", "like 10am", "and put christmas dinner at my aunts at 6pm that day"],
         "Christmas dinner at my aunts", "Fri 2026-12-25 18:00"),
        (["am i free on the 23rd?", "ok add picking her up from the airport at 2pm", "oh and dinner with her that night at 7:30pm"],
         "Dinner with her", "Wed 2026-12-23 19:30"),
    ],
)  # fmt: skip
def test_that_day_is_the_day_named_last_even_after_a_finished_request(chat: OfflineChat, turns: list[str], title: str, start: str) -> None:
    for message in turns[:-1]:
        chat.say(message)
    last = chat.say(turns[-1])
    assert last.trace.flags == [], last.reply  # traced to the person's words: no card
    assert (title, start) in [(e.title, local(e)) for e in chat.events()]


def test_that_day_with_no_day_ever_named_is_asked(chat: OfflineChat) -> None:
    chat.say("remind me to call grandma at 10am")
    chat.say("put christmas dinner at my aunts at 6pm that day")
    assert chat.events() == []


# --- a numbered list answered by position ------------------------------------------------------


def test_the_moment_said_names_the_event_when_the_words_are_what_was_done_to_it(chat: OfflineChat) -> None:
    _event(chat, "Call with Marco", "2026-12-09T11:00", 30)
    chat.say("my 11am on wednesday got pushed to 11:30, update pls")
    assert [(e.title, local(e)) for e in chat.events()] == [("Call with Marco", "Wed 2026-12-09 11:30")]


def test_a_list_of_one_is_answered_by_1_and_the_request_goes_on(chat: OfflineChat) -> None:
    _event(chat, "瑜伽", "2026-12-09T11:00")  # named in the other language: no title fits the words
    asked = chat.say("move my yoga on wednesday at 11am to 11:30")
    assert "say 1" in asked.reply and [local(e) for e in chat.events()] == ["Wed 2026-12-09 11:00"]
    chat.say("1")
    assert [(e.title, local(e)) for e in chat.events()] == [("瑜伽", "Wed 2026-12-09 11:30")]


@pytest.mark.parametrize("answer", ["the first", "the 1st one", "first one pls"])
def test_a_position_in_words_is_no_date(chat: OfflineChat, answer: str) -> None:
    _event(chat, "Team meeting", "2026-12-10T11:00", 30)
    _event(chat, "Budget meeting", "2026-12-11T11:00", 30)
    chat.say("move the meeting to friday 5pm")
    chat.say(answer)
    assert sorted((e.title, local(e)) for e in chat.events()) == [
        ("Budget meeting", "Fri 2026-12-11 11:00"), ("Team meeting", "Fri 2026-12-11 17:00")]  # fmt: skip


# --- reminders said after a reminder, and on a series ------------------------------------------


@pytest.mark.parametrize("message", ["also the night before at 9pm", "and the evening before at 9pm too"])
def test_another_reminder_counted_from_the_event(chat: OfflineChat, message: str) -> None:
    _event(chat, "Job interview", "2026-12-10T15:00")
    chat.say("when's my interview")
    chat.say("remind me 2 hours before so i can get ready")
    chat.say(message)
    assert chat.reminders() == [("Job interview", 120), ("Job interview", 1080)]  # 21:00 the night before a 15:00 start


def test_another_reminder_counted_from_the_event_zh(chat_zh: OfflineChat) -> None:
    _event(chat_zh, "面试", "2026-12-10T15:00")
    chat_zh.say("面试是哪天")
    chat_zh.say("提前两个小时提醒我")
    chat_zh.say("前一天晚上九点也提醒一下")
    assert chat_zh.reminders() == [("面试", 120), ("面试", 1080)]


@pytest.mark.parametrize(
    ("booking", "reminder", "language"),
    [("add spanish class every thursday at 6:30pm", "oh and remind me 30 min before each time", "en"),
     ("每周四晚上七点上钢琴课", "每次提前半小时提醒我", "zh")],
)  # fmt: skip
def test_each_time_is_the_series_just_booked(chat: OfflineChat, chat_zh: OfflineChat, booking: str, reminder: str, language: str) -> None:
    talk = chat if language == "en" else chat_zh
    talk.say(booking)
    talk.say(reminder)
    [event] = talk.events()
    assert [(r.event_id, r.minutes_before) for r in Reminder.objects.filter(owner=talk.user)] == [(event.id, 30)]


# --- a thing to do, asked to be put down without its moment ------------------------------------


@pytest.mark.parametrize(
    ("turns", "title", "start", "language"),
    [
        (["i need to get a flu shot, can u add it", "friday morning", "10:30am"], "Get a flu shot", "Fri 2026-12-11 10:30", "en"),
        (["so we have to renew the passports, put it in my calendar", "thursday 9am"], "Renew the passports", "Thu 2026-12-10 09:00", "en"),
        (["我得去打流感疫苗 帮我记一下", "周五上午十点半"], "打流感疫苗", "Fri 2026-12-11 10:30", "zh"),
    ],
)  # fmt: skip
def test_a_thing_to_do_asked_to_be_put_down_asks_its_moment_then_books(
    chat: OfflineChat, chat_zh: OfflineChat, turns: list[str], title: str, start: str, language: str
) -> None:
    talk = chat if language == "en" else chat_zh
    first = talk.say(turns[0])
    assert talk.events() == [] and title in first.reply
    for message in turns[1:]:
        talk.say(message)
    assert [(e.title, local(e)) for e in talk.events()] == [(title, start)]


@pytest.mark.parametrize(("message", "language"), [("帮我记一下 我的车位是B12", "zh"), ("帮我记下 老王喜欢喝茶", "zh")])
def test_a_fact_asked_to_be_noted_is_kept_not_booked(message: str, language: str) -> None:
    assert tool_of(respond(request(message, language=language)))[0] == "remember_fact"


def test_a_thing_to_do_with_its_day_but_no_time_asks_the_time() -> None:
    name, arguments = tool_of(respond(request("周五是公司年会，帮我记一下", language="zh")))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", "公司年会", "W5", None)


# --- holding a slot just asked about -----------------------------------------------------------


def test_holding_the_slot_asked_about_asks_its_name_then_books(chat: OfflineChat) -> None:
    chat.say("am i free wednesday at 2pm")
    chat.say("great hold that slot for me")
    assert chat.events() == []
    chat.say("call it physio")
    assert [(e.title.lower(), local(e)) for e in chat.events()] == [("physio", "Wed 2026-12-09 14:00")]


@pytest.mark.parametrize(("message", "title"), [("can you hold friday 10am for a call with the bank", "Call with the bank"),
                                                ("hold on, add coffee with jen tomorrow 10am", "Coffee with jen")])  # fmt: skip
def test_hold_is_a_request_and_hold_on_is_filler(message: str, title: str) -> None:
    assert tool_of(respond(request(message)))[1]["title"] == title


# --- closings and questions by name -------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language"),
    [("thanks thats all for now", "en"), ("thanks merry xmas", "en"), ("ok night", "en"), ("have a good one", "en"),
     ("谢谢你啊 辛苦了", "zh"), ("行 知道了 新年快乐", "zh")],
)  # fmt: skip
def test_a_closing_is_answered_in_words(message: str, language: str) -> None:
    response = respond(with_history(message, "book dentist friday 3pm", "Added.", language=language))
    assert response.tool_calls == [] and "didn't" not in (response.text or "") and "没太明白" not in (response.text or "")


@pytest.mark.parametrize(
    ("message", "language", "words", "end"),
    [("when do i see dr patel next", "en", "Dr patel", "D+61"), ("牙医是几号来着", "zh", "牙医", "D+61"),
     ("show me everything i have in january", "en", None, "2027-01-31")],
)  # fmt: skip
def test_a_question_by_name_or_month_is_looked_up(message: str, language: str, words: str | None, end: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments.get("event_words"), arguments["end"]) == ("query_events", words, end)


# --- a name put right, and a day looked at again ------------------------------------------------


@pytest.mark.parametrize(
    ("booking", "fix", "title", "language"),
    [("book call with marco wed 11am", "actually its marcus not marco", "Call with marcus", "en"),
     ("book call with marco wed 11am", "oops its Marcus, not Marco", "Call with Marcus", "en"),
     ("book lunch with sam friday 1pm", "not sam, pam", "Lunch with pam", "en"),
     ("明天下午三点跟张总开会", "写错了 是章总", "跟章总开会", "zh"),
     ("明天下午三点跟张总开会", "不是张总 是章总", "跟章总开会", "zh")],
)  # fmt: skip
def test_a_name_put_right_renames_the_event_just_made(
    chat: OfflineChat, chat_zh: OfflineChat, booking: str, fix: str, title: str, language: str
) -> None:
    talk = chat if language == "en" else chat_zh
    talk.say(booking)
    before = [local(e) for e in talk.events()]
    outcome = talk.say(fix)
    assert outcome.trace.flags == [] and [(e.title, local(e)) for e in talk.events()] == [(title, before[0])]


@pytest.mark.parametrize("fix", ["its not a big deal", "是的", "not now"])
def test_words_that_put_no_name_right_rename_nothing(chat: OfflineChat, fix: str) -> None:
    chat.say("book call with marco wed 11am")
    chat.say(fix)
    assert [e.title for e in chat.events()] == ["Call with marco"]


@pytest.mark.parametrize("message", ["anything after 4?", "anything before noon?"])
def test_anything_around_an_hour_is_the_day_just_looked_at(message: str) -> None:
    name, arguments = tool_of(respond(with_history(message, "whats on friday", "Fri 11 Dec: 1 event.")))
    assert (name, arguments["start"]) == ("query_events", "W5")


def test_anything_around_an_hour_with_no_day_looked_at_is_never_today() -> None:
    response = respond(request("anything after 4?"))
    assert not any('"D+0"' in call.arguments for call in response.tool_calls)


@pytest.mark.parametrize(("message", "words"), [("周五的饭局还照常吗", "饭局"), ("聚餐还在吗", "聚餐")])
def test_still_on_is_a_question_about_that_event(message: str, words: str) -> None:
    name, arguments = tool_of(respond(request(message, language="zh")))
    assert (name, arguments["event_words"]) == ("query_events", words)


@pytest.mark.parametrize(
    ("message", "title", "minutes", "language"),
    [("can you remind me the night before the flight at 8pm to pack", "Flight to Denver", 660, "en"),  # 20:00 the day before 07:00
     ("remind me at 7am on the day of my job interview", "Job interview", 180, "en"),
     ("体检前一天晚上八点提醒我一下", "体检", 780, "zh")],
)  # fmt: skip
def test_a_reminder_at_a_time_counted_from_a_named_event(
    chat: OfflineChat, chat_zh: OfflineChat, message: str, title: str, minutes: int, language: str
) -> None:
    talk = chat if language == "en" else chat_zh
    _event(talk, "Flight to Denver", "2026-12-19T07:00", 180)
    _event(talk, "Job interview", "2026-12-18T10:00")
    _event(talk, "体检", "2026-12-11T09:00")
    outcome = talk.say(message)
    assert outcome.trace.flags == [], outcome.reply
    assert talk.reminders() == [(title, minutes)]


def test_a_kind_of_appointment_named_alone_is_offered_then_booked_from_its_answers(chat: OfflineChat) -> None:
    first = chat.say("vet appointment for the cat")
    assert chat.events() == [] and "'Vet appointment for the cat'" in first.reply
    chat.say("thursday")
    chat.say("4:15pm")
    assert [(e.title, local(e)) for e in chat.events()] == [("Vet appointment for the cat", "Thu 2026-12-10 16:15")]


@pytest.mark.parametrize("message", ["my appointments", "what meetings do i have"])
def test_appointments_asked_about_are_a_question_not_an_offer(message: str) -> None:
    assert tool_of(respond(request(message)))[0] == "query_events"
