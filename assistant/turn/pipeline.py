"""The one entry point for a person's message: the HTTP API and the evals both call it.

load -> gates (confirmation, fast path) -> model (+ tools) -> exit invariant -> record
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction

from assistant.intent.confirmations import Verdict, confirmation_check
from assistant.models import PendingConfirmation
from assistant.providers.base import ModelError, Provider
from assistant.providers.registry import get_provider
from assistant.turn.context import Emit, Reply, TurnContext, _no_emit
from assistant.turn.exit import enforce_exit_invariant
from assistant.turn.gates import confirmation_gate, decide, fast_path_gate, previous_assistant_message
from assistant.turn.load import load_turn, thread_get
from assistant.turn.lock import thread_lock
from assistant.turn.model import model_failure_reply, model_turn
from assistant.turn.record import TurnOutcome, record_turn
from assistant.turn.tools import record_result, reply_for, tool_context
from scheduling.errors import NotFound, ValidationFailed
from scheduling.selectors import command_get, profile_get
from scheduling.text import clean_text, is_blank
from tools.handlers.schedule import cancel_command

logger = logging.getLogger(__name__)


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


def handle_message(
    *, user: User, thread_id: int, text: str, emit: Emit = _no_emit, provider: Provider | None = None
) -> TurnOutcome:
    """Answer one message in one of the person's threads; the reply is true by construction."""
    text = clean_message(text)
    if not isinstance(thread_id, int):
        raise NotFound("thread not found", {"thread_id": thread_id})
    with thread_lock(thread_id):
        # Read under the lock, with its state: a message that waited sees the previous turn's.
        thread = thread_get(owner=user, thread_id=thread_id, with_state=True)
        context = load_turn(user=user, thread=thread, text=text, emit=emit)
        try:
            # The gates decide from stored state alone, so what they write and the record of
            # the turn commit together, in one transaction.
            with transaction.atomic():
                reply = confirmation_gate(context) or fast_path_gate(context)
                if reply is not None:
                    return record_turn(context, enforce_exit_invariant(context, reply))
        except Exception:
            logger.exception("gate failed in thread %s", context.thread.id)
            context.forget_work()  # rolled back: nothing of it may be recorded as done
            return record_turn(context, enforce_exit_invariant(context, _internal_error(context)))
        reply = _respond(context, provider)
        return record_turn(context, enforce_exit_invariant(context, reply))


def _internal_error(context: TurnContext) -> Reply:
    context.route = "error"
    context.error = "internal error"
    context.flags.append("internal_error")
    zh = context.language == "zh"
    return Reply(
        "抱歉，出了点问题。你的消息已保存。" if zh else "Sorry, something went wrong on my side. Your message is saved."
    )


def _respond(context: TurnContext, provider: Provider | None) -> Reply:
    try:
        return model_turn(context, provider or get_provider())
    except ModelError as error:
        logger.warning("model failure in thread %s: %s", context.thread.id, error)
        return model_failure_reply(context, error)
    except Exception:
        # A bug must not lose the message or claim anything: the message is archived already,
        # the exit invariant still checks the reply, and the trace keeps the error.
        logger.exception("turn failed in thread %s", context.thread.id)
        return _internal_error(context)


def handle_confirmation(
    *, user: User, confirmation_id: str, decision: str, action_digest: str, emit: Emit = _no_emit
) -> TurnOutcome:
    """A Confirm / Keep button: the same check as a typed answer, plus the presented digest."""
    confirmation = _confirmation_get(user=user, confirmation_id=confirmation_id)
    thread = confirmation.thread
    answer = "yes" if decision == "confirm" else "no"
    with thread_lock(thread.id):
        context = load_turn(user=user, thread=thread, text=_button_text(user, answer), emit=emit)
        context.route = "confirmation"
        confirmation.refresh_from_db()
        verdict = confirmation_check(
            confirmation, context.state, now=context.now, presented_action_digest=action_digest
        )
        previous = previous_assistant_message(context)
        if previous is None or previous.id != confirmation.message_id:
            # Like a typed "yes": the question must be the last thing the assistant said.
            verdict = Verdict.STALE_OR_MISMATCH
        context.tool_calls.append({"name": "confirmation_button", "answer": answer, "verdict": verdict.value})
        reply = enforce_exit_invariant(context, decide(context, confirmation, answer, verdict))
        return record_turn(context, reply)


def handle_command_cancel(*, user: User, command_id: str, emit: Emit = _no_emit) -> TurnOutcome:
    """The Cancel button on a pending-command card."""
    try:
        command = command_get(owner=user, command_id=command_id)
    except NotFound:
        raise
    if command.thread_id is None:
        raise NotFound("command not found", {"command_id": command_id})
    thread = thread_get(owner=user, thread_id=command.thread_id)
    with thread_lock(thread.id):
        context = load_turn(user=user, thread=thread, text=_button_text(user, "cancel"), emit=emit)
        context.route = "fast_path"
        tools = tool_context(context)
        tools.active_command_id = str(command.id)
        result = cancel_command(tools, {})
        if context.active_command is not None and context.active_command.id == command.id:
            record_result(context, "cancel_command", result, {})
        else:
            context.tool_calls.append({"name": "cancel_command", "status": result.status.value, "arguments": {}})
        reply = enforce_exit_invariant(context, reply_for(context, "cancel_command", result))
        return record_turn(context, reply)


def _confirmation_get(*, user: User, confirmation_id: str) -> PendingConfirmation:
    try:
        return PendingConfirmation.objects.select_related("thread").get(id=confirmation_id, owner=user)
    except (PendingConfirmation.DoesNotExist, ValueError, DjangoValidationError):
        raise NotFound("confirmation not found", {"confirmation_id": confirmation_id}) from None


def _button_text(user: User, answer: str) -> str:
    zh = profile_get(user=user).language == "zh"
    labels = {"yes": ("Confirm", "确认"), "no": ("Keep", "保留"), "cancel": ("Cancel", "取消")}
    return labels[answer][1 if zh else 0]
