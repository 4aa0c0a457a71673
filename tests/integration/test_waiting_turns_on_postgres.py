"""Many people waiting for a slow model at once, on PostgreSQL: the SSE endpoint answers them
all from one uvicorn process, and the process never holds more connections than its pool.

The real product under uvicorn, the `openai` provider against the wire-format fake model
(1 s of asyncio.sleep, no CPU), a pool of 4 connections and 4 database threads, 24 people each
sending turns back to back for 6 s. Bounded: loopback only, 24 people, 6 s, servers stopped after.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.authtoken.models import Token

from assistant.models import Thread
from scheduling.models import Profile
from scripts.benchmarks import load

PEOPLE = 24
POOL = 4


@pytest.fixture
def people(postgres: None) -> list[list[Any]]:
    made = []
    for index in range(PEOPLE):
        user = get_user_model().objects.create_user(username=f"waiting{index}")
        Profile.objects.create(user=user, time_zone="Asia/Shanghai")
        made.append([Token.objects.create(user=user).key, Thread.objects.create(owner=user).id])
    return made


def test_two_dozen_waiting_people_are_answered_within_the_pool(people: list[list[Any]]) -> None:
    database = connection.settings_dict
    url = f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
    model_port, port = load.free_port(), load.free_port()
    env = load.product_env(url, f"http://127.0.0.1:{model_port}/v1")
    env.update({"DATABASE_POOL_MIN": "1", "DATABASE_POOL_MAX": str(POOL), "DATABASE_THREADS": str(POOL)})
    model = [load.PYTHON, "-m", "uvicorn", "scripts.benchmarks.fake_model_server:app", "--port", str(model_port)]
    product = [load.PYTHON, "-m", "uvicorn", "assistant.asgi:application", "--port", str(port)]
    model_env = {**env, "FAKE_MODEL_LATENCY_MS": "1000"}
    with (
        load.serving([*model, "--log-level", "warning"], model_env, model_port),
        load.serving([*product, "--log-level", "warning"], env, port) as server,
    ):
        counter = load.ConnectionCounter(url, None, server.pid)  # the product's connections only
        base = f"http://127.0.0.1:{port}"
        asyncio.run(load.run_level(base, "json", people[:1], 2.0, server.pid, counter))  # warm up
        level = asyncio.run(load.run_level(base, "sse", people, 6.0, server.pid, counter, stagger=1.0))
    print(f"{PEOPLE} people, pool {POOL}: {level.row(1.0)}")
    assert level.errors == 0, level.first_error
    # Each person's turns overlap the others' model waits: twice what 4 connections held for a
    # whole turn each could give (4 x 6 s / 1 s = 24).
    assert len(level.latencies) >= 2 * PEOPLE
    assert 1 <= level.peak_connections <= POOL
