"""The context block of a first message, as the offline stand-in's benchmarks send it: nothing
open, nothing listed, nothing suspended."""

from __future__ import annotations


def first_message_context(*, now: str, weekday: str, language: str = "en") -> dict[str, object]:
    return {
        "now": now,
        "weekday": weekday,
        "time_zone": "Asia/Shanghai",
        "language": language,
        "intent": {"goal": None, "constraints": {}, "completed": [], "suspended": []},
        "active_command": None,
        "recent_entities": [],
        "last_listed": [],
    }
