"""The one deterministic reducer over intent transitions, and the state digest.

State (plain JSON):
    goal         the current task: {id, kind, status, command_id, event_id, title} or None
    constraints  the current goal's slots: name -> value (a revise assigns, never appends)
    completed    the last finished goals (newest last)
    suspended    tasks put aside, newest first, at most MAX_SUSPENDED, each with a snapshot
    superseded   values a revise replaced: [{goal, slot, old, new, revision}] (newest last)

Transitions: reveal (a missing value arrives), revise (a value is replaced), switch (another
task starts; an unfinished one is suspended, a finished one completed; or a suspended one is
resumed), continue (same task, its status moves on). Revision r+1 is the state after applying
transition number r+1; the digest is SHA-256 over RFC 8785 canonical JSON of {revision, state}.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

import rfc8785

MAX_SUSPENDED = 3
MAX_COMPLETED = 5
MAX_SUPERSEDED = 10
OPEN = "open"


def empty_state() -> dict[str, Any]:
    return {"goal": None, "constraints": {}, "completed": [], "suspended": [], "superseded": []}


def digest(revision: int, state: Mapping[str, Any]) -> str:
    return hashlib.sha256(rfc8785.dumps({"revision": revision, "state": state})).hexdigest()


def action_digest(action: Mapping[str, Any]) -> str:
    return hashlib.sha256(rfc8785.dumps(dict(action))).hexdigest()


class TransitionRejected(ValueError):
    """A proposed transition that does not fit the state; nothing is applied."""


def reduce(state: Mapping[str, Any], transition_type: str, patch: Mapping[str, Any], revision: int) -> dict[str, Any]:
    """Apply one transition; returns a new state (the input is not modified)."""
    new = copy.deepcopy(dict(state))
    # Tasks that expired or were cancelled elsewhere leave the stack with the next transition.
    gone = set(patch.get("prune") or ())
    if gone:
        new["suspended"] = [entry for entry in new["suspended"] if entry["goal"]["id"] not in gone]
    goal = new["goal"]
    if transition_type == "reveal":
        _require_goal(goal, patch)
        for name, value in patch["slots"].items():
            new["constraints"][name] = value
    elif transition_type == "revise":
        _require_goal(goal, patch)
        for name, change in patch["slots"].items():
            new["superseded"].append(
                {"goal": goal["id"], "slot": name, "old": change["old"], "new": change["new"], "revision": revision}
            )
            new["constraints"][name] = change["new"]
        new["superseded"] = new["superseded"][-MAX_SUPERSEDED:]
    elif transition_type == "continue":
        _require_goal(goal, patch)
        goal.update(patch.get("set", {}))
        if goal["status"] != OPEN:
            _complete(new, goal)
    elif transition_type == "switch":
        _switch(new, patch)
    else:
        raise TransitionRejected(f"unknown transition type {transition_type!r}")
    return new


def replay(transitions: Iterable[tuple[str, Mapping[str, Any]]]) -> tuple[int, dict[str, Any], str]:
    """Rebuild (revision, state, digest) from the log, from an empty state."""
    state = empty_state()
    revision = 0
    for transition_type, patch in transitions:
        revision += 1
        state = reduce(state, transition_type, patch, revision)
    return revision, state, digest(revision, state)


def _require_goal(goal: Mapping[str, Any] | None, patch: Mapping[str, Any]) -> None:
    if goal is None or goal["id"] != patch.get("goal"):
        raise TransitionRejected("the transition names a goal that is not current")


def _complete(state: dict[str, Any], goal: Mapping[str, Any]) -> None:
    finished = [entry for entry in state["completed"] if entry["id"] != goal["id"]]
    finished.append({key: goal.get(key) for key in ("id", "kind", "status", "title", "command_id", "event_id")})
    state["completed"] = finished[-MAX_COMPLETED:]


def _switch(state: dict[str, Any], patch: Mapping[str, Any]) -> None:
    # The task resumed leaves the stack first, so a full stack can still swap two tasks.
    resumed = None
    resume_id = patch.get("resume")
    if resume_id is not None:
        matches = [index for index, entry in enumerate(state["suspended"]) if entry["goal"]["id"] == resume_id]
        if not matches:
            raise TransitionRejected("no such suspended task")
        resumed = state["suspended"].pop(matches[0])
    evict = patch.get("evict")
    if evict is not None:
        # The stack is shallow: the oldest task put aside makes room, and is recorded as dropped.
        for index, entry in enumerate(state["suspended"]):
            if entry["goal"]["id"] == evict:
                _complete(state, {**state["suspended"].pop(index)["goal"], "status": "dropped"})
                break
    current = state["goal"]
    if current is not None:
        if patch.get("suspend") and current["status"] == OPEN:
            if len(state["suspended"]) >= MAX_SUSPENDED:
                raise TransitionRejected("too many tasks are already put aside")
            state["suspended"].insert(0, {"goal": current, "constraints": state["constraints"]})
        elif current["status"] != OPEN or patch.get("drop"):
            if patch.get("drop"):
                current = {**current, "status": patch.get("drop")}
            _complete(state, current)
    if resumed is not None:
        state["goal"], state["constraints"] = resumed["goal"], dict(resumed["constraints"])
        return
    to = patch.get("to")
    state["goal"] = dict(to) if to else None
    state["constraints"] = dict(patch.get("constraints") or {})
    if to is not None and to.get("status") != OPEN:
        _complete(state, state["goal"])
