"""What arrives, checked and made into a turn: a typed message (or a tapped quick reply), a
Confirm / Keep button, a pending card's Cancel, a which-ones button.

Each ``*_turn`` function validates its input and looks up what it names among the person's own
(another person's is a NotFound, as a missing one is); the endpoints run the turn it returns on
either driver. The ``handle_*`` functions run it in the caller's thread (tests, the evals).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError as DjangoValidationError

import catalogue
from assistant.models import PendingConfirmation
from assistant.providers.base import Provider
from assistant.turn.context import Emit, TurnInput, _no_emit
from assistant.turn.drivers import Turn, run_turn
from assistant.turn.record import TurnOutcome
from scheduling.errors import NotFound, ValidationFailed
from scheduling.selectors import command_get, profile_get
from scheduling.text import clean_text, is_blank

SCOPES = ("this", "following", "all")


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


def message_turn(*, user: User, thread_id: object, text: object, quick_reply_for: str | None = None) -> Turn:
    """A typed message (or a tapped quick reply, naming its request) in one of the person's threads."""
    if not isinstance(thread_id, int):
        raise NotFound("thread not found", {"thread_id": thread_id})
    return Turn(user, thread_id, TurnInput("message", clean_message(text), quick_reply_for=quick_reply_for))


def confirmation_turn(*, user: User, confirmation_id: str, decision: str, action_digest: str) -> Turn:
    """A Confirm / Keep button on a confirmation card."""
    confirmation = _confirmation_get(user=user, confirmation_id=confirmation_id)
    answer = "yes" if decision == "confirm" else "no"
    text = _button_text(user, answer)
    turn_input = TurnInput("button", text, answer=answer, confirmation=confirmation, action_digest=action_digest)
    return Turn(user, confirmation.thread_id, turn_input)


def cancel_turn(*, user: User, command_id: str) -> Turn:
    """The Cancel button on a pending-command card."""
    command = command_get(owner=user, command_id=command_id)
    if command.thread_id is None:
        raise NotFound("command not found", {"command_id": command_id})
    return Turn(user, command.thread_id, TurnInput("cancel", _button_text(user, "cancel"), command_id=str(command.id)))


def scope_turn(*, user: User, thread_id: int, message_id: int, scope: str) -> Turn:
    """A which-ones button (this one / following / all) on a repeating event's card."""
    if scope not in SCOPES:
        raise ValidationFailed("scope is this, following or all")
    turn_input = TurnInput("scope", _button_text(user, scope), scope=scope, scope_message_id=message_id)
    return Turn(user, thread_id, turn_input)


def _confirmation_get(*, user: User, confirmation_id: str) -> PendingConfirmation:
    try:
        return PendingConfirmation.objects.select_related("thread").get(id=confirmation_id, owner=user)
    except (PendingConfirmation.DoesNotExist, ValueError, DjangoValidationError):
        raise NotFound("confirmation not found", {"confirmation_id": confirmation_id}) from None


def _button_text(user: User, answer: str) -> str:
    # The words on the button itself, so the thread shows what was pressed.
    labels = {"yes": "confirm", "no": "keep", "cancel": "card_cancel"} | {scope: f"scope_{scope}" for scope in SCOPES}
    return catalogue.text(labels[answer], profile_get(user=user).language)


# --- in the caller's thread -------------------------------------------------------------------


def handle_message(
    *,
    user: User,
    thread_id: int,
    text: str,
    emit: Emit = _no_emit,
    provider: Provider | None = None,
    quick_reply_for: str | None = None,
) -> TurnOutcome:
    turn = message_turn(user=user, thread_id=thread_id, text=text, quick_reply_for=quick_reply_for)
    return run_turn(turn, emit=emit, provider=provider)


def handle_confirmation(
    *, user: User, confirmation_id: str, decision: str, action_digest: str, emit: Emit = _no_emit
) -> TurnOutcome:
    turn = confirmation_turn(user=user, confirmation_id=confirmation_id, decision=decision, action_digest=action_digest)
    return run_turn(turn, emit=emit)


def handle_command_cancel(*, user: User, command_id: str, emit: Emit = _no_emit) -> TurnOutcome:
    return run_turn(cancel_turn(user=user, command_id=command_id), emit=emit)


def handle_scope_choice(
    *, user: User, thread_id: int, message_id: int, scope: str, emit: Emit = _no_emit
) -> TurnOutcome:
    return run_turn(scope_turn(user=user, thread_id=thread_id, message_id=message_id, scope=scope), emit=emit)
