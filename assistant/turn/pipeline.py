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

Two drivers run the same stages: ``run_turn`` (in the caller's thread: tests, the evals, a WSGI
worker) and ``arun_turn`` (the ASGI endpoints: the model is awaited, no thread waits for it).
The API and the evals call the entry functions at the bottom; tests call them directly.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Literal, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import close_old_connections, transaction

import catalogue
from assistant.intent.confirmations import Verdict, confirmation_check
from assistant.models import PendingConfirmation
from assistant.providers.base import ModelError, Provider
from assistant.providers.registry import get_provider
from assistant.turn.context import Emit, Reply, TurnContext, _no_emit
from assistant.turn.exit import enforce_exit_invariant
from assistant.turn.gates import confirmation_gate, decide, fast_path_gate, previous_assistant_message
from assistant.turn.load import load_turn, thread_get
from assistant.turn.lock import thread_lock
from assistant.turn.model import amodel_turn, model_failure_reply, model_turn
from assistant.turn.record import TurnOutcome, apply_intent, on_hold_note, record_turn
from assistant.turn.salvage import record_salvage
from assistant.turn.tools import reply_for, run_code_tool
from scheduling.errors import NotFound, ValidationFailed
from scheduling.selectors import command_get, profile_get
from scheduling.text import clean_text, is_blank

logger = logging.getLogger(__name__)

InputKind = Literal["message", "button", "cancel", "scope"]
T = TypeVar("T")


@dataclass(frozen=True)
class TurnInput:
    """What arrived: the text the archive shows for it, and what a button carries."""

    kind: InputKind
    text: str
    answer: str | None = None  # a confirmation button: "yes" or "no"
    confirmation: PendingConfirmation | None = None
    action_digest: str | None = None
    command_id: str | None = None  # the Cancel button's stub
    quick_reply_for: str | None = None  # the stub a tapped quick reply belongs to
    scope: str | None = None  # a which-ones button: "this", "following" or "all"
    scope_message_id: int | None = None  # ... on the card of this assistant message


def clean_message(text: object) -> str:
    if not isinstance(text, str):
        raise ValidationFailed("a message must be text")
    # NUL, lone surrogates, bidi controls go; a message of invisible characters only is empty.
    cleaned = clean_text(text)
    if is_blank(cleaned):
        raise ValidationFailed("a message cannot be empty")
    if len(cleaned) > settings.MAX_MESSAGE_CHARS:
        raise ValidationFailed(
            f"a message is at most {settings.MAX_MESSAGE_CHARS} characters", {"limit": settings.MAX_MESSAGE_CHARS}
        )
    return cleaned


def run_turn(
    *, user: User, thread_id: int, turn_input: TurnInput, emit: Emit = _no_emit, provider: Provider | None = None
) -> TurnOutcome:
    """One turn, whatever the input; the reply is true by construction."""
    with thread_lock(thread_id):
        context, reply = _load_and_gate(user, thread_id, turn_input, emit)
        if reply is None:
            reply = model(context, provider)
        return _finish(context, reply)


async def arun_turn(
    *, user: User, thread_id: int, turn_input: TurnInput, emit: Emit = _no_emit, provider: Provider | None = None
) -> TurnOutcome:
    """The same turn for the ASGI endpoints: the wait for the model holds no thread.

    The database stages run in a worker thread and return their connection before the model is
    awaited; only the model call (and the tool calls it makes, briefly, in a thread) happen in
    between. The thread lock is held across all of it, as in ``run_turn``.
    """
    lock = thread_lock(thread_id)
    # Taking the lock rides with the first stage and giving it back with the last: two hops
    # into a worker thread fewer per turn, the same order of steps.
    context, reply = await _db(_lock_load_and_gate)(lock, user, thread_id, turn_input, emit)
    try:
        if reply is None:
            reply = await amodel(context, provider)
    except BaseException:
        await _db(lock.__exit__)(None, None, None)
        raise
    return await _db(_finish_and_unlock)(lock, context, reply)


