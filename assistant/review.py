"""Reviewing turns: which flags need a person, what each flag means, and the verdicts kept on them.

Flags are matched by family (a prefix), so a new ``model_error_*`` or ``unverified_*`` kind joins
the queue without a change here.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet

from assistant.models import TurnReview, TurnTrace


@dataclass(frozen=True)
class FlagFamily:
    key: str
    prefix: str
    label: str
    meaning: str
    # Families that put a turn in the review queue; the others are informative only.
    needs_review: bool = True


FLAG_FAMILIES: tuple[FlagFamily, ...] = (
    FlagFamily(
        "unverified_schedule_fact",
        "unverified_schedule_fact",
        "schedule fact without a query",
        "The reply stated what is on the calendar without querying it this turn; it was answered by a query.",
    ),
    FlagFamily(
        "unverified",
        "unverified_",
        "unverified claim",
        "The reply claimed a write that did not persist this turn; it was replaced by an honest answer.",
    ),
    FlagFamily(
        "prompt_too_long",
        "model_error_prompt_too_long",
        "request too long for the model's window",
        "Even with no recent turns and no summary the request did not fit the model server's context window; "
        "it was not sent and the person was told. Give the server a larger window (README).",
    ),
    FlagFamily(
        "prompt_truncated",
        "prompt_truncated_by_server",
        "request cut by the server",
        "The model server reported far fewer prompt tokens than were sent: it cut the request (Ollama cuts from "
        "the front: the system prompt and the tools). The reply said the model could not see all of it.",
    ),
    FlagFamily(
        "model_error",
        "model_error_",
        "model error",
        "The model call failed (timeout, rate limit, server error or an unusable answer); the person was told.",
    ),
    FlagFamily(
        "internal_error",
        "internal_error",
        "internal error",
        "A bug broke the turn; the message was kept, nothing of the turn was recorded as done.",
    ),
    FlagFamily(
        "malformed_tool_arguments",
        "malformed_tool_arguments",
        "malformed tool arguments",
        "The model sent tool arguments that were not valid JSON or did not fit the schema.",
    ),
    FlagFamily(
        "needs_confirmation",
        "needs_confirmation",
        "needs confirmation",
        "A write whose values came from data rather than the person's words was turned into a card.",
    ),
    FlagFamily(
        "untrusted_source",
        "untrusted_source",
        "untrusted source",
        "The turn read archive, memory or imported data before a write; the write had to be confirmed.",
    ),
    FlagFamily(
        "unasked",
        "unasked",
        "unasked write",
        "The values were the person's, but nothing they said asked for the write (a yes or ok with nothing "
        "open); the write had to be confirmed.",
        needs_review=False,
    ),
    FlagFamily(
        "stale_quick_reply",
        "stale_quick_reply",
        "stale quick reply",
        "A quick-reply button of a request that was no longer open was pressed; nothing was changed.",
        needs_review=False,
    ),
    FlagFamily(
        "stale_confirmation",
        "stale_confirmation",
        "stale confirmation",
        "A yes / no answered a question that was no longer current; nothing was done.",
        needs_review=False,
    ),
    FlagFamily(
        "tool_hops_exhausted",
        "tool_hops_exhausted",
        "tool hops exhausted",
        "The model kept calling read tools past the per-turn limit.",
        needs_review=False,
    ),
    FlagFamily(
        "intent_rejected",
        "intent_rejected",
        "intent rejected",
        "The reducer refused a proposed intent transition.",
        needs_review=False,
    ),
    FlagFamily(
        "intent_state_moved",
        "intent_state_moved",
        "intent state moved",
        "The intent changed under the turn (another message); its transitions were derived again.",
        needs_review=False,
    ),
    FlagFamily(
        "fast_path_invalid_expression",
        "fast_path_invalid_expression",
        "fast path: invalid date",
        "The fast path read a date expression that did not resolve; it declined.",
        needs_review=False,
    ),
    FlagFamily(
        "prompt_shrunk_to_window",
        "prompt_shrunk_to_window",
        "request shrunk to the window",
        "Fewer recent turns and a shorter summary were sent, to fit the model server's context window.",
        needs_review=False,
    ),
    FlagFamily(
        "extra_tool_calls_ignored",
        "extra_tool_calls_ignored",
        "extra tool calls ignored",
        "The model asked for several tools at once; only the first ran.",
        needs_review=False,
    ),
)
REVIEW_FAMILIES = tuple(family for family in FLAG_FAMILIES if family.needs_review)


def flag_family(flag: str) -> FlagFamily | None:
    # Most specific prefix first: "unverified_schedule_fact" before "unverified_".
    return next((family for family in FLAG_FAMILIES if flag.startswith(family.prefix)), None)


def flag_explained(flag: str) -> dict[str, str | bool]:
    family = flag_family(flag)
    return {
        "flag": flag,
        "label": family.label if family else flag.replace("_", " "),
        "meaning": family.meaning if family else "A flag this page does not describe yet.",
        "needs_review": bool(family and family.needs_review),
    }


def _family_match(family: FlagFamily) -> Q:
    # Flags are a short JSON list of plain words; a text match on the prefix works on SQLite and
    # PostgreSQL alike. The prefixes are specific enough not to meet inside another flag.
    return Q(flags__icontains=family.prefix)


def flagged_turn_list(
    *, family: str | None = None, person_id: int | None = None, state: str | None = None
) -> QuerySet[TurnTrace]:
    """Turns with a flag that needs a person, newest first; filtered by family, person, review state."""
    families = [item for item in REVIEW_FAMILIES if family in (None, "", item.key)]
    if not families:
        return TurnTrace.objects.none()
    return _by_person_and_state(_turns_matching(_any_family(families)), person_id=person_id, state=state)


NO_REVIEW_FLAG = "none"


def _any_family(families: Iterable[FlagFamily]) -> Q:
    match = Q()
    for item in families:
        match |= _family_match(item)
    return match


def _turns_matching(match: Q) -> QuerySet[TurnTrace]:
    """The turns ``match`` finds, newest first, with what the queue and the pages show of them."""
    return (
        TurnTrace.objects.filter(match)
        .select_related("thread__owner", "user_message", "assistant_message", "review__reviewer")
        .order_by("-created_at", "-id")
    )


def _by_person_and_state(
    traces: QuerySet[TurnTrace], *, person_id: int | None, state: str | None
) -> QuerySet[TurnTrace]:
    """``state`` is "open" (no verdict yet) or a verdict; anything else does not filter."""
    if person_id is not None:
        traces = traces.filter(thread__owner_id=person_id)
    if state == "open":
        traces = traces.filter(review__isnull=True)
    elif state in TurnReview.Verdict.values:
        traces = traces.filter(review__verdict=state)
    return traces


def review_turn_list(
    *, family: str | None = None, person_id: int | None = None, state: str | None = None
) -> QuerySet[TurnTrace]:
    """The review queue: every turn with a review state, newest first. A turn is in it when a flag
    needs a person (not reviewed yet: "open") or when a person gave it a verdict, flagged or not
    (a turn marked "needs a fix" from its own page is found again here).

    ``family`` is a flag family's key, or "none" for turns without a flag that needs review.
    """
    needs = _any_family(REVIEW_FAMILIES)
    traces = _turns_matching(needs | Q(review__isnull=False))
    if family == NO_REVIEW_FLAG:
        traces = traces.exclude(needs)
    elif family:
        chosen = next((item for item in REVIEW_FAMILIES if item.key == family), None)
        if chosen is None:
            return TurnTrace.objects.none()
        traces = traces.filter(_family_match(chosen))
    return _by_person_and_state(traces, person_id=person_id, state=state)


def review_queue_count() -> int:
    """Flagged turns nobody has looked at yet: the figure on the admin index."""
    return flagged_turn_list(state="open").count()


def review_queue_counts() -> dict[str, int]:
    """The admin index's figures: turns waiting for a first look, and turns marked "needs a fix"."""
    return {
        "open": review_queue_count(),
        TurnReview.Verdict.NEEDS_FIX.value: TurnReview.objects.filter(verdict=TurnReview.Verdict.NEEDS_FIX).count(),
    }


def turn_review_set(*, trace: TurnTrace, verdict: str, note: str, reviewer: User, now: datetime.datetime) -> TurnReview:
    """Record (or replace) the verdict on a turn; the latest reviewer and time are kept."""
    if verdict not in TurnReview.Verdict.values:
        raise ValueError(f"unknown verdict {verdict!r}")
    review, _created = TurnReview.objects.update_or_create(
        trace=trace,
        defaults={"verdict": verdict, "note": note.strip()[:2000], "reviewer": reviewer, "reviewed_at": now},
    )
    return review
