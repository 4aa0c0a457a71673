"""Loading a thread's state and applying a turn's transitions to it, atomically."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from assistant.intent.derive import Transition
from assistant.intent.reducer import digest, empty_state, reduce, replay
from assistant.models import IntentTransition, Message, Thread, ThreadState


def state_get(*, thread: Thread) -> ThreadState:
    state, _created = ThreadState.objects.get_or_create(
        thread=thread, defaults={"intent": empty_state(), "digest": digest(0, empty_state())}
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
    entities: dict[str, Any] | None = None,
    base: ThreadState | None = None,
) -> tuple[ThreadState, list[dict[str, Any]]]:
    """Apply transitions in order, each with its own revision, digest and log row.

    With ``base`` (the state the turn read) the write is a compare-and-set on its revision, one
    statement instead of a locked read and a write; a state that moved meanwhile raises.
    """
    state = base or _locked(thread)
    if not transitions and (entities is None or entities == state.entities):
        return state, []
    base_revision = state.revision
    applied: list[dict[str, Any]] = []
    rows: list[IntentTransition] = []
    intent = state.intent or empty_state()
    for transition_type, patch in transitions:
        revision = state.revision + 1
        intent = reduce(intent, transition_type, patch, revision)
        state.revision = revision
        state.digest = digest(revision, intent)
        rows.append(
            IntentTransition(
                thread=thread,
                revision=revision,
                type=transition_type,
                patch=patch,
                message=message,
                at=now,
                digest=state.digest,
            )
        )
        applied.append({"revision": revision, "type": transition_type, "patch": patch})
    state.intent = intent
    if entities is not None:
        state.entities = entities
    state.updated_at = now
    fields = {
        "revision": state.revision,
        "intent": state.intent,
        "digest": state.digest,
        "entities": state.entities,
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


def state_replay(*, thread: Thread) -> tuple[int, dict[str, Any], str]:
    log = IntentTransition.objects.filter(thread=thread).order_by("revision").values_list("type", "patch")
    return replay(list(log))
