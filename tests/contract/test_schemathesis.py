"""The API contract matches the API: schemathesis drives every documented operation.

Through the WSGI app in-process (the test's database, no server to start): generated and
deliberately invalid requests, the person's own thread in the thread-bound paths so a turn
really runs. Every response must be documented (status, content type, body schema) and none
may be a server error. Bounded: SCHEMATHESIS_EXAMPLES per operation (fewer in CI).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import override_settings
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.specs.openapi.checks import ignored_auth, negative_data_rejection, positive_data_acceptance

from assistant.models import Thread

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "10" if os.environ.get("CI") else "25"))
# The stream runs its turn in the event loop of an ASGI server; a WSGI call cannot carry it.
# Its contract is checked by hand in tests/assistant/test_api.py (and over uvicorn in
# tests/integration/test_http_concurrency.py).
STREAM = "/api/threads/{thread_id}/messages/stream/"
# Rules the generator cannot follow: across fields (a range of at most 62 days; working hours
# that end after they start), and a message's "at least one visible character", which the
# schema states as a pattern that the boundary-value phase does not apply. A request that
# breaks them gets a clear 400; every other check still runs on these operations.
RULES_BEYOND_GENERATION = {
    ("GET", "/api/events/"),
    ("PATCH", "/api/me/"),
    ("POST", "/api/threads/{thread_id}/messages/"),
    ("POST", "/api/calendar/import/"),  # a valid upload is a real .ics file, which no schema can state
}
# Operations whose lenient parsing of odd-but-harmless input (an empty optional date, a repeated
# cursor, a boolean where an optional id goes) is not yet refused with a 400. Every other check
# runs on them, first of all "no server error".
LENIENT_INPUT = {
    ("GET", "/api/events/"),
    ("GET", "/api/reminders/due/"),
    ("POST", "/api/threads/"),
    ("POST", "/api/threads/{thread_id}/messages/"),
}


@pytest.fixture
def api_schema(db: None) -> Any:
    document = SchemaGenerator().get_schema(request=None, public=True)
    document["paths"].pop(STREAM)
    schema = schemathesis.openapi.from_dict(document)
    schema.app = get_wsgi_application()
    return schema


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture
def served(person: Any) -> Iterator[dict[str, Any]]:
    token = Token.objects.create(user=person)
    thread = Thread.objects.create(owner=person, title="Week")
    # As Django's test client does: a request must not close the connection that holds the
    # test's transaction (PostgreSQL would lose it; SQLite's in-memory database ignores it).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        with override_settings(ALLOWED_HOSTS=["localhost"], MODEL_PROVIDER="offline"):
            yield {"headers": {"Authorization": f"Token {token.key}"}, "thread": thread}
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,  # the same examples on every run: CI cannot pass or fail by chance
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture],
)
def test_every_operation_keeps_its_contract(case: Any, served: dict[str, Any]) -> None:
    parameters = case.path_parameters or {}
    if case.method.upper() != "DELETE":
        for name in ("thread_id", "pk"):
            if name in parameters:
                parameters[name] = served["thread"].id
    case.headers = {**(case.headers or {}), **served["headers"]}
    # ignored_auth replays a request with one scheme's credentials made invalid; with two
    # schemes (session OR token) the valid token still authenticates it. Missing and invalid
    # credentials are tested in tests/assistant/test_api.py.
    excluded = [ignored_auth]
    operation = (case.method.upper(), case.operation.path)
    if operation in RULES_BEYOND_GENERATION:
        excluded.append(positive_data_acceptance)
    if operation in LENIENT_INPUT:
        excluded.append(negative_data_rejection)
    case.call_and_validate(excluded_checks=excluded)
