"""One way in for every turn endpoint: the JSON message endpoint and the SSE stream refuse alike
(401, 403, 429, 400, 404, 413, 503), under WSGI and ASGI; every exception of the stream is logged
with the turn's id."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.db import DatabaseError
from django.test import AsyncClient, Client
from rest_framework.authtoken.models import Token

from assistant.api import stream
from assistant.models import Message, Thread
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from tests.assistant.conftest import tool

pytestmark = pytest.mark.django_db(transaction=True)
HEADERS = ("Content-Type", "WWW-Authenticate", "Retry-After")  # not Allow: the JSON path also GETs
QUERY = tool("query_events", start="D+1", end=None)


def answers(
    path: str, body: str | None, *, headers: dict[str, str], login: Any = None, csrf: bool = False
) -> list[tuple[int, Any, dict[str, str]]]:
    """The same POST to the JSON endpoint and to the stream, each under WSGI and ASGI."""
    seen = []
    for url in (path, f"{path}stream/"):
        for client in (Client(enforce_csrf_checks=csrf), AsyncClient(enforce_csrf_checks=csrf)):
            if login is not None:
                client.force_login(login)
            kwargs: dict[str, Any] = {"headers": headers, "content_type": "application/json"}
            if body is not None:
                kwargs["data"] = body
            call = client.post
            response = async_to_sync(call)(url, **kwargs) if isinstance(client, AsyncClient) else call(url, **kwargs)
            assert not response.streaming, (url, response.status_code)
            shown = {name: response[name] for name in HEADERS if response.has_header(name)}
            seen.append((response.status_code, json.loads(response.content), shown))
    return seen


def assert_alike(seen: list[tuple[int, Any, dict[str, str]]], status: int) -> None:
    assert seen[0][0] == status, seen[0]
    for other in seen[1:]:
        assert other == seen[0], (seen[0], other)


def test_refusals_are_the_same_for_json_and_stream(person: Any, other_person: Any, clock: Any, settings: Any) -> None:
    token = {"Authorization": f"Token {Token.objects.create(user=person).key}"}
    mine = Thread.objects.create(owner=person)
    theirs = Thread.objects.create(owner=other_person)
    path = f"/api/threads/{mine.id}/messages/"
    hello = json.dumps({"text": "hi"})
    assert_alike(answers(path, hello, headers={}), 401)
    assert_alike(answers(path, hello, headers={"Authorization": "Token nope"}), 401)
    assert_alike(answers(path, hello, headers={}, login=person, csrf=True), 403)
    for bad in (
        json.dumps({"text": "   "}),
        json.dumps({"txt": "typo"}),
        json.dumps({"text": "x" * 20_000}),
        json.dumps({"text": "hi", "quick_reply_for": "not-a-command"}),
        json.dumps(["a list"]),
        "{",
    ):
        assert_alike(answers(path, bad, headers=token), 400)
    assert_alike(answers(f"/api/threads/{theirs.id}/messages/", hello, headers=token), 404)
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    assert_alike(answers(path, json.dumps({"text": "y" * 2000}), headers=token), 413)
    assert Message.objects.count() == 0


def test_the_message_limit_refuses_json_and_stream_alike(person: Any, clock: Any, settings: Any) -> None:
    settings.MESSAGE_RATE_BURST = "1/min"
    token = {"Authorization": f"Token {Token.objects.create(user=person).key}"}
    thread = Thread.objects.create(owner=person)
    path = f"/api/threads/{thread.id}/messages/"
    with use_provider(ScriptedProvider([QUERY])):
        assert Client().post(path, {"text": "hi"}, content_type="application/json", headers=token).status_code == 201
    seen = answers(path, json.dumps({"text": "what's on tomorrow"}), headers=token)
    assert_alike(seen, 429)
    assert int(seen[0][2]["Retry-After"]) >= 1


def test_a_database_that_fails_on_the_way_in_is_a_json_503_for_both(
    person: Any, clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = {"Authorization": f"Token {Token.objects.create(user=person).key}"}
    thread = Thread.objects.create(owner=person)

    def broken(**kwargs: Any) -> Any:
        raise DatabaseError("server closed the connection unexpectedly")

    monkeypatch.setattr("assistant.api.views.thread_get", broken)
    seen = answers(f"/api/threads/{thread.id}/messages/", json.dumps({"text": "hi"}), headers=token)
    assert seen[0][0] == 503 and seen[0][2]["Retry-After"] == "5"
    assert all(status == 503 and body["detail"] == seen[0][1]["detail"] for status, body, _ in seen)


def test_a_session_with_its_csrf_token_gets_both_replies(person: Any, clock: Any) -> None:
    """The body is read once: DRF's CSRF check parses it, and the message is still there."""
    thread = Thread.objects.create(owner=person)
    client = Client(enforce_csrf_checks=True)
    client.force_login(person)
    csrf = client.get("/").cookies["csrftoken"].value
    path = f"/api/threads/{thread.id}/messages/"
    with use_provider(ScriptedProvider([QUERY, QUERY])):
        sent = client.post(
            path, {"text": "what's on tomorrow"}, content_type="application/json", headers={"X-CSRFToken": csrf}
        )
        asgi = AsyncClient(enforce_csrf_checks=True)
        asgi.cookies = client.cookies

        async def stream() -> tuple[int, str]:
            streamed = await asgi.post(
                f"{path}stream/",
                {"text": "and tomorrow?"},
                content_type="application/json",
                headers={"X-CSRFToken": csrf},
            )
            chunks = [chunk async for chunk in streamed.streaming_content]  # type: ignore[attr-defined]
            return streamed.status_code, b"".join(chunks).decode()

        status, body = async_to_sync(stream)()
    assert sent.status_code == 201 and status == 200
    assert "event: reply" in body
    texts = list(Message.objects.filter(thread=thread, role="user").values_list("text", flat=True))
    assert texts == ["what's on tomorrow", "and tomorrow?"]


