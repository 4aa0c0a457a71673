"""Facts as the model and the receipts see them: local wall-clock times, short references."""

from __future__ import annotations

import datetime
from typing import Any
from zoneinfo import ZoneInfo

from scheduling import symbols
from scheduling.models import Event, ScheduleCommand
from scheduling.slots import Slot
from scheduling.text import clean_line


def event_ref(event_id: int) -> str:
    return f"E{event_id}"


def event_fact(event: Event, zone: ZoneInfo) -> dict[str, Any]:
    start = event.starts_at.astimezone(zone)
    end = event.ends_at.astimezone(zone)
    return {
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
        if name in {"title", "date", "time", "duration_minutes"} and slot.get("value") is not None:
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
