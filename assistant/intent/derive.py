"""Transitions derived in code from what a turn did. The model proposes tool calls; this decides
what they mean for the intent: reveal, revise, switch or continue, in order."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from assistant.intent.reducer import MAX_SUSPENDED, OPEN

FINAL_COMMAND_STATUSES = {
    "created": "done",
    "updated": "done",
    "deleted": "done",
    "cancelled": "cancelled",
    "expired": "expired",
}
OPEN_COMMAND_STATUSES = {"needs_title", "needs_date", "needs_time", "conflict"}
SLOT_NAMES = ("title", "date", "time", "duration_minutes")
READ_TOOLS = {"query_events", "suggest_slots"}


@dataclass
class Act:
    """One thing the turn did: a terminal tool's result, a fast-path merge, a confirmation."""

    tool: str
    status: str
    data: Mapping[str, Any] = field(default_factory=dict)
    arguments: Mapping[str, Any] = field(default_factory=dict)


Transition = tuple[str, dict[str, Any]]


def derive(
    state: Mapping[str, Any],
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
    def __init__(self, state: Mapping[str, Any], revision: int, is_command_open: Callable[[str], bool]) -> None:
        self.goal: dict[str, Any] | None = dict(state["goal"]) if state.get("goal") else None
        self.constraints: dict[str, Any] = dict(state.get("constraints") or {})
        self.suspended: list[dict[str, Any]] = [dict(entry) for entry in state.get("suspended") or []]
        self.revision = revision
        self.transitions: list[Transition] = []
        self.prune = [
            entry["goal"]["id"]
            for entry in self.suspended
            if entry["goal"].get("command_id") and not is_command_open(entry["goal"]["command_id"])
        ]
        self.suspended = [entry for entry in self.suspended if entry["goal"]["id"] not in self.prune]

    # --- emitting -----------------------------------------------------------------------

    def emit(self, transition_type: str, patch: dict[str, Any]) -> None:
        if self.prune:
            patch = {**patch, "prune": self.prune}
            self.prune = []
        self.transitions.append((transition_type, patch))

    def new_goal_id(self) -> str:
        return f"g{self.revision + len(self.transitions) + 1}"

    def switch_to(
        self, goal: dict[str, Any] | None, constraints: Mapping[str, Any] | None = None, drop: str | None = None
    ) -> None:
        current_open = self.goal is not None and self.goal["status"] == OPEN
        reading = goal is not None and goal["kind"] in {"query", "suggest"}
        full = len(self.suspended) >= MAX_SUSPENDED
        if current_open and drop is None and full and reading:
            # The stack is full: a read is a detour that leaves the open task current.
            return
        patch: dict[str, Any] = {"to": goal, "constraints": dict(constraints or {})}
        if current_open and drop is None:
            if full:
                # Another task while three are put aside: the oldest one is dropped (recorded).
                patch["evict"] = self.suspended.pop()["goal"]["id"]
            patch["suspend"] = True
            assert self.goal is not None
            self.suspended.insert(0, {"goal": self.goal, "constraints": self.constraints})
        if drop:
            patch["drop"] = drop
        self.emit("switch", patch)
        self.goal = dict(goal) if goal else None
        self.constraints = dict(constraints or {})

    def resume(self, goal_id: str) -> bool:
        for index, entry in enumerate(self.suspended):
            if entry["goal"]["id"] == goal_id:
                suspend = bool(self.goal and self.goal["status"] == OPEN)
                self.emit("switch", {"resume": goal_id, "suspend": suspend})
                self.suspended.pop(index)
                if suspend:
                    assert self.goal is not None
                    self.suspended.insert(0, {"goal": self.goal, "constraints": self.constraints})
                self.goal, self.constraints = dict(entry["goal"]), dict(entry["constraints"])
                return True
        return False

    def slot_changes(self, values: Mapping[str, Any]) -> None:
        assert self.goal is not None
        revealed = {k: v for k, v in values.items() if v is not None and k not in self.constraints}
        revised = {
            k: {"old": self.constraints[k], "new": v}
            for k, v in values.items()
            if v is not None and k in self.constraints and self.constraints[k] != v
        }
        if revealed:
            self.emit("reveal", {"goal": self.goal["id"], "slots": revealed})
            self.constraints.update(revealed)
        if revised:
            self.emit("revise", {"goal": self.goal["id"], "slots": revised})
            self.constraints.update({k: change["new"] for k, change in revised.items()})

    def set_status(self, status: str, **extra: Any) -> None:
        assert self.goal is not None
        changes = {"status": status, **{k: v for k, v in extra.items() if v is not None}}
        if all(self.goal.get(k) == v for k, v in changes.items()):
            return
        self.emit("continue", {"goal": self.goal["id"], "set": changes})
        self.goal.update(changes)

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
        if self.goal is None or self.goal.get("command_id") != command_id:
            suspended_ids = {e["goal"].get("command_id"): e["goal"]["id"] for e in self.suspended}
            if command_id in suspended_ids:
                self.resume(suspended_ids[command_id])
            else:
                goal = {
                    "id": self.new_goal_id(),
                    "kind": "create",
                    "status": OPEN,
                    "command_id": command_id,
                    "event_id": None,
                    "title": known.get("title"),
                }
                self.switch_to(goal, known)
        self.slot_changes(known)
        if known.get("title") and self.goal and self.goal.get("title") != known["title"]:
            self.set_status(self.goal["status"], title=known["title"])
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
        deleting = self.goal is not None and self.goal.get("kind") == "delete"
        if self.goal is None or self.goal.get("event_id") != event_id or deleting:
            goal = {
                "id": self.new_goal_id(),
                "kind": "change",
                "status": OPEN,
                "command_id": command["command_id"],
                "event_id": event_id,
                "title": event.get("title"),
            }
            previous = act.data.get("previous") or event
            start = {"title": previous.get("title"), "date": previous.get("date"), "time": previous.get("start")}
            # "Delete it … actually, move it": the delete is dropped, not put aside.
            self.switch_to(goal, start, drop="cancelled" if deleting else None)
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
        if self.goal is not None and self.goal["kind"] == "delete" and self.goal.get("event_id") == _event_id(event):
            # Asked again about the same event: the same task, with the new question's stub.
            self.set_status(OPEN, command_id=command_id)
            return
        goal = {
            "id": self.new_goal_id(),
            "kind": "delete",
            "status": OPEN,
            "command_id": act.data["command"]["command_id"],
            "event_id": _event_id(event),
            "title": event.get("title"),
        }
        self.switch_to(goal, {"event": event.get("ref")})

    def _on_confirmation(self, act: Act) -> None:
        if self.goal is not None and act.status in {"deleted", "done"}:
            self.set_status("done")
        elif self.goal is not None and act.status == "declined":
            self.set_status("cancelled")

    def _read(self, act: Act, kind: str) -> None:
        days = act.data.get("range") or {}
        goal = {
            "id": self.new_goal_id(),
            "kind": kind,
            "status": "done",
            "command_id": None,
            "event_id": None,
            "title": f"{(days.get('from') or {}).get('date')}..{(days.get('to') or {}).get('date')}",
        }
        self.switch_to(goal)

    def _on_query_events(self, act: Act) -> None:
        if act.status == "results":
            self._read(act, "query")

    def _on_suggest_slots(self, act: Act) -> None:
        if act.status == "suggestions":
            self._read(act, "suggest")

    def _on_remember_fact(self, act: Act) -> None:
        if act.status == "remembered":
            goal = {
                "id": self.new_goal_id(),
                "kind": "remember",
                "status": "done",
                "command_id": None,
                "event_id": None,
                "title": act.data.get("topic"),
            }
            self.switch_to(goal)

    def _on_cancel_command(self, act: Act) -> None:
        if act.status == "cancelled" and self.goal is not None:
            self.switch_to(None, drop="cancelled")

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
            goal = {
                "id": self.new_goal_id(),
                "kind": "council",
                "status": OPEN,
                "command_id": None,
                "event_id": None,
                "title": "planning consultation",
            }
            self.switch_to(goal, {"days": act.data.get("days")})

    def _on_expiry(self, act: Act) -> None:
        if (
            self.goal is not None
            and self.goal.get("command_id") == act.data.get("command_id")
            and self.goal["status"] == OPEN
        ):
            self.set_status("expired")

    def _on_council(self, act: Act) -> None:
        if self.goal is not None and self.goal["kind"] == "council":
            self.set_status("done")


def _event_id(event: Mapping[str, Any]) -> int | None:
    ref = event.get("ref")
    return int(ref[1:]) if isinstance(ref, str) and ref.startswith("E") else None
