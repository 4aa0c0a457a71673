"""A reminder's notice in the page: once per reminder per person, dismissed for good on the
server, and gone with its event."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from scheduling.models import DeliveryStatus, Reminder, ReminderDelivery

pytestmark = pytest.mark.django_db


def fired(reminder: Reminder, minutes_ago: int) -> ReminderDelivery:
    moment = timezone.now() - datetime.timedelta(minutes=minutes_ago)
    return ReminderDelivery.objects.create(
        reminder=reminder,
        owner=reminder.owner,
        key=f"{reminder.id}:{moment.isoformat()}",
        fire_at=moment,
        occurrence_start=moment + datetime.timedelta(minutes=10),
        title=reminder.event.title if reminder.event else reminder.text,
        status=DeliveryStatus.SENT,
        sent_at=moment,
    )


def notices(client: Client) -> list[tuple[int, str]]:
    return [(r["id"], r["title"]) for r in client.get("/api/reminders/due/?after=0").json()["reminders"]]


@pytest.fixture
def standup(person: Any, add_event: Any, frozen_now: Any) -> Reminder:
    event = add_event(person, "Standup", "2026-12-07 09:30")
    return Reminder.objects.create(owner=person, event=event, minutes_before=10)


def signed_in(person: Any) -> Client:
    client = Client()
    client.force_login(person)
    return client


def test_a_reminder_shows_once_however_often_it_fired(person: Any, standup: Reminder) -> None:
    fired(standup, 50)
    newest = fired(standup, 5)  # a repeating event's next firing, or a retry's
    assert notices(signed_in(person)) == [(newest.id, "Standup")]


def test_a_dismissed_notice_never_comes_back(person: Any, standup: Reminder, other_person: Any) -> None:
    older, newest = fired(standup, 50), fired(standup, 5)
    client = signed_in(person)
    # Another person cannot close it.
    assert signed_in(other_person).post(f"/api/reminders/{newest.id}/dismiss/").json() == {"dismissed": 0}
    assert notices(client) == [(newest.id, "Standup")]
    assert client.post(f"/api/reminders/{newest.id}/dismiss/").json() == {"dismissed": 2}
    assert notices(client) == []
    # Another device, another browser: the server remembers.
    assert notices(signed_in(person)) == []
    older.refresh_from_db()
    assert older.dismissed_at is not None


def test_a_notice_goes_with_its_event(person: Any, standup: Reminder) -> None:
    fired(standup, 5)
    client = signed_in(person)
    assert len(notices(client)) == 1
    standup.event.delete()  # type: ignore[union-attr]
    assert notices(client) == []


def test_an_hour_old_notice_is_not_shown(person: Any, standup: Reminder) -> None:
    fired(standup, 61)
    assert notices(signed_in(person)) == []
