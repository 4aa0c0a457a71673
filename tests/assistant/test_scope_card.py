"""Which of a repeating event: the card's three buttons are answered in code (no model call),
with the same tool call and the occurrence the question named; an old card changes nothing."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client

from assistant.models import PendingConfirmation
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from assistant.turn.inputs import handle_confirmation, handle_scope_choice
from scheduling.localtime import local_datetime
from scheduling.selectors import occurrences_in_range
from tests.assistant.conftest import Chat, tool

pytestmark = pytest.mark.django_db
MONDAYS = ["2026-12-07", "2026-12-14", "2026-12-21"]
WEEKLY = {"frequency": "weekly", "interval": None, "weekdays": ["MO"], "month_day": None, "until": None, "count": None}


def three_mondays(chat: Chat) -> list[str]:
    zone = chat.user.profile.zone  # type: ignore[attr-defined]
    start = local_datetime(datetime.date(2026, 12, 7), datetime.time(0, 0), zone)
    occurrences = occurrences_in_range(owner=chat.user, start=start, end=start + datetime.timedelta(days=21))
    return [o.starts_at.astimezone(zone).strftime("%Y-%m-%d %H:%M") for o in occurrences]


def yoga_then_ask(chat: Chat, name: str, said: str = "next monday's yoga", **arguments: Any) -> Any:
    chat.say(
        "yoga every monday at 7pm",
        tool("schedule_event", title="Yoga", date=None, time="19:00", duration_minutes=None, command_id=None,
             recurrence=WEEKLY),
    )  # fmt: skip
    asked = chat.say(said, tool(name, event_ref=None, ordinal=None, scope=None, occurrence="W1+1",
                                                **arguments))  # fmt: skip
    assert asked.trace.tool_calls[-1]["status"] == "needs_scope"
    return asked


def press(chat: Chat, message_id: int, scope: str) -> Any:
    with use_provider(ScriptedProvider([])):  # a model call would find no output and fail the turn
        return handle_scope_choice(user=chat.user, thread_id=chat.thread.id, message_id=message_id, scope=scope)


def test_only_this_one_from_the_card_deletes_that_week_after_the_confirm(chat: Chat) -> None:
    asked = yoga_then_ask(chat, "delete_event")
    card = asked.assistant_message.card
    assert card["type"] == "scope_choice" and card["action"] == "delete"
    assert card["choices"] == ["this", "following", "all"]
    assert card["arguments"]["occurrence"] == "2026-12-14"

    pressed = press(chat, asked.assistant_message.id, "this")
    assert pressed.user_message.text == "Only this one"
    assert pressed.trace.route == "fast_path" and pressed.trace.model_calls == 0
    assert pressed.trace.tool_calls[-1]["status"] == "awaiting_confirmation"
    assert "Delete only this one" in pressed.assistant_message.text and "Mon 14 Dec" in pressed.assistant_message.text
    assert len(three_mondays(chat)) == 3  # nothing is gone before the yes

    confirmation = PendingConfirmation.objects.get(thread=chat.thread)
    handle_confirmation(
        user=chat.user, confirmation_id=str(confirmation.id), decision="confirm",
        action_digest=confirmation.action_digest,
    )  # fmt: skip
    assert three_mondays(chat) == ["2026-12-07 19:00", "2026-12-21 19:00"]


def test_this_and_the_following_from_the_card_moves_the_rest_of_the_series(chat: Chat) -> None:
    asked = yoga_then_ask(
        chat,
        "change_event",
        "move next monday's yoga to 8pm",
        title=None,
        date=None,
        time="20:00",
        duration_minutes=None,
    )
    assert asked.assistant_message.card["action"] == "change"
    pressed = press(chat, asked.assistant_message.id, "following")
    assert pressed.trace.tool_calls[-1]["status"] == "updated", pressed.trace.tool_calls
    assert three_mondays(chat) == ["2026-12-07 19:00", "2026-12-14 20:00", "2026-12-21 20:00"]


def test_an_old_card_changes_nothing(chat: Chat) -> None:
    asked = yoga_then_ask(chat, "delete_event")
    chat.say("what's on today", tool("query_events", start="D+0", end="D+0"))
    pressed = press(chat, asked.assistant_message.id, "all")
    assert "stale_scope_choice" in pressed.trace.flags
    assert "no longer open" in pressed.assistant_message.text
    assert len(three_mondays(chat)) == 3
    assert not PendingConfirmation.objects.filter(thread=chat.thread).exists()


def test_the_endpoint_checks_the_scope_and_the_thread_owner(chat: Chat, other_person: Any) -> None:
    asked = yoga_then_ask(chat, "delete_event")
    client = Client()
    client.force_login(other_person)
    url = f"/api/threads/{chat.thread.id}/scope/"
    body = {"message_id": asked.assistant_message.id, "scope": "all"}
    assert client.post(url, body, content_type="application/json").status_code == 404
    client.force_login(chat.user)
    bad = client.post(url, {**body, "scope": "some"}, content_type="application/json")
    assert bad.status_code == 400
    with use_provider(ScriptedProvider([])):
        done = client.post(url, body, content_type="application/json")
    assert done.status_code == 201, done.content
    assert "Delete" in done.json()["assistant_message"]["text"]
    assert len(three_mondays(chat)) == 3