def _db(function: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """Run a database stage off the event loop and give its connection back when it is done."""

    def stage(*args: object) -> T:
        try:
            return function(*args)
        finally:
            close_old_connections()

    return sync_to_async(stage, thread_sensitive=False)


def _lock_load_and_gate(
    lock: AbstractContextManager[None], user: User, thread_id: int, turn_input: TurnInput, emit: Emit
) -> tuple[TurnContext, Reply | None]:
    lock.__enter__()
    try:
        return _load_and_gate(user, thread_id, turn_input, emit)
    except BaseException:
        lock.__exit__(None, None, None)
        raise


def _finish_and_unlock(lock: AbstractContextManager[None], context: TurnContext, reply: Reply) -> TurnOutcome:
    try:
        return _finish(context, reply)
    finally:
        lock.__exit__(None, None, None)


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


async def amodel(context: TurnContext, provider: Provider | None) -> Reply:
    """Stage 3 for the async driver: the model call is awaited on the event loop (no thread waits
    for it); the request building and each tool step run briefly in a worker thread."""
    try:
        return await amodel_turn(context, provider or get_provider())
    except Exception as error:
        return _model_failed(context, error)


def model(context: TurnContext, provider: Provider | None) -> Reply:
    """Stage 3: the model proposes; each tool call it makes runs in its own transaction."""
    try:
        return model_turn(context, provider or get_provider())
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


# --- entry points ---------------------------------------------------------------------------


def handle_message(
    *,
    user: User,
    thread_id: int,
    text: str,
    emit: Emit = _no_emit,
    provider: Provider | None = None,
    quick_reply_for: str | None = None,
) -> TurnOutcome:
    """A typed message (or a tapped quick reply, naming its request) in one of the person's threads."""
    turn_input = _message_input(thread_id, text, quick_reply_for)
    return run_turn(user=user, thread_id=thread_id, turn_input=turn_input, emit=emit, provider=provider)


async def ahandle_message(
    *,
    user: User,
    thread_id: int,
    text: str,
    emit: Emit = _no_emit,
    provider: Provider | None = None,
    quick_reply_for: str | None = None,
) -> TurnOutcome:
    """``handle_message`` for the async endpoints."""
    turn_input = _message_input(thread_id, text, quick_reply_for)
    return await arun_turn(user=user, thread_id=thread_id, turn_input=turn_input, emit=emit, provider=provider)


def _message_input(thread_id: object, text: str, quick_reply_for: str | None) -> TurnInput:
    if not isinstance(thread_id, int):
        raise NotFound("thread not found", {"thread_id": thread_id})
    return TurnInput("message", clean_message(text), quick_reply_for=quick_reply_for)


def handle_confirmation(
    *, user: User, confirmation_id: str, decision: str, action_digest: str, emit: Emit = _no_emit
) -> TurnOutcome:
    """A Confirm / Keep button on a confirmation card."""
    confirmation = _confirmation_get(user=user, confirmation_id=confirmation_id)
    answer = "yes" if decision == "confirm" else "no"
    turn_input = TurnInput(
        "button", _button_text(user, answer), answer=answer, confirmation=confirmation, action_digest=action_digest
    )
    return run_turn(user=user, thread_id=confirmation.thread_id, turn_input=turn_input, emit=emit)


def handle_command_cancel(*, user: User, command_id: str, emit: Emit = _no_emit) -> TurnOutcome:
    """The Cancel button on a pending-command card."""
    command = command_get(owner=user, command_id=command_id)
    if command.thread_id is None:
        raise NotFound("command not found", {"command_id": command_id})
    turn_input = TurnInput("cancel", _button_text(user, "cancel"), command_id=str(command.id))
    return run_turn(user=user, thread_id=command.thread_id, turn_input=turn_input, emit=emit)


def handle_scope_choice(
    *, user: User, thread_id: int, message_id: int, scope: str, emit: Emit = _no_emit
) -> TurnOutcome:
    """A which-ones button (this one / following / all) on a repeating event's card."""
    if scope not in SCOPES:
        raise ValidationFailed("scope is this, following or all")
    turn_input = TurnInput("scope", _button_text(user, scope), scope=scope, scope_message_id=message_id)
    return run_turn(user=user, thread_id=thread_id, turn_input=turn_input, emit=emit)


SCOPES = ("this", "following", "all")


def _confirmation_get(*, user: User, confirmation_id: str) -> PendingConfirmation:
    try:
        return PendingConfirmation.objects.select_related("thread").get(id=confirmation_id, owner=user)
    except (PendingConfirmation.DoesNotExist, ValueError, DjangoValidationError):
        raise NotFound("confirmation not found", {"confirmation_id": confirmation_id}) from None


def _button_text(user: User, answer: str) -> str:
    # The words on the button itself, so the thread shows what was pressed.
    labels = {"yes": "confirm", "no": "keep", "cancel": "card_cancel"} | {scope: f"scope_{scope}" for scope in SCOPES}
    return catalogue.text(labels[answer], profile_get(user=user).language)
