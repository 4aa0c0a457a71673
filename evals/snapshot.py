"""What a person has, every kind of write included, so that "no write" can be proved.

A turn "wrote" when this snapshot differs before and after it: an event's time or title, an
all-day flag, a repeat rule or its exceptions, a moved occurrence (an override row), notes, a
reminder, or a memory fact. Comparing events by title and time alone would let a wrong
reminder or a repeat rule changed by mistake pass a ``write: false`` check.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from assistant.models import MemoryFact
from scheduling.models import Event, Reminder

EVENT_FIELDS = (
    "id", "title", "starts_at", "ends_at", "time_zone", "notes", "all_day", "busy", "rrule", "recurrence",
    "series_ends_at", "exdates", "series_id", "recurrence_id",
)  # fmt: skip
REMINDER_FIELDS = ("id", "event_id", "minutes_before", "remind_at", "text", "rrule")
MEMORY_FIELDS = ("id", "topic", "fact", "updated_at")


def person_state(user: User) -> tuple[Any, ...]:
    """Every row of the person's calendar, reminders and memory, in a comparable form."""
    return (
        tuple(Event.objects.filter(owner=user).order_by("id").values_list(*EVENT_FIELDS)),
        tuple(Reminder.objects.filter(owner=user).order_by("id").values_list(*REMINDER_FIELDS)),
        tuple(MemoryFact.objects.filter(owner=user).order_by("id").values_list(*MEMORY_FIELDS)),
    )
