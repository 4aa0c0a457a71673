"""A turn survives Redis faults: a killed holder frees its thread within a lease, a Redis that
dies mid-turn leaves one true reply (no 500, no record_failed), and turns run while it is down.

Every test here starts its own redis-server on a free loopback port and kills that one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import AsyncClient, Client, override_settings

from assistant.celery import app
from assistant.models import Message, Thread
from assistant.providers.base import ModelRequest, ModelResponse
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from assistant.turn.lock import thread_lock
from scheduling.models import Event
from tests.assistant.conftest import tool
from tests.integration.own_redis import OwnRedis

ROOT = Path(__file__).resolve().parents[2]
CREATE = tool("schedule_event", title="Dentist", date="D+1", time="15:00", duration_minutes=None, command_id=None)
HOLDER = """
import sys, time, django
django.setup()
from assistant.turn.lock import thread_lock
lock = thread_lock(int(sys.argv[1]))
assert lock.try_acquire()
print("taken", flush=True)
time.sleep(120)
"""


@pytest.fixture
def own_redis(transactional_db: None) -> Iterator[OwnRedis]:
    server = OwnRedis()
    server.start()
    caches = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": server.url,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
    }
    saved = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url=server.url, task_always_eager=False)
    app._pool = None
    with override_settings(
        REDIS_URL=server.url,
        CACHES=caches,
        THREAD_LOCK_LEASE_SECONDS=2,
        POST_TURN_TASKS="celery",
        MESSAGE_RATE_BURST="20/min",
    ):
        yield server
    server.stop()
    app.conf.update(saved)
    app._pool = None


def test_a_killed_holders_thread_is_free_again_within_its_lease(own_redis: OwnRedis) -> None:
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "assistant.settings_test",
        "REDIS_URL": own_redis.url,
        "THREAD_LOCK_LEASE_SECONDS": "2",
    }
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, "515151"], cwd=ROOT, env=environment, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "taken"
        time.sleep(3)  # longer than the lease: the holder's renewer keeps it
        assert not thread_lock(515151).try_acquire()
        holder.kill()
        holder.wait(timeout=10)
        killed = time.monotonic()
        lock = thread_lock(515151)
        while not lock.try_acquire():
            assert time.monotonic() - killed < 5, "the dead holder's lock outlived its lease"
            time.sleep(0.05)
        freed_after = time.monotonic() - killed
        lock.release()
    finally:
        holder.kill()
    assert freed_after <= 2.5  # the lease (2 s), not THREAD_LOCK_SECONDS (minutes)


class KillsRedis(ScriptedProvider):
    """The model answers, and Redis dies while it does: the lock is held, the commit is ahead."""

    def __init__(self, outputs: list[dict[str, Any]], server: OwnRedis) -> None:
        super().__init__(outputs)
        self.server = server

    def complete(self, request: ModelRequest, on_text: Any = None) -> ModelResponse:
        self.server.stop()
        return super().complete(request, on_text)

    async def acomplete(self, request: ModelRequest, on_text: Any = None) -> ModelResponse:
        self.server.stop()
        return await super().acomplete(request, on_text)


def test_redis_dying_mid_turn_leaves_one_true_reply_and_no_error(own_redis: OwnRedis, person: Any) -> None:
    client = Client()
    client.force_login(person)
    thread = Thread.objects.create(owner=person)
    with use_provider(KillsRedis([CREATE], own_redis)):
        response = client.post(
            f"/api/threads/{thread.id}/messages/", {"text": "dentist tomorrow at 3pm"}, content_type="application/json"
        )
    assert response.status_code == 201, response.content
    assert response.json()["assistant_message"]["text"].startswith("Added:")
    replies = list(Message.objects.filter(thread=thread, role="assistant"))
    assert len(replies) == 1 and "record_failed" not in replies[0].flags
    assert Event.objects.filter(owner=person).count() == 1


def test_turns_run_while_redis_is_down_json_and_stream(own_redis: OwnRedis, person: Any) -> None:
    own_redis.stop()
    client = Client()
    client.force_login(person)
    thread = Thread.objects.create(owner=person)
    url = f"/api/threads/{thread.id}/messages/"
    with use_provider(ScriptedProvider([tool("query_events", start="D+1", end=None)])):
        json_turn = client.post(url, {"text": "what's on tomorrow"}, content_type="application/json")
    assert json_turn.status_code == 201, json_turn.content

    async def stream() -> tuple[int, str]:
        asgi = AsyncClient()
        await asgi.aforce_login(person)
        response = await asgi.post(
            f"{url}stream/", data=json.dumps({"text": "and friday?"}), content_type="application/json"
        )
        body = b"".join([chunk async for chunk in response.streaming_content])  # type: ignore[attr-defined]
        return response.status_code, body.decode()

    from asgiref.sync import async_to_sync

    with use_provider(ScriptedProvider([tool("query_events", start="W5", end=None)])):
        status, body = async_to_sync(stream)()
    assert status == 200 and "event: reply" in body and "event: error" not in body
    assert list(Message.objects.filter(thread=thread).values_list("role", flat=True)) == [
        "user",
        "assistant",
        "user",
        "assistant",
    ]
    health = client.get("/api/health/")
    assert health.status_code == 503
    assert health.json()["status"] == "degraded"
    assert health.json()["checks"]["cache"].startswith("error")
    assert "turns still run" in " ".join(health.json()["degraded"])
