"""Transitions derived in code from what a turn did. The model proposes tool calls; this decides
what they mean for the intent: reveal, revise, switch or continue, in order."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from assistant.intent.reducer import MAX_SUSPENDED
from assistant.intent.state import (
    READ_KINDS,
    Continue,
    Goal,
    GoalChanges,
    GoalKind,
    GoalStatus,
    IntentState,
    JSONValue,
    Resume,
    Reveal,
    Revise,
    SlotChange,
    Slots,
    SuspendedTask,
    Switch,
    Transition,
)

FINAL_COMMAND_STATUSES = {
    "created": GoalStatus.DONE,
    "updated": GoalStatus.DONE,
    "deleted": GoalStatus.DONE,
    "cancelled": GoalStatus.CANCELLED,
    "expired": GoalStatus.EXPIRED,
}
OPEN_COMMAND_STATUSES = {"needs_title", "needs_date", "needs_time", "conflict"}
SLOT_NAMES = ("title", "date", "time", "duration_minutes")
OPEN = GoalStatus.OPEN


@dataclass
class Act:
    """One thing the turn did: a terminal tool's result, a fast-path merge, a confirmation."""

    tool: str
    status: str
    data: Mapping[str, Any] = field(default_factory=dict)
    arguments: Mapping[str, Any] = field(default_factory=dict)


def derive(
    state: IntentState,
    revision: int,
    acts: Iterable[Act],
    is_command_open: Callable[[str], bool] = lambda _command_id: True,
) -> list[Transition]:
    """The transitions for this turn's acts, against the state they start from."""
    deriver = _Deriver(state, revision, is_command_open)
    for act in acts:
        deriver.add(act)
    return deriver.transitions


