"""A quick reply belongs to one request: once that request is closed or no longer the open one,
its button changes nothing, and the listed card says it can no longer be answered."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from assistant.models import Thread, TurnTrace
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from scheduling.models import Event, ScheduleCommand
from tests.assistant.conftest import tool

pytestmark = pytest.mark.django_db

SATURDAY = "2026-12-12"  # the frozen Monday's weekend


@pytest.fixture
def api(person: Any, frozen_now: Any) -> Client:
    client = Client()
    client.force_login(person)
    return client


def say(api: Client, thread: Thread, text: str, *outputs: Any, **extra: Any) -> dict[str, Any]:
    with use_provider(ScriptedProvider(outputs)):
        response = api.post(
            f"/api/threads/{thread.id}/messages/",
            data=json.dumps({"text": text, **extra}),
            content_type="application/json",
        )
    assert response.status_code == 201, response.content
    return response.json()


def weekend_request(api: Client, thread: Thread, title: str) -> dict[str, Any]:
    turn = say(
        api,
        thread,
        f"{title} this weekend at 10",
        tool("schedule_event", title=title, date="WE", time="10:00", duration_minutes=None, command_id=None),
    )
    card = turn["assistant_message"]["card"]
    assert card["type"] == "pending_command" and card["quick_replies"][0]["text"] == SATURDAY
    return card


def test_a_card_of_a_finished_request_cannot_set_the_date_of_another(api: Client, person: Any) -> None:
    thread = Thread.objects.create(owner=person)
    brunch = weekend_request(api, thread, "Brunch")
    # The person cancels brunch and starts a hike with the same open question.
    api.post(f"/api/commands/{brunch['command_id']}/cancel/")
    hike = weekend_request(api, thread, "Hike")

    stale = say(api, thread, SATURDAY, quick_reply_for=brunch["command_id"])
    assert stale["assistant_message"]["text"] == (
        "That choice belongs to a request that is no longer open; nothing was changed."
    )
    assert "stale_quick_reply" in stale["flags"] and stale["model_calls"] == 0
    hike_command = ScheduleCommand.objects.get(id=hike["command_id"])
    assert hike_command.is_open and not Event.objects.filter(owner=person).exists()
    assert TurnTrace.objects.filter(flags__icontains="stale_quick_reply").count() == 1

    # After a reload, the old cards say they are closed and only the hike's card is open.
    listed = api.get(f"/api/threads/{thread.id}/messages/").json()
    cards = [m["card"] for m in listed if m["card"] and m["card"].get("type") == "pending_command"]
    assert [(c["command_id"], c["command_status"], c["command_open"]) for c in cards] == [
        (brunch["command_id"], "cancelled", False),
        (hike["command_id"], hike_command.status, True),
    ]

    # The open request's own button still works.
    done = say(api, thread, SATURDAY, quick_reply_for=hike["command_id"])
    assert done["statuses"] == ["created"]
    assert Event.objects.get(owner=person).title == "Hike"


def test_a_stale_choice_is_answered_in_the_persons_language(api: Client, person: Any) -> None:
    person.profile.language = "zh"
    person.profile.save()
    thread = Thread.objects.create(owner=person)
    brunch = weekend_request(api, thread, "Brunch")
    api.post(f"/api/commands/{brunch['command_id']}/cancel/")
    stale = say(api, thread, SATURDAY, quick_reply_for=brunch["command_id"])
    assert stale["assistant_message"]["text"] == "这个选项属于一个已经结束的请求，没有做任何更改。"


@pytest.mark.django_db(transaction=True)  # the stream endpoint reads in its database threads
def test_quick_reply_for_must_be_a_command_id(api: Client, person: Any) -> None:
    thread = Thread.objects.create(owner=person)
    response = api.post(
        f"/api/threads/{thread.id}/messages/",
        data=json.dumps({"text": SATURDAY, "quick_reply_for": "brunch"}),
        content_type="application/json",
    )
    assert response.status_code == 400
    streamed = api.post(
        f"/api/threads/{thread.id}/messages/stream/",
        data=json.dumps({"text": SATURDAY, "quick_reply_for": "brunch"}),
        content_type="application/json",
    )
    assert streamed.status_code == 400
