"""What a stub's slots may hold, and what executing it can come to."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from scheduling import symbols
from scheduling.errors import ValidationFailed
from scheduling.models import (
    CommandStatus,
    Event,
    ScheduleCommand,
)
from scheduling.recurrence import Recurrence
from scheduling.services import clean_title
from scheduling.slots import Slot
from scheduling.status import Status

DEFAULT_DURATION_MINUTES = 60
MIN_DURATION_MINUTES = 5
MAX_DURATION_MINUTES = 24 * 60
SLOT_NAMES = ("title", "date", "time", "duration_minutes")
# What a create may also say: all day, a last day, a repeat rule, a reminder, busy or free.
CALENDAR_SLOT_NAMES = ("all_day", "end_date", "recurrence", "reminder_minutes", "busy")
MAX_REMINDER_MINUTES = 7 * 24 * 60
# The order in which a create asks for what it lacks.
CREATE_REQUIRED = ("title", "date", "time")
NEEDS = {
    "title": CommandStatus.NEEDS_TITLE,
    "date": CommandStatus.NEEDS_DATE,
    "time": CommandStatus.NEEDS_TIME,
}


@dataclass(frozen=True)
class SlotPatch:
    """Values for a stub's slots; None means "not said in this turn"."""

    title: str | None = None
    date: str | None = None
    time: str | None = None
    duration_minutes: int | None = None
    all_day: bool | None = None
    end_date: str | None = None
    recurrence: dict[str, Any] | None = None
    reminder_minutes: int | None = None
    busy: bool | None = None
    raw: dict[str, str] = field(default_factory=dict)
    confidence: float = 1.0

    def values(self) -> dict[str, Any]:
        names = (*SLOT_NAMES, *CALENDAR_SLOT_NAMES)
        return {name: getattr(self, name) for name in names if getattr(self, name) is not None}


@dataclass
class CommandOutcome:
    status: Status
    command: ScheduleCommand | None = None
    event: Event | None = None
    candidates: list[datetime.date] = field(default_factory=list)
    conflicts: list[Event] = field(default_factory=list)
    suggestions: list[Slot] = field(default_factory=list)
    problem: str = ""
    revealed: list[str] = field(default_factory=list)
    revised: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    already_done: bool = False
    # The day a bare month-day named this year, when it has passed and the stub asks about next year's.
    passed_day: datetime.date | None = None
    # A repeating event's first occurrence that clashes (the conflicts are that occurrence's).
    clash_at: datetime.datetime | None = None
    # For a repeating event: which occurrences the write means, and the occurrence named.
    scope: str | None = None
    occurrence: Event | None = None

    @property
    def wrote(self) -> bool:
        return self.status in {Status.CREATED, Status.UPDATED, Status.DELETED} and not self.already_done


def validate_patch(patch: SlotPatch) -> None:
    """Syntax checks that need no "today": raise ValidationFailed or InvalidExpression."""
    if patch.title is not None:
        clean_title(patch.title)
    if patch.date is not None and not symbols.is_date_expression(patch.date):
        raise symbols.InvalidExpression(patch.date, "not a canonical date symbol")
    if patch.time is not None:
        symbols.parse_time(patch.time)
    if patch.duration_minutes is not None and not (
        MIN_DURATION_MINUTES <= patch.duration_minutes <= MAX_DURATION_MINUTES
    ):
        raise ValidationFailed(f"a duration is {MIN_DURATION_MINUTES}-{MAX_DURATION_MINUTES} minutes")
    if patch.end_date is not None and not symbols.is_date_expression(patch.end_date):
        raise symbols.InvalidExpression(patch.end_date, "not a canonical date symbol")
    if patch.recurrence is not None:
        Recurrence.from_mapping(patch.recurrence)
    if patch.reminder_minutes is not None and not 0 <= patch.reminder_minutes <= MAX_REMINDER_MINUTES:
        raise ValidationFailed(f"a reminder is 0-{MAX_REMINDER_MINUTES} minutes before")
