"""A listed card says whether its question can still be answered: once answered by any path (its
button, a typed "yes" or "好", a later revision, a newer question) it is not open, after a reload too."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from assistant.turn.inputs import handle_confirmation
from tests.assistant.conftest import Chat, tool
from tests.assistant.test_scope_card import press, yoga_then_ask

pytestmark = pytest.mark.django_db


def listed_cards(chat: Chat) -> dict[int, dict[str, Any]]:
    client = Client()
    client.force_login(chat.user)
    listed = client.get(f"/api/threads/{chat.thread.id}/messages/").json()
    return {message["id"]: message["card"] for message in listed if message["card"]}


def ask_to_delete(chat: Chat, add_event: Any) -> Any:
    dentist = add_event(chat.user, "Dentist", "2026-12-08 15:00")
    asked = chat.say("delete the dentist", tool("delete_event", event_ref=f"E{dentist.id}", ordinal=None))
    assert asked.assistant_message.card["kind"] == "delete_event"
    assert listed_cards(chat)[asked.assistant_message.id]["open"] is True
    return asked


@pytest.mark.parametrize("answer", ["yes", "好"])
def test_a_delete_card_answered_by_typing_is_no_longer_open(chat: Chat, add_event: Any, answer: str) -> None:
    asked = ask_to_delete(chat, add_event)
    chat.say(answer)
    assert chat.events() == []
    assert listed_cards(chat)[asked.assistant_message.id]["open"] is False


def test_a_delete_card_answered_by_its_button_is_no_longer_open(chat: Chat, add_event: Any) -> None:
    asked = ask_to_delete(chat, add_event)
    card = asked.assistant_message.card
    handle_confirmation(
        user=chat.user, confirmation_id=card["confirmation_id"], decision="keep", action_digest=card["action_digest"]
    )
    assert len(chat.events()) == 1
    assert listed_cards(chat)[asked.assistant_message.id]["open"] is False


def test_a_delete_card_goes_stale_when_the_talk_moves_on_or_its_time_runs_out(chat: Chat, add_event: Any) -> None:
    asked = ask_to_delete(chat, add_event)
    chat.say("lunch with ana on friday at 1pm", tool("schedule_event", title="Lunch with Ana", date="W5",
                                                     time="13:00", duration_minutes=None, command_id=None))  # fmt: skip
    assert listed_cards(chat)[asked.assistant_message.id]["open"] is False

    again = chat.say("delete the dentist", tool("delete_event", event_ref=f"E{chat.events()[0].id}", ordinal=None))
    assert listed_cards(chat)[again.assistant_message.id]["open"] is True
    chat.later(hours=2)
    assert listed_cards(chat)[again.assistant_message.id]["open"] is False


def test_a_pending_card_asked_again_leaves_only_the_newest_open(chat: Chat) -> None:
    first = chat.say("dentist this weekend", tool("schedule_event", title="Dentist", date="WE", time=None,
                                                  duration_minutes=None, command_id=None))  # fmt: skip
    command_id = first.assistant_message.card["command_id"]
    assert listed_cards(chat)[first.assistant_message.id]["open"] is True
    revised = chat.say("actually make it next weekend")  # the open request's own patch: no model call
    cards = listed_cards(chat)
    assert revised.assistant_message.card["command_id"] == command_id
    assert (cards[first.assistant_message.id]["open"], cards[revised.assistant_message.id]["open"]) == (False, True)
    # The command is still the open request; the old card is stale all the same.
    assert cards[first.assistant_message.id]["command_open"] is True


def test_a_which_ones_card_is_open_only_while_it_is_the_last_question(chat: Chat) -> None:
    asked = yoga_then_ask(chat, "delete_event")
    assert listed_cards(chat)[asked.assistant_message.id]["open"] is True
    press(chat, asked.assistant_message.id, "this")
    cards = listed_cards(chat)
    assert cards[asked.assistant_message.id]["open"] is False
