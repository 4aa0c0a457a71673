"""A failure while recording a turn still leaves the person's message with an honest reply.

The record stage is forced to fail where it writes the intent log (the first thing it does)
and where it writes the trace (the last), on the model path and on the fast path.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import DatabaseError

from assistant.models import Message, TurnTrace
from assistant.turn import record
from tests.assistant.conftest import Chat, text, tool

pytestmark = pytest.mark.django_db


def create(title: str | None, time: str | None) -> dict[str, Any]:
    return tool("schedule_event", title=title, date="D+1", time=time, duration_minutes=None, command_id=None)


@pytest.fixture
def failing_intent_log(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise DatabaseError("the intent log is unavailable")

    monkeypatch.setattr(record, "state_apply", broken)


@pytest.fixture
def failing_trace(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """While armed, the record stage's trace row fails to insert (the salvage's own save works)."""
    switch = {"armed": True}
    original = TurnTrace.objects.create

    def create(**fields: Any) -> TurnTrace:
        if switch["armed"]:
            raise DatabaseError("invalid byte sequence")
        return original(**fields)

    monkeypatch.setattr(TurnTrace.objects, "create", create)
    return switch


def roles(chat: Chat) -> list[str]:
    return [message.role for message in chat.messages()]


def test_a_text_reply_survives_a_failed_intent_log(chat: Chat, failing_intent_log: None) -> None:
    outcome = chat.say("hello", text("Hi! How can I help?"))
    assert roles(chat) == ["user", "assistant"]
    assert outcome.reply == "Hi! How can I help?"
    assert "record_failed" in outcome.assistant_message.flags
    trace = TurnTrace.objects.get(thread=chat.thread)
    assert trace.error == "record failed: DatabaseError" and trace.assistant_message_id == outcome.assistant_message.id


def test_a_create_that_was_written_is_still_reported_truly(chat: Chat, failing_trace: dict[str, bool]) -> None:
    outcome = chat.say("dentist tomorrow at 3pm", create("Dentist", "15:00"))
    # The event was written by the tool before the record stage; the reply says so, and it is true.
    [event] = chat.events()
    assert event.title == "Dentist"
    assert roles(chat) == ["user", "assistant"]
    assert outcome.reply.startswith("Added:") and "record_failed" in outcome.assistant_message.flags
    assert TurnTrace.objects.get(thread=chat.thread).tool_calls[0]["status"] == "created"


def test_the_fast_path_keeps_its_write_and_its_true_reply(chat: Chat, failing_trace: dict[str, bool]) -> None:
    failing_trace["armed"] = False
    chat.say("dentist tomorrow", create("Dentist", None))
    failing_trace["armed"] = True
    outcome = chat.say("3pm")
    assert outcome.trace.route == "fast_path"
    assert len(chat.events()) == 1
    assert outcome.reply.startswith("Added:") and "record_failed" in outcome.assistant_message.flags
    assert roles(chat) == ["user", "assistant", "user", "assistant"]


def test_a_reply_that_needed_a_confirmation_becomes_an_apology_that_claims_nothing(
    chat: Chat, add_event: Any, failing_intent_log: None
) -> None:
    dentist = add_event(chat.user, "Dentist", "2026-12-08 15:00")
    outcome = chat.say("delete the dentist", tool("delete_event", event_ref=f"E{dentist.id}", ordinal=None))
    assert outcome.reply.startswith("Sorry, something went wrong while saving my answer")
    assert outcome.assistant_message.card is None and outcome.assistant_message.marker is None
    assert len(chat.events()) == 1
    # A later "yes" finds no confirmation to answer: nothing is deleted on it.
    record_ok = chat.say("yes", text("What should I confirm?"))
    assert len(chat.events()) == 1 and record_ok.reply


def test_when_even_the_salvage_trace_fails_the_reply_is_kept(chat: Chat, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise DatabaseError("nothing can be written to the trace")

    monkeypatch.setattr(TurnTrace.objects, "create", broken)
    monkeypatch.setattr(TurnTrace, "save", broken)
    outcome = chat.say("hello", text("Hi!"))
    assert outcome.reply == "Hi!"
    assert Message.objects.filter(thread=chat.thread, role="assistant").count() == 1
