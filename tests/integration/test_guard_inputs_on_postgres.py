"""Bad input on PostgreSQL, which refuses NUL in text and JSON: no 500, no orphaned message."""

from __future__ import annotations

import json
from typing import Any

from django.db import connection
from django.test import Client

from assistant.models import Message, Thread, TurnTrace
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from scheduling.models import Event
from tools.registry import with_nulls


def client_for(person: Any) -> Client:
    client = Client()
    client.force_login(person)
    return client


def post_message(client: Client, thread: Thread, text: str, *outputs: dict[str, Any]) -> Any:
    with use_provider(ScriptedProvider(outputs)):
        body = json.dumps({"text": text}).encode()
        return client.post(f"/api/threads/{thread.id}/messages/", data=body, content_type="application/json")


def create(title: str) -> dict[str, Any]:
    arguments = with_nulls("schedule_event", {"title": title, "date": "D+1", "time": "15:00"})
    return {"tool": "schedule_event", "arguments": arguments}


def test_nul_in_the_message_and_the_models_reply_is_answered(postgres: None, person: Any) -> None:
    assert connection.vendor == "postgresql"
    thread = Thread.objects.create(owner=person)
    response = post_message(client_for(person), thread, "hi\x00 \ud800there", {"text": "Hel\x00lo\u202e"})
    assert response.status_code == 201, response.content
    assert list(Message.objects.filter(thread=thread).order_by("id").values_list("text", flat=True)) == [
        "hi there",
        "Hello",
    ]


def test_a_nul_title_and_a_zero_width_title_do_not_fail_the_turn(postgres: None, person: Any) -> None:
    client = client_for(person)
    thread = Thread.objects.create(owner=person)
    named = post_message(client, thread, "dentist tomorrow 3pm", create("Den\x00tist\u202e"))
    assert named.status_code == 201 and named.json()["statuses"] == ["created"]
    assert list(Event.objects.filter(owner=person).values_list("title", flat=True)) == ["Dentist"]
    assert "\\u0000" not in json.dumps(list(TurnTrace.objects.values_list("tool_calls", flat=True)))

    other = Thread.objects.create(owner=person)
    invisible = post_message(client, other, "something tomorrow 3pm", create("\u200b\u200b"))
    assert invisible.status_code == 201 and invisible.json()["statuses"] == ["needs_title"]
    assert Event.objects.filter(owner=person).count() == 1


def test_out_of_range_paging_is_a_400_on_postgresql(postgres: None, person: Any) -> None:
    client = client_for(person)
    assert client.get("/api/threads/?limit=9223372036854775808").status_code == 400
    assert client.get("/api/threads/?offset=9223372036854775808").status_code == 400
    assert client.get("/api/threads/99999999999999999999/").status_code == 404
