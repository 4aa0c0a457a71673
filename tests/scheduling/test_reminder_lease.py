"""A claimed reminder whose task was lost (or whose worker died) is queued again once its lease
runs out, and is still sent once; the sweep expands series before it writes anything."""

from __future__ import annotations

import datetime
from typing import Any
from unittest import mock

import pytest
import time_machine
from django.core import mail
from django.db import connection
from django.test import override_settings

from scheduling import tasks
from scheduling.delivery import delivery_send, reminders_claim_due, reminders_reclaim_lapsed
from scheduling.models import DeliveryStatus, Event, ReminderDelivery
from scheduling.reminders import reminder_create

pytestmark = pytest.mark.django_db
AT = datetime.datetime(2027, 3, 1, 9, 0, tzinfo=datetime.UTC)
SECOND = datetime.timedelta(seconds=1)


@pytest.fixture
def mailbox_person(person: Any) -> Any:
    person.email = "alice@example.com"
    person.save()
    return person


@override_settings(REMINDER_LEASE_SECONDS=120)
def test_a_lost_task_is_queued_again_after_its_lease_and_sent_once(mailbox_person: Any) -> None:
    reminder_create(owner=mailbox_person, remind_at=AT, text="call mum")
    [claimed] = reminders_claim_due(now=AT)  # its task is lost: nobody sends it
    assert reminders_reclaim_lapsed(now=AT + 60 * SECOND) == []  # the lease still runs
    assert reminders_claim_due(now=AT + 60 * SECOND) == []  # and the key stays claimed
    assert reminders_reclaim_lapsed(now=AT + 121 * SECOND) == [claimed]
    assert reminders_reclaim_lapsed(now=AT + 122 * SECOND) == []  # renewed: one sweep re-queues it
    assert delivery_send(delivery_id=claimed, now=AT + 123 * SECOND)
    assert not delivery_send(delivery_id=claimed, now=AT + 124 * SECOND)  # the old task, redelivered
    assert reminders_reclaim_lapsed(now=AT + 600 * SECOND) == []  # sent: never again
    assert len(mail.outbox) == 1
    delivery = ReminderDelivery.objects.get()
    assert (delivery.status, delivery.attempts) == (DeliveryStatus.SENT, 2)


def test_a_claim_lapsed_past_the_grace_period_is_dropped_not_sent_late(mailbox_person: Any) -> None:
    reminder_create(owner=mailbox_person, remind_at=AT, text="call mum")
    reminders_claim_due(now=AT)
    assert reminders_reclaim_lapsed(now=AT + datetime.timedelta(minutes=61)) == []
    assert ReminderDelivery.objects.get().status == DeliveryStatus.SKIPPED
    assert mail.outbox == []


def test_the_sweep_queues_a_lapsed_claim_again_and_survives_a_broker_that_refuses(mailbox_person: Any) -> None:
    reminder_create(owner=mailbox_person, remind_at=AT, text="call mum")
    with (
        time_machine.travel(AT, tick=False),
        mock.patch.object(tasks.deliver_reminder, "apply_async", side_effect=ConnectionError("broker down")),
    ):
        assert tasks.dispatch_due_reminders() == 1  # claimed; the hand-off failed, logged
    assert ReminderDelivery.objects.get().status == DeliveryStatus.DUE
    with time_machine.travel(AT + 10 * SECOND, tick=False):
        assert tasks.dispatch_due_reminders() == 0  # within the lease
    with time_machine.travel(AT + 200 * SECOND, tick=False):
        assert tasks.dispatch_due_reminders() == 1  # eager: queued again and sent
    assert ReminderDelivery.objects.get().status == DeliveryStatus.SENT
    assert len(mail.outbox) == 1


@pytest.mark.django_db(transaction=True)
def test_the_sweep_expands_a_series_outside_any_transaction(mailbox_person: Any, monkeypatch: Any) -> None:
    from scheduling import delivery

    start = AT - datetime.timedelta(days=400)
    event = Event.objects.create(owner=mailbox_person, title="standup", starts_at=start,
                                 ends_at=start + datetime.timedelta(minutes=15), time_zone="UTC",
                                 rrule="FREQ=DAILY")  # fmt: skip
    reminder_create(owner=mailbox_person, event=event, minutes_before=10)
    seen: list[bool] = []
    original = delivery.expand_series

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(connection.in_atomic_block)
        return original(*args, **kwargs)

    monkeypatch.setattr(delivery, "expand_series", watched)
    with (
        time_machine.travel(AT - 10 * 60 * SECOND, tick=False),
        mock.patch.object(tasks.deliver_reminder, "apply_async"),
    ):
        assert tasks.dispatch_due_reminders() == 1
    # On the embedded SQLite a write transaction holds the one write lock: the sweep's
    # expansion runs before it. (The send re-checks one occurrence, seconds wide, under its lock.)
    assert seen == [False]
