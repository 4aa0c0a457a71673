"""The entity stack: events the conversation created, found or changed, so that "it",
"that one" and "the second one" resolve in code."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

MAX_ENTITIES = 8


class EntityStack:
    """Wraps ``ThreadState.entities``: {"stack": [...], "listed": [ids], "focus": id | None}."""

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        data = data or {}
        self.stack: list[dict[str, Any]] = [dict(entry) for entry in data.get("stack", [])]
        self.listed: list[int] = list(data.get("listed", []))
        self.focus: int | None = data.get("focus")

    def as_json(self) -> dict[str, Any]:
        return {"stack": self.stack, "listed": self.listed, "focus": self.focus}

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
        self.stack = [entry for entry in self.stack if entry["id"] != event_id]
        self.stack.insert(
            0,
            {
                "id": event_id,
                "ref": event["ref"],
                "title": event["title"],
                "date": event["date"],
                "weekday": event.get("weekday", ""),
                "start": event["start"],
                "via": via,
            },
        )
        del self.stack[MAX_ENTITIES:]

    def record(self, status: str, data: Mapping[str, Any]) -> None:
        if status in {"created", "updated"} and data.get("event"):
            self._push(data["event"], status)
            self.focus = int(str(data["event"]["ref"])[1:])
            self.listed = []
        elif status == "results":
            events = data.get("events") or []
            for event in reversed(events[:MAX_ENTITIES]):
                self._push(event, "found")
            self.listed = [int(str(event["ref"])[1:]) for event in events]
            self.focus = self.listed[0] if len(self.listed) == 1 else None
        elif status == "awaiting_confirmation" and data.get("event"):
            self._push(data["event"], "to delete")
            self.focus = int(str(data["event"]["ref"])[1:])
        elif status == "deleted" and data.get("event"):
            self.forget([int(str(data["event"]["ref"])[1:])])

    def forget(self, event_ids: Iterable[int]) -> None:
        gone = set(event_ids)
        self.stack = [entry for entry in self.stack if entry["id"] not in gone]
        self.listed = [event_id for event_id in self.listed if event_id not in gone]
        if self.focus in gone:
            self.focus = None

    def recent(self, limit: int = 5) -> list[dict[str, Any]]:
        return self.stack[:limit]
