"""The integration suite runs on the real services; when CI asks for them, missing ones FAIL.

CI (and `make test` when DATABASE_URL / REDIS_URL are set) runs this folder with the machine's
PostgreSQL and Redis. REQUIRE_SERVICES=1 turns "service missing" from a skip into a failure,
so a broken CI machine can never pass by skipping.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).resolve().is_relative_to(HERE):
            item.add_marker(pytest.mark.integration)


def missing_service(why: str) -> None:
    if os.environ.get("REQUIRE_SERVICES") == "1":
        pytest.fail(f"CI asked for the real services (REQUIRE_SERVICES=1) but {why}", pytrace=False)
    pytest.skip(why)


@pytest.fixture
def postgres(transactional_db: None) -> None:
    if connection.vendor != "postgresql":
        missing_service(f"the database is {connection.vendor}, not PostgreSQL (set DATABASE_URL)")


@pytest.fixture(scope="session")
def redis_url() -> str:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        missing_service("REDIS_URL is not set")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        missing_service(f"Redis at {url} does not answer: {error}")
    if settings.CELERY_TASK_ALWAYS_EAGER:
        missing_service("Celery runs eagerly: REDIS_URL did not reach the settings")
    return url
