"""Sign-in throttling: too many failures for one account or from one address pause sign-in,
on the product's sign-in page and the admin's, with the wait said and an unlock path."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
import time_machine
from asgiref.sync import async_to_sync
from django.contrib.auth.models import AbstractBaseUser
from django.core.management import call_command
from django.test import AsyncClient, Client, override_settings

from tests.conftest import FROZEN_NOW

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_now")]

RIGHT = "correct horse battery staple"
throttled = override_settings(AXES_ENABLED=True)


def sign_in(client: Client, username: str, password: str, *, path: str = "/login/", address: str = "127.0.0.1", **headers: str):  # type: ignore[no-untyped-def]
    return client.post(path, {"username": username, "password": password}, REMOTE_ADDR=address, headers=headers)


def fail(client: Client, username: str, times: int, **kwargs: str) -> list[int]:
    return [sign_in(client, username, "wrong", **kwargs).status_code for _ in range(times)]


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


@throttled
def test_five_failures_pause_the_account_even_for_the_right_password(client: Client, person: AbstractBaseUser) -> None:
    # The fifth failure is the one that pauses: it is answered with the pause, not the form.
    assert fail(client, "alice", 5) == [200, 200, 200, 200, 429]
    response = sign_in(client, "alice", RIGHT)
    assert response.status_code == 429
    assert response["Retry-After"] == "900"
    page = response.content.decode()
    assert "Too many failed sign-ins" in page
    assert "Try again in 15 minutes" in page
    assert not signed_in(client)


@throttled
def test_four_failures_still_let_the_right_password_in(client: Client, person: AbstractBaseUser) -> None:
    fail(client, "alice", 4)
    assert sign_in(client, "alice", RIGHT).status_code == 302
    assert signed_in(client)


@throttled
def test_a_success_clears_the_count(client: Client, person: AbstractBaseUser) -> None:
    fail(client, "alice", 4)
    assert sign_in(client, "alice", RIGHT).status_code == 302
    client.logout()
    fail(client, "alice", 4)
    assert sign_in(client, "alice", RIGHT).status_code == 302


@throttled
def test_the_account_is_paused_from_another_address_too(client: Client, person: AbstractBaseUser) -> None:
    fail(client, "alice", 5, address="10.0.0.1")
    assert sign_in(client, "alice", RIGHT, address="10.0.0.2").status_code == 429
    assert not signed_in(client)


@throttled
def test_one_address_trying_many_accounts_is_paused(client: Client, make_person) -> None:  # type: ignore[no-untyped-def]
    make_person("victim")
    assert [fail(client, name, 1, address="10.0.0.9")[0] for name in ["a1", "a2", "a3", "a4", "a5"]][-1] == 429
    assert sign_in(client, "victim", RIGHT, address="10.0.0.9").status_code == 429
    # Another address is not paused for that account.
    assert sign_in(client, "victim", RIGHT, address="10.0.0.10").status_code == 302


@throttled
def test_the_pause_ends_after_the_cool_off(client: Client, person: AbstractBaseUser) -> None:
    fail(client, "alice", 5)
    with time_machine.travel(FROZEN_NOW + datetime.timedelta(minutes=14), tick=False):
        assert sign_in(client, "alice", RIGHT).status_code == 429
    # The refused attempt at 14 minutes started the wait again.
    with time_machine.travel(FROZEN_NOW + datetime.timedelta(minutes=14 + 16), tick=False):
        assert sign_in(client, "alice", RIGHT).status_code == 302


@throttled
def test_an_administrator_unlocks_the_account(client: Client, person: AbstractBaseUser) -> None:
    fail(client, "alice", 5)
    assert sign_in(client, "alice", RIGHT).status_code == 429
    call_command("axes_reset_username", "alice")
    assert sign_in(client, "alice", RIGHT).status_code == 302


@throttled
def test_the_admin_sign_in_is_throttled(client: Client, person: AbstractBaseUser) -> None:
    person.is_staff = True  # type: ignore[attr-defined]
    person.is_superuser = True  # type: ignore[attr-defined]
    person.save()
    assert fail(client, "alice", 5, path="/admin/login/") == [200, 200, 200, 200, 429]
    response = sign_in(client, "alice", RIGHT, path="/admin/login/")
    assert response.status_code == 429
    assert response["Retry-After"] == "900"
    assert "Too many failed sign-ins" in response.content.decode()
    assert client.get("/admin/").status_code == 302


@throttled
def test_failures_on_one_form_count_on_the_other(client: Client, person: AbstractBaseUser) -> None:
    fail(client, "alice", 5)
    assert sign_in(client, "alice", RIGHT, path="/admin/login/").status_code == 429


@throttled
def test_a_client_asking_for_json_gets_json(client: Client, person: AbstractBaseUser) -> None:
    fail(client, "alice", 5)
    response = sign_in(client, "alice", RIGHT, accept="application/json")
    assert response.status_code == 429
    assert response["Retry-After"] == "900"
    body = json.loads(response.content)
    assert body["code"] == "login_locked"
    assert body["retry_after_seconds"] == 900
    assert "15 minutes" in body["detail"]


@throttled
def test_the_pause_is_said_in_chinese_to_a_chinese_browser(client: Client, person: AbstractBaseUser) -> None:
    fail(client, "alice", 5)
    response = sign_in(client, "alice", RIGHT, accept_language="zh-CN,zh;q=0.9")
    assert response.status_code == 429
    assert "15 分钟后重试" in response.content.decode()


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=2, AXES_COOLOFF_TIME=datetime.timedelta(minutes=1))
def test_the_limit_and_the_wait_come_from_the_settings(client: Client, person: AbstractBaseUser) -> None:
    fail(client, "alice", 2)
    response = sign_in(client, "alice", RIGHT)
    assert response.status_code == 429
    assert response["Retry-After"] == "60"


@throttled
def test_under_asgi_the_pause_is_the_same(person: AbstractBaseUser) -> None:
    # The product is served by uvicorn: the async stack takes django-axes' async path.
    client = AsyncClient()

    def post(password: str) -> Any:
        return async_to_sync(client.post)("/login/", {"username": "alice", "password": password})

    assert [post("wrong").status_code for _ in range(5)] == [200, 200, 200, 200, 429]
    response = post(RIGHT)
    assert response.status_code == 429
    assert response["Retry-After"] == "900"
    assert "Try again in 15 minutes" in response.content.decode()
