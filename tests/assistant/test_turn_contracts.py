"""The contracts between the turn's stages: what the next turn needs is the thread's state (the
trace is a record for admins, never read back), and what is recorded is what the person saw."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from assistant.models import ThreadState, TurnTrace
from assistant.turn.cards import ScopeCard
from assistant.turn.context import EventSummary, ToolCallRecord
from scheduling.models import CommandStatus, Event
from tests.assistant.conftest import Chat, text, tool

pytestmark = pytest.mark.django_db


def _dentist_on_friday(chat: Chat) -> None:
    chat.say(
        "Dentist on Friday",
        tool("schedule_event", title="Dentist", date="W5", time=None, duration_minutes=None, command_id=None),
    )


def test_a_look_at_another_day_moves_the_talk_on_even_with_no_trace_left(chat: Chat) -> None:
    _dentist_on_friday(chat)
    chat.say("what's on Saturday?", tool("query_events", start="W6", end=None))
    TurnTrace.objects.all().delete()  # an admin clearing old traces changes nothing the turn knows
    moved_on = chat.say("3pm", text("For Saturday or for the dentist on Friday?"))
    assert moved_on.trace.route == "model"
    assert chat.events() == []
    assert chat.commands()[0].status == CommandStatus.NEEDS_TIME


def test_the_open_question_is_in_the_state_at_the_turns_revision(chat: Chat) -> None:
    asked = chat.say(
        "Dentist on Friday",
        tool("schedule_event", title="Dentist", date="W5", time=None, duration_minutes=None, command_id=None),
    )
    state = ThreadState.objects.get(thread=chat.thread)
    assert state.talk_state.asks_about(asked.assistant_message.card["command_id"])
    assert state.revision == asked.state.revision
    answered = chat.say("3pm")
    assert answered.trace.route == "fast_path"
    assert ThreadState.objects.get(thread=chat.thread).talk_state.question is None  # done: nothing asked now


def test_a_question_a_few_answers_old_no_longer_claims_a_bare_time(chat: Chat) -> None:
    _dentist_on_friday(chat)
    for _ in range(6):
        chat.say("hello", text("Hi!"))
    late = chat.say("3pm", text("3pm for what?"))
    assert late.trace.route == "model"
    assert chat.events() == []


def test_an_earlier_write_backs_its_claim_with_no_trace_left(chat: Chat) -> None:
    chat.say(
        "Dentist on Friday at 3pm",
        tool("schedule_event", title="Dentist", date="W5", time="15:00", duration_minutes=None, command_id=None),
    )
    TurnTrace.objects.all().delete()
    outcome = chat.say("did you add it?", text("Yes — I added it a moment ago: Dentist, Fri 11 Dec at 15:00."))
    assert outcome.trace.flags == []
    assert "a moment ago" in outcome.reply


def test_the_exit_checks_query_is_recorded_with_the_entities_the_person_saw(
    chat: Chat, add_event: Callable[..., Event]
) -> None:
    board = add_event(chat.user, "Board meeting", "2026-12-08T14:00")
    outcome = chat.say("am I free tomorrow?", text("Your calendar is clear tomorrow."))
    assert "unverified_schedule_fact" in outcome.trace.flags and "'Board meeting'" in outcome.reply
    state = ThreadState.objects.get(thread=chat.thread)
    # "the first one" next turn points into the list the person was shown, not a stale one.
    assert state.entities["listed"] == [board.id]
    assert [call["name"] for call in outcome.trace.tool_calls] == ["query_events"]
    assert outcome.trace.transitions and state.revision == outcome.trace.intent_revision


def test_a_tool_call_record_keeps_the_traces_keys() -> None:
    record = ToolCallRecord(
        "schedule_event",
        {"title": "Dentist"},
        status="created",
        ms=1.5,
        event=EventSummary("E1", "Dentist", "2026-12-11", "15:00", "16:00"),
        overlaps=("E2",),
        route="fast_path",
    )
    assert record.to_json() == {
        "event": {"ref": "E1", "title": "Dentist", "date": "2026-12-11", "start": "15:00", "end": "16:00"},
        "name": "schedule_event",
        "arguments": {"title": "Dentist"},
        "status": "created",
        "ms": 1.5,
        "overlaps": ["E2"],
        "route": "fast_path",
    }
    gate = ToolCallRecord("confirmation_gate", answer="yes", verdict="current")
    assert gate.to_json() == {"name": "confirmation_gate", "answer": "yes", "verdict": "current"}
    assert not gate.counts and record.counts


@pytest.mark.parametrize(
    "stored",
    [None, "text", {"type": "pending_command"}, {"type": "scope_choice", "tool": "change_event", "event": {}}],
)
def test_a_stored_card_that_asked_no_scope_question_is_none(stored: object) -> None:
    assert ScopeCard.from_json(stored) is None


def test_a_write_whose_record_failed_still_backs_its_claim_next_turn(
    chat: Chat, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.db import DatabaseError

    from assistant.turn import record

    real = record.state_apply

    def broken(*args: object, **kwargs: object) -> object:
        raise DatabaseError("the intent log is unavailable")

    monkeypatch.setattr(record, "state_apply", broken)
    salvaged = chat.say(
        "Dentist on Friday at 3pm",
        tool("schedule_event", title="Dentist", date="W5", time="15:00", duration_minutes=None, command_id=None),
    )
    assert "record_failed" in salvaged.trace.flags and len(chat.events()) == 1  # the tool call committed
    monkeypatch.setattr(record, "state_apply", real)
    outcome = chat.say("did you add it?", text("Yes — I added it a moment ago: Dentist, Fri 11 Dec at 15:00."))
    assert outcome.trace.flags == []


def test_threads_from_before_the_talk_was_state_get_it_from_their_traces(chat: Chat) -> None:
    import importlib

    from django.apps import apps

    seeding = importlib.import_module("assistant.migrations.0006_thread_state_talk_from_traces")
    chat.say(
        "Dentist on Friday at 3pm",
        tool("schedule_event", title="Dentist", date="W5", time="15:00", duration_minutes=None, command_id=None),
    )
    chat.say(
        "Yoga on Saturday",
        tool("schedule_event", title="Yoga", date="W6", time=None, duration_minutes=None, command_id=None),
    )
    chat.say("hello", text("Hi!"))
    recorded = ThreadState.objects.get(thread=chat.thread).talk
    assert recorded["question"]["answers_since"] == 1 and [w["title"] for w in recorded["writes"]] == ["dentist"]
    ThreadState.objects.filter(thread=chat.thread).update(talk={})
    seeding.seed(apps, None)
    assert ThreadState.objects.get(thread=chat.thread).talk == recorded


def test_a_finished_goal_ends_the_current_intent_with_no_trace_left(chat: Chat) -> None:
    reminder = tool("set_reminder", text="call mum", event_ref=None, minutes_before=None, date="D+0", time="17:00")
    done = chat.say("remind me to call mum at 5pm", reminder)
    assert [c["status"] for c in done.trace.tool_calls] == ["reminder_set"]
    TurnTrace.objects.all().delete()  # an admin clearing old traces changes nothing the turn knows
    # The words of the finished goal carry no second write: the model repeating it asks first.
    again = chat.say("and one for dad too", reminder)
    assert [c["status"] for c in again.trace.tool_calls] == ["needs_confirmation"]
