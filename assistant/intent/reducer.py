"""The one deterministic reducer over intent transitions, and the state digest.

The state and the transitions are typed in ``assistant.intent.state``. Revision r+1 is the state
after applying transition number r+1; the digest is SHA-256 over RFC 8785 canonical JSON of
{revision, state}, the state as stored (``IntentState.to_json``).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

import rfc8785

from assistant.intent.state import (
    Continue,
    Goal,
    GoalStatus,
    IntentState,
    Resume,
    Reveal,
    Revise,
    Superseded,
    SuspendedTask,
    Switch,
    Transition,
    TransitionRejected,
)

__all__ = ["MAX_SUSPENDED", "TransitionRejected", "action_digest", "digest", "reduce", "replay"]

MAX_SUSPENDED = 3
MAX_COMPLETED = 5
MAX_SUPERSEDED = 10


def digest(revision: int, state: IntentState) -> str:
    return hashlib.sha256(rfc8785.dumps({"revision": revision, "state": state.to_json()})).hexdigest()


def action_digest(action: Mapping[str, Any]) -> str:
    return hashlib.sha256(rfc8785.dumps(dict(action))).hexdigest()


def reduce(state: IntentState, transition: Transition, revision: int) -> IntentState:
    """Apply one transition; returns a new state (the state is immutable)."""
    # Tasks that expired or were cancelled elsewhere leave the stack with the next transition.
    if transition.prune:
        gone = set(transition.prune)
        state = dataclasses.replace(state, suspended=tuple(t for t in state.suspended if t.goal.id not in gone))
    goal = state.goal
    if isinstance(transition, Reveal):
        _require_goal(goal, transition.goal)
        return dataclasses.replace(state, constraints={**state.constraints, **transition.slots})
    if isinstance(transition, Revise):
        goal = _require_goal(goal, transition.goal)
        replaced = [
            Superseded(goal=goal.id, slot=name, old=change.old, new=change.new, revision=revision)
            for name, change in transition.slots.items()
        ]
        constraints = {**state.constraints, **{name: change.new for name, change in transition.slots.items()}}
        superseded = (*state.superseded, *replaced)[-MAX_SUPERSEDED:]
        return dataclasses.replace(state, constraints=constraints, superseded=superseded)
    if isinstance(transition, Continue):
        goal = transition.changes.applied_to(_require_goal(goal, transition.goal))
        state = dataclasses.replace(state, goal=goal)
        return state if goal.is_open else _complete(state, goal)
    return _switch(state, transition)


def replay(transitions: Iterable[Transition]) -> tuple[int, IntentState, str]:
    """Rebuild (revision, state, digest) from the log, from an empty state."""
    state = IntentState()
    revision = 0
    for transition in transitions:
        revision += 1
        state = reduce(state, transition, revision)
    return revision, state, digest(revision, state)


def _require_goal(goal: Goal | None, goal_id: str) -> Goal:
    if goal is None or goal.id != goal_id:
        raise TransitionRejected("the transition names a goal that is not current")
    return goal


def _complete(state: IntentState, goal: Goal) -> IntentState:
    finished = (*(entry for entry in state.completed if entry.id != goal.id), goal)
    return dataclasses.replace(state, completed=finished[-MAX_COMPLETED:])


def _switch(state: IntentState, transition: Switch | Resume) -> IntentState:
    suspended = list(state.suspended)
    # The task resumed leaves the stack first, so a full stack can still swap two tasks.
    resumed = None
    if isinstance(transition, Resume):
        matches = [index for index, task in enumerate(suspended) if task.goal.id == transition.resume]
        if not matches:
            raise TransitionRejected("no such suspended task")
        resumed = suspended.pop(matches[0])
    drop = None
    if isinstance(transition, Switch):
        drop = transition.drop
        if transition.evict is not None:
            # The stack is shallow: the oldest task put aside makes room, and is recorded as dropped.
            for index, task in enumerate(suspended):
                if task.goal.id == transition.evict:
                    dropped = dataclasses.replace(suspended.pop(index).goal, status=GoalStatus.DROPPED)
                    state = _complete(state, dropped)
                    break
    current = state.goal
    if current is not None:
        if transition.suspend and current.is_open:
            if len(suspended) >= MAX_SUSPENDED:
                raise TransitionRejected("too many tasks are already put aside")
            suspended.insert(0, SuspendedTask(goal=current, constraints=state.constraints))
        elif not current.is_open or drop:
            if drop:
                current = dataclasses.replace(current, status=drop)
            state = _complete(state, current)
    state = dataclasses.replace(state, suspended=tuple(suspended))
    if resumed is not None:
        return dataclasses.replace(state, goal=resumed.goal, constraints=dict(resumed.constraints))
    assert isinstance(transition, Switch)
    state = dataclasses.replace(state, goal=transition.to, constraints=dict(transition.constraints))
    if transition.to is not None and not transition.to.is_open:
        state = _complete(state, transition.to)
    return state
