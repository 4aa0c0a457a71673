"""Several writes asked for in one message: when a model answers with several write calls, they run in order while
each is written at once, and the reply is their receipts in that order. A call that is not written (a clash, a
question, a card, a call the guard holds) ends the run there: the writes after it are not made, and the turn is
flagged. A write beside a read runs alone, as before."""

from __future__ import annotations

from typing import Any

import pytest

from scheduling.models import Reminder
from tests.assistant.conftest import Chat, OfflineChat, event_at, local, tool

pytestmark = pytest.mark.django_db


def both(*calls: dict[str, Any]) -> dict[str, Any]:
    return {"calls": list(calls)}


HAIRCUT = tool("schedule_event", title="Haircut", date="D+1", time="16:00")
GYM = tool("schedule_event", title="Gym", date="W4", time="18:00")


def test_two_bookings_in_one_answer_are_both_written_and_both_receipted(chat: Chat) -> None:
    outcome = chat.say("book haircut tmrw at 4pm and gym on thursday at 6pm", both(HAIRCUT, GYM))
    assert [(e.title, local(e)) for e in chat.events()] == [("Haircut", "Tue 2026-12-08 16:00"), ("Gym", "Thu 2026-12-10 18:00")]
    assert "Haircut" in outcome.reply and "Gym" in outcome.reply and outcome.reply.index("Haircut") < outcome.reply.index("Gym")
    assert "extra_tool_calls_ignored" not in outcome.trace.flags


def test_a_booking_and_a_reminder_in_one_answer(chat: Chat) -> None:
    reminder = tool("set_reminder", text="buy flowers", date="D+1", time="16:00")
    outcome = chat.say("call mom tomorrow at 5pm and remind me at 4pm tomorrow to buy flowers",
                       both(tool("schedule_event", title="Call mom", date="D+1", time="17:00"), reminder))  # fmt: skip
    assert [e.title for e in chat.events()] == ["Call mom"] and Reminder.objects.filter(text="buy flowers").count() == 1
    assert "Call mom" in outcome.reply and "buy flowers" in outcome.reply


def test_a_write_not_made_ends_the_run_and_what_follows_is_not_written(chat: Chat) -> None:
    event_at(chat, "Standup", "2026-12-10T18:00")
    outcome = chat.say("book gym on thursday at 6pm and haircut tmrw at 4pm", both(GYM, HAIRCUT))  # the first clashes
    assert [e.title for e in chat.events()] == ["Standup"]
    assert "extra_tool_calls_ignored" in outcome.trace.flags and "Haircut" not in outcome.reply


def test_after_a_write_a_clash_is_shown_with_its_card(chat: Chat) -> None:
    event_at(chat, "Standup", "2026-12-10T18:00")
    outcome = chat.say("book haircut tmrw at 4pm and gym on thursday at 6pm", both(HAIRCUT, GYM))
    assert sorted(e.title for e in chat.events()) == ["Haircut", "Standup"]
    assert "Haircut" in outcome.reply and "Standup" in outcome.reply  # the receipt, then the clash it names


def test_a_write_the_person_did_not_ask_for_is_held_even_after_one_they_did(chat: Chat) -> None:
    outcome = chat.say("book haircut tmrw at 4pm", both(HAIRCUT, tool("schedule_event", title="Poker night", date="D+1", time="21:00")))
    assert [e.title for e in chat.events()] == ["Haircut"]  # the second was held on a card naming it, never written
    assert outcome.trace.flags == ["untrusted_source"] and [call.status for call in outcome.tool_calls] == ["created", "needs_confirmation"]


def test_a_write_beside_a_read_runs_alone(chat: Chat) -> None:
    outcome = chat.say("book haircut tmrw at 4pm and whats on friday", both(HAIRCUT, tool("query_events", start="W5")))
    assert [e.title for e in chat.events()] == ["Haircut"] and "extra_tool_calls_ignored" in outcome.trace.flags


@pytest.mark.parametrize(
    ("message", "written"),
    [("book haircut tmrw at 4pm and gym on thursday at 6pm", [("Haircut", "Tue 2026-12-08 16:00"), ("Gym", "Thu 2026-12-10 18:00")]),
     ("lunch with sam tomorrow at 12 and dinner with jo friday at 7pm", [("Lunch with sam", "Tue 2026-12-08 12:00"), ("Dinner with jo", "Fri 2026-12-11 19:00")]),
     ("明天下午三点开会 还有周五晚上七点跟小李吃饭 都帮我记一下", [("开会", "Tue 2026-12-08 15:00"), ("跟小李吃饭", "Fri 2026-12-11 19:00")]),
     ("dinner with tom and jerry tomorrow at 7pm", [("Dinner with tom and jerry", "Tue 2026-12-08 19:00")]),  # one name
     ("gym at 6pm tomorrow and then dinner at 8", [("Gym", "Tue 2026-12-08 18:00"), ("Dinner", "Tue 2026-12-08 20:00")]),  # that day
     ("明天下午三点开会 还有跟小李吃饭", [])],  # the second has no moment: read whole (the whole asks)
)  # fmt: skip
def test_the_stand_in_splits_a_message_only_into_complete_writes(offline: OfflineChat, message: str, written: list[tuple[str, str]]) -> None:
    offline.say(message)
    assert [(e.title, local(e)) for e in offline.events()] == written


def test_the_stand_in_books_and_sets_a_reminder_before_another_event(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-11T15:00")
    offline.say("add lunch with mark on thursday 12:30 and remind me 30 min before my dentist")
    assert sorted(e.title for e in offline.events()) == ["Dentist", "Lunch with mark"] and offline.reminders() == [("Dentist", 30)]
