"""Reminder delivery, exactly once: a sweep finds what is due and claims each firing with a
unique key; a worker sends it (page and e-mail) under a row lock.

Two beats, or two sweeps after a restart, insert the same ``ReminderDelivery.key``; the second
insert fails on the unique index, so a firing is claimed once. A redelivered task (acks_late)
finds the row already SENT and stops.

A claim is a lease (``REMINDER_LEASE_SECONDS``): a row still DUE when its lease runs out (the
broker lost the task, the worker died mid-send) is queued again by the next sweep, so a lost
task delays a reminder by a lease and a sweep, never loses it; the row lock and its status keep
the second task from sending it again. The sweep reads (expands series) outside any write
transaction; each claim is a short transaction of its own. The fire time is recomputed from the event as it is now:
a moved event's reminder follows it (a new key), a deleted event's reminders are gone with it
(CASCADE), and a firing whose event moved after it was claimed is SKIPPED, not sent.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.db.models import F, Q

from scheduling.models import DeliveryStatus, Event, Reminder, ReminderDelivery
from scheduling.occurrences import expand_series
from scheduling.recurrence import occurrence_starts
from scheduling.reminders import MAX_MINUTES_BEFORE

# One sweep re-queues at most this many lapsed claims (the rest wait for the next sweep).
MAX_RECLAIMED_PER_SWEEP = 500


@dataclass(frozen=True)
class Firing:
    reminder: Reminder
    fire_at: datetime.datetime
    occurrence_start: datetime.datetime | None
    title: str

    @property
    def key(self) -> str:
        moment = self.occurrence_start or self.fire_at
        return f"r{self.reminder.id}:{moment.astimezone(datetime.UTC).isoformat()}"


def _grace() -> datetime.timedelta:
    return datetime.timedelta(minutes=settings.REMINDER_GRACE_MINUTES)


def firings_due(*, now: datetime.datetime) -> list[Firing]:
    """Every reminder firing due by ``now`` and not older than the grace period."""
    oldest = now - _grace()
    firings = [
        Firing(reminder, reminder.remind_at, None, reminder.text)
        for reminder in Reminder.objects.filter(event__isnull=True, rrule="", remind_at__lte=now, remind_at__gt=oldest)
        if reminder.remind_at is not None
    ]
    for reminder in Reminder.objects.filter(event__isnull=True, remind_at__lte=now).exclude(rrule=""):
        # A repeating reminder: its firings in the window, on the wall clock of its zone.
        starts = occurrence_starts(
            rule=reminder.rrule,
            first_start=reminder.remind_at,  # type: ignore[arg-type]
            zone=ZoneInfo(reminder.time_zone),
            window_start=oldest,
            window_end=now + datetime.timedelta(microseconds=1),
            duration=datetime.timedelta(0),
        )
        firings += [Firing(reminder, fire_at, None, reminder.text) for fire_at in starts]
    ahead = now + datetime.timedelta(minutes=MAX_MINUTES_BEFORE)
    candidates = Reminder.objects.filter(event__isnull=False, event__starts_at__lte=ahead).select_related("event")
    candidates = candidates.exclude(event__rrule="", event__starts_at__lte=oldest)
    for reminder in candidates:
        event: Event = reminder.event  # type: ignore[assignment]
        before = datetime.timedelta(minutes=reminder.minutes_before or 0)
        for start in _starts(event, oldest + before, now + before, now):
            fire_at = start - before
            if oldest < fire_at <= now:
                firings.append(Firing(reminder, fire_at, start, event.title))
    return firings


def _starts(
    event: Event, window_start: datetime.datetime, window_end: datetime.datetime, now: datetime.datetime
) -> list[datetime.datetime]:
    if not event.rrule:
        return [event.starts_at] if window_start < event.starts_at <= window_end else []
    overridden = {event.id: list(Event.objects.filter(series=event).values_list("recurrence_id", flat=True))}
    occurrences = expand_series(
        [event], start=window_start, end=window_end + datetime.timedelta(seconds=1), now=now,
        overridden=overridden,  # type: ignore[arg-type]
    )  # fmt: skip
    return [o.starts_at for o in occurrences if window_start < o.starts_at <= window_end]


def _lease() -> datetime.timedelta:
    return datetime.timedelta(seconds=settings.REMINDER_LEASE_SECONDS)


def reminders_claim_due(*, now: datetime.datetime) -> list[int]:
    """Claim every due firing (one row each, unique key, a lease); returns the ids this call claimed.

    The firings are computed before any write (no series is expanded inside a transaction);
    each claim is one insert in a transaction of its own.
    """
    claimed: list[int] = []
    for firing in firings_due(now=now):
        try:
            with transaction.atomic():
                delivery = ReminderDelivery.objects.create(
                    reminder=firing.reminder,
                    owner_id=firing.reminder.owner_id,
                    key=firing.key,
                    fire_at=firing.fire_at,
                    occurrence_start=firing.occurrence_start,
                    title=firing.title[:200],
                    lease_until=now + _lease(),
                    attempts=1,
                )
        except IntegrityError:
            continue  # another sweep claimed it first
        claimed.append(delivery.id)
    return claimed


def reminders_reclaim_lapsed(*, now: datetime.datetime) -> list[int]:
    """Claims whose lease ran out unsent: renewed (one sweep wins each) and returned to be queued
    again. One past the grace period is skipped ("too late"), as a late worker would."""
    lapsed = ReminderDelivery.objects.filter(
        Q(lease_until__lt=now) | Q(lease_until__isnull=True), status=DeliveryStatus.DUE
    )  # a row claimed before leases existed has none
    lapsed.filter(fire_at__lte=now - _grace()).update(status=DeliveryStatus.SKIPPED, note="too late (never sent)")
    reclaimed: list[int] = []
    for delivery_id, lease_until in lapsed.values_list("id", "lease_until")[:MAX_RECLAIMED_PER_SWEEP]:
        renewed = ReminderDelivery.objects.filter(
            id=delivery_id, status=DeliveryStatus.DUE, lease_until=lease_until
        ).update(lease_until=now + _lease(), attempts=F("attempts") + 1)
        if renewed:
            reclaimed.append(delivery_id)
    return reclaimed


def delivery_send(*, delivery_id: int, now: datetime.datetime) -> bool:
    """Send one claimed firing, once: True when this call sent it."""
    with transaction.atomic():
        delivery = (
            # Lock only the delivery row (PostgreSQL refuses to lock the nullable side of a join).
            ReminderDelivery.objects.select_for_update(of=("self",))
            .select_related("reminder", "reminder__event", "owner", "owner__profile")
            .filter(id=delivery_id)
            .first()
        )
        if delivery is None or delivery.status != DeliveryStatus.DUE:
            return False
        problem = _stale(delivery, now)
        if problem:
            delivery.status, delivery.note = DeliveryStatus.SKIPPED, problem
            delivery.save(update_fields=["status", "note"])
            return False
        if delivery.owner.email:
            send_mail(
                subject=f"Reminder: {delivery.title}",
                message=_mail_body(delivery),
                from_email=settings.REMINDER_FROM_EMAIL,
                recipient_list=[delivery.owner.email],
            )
        delivery.status, delivery.sent_at = DeliveryStatus.SENT, now
        delivery.save(update_fields=["status", "sent_at"])
        return True


def _stale(delivery: ReminderDelivery, now: datetime.datetime) -> str:
    if now - delivery.fire_at > _grace():
        return "too late"
    event = delivery.reminder.event
    if event is None:
        return ""
    starts = (
        _starts(event, delivery.occurrence_start - datetime.timedelta(seconds=1), delivery.occurrence_start, now)
        if (delivery.occurrence_start)
        else []
    )
    return "" if starts else "the event moved"


def _mail_body(delivery: ReminderDelivery) -> str:
    zone = ZoneInfo(delivery.owner.profile.time_zone) if hasattr(delivery.owner, "profile") else datetime.UTC
    when = (delivery.occurrence_start or delivery.fire_at).astimezone(zone)
    return f"{delivery.title}\n{when:%a %d %b %Y %H:%M} ({zone})\n"
