"""A person's time zone: the browser's on the first visit (once, never over a chosen one), and
a search that knows cities and countries in English and Chinese (CLDR through Babel)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from assistant.web.forms import ProfileForm
from assistant.web.zones import zone_search_text
from scheduling.models import Profile

pytestmark = pytest.mark.django_db


def newcomer(client: Client) -> Any:
    user = get_user_model().objects.create_user(username="newcomer", password="x")
    client.force_login(user)
    return user


def test_the_first_visit_takes_the_browsers_zone_once(client: Client) -> None:
    user = newcomer(client)
    page = client.get("/").content.decode()
    assert 'data-time-zone-source="default"' in page and 'data-time-zone="UTC"' in page

    answer = client.post("/settings/browser-zone/", {"time_zone": "America/Los_Angeles"})
    assert answer.json() == {"time_zone": "America/Los_Angeles", "source": "browser"}
    # A second tab, or another browser later, does not move it again.
    again = client.post("/settings/browser-zone/", {"time_zone": "Europe/Paris"})
    assert again.json()["time_zone"] == "America/Los_Angeles"
    assert Profile.objects.get(user=user).time_zone == "America/Los_Angeles"
    assert "Taken from your browser" in client.get("/settings/").content.decode()


def test_a_zone_the_person_chose_is_never_replaced_by_the_browsers(client: Client) -> None:
    user = newcomer(client)
    saved = client.post(
        "/settings/", {"time_zone": "Asia/Shanghai", "language": "en", "work_start": "09:00", "work_end": "18:00"}
    )
    assert saved.status_code == 302
    client.post("/settings/browser-zone/", {"time_zone": "America/Los_Angeles"})
    profile = Profile.objects.get(user=user)
    assert (profile.time_zone, profile.time_zone_source) == ("Asia/Shanghai", "person")
    assert 'data-time-zone-source="person"' in client.get("/").content.decode()


def test_a_zone_that_does_not_exist_is_refused(client: Client) -> None:
    newcomer(client)
    answer = client.post("/settings/browser-zone/", {"time_zone": "Mars/Olympus_Mons"})
    assert answer.status_code == 400


@pytest.mark.parametrize(
    ("typed", "zone"),
    [("shanghai", "Asia/Shanghai"), ("上海", "Asia/Shanghai"), ("china", "Asia/Shanghai"), ("中国", "Asia/Shanghai"),
     ("los angeles", "America/Los_Angeles"), ("洛杉矶", "America/Los_Angeles"), ("france", "Europe/Paris"),
     ("法国", "Europe/Paris"), ("japan", "Asia/Tokyo"), ("东京", "Asia/Tokyo")],
)  # fmt: skip
def test_the_zone_list_carries_city_and_country_names_in_both_languages(typed: str, zone: str) -> None:
    assert typed in zone_search_text(zone).lower()
    html = str(ProfileForm(language="en")["time_zone"])
    assert f'data-search="{zone_search_text(zone)}"' in html


def test_zones_outside_any_country_are_not_called_unknown() -> None:
    assert "Unknown" not in zone_search_text("Etc/GMT+5") and "未知" not in zone_search_text("UTC")
