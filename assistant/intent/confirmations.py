"""Confirmations bound to the intent: a "yes" executes only the exact action it was asked for,
under the exact state it was asked in.

Checking a confirmation gives exactly one verdict:
    current                 the same revision, the same state digest, the same action: execute
    stale_or_mismatch       the state moved on (a revise or switch), the action differs, the
                            confirmation expired or was already used: ask again
    reject_state_promotion  the "yes" comes from history (the archive, memory, another session
                            segment), not from this conversation now: never executes
"""

from __future__ import annotations

import datetime
from enum import StrEnum

from django.conf import settings

from assistant.intent.reducer import action_digest
from assistant.intent.state import GoalStatus, JSONObject
from assistant.models import ConfirmationStatus, PendingConfirmation, Thread, ThreadState


class Verdict(StrEnum):
    CURRENT = "current"
    STALE_OR_MISMATCH = "stale_or_mismatch"
    REJECT_STATE_PROMOTION = "reject_state_promotion"


class Evidence(StrEnum):
    LIVE = "live"  # typed now, right after the question, or a button on the question's card
    ARCHIVE = "archive"
    MEMORY = "memory"
    OTHER_SEGMENT = "other_segment"


def confirmation_create(
    *, thread: Thread, state: ThreadState, kind: str, action: JSONObject, now: datetime.datetime
) -> PendingConfirmation:
    # A new question replaces any older one in this thread: only the newest can be answered.
    PendingConfirmation.objects.filter(thread=thread, status=ConfirmationStatus.PENDING).update(
        status=ConfirmationStatus.STALE, decided_at=now
    )
    return PendingConfirmation.objects.create(
        thread=thread,
        owner=thread.owner,
        kind=kind,
        action=action,
        action_digest=action_digest(action),
        intent_revision=state.revision,
        state_digest=state.digest,
        created_at=now,
        expires_at=now + datetime.timedelta(minutes=settings.CONFIRMATION_TTL_MINUTES),
    )


def confirmation_check(
    confirmation: PendingConfirmation,
    state: ThreadState,
    *,
    now: datetime.datetime,
    evidence: Evidence = Evidence.LIVE,
    presented_action_digest: str | None = None,
    presented_state_digest: str | None = None,
) -> Verdict:
    if evidence != Evidence.LIVE:
        return Verdict.REJECT_STATE_PROMOTION
    if confirmation.status != ConfirmationStatus.PENDING or confirmation.expires_at <= now:
        return Verdict.STALE_OR_MISMATCH
    if confirmation.thread_id != state.thread_id:
        return Verdict.STALE_OR_MISMATCH
    if confirmation.intent_revision != state.revision or confirmation.state_digest != state.digest:
        return Verdict.STALE_OR_MISMATCH
    if confirmation.action_digest != action_digest(confirmation.action):
        return Verdict.STALE_OR_MISMATCH  # the stored action was altered after it was bound
    if presented_action_digest is not None and presented_action_digest != confirmation.action_digest:
        return Verdict.STALE_OR_MISMATCH
    if presented_state_digest is not None and presented_state_digest != state.digest:
        return Verdict.STALE_OR_MISMATCH
    return Verdict.CURRENT


def goal_done_check(state: ThreadState, *, goal_id: str, checked_at_revision: int) -> Verdict:
    """Is "goal X is done", established at some revision, still true now?

    A revise or switch after the check makes the claim stale: the done-ness of an earlier
    version of the goal says nothing about the current one.
    """
    intent = state.intent_state
    if intent.goal is not None and intent.goal.id == goal_id:
        done = intent.goal.status == GoalStatus.DONE
    else:
        done = any(goal.id == goal_id and goal.status == GoalStatus.DONE for goal in intent.completed)
    if not done or checked_at_revision != state.revision:
        return Verdict.STALE_OR_MISMATCH
    return Verdict.CURRENT
