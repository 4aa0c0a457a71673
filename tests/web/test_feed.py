"""The private calendar feed: on, read by a calendar app, rotated, revoked, and never crossed."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import icalendar
import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from scheduling.ics import calendar_feed, event_uid
from scheduling.models import Event, Profile

pytestmark = pytest.mark.django_db


def turn_feed(client: Client, action: str) -> None:
    response = client.post("/settings/feed/", {"action": action})
    assert response.status_code == 302


def feed_path(person: AbstractBaseUser) -> str:
    token = Profile.objects.get(user=person).feed_token
    assert token
    return f"/calendar/{token}.ics"


def read_feed(path: str) -> icalendar.Calendar:
    response = Client().get(path)  # a calendar app: no session, no cookies
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return icalendar.Calendar.from_ical(response.content)


def test_the_feed_is_off_until_turned_on(signed_in: Client, person: AbstractBaseUser) -> None:
    page = signed_in.get("/settings/").content.decode()
    assert "The feed is off." in page
    assert "/calendar/" not in page
    assert Profile.objects.get(user=person).feed_token == ""


def test_turning_it_on_shows_a_private_url_that_works(signed_in: Client, person: AbstractBaseUser) -> None:
    turn_feed(signed_in, "enable")
    path = feed_path(person)
    page = signed_in.get("/settings/").content.decode()
    assert f"http://testserver{path}" in page
    assert f"webcal://testserver{path}" in page
    assert len(path.removeprefix("/calendar/").removesuffix(".ics")) >= 40
    read_feed(path)


def test_the_feed_has_the_events_with_uids_stamps_and_zones(
    signed_in: Client, person: AbstractBaseUser, add_event: Callable[..., Event], frozen_now: datetime.datetime
) -> None:
    lunch = add_event(person, "Team lunch", "2026-12-12T12:30", 60)
    call = add_event(person, "Call with New York", "2026-12-14T09:00", 30, zone="America/New_York")
    turn_feed(signed_in, "enable")

    calendar = read_feed(feed_path(person))

    events = {str(component["UID"]): component for component in calendar.walk("VEVENT")}
    assert set(events) == {f"event-{lunch.id}@schedule-assistant", f"event-{call.id}@schedule-assistant"}
    first = events[f"event-{lunch.id}@schedule-assistant"]
    assert str(first["SUMMARY"]) == "Team lunch"
    assert first["DTSTART"].params["TZID"] == "Asia/Shanghai"
    assert first["DTEND"].params["TZID"] == "Asia/Shanghai"
    assert first.decoded("DTSTART") == datetime.datetime(2026, 12, 12, 12, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
    assert first.decoded("DTEND") == datetime.datetime(2026, 12, 12, 13, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
    assert first.decoded("DTSTAMP").tzinfo is not None
    second = events[f"event-{call.id}@schedule-assistant"]
    assert second["DTSTART"].params["TZID"] == "America/New_York"
    assert second.decoded("DTSTART").replace(tzinfo=None) == datetime.datetime(2026, 12, 14, 9, 0)

    zones = sorted(str(zone["TZID"]) for zone in calendar.walk("VTIMEZONE"))
    assert zones == ["America/New_York", "Asia/Shanghai"]
    assert calendar.get_missing_tzids() == set()
    assert str(calendar["X-WR-TIMEZONE"]) == "Asia/Shanghai"


def test_a_uid_stays_when_the_event_moves(
    signed_in: Client, person: AbstractBaseUser, add_event: Callable[..., Event], frozen_now: datetime.datetime
) -> None:
    lunch = add_event(person, "Team lunch", "2026-12-12T12:30")
    turn_feed(signed_in, "enable")
    before = [str(event["UID"]) for event in read_feed(feed_path(person)).walk("VEVENT")]
    Event.objects.filter(id=lunch.id).update(
        starts_at=lunch.starts_at + datetime.timedelta(minutes=30),
        ends_at=lunch.ends_at + datetime.timedelta(minutes=30),
    )
    after = read_feed(feed_path(person)).walk("VEVENT")
    assert [str(event["UID"]) for event in after] == before
    assert after[0].decoded("DTSTART").time() == datetime.time(13, 0)


def test_rotating_makes_a_new_url_and_kills_the_old_one(signed_in: Client, person: AbstractBaseUser) -> None:
    turn_feed(signed_in, "enable")
    old = feed_path(person)
    turn_feed(signed_in, "rotate")
    new = feed_path(person)
    assert new != old
    assert Client().get(old).status_code == 404
    read_feed(new)


def test_revoking_turns_the_url_into_a_404(signed_in: Client, person: AbstractBaseUser) -> None:
    turn_feed(signed_in, "enable")
    path = feed_path(person)
    turn_feed(signed_in, "revoke")
    assert Profile.objects.get(user=person).feed_token == ""
    assert Client().get(path).status_code == 404
    assert "The feed is off." in signed_in.get("/settings/").content.decode()


@pytest.mark.parametrize("token", ["nope", "x" * 43, "../../etc/passwd", "%00" * 10])
def test_an_unknown_token_is_a_404(client: Client, person: AbstractBaseUser, token: str) -> None:
    assert client.get(f"/calendar/{token}.ics").status_code == 404


def test_another_persons_token_never_shows_your_events(
    signed_in: Client,
    person: AbstractBaseUser,
    other_person: AbstractBaseUser,
    add_event: Callable[..., Event],
    frozen_now: datetime.datetime,
) -> None:
    add_event(person, "Alice's dentist", "2026-12-10T15:00")
    add_event(other_person, "Mallory's gym", "2026-12-10T18:00")
    turn_feed(signed_in, "enable")
    mallory = Client()
    mallory.force_login(other_person)
    turn_feed(mallory, "enable")

    titles = [str(event["SUMMARY"]) for event in read_feed(feed_path(other_person)).walk("VEVENT")]
    assert titles == ["Mallory's gym"]
    mine = [str(event["SUMMARY"]) for event in read_feed(feed_path(person)).walk("VEVENT")]
    assert mine == ["Alice's dentist"]


def test_the_feed_needs_no_session_and_sets_no_cookie(signed_in: Client, person: AbstractBaseUser) -> None:
    turn_feed(signed_in, "enable")
    response = Client().get(feed_path(person))
    assert "sessionid" not in response.cookies
    assert "csrftoken" not in response.cookies
    assert "private" in response["Cache-Control"]


def test_the_feed_only_answers_reads(signed_in: Client, person: AbstractBaseUser) -> None:
    turn_feed(signed_in, "enable")
    assert Client().post(feed_path(person)).status_code == 405


# ---- the builder itself: a pure function


def fake_event(event_id: int, start: datetime.datetime, minutes: int, zone: str, **extra: object) -> SimpleNamespace:
    stamp = datetime.datetime(2026, 12, 1, 8, 0, tzinfo=datetime.UTC)
    return SimpleNamespace(
        id=event_id,
        title=extra.get("title", f"event {event_id}"),
        notes=extra.get("notes", ""),
        time_zone=zone,
        starts_at=start.astimezone(datetime.UTC),
        ends_at=(start + datetime.timedelta(minutes=minutes)).astimezone(datetime.UTC),
        created_at=stamp,
        updated_at=stamp,
    )


def test_the_builder_is_deterministic_and_parses_back() -> None:
    berlin = ZoneInfo("Europe/Berlin")
    events = [
        fake_event(
            7,
            datetime.datetime(2027, 3, 28, 10, 0, tzinfo=berlin),
            45,
            "Europe/Berlin",
            title="Brunch; with, friends",
            notes="Bring\ncake",
        ),
        fake_event(8, datetime.datetime(2027, 3, 29, 9, 0, tzinfo=datetime.UTC), 30, "UTC"),
    ]
    body = calendar_feed(events, calendar_name="Alice", calendar_zone="Europe/Berlin")
    assert body == calendar_feed(events, calendar_name="Alice", calendar_zone="Europe/Berlin")
    assert b"\r\n" in body

    calendar = icalendar.Calendar.from_ical(body)
    brunch, standup = calendar.walk("VEVENT")
    assert str(brunch["UID"]) == event_uid(7) == "event-7@schedule-assistant"
    assert str(brunch["SUMMARY"]) == "Brunch; with, friends"
    assert str(brunch["DESCRIPTION"]) == "Bring\ncake"
    # The day clocks go forward in Berlin: the wall-clock time survives, with its zone.
    assert brunch.decoded("DTSTART") == datetime.datetime(2027, 3, 28, 10, 0, tzinfo=berlin)
    assert brunch.decoded("DTSTAMP") == datetime.datetime(2026, 12, 1, 8, 0, tzinfo=datetime.UTC)
    # A UTC event is written with the Z suffix and needs no VTIMEZONE.
    assert "TZID" not in standup["DTSTART"].params
    assert standup.decoded("DTSTART") == datetime.datetime(2027, 3, 29, 9, 0, tzinfo=datetime.UTC)
    (berlin_zone,) = calendar.walk("VTIMEZONE")
    assert str(berlin_zone["TZID"]) == "Europe/Berlin"
    assert berlin_zone.walk("DAYLIGHT"), "a zone with summer time needs its DAYLIGHT rules"
    assert calendar.get_missing_tzids() == set()


def test_vtimezone_blocks_cover_events_after_2038() -> None:
    sydney = ZoneInfo("Australia/Sydney")
    event = fake_event(9, datetime.datetime(2041, 1, 5, 10, 0, tzinfo=sydney), 60, "Australia/Sydney")
    calendar = icalendar.Calendar.from_ical(calendar_feed([event], calendar_name="x", calendar_zone="Australia/Sydney"))
    (zone,) = calendar.walk("VTIMEZONE")
    text = zone.to_ical().decode()
    assert "2041" in text or "2040" in text
    assert calendar.walk("VEVENT")[0].decoded("DTSTART") == datetime.datetime(2041, 1, 5, 10, 0, tzinfo=sydney)


def test_an_empty_feed_is_still_a_valid_calendar() -> None:
    calendar = icalendar.Calendar.from_ical(calendar_feed([], calendar_name="Nobody", calendar_zone="Asia/Shanghai"))
    assert calendar.walk("VEVENT") == []
    assert str(calendar["VERSION"]) == "2.0"
    assert [str(zone["TZID"]) for zone in calendar.walk("VTIMEZONE")] == ["Asia/Shanghai"]
    assert re.match(r"-//.+//.+//EN", str(calendar["PRODID"]))


def test_an_imported_event_keeps_its_uid_and_its_reminders_become_alarms(
    signed_in: Client, person: AbstractBaseUser, frozen_now: datetime.datetime
) -> None:
    """Round trip: import a file, read the feed, import the feed again: the same events (matched
    by UID), no copies; a reminder on an imported event is a VALARM in the feed."""
    from scheduling.ics_import import calendar_import
    from scheduling.models import Reminder

    source = (Path(__file__).parents[1] / "scheduling" / "fixtures" / "google.ics").read_bytes()
    first = calendar_import(owner=person, data=source)
    assert first.created == 2
    uids = {str(c["uid"]) for c in icalendar.Calendar.from_ical(source).walk("VEVENT") if "RECURRENCE-ID" not in c}
    imported = Event.objects.filter(owner=person, series__isnull=True).order_by("id")
    Reminder.objects.create(owner=person, event=imported[0], minutes_before=15)
    Reminder.objects.create(owner=person, event=imported[0], minutes_before=60)

    turn_feed(signed_in, "enable")
    response = Client().get(feed_path(person))
    feed = icalendar.Calendar.from_ical(response.content)
    events = {str(c["uid"]): c for c in feed.walk("VEVENT") if "RECURRENCE-ID" not in c}
    assert uids <= set(events), (uids, set(events))
    alarms = events[imported[0].uid].walk("VALARM")
    assert sorted(alarm.decoded("trigger") for alarm in alarms) == [
        -datetime.timedelta(minutes=60),
        -datetime.timedelta(minutes=15),
    ]
    assert {str(alarm["action"]) for alarm in alarms} == {"DISPLAY"}
    assert events[imported[1].uid].walk("VALARM") == []

    again = calendar_import(owner=person, data=response.content)
    assert again.created == 0
    assert Event.objects.filter(owner=person, series__isnull=True).count() == 2


def test_a_chat_events_uid_is_still_its_own(add_event: Callable[..., Event], person: AbstractBaseUser) -> None:
    dentist = add_event(person, "Dentist", "2026-12-08 15:00")
    feed = icalendar.Calendar.from_ical(calendar_feed([dentist], calendar_name="x", calendar_zone="Asia/Shanghai"))
    assert [str(c["uid"]) for c in feed.walk("VEVENT")] == [event_uid(dentist.id)]
