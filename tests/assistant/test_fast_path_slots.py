"""The fast path takes only slots: every word a slot value or filler, a title only when named,
and an open request that stops claiming bare replies once the talk has moved on."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from assistant.turn.patch import read_patch
from scheduling.models import CommandStatus
from tests.assistant.conftest import Chat, local, text, tool

WEDNESDAY = datetime.date(2026, 12, 2)


@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("Title it as The Hives Concert.", "The Hives Concert"), ("title it The Hives Concert", "The Hives Concert"),
        ('call it "Dentist"', "Dentist"), ("Call it: Team sync", "Team sync"), ("rename it to Standup", "Standup"),
        ("ok, let's call it Book club", "Book club"), ("change the title to Retro", "Retro"),
        ("name it Bob's party!", "Bob's party"), ("标题叫年终总结", "年终总结"), ("名字改成周会", "周会"),
        ("就叫读书会吧", "读书会"), ("叫它「团队午餐」", "团队午餐"), ("标题是：季度复盘", "季度复盘"),
    ],
)  # fmt: skip
def test_a_title_comes_from_an_explicit_naming(said: str, title: str) -> None:
    reading = read_patch(said, today=WEDNESDAY)
    assert reading is not None and reading.patch.title == title
    assert (reading.patch.date, reading.patch.time) == (None, None)


@pytest.mark.parametrize(
    "said",
    [
        "Sounds good.", "sounds gud", "Team lunch", "Perfect, thanks!", "叫小王来开会", "好的没问题", "call it a day",
        "call it lunch at 1",  # a title with a time in it is the model's to split
    ],
)  # fmt: skip
def test_no_title_without_a_naming(said: str) -> None:
    assert read_patch(said, today=WEDNESDAY) is None


@pytest.mark.parametrize(
    ("said", "date", "clock", "minutes"),
    [
        ("It will begin at 7 pm.", None, "19:00", None), ("it starts at 9am", None, "09:00", None),
        ("ok 4 then", None, "16:00", None), ("no, 5", None, "17:00", None), ("sure, works for me: fri 3pm", "W5", "15:00", None),
        ("tomorow 5pm please", "D+1", "17:00", None),  # a typo in a day is still the day
        ("明天下午三点半吧", "D+1", "15:30", None), ("那就下周一上午十点", "W1+1", "10:00", None),
        ("3pm for 45 minutes", None, "15:00", 45), ("两个小时", None, None, 120), ("wed 16", "12-16", None, None),
    ],
)  # fmt: skip
def test_only_slots_and_filler(said: str, date: str | None, clock: str | None, minutes: int | None) -> None:
    reading = read_patch(said, today=WEDNESDAY)
    assert reading is not None, said
    assert (reading.patch.date, reading.patch.time, reading.patch.duration_minutes) == (date, clock, minutes)
    assert reading.patch.title is None


@pytest.mark.parametrize(
    "said",
    [
        # Addresses, prices, counts and ordinals are never a date or a time.
        "341 7th Street at 08:45", "$15 at 3pm", "room 4 at 5pm", "5 people at 7pm", "table for 4 at 8",
        "the 2nd one", "the second one", "on the 3rd floor", "at 7th and main", "7号楼", "三号线", "人民路7号",
        # Shifts and offsets are not lengths; words that change a value are not filler.
        "in 2 hours", "2 hours later", "push it back an hour", "两小时后", "提前半小时", "not 5", "every friday",
        "from friday", "friday after", "tomorrow late", "3点以后", "周三之前", "this past wednesday at 3 or 4",
        "The meeting will start at 9am",
    ],
)  # fmt: skip
def test_more_than_slots_goes_to_the_model(said: str) -> None:
    assert read_patch(said, today=WEDNESDAY) is None


# --- the open request and the conversation ------------------------------------------------


@pytest.mark.django_db
def test_a_query_about_another_day_stops_the_stub_claiming_a_bare_time(chat: Chat) -> None:
    chat.say(
        "Dentist on Friday",
        tool("schedule_event", title="Dentist", date="W5", time=None, duration_minutes=None, command_id=None),
    )
    chat.say("what's on Saturday?", tool("query_events", start="W6", end=None))
    # "3pm" may be about Saturday now: the model reads it; the stub waits on its card.
    moved_on = chat.say("3pm", text("For Saturday or for the dentist on Friday?"))
    assert moved_on.trace.route == "model"
    assert chat.events() == []
    assert chat.commands()[0].status == CommandStatus.NEEDS_TIME


@pytest.mark.django_db
def test_a_look_at_the_stubs_own_day_keeps_the_question_open(chat: Chat) -> None:
    chat.say(
        "Dentist on Friday",
        tool("schedule_event", title="Dentist", date="W5", time=None, duration_minutes=None, command_id=None),
    )
    chat.say("what else is on Friday?", tool("query_events", start="W5", end=None))
    answered = chat.say("3pm")
    assert answered.trace.route == "fast_path"
    [event] = chat.events()
    assert (event.title, local(event)) == ("Dentist", "Fri 2026-12-11 15:00")


@pytest.mark.django_db
def test_a_new_request_in_between_moves_the_talk_on(
    make_chat: Callable[[Any], Chat], make_person: Callable[..., Any]
) -> None:
    chat = make_chat(make_person(language="zh"))
    chat.say(
        "周五看牙医",
        tool("schedule_event", title="看牙医", date="W5", time=None, duration_minutes=None, command_id=None),
    )
    chat.say("记住我对花生过敏", tool("remember_fact", topic="过敏", fact="对花生过敏。"))
    later = chat.say("下午三点", text("是给周五看牙医的时间吗？"))
    assert later.trace.route == "model"
    assert chat.events() == []


@pytest.mark.django_db
def test_coming_back_to_the_task_shows_its_card_and_takes_the_answer(chat: Chat) -> None:
    chat.say(
        "Dentist on Friday",
        tool("schedule_event", title="Dentist", date="W5", time=None, duration_minutes=None, command_id=None),
    )
    chat.say("remember I like window seats", tool("remember_fact", topic="seats", fact="Likes window seats."))
    back = chat.say("back to the dentist", tool("resume_task", task_ref=None))
    assert back.assistant_message.card["type"] == "pending_command"
    answered = chat.say("4pm")
    assert answered.trace.route == "fast_path"
    [event] = chat.events()
    assert local(event) == "Fri 2026-12-11 16:00"


@pytest.mark.django_db
def test_a_bare_title_answer_goes_through_the_model_into_the_waiting_create(chat: Chat) -> None:
    asked = chat.say(
        "put something on Friday at 3pm",
        tool("schedule_event", title=None, date="W5", time="15:00", duration_minutes=None, command_id=None),
    )
    assert [c["status"] for c in asked.trace.tool_calls] == ["needs_title"]
    named = chat.say(
        "Physio. Sounds good.",
        tool("schedule_event", title="Physio", date=None, time=None, duration_minutes=None, command_id=None),
    )
    assert named.trace.route == "model"
    [event] = chat.events()
    assert (event.title, local(event)) == ("Physio", "Fri 2026-12-11 15:00")
    assert len(chat.commands()) == 1


@pytest.mark.django_db
@pytest.mark.parametrize(("asked", "answer", "start"), [("a meeting with john tonight", "at eight", "20:00"),
                                                        ("dentist tomorrow morning", "at 10", "10:00")])  # fmt: skip
def test_a_bare_hour_answer_is_read_in_the_part_of_the_day_the_request_said(
    chat: Chat, asked: str, answer: str, start: str
) -> None:
    day = "D+0" if "tonight" in asked else "D+1"
    title = "Meeting with john" if "john" in asked else "Dentist"
    chat.say(asked, tool("schedule_event", title=title, date=day, time=None, duration_minutes=None, command_id=None))
    answered = chat.say(answer)
    assert answered.trace.route == "fast_path"
    [event] = chat.events()
    assert local(event).endswith(start)


@pytest.mark.django_db
def test_a_part_of_the_day_said_after_the_request_reads_the_bare_hour_in_it(chat: Chat) -> None:
    # "put doctor appointment next tuesday" … "evening" (to "what time?") … "at 8": 20:00, from the person's own words.
    chat.say("put doctor appointment on tuesday", tool("schedule_event", title="Doctor appointment", date="W2", time=None, duration_minutes=None, command_id=None))
    chat.say("evening", text("What time in the evening?"))
    answered = chat.say("at 8")
    assert answered.trace.route == "fast_path"
    [event] = chat.events()
    assert (event.title, local(event)[-5:]) == ("Doctor appointment", "20:00")


@pytest.mark.django_db
@pytest.mark.parametrize(("title", "start"), [("Dinner with Jo", "20:00"), ("Breakfast with Jo", "08:00")])
def test_a_bare_hour_for_a_meal_is_read_near_its_usual_time(chat: Chat, title: str, start: str) -> None:
    chat.say(f"{title.lower()} on tuesday", tool("schedule_event", title=title, date="W2", time=None, duration_minutes=None, command_id=None))
    answered = chat.say("at 8")
    assert answered.trace.route == "fast_path"
    [event] = chat.events()
    assert local(event)[-5:] == start


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("asked", "answer", "start"),
    [("schedule physio next week", "wednesday 11am", "Wed 2026-12-16 11:00"), ("下周约个体检", "周三上午十点", "Wed 2026-12-16 10:00"),
     ("schedule physio", "wednesday 11am", "Wed 2026-12-09 11:00")],
)  # fmt: skip
def test_a_weekday_answered_to_a_request_for_a_week_is_that_weeks(chat: Chat, asked: str, answer: str, start: str) -> None:
    # The week the request named bounds the weekday answered later, for every model: never this week's by default.
    title = "体检" if "体检" in asked else "Physio"
    chat.say(asked, tool("schedule_event", title=title, date=None, time=None, duration_minutes=None, command_id=None))
    answered = chat.say(answer)
    assert answered.trace.route == "fast_path"
    [event] = chat.events()
    assert local(event) == start
