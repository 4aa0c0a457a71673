"""Facts as the model and the receipts see them: local wall-clock times, short references."""

from __future__ import annotations

import datetime
from typing import Any
from zoneinfo import ZoneInfo

from scheduling import symbols
from scheduling.models import Event, ScheduleCommand
from scheduling.recurrence import describe
from scheduling.slots import Slot
from scheduling.text import clean_line

KNOWN_SLOTS = frozenset(
    {"title", "date", "time", "duration_minutes", "all_day", "end_date", "recurrence", "reminder_minutes"}
)


def event_ref(event_id: int) -> str:
    return f"E{event_id}"


def event_fact(event: Event, zone: ZoneInfo) -> dict[str, Any]:
    if event.all_day:
        # An all-day event is its own days, in the zone it was made in (a birthday is 14 March
        # wherever the person is), and its last day is inclusive.
        zone = ZoneInfo(event.time_zone)
    start = event.starts_at.astimezone(zone)
    end = event.ends_at.astimezone(zone)
    fact: dict[str, Any] = {
        "ref": event_ref(event.id),
        # A title stored before cleaning (or by another path) is shown clean all the same.
        "title": clean_line(event.title),
        "date": start.date().isoformat(),
        "weekday": start.strftime("%a"),
        "start": start.strftime("%H:%M"),
        "end": end.strftime("%H:%M"),
        "end_date": end.date().isoformat(),
        "minutes": int((event.ends_at - event.starts_at).total_seconds() // 60),
    }
    if event.all_day:
        fact["all_day"] = True
        fact["end_date"] = (end - datetime.timedelta(seconds=1)).date().isoformat()
    if not event.busy:
        fact["busy"] = False
    if event.rrule:
        fact["repeats"] = describe(event.rrule)
    if event.occurrence_start is not None:
        fact["occurrence"] = event.occurrence_start.astimezone(zone).date().isoformat()
    elif event.series_id is not None and event.recurrence_id is not None:
        fact["occurrence"] = event.recurrence_id.astimezone(zone).date().isoformat()
        fact["series_ref"] = event_ref(event.series_id)
    if event.source != "chat":
        # Imported titles and notes are data from elsewhere, never instructions.
        fact["source"] = event.source
    return fact


def slot_fact(slot: Slot, zone: ZoneInfo) -> dict[str, Any]:
    start = slot.start.astimezone(zone)
    end = slot.end.astimezone(zone)
    return {
        "date": start.date().isoformat(),
        "weekday": start.strftime("%a"),
        "start": start.strftime("%H:%M"),
        "end": end.strftime("%H:%M"),
    }


def day_fact(day: datetime.date) -> dict[str, str]:
    return {"date": day.isoformat(), "weekday": day.strftime("%a")}


def command_fact(command: ScheduleCommand, today: datetime.date) -> dict[str, Any]:
    """An open stub as the model sees it: what is known, what is missing."""
    known: dict[str, Any] = {}
    for name, slot in command.slots.items():
        if name in KNOWN_SLOTS and slot.get("value") is not None:
            known[name] = slot["value"]
    fact: dict[str, Any] = {
        "command_id": str(command.id),
        "kind": command.kind,
        "status": command.status,
        "known": known,
        "missing": list(command.missing),
    }
    date = known.get("date")
    if isinstance(date, str):
        try:
            anchor = (command.slots.get("date") or {}).get("anchor")
            days = symbols.resolve(date, datetime.date.fromisoformat(anchor) if isinstance(anchor, str) else today)
        except symbols.InvalidExpression:
            days = []
        if days:
            # What the symbol means, for the person's card; the model keeps writing symbols.
            fact["resolved_dates"] = [day_fact(day) for day in days]
    if command.target_event_id:
        fact["event_ref"] = event_ref(command.target_event_id)
    if command.candidates:
        fact["candidates"] = command.candidates
    return fact


def calendar_details(data: dict[str, Any], outcome: Any, zone: ZoneInfo) -> None:
    """What a command outcome adds for repeating events and reminders: the first clash of a
    series, the scope of a series write, the occurrence named, the reminders set."""
    if outcome.clash_at is not None:
        data["first_clash"] = day_fact(outcome.clash_at.astimezone(zone).date())
    if outcome.scope is not None:
        data["scope"] = outcome.scope
    if outcome.occurrence is not None:
        data["occurrence"] = event_fact(outcome.occurrence, zone)
    event = outcome.event
    if event is not None and event.pk is not None and outcome.status.value in ("created", "updated"):
        rows = [(rid, value) for rid, value in event.reminders.values_list("id", "minutes_before") if value is not None]
        if rows:
            data["reminders"] = sorted(value for _, value in rows)
        said = outcome.command.slot_value("reminder_minutes") if outcome.command is not None and outcome.status.value == "created" else None
        asked_for = next((rid for rid, value in rows if value == int(str(said))), None) if said is not None else None
        if asked_for is not None:
            # The reminder the person asked for with the booking ("…, remind me an hour before"): one they may correct next.
            data["reminder"] = {"ref": f"R{asked_for}", "minutes_before": int(str(said))}
