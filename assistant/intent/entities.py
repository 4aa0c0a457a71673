"""The entity stack: events the conversation created, found or changed, so that "it",
"that one" and "the second one" resolve in code; the day the conversation is looking at (a
query's day, the day of the free slots offered), so "add something at 4:30pm" after "what's free
on March 8th?" lands on 8 March; and, while a numbered list asks which event a change or delete
meant, what that request wanted, so "the second one" or "the 9am one" can finish it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from assistant.intent.state import JSONObject

MAX_ENTITIES = 8


@dataclass(frozen=True, slots=True)
class Entity:
    """An event the conversation touched, as the model is shown it, and how it got here."""

    id: int
    ref: str
    title: str
    date: str
    weekday: str
    start: str
    via: str
    minutes: int | None = None  # how long it lasts: "and thursday same time" copies the start and the length

    def to_json(self) -> JSONObject:
        return {
            "id": self.id,
            "ref": self.ref,
            "title": self.title,
            "date": self.date,
            "weekday": self.weekday,
            "start": self.start,
            "via": self.via,
            **({"minutes": self.minutes} if self.minutes is not None else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entity:
        return cls(
            id=data["id"],
            ref=data["ref"],
            title=data["title"],
            date=data["date"],
            weekday=data["weekday"],
            start=data["start"],
            via=data["via"],
            minutes=data.get("minutes"),
        )


@dataclass(frozen=True, slots=True)
class DayInFocus:
    date: str
    weekday: str
    via: str  # "query" or "suggested"; "assumed" when the person's words did not name it

    def to_json(self) -> JSONObject:
        return {"date": self.date, "weekday": self.weekday, "via": self.via}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DayInFocus:
        return cls(date=data["date"], weekday=data["weekday"], via=data["via"])


@dataclass(slots=True)
class EntityStack:
    """What ``ThreadState.entities`` holds. ``choosing`` is the tool's own {"tool", "values"}
    (from an ``ambiguous_reference`` or ``needs_scope`` result), handed back as it came."""

    stack: list[Entity] = field(default_factory=list)
    listed: list[int] = field(default_factory=list)
    focus: int | None = None
    day: DayInFocus | None = None
    choosing: JSONObject | None = None
    # The reminder the last tool result set (its fact, with its ref "R12"): "actually make it 8:30" changes it.
    reminder: JSONObject | None = None
    # The event the person just had deleted (its fact): "put it on friday instead, same time" books it again.
    deleted: JSONObject | None = None

    def to_json(self) -> JSONObject:
        return {
            "stack": [entry.to_json() for entry in self.stack],
            "listed": list(self.listed),
            "focus": self.focus,
            "day": self.day.to_json() if self.day else None,
            "choosing": self.choosing,
            **({"reminder": self.reminder} if self.reminder else {}),
            **({"deleted": self.deleted} if self.deleted else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> EntityStack:
        """The stored JSON; an empty object (a row never written) is the empty stack."""
        data = data or {}
        day = data.get("day")
        return cls(
            stack=[Entity.from_json(entry) for entry in data.get("stack", [])],
            listed=list(data.get("listed", [])),
            focus=data.get("focus"),
            day=DayInFocus.from_json(day) if day else None,
            choosing=data.get("choosing"),
            reminder=data.get("reminder"),
            deleted=data.get("deleted"),
        )

    def day_in_focus(self) -> JSONObject | None:
        return self.day.to_json() if self.day else None

    # --- resolution (the tools' EntityView) --------------------------------------------------

    def resolve(self, event_ref: str | None, ordinal: int | None) -> tuple[list[int], str]:
        if event_ref:
            return [int(event_ref[1:])], "ref"
        if ordinal is not None:
            if 1 <= ordinal <= len(self.listed):
                return [self.listed[ordinal - 1]], "ordinal"
            return [], "ordinal"
        if self.focus is not None:
            return [self.focus], "focus"
        # No single event in focus: every event of the last list is a candidate, so the person
        # is asked which one, by name.
        return list(self.listed), "none"

    # --- updates from a turn's results -----------------------------------------------------

    def _push(self, event: Mapping[str, Any], via: str) -> None:
        event_id = int(str(event["ref"])[1:])
        entity = Entity(
            id=event_id,
            ref=event["ref"],
            title=event["title"],
            date=event["date"],
            weekday=event.get("weekday", ""),
            start=event["start"],
            via=via,
            minutes=event["minutes"] if isinstance(event.get("minutes"), int) else None,
        )
        self.stack = [entity, *(entry for entry in self.stack if entry.id != event_id)][:MAX_ENTITIES]

    def record(self, status: str, data: Mapping[str, Any]) -> None:
        # A "which one?" or "which occurrences?" question waits for its answer; anything else ends it.
        self.choosing = data.get("choosing") if status in {"ambiguous_reference", "needs_scope"} else None
        self.reminder = dict(data["reminder"]) if status in {"reminder_set", "created"} and data.get("reminder") else None
        if status in {"created", "updated", "reminder_set"}:
            self.deleted = None  # a later write: nothing to book again
        if status in {"created", "updated"} and data.get("event"):
            self._push(data["event"], status)
            self.focus = int(str(data["event"]["ref"])[1:])
            if status == "created" or self.focus not in self.listed:
                self.listed = []  # a change of one event of the list leaves the list: "and the other one, …"
            if self.day and self.day.date != data["event"]["date"]:
                self.day = None  # the talk moved to another day
        elif status in {"results", "suggestions"}:
            self._record_day(status, data)
        if status == "results":
            events = data.get("events") or []
            for event in reversed(events[:MAX_ENTITIES]):
                self._push(event, "found")
            self.listed = [int(str(event["ref"])[1:]) for event in events]
            self.focus = self.listed[0] if len(self.listed) == 1 else None
        elif status == "ambiguous_reference" and data.get("candidates"):
            # A numbered list asks which one: its positions, times and titles answer it next turn.
            candidates = data["candidates"]
            for event in reversed(candidates[:MAX_ENTITIES]):
                self._push(event, "candidate")
            self.listed = [int(str(event["ref"])[1:]) for event in candidates]
            self.focus = None
        elif status == "reminder_set" and data.get("event"):
            # The event a reminder was just set on is the one "it" and "the night before" mean next.
            self._push(data["event"], "reminded")
            self.focus = int(str(data["event"]["ref"])[1:])
        elif status == "awaiting_confirmation" and data.get("event"):
            self._push(data["event"], "to delete")
            self.focus = int(str(data["event"]["ref"])[1:])
        elif status == "deleted" and data.get("event"):
            self.forget([int(str(data["event"]["ref"])[1:])])
            self.deleted = {key: data["event"][key] for key in ("title", "date", "start", "minutes") if key in data["event"]}

    def _record_day(self, status: str, data: Mapping[str, Any]) -> None:
        """The one day a query or a suggestion was about; a range of days leaves no day in focus."""
        days = data.get("range") or {}
        first, last = days.get("from") or {}, days.get("to") or {}
        offered = {slot.get("date") for slot in data.get("suggestions") or []}
        if first.get("date") and first.get("date") == last.get("date"):
            day = first
        elif status == "suggestions" and len(offered) == 1:
            day = next(slot for slot in data["suggestions"])
        else:
            self.day = None
            return
        via = "query" if status == "results" else "suggested"
        self.day = DayInFocus(date=day["date"], weekday=day.get("weekday", ""), via=via)

    def forget(self, event_ids: Iterable[int]) -> None:
        gone = set(event_ids)
        self.stack = [entry for entry in self.stack if entry.id not in gone]
        self.listed = [event_id for event_id in self.listed if event_id not in gone]
        if self.focus in gone:
            self.focus = None

    def recent(self, limit: int = 5) -> list[Entity]:
        return self.stack[:limit]
