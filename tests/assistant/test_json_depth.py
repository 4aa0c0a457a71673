"""A JSON body nested too deep is a 400 before it is parsed, on every JSON endpoint (the
message, stream and settings endpoints among them), never a RecursionError's 500."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import AsyncClient, Client
from rest_framework.authtoken.models import Token

from assistant.api.parsers import TooDeep, check_depth
from assistant.models import Thread

pytestmark = pytest.mark.django_db
DEEP = b'{"text": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"


def test_the_depth_is_counted_outside_strings() -> None:
    check_depth(b'{"a": [[1], {"b": "[[[[[[[[[[ \\" {{{{{{{{"}]}', limit=3)
    with pytest.raises(TooDeep):
        check_depth(b'{"a": [[[1]]]}', limit=3)
    check_depth(b"[" * 32 + b"]" * 32)  # the default, 32, is allowed


def test_the_drf_endpoints_answer_400(person: Any) -> None:
    client = Client()
    client.force_login(person)
    thread = Thread.objects.create(owner=person)
    for method, url in (("post", f"/api/threads/{thread.id}/messages/"), ("patch", "/api/me/"),
                        ("post", "/api/threads/"), ("patch", f"/api/threads/{thread.id}/")):  # fmt: skip
        response = getattr(client, method)(url, data=DEEP, content_type="application/json")
        assert response.status_code == 400, url
        assert "deeper than 32" in response.json()["detail"]
    assert (
        client.patch("/api/me/", data=b'{"time_zone": "Europe/London"}', content_type="application/json").status_code
        == 200
    )


@pytest.mark.anyio
@pytest.mark.django_db(transaction=True)
async def test_the_stream_endpoint_answers_400(person: Any) -> None:
    token = await Token.objects.acreate(user=person)
    thread = await Thread.objects.acreate(owner=person)
    response = await AsyncClient().post(
        f"/api/threads/{thread.id}/messages/stream/", data=DEEP, content_type="application/json",
        headers={"Authorization": f"Token {token.key}"},
    )  # fmt: skip
    assert response.status_code == 400
