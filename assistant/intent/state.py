"""The intent state and its transitions, typed; ``to_json``/``from_json`` give the stored JSON.

The JSON (``ThreadState.intent``, ``IntentTransition.patch``) is the format rows were written in:
the same keys, in the same order, so existing rows load and the digest over them is unchanged.

State:
    goal         the current task, or None
    constraints  the current goal's slots: name -> value (a revise assigns, never appends)
    completed    the last finished goals (newest last)
    suspended    tasks put aside, newest first, each with a snapshot of its constraints
    superseded   values a revise replaced (newest last)

Transitions: reveal (a missing value arrives), revise (a value is replaced), switch (another
task starts, or a suspended one is resumed), continue (same task, its status moves on). Any of
them may prune suspended tasks that expired or were cancelled elsewhere.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, TypeAlias

JSONValue: TypeAlias = "str | int | float | bool | list[JSONValue] | dict[str, JSONValue] | None"
JSONObject: TypeAlias = dict[str, JSONValue]
Slots: TypeAlias = Mapping[str, JSONValue]


class GoalKind(StrEnum):
    CREATE = "create"
    CHANGE = "change"
    DELETE = "delete"
    QUERY = "query"
    SUGGEST = "suggest"
    REMEMBER = "remember"
    COUNCIL = "council"


READ_KINDS = frozenset({GoalKind.QUERY, GoalKind.SUGGEST})


class GoalStatus(StrEnum):
    OPEN = "open"
    DONE = "done"
    CANCELLED = "cancelled"
    EXPIRED = "expired"
    DROPPED = "dropped"  # pushed off a full suspended stack


class TransitionType(StrEnum):
    REVEAL = "reveal"
    REVISE = "revise"
    SWITCH = "switch"
    CONTINUE = "continue"


class TransitionRejected(ValueError):
    """A proposed transition that does not fit the state; nothing is applied."""


# --- state ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Goal:
    id: str
    kind: GoalKind
    status: GoalStatus
    command_id: str | None = None
    event_id: int | None = None
    title: str | None = None

    @property
    def is_open(self) -> bool:
        return self.status == GoalStatus.OPEN

    def to_json(self) -> JSONObject:
        return {
            "id": self.id,
            "kind": self.kind.value,
            "status": self.status.value,
            "command_id": self.command_id,
            "event_id": self.event_id,
            "title": self.title,
        }

    def completed_json(self) -> JSONObject:
        """The same goal as an entry of ``completed`` (whose rows were written in this key order)."""
        return {
            "id": self.id,
            "kind": self.kind.value,
            "status": self.status.value,
            "title": self.title,
            "command_id": self.command_id,
            "event_id": self.event_id,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Goal:
        return cls(
            id=data["id"],
            kind=GoalKind(data["kind"]),
            status=GoalStatus(data["status"]),
            command_id=data.get("command_id"),
            event_id=data.get("event_id"),
            title=data.get("title"),
        )


@dataclass(frozen=True, slots=True)
class SuspendedTask:
    """A task put aside, with its constraints as they were."""

    goal: Goal
    constraints: Slots = field(default_factory=dict)

    def to_json(self) -> JSONObject:
        return {"goal": self.goal.to_json(), "constraints": dict(self.constraints)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SuspendedTask:
        return cls(goal=Goal.from_json(data["goal"]), constraints=dict(data["constraints"]))


@dataclass(frozen=True, slots=True)
class Superseded:
    """A slot value a revise replaced, and at which revision."""

    goal: str
    slot: str
    old: JSONValue
    new: JSONValue
    revision: int

    def to_json(self) -> JSONObject:
        return {"goal": self.goal, "slot": self.slot, "old": self.old, "new": self.new, "revision": self.revision}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Superseded:
        return cls(goal=data["goal"], slot=data["slot"], old=data["old"], new=data["new"], revision=data["revision"])


@dataclass(frozen=True, slots=True)
class IntentState:
    goal: Goal | None = None
    constraints: Slots = field(default_factory=dict)
    completed: tuple[Goal, ...] = ()
    suspended: tuple[SuspendedTask, ...] = ()
    superseded: tuple[Superseded, ...] = ()

    def to_json(self) -> JSONObject:
        return {
            "goal": self.goal.to_json() if self.goal else None,
            "constraints": dict(self.constraints),
            "completed": [goal.completed_json() for goal in self.completed],
            "suspended": [task.to_json() for task in self.suspended],
            "superseded": [entry.to_json() for entry in self.superseded],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> IntentState:
        """The stored JSON; an empty object (a row never written) is the empty state."""
        data = data or {}
        goal = data.get("goal")
        return cls(
            goal=Goal.from_json(goal) if goal else None,
            constraints=dict(data.get("constraints") or {}),
            completed=tuple(Goal.from_json(entry) for entry in data.get("completed") or ()),
            suspended=tuple(SuspendedTask.from_json(entry) for entry in data.get("suspended") or ()),
            superseded=tuple(Superseded.from_json(entry) for entry in data.get("superseded") or ()),
        )

    def suspended_goal(self, goal_id: str) -> SuspendedTask | None:
        return next((task for task in self.suspended if task.goal.id == goal_id), None)


# --- transitions ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Transition:
    type: ClassVar[TransitionType]
    # Suspended tasks (goal ids) whose stubs closed elsewhere: they leave the stack first.
    prune: tuple[str, ...] = ()

    def _with_prune(self, patch: JSONObject) -> JSONObject:
        if self.prune:
            patch["prune"] = list(self.prune)
        return patch


@dataclass(frozen=True, slots=True, kw_only=True)
class Reveal(_Transition):
    type: ClassVar[TransitionType] = TransitionType.REVEAL
    goal: str
    slots: Slots

    def to_json(self) -> JSONObject:
        return self._with_prune({"goal": self.goal, "slots": dict(self.slots)})


@dataclass(frozen=True, slots=True)
class SlotChange:
    old: JSONValue
    new: JSONValue

    def to_json(self) -> JSONObject:
        return {"old": self.old, "new": self.new}


@dataclass(frozen=True, slots=True, kw_only=True)
class Revise(_Transition):
    type: ClassVar[TransitionType] = TransitionType.REVISE
    goal: str
    slots: Mapping[str, SlotChange]

    def to_json(self) -> JSONObject:
        return self._with_prune({"goal": self.goal, "slots": {name: c.to_json() for name, c in self.slots.items()}})


@dataclass(frozen=True, slots=True)
class GoalChanges:
    """What a continue sets on the current goal; None leaves a field as it is."""

    status: GoalStatus | None = None
    title: str | None = None
    event_id: int | None = None
    command_id: str | None = None

    def applied_to(self, goal: Goal) -> Goal:
        return dataclasses.replace(
            goal,
            status=goal.status if self.status is None else self.status,
            title=goal.title if self.title is None else self.title,
            event_id=goal.event_id if self.event_id is None else self.event_id,
            command_id=goal.command_id if self.command_id is None else self.command_id,
        )

    def to_json(self) -> JSONObject:
        return {name: value for name, value in self._items() if value is not None}

    def _items(self) -> tuple[tuple[str, JSONValue], ...]:
        status = self.status.value if self.status is not None else None
        return (("status", status), ("title", self.title), ("event_id", self.event_id), ("command_id", self.command_id))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GoalChanges:
        status = data.get("status")
        return cls(
            status=GoalStatus(status) if status is not None else None,
            title=data.get("title"),
            event_id=data.get("event_id"),
            command_id=data.get("command_id"),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Continue(_Transition):
    type: ClassVar[TransitionType] = TransitionType.CONTINUE
    goal: str
    changes: GoalChanges

    def to_json(self) -> JSONObject:
        return self._with_prune({"goal": self.goal, "set": self.changes.to_json()})


@dataclass(frozen=True, slots=True, kw_only=True)
class Switch(_Transition):
    """Another task (or none) becomes current; an open one is suspended, or dropped as ``drop``."""

    type: ClassVar[TransitionType] = TransitionType.SWITCH
    to: Goal | None
    constraints: Slots = field(default_factory=dict)
    # The oldest suspended task, pushed off a full stack (recorded as dropped).
    evict: str | None = None
    suspend: bool = False
    drop: GoalStatus | None = None

    def to_json(self) -> JSONObject:
        patch: JSONObject = {"to": self.to.to_json() if self.to else None, "constraints": dict(self.constraints)}
        if self.evict is not None:
            patch["evict"] = self.evict
        if self.suspend:
            patch["suspend"] = True
        if self.drop is not None:
            patch["drop"] = self.drop.value
        return self._with_prune(patch)


@dataclass(frozen=True, slots=True, kw_only=True)
class Resume(_Transition):
    """A suspended task becomes current again; the open current one is suspended."""

    type: ClassVar[TransitionType] = TransitionType.SWITCH
    resume: str
    suspend: bool

    def to_json(self) -> JSONObject:
        return self._with_prune({"resume": self.resume, "suspend": self.suspend})


Transition: TypeAlias = Reveal | Revise | Continue | Switch | Resume


def transition_from_json(transition_type: str, patch: Mapping[str, Any]) -> Transition:
    """A logged transition (``IntentTransition.type`` and ``.patch``), typed."""
    prune = tuple(patch.get("prune") or ())
    if transition_type == TransitionType.REVEAL:
        return Reveal(goal=patch["goal"], slots=dict(patch["slots"]), prune=prune)
    if transition_type == TransitionType.REVISE:
        slots = {name: SlotChange(change["old"], change["new"]) for name, change in patch["slots"].items()}
        return Revise(goal=patch["goal"], slots=slots, prune=prune)
    if transition_type == TransitionType.CONTINUE:
        return Continue(goal=patch["goal"], changes=GoalChanges.from_json(patch.get("set") or {}), prune=prune)
    if transition_type == TransitionType.SWITCH:
        if patch.get("resume") is not None:
            return Resume(resume=patch["resume"], suspend=bool(patch.get("suspend")), prune=prune)
        to, drop = patch.get("to"), patch.get("drop")
        return Switch(
            to=Goal.from_json(to) if to else None,
            constraints=dict(patch.get("constraints") or {}),
            evict=patch.get("evict"),
            suspend=bool(patch.get("suspend")),
            drop=GoalStatus(drop) if drop else None,
            prune=prune,
        )
    raise TransitionRejected(f"unknown transition type {transition_type!r}")
