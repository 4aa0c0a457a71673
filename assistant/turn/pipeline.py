"""The turn. Every input — a typed message, a card's button, a pending card's Cancel — runs
through the same stages, in this order, under one lock, one transaction policy and one error
policy::

    lock the thread
    1. load      archive the person's message (server clock); read state, active stub, zone
    2. gates     a button, a cancel, a short "yes" bound to a live question, or a slot patch the
                 reader can take whole -> a tool call through the registry, zero model calls
    3. model     otherwise one model call (+ bounded intermediate hops); a proposed write whose
                 values do not come from the person is held as a confirmation card (authority)
    4. intent    derive and apply this turn's transitions (revision, digest, the on-hold note)
    5. exit      the invariant: no claim of a write that did not persist; no calendar fact
                 without a query — the last stage that may touch the reply
    6. record    archive the reply, bind its confirmation, write the trace, queue slow work

Transactions: the gates (2) run in one transaction; each tool call the model proposes runs in
its own; intent, exit and record (4-6) run in one. A failure in any of them rolls that
transaction back, forgets its work (nothing rolled back is reported as done) and answers
honestly; the person's message is archived first and always gets a reply.

The stages are written once, as steps that yield each request for the model (``turn_steps``);
``drivers.py`` runs them, blocking or on the event loop, and ``inputs.py`` makes what arrives
into a turn.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Generator

from django.contrib.auth.models import User
from django.db import transaction

import catalogue
from assistant.intent.confirmations import Verdict, confirmation_check
from assistant.models import PendingConfirmation
from assistant.providers.base import ModelError, ModelRequest, ModelResponse, Provider
from assistant.providers.registry import get_provider
from assistant.turn.context import Emit, Reply, TurnContext, TurnInput
from assistant.turn.exit import enforce_exit_invariant
from assistant.turn.gates import confirmation_gate, decide, fast_path_gate, previous_assistant_message
from assistant.turn.load import load_turn, thread_get
from assistant.turn.model import model_failure_reply, model_steps
from assistant.turn.record import TurnOutcome, apply_intent, on_hold_note, record_turn
from assistant.turn.salvage import record_salvage
from assistant.turn.tools import reply_for, run_code_tool

logger = logging.getLogger(__name__)

TurnSteps = Generator[ModelRequest, ModelResponse, TurnOutcome]


def turn_steps(
    user: User, thread_id: int, turn_input: TurnInput, emit: Emit, provider: Provider | None
) -> TurnSteps:
    """Stages 1-6 as steps, under the thread lock the driver holds: each ``yield`` is a request
    for the model, and the driver sends its answer back in (or throws its error in)."""
    context, reply = _load_and_gate(user, thread_id, turn_input, emit)
    if reply is None:
        reply = yield from model(context, provider)
    return _finish(context, reply)


def _load_and_gate(user: User, thread_id: int, turn_input: TurnInput, emit: Emit) -> tuple[TurnContext, Reply | None]:
    """Stages 1 and 2, under the lock."""
    # Read under the lock, with its state: a message that waited sees the previous turn's.
    thread = thread_get(owner=user, thread_id=thread_id, with_state=True)
    context = load_turn(user=user, thread=thread, text=turn_input.text, emit=emit)
    return context, _in_transaction(context, lambda: gates(context, turn_input))


def gates(context: TurnContext, turn_input: TurnInput) -> Reply | None:
    """Stage 2: what stored state alone decides, with no model call."""
    if turn_input.kind == "button":
        assert turn_input.confirmation is not None and turn_input.answer is not None
        return _button(context, turn_input.confirmation, turn_input.answer, turn_input.action_digest)
    if turn_input.kind == "cancel":
        assert turn_input.command_id is not None
        return _cancel_button(context, turn_input.command_id)
    if turn_input.kind == "scope":
        assert turn_input.scope is not None and turn_input.scope_message_id is not None
        return _scope_button(context, turn_input.scope_message_id, turn_input.scope)
    active = context.active_command
    if turn_input.quick_reply_for is not None and (active is None or str(active.id) != turn_input.quick_reply_for):
        # Once that request is no longer the open one, its choice must not fill in another.
        return _stale_quick_reply(context)
    return confirmation_gate(context) or fast_path_gate(context)


def _stale_quick_reply(context: TurnContext) -> Reply:
    context.route = "fast_path"
    context.flags.append("stale_quick_reply")
    return Reply(catalogue.text("stale_quick_reply", context.language), claims=frozenset())


def model(context: TurnContext, provider: Provider | None) -> Generator[ModelRequest, ModelResponse, Reply]:
    """Stage 3: the model proposes; each tool call it makes runs in its own transaction."""
    try:
        return (yield from model_steps(context, provider or get_provider()))
    except Exception as error:
        return _model_failed(context, error)


def _model_failed(context: TurnContext, error: Exception) -> Reply:
    if isinstance(error, ModelError):
        logger.warning("model failure in thread %s: %s", context.thread.id, error)
        return model_failure_reply(context, error)
    # A bug must not lose the message or claim anything: the message is archived already,
    # the exit invariant still checks the reply, and the trace keeps the error.
    logger.exception("turn failed in thread %s", context.thread.id, exc_info=error)
    return _internal_error(context)


def _finish(context: TurnContext, reply: Reply) -> TurnOutcome:
    """Stages 4-6 in one transaction; if that fails, the message still gets an honest reply.

    The salvage stores the reply the exit check passed (checked now if the failure came before
    it; an apology that claims and denies nothing if even that fails: a tool call may have
    committed already).
    """
    checked: Reply | None = None
    try:
        with transaction.atomic():
            applied = apply_intent(context)
            reply.text += on_hold_note(context, applied)
            checked = enforce_exit_invariant(context, reply)  # nothing edits the reply after this
            return record_turn(context, checked, applied)
    except Exception as error:
        logger.exception("recording the turn failed in thread %s", context.thread.id)
        if checked is None:
            try:
                checked = enforce_exit_invariant(context, reply)
            except Exception:
                checked = _internal_error(context)
        message, trace = record_salvage(context, checked, error)
        return TurnOutcome(context.user_message, message, trace, context.state)


def _in_transaction(context: TurnContext, stage: Callable[[], Reply | None]) -> Reply | None:
    try:
        with transaction.atomic():
            return stage()
    except Exception:
        logger.exception("a stage failed in thread %s", context.thread.id)
        context.forget_work()  # rolled back: nothing of it may be recorded as done
        return _internal_error(context)


def _internal_error(context: TurnContext) -> Reply:
    context.route = "error"
    context.error = "internal error"
    context.flags.append("internal_error")
    return Reply(catalogue.text("internal_error", context.language))


def _button(context: TurnContext, confirmation: PendingConfirmation, answer: str, digest: str | None) -> Reply:
    """A Confirm / Keep button: the same check as a typed answer, plus the presented digest."""
    context.route = "confirmation"
    confirmation.refresh_from_db()
    verdict = confirmation_check(confirmation, context.state, now=context.now, presented_action_digest=digest)
    previous = previous_assistant_message(context)
    if previous is None or previous.id != confirmation.message_id:
        # Like a typed "yes": the question must be the last thing the assistant said.
        verdict = Verdict.STALE_OR_MISMATCH
    context.tool_calls.append({"name": "confirmation_button", "answer": answer, "verdict": verdict.value})
    return decide(context, confirmation, answer, verdict)


def _cancel_button(context: TurnContext, command_id: str) -> Reply:
    """The Cancel button on a pending-command card: closes exactly that stub."""
    context.route = "fast_path"
    active = context.active_command is not None and str(context.active_command.id) == command_id
    # Cancelling the request the conversation is on ends its goal, as "cancel it" would.
    result = run_code_tool(
        context, "discard_command", {"command_id": command_id}, recorded_as="cancel_command", moves_intent=active
    )
    return reply_for(context, "cancel_command", result)


def _scope_button(context: TurnContext, message_id: int, scope: str) -> Reply:
    """Only this one / this and the following / all, on a repeating event's card: the question's
    tool call again with that scope. Like a typed answer, only while it is the last question."""
    context.route = "fast_path"
    previous = previous_assistant_message(context)
    card = previous.card if previous is not None and previous.id == message_id else None
    if not isinstance(card, dict) or card.get("type") != "scope_choice" or scope not in (card.get("choices") or ()):
        context.flags.append("stale_scope_choice")
        context.tool_calls.append({"name": "scope_button", "scope": scope, "verdict": "stale"})
        if context.language == "zh":
            return Reply("这个问题已经过去了，没有做任何更改。", claims=frozenset())
        return Reply("That question is no longer open; nothing was changed.", claims=frozenset())
    tool = str(card["tool"])
    result = run_code_tool(context, tool, {**card["arguments"], "scope": scope})
    return reply_for(context, tool, result)
