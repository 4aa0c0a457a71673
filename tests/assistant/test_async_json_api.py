"""The JSON turn endpoints under ASGI: DRF's answers as under WSGI, and the model awaited on the
event loop, so a turn waiting for it holds no thread."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.test import AsyncClient, Client
from rest_framework.authtoken.models import Token

from assistant.models import Thread
from assistant.providers.base import ModelRequest, ModelResponse
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from assistant.turn import drivers
from assistant.turn.lock import thread_lock
from scheduling.models import Event
from tests.assistant.conftest import tool

pytestmark = pytest.mark.django_db(transaction=True)
CREATE = tool("schedule_event", title="Dentist", date="W5", time="15:00", duration_minutes=None, command_id=None)


class AwaitedOnly(ScriptedProvider):
    """A scripted model that may only be awaited: a blocking call would hold a thread."""

    def complete(self, request: ModelRequest, on_text: Any = None) -> ModelResponse:
        raise AssertionError("the model was called blocking")


def _json(response: Any) -> Any:
    return json.loads(b"".join(response) if response.streaming else response.content)


HEADERS = ("Content-Type", "Allow", "Vary", "WWW-Authenticate", "Retry-After")


def both(method: str, url: str, payload: Any = None, **headers: str) -> list[tuple[int, Any, dict[str, str]]]:
    """The same request through the WSGI test client and the ASGI one: status, body, headers."""
    answers = []
    for client in (Client(), AsyncClient()):
        call = getattr(client, method)
        kwargs: dict[str, Any] = {"headers": headers}
        if payload is not None:
            kwargs |= {"data": json.dumps(payload), "content_type": "application/json"}
        response = async_to_sync(call)(url, **kwargs) if isinstance(client, AsyncClient) else call(url, **kwargs)
        shown = {name: response[name] for name in HEADERS if response.has_header(name)}
        answers.append((response.status_code, _json(response), shown))
    return answers


def test_bad_requests_get_the_same_answer_under_both_handlers(person: Any, other_person: Any, clock: Any) -> None:
    token = Token.objects.create(user=person).key
    auth = {"Authorization": f"Token {token}"}
    mine = Thread.objects.create(owner=person)
    theirs = Thread.objects.create(owner=other_person)
    cases = [
        ("post", f"/api/threads/{mine.id}/messages/", {"text": "hi"}, {}, 401),
        ("post", f"/api/threads/{mine.id}/messages/", {"text": "hi"}, {"Authorization": "Token nope"}, 401),
        ("post", f"/api/threads/{mine.id}/messages/", {"text": "   "}, auth, 400),
        ("post", f"/api/threads/{mine.id}/messages/", {"txt": "typo'd field"}, auth, 400),
        ("post", f"/api/threads/{mine.id}/messages/", {"text": "x" * 20_000}, auth, 400),
        ("post", f"/api/threads/{theirs.id}/messages/", {"text": "what's on tomorrow?"}, auth, 404),
        ("post", f"/api/confirmations/{uuid.uuid4()}/", {"decision": "confirm", "action_digest": "ab" * 32}, auth, 404),
        ("post", f"/api/confirmations/{uuid.uuid4()}/", {"decision": "maybe", "action_digest": "x"}, auth, 400),
        ("post", f"/api/commands/{uuid.uuid4()}/cancel/", None, auth, 404),
        ("post", f"/api/threads/{mine.id}/scope/", {"message_id": 1, "scope": "some"}, auth, 400),
        ("put", f"/api/threads/{mine.id}/messages/", {"text": "hi"}, auth, 405),
    ]
    for method, url, payload, headers, expected in cases:
        wsgi, asgi = both(method, url, payload, **headers)
        assert wsgi[0] == expected, (url, payload, wsgi)
        assert asgi == wsgi, (url, payload)
    assert Event.objects.count() == 0


def test_the_message_limit_answers_alike_under_both_handlers(person: Any, clock: Any, settings: Any) -> None:
    settings.MESSAGE_RATE_BURST = "1/min"
    token = Token.objects.create(user=person).key
    thread = Thread.objects.create(owner=person)
    url = f"/api/threads/{thread.id}/messages/"
    with use_provider(AwaitedOnly([tool("query_events", start="D+1", end=None)] * 2)):
        first = async_to_sync(AsyncClient().post)(
            url, data={"text": "hi"}, content_type="application/json", headers={"Authorization": f"Token {token}"}
        )
        assert first.status_code == 201
        wsgi, asgi = both("post", url, {"text": "what's on tomorrow?"}, Authorization=f"Token {token}")
    assert wsgi[0] == 429 and "Retry-After" in wsgi[2]
    assert asgi == wsgi


def test_a_session_without_its_csrf_token_is_refused_under_asgi(person: Any, clock: Any) -> None:
    thread = Thread.objects.create(owner=person)
    client = AsyncClient(enforce_csrf_checks=True)
    client.force_login(person)
    url = f"/api/threads/{thread.id}/messages/"
    refused = async_to_sync(client.post)(url, data={"text": "hi"}, content_type="application/json")
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]
    page = async_to_sync(client.get)("/")
    csrf = page.cookies["csrftoken"].value
    with use_provider(AwaitedOnly([tool("query_events", start="D+1", end=None)])):
        sent = async_to_sync(client.post)(
            url, data={"text": "what's on tomorrow?"}, content_type="application/json", headers={"X-CSRFToken": csrf}
        )
    assert sent.status_code == 201 and sent.json()["tools"] == ["query_events"]


def test_a_turn_under_asgi_awaits_the_model_and_writes_once(person: Any, clock: Any) -> None:
    token = Token.objects.create(user=person).key
    thread = Thread.objects.create(owner=person)
    with use_provider(AwaitedOnly([CREATE])):
        response = async_to_sync(AsyncClient().post)(
            f"/api/threads/{thread.id}/messages/",
            data={"text": "dentist on friday at 3pm"},
            content_type="application/json",
            headers={"Authorization": f"Token {token}"},
        )
    assert response.status_code == 201 and response["Content-Type"] == "application/json"
    body = response.json()
    assert body["tools"] == ["schedule_event"] and body["statuses"] == ["created"]
    assert body["user_message"]["text"] == "dentist on friday at 3pm" and body["assistant_message"]["role"] == "assistant"
    assert Event.objects.filter(owner=person, title="Dentist").count() == 1
    listed = async_to_sync(AsyncClient().get)(
        f"/api/threads/{thread.id}/messages/", headers={"Authorization": f"Token {token}"}
    )
    assert [m["role"] for m in listed.json()] == ["user", "assistant"]


def test_a_thread_still_answering_gets_409_under_both_handlers(
    person: Any, clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = Token.objects.create(user=person).key
    thread = Thread.objects.create(owner=person)
    monkeypatch.setattr(drivers, "thread_lock", lambda thread_id: thread_lock(thread_id, wait_seconds=0.3))
    held = thread_lock(thread.id)
    held.acquire()  # another message of this thread is being answered
    try:
        wsgi, asgi = both(
            "post", f"/api/threads/{thread.id}/messages/", {"text": "what's on tomorrow?"}, Authorization=f"Token {token}"
        )
    finally:
        held.release()
    assert wsgi[0] == 409 and "still being answered" in wsgi[1]["detail"]
    assert asgi == wsgi


def test_many_json_turns_waiting_for_the_model_share_one_database_thread(make_person: Any, settings: Any) -> None:
    # One database thread: a turn that held it while the model thinks would serialise them all.
    settings.DATABASE_THREADS = 1
    people = [make_person() for _ in range(8)]
    tokens = [Token.objects.create(user=someone).key for someone in people]
    threads = [Thread.objects.create(owner=someone) for someone in people]
    provider = AwaitedOnly([{**tool("query_events", start="D+1", end=None), "delay_ms": 500} for _ in people])

    async def everyone() -> tuple[list[tuple[int, list[str]]], float]:
        began = time.monotonic()
        responses = await asyncio.gather(
            *(
                AsyncClient().post(
                    f"/api/threads/{thread.id}/messages/",
                    data={"text": "what's on tomorrow?"},
                    content_type="application/json",
                    headers={"Authorization": f"Token {key}"},
                )
                for key, thread in zip(tokens, threads, strict=True)
            )
        )
        return [(r.status_code, r.json()["tools"]) for r in responses], time.monotonic() - began

    with use_provider(provider):
        statuses, seconds = async_to_sync(everyone)()
    assert statuses == [(201, ["query_events"])] * 8
    # Eight half-second waits overlap (4 s if each held the one thread while the model thought).
    assert seconds < 2.5


class _Slow(AwaitedOnly):
    """Says when it has been asked, then answers after a while."""

    def __init__(self, script: list[dict[str, Any]], asked: asyncio.Event) -> None:
        super().__init__(script)
        self.asked = asked

    async def acomplete(self, request: ModelRequest, on_text: Any = None) -> ModelResponse:
        self.asked.set()
        await asyncio.sleep(0.3)
        return await super().acomplete(request, on_text)


def test_a_client_that_goes_away_under_asgi_loses_nothing(person: Any, clock: Any) -> None:
    from django.core.cache import cache

    from assistant.models import Message

    token = Token.objects.create(user=person).key
    thread = Thread.objects.create(owner=person)

    async def hang_up_while_the_model_thinks() -> None:
        asked = asyncio.Event()
        with use_provider(_Slow([CREATE], asked)):
            request = asyncio.create_task(
                AsyncClient().post(
                    f"/api/threads/{thread.id}/messages/",
                    data={"text": "dentist on friday at 3pm"},
                    content_type="application/json",
                    headers={"Authorization": f"Token {token}"},
                )
            )
            await asked.wait()
            request.cancel()  # what Django does to the view when the client disconnects
            with pytest.raises(asyncio.CancelledError):
                await request
            for _ in range(100):  # the turn goes on without the client
                if cache.get(f"thread-lock:{thread.id}") is None:
                    break
                await asyncio.sleep(0.05)

    async_to_sync(hang_up_while_the_model_thinks)()
    roles = list(Message.objects.filter(thread=thread).order_by("id").values_list("role", flat=True))
    assert roles == ["user", "assistant"]
    assert Event.objects.filter(owner=person, title="Dentist").count() == 1
    assert cache.get(f"thread-lock:{thread.id}") is None


def test_the_stream_refuses_credentials_as_the_json_endpoint_does(person: Any, clock: Any) -> None:
    thread = Thread.objects.create(owner=person)
    payload = {"text": "what's on tomorrow?"}
    for headers in ({}, {"Authorization": "Token nope"}):
        (json_status, _, json_headers), _ = both("post", f"/api/threads/{thread.id}/messages/", payload, **headers)
        (sse_status, _, sse_headers), _ = both("post", f"/api/threads/{thread.id}/messages/stream/", payload, **headers)
        assert sse_status == json_status == 401
        assert sse_headers["WWW-Authenticate"] == json_headers["WWW-Authenticate"] == "Token"


def test_a_session_with_its_csrf_token_gets_the_streamed_reply(person: Any, clock: Any) -> None:
    thread = Thread.objects.create(owner=person)
    client = AsyncClient(enforce_csrf_checks=True)
    client.force_login(person)

    async def send() -> tuple[int, str]:
        csrf = (await client.get("/")).cookies["csrftoken"].value
        response = await client.post(
            f"/api/threads/{thread.id}/messages/stream/",
            data={"text": "what's on tomorrow?"},
            content_type="application/json",
            headers={"X-CSRFToken": csrf},
        )
        body = b"".join([chunk async for chunk in response.streaming_content])  # type: ignore[attr-defined]
        return response.status_code, body.decode()

    with use_provider(AwaitedOnly([tool("query_events", start="D+1", end=None)])):
        status, body = async_to_sync(send)()
    assert status == 200 and "event: reply" in body and "event: done" in body
