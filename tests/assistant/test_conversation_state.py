"""State that follows the conversation, through the real pipeline with a scripted model: a numbered
list answered next turn, the day in focus, insisting on a clash, passed dates, resume with values,
and the reply's language."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from assistant.language import message_language
from scheduling.models import Event
from tests.assistant.conftest import Chat, local, text, tool
from tools.receipts import render_receipt
from tools.spec import Status, ToolResult

pytestmark = pytest.mark.django_db


def test_the_second_one_finishes_the_move_the_list_asked_about(chat: Chat, add_event: Callable[..., Event]) -> None:
    add_event(chat.user, "Team meeting", "2026-12-08T09:00")
    later = add_event(chat.user, "Team meeting", "2026-12-10T14:00")
    asked = chat.say("move the team meeting to 4pm", tool("change_event", event_words="team meeting", time="16:00"))
    assert "1." in asked.reply and "2." in asked.reply
    done = chat.say("the second one", tool("change_event", ordinal=2))
    assert done.trace.tool_calls[-1]["status"] == "updated"
    later.refresh_from_db()
    assert local(later) == "Thu 2026-12-10 16:00"


def test_a_day_queried_is_the_day_an_add_without_one_takes_and_says(chat: Chat) -> None:
    chat.say("what's on thursday?", tool("query_events", start="W4", end=None))
    added = chat.say("add gym at 6pm", tool("schedule_event", title="Gym", time="18:00"))
    [event] = chat.events()
    assert local(event) == "Thu 2026-12-10 18:00"
    assert "the day we were looking at" in added.reply


def test_a_week_leaves_no_day_in_focus(chat: Chat) -> None:
    chat.say("what's on this week?", tool("query_events", start="W1", end="W7"))
    chat.say("add gym at 6pm", tool("schedule_event", title="Gym", time="18:00"))
    assert chat.events() == [] and chat.commands()[-1].status == "needs_date"


def test_insisting_books_an_overlap_only_after_the_clash_was_shown(chat: Chat, add_event: Callable[..., Event]) -> None:
    add_event(chat.user, "Standup", "2026-12-08T09:30", 30)
    eager = chat.say("dentist tomorrow 9:30 even if it clashes", tool("schedule_event", title="Dentist", date="D+1", time="09:30", allow_overlap=True))  # fmt: skip
    assert eager.trace.tool_calls[-1]["status"] == "conflict" and len(chat.events()) == 1
    booked = chat.say("book it anyway", tool("schedule_event", allow_overlap=True))
    assert len(chat.events()) == 2 and "overlaps" in booked.reply and "Standup" in booked.reply
    assert booked.trace.tool_calls[-1]["overlaps"]


def test_a_passed_date_is_asked_about_and_yes_books_next_year(chat: Chat) -> None:
    asked = chat.say(
        "standup on december 1 at 9am", tool("schedule_event", title="Standup", date="12-01", time="09:00")
    )
    assert "1 Dec has passed" in asked.reply and "2027" in asked.reply and chat.events() == []
    booked = chat.say("yes")
    assert chat.model_calls == 0 and "2027" in booked.reply
    [event] = chat.events()
    assert local(event) == "Wed 2027-12-01 09:00"


def test_a_delete_word_never_accepts_the_offered_day(chat: Chat) -> None:
    chat.say("standup on december 1 at 9am", tool("schedule_event", title="Standup", date="12-01", time="09:00"))
    chat.say("delete it", tool("cancel_command"))
    assert chat.events() == [] and chat.commands()[-1].status == "cancelled"


def test_resume_applies_the_values_said_with_it(chat: Chat) -> None:
    chat.say("dinner with anna on friday", tool("schedule_event", title="Dinner with Anna", date="W5"))
    chat.say("what's on thursday?", tool("query_events", start="W4", end=None))
    chat.say("ok back to the dinner, 7pm", tool("resume_task", task_ref=None, time="19:00"))
    [event] = chat.events()
    assert local(event) == "Fri 2026-12-11 19:00"


def test_a_chinese_message_gets_a_chinese_receipt_on_an_english_profile(chat: Chat) -> None:
    outcome = chat.say("明天下午三点看牙医", tool("schedule_event", title="看牙医", date="D+1", time="15:00"))
    assert outcome.reply.startswith("已添加")
    again = chat.say("thanks, that's all", text("You're welcome!"))
    assert again.reply == "You're welcome!"


@pytest.mark.parametrize(
    ("message", "default", "language"),
    [
        ("明天下午三点", "en", "zh"),
        ("what's on tomorrow", "zh", "en"),
        ("ok", "zh", "zh"),
        ("15:00", "en", "en"),
        ("明天 3pm dentist", "en", "zh"),
    ],
)
def test_the_language_is_the_messages_when_clear(message: str, default: str, language: str) -> None:
    assert message_language(message, default) == language


def test_a_receipt_for_another_year_shows_the_year() -> None:
    import datetime

    event = {"ref": "E1", "title": "Checkup", "date": "2027-01-05", "start": "15:00", "end": "16:00"}
    result = ToolResult(Status.CREATED, {"event": event})
    assert "Tue 5 Jan 2027" in render_receipt(result, "en", datetime.date(2026, 12, 7))
    assert "2027年1月5日" in render_receipt(result, "zh", datetime.date(2026, 12, 7))
    assert "2027" not in render_receipt(result, "en", datetime.date(2027, 1, 1))


def test_a_waiting_list_never_lends_its_values_to_another_event(chat: Chat, add_event: Callable[..., Event]) -> None:
    add_event(chat.user, "Team meeting", "2026-12-08T09:00")
    add_event(chat.user, "Team meeting", "2026-12-10T14:00")
    yoga = add_event(chat.user, "Yoga", "2026-12-09T18:00")
    chat.say("move the team meeting to 4pm", tool("change_event", event_words="team meeting", time="16:00"))
    chat.say("move my yoga to sunday", tool("change_event", event_words="yoga", date="W7"))
    yoga.refresh_from_db()
    assert local(yoga) == "Sun 2026-12-13 18:00"
