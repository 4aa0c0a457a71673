"""The settings page: time zone, language, working hours, and the CSRF guard on every form."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from scheduling.models import Profile

pytestmark = pytest.mark.django_db

VALID = {"time_zone": "Europe/Berlin", "language": "en", "work_start": "08:30", "work_end": "17:00"}


def profile_of(person: AbstractBaseUser) -> Profile:
    return Profile.objects.get(user=person)


def csrf_token_in(html: str) -> str:
    match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert match, "the form carries no CSRF token"
    return match.group(1)


def test_the_form_shows_the_current_profile(signed_in: Client) -> None:
    page = signed_in.get("/settings/").content.decode()
    assert re.search(r'<option value="Asia/Shanghai" selected data-search="[^"]*中国[^"]*">', page)
    assert 'value="09:00"' in page
    assert 'value="18:00"' in page
    assert 'type="time"' in page


def test_saving_changes_the_profile_and_says_so(signed_in: Client, person: AbstractBaseUser) -> None:
    response = signed_in.post("/settings/", VALID, follow=True)
    assert response.redirect_chain == [("/settings/", 302)]
    assert "Settings saved." in response.content.decode()
    profile = profile_of(person)
    assert (profile.time_zone, profile.work_start, profile.work_end) == (
        "Europe/Berlin",
        datetime.time(8, 30),
        datetime.time(17, 0),
    )


def test_switching_to_chinese_changes_the_pages(signed_in: Client, person: AbstractBaseUser) -> None:
    response = signed_in.post("/settings/", {**VALID, "language": "zh"}, follow=True)
    page = response.content.decode()
    assert profile_of(person).language == "zh"
    assert "设置已保存。" in page
    assert "保存设置" in page
    assert '<html lang="zh-Hans">' in page


def test_an_unknown_time_zone_is_refused(signed_in: Client, person: AbstractBaseUser) -> None:
    response = signed_in.post("/settings/", {**VALID, "time_zone": "Mars/Olympus_Mons"})
    assert response.status_code == 200
    assert "That is not a known time zone." in response.content.decode()
    assert profile_of(person).time_zone == "Asia/Shanghai"


def test_working_hours_must_end_after_they_start(signed_in: Client, person: AbstractBaseUser) -> None:
    response = signed_in.post("/settings/", {**VALID, "work_start": "18:00", "work_end": "09:00"})
    assert response.status_code == 200
    assert "Working hours must end after they start." in response.content.decode()
    assert profile_of(person).work_start == datetime.time(9, 0)


def test_errors_speak_chinese_to_a_chinese_profile(signed_in: Client, person: AbstractBaseUser) -> None:
    Profile.objects.filter(user=person).update(language="zh")
    response = signed_in.post("/settings/", {**VALID, "language": "zh", "work_start": "18:00", "work_end": "09:00"})
    assert "工作结束时间必须晚于开始时间。" in response.content.decode()


@pytest.mark.parametrize(
    ("path", "data"),
    [("/settings/", VALID), ("/settings/feed/", {"action": "enable"}), ("/logout/", {})],
)
def test_every_form_needs_its_csrf_token(person: AbstractBaseUser, path: str, data: dict[str, str]) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(person)
    assert browser.post(path, data).status_code == 403
    assert profile_of(person).time_zone == "Asia/Shanghai"
    assert profile_of(person).feed_token == ""

    token = csrf_token_in(browser.get("/settings/").content.decode())
    assert browser.post(path, {**data, "csrfmiddlewaretoken": token}).status_code == 302


def test_every_form_on_the_pages_carries_a_csrf_token(signed_in: Client) -> None:
    signed_in.post("/settings/feed/", {"action": "enable"})
    for path in ("/", "/settings/"):
        page = signed_in.get(path).content.decode()
        forms = re.findall(r"<form\b.*?</form>", page, flags=re.DOTALL)
        assert forms
        for form in forms:
            if 'method="post"' in form:
                assert "csrfmiddlewaretoken" in form, form[:120]
