"""Stage 6, record: after the exit check, so what is recorded is what the person sees. Apply the
turn's intent transitions (the exit's own query among its acts) with the entities and the talk
(the open question, the writes) at the new revision; bind any confirmation to that state; archive
the reply with the server's clock; write one trace row; queue the slow work."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

import catalogue
from assistant.intent.confirmations import confirmation_create
from assistant.intent.derive import derive
from assistant.intent.reducer import TransitionRejected
from assistant.intent.state import JSONObject, Switch, Transition
from assistant.intent.store import StateMoved, state_apply
from assistant.intent.talk import Talk, Write
from assistant.models import Message, Role, ThreadState, TurnTrace
from assistant.tasks import after_turn
from assistant.turn.cards import ConfirmationCard, PendingCard
from assistant.turn.context import Reply, ToolCallRecord, TurnContext, tool_calls_json
from assistant.turn.gates import moved_on
from assistant.turn.load import message_archive
from assistant.turn.tools import GOAL_ENDING, RECEIPT_CLAIMS
from scheduling.models import OPEN_STATUSES, ScheduleCommand

THREAD_TITLE_CHARS = 60
logger = logging.getLogger(__name__)


@dataclass
class TurnOutcome:
    user_message: Message
    assistant_message: Message
    trace: TurnTrace
    state: ThreadState
    tool_calls: list[ToolCallRecord]

    @property
    def reply(self) -> str:
        return self.assistant_message.text


def _is_command_open(command_id: str) -> bool:
    return ScheduleCommand.objects.filter(id=command_id, status__in=list(OPEN_STATUSES)).exists()


@dataclass(frozen=True)
class AppliedIntent:
    """The transitions a turn applied, typed, and their log entries (the trace's JSON)."""

    transitions: tuple[Transition, ...] = ()
    log: tuple[JSONObject, ...] = ()


def apply_intent(context: TurnContext, reply: Reply) -> AppliedIntent:
    """The turn's transitions, applied with what the person saw; ``context.state`` is the new state."""
    context.state, applied = _apply_intent(context, reply)
    return applied


def talk_after(context: TurnContext, reply: Reply) -> Talk:
    """The talk as the next turn reads it: this turn's kept writes, and the question now open."""
    talk = context.state.talk_state.wrote(
        Write(kind, call.event.title.lower() if call.event else "", context.user_message.id)
        for call in context.tool_calls
        if call.counts and (kind := _write_kind(call)) is not None
    )
    if any(call.counts and call.status in GOAL_ENDING for call in context.tool_calls):
        talk = talk.finished(context.user_message.id)
    if isinstance(reply.card, PendingCard):
        return talk.asked(reply.card.command_id)
    return talk.answered(moved_on=moved_on(context))


def talk_salvage(context: TurnContext, reply: Reply) -> None:
    """After a failed record: the writes that did commit still back "I added it earlier" next turn."""
    try:
        with transaction.atomic():
            talk = talk_after(context, reply).to_json()
            ThreadState.objects.filter(pk=context.state.pk).update(talk=talk)
    except Exception:
        logger.exception("the talk of a salvaged turn could not be written in thread %s", context.thread.id)


def _write_kind(call: ToolCallRecord) -> str | None:
    return next((kind for status, kind in RECEIPT_CLAIMS.items() if status.value == call.status), None)


def _apply_intent(context: TurnContext, reply: Reply) -> tuple[ThreadState, AppliedIntent]:
    """Derive and apply this turn's transitions; never lose the reply over the intent log.

    The thread lock makes a moved state (another turn in between) all but impossible; if it
    happens, the transitions are derived again against the state as it is now. A transition
    the reducer rejects is flagged, and the turn keeps its reply.
    """
    for base in (context.state, None):
        if base is None:
            context.state = ThreadState.objects.select_for_update().get(pk=context.state.pk)
        transitions = derive(context.state.intent_state, context.state.revision, context.acts, _is_command_open)
        try:
            state, log = state_apply(
                thread=context.thread,
                transitions=transitions,
                message=context.user_message,
                now=context.now,
                entities=context.entities.to_json(),
                talk=talk_after(context, reply).to_json(),
                base=context.state,
            )
            return state, AppliedIntent(tuple(transitions), tuple(log)) if log else AppliedIntent()
        except StateMoved:
            context.flags.append("intent_state_moved")
        except TransitionRejected as error:
            logger.warning("intent transition rejected in thread %s: %s", context.thread.id, error)
            context.flags.append("intent_rejected")
            return context.state, AppliedIntent()
    return context.state, AppliedIntent()


def on_hold_note(context: TurnContext, applied: AppliedIntent) -> str:
    """When a fourth task pushed the oldest one off the stack, say so and name what is on hold."""
    state = context.state
    evicted = [t.evict for t in applied.transitions if isinstance(t, Switch) and t.evict]
    if not evicted:
        return ""
    dropped = [g.title or g.kind for g in state.intent_state.completed if g.id in evicted]
    on_hold = [task.goal.title or task.goal.kind for task in state.intent_state.suspended]
    language = context.language

    def named(titles: list[str]) -> str:
        return catalogue.text("list_comma", language).join(
            catalogue.text("task_named", language, title=t) for t in titles
        )

    return catalogue.text("tasks_evicted", language, dropped=named(dropped), on_hold=named(on_hold))


def record_turn(context: TurnContext, reply: Reply, applied: AppliedIntent) -> TurnOutcome:
    """Archive the reply, bind its question, write the trace; the caller holds the transaction."""
    state = context.state

    marker = None
    confirmation = None
    card = reply.card
    if reply.confirmation is not None:
        confirmation = confirmation_create(
            thread=context.thread,
            state=state,
            kind=reply.confirmation.kind,
            action=reply.confirmation.action,
            now=context.now,
        )
        marker = {"kind": confirmation.kind, "confirmation_id": str(confirmation.id), "revision": state.revision}
        card = ConfirmationCard(
            kind=confirmation.kind,
            confirmation_id=str(confirmation.id),
            action_digest=confirmation.action_digest,
            expires_at=confirmation.expires_at.isoformat(),
            event=reply.confirmation.event,
        )

    flags = list(dict.fromkeys([*context.flags, *reply.flags]))
    answered_at = max(timezone.now(), context.user_message.created_at)
    assistant_message = message_archive(
        thread=context.thread,
        role=Role.ASSISTANT,
        text=reply.text,
        now=answered_at,
        marker=marker,
        card=card.to_json() if card is not None else None,
        flags=flags,
    )
    if confirmation is not None:
        confirmation.message = assistant_message
        confirmation.save(update_fields=["message"])
    thread = context.thread
    thread.last_activity_at = answered_at
    update = ["last_activity_at"]
    if not thread.title:
        thread.title = " ".join(context.text.split())[:THREAD_TITLE_CHARS]
        update.append("title")
    thread.save(update_fields=update)

    timings = context.timings
    timings.response_complete_ms = context.elapsed_ms()
    trace = TurnTrace.objects.create(
        thread=thread,
        user_message=context.user_message,
        assistant_message=assistant_message,
        route=context.route,
        provider=context.provider_name,
        model_name=context.model_name,
        model_calls=context.model_calls,
        tool_calls=tool_calls_json(context.tool_calls),
        flags=flags,
        transitions=list(applied.log),
        intent_revision=state.revision,
        prompt_tokens=context.usage.prompt_tokens,
        completion_tokens=context.usage.completion_tokens,
        cached_tokens=context.usage.cached_tokens,
        archive_ms=timings.archive_ms,
        prompt_build_ms=timings.prompt_build_ms,
        llm_ttft_ms=timings.llm_ttft_ms,
        llm_tool_complete_ms=timings.llm_tool_complete_ms,
        tool_execute_ms=timings.tool_execute_ms,
        response_complete_ms=timings.response_complete_ms,
        model_ms=timings.model_ms,
        error=context.error,
        created_at=answered_at,
    )
    # Robust: what runs after the commit must never turn the saved turn into a failed one.
    transaction.on_commit(lambda: after_turn(thread_id=thread.id, message_id=context.user_message.id), robust=True)
    return TurnOutcome(context.user_message, assistant_message, trace, state, list(context.tool_calls))
