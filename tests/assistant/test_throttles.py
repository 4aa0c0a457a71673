"""Per-person limits on the endpoints that run a turn: a 429 with a clear message, shared budget."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import AsyncClient, Client, override_settings
from rest_framework.authtoken.models import Token

from assistant.models import Message, Thread
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def two_a_minute() -> Iterator[None]:
    cache.clear()
    with override_settings(MESSAGE_RATE_BURST="2/min", MESSAGE_RATE_SUSTAINED="100/day"):
        yield
    cache.clear()


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def send(client: Client, thread: Thread, text: str = "hello") -> Any:
    with use_provider(ScriptedProvider([{"text": "hi"}])):
        return client.post(
            f"/api/threads/{thread.id}/messages/", data=json.dumps({"text": text}), content_type="application/json"
        )


def test_the_third_message_in_a_minute_gets_a_clear_429_and_is_not_archived(person: Any, clock: Any) -> None:
    client = client_for(person)
    thread = Thread.objects.create(owner=person)
    assert [send(client, thread).status_code for _ in range(2)] == [201, 201]
    limited = send(client, thread, "one more")
    assert limited.status_code == 429
    assert limited.json()["detail"].startswith("Too many messages in a short time; please wait")
    assert 1 <= int(limited["Retry-After"]) <= 60
    assert not Message.objects.filter(text="one more").exists()
    # Reading costs nothing.
    assert client.get(f"/api/threads/{thread.id}/messages/").status_code == 200
    clock.shift(61)
    assert send(client, thread).status_code == 201


def test_each_person_has_their_own_budget(person: Any, other_person: Any, clock: Any) -> None:
    alice, mallory = client_for(person), client_for(other_person)
    alice_thread, mallory_thread = Thread.objects.create(owner=person), Thread.objects.create(owner=other_person)
    for _ in range(2):
        send(mallory, mallory_thread)
    assert send(mallory, mallory_thread).status_code == 429
    assert send(alice, alice_thread).status_code == 201


def test_buttons_and_cancels_count_against_the_same_budget(person: Any, clock: Any) -> None:
    client = client_for(person)
    thread = Thread.objects.create(owner=person)
    for _ in range(2):
        send(client, thread)
    unknown = "00000000-0000-0000-0000-000000000000"
    assert client.post(f"/api/commands/{unknown}/cancel/").status_code == 429
    decision = {"decision": "keep", "action_digest": "0" * 64}
    response = client.post(f"/api/confirmations/{unknown}/", data=decision, content_type="application/json")
    assert response.status_code == 429


@override_settings(MESSAGE_RATE_BURST=None, MESSAGE_RATE_SUSTAINED=None)
def test_a_limit_can_be_turned_off(person: Any, clock: Any) -> None:
    client = client_for(person)
    thread = Thread.objects.create(owner=person)
    assert {send(client, thread).status_code for _ in range(4)} == {201}


@pytest.mark.anyio
@pytest.mark.django_db(transaction=True)
async def test_the_stream_shares_the_budget_and_answers_429_before_streaming(person: Any, clock: Any) -> None:
    cache.clear()
    token = await Token.objects.acreate(user=person)
    thread = await Thread.objects.acreate(owner=person)
    client = AsyncClient()
    auth = {"Authorization": f"Token {token.key}"}
    url = f"/api/threads/{thread.id}/messages/stream/"
    statuses = []
    for _ in range(3):
        with use_provider(ScriptedProvider([{"text": "hi"}])):
            response = await client.post(url, data={"text": "hello"}, content_type="application/json", headers=auth)
            if response.status_code == 200:
                b"".join([chunk async for chunk in response.streaming_content])  # type: ignore[attr-defined]
            statuses.append(response.status_code)
    assert statuses == [200, 200, 429]
    assert response.json()["detail"].startswith("Too many messages")
    assert await Message.objects.filter(thread=thread, role="user").acount() == 2
