"""PostgreSQL closes every pooled connection (a restart, a failover, an idle timeout, an
administrator's pg_terminate_backend): the next requests are served on new connections, none
fails with a 500.

A real uvicorn process on loopback with the product's psycopg pool; its idle connections are
terminated from a separate connection (only that process's backends, named by their
application_name: the PostgreSQL server keeps running for everyone else, this test process
included), then the same requests are sent again.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from tests.integration.served import stop, wait_until_serving

ROOT = Path(__file__).resolve().parents[2]
POOL = 4
REQUESTS = 2 * POOL
SERVER_NAME = "pool-check-server"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database_url() -> str:
    database = connection.settings_dict
    return f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"


@pytest.fixture
def server(postgres: None) -> Iterator[str]:
    port = free_port()
    env = {
        key: value for key, value in os.environ.items() if key not in {"REDIS_URL", "DATABASE_URL"}
    } | {
        "DJANGO_SETTINGS_MODULE": "assistant.settings_test",
        "DATABASE_URL": f"{database_url()}?application_name={SERVER_NAME}",
        "DATABASE_POOL_MIN": str(POOL),
        "DATABASE_POOL_MAX": str(POOL),
        "MODEL_PROVIDER": "offline",
        "ALLOWED_HOSTS": "127.0.0.1",
    }
    command = [sys.executable, "-m", "uvicorn", "assistant.asgi:application", "--host", "127.0.0.1"]
    process = subprocess.Popen(
        [*command, "--port", str(port), "--log-level", "warning"],
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


def status_of(url: str, token: str) -> int:
    request = urllib.request.Request(url, headers={"Authorization": f"Token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def terminate_the_servers_backends() -> int:
    """Ends every session the server has on this test database, as a restart would."""
    with psycopg.connect(database_url(), autocommit=True) as admin:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = %s",
            [SERVER_NAME],
        ).fetchall()
    return len(rows)


def test_requests_after_the_pooled_connections_die_are_served(server: str, person: Any) -> None:
    token = Token.objects.create(user=person).key
    url = f"{server}/api/events/?start=2026-12-07&end=2026-12-13"
    assert [status_of(url, token) for _ in range(REQUESTS)] == [200] * REQUESTS

    assert terminate_the_servers_backends() == POOL
    time.sleep(0.5)  # the terminations land

    assert [status_of(url, token) for _ in range(REQUESTS)] == [200] * REQUESTS
