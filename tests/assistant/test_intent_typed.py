"""The typed intent state and entity stack: the JSON stored before they were typed loads, goes back
out byte for byte (same keys, same order), and digests to the same values.

The pinned digests were computed by the dict-based reducer this module replaced.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest

from assistant.intent.entities import DayInFocus, Entity, EntityStack
from assistant.intent.reducer import digest, replay
from assistant.intent.state import (
    Continue,
    Goal,
    GoalChanges,
    GoalKind,
    GoalStatus,
    IntentState,
    Resume,
    Reveal,
    Revise,
    SlotChange,
    Superseded,
    SuspendedTask,
    Switch,
    transition_from_json,
)
from assistant.intent.store import state_apply, state_replay
from assistant.models import IntentTransition, Thread, ThreadState

NOW = datetime.datetime(2026, 12, 7, 2, 0, tzinfo=datetime.UTC)
COMMAND = "5b0c1f5e-2f7a-4c1e-9d4b-0f6f2b7f8a11"

# A state as rows hold it: a goal in the middle of a change, finished and suspended tasks, a revise.
STORED_STATE: dict[str, Any] = {
    "goal": {"id": "g7", "kind": "change", "status": "open", "command_id": COMMAND, "event_id": 12, "title": "Dentist"},
    "constraints": {"title": "Dentist", "date": "2026-03-08", "time": "16:00", "duration_minutes": 45},
    "completed": [
        {
            "id": "g2",
            "kind": "query",
            "status": "done",
            "title": "2026-03-08..2026-03-08",
            "command_id": None,
            "event_id": None,
        },
        {"id": "g4", "kind": "delete", "status": "cancelled", "title": "Gym", "command_id": "c-4", "event_id": 9},
    ],
    "suspended": [
        {
            "goal": {
                "id": "g5",
                "kind": "create",
                "status": "open",
                "command_id": "c-5",
                "event_id": None,
                "title": None,
            },
            "constraints": {"date": "W6", "time": None},
        }
    ],
    "superseded": [{"goal": "g7", "slot": "time", "old": "15:00", "new": "16:00", "revision": 6}],
}
STORED_STATE_DIGEST_AT_7 = "27f415fbbd624b927b310c21195f4fcf758794f5791669a51b3cc98f4fe34b7a"
EMPTY_STATE_DIGEST = "15c2a0b63eb597abf0c7ca3cf456928f92c9b38396768bfd62b25a369d0b1d7c"

TYPED_STATE = IntentState(
    goal=Goal("g7", GoalKind.CHANGE, GoalStatus.OPEN, command_id=COMMAND, event_id=12, title="Dentist"),
    constraints={"title": "Dentist", "date": "2026-03-08", "time": "16:00", "duration_minutes": 45},
    completed=(
        Goal("g2", GoalKind.QUERY, GoalStatus.DONE, title="2026-03-08..2026-03-08"),
        Goal("g4", GoalKind.DELETE, GoalStatus.CANCELLED, command_id="c-4", event_id=9, title="Gym"),
    ),
    suspended=(
        SuspendedTask(Goal("g5", GoalKind.CREATE, GoalStatus.OPEN, command_id="c-5"), {"date": "W6", "time": None}),
    ),
    superseded=(Superseded(goal="g7", slot="time", old="15:00", new="16:00", revision=6),),
)

# A log as rows hold it, with the digest the dict-based reducer stored after each transition.
STORED_LOG: list[tuple[str, dict[str, Any], str]] = [
    (
        "switch",
        {
            "to": {
                "id": "g1",
                "kind": "create",
                "status": "open",
                "command_id": "c1",
                "event_id": None,
                "title": "Dinner",
            },
            "constraints": {"title": "Dinner", "date": "W6"},
        },
        "e2d6e019a183b9d495662fb52dfad2514a0844c704a68e878fcf20941e17da1a",
    ),
    (
        "reveal",
        {"goal": "g1", "slots": {"time": "19:00"}},
        "1fe48098142493b3dc5a60b95053a3a5b60af4e275bbd3a03a79a321e560a03d",
    ),
    (
        "switch",
        {
            "to": {
                "id": "g3",
                "kind": "query",
                "status": "done",
                "command_id": None,
                "event_id": None,
                "title": "2026-12-12..2026-12-12",
            },
            "constraints": {},
            "suspend": True,
        },
        "d91284b801ee3a7c333902d6e092348bdcf549c7809ec5351359d93591bf189d",
    ),
    (
        "switch",
        {"resume": "g1", "suspend": False},
        "855619ed873ec4e756f2e13039d4fd2617d802a3ef8a05c2462839f4fa1e32f3",
    ),
    (
        "revise",
        {"goal": "g1", "slots": {"time": {"old": "19:00", "new": "19:30"}}},
        "81556f70bc4be86d2ff43a3bfbcb2798ff9153241e653af8035eb144b05eff37",
    ),
    (
        "continue",
        {"goal": "g1", "set": {"status": "done", "event_id": 12}},
        "26110c77d93e17c2f77d4f74298c43e691873cde2a7c7cd6ace4ec2cfbdd9ce0",
    ),
]

STORED_ENTITIES: dict[str, Any] = {
    "stack": [
        {
            "id": 12,
            "ref": "E12",
            "title": "Dentist",
            "date": "2026-03-08",
            "weekday": "Sun",
            "start": "16:00",
            "via": "updated",
        },
        {
            "id": 9,
            "ref": "E9",
            "title": "Gym",
            "date": "2026-03-07",
            "weekday": "Sat",
            "start": "08:00",
            "via": "found",
        },
    ],
    "listed": [12, 9],
    "focus": None,
    "day": {"date": "2026-03-08", "weekday": "Sun", "via": "query"},
    "choosing": {"tool": "change_event", "values": {"time": "17:00"}},
}


def exactly(value: Any) -> str:
    """JSON text with the keys in their order: equal text means the same stored bytes (sqlite)."""
    return json.dumps(value, ensure_ascii=False)


def test_the_digest_of_a_stored_state_is_unchanged_built_either_way() -> None:
    assert digest(7, IntentState.from_json(STORED_STATE)) == STORED_STATE_DIGEST_AT_7
    assert digest(7, TYPED_STATE) == STORED_STATE_DIGEST_AT_7
    assert digest(0, IntentState()) == EMPTY_STATE_DIGEST


def test_a_stored_state_loads_and_goes_back_out_unchanged() -> None:
    state = IntentState.from_json(STORED_STATE)
    assert state == TYPED_STATE
    assert exactly(state.to_json()) == exactly(STORED_STATE)
    assert IntentState.from_json(TYPED_STATE.to_json()) == TYPED_STATE
    assert state.goal is not None and state.goal.is_open and state.suspended[0].goal.title is None


def test_an_empty_row_is_the_empty_state() -> None:
    assert IntentState.from_json({}) == IntentState()
    assert IntentState.from_json(None) == IntentState()
    assert IntentState().to_json() == {
        "goal": None,
        "constraints": {},
        "completed": [],
        "suspended": [],
        "superseded": [],
    }


@pytest.mark.parametrize(
    ("stored_type", "patch", "typed"),
    [
        ("reveal", {"goal": "g1", "slots": {"time": "15:00"}}, Reveal(goal="g1", slots={"time": "15:00"})),
        (
            "revise",
            {"goal": "g1", "slots": {"time": {"old": "15:00", "new": "16:00"}}, "prune": ["g4"]},
            Revise(goal="g1", slots={"time": SlotChange("15:00", "16:00")}, prune=("g4",)),
        ),
        (
            "continue",
            {"goal": "g1", "set": {"status": "open", "command_id": "c2"}},
            Continue(goal="g1", changes=GoalChanges(status=GoalStatus.OPEN, command_id="c2")),
        ),
        (
            "switch",
            {
                "to": {
                    "id": "g9",
                    "kind": "council",
                    "status": "open",
                    "command_id": None,
                    "event_id": None,
                    "title": "x",
                },
                "constraints": {"days": None},
                "evict": "g2",
                "suspend": True,
                "prune": ["g3"],
            },
            Switch(
                to=Goal("g9", GoalKind.COUNCIL, GoalStatus.OPEN, title="x"),
                constraints={"days": None},
                evict="g2",
                suspend=True,
                prune=("g3",),
            ),
        ),
        (
            "switch",
            {"to": None, "constraints": {}, "drop": "cancelled"},
            Switch(to=None, drop=GoalStatus.CANCELLED),
        ),
        ("switch", {"resume": "g1", "suspend": True}, Resume(resume="g1", suspend=True)),
    ],
)
def test_a_stored_patch_loads_and_goes_back_out_unchanged(stored_type: str, patch: dict[str, Any], typed: Any) -> None:
    transition = transition_from_json(stored_type, patch)
    assert transition == typed
    assert transition.type == stored_type
    assert exactly(transition.to_json()) == exactly(patch)
    assert transition_from_json(typed.type, typed.to_json()) == typed


def test_a_stored_log_replays_to_the_digests_it_stored() -> None:
    for count in range(1, len(STORED_LOG) + 1):
        log = [transition_from_json(kind, patch) for kind, patch, _digest in STORED_LOG[:count]]
        assert replay(log)[2] == STORED_LOG[count - 1][2]


def test_a_stored_entity_stack_loads_and_goes_back_out_unchanged() -> None:
    entities = EntityStack.from_json(STORED_ENTITIES)
    assert entities.stack[0] == Entity(12, "E12", "Dentist", "2026-03-08", "Sun", "16:00", "updated")
    assert entities.day == DayInFocus("2026-03-08", "Sun", "query")
    assert entities.day_in_focus() == STORED_ENTITIES["day"]
    assert entities.resolve(None, 2) == ([9], "ordinal")
    assert exactly(entities.to_json()) == exactly(STORED_ENTITIES)
    assert EntityStack.from_json(entities.to_json()) == entities
    assert EntityStack.from_json({}) == EntityStack()


@pytest.mark.django_db
def test_rows_written_in_the_stored_format_load_replay_and_take_the_next_transition(person: Any) -> None:
    thread = Thread.objects.create(owner=person)
    for revision, (kind, patch, stored_digest) in enumerate(STORED_LOG, 1):
        IntentTransition.objects.create(
            thread=thread, revision=revision, type=kind, patch=patch, at=NOW, digest=stored_digest
        )
    revision, state, replayed_digest = replay(transition_from_json(kind, patch) for kind, patch, _ in STORED_LOG)
    ThreadState.objects.create(
        thread=thread, revision=revision, intent=state.to_json(), digest=replayed_digest, entities=STORED_ENTITIES
    )
    row = ThreadState.objects.get(thread=thread)
    assert row.digest == STORED_LOG[-1][2]
    assert state_replay(thread=thread) == (row.revision, row.intent_state, row.digest)
    assert EntityStack.from_json(row.entities).to_json() == STORED_ENTITIES
    after, applied = state_apply(
        thread=thread,
        transitions=[Switch(to=Goal("g7", GoalKind.REMEMBER, GoalStatus.DONE, title="coffee"))],
        message=None,
        now=NOW,
        base=row,
    )
    assert applied == [
        {
            "revision": 7,
            "type": "switch",
            "patch": {
                "to": {
                    "id": "g7",
                    "kind": "remember",
                    "status": "done",
                    "command_id": None,
                    "event_id": None,
                    "title": "coffee",
                },
                "constraints": {},
            },
        }
    ]
    after.refresh_from_db()
    assert [goal.id for goal in after.intent_state.completed] == ["g3", "g1", "g7"]
    assert state_replay(thread=thread) == (7, after.intent_state, after.digest)