def stream_body(person: Any, thread: Thread) -> str:
    async def send() -> str:
        client = AsyncClient()
        await client.aforce_login(person)
        response = await client.post(
            f"/api/threads/{thread.id}/messages/stream/", data={"text": "hi"}, content_type="application/json"
        )
        return b"".join([chunk async for chunk in response.streaming_content]).decode()  # type: ignore[attr-defined]

    with use_provider(ScriptedProvider([QUERY])):
        return async_to_sync(send)()


def streamed_error(body: str) -> dict[str, Any]:
    return dict(json.loads(body.split("event: error\ndata: ")[1].split("\n\n")[0]))


def test_an_exception_in_the_stream_is_logged_with_the_turn_id(
    person: Any, clock: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    thread = Thread.objects.create(owner=person)

    def broken(outcome: Any) -> Any:
        raise RuntimeError("payload broke")

    monkeypatch.setattr(stream, "turn_payload", broken)
    with caplog.at_level(logging.ERROR, logger="assistant.api.stream"):
        body = stream_body(person, thread)
    error = streamed_error(body)
    assert error["retry"] is True and len(error["turn"]) == 12
    [record] = [r for r in caplog.records if r.name == "assistant.api.stream"]
    assert f"turn {error['turn']}" in record.getMessage() and record.exc_info is not None
    assert "payload broke" in str(record.exc_info[1])


def test_a_failing_turn_in_the_stream_is_logged_with_the_turn_id(
    person: Any, clock: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    thread = Thread.objects.create(owner=person)

    async def broken(turn: Any, **kwargs: Any) -> Any:
        raise DatabaseError("the database went away")

    monkeypatch.setattr(stream, "arun_turn_to_the_end", broken)
    with caplog.at_level(logging.ERROR, logger="assistant.api.stream"):
        body = stream_body(person, thread)
    turn = streamed_error(body)["turn"]
    assert any(f"turn {turn}" in r.getMessage() and r.exc_info for r in caplog.records)


def test_a_client_that_accepts_only_the_event_stream_gets_it_and_json_refusals(person: Any, clock: Any) -> None:
    thread = Thread.objects.create(owner=person)
    url = f"/api/threads/{thread.id}/messages/stream/"
    accept = {"Accept": "text/event-stream"}

    async def send(body: dict[str, Any]) -> tuple[int, str, str]:
        client = AsyncClient()
        await client.aforce_login(person)
        response = await client.post(url, data=body, content_type="application/json", headers=accept)
        if response.streaming:
            text = b"".join([chunk async for chunk in response.streaming_content]).decode()  # type: ignore[attr-defined]
        else:
            text = response.content.decode()
        return response.status_code, response["Content-Type"], text

    with use_provider(ScriptedProvider([QUERY])):
        status, kind, body = async_to_sync(send)({"text": "what's on tomorrow"})
    assert (status, kind) == (200, "text/event-stream") and "event: reply" in body
    status, kind, body = async_to_sync(send)({"text": " "})
    assert (status, kind) == (400, "application/json") and json.loads(body)["text"]