class _Deriver:
    def __init__(self, state: IntentState, revision: int, is_command_open: Callable[[str], bool]) -> None:
        self.goal: Goal | None = state.goal
        self.constraints: dict[str, JSONValue] = dict(state.constraints)
        self.revision = revision
        self.transitions: list[Transition] = []
        self.prune = tuple(
            task.goal.id
            for task in state.suspended
            if task.goal.command_id and not is_command_open(task.goal.command_id)
        )
        self.suspended: list[SuspendedTask] = [task for task in state.suspended if task.goal.id not in self.prune]

    # --- emitting -----------------------------------------------------------------------

    def emit(self, transition: Transition) -> None:
        if self.prune:
            transition = dataclasses.replace(transition, prune=self.prune)
            self.prune = ()
        self.transitions.append(transition)

    def new_goal(
        self,
        kind: GoalKind,
        status: GoalStatus,
        *,
        title: str | None,
        command_id: str | None = None,
        event_id: int | None = None,
    ) -> Goal:
        goal_id = f"g{self.revision + len(self.transitions) + 1}"
        return Goal(id=goal_id, kind=kind, status=status, command_id=command_id, event_id=event_id, title=title)

    def switch_to(self, goal: Goal | None, constraints: Slots | None = None, drop: GoalStatus | None = None) -> None:
        current_open = self.goal is not None and self.goal.is_open
        reading = goal is not None and goal.kind in READ_KINDS
        full = len(self.suspended) >= MAX_SUSPENDED
        if current_open and drop is None and full and reading:
            # The stack is full: a read is a detour that leaves the open task current.
            return
        evict, suspend = None, False
        if current_open and drop is None:
            if full:
                # Another task while three are put aside: the oldest one is dropped (recorded).
                evict = self.suspended.pop().goal.id
            suspend = True
            assert self.goal is not None
            self.suspended.insert(0, SuspendedTask(goal=self.goal, constraints=dict(self.constraints)))
        self.emit(Switch(to=goal, constraints=dict(constraints or {}), evict=evict, suspend=suspend, drop=drop))
        self.goal = goal
        self.constraints = dict(constraints or {})

    def resume(self, goal_id: str) -> bool:
        for index, task in enumerate(self.suspended):
            if task.goal.id == goal_id:
                suspend = bool(self.goal and self.goal.is_open)
                self.emit(Resume(resume=goal_id, suspend=suspend))
                self.suspended.pop(index)
                if suspend:
                    assert self.goal is not None
                    self.suspended.insert(0, SuspendedTask(goal=self.goal, constraints=dict(self.constraints)))
                self.goal, self.constraints = task.goal, dict(task.constraints)
                return True
        return False

    def slot_changes(self, values: Mapping[str, Any]) -> None:
        assert self.goal is not None
        revealed = {k: v for k, v in values.items() if v is not None and k not in self.constraints}
        revised = {
            k: SlotChange(old=self.constraints[k], new=v)
            for k, v in values.items()
            if v is not None and k in self.constraints and self.constraints[k] != v
        }
        if revealed:
            self.emit(Reveal(goal=self.goal.id, slots=revealed))
            self.constraints.update(revealed)
        if revised:
            self.emit(Revise(goal=self.goal.id, slots=revised))
            self.constraints.update({k: change.new for k, change in revised.items()})

    def set_status(
        self,
        status: GoalStatus,
        *,
        title: str | None = None,
        event_id: int | None = None,
        command_id: str | None = None,
    ) -> None:
        assert self.goal is not None
        changes = GoalChanges(status=status, title=title, event_id=event_id, command_id=command_id)
        changed = changes.applied_to(self.goal)
        if changed == self.goal:
            return
        self.emit(Continue(goal=self.goal.id, changes=changes))
        self.goal = changed

    # --- reading acts ---------------------------------------------------------------------

    def add(self, act: Act) -> None:
        handler = getattr(self, f"_on_{act.tool}", None)
        if handler is not None:
            handler(act)

    def _on_schedule_event(self, act: Act) -> None:
        command = act.data.get("command")
        if not command:
            return
        command_id = command["command_id"]
        known = {k: v for k, v in command.get("known", {}).items() if k in SLOT_NAMES}
        if self.goal is None or self.goal.command_id != command_id:
            suspended_ids = {task.goal.command_id: task.goal.id for task in self.suspended}
            if command_id in suspended_ids:
                self.resume(suspended_ids[command_id])
            else:
                goal = self.new_goal(GoalKind.CREATE, OPEN, title=known.get("title"), command_id=command_id)
                self.switch_to(goal, known)
        self.slot_changes(known)
        if known.get("title") and self.goal and self.goal.title != known["title"]:
            self.set_status(self.goal.status, title=known["title"])
        final = FINAL_COMMAND_STATUSES.get(command.get("status", ""))
        event = act.data.get("event") or {}
        if final:
            self.set_status(final, event_id=_event_id(event))

    _on_fast_path = _on_schedule_event

    def _on_change_event(self, act: Act) -> None:
        event = act.data.get("event") or act.data.get("previous")
        command = act.data.get("command")
        if not event or not command:
            return
        event_id = _event_id(event)
        changed = {k: v for k, v in (command.get("known") or {}).items() if k in SLOT_NAMES}
        deleting = self.goal is not None and self.goal.kind == GoalKind.DELETE
        if self.goal is None or self.goal.event_id != event_id or deleting:
            goal = self.new_goal(
                GoalKind.CHANGE, OPEN, title=event.get("title"), command_id=command["command_id"], event_id=event_id
            )
            previous = act.data.get("previous") or event
            start = {"title": previous.get("title"), "date": previous.get("date"), "time": previous.get("start")}
            # "Delete it … actually, move it": the delete is dropped, not put aside.
            self.switch_to(goal, start, drop=GoalStatus.CANCELLED if deleting else None)
        self.slot_changes(changed)
        final = FINAL_COMMAND_STATUSES.get(command.get("status", ""))
        if final:
            self.set_status(final)
        elif command.get("status") in OPEN_COMMAND_STATUSES:
            # The change waits on the person (a conflict): it is the open task now, so a bare
            # "4pm" continues it on the fast path.
            self.set_status(OPEN, command_id=command["command_id"])

    def _on_delete_event(self, act: Act) -> None:
        if act.status != "awaiting_confirmation":
            return
        event = act.data["event"]
        command_id = act.data["command"]["command_id"]
        if self.goal is not None and self.goal.kind == GoalKind.DELETE and self.goal.event_id == _event_id(event):
            # Asked again about the same event: the same task, with the new question's stub.
            self.set_status(OPEN, command_id=command_id)
            return
        goal = self.new_goal(
            GoalKind.DELETE, OPEN, title=event.get("title"), command_id=command_id, event_id=_event_id(event)
        )
        self.switch_to(goal, {"event": event.get("ref")})

    def _on_confirmation(self, act: Act) -> None:
        if self.goal is not None and act.status in {"deleted", "done"}:
            self.set_status(GoalStatus.DONE)
        elif self.goal is not None and act.status == "declined":
            self.set_status(GoalStatus.CANCELLED)

    def _read(self, act: Act, kind: GoalKind) -> None:
        days = act.data.get("range") or {}
        title = f"{(days.get('from') or {}).get('date')}..{(days.get('to') or {}).get('date')}"
        self.switch_to(self.new_goal(kind, GoalStatus.DONE, title=title))

    def _on_query_events(self, act: Act) -> None:
        if act.status == "results":
            self._read(act, GoalKind.QUERY)

    def _on_suggest_slots(self, act: Act) -> None:
        if act.status == "suggestions":
            self._read(act, GoalKind.SUGGEST)

    def _on_remember_fact(self, act: Act) -> None:
        if act.status == "remembered":
            self.switch_to(self.new_goal(GoalKind.REMEMBER, GoalStatus.DONE, title=act.data.get("topic")))

    def _on_cancel_command(self, act: Act) -> None:
        if act.status == "cancelled" and self.goal is not None:
            self.switch_to(None, drop=GoalStatus.CANCELLED)

    def _on_resume_task(self, act: Act) -> None:
        task = act.data.get("task")
        if not task:
            return
        self.resume(task["goal_id"])
        if act.status != "resumed":
            # Resumed with values said along with it: the task's command took them in the same turn.
            (self._on_change_event if task.get("kind") == "change" else self._on_schedule_event)(act)

    def _on_offer_planning_consultation(self, act: Act) -> None:
        if act.status == "invited":
            goal = self.new_goal(GoalKind.COUNCIL, OPEN, title="planning consultation")
            self.switch_to(goal, {"days": act.data.get("days")})

    def _on_expiry(self, act: Act) -> None:
        if self.goal is not None and self.goal.command_id == act.data.get("command_id") and self.goal.is_open:
            self.set_status(GoalStatus.EXPIRED)

    def _on_council(self, act: Act) -> None:
        if self.goal is not None and self.goal.kind == GoalKind.COUNCIL:
            self.set_status(GoalStatus.DONE)


def _event_id(event: Mapping[str, Any]) -> int | None:
    ref = event.get("ref")
    return int(ref[1:]) if isinstance(ref, str) and ref.startswith("E") else None
