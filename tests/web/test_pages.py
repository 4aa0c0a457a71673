"""The pages: sign-in, chat, settings: who may see them, and what headers and markup they carry."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client, override_settings

from scheduling.models import Profile
from tests.web.conftest import inline_code_problems

pytestmark = pytest.mark.django_db

STATIC = Path(settings.BASE_DIR) / "assistant" / "web" / "static" / "web"


@pytest.mark.parametrize("path", ["/", "/settings/"])
def test_pages_need_sign_in(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"] == f"/login/?next={path}"


def test_sign_in_with_the_right_password_opens_the_chat(client: Client, person: AbstractBaseUser) -> None:
    response = client.post("/login/", {"username": "alice", "password": "correct horse battery staple"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.get("/").status_code == 200


def test_a_wrong_password_says_so_and_signs_nobody_in(client: Client, person: AbstractBaseUser) -> None:
    response = client.post("/login/", {"username": "alice", "password": "wrong"})
    assert response.status_code == 200
    assert "That username and password do not match" in response.content.decode()
    assert client.get("/").status_code == 302


def test_the_sign_in_page_follows_the_browser_language(client: Client) -> None:
    page = client.get("/login/", headers={"accept-language": "zh-CN,zh;q=0.9"}).content.decode()
    assert '<html lang="zh-Hans">' in page
    assert "登录" in page


def test_sign_out_is_a_post(signed_in: Client) -> None:
    assert signed_in.get("/logout/").status_code == 405
    response = signed_in.post("/logout/")
    assert response.status_code == 302
    assert response["Location"] == "/login/"
    assert signed_in.get("/").status_code == 302


@pytest.mark.parametrize("path", ["/", "/settings/"])
def test_pages_carry_the_content_security_policy_and_no_inline_code(signed_in: Client, path: str) -> None:
    response = signed_in.get(path)
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert inline_code_problems(response.content.decode()) == []


def test_the_sign_in_page_has_no_inline_code(client: Client) -> None:
    response = client.get("/login/")
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert inline_code_problems(response.content.decode()) == []


def test_the_chat_page_sets_the_csrf_cookie_the_script_reads(signed_in: Client) -> None:
    response = signed_in.get("/")
    assert "csrftoken" in response.cookies


def test_the_chat_page_loads_its_script_as_a_module_from_static(signed_in: Client) -> None:
    page = signed_in.get("/").content.decode()
    assert '<script type="module" src="/static/web/chat.js"></script>' in page
    assert 'href="/static/web/app.css"' in page


def test_the_chat_page_hands_the_script_its_words_zone_and_today(signed_in: Client, frozen_now: object) -> None:
    page = signed_in.get("/").content.decode()
    assert 'data-time-zone="Asia/Shanghai"' in page
    assert 'data-today="2026-12-07"' in page
    # The words travel as JSON inside an attribute: quotes are escaped, nothing can break out.
    assert 'data-strings="{&quot;brand&quot;: &quot;Schedule Assistant&quot;' in page


def test_the_script_never_writes_html(signed_in: Client) -> None:
    for script in STATIC.glob("*.js"):
        source = script.read_text()
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
            assert sink not in source, f"{script.name} uses {sink}"


def test_the_stand_in_banner_shows_with_the_offline_model(signed_in: Client) -> None:
    page = signed_in.get("/").content.decode()
    assert "Offline stand-in: answers come from a deterministic reader, not a real model." in page
    assert 'data-testid="stand-in-banner">' in page


@override_settings(MODEL_PROVIDER="openai", OPENAI_API_KEY="sk-test")
def test_the_banner_is_hidden_with_a_real_model(signed_in: Client) -> None:
    page = signed_in.get("/").content.decode()
    assert 'data-testid="stand-in-banner" hidden>' in page
    assert 'data-stand-in="false"' in page


def test_the_pages_speak_the_persons_language(signed_in: Client, person: AbstractBaseUser) -> None:
    Profile.objects.filter(user=person).update(language="zh")
    page = signed_in.get("/").content.decode()
    assert '<html lang="zh-Hans">' in page
    assert "离线替身" in page
    assert "新对话" in page
    assert "日程" in page
    assert 'data-language="zh"' in page


def test_a_person_without_a_profile_gets_one_with_defaults(client: Client, django_user_model: type) -> None:
    user = django_user_model.objects.create_user(username="newcomer", password="pw")
    client.force_login(user)
    assert client.get("/").status_code == 200
    assert Profile.objects.get(user=user).language == "en"


@override_settings(MAX_MESSAGE_CHARS=1500)
def test_the_composer_says_the_servers_limit_and_never_cuts_a_paste(signed_in: Client) -> None:
    page = signed_in.get("/").content.decode()
    assert 'data-max-chars="1500"' in page
    # A maxlength attribute would cut a pasted text silently; the page counts instead.
    assert "maxlength" not in page.split('id="composer-input"')[1].split(">")[0]


def test_the_settings_page_loads_its_time_zone_search_from_static(signed_in: Client) -> None:
    page = signed_in.get("/settings/").content.decode()
    assert '<script type="module" src="/static/web/settings.js">' in page
    assert 'id="zone-search-input"' in page and 'aria-controls="id_time_zone"' in page
    assert (STATIC / "settings.js").exists()
