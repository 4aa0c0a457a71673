"""Turns on the real services: PostgreSQL rows, the Redis thread lock, the HTTP API."""

from __future__ import annotations

import json
import threading
from typing import Any

from django.db import connection
from django.test import Client

from assistant.models import Message, Thread
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from assistant.turn.inputs import handle_message
from scheduling.models import Event
from tools.registry import with_nulls


def test_two_messages_at_once_in_one_thread_are_answered_one_after_the_other(
    postgres: None, redis_url: str, person: Any
) -> None:
    thread = Thread.objects.create(owner=person)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def send(text: str) -> None:
        try:
            provider = ScriptedProvider([{"text": f"answer to {text}", "delay_ms": 300}])
            barrier.wait(timeout=10)
            with use_provider(provider):
                handle_message(user=person, thread_id=thread.id, text=text)
        except BaseException as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    workers = [threading.Thread(target=send, args=(text,)) for text in ("first", "second")]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=30)
    assert not errors, errors
    roles = list(Message.objects.filter(thread=thread).order_by("created_at", "id").values_list("role", flat=True))
    # Never interleaved: each question is answered before the next one is read.
    assert roles == ["user", "assistant", "user", "assistant"]


def test_create_over_two_turns_through_the_api_on_postgresql(postgres: None, redis_url: str, person: Any) -> None:
    client = Client()
    client.force_login(person)
    thread = client.post("/api/threads/", data="{}", content_type="application/json").json()
    url = f"/api/threads/{thread['id']}/messages/"
    first = {
        "tool": "schedule_event",
        "arguments": with_nulls("schedule_event", {"title": "Dentist", "date": "D+3"}),
    }
    with use_provider(ScriptedProvider([first])):
        asked = client.post(
            url, data=json.dumps({"text": "dentist in three days"}), content_type="application/json"
        ).json()
    assert asked["statuses"] == ["needs_time"]
    with use_provider(ScriptedProvider([])):
        done = client.post(url, data=json.dumps({"text": "3pm"}), content_type="application/json").json()
    assert done["route"] == "fast_path" and done["statuses"] == ["created"]
    event = Event.objects.get(owner=person)
    assert event.starts_at.astimezone(person.profile.zone).strftime("%H:%M") == "15:00"
    assert connection.vendor == "postgresql"
