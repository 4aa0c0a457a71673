"""Behind a TLS proxy (BEHIND_TLS_PROXY): plain http is redirected to https, https answers carry
HSTS, cookies are secure, and the health endpoint still answers plain http for load balancers."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client, override_settings

SETTINGS_FILE = Path(settings.BASE_DIR) / "assistant" / "settings.py"
TLS_NAMES = [
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_SSL_REDIRECT",
    "SECURE_REDIRECT_EXEMPT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
]
ONE_YEAR = 365 * 24 * 3600


def settings_under(monkeypatch: pytest.MonkeyPatch, **environment: str) -> ModuleType:
    """assistant/settings.py read afresh under the given environment."""
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    spec = importlib.util.spec_from_file_location("settings_under_test", SETTINGS_FILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tls_settings(module: ModuleType) -> dict[str, Any]:
    return {name: getattr(module, name) for name in TLS_NAMES}


@pytest.fixture
def behind_proxy(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    return tls_settings(settings_under(monkeypatch, BEHIND_TLS_PROXY="1"))


def test_without_the_proxy_nothing_is_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BEHIND_TLS_PROXY", raising=False)
    values = tls_settings(settings_under(monkeypatch))
    assert values["SECURE_PROXY_SSL_HEADER"] is None
    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SECURE_HSTS_SECONDS"] == 0
    assert values["SESSION_COOKIE_SECURE"] is False


def test_behind_the_proxy_plain_http_is_redirected_to_https(behind_proxy: dict[str, Any]) -> None:
    with override_settings(**behind_proxy):
        response = Client().get("/login/?next=/settings/")
    assert response.status_code == 301
    assert response["Location"] == "https://testserver/login/?next=/settings/"


def test_behind_the_proxy_https_answers_carry_hsts_for_a_year(behind_proxy: dict[str, Any]) -> None:
    with override_settings(**behind_proxy):
        response = Client().get("/login/", headers={"x-forwarded-proto": "https"})
    assert response.status_code == 200
    # Subdomains are left out unless asked for.
    assert response["Strict-Transport-Security"] == f"max-age={ONE_YEAR}"


def test_subdomains_are_included_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    values = tls_settings(settings_under(monkeypatch, BEHIND_TLS_PROXY="1", HSTS_INCLUDE_SUBDOMAINS="1"))
    with override_settings(**values):
        response = Client().get("/login/", headers={"x-forwarded-proto": "https"})
    assert response["Strict-Transport-Security"] == f"max-age={ONE_YEAR}; includeSubDomains"


@pytest.mark.django_db
def test_behind_the_proxy_the_health_endpoint_answers_plain_http(behind_proxy: dict[str, Any]) -> None:
    with override_settings(**behind_proxy):
        response = Client().get("/api/health/")
    assert response.status_code in {200, 503}  # answered, whatever the services say
    assert "Location" not in response
    assert "Strict-Transport-Security" not in response


@pytest.mark.django_db
def test_behind_the_proxy_the_session_and_csrf_cookies_are_secure(
    behind_proxy: dict[str, Any], person: AbstractBaseUser
) -> None:
    with override_settings(**behind_proxy):
        client = Client()
        page = client.get("/login/", headers={"x-forwarded-proto": "https"})
        signed_in = client.post(
            "/login/",
            {"username": "alice", "password": "correct horse battery staple"},
            headers={"x-forwarded-proto": "https"},
        )
    assert page.cookies["csrftoken"]["secure"] is True
    assert signed_in.status_code == 302
    assert signed_in.cookies["sessionid"]["secure"] is True
