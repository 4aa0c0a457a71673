"""A canary: with REQUIRE_SERVICES=1 this fails when PostgreSQL or Redis is missing."""

import pytest
from django.core.cache import cache
from django.db import connection


def test_database_is_postgresql(postgres: None) -> None:
    with connection.cursor() as cursor:
        cursor.execute("select version()")
        assert "PostgreSQL" in cursor.fetchone()[0]


def test_cache_is_redis(redis_url: str) -> None:
    from django.core.cache import caches

    assert type(caches["default"]).__name__ == "RedisCache"
    cache.set("integration-canary", "ok", 10)
    assert cache.get("integration-canary") == "ok"


@pytest.mark.parametrize("missing", ["postgres", "redis"])
def test_missing_services_fail_instead_of_skipping(
    missing: str, pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run a tiny suite that asks for a service that is not there, with REQUIRE_SERVICES=1."""
    monkeypatch.setenv("REQUIRE_SERVICES", "1")
    pytester.makepyfile(
        f"""
        from tests.integration.conftest import missing_service
        def test_needs_{missing}():
            missing_service("{missing} is not running")
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:django", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    monkeypatch.setenv("REQUIRE_SERVICES", "0")
    result = pytester.runpytest_inprocess("-p", "no:django", "-p", "no:cacheprovider")
    result.assert_outcomes(skipped=1)
