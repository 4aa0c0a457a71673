"""Under ASGI the whole middleware stack runs async: no request hops into a thread of its own
for a sync-only middleware. The headers and the static files are the same in both handlers."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpResponseBase
from django.test import AsyncClient, Client

STATIC_FILE = "/static/web/app.css"


def test_no_middleware_is_adapted_under_asgi(caplog: pytest.LogCaptureFixture, settings: Any) -> None:
    settings.DEBUG = True  # Django logs each adaptation in DEBUG only
    with caplog.at_level(logging.DEBUG, logger="django.request"):
        ASGIHandler()
    assert [r.getMessage() for r in caplog.records if "adapted" in r.getMessage()] == []


def test_no_middleware_is_adapted_under_wsgi(caplog: pytest.LogCaptureFixture, settings: Any) -> None:
    settings.DEBUG = True  # Django logs each adaptation in DEBUG only
    with caplog.at_level(logging.DEBUG, logger="django.request"):
        WSGIHandler()
    assert [r.getMessage() for r in caplog.records if "adapted" in r.getMessage()] == []


@pytest.mark.django_db
def test_the_async_stack_sets_the_security_headers() -> None:
    response = async_to_sync(AsyncClient().get)("/login/")
    assert response.status_code == 200
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert response["Referrer-Policy"] == "same-origin"


def test_the_async_stack_serves_a_static_file_as_the_sync_one_does() -> None:
    sync_response = Client().get(STATIC_FILE)

    response: HttpResponseBase = async_to_sync(AsyncClient().get)(STATIC_FILE)
    body = b"".join(response)  # type: ignore[call-overload]
    assert response.status_code == sync_response.status_code == 200
    assert body == b"".join(sync_response) and body
    assert response["Content-Type"] == sync_response["Content-Type"]
    assert response["Cache-Control"] == sync_response["Cache-Control"]
