"""Intent as state: the reducer, the log, digests, and confirmations bound to the state."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
import rfc8785

from assistant.intent.confirmations import (
    Evidence,
    Verdict,
    confirmation_check,
    confirmation_create,
    goal_done_check,
)
from assistant.intent.derive import Act, derive
from assistant.intent.reducer import (
    MAX_SUSPENDED,
    TransitionRejected,
    action_digest,
    digest,
    reduce,
    replay,
)
from assistant.intent.state import (
    Goal,
    GoalKind,
    GoalStatus,
    IntentState,
    Reveal,
    Superseded,
    Switch,
    Transition,
    transition_from_json,
)
from assistant.intent.store import state_apply, state_get, state_replay
from assistant.models import PendingConfirmation, Thread

NOW = datetime.datetime(2026, 12, 7, 2, 0, tzinfo=datetime.UTC)


def create_act(command_id: str, status: str = "needs_time", **known: Any) -> Act:
    return Act(
        "schedule_event",
        status,
        {"command": {"command_id": command_id, "status": status, "known": known, "missing": []}},
    )


def run(
    acts: list[Act], state: IntentState | None = None, revision: int = 0
) -> tuple[IntentState, list[Transition], int]:
    state = state or IntentState()
    transitions = derive(state, revision, acts)
    for transition in transitions:
        revision += 1
        state = reduce(state, transition, revision)
    return state, transitions, revision


def logged(transitions: list[Transition]) -> list[tuple[str, dict[str, Any]]]:
    # The transitions as the log stores them: (type, patch).
    return [(t.type.value, t.to_json()) for t in transitions]


def test_reveal_then_revise_assigns_and_keeps_the_superseded_value() -> None:
    state, transitions, revision = run([create_act("c1", title="Dinner", date="W6")])
    assert [t.type for t in transitions] == ["switch"]
    state, transitions, revision = run([create_act("c1", title="Dinner", date="W6", time="15:00")], state, revision)
    assert logged(transitions) == [("reveal", {"goal": "g1", "slots": {"time": "15:00"}})]
    assert transitions == [Reveal(goal="g1", slots={"time": "15:00"})]
    state, transitions, revision = run(
        [create_act("c1", "created", title="Dinner", date="W6", time="16:00")], state, revision
    )
    assert [t.type for t in transitions] == ["revise", "continue"]
    assert state.constraints["time"] == "16:00"  # one time: assignment, not append
    assert state.superseded == (Superseded(goal="g1", slot="time", old="15:00", new="16:00", revision=3),)
    assert state.goal is not None and state.goal.status == GoalStatus.DONE
    assert revision == 4


def test_switch_suspends_an_unfinished_task_and_resume_brings_it_back_intact() -> None:
    state, _, revision = run([create_act("c1", title="Dinner", date="W6")])
    query = Act("query_events", "results", {"range": {"from": {"date": "2026-12-12"}, "to": {"date": "2026-12-12"}}})
    state, transitions, revision = run([query], state, revision)
    assert isinstance(transitions[0], Switch) and transitions[0].suspend is True
    assert state.goal is not None and state.goal.kind == GoalKind.QUERY
    assert state.suspended[0].constraints == {"title": "Dinner", "date": "W6"}
    state, transitions, revision = run([Act("resume_task", "resumed", {"task": {"goal_id": "g1"}})], state, revision)
    assert logged(transitions) == [("switch", {"resume": "g1", "suspend": False})]
    assert state.goal is not None and state.goal.id == "g1" and state.constraints == {"title": "Dinner", "date": "W6"}
    assert state.suspended == ()
    assert state.completed[-1].kind == GoalKind.QUERY


def test_switch_followed_by_revise() -> None:
    state, _, revision = run([create_act("c1", title="Dinner", date="W6", time="19:00")])
    state, _, revision = run([create_act("c2", title="Gym", date="D+1")], state, revision)
    assert state.goal is not None and state.goal.command_id == "c2" and len(state.suspended) == 1
    state, transitions, revision = run([create_act("c2", title="Gym", date="D+2")], state, revision)
    assert state.goal is not None
    assert logged(transitions) == [("revise", {"goal": state.goal.id, "slots": {"date": {"old": "D+1", "new": "D+2"}}})]
    assert state.suspended[0].constraints["time"] == "19:00"  # the other task is untouched


def test_the_stack_is_shallow() -> None:
    state, revision = IntentState(), 0
    for index in range(MAX_SUSPENDED + 1):
        state, _, revision = run([create_act(f"c{index}", title=f"Task {index}")], state, revision)
    assert len(state.suspended) == MAX_SUSPENDED
    query = Act("query_events", "results", {"range": {"from": {"date": "2026-12-12"}, "to": {"date": "2026-12-12"}}})
    state, transitions, revision = run([query], state, revision)
    # The stack is full: the read is a detour that leaves the open task current.
    assert transitions == [] and state.goal is not None and state.goal.command_id == f"c{MAX_SUSPENDED}"
    with pytest.raises(TransitionRejected):
        reduce(state, Switch(to=Goal("gx", GoalKind.CREATE, GoalStatus.OPEN), suspend=True), revision + 1)
    with pytest.raises(TransitionRejected):
        transition_from_json("jump", {"to": None})


def test_cancel_drops_the_goal_and_expired_tasks_leave_the_stack() -> None:
    state, _, revision = run([create_act("c1", title="Dinner")])
    state, _, revision = run([create_act("c2", title="Gym")], state, revision)
    transitions = derive(
        state, revision, [Act("cancel_command", "cancelled")], is_command_open=lambda command_id: command_id != "c1"
    )
    assert transitions[0].prune == ("g1",) and transitions[0].to_json()["prune"] == ["g1"]
    for transition in transitions:
        revision += 1
        state = reduce(state, transition, revision)
    assert state.goal is None and state.suspended == ()
    assert state.completed[-1].status == GoalStatus.CANCELLED


def test_transitions_naming_another_goal_are_rejected() -> None:
    state, _, revision = run([create_act("c1", title="Dinner")])
    with pytest.raises(TransitionRejected):
        reduce(state, transition_from_json("reveal", {"goal": "g999", "slots": {"time": "10:00"}}), revision + 1)


def test_digest_is_sha256_over_rfc8785_canonical_json() -> None:
    import hashlib

    state = {"goal": None, "constraints": {"b": 1, "a": "é"}, "completed": [], "suspended": [], "superseded": []}
    expected = hashlib.sha256(rfc8785.dumps({"revision": 3, "state": state})).hexdigest()
    assert digest(3, IntentState.from_json(state)) == expected
    assert digest(3, IntentState(constraints={"a": "é", "b": 1})) == expected  # key order does not count
    assert digest(4, IntentState.from_json(state)) != expected


@pytest.mark.django_db
def test_replaying_the_log_rebuilds_the_same_state_and_digest(person: Any) -> None:
    thread = Thread.objects.create(owner=person)
    for acts in (
        [create_act("c1", title="Dinner", date="W6")],
        [create_act("c1", title="Dinner", date="W6", time="19:00")],
        [Act("query_events", "results", {"range": {"from": {"date": "2026-12-12"}, "to": {"date": "2026-12-12"}}})],
        [Act("resume_task", "resumed", {"task": {"goal_id": "g1"}})],
        [create_act("c1", "created", title="Dinner", date="W6", time="19:30")],
    ):
        state = state_get(thread=thread)
        state_apply(thread=thread, transitions=derive(state.intent_state, state.revision, acts), message=None, now=NOW)
    state = state_get(thread=thread)
    assert state_replay(thread=thread) == (state.revision, state.intent_state, state.digest)
    log = [transition_from_json(t, p) for t, p in thread.transitions.values_list("type", "patch")]
    assert replay(log)[2] == state.digest
    assert [row.revision for row in thread.transitions.all()] == list(range(1, state.revision + 1))


@pytest.fixture
def bound(person: Any) -> tuple[Thread, Any, PendingConfirmation]:
    thread = Thread.objects.create(owner=person)
    state = state_get(thread=thread)
    state, _ = state_apply(
        thread=thread,
        transitions=derive(state.intent_state, state.revision, [create_act("c1", title="Dentist")]),
        message=None,
        now=NOW,
    )
    action = {"type": "delete_event", "event_id": 7, "command_id": "c9", "title": "Dentist"}
    confirmation = confirmation_create(thread=thread, state=state, kind="delete_event", action=action, now=NOW)
    return thread, state, confirmation


@pytest.mark.django_db
def test_a_confirmation_is_current_only_for_its_revision_digest_and_action(bound: Any) -> None:
    _thread, state, confirmation = bound
    assert confirmation_check(confirmation, state, now=NOW) == Verdict.CURRENT
    assert (
        confirmation_check(confirmation, state, now=NOW, presented_action_digest=confirmation.action_digest)
        == Verdict.CURRENT
    )


@pytest.mark.django_db
def test_a_revise_in_between_makes_the_approval_stale(bound: Any) -> None:
    thread, state, confirmation = bound
    state, _ = state_apply(
        thread=thread,
        transitions=derive(state.intent_state, state.revision, [create_act("c1", title="Dentist", date="W5")]),
        message=None,
        now=NOW,
    )
    assert confirmation_check(confirmation, state, now=NOW) == Verdict.STALE_OR_MISMATCH


@pytest.mark.django_db
def test_digest_substitution_is_a_mismatch(bound: Any) -> None:
    _thread, state, confirmation = bound
    other_action = action_digest({"type": "delete_event", "event_id": 8, "command_id": "c9", "title": "Gym"})
    assert (
        confirmation_check(confirmation, state, now=NOW, presented_action_digest=other_action)
        == Verdict.STALE_OR_MISMATCH
    )
    assert (
        confirmation_check(confirmation, state, now=NOW, presented_action_digest="0" * 64) == Verdict.STALE_OR_MISMATCH
    )
    # A stored action altered after binding no longer matches its own digest.
    PendingConfirmation.objects.filter(id=confirmation.id).update(action={**confirmation.action, "event_id": 8})
    confirmation.refresh_from_db()
    assert confirmation_check(confirmation, state, now=NOW) == Verdict.STALE_OR_MISMATCH


@pytest.mark.django_db
def test_a_forged_state_digest_is_a_mismatch(bound: Any) -> None:
    _thread, state, confirmation = bound
    assert (
        confirmation_check(confirmation, state, now=NOW, presented_state_digest="f" * 64) == Verdict.STALE_OR_MISMATCH
    )


@pytest.mark.django_db
def test_history_is_never_promoted_to_a_current_approval(bound: Any) -> None:
    _thread, state, confirmation = bound
    for evidence in (Evidence.ARCHIVE, Evidence.MEMORY, Evidence.OTHER_SEGMENT):
        assert confirmation_check(confirmation, state, now=NOW, evidence=evidence) == Verdict.REJECT_STATE_PROMOTION


@pytest.mark.django_db
def test_expired_used_or_replaced_confirmations_are_stale(bound: Any) -> None:
    thread, state, confirmation = bound
    assert (
        confirmation_check(confirmation, state, now=NOW + datetime.timedelta(minutes=31)) == Verdict.STALE_OR_MISMATCH
    )
    newer = confirmation_create(
        thread=thread, state=state, kind="delete_event", action={"type": "delete_event", "event_id": 9}, now=NOW
    )
    confirmation.refresh_from_db()
    assert confirmation.status == "stale"
    assert confirmation_check(confirmation, state, now=NOW) == Verdict.STALE_OR_MISMATCH
    assert confirmation_check(newer, state, now=NOW) == Verdict.CURRENT


@pytest.mark.django_db
def test_a_done_check_goes_stale_after_a_revise(person: Any) -> None:
    thread = Thread.objects.create(owner=person)
    state = state_get(thread=thread)
    state, _ = state_apply(
        thread=thread,
        transitions=derive(
            state.intent_state, state.revision, [create_act("c1", "created", title="Dinner", date="W6", time="19:00")]
        ),
        message=None,
        now=NOW,
    )
    checked_at = state.revision
    assert goal_done_check(state, goal_id="g1", checked_at_revision=checked_at) == Verdict.CURRENT
    change = Act(
        "change_event",
        "updated",
        {
            "event": {"ref": "E1", "title": "Dinner", "date": "2026-12-12", "start": "20:00"},
            "command": {"command_id": "c2", "status": "updated", "known": {"time": "20:00"}},
        },
    )
    state, _ = state_apply(
        thread=thread, transitions=derive(state.intent_state, state.revision, [change]), message=None, now=NOW
    )
    assert goal_done_check(state, goal_id="g1", checked_at_revision=checked_at) == Verdict.STALE_OR_MISMATCH


def test_a_full_stack_drops_the_oldest_task_and_still_resumes() -> None:
    state, revision = IntentState(), 0
    for index in range(MAX_SUSPENDED + 2):
        state, _, revision = run([create_act(f"c{index}", title=f"Task {index}")], state, revision)
    assert [task.goal.command_id for task in state.suspended] == ["c3", "c2", "c1"]
    assert state.to_json()["completed"][-1] == {
        "id": "g1",
        "kind": "create",
        "status": "dropped",
        "title": "Task 0",
        "command_id": "c0",
        "event_id": None,
    }
    oldest = state.suspended[-1].goal.id
    state, _transitions, revision = run([Act("resume_task", "resumed", {"task": {"goal_id": oldest}})], state, revision)
    assert state.goal is not None and state.goal.command_id == "c1" and len(state.suspended) == MAX_SUSPENDED
    assert state.suspended[0].goal.command_id == "c4"
