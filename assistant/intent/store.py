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


@transaction.atomic
def state_apply(
    *,
    thread: Thread,
    transitions: Sequence[Transition],
    message: Message | None,
    now: datetime.datetime,
    entities: dict[str, Any] | None = None,
) -> tuple[ThreadState, list[dict[str, Any]]]:
    """Apply transitions in order, each with its own revision, digest and log row."""
    state = ThreadState.objects.select_for_update().filter(thread=thread).first() or state_get(thread=thread)
    if not transitions and (entities is None or entities == state.entities):
        return state, []
    applied: list[dict[str, Any]] = []
    intent = state.intent or empty_state()
    for transition_type, patch in transitions:
        revision = state.revision + 1
        intent = reduce(intent, transition_type, patch, revision)
        state.revision = revision
        state.digest = digest(revision, intent)
        IntentTransition.objects.create(
            thread=thread,
            revision=revision,
            type=transition_type,
            patch=patch,
            message=message,
            at=now,
            digest=state.digest,
        )
        applied.append({"revision": revision, "type": transition_type, "patch": patch})
    state.intent = intent
    if entities is not None:
        state.entities = entities
    state.save()
    return state, applied


def state_replay(*, thread: Thread) -> tuple[int, dict[str, Any], str]:
    log = IntentTransition.objects.filter(thread=thread).order_by("revision").values_list("type", "patch")
    return replay(list(log))
