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


class _Hops:
    """Counts Django's middleware hops into a thread (MiddlewareMixin's sync_to_async)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from asgiref.sync import sync_to_async
        from django.utils import deprecation

        self.count = 0

        def counted(function: Any, **kwargs: Any) -> Any:
            self.count += 1
            return sync_to_async(function, **kwargs)

        monkeypatch.setattr(deprecation, "sync_to_async", counted)


@pytest.mark.django_db(transaction=True)
def test_django_middleware_runs_on_the_event_loop_under_asgi(monkeypatch: pytest.MonkeyPatch) -> None:
    hops = _Hops(monkeypatch)
    client = AsyncClient()
    page = async_to_sync(client.get)("/login/")  # sessions, CSRF cookie, locale, messages, headers
    assert page.status_code == 200 and page.cookies.get("csrftoken")
    assert page["X-Frame-Options"] == "DENY" and page["X-Content-Type-Options"] == "nosniff"
    assert hops.count == 0


@pytest.mark.django_db(transaction=True)
def test_a_session_written_under_asgi_is_saved_and_read_back(person: Any) -> None:
    # The one method that touches the database here (the session save) still runs in a thread:
    # run on the event loop, Django would refuse it (SynchronousOnlyOperation).
    client = AsyncClient()
    login = async_to_sync(client.post)(
        "/login/", {"username": person.username, "password": "correct horse battery staple"}
    )
    assert login.status_code == 302 and login.cookies.get("sessionid")
    threads = async_to_sync(client.get)("/api/threads/")
    assert threads.status_code == 200


@pytest.mark.django_db(transaction=True)
def test_csrf_is_still_enforced_under_asgi(person: Any) -> None:
    client = AsyncClient(enforce_csrf_checks=True)
    async_to_sync(client.aforce_login)(person)
    rejected = async_to_sync(client.post)("/logout/")
    assert rejected.status_code == 403
    token = async_to_sync(client.get)("/").cookies["csrftoken"].value  # the chat page
    accepted = async_to_sync(client.post)("/logout/", headers={"X-CSRFToken": token})
    assert accepted.status_code == 302
