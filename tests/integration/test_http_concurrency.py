"""The same create sent at once over HTTP to two uvicorn worker processes books the slot once.

A real server on loopback (2 workers, so two processes with their own connections), the
offline stand-in as the model, eight chat threads of one person, one request each, all at
once, over five rounds (five slots). Bounded: 40 requests, 30 s each, the server stopped after.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from assistant.models import Thread
from scheduling.models import Event
from tests.integration.served import stop, wait_until_serving

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 8
ROUNDS = 5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def server(postgres: None, redis_url: str) -> Iterator[str]:
    port = free_port()
    database = connection.settings_dict
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "assistant.settings_test",
        "DATABASE_URL": f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}",
        "REDIS_URL": redis_url,
        "MODEL_PROVIDER": "offline",
        "ALLOWED_HOSTS": "127.0.0.1",
    }
    command = [sys.executable, "-m", "uvicorn", "assistant.asgi:application", "--host", "127.0.0.1"]
    process = subprocess.Popen(
        [*command, "--port", str(port), "--workers", "2", "--log-level", "warning"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base, process)
        yield base
    finally:
        stop(process)


def post(url: str, token: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, json.loads(response.read())


def test_identical_creates_over_http_to_two_workers_book_once(server: str, person: Any) -> None:
    token = Token.objects.create(user=person).key
    rounds = []
    for hour in range(13, 13 + ROUNDS):
        threads = [Thread.objects.create(owner=person) for _ in range(WORKERS)]
        barrier = threading.Barrier(WORKERS)
        results: list[Any] = [None] * WORKERS

        def send(index: int, threads: list[Thread] = threads, barrier: Any = barrier, results: list[Any] = results,
                 hour: int = hour) -> None:  # fmt: skip
            try:
                barrier.wait(timeout=10)
                url = f"{server}/api/threads/{threads[index].id}/messages/"
                results[index] = post(url, token, {"text": f"dentist tomorrow at {hour - 12}pm"})
            except Exception as error:  # reported below
                results[index] = error

        senders = [threading.Thread(target=send, args=(i,)) for i in range(WORKERS)]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join(timeout=60)
        assert not [r for r in results if isinstance(r, Exception)], results
        rounds.append(sorted(status for _code, body in results for status in body["statuses"]))

    created = [statuses.count("created") for statuses in rounds]
    print(f"over HTTP (2 workers), events created per round by {WORKERS} identical creates: {created}")
    assert created == [1] * ROUNDS, rounds
    assert all(statuses.count("conflict") == WORKERS - 1 for statuses in rounds), rounds
    assert Event.objects.filter(owner=person).count() == ROUNDS
