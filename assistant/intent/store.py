"""Loading a thread's state and applying a turn's transitions to it, atomically."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.db import transaction

from assistant.intent.reducer import digest, reduce, replay
from assistant.intent.state import IntentState, JSONObject, Transition, transition_from_json
from assistant.models import IntentTransition, Message, Thread, ThreadState


def state_get(*, thread: Thread) -> ThreadState:
    state, _created = ThreadState.objects.get_or_create(
        thread=thread, defaults={"intent": IntentState().to_json(), "digest": digest(0, IntentState())}
    )
    return state


class StateMoved(Exception):
    """The state changed under a turn that read it (the thread lock should make this impossible)."""


def state_apply(
    *,
    thread: Thread,
    transitions: Sequence[Transition],
    message: Message | None,
    now: datetime.datetime,
    entities: JSONObject | None = None,
    talk: JSONObject | None = None,
    base: ThreadState | None = None,
) -> tuple[ThreadState, list[JSONObject]]:
    """Apply transitions in order, each with its own revision, digest and log row.

    With ``base`` (the state the turn read) the write is a compare-and-set on its revision, one
    statement instead of a locked read and a write; a state that moved meanwhile raises.
    """
    state = base or _locked(thread)
    if not transitions and entities in (None, state.entities) and talk in (None, state.talk):
        return state, []
    base_revision = state.revision
    applied: list[JSONObject] = []
    rows: list[IntentTransition] = []
    intent = IntentState.from_json(state.intent)
    for transition in transitions:
        revision = state.revision + 1
        intent = reduce(intent, transition, revision)
        patch = transition.to_json()
        state.revision = revision
        state.digest = digest(revision, intent)
        rows.append(
            IntentTransition(
                thread=thread,
                revision=revision,
                type=transition.type.value,
                patch=patch,
                message=message,
                at=now,
                digest=state.digest,
            )
        )
        applied.append({"revision": revision, "type": transition.type.value, "patch": patch})
    state.intent = intent.to_json()
    if entities is not None:
        state.entities = entities
    if talk is not None:
        state.talk = talk
    state.updated_at = now
    fields = {
        "revision": state.revision,
        "intent": state.intent,
        "digest": state.digest,
        "entities": state.entities,
        "talk": state.talk,
        "updated_at": now,
    }
    # The compare-and-set comes before the log rows: a state that moved meanwhile writes nothing
    # (and the error is raised outside the block, so the caller's transaction stays usable).
    with transaction.atomic(savepoint=False):
        written = ThreadState.objects.filter(pk=state.pk, revision=base_revision).update(**fields)
        if written:
            IntentTransition.objects.bulk_create(rows)
    if not written:
        raise StateMoved(f"thread {thread.pk} moved past revision {base_revision}")
    return state, applied


def _locked(thread: Thread) -> ThreadState:
    with transaction.atomic(savepoint=False):
        return ThreadState.objects.select_for_update().filter(thread=thread).first() or state_get(thread=thread)


def state_replay(*, thread: Thread) -> tuple[int, IntentState, str]:
    log = IntentTransition.objects.filter(thread=thread).order_by("revision").values_list("type", "patch")
    return replay([transition_from_json(transition_type, patch) for transition_type, patch in log])
