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

The stages are written once, as steps that yield each request for the model (``turn_steps``).
Two drivers run them: ``run_turn`` (in the caller's thread: tests, the evals, a WSGI worker;
the model call blocks) and ``arun_turn`` (the ASGI endpoints: the steps run in database
threads, the model is awaited on the event loop, and no thread waits for it).
The API and the evals call the entry functions at the bottom; tests call them directly.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Literal, cast

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction

import catalogue
from assistant.intent.confirmations import Verdict, confirmation_check
from assistant.models import PendingConfirmation
from assistant.providers.base import ModelError, ModelRequest, ModelResponse, Provider
from assistant.providers.registry import get_provider
from assistant.turn.context import Emit, Reply, TurnContext, _no_emit
from assistant.turn.exit import enforce_exit_invariant
from assistant.turn.gates import confirmation_gate, decide, fast_path_gate, previous_assistant_message
from assistant.turn.load import load_turn, thread_get
from assistant.turn.lock import POLL_SECONDS, ThreadBusy, ThreadLock, thread_lock
from assistant.turn.model import model_failure_reply, model_steps
from assistant.turn.record import TurnOutcome, apply_intent, on_hold_note, record_turn
from assistant.turn.salvage import record_salvage
from assistant.turn.threads import give_connections_back, in_database_thread
from assistant.turn.tools import reply_for, run_code_tool
from scheduling.errors import NotFound, ValidationFailed
from scheduling.selectors import command_get, profile_get
from scheduling.text import clean_text, is_blank

logger = logging.getLogger(__name__)

InputKind = Literal["message", "button", "cancel", "scope"]


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


def run_turn(
    *, user: User, thread_id: int, turn_input: TurnInput, emit: Emit = _no_emit, provider: Provider | None = None
) -> TurnOutcome:
    """One turn, whatever the input; the reply is true by construction. The model call blocks
    this thread."""
    with thread_lock(thread_id):
        steps = turn_steps(user, thread_id, turn_input, emit, provider)
        answer: ModelResponse | None = None
        failure: Exception | None = None
        while True:
            try:
                request = _resume(steps, answer, failure)
            except StopIteration as done:
                return cast(TurnOutcome, done.value)
            give_connections_back()  # a pooled connection is not held while the model thinks
            try:
                answer, failure = (provider or get_provider()).complete(request), None
            except Exception as error:
                answer, failure = None, error


async def arun_turn(
    *, user: User, thread_id: int, turn_input: TurnInput, emit: Emit = _no_emit, provider: Provider | None = None
) -> TurnOutcome:
    """The same turn for the ASGI endpoints: the wait for the model holds no thread.

    The steps between two model calls run in one hop to a database thread each (the first also
    takes the thread lock, the last gives it back), and the model is awaited on the event loop
    in between: a turn with one model call makes two hops. While another message of the thread
    is being answered, the lock is tried again from the event loop, not waited for in a thread.
    """
    lock = thread_lock(thread_id)
    steps = turn_steps(user, thread_id, turn_input, emit, provider)
    deadline = time.monotonic() + lock.wait_seconds
    while True:
        taken, request, outcome = await in_database_thread(_begin, lock, steps)
        if taken:
            break
        if time.monotonic() > deadline:
            raise ThreadBusy(f"{lock.key} is busy")
        await asyncio.sleep(POLL_SECONDS)
    while outcome is None:
        assert request is not None
        answer: ModelResponse | None = None
        failure: Exception | None = None
        try:
            answer = await (provider or get_provider()).acomplete(request)
        except Exception as error:
            failure = error
        except BaseException:  # cancelled while the model thinks: end the steps, free the thread
            await in_database_thread(_abandon, lock, steps)
            raise
        request, outcome = await in_database_thread(_advance, lock, steps, answer, failure)
    return outcome


def _begin(lock: ThreadLock, steps: TurnSteps) -> tuple[bool, ModelRequest | None, TurnOutcome | None]:
    if not lock.try_acquire():
        return False, None, None
    return (True, *_advance(lock, steps, None, None))


def _advance(
    lock: ThreadLock, steps: TurnSteps, answer: ModelResponse | None, failure: Exception | None
) -> tuple[ModelRequest | None, TurnOutcome | None]:
    """Run the steps up to the next model call (its request) or to the end (the outcome, and the
    lock given back)."""
    try:
        request = _resume(steps, answer, failure)
    except StopIteration as done:
        lock.release()
        return None, cast(TurnOutcome, done.value)
    except BaseException:
        lock.release()
        raise
    return request, None


def _resume(steps: TurnSteps, answer: ModelResponse | None, failure: Exception | None) -> ModelRequest:
    """The steps up to their next request: started, sent the model's answer, or its error thrown in."""
    if failure is not None:
        return steps.throw(failure)
    return next(steps) if answer is None else steps.send(answer)


def _abandon(lock: ThreadLock, steps: TurnSteps) -> None:
    try:
        steps.close()
    finally:
        lock.release()


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
