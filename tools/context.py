"""What a handler may know about the request. Built per request; never sent to the model.

The person is fixed here, by the server, from the authenticated session: no schema has a
property that could name another person, so the model cannot even express one. Conversation
state that lives in the agent (memory, the archive, suspended tasks, the entity stack) reaches
the handlers through the small ports below, which keeps `tools` free of `assistant` imports.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any, Protocol
from zoneinfo import ZoneInfo

from django.contrib.auth.models import User

from scheduling.localtime import local_today
from scheduling.models import Profile


class EntityView(Protocol):
    # The events of the last list shown, and what a "which one?" list is waiting to finish.
    listed: list[int]
    choosing: dict[str, Any] | None
    reminder: dict[str, Any] | None  # the reminder just set ({"ref": "R12", …}), for a correction of it

    def resolve(self, event_ref: str | None, ordinal: int | None) -> tuple[list[int], str]:
        """Candidate event ids for a reference, and how they were found ("ref", "ordinal", "focus", "none")."""
        ...

    def day_in_focus(self) -> dict[str, Any] | None:
        """The day the conversation is looking at ({"date", "weekday", "via"}), if one."""
        ...


class MemoryPort(Protocol):
    def search(self, query: str, limit: int) -> list[dict[str, Any]]: ...

    def remember(self, topic: str | None, fact: str, source_turn: int | None) -> str: ...


class ArchivePort(Protocol):
    def search(self, query: str, limit: int) -> list[dict[str, Any]]: ...


class TaskPort(Protocol):
    def suspended(self) -> list[dict[str, Any]]: ...

    def resume(self, task_ref: str | None) -> dict[str, Any] | None: ...


class _NoEntities:
    listed: list[int] = []
    choosing: dict[str, Any] | None = None
    reminder: dict[str, Any] | None = None

    def resolve(self, event_ref: str | None, ordinal: int | None) -> tuple[list[int], str]:
        if event_ref:
            return [int(event_ref[1:])], "ref"
        return [], "none"

    def day_in_focus(self) -> dict[str, Any] | None:
        return None


class _NoMemory:
    def search(self, query: str, limit: int) -> list[dict[str, Any]]:
        return []

    def remember(self, topic: str | None, fact: str, source_turn: int | None) -> str:
        raise NotImplementedError("no memory store in this context")


class _NoArchive:
    def search(self, query: str, limit: int) -> list[dict[str, Any]]:
        return []


class _NoTasks:
    def suspended(self) -> list[dict[str, Any]]:
        return []

    def resume(self, task_ref: str | None) -> dict[str, Any] | None:
        return None


class PersonClock:
    """The person's zone, "today" in it, and language, for anything that has a profile and a now."""

    profile: Profile
    now: datetime.datetime

    @property
    def zone(self) -> ZoneInfo:
        return self.profile.zone

    @property
    def today(self) -> datetime.date:
        return local_today(self.now, self.zone)

    @property
    def language(self) -> str:
        return self.profile.language


@dataclass
class ToolContext(PersonClock):
    user: User
    profile: Profile
    now: datetime.datetime
    thread_id: int | None = None
    source_turn: int | None = None
    intent_revision: int = 0
    active_command_id: str | None = None
    # A retried turn reuses these keys, so it can never open a second stub.
    idempotency_prefix: str | None = None
    entities: EntityView = field(default_factory=_NoEntities)
    memory: MemoryPort = field(default_factory=_NoMemory)
    archive: ArchivePort = field(default_factory=_NoArchive)
    tasks: TaskPort = field(default_factory=_NoTasks)
    _keys_issued: int = 0

    def idempotency_key(self, kind: str) -> str | None:
        if self.idempotency_prefix is None:
            return None
        self._keys_issued += 1
        return f"{self.idempotency_prefix}:{kind}:{self._keys_issued}"
