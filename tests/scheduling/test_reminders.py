"""Reminders: made in words through the tools, fired exactly once, following a moved event,
never for a deleted one; the page's endpoint."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
import time_machine
from django.core import mail

from scheduling.delivery import delivery_send, reminders_claim_due
from scheduling.models import DeliveryStatus, Event, Reminder, ReminderDelivery
from scheduling.services import event_update
from scheduling.tasks import dispatch_due_reminders
from tests.scheduling.test_recurrence import registry, schedule

pytestmark = pytest.mark.django_db
MINUTE = datetime.timedelta(minutes=1)


@pytest.fixture
def mailbox_person(person: Any) -> Any:
    person.email = "alice@example.com"
    person.save()
    return person


def remind_args(**values: Any) -> dict[str, Any]:
    return {"text": None, "event_ref": None, "event_words": None, "minutes_before": None, "date": None, "time": None,
            "repeat": None, "days_before": None, "replaces_last": None, **values}  # fmt: skip


def test_a_reminder_said_with_the_event_fires_once_at_its_time(mailbox_person: Any, frozen_now: Any) -> None:
    result = schedule(registry(mailbox_person, frozen_now), title="Dentist", date="D+0", time="15:00",
                      reminder_minutes=15)  # fmt: skip
    assert result.status == "created" and result.data["reminders"] == [15]
    event = Event.objects.get(title="Dentist")
    fire_at = event.starts_at - 15 * MINUTE
    assert reminders_claim_due(now=fire_at - MINUTE) == []
    first = reminders_claim_due(now=fire_at)
    again = reminders_claim_due(now=fire_at + MINUTE)  # a second beat, or a restart
    assert len(first) == 1 and again == []
    assert delivery_send(delivery_id=first[0], now=fire_at) is True
    assert delivery_send(delivery_id=first[0], now=fire_at) is False  # a redelivered task
    assert len(mail.outbox) == 1 and "Dentist" in mail.outbox[0].subject


def test_a_moved_event_takes_its_reminder_along(mailbox_person: Any, frozen_now: Any) -> None:
    schedule(registry(mailbox_person, frozen_now), title="Call", date="D+0", time="15:00", reminder_minutes=10)
    event = Event.objects.get(title="Call")
    old_fire = event.starts_at - 10 * MINUTE
    claimed = reminders_claim_due(now=old_fire)
    event_update(event=event, starts_at=event.starts_at + 60 * MINUTE, ends_at=event.ends_at + 60 * MINUTE)
    # Claimed for the old time, then moved: skipped, not sent.
    assert delivery_send(delivery_id=claimed[0], now=old_fire) is False
    assert ReminderDelivery.objects.get(id=claimed[0]).status == DeliveryStatus.SKIPPED
    new = reminders_claim_due(now=old_fire + 60 * MINUTE)
    assert len(new) == 1 and delivery_send(delivery_id=new[0], now=old_fire + 60 * MINUTE)
    assert len(mail.outbox) == 1


def test_a_deleted_events_reminder_is_never_sent(mailbox_person: Any, frozen_now: Any) -> None:
    schedule(registry(mailbox_person, frozen_now), title="Gone", date="D+0", time="15:00", reminder_minutes=10)
    event = Event.objects.get(title="Gone")
    fire_at = event.starts_at - 10 * MINUTE
    event.delete()
    assert Reminder.objects.count() == 0
    assert reminders_claim_due(now=fire_at) == []


def test_each_occurrence_of_a_series_fires(mailbox_person: Any, frozen_now: Any) -> None:
    weekly = {"frequency": "daily", "interval": None, "weekdays": None, "month_day": None, "until": None, "count": 3}
    schedule(registry(mailbox_person, frozen_now), title="Pills", date="D+1", time="08:00", recurrence=weekly,
             reminder_minutes=5)  # fmt: skip
    series = Event.objects.get(title="Pills")
    for day in range(3):
        fire_at = series.starts_at + datetime.timedelta(days=day) - 5 * MINUTE
        assert len(reminders_claim_due(now=fire_at)) == 1
    assert reminders_claim_due(now=series.starts_at + datetime.timedelta(days=3) - 5 * MINUTE) == []


def test_a_plain_reminder_and_the_page_endpoint(
    mailbox_person: Any, frozen_now: Any, client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    result = registry(mailbox_person, frozen_now).execute(
        "set_reminder", remind_args(text="call mum", date="D+0", time="17:00")
    )
    assert result.status == "reminder_set" and result.data["reminder"]["time"] == "17:00"
    at = Reminder.objects.get().remind_at
    assert at is not None
    with time_machine.travel(at, tick=False):
        with django_capture_on_commit_callbacks(execute=True):
            assert dispatch_due_reminders() == 1  # eager: claimed, then delivered once committed
            assert dispatch_due_reminders() == 0
        client.force_login(mailbox_person)
        body = client.get("/api/reminders/due/?after=0").json()
        assert [r["title"] for r in body["reminders"]] == ["call mum"]
        # Still open after the cursor (a reload shows it), but no longer new (no second notification).
        again = client.get(f"/api/reminders/due/?after={body['last_id']}").json()["reminders"]
        assert [(r["title"], r["new"]) for r in again] == [("call mum", False)]
    assert len(mail.outbox) == 1


def test_a_reminder_before_it_and_the_default_reminder(mailbox_person: Any, frozen_now: Any) -> None:
    reg = registry(mailbox_person, frozen_now)
    schedule(reg, title="Review", date="D+1", time="10:00")
    event = Event.objects.get(title="Review")
    result = reg.execute("set_reminder", remind_args(event_ref=f"E{event.id}", minutes_before=60))
    assert result.status == "reminder_set"
    assert list(event.reminders.values_list("minutes_before", flat=True)) == [60]
    profile = mailbox_person.profile
    profile.default_reminder_minutes = 30
    profile.save()
    made = schedule(registry(mailbox_person, frozen_now), title="Gym", date="D+2", time="18:00")
    assert made.data["reminders"] == [30]
    birthday = schedule(registry(mailbox_person, frozen_now), title="Birthday", date="D+3", all_day=True)
    assert "reminders" not in birthday.data  # the default is for timed events


def test_a_repeating_reminder_fires_on_each_day_of_its_rule_from_the_first_still_ahead(
    mailbox_person: Any, frozen_now: Any
) -> None:
    # It is 10:00 on Monday 7 Dec: "every weekday at 8am" first fires on Tuesday, then daily but not at the weekend.
    result = registry(mailbox_person, frozen_now).execute(
        "set_reminder", remind_args(text="take my pills", date="D+0", time="08:00", repeat="weekdays")
    )
    assert result.status == "reminder_set", result.data
    assert (result.data["reminder"]["date"], result.data["reminder"]["repeats"]["weekdays"]) == (
        "2026-12-08", ["MO", "TU", "WE", "TH", "FR"],
    )  # fmt: skip
    reminder = Reminder.objects.get()
    assert (reminder.rrule, reminder.time_zone) == ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "Asia/Shanghai")
    first = reminder.remind_at
    assert first is not None
    fired = []
    for day in range(7):  # Tue 8 .. Mon 14 Dec at 08:00
        moment = first + datetime.timedelta(days=day)
        fired.append(len(reminders_claim_due(now=moment)))
        assert reminders_claim_due(now=moment + MINUTE) == []  # once per firing
    assert fired == [1, 1, 1, 1, 0, 0, 1]


@pytest.mark.parametrize(
    ("repeat", "date", "rule", "first"),
    [
        ("weekly", "W4", "FREQ=WEEKLY;BYDAY=TH", "2026-12-10"),  # the weekday of the day said
        ("monthly", "2026-12-15", "FREQ=MONTHLY;BYMONTHDAY=15", "2026-12-15"),
        ("daily", "D+0", "FREQ=DAILY", "2026-12-08"),  # 08:00 today has passed
        ("yearly", "2027-03-14", "FREQ=YEARLY", "2027-03-14"),
    ],
)
def test_a_repeat_is_written_by_the_tool_from_the_first_day(
    person: Any, frozen_now: Any, repeat: str, date: str, rule: str, first: str
) -> None:
    result = registry(person, frozen_now).execute("set_reminder", remind_args(text="x", date=date, time="08:00", repeat=repeat))
    assert (result.status, result.data["reminder"]["date"]) == ("reminder_set", first)
    assert Reminder.objects.get().rrule == rule


def test_a_plain_reminder_in_the_past_is_refused(person: Any, frozen_now: Any) -> None:
    result = registry(person, frozen_now).execute("set_reminder", remind_args(text="x", date="D+0", time="08:00"))
    assert result.status == "in_past" and Reminder.objects.count() == 0


def test_a_reminder_before_an_event_named_in_words(mailbox_person: Any, other_person: Any, frozen_now: Any) -> None:
    reg = registry(mailbox_person, frozen_now)
    schedule(reg, title="Lunch with Sam", date="D+1", time="12:30")
    schedule(registry(other_person, frozen_now), title="Dentist", date="D+1", time="09:00")
    event = Event.objects.get(title="Lunch with Sam")
    result = reg.execute("set_reminder", remind_args(event_words="lunch with Sam", minutes_before=30))
    assert result.status == "reminder_set" and result.data["event"]["title"] == "Lunch with Sam"
    assert list(event.reminders.values_list("minutes_before", flat=True)) == [30]
    # Another person's event is never found by its words; nothing is written.
    other = reg.execute("set_reminder", remind_args(event_words="dentist", minutes_before=30))
    assert other.status == "not_found" and Reminder.objects.count() == 1


def test_a_reminder_on_words_that_fit_several_events_asks(mailbox_person: Any, frozen_now: Any) -> None:
    reg = registry(mailbox_person, frozen_now)
    schedule(reg, title="Gym", date="D+1", time="07:00")
    schedule(reg, title="Gym", date="D+2", time="07:00")
    result = reg.execute("set_reminder", remind_args(event_words="gym", minutes_before=10))
    assert result.status == "ambiguous_reference" and len(result.data["candidates"]) == 2
    assert Reminder.objects.count() == 0


def test_a_time_with_no_day_said_is_the_next_such_time(person: Any, frozen_now: Any) -> None:
    result = registry(person, frozen_now).execute("set_reminder", remind_args(text="x", date=None, time="08:00"))
    tomorrow = (frozen_now.astimezone(person.profile.zone).date() + datetime.timedelta(days=1)).isoformat()
    assert (result.status, result.data["reminder"]["date"]) == ("reminder_set", tomorrow)
