"""Reminders: made with an event ("remind me 15 minutes before") or on their own ("remind me to
call mum at 5pm", "every day at 8am"). Delivery lives in ``scheduling.delivery``."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User

from scheduling.errors import ValidationFailed
from scheduling.models import Event, Reminder
from scheduling.recurrence import check_rule
from scheduling.services import clean_title

MAX_MINUTES_BEFORE = 7 * 24 * 60


def reminder_create(
    *,
    owner: User,
    event: Event | None = None,
    minutes_before: int | None = None,
    remind_at: datetime.datetime | None = None,
    text: str = "",
    rrule: str = "",
    time_zone: str = "",
) -> Reminder:
    """One reminder per (event, offset): asking twice for "15 minutes before" keeps one."""
    if event is not None:
        if event.owner_id != owner.pk:
            raise ValidationFailed("a reminder is for one of the person's own events")
        if minutes_before is None or not 0 <= minutes_before <= MAX_MINUTES_BEFORE:
            raise ValidationFailed(f"a reminder is 0-{MAX_MINUTES_BEFORE} minutes before")
        reminder, _ = Reminder.objects.get_or_create(
            owner=owner, event=event, minutes_before=minutes_before, defaults={"text": clean_title(text) if text else ""}
        )
        return reminder
    if remind_at is None or remind_at.tzinfo is None:
        raise ValidationFailed("a reminder without an event needs an aware time")
    if rrule and not time_zone:
        raise ValidationFailed("a repeating reminder repeats on the wall clock of a time zone")
    return Reminder.objects.create(
        owner=owner, remind_at=remind_at, text=clean_title(text or "Reminder"),
        rrule=check_rule(rrule) if rrule else "", time_zone=time_zone if rrule else "",
    )  # fmt: skip
