"""When recording a turn fails, the person's message still gets an honest reply.

The person's message is archived before the turn runs; if the record stage then fails (a
database error, a bug in an intent transition), the message would be left with no answer. This
writes the least that keeps it answered: the reply the exit invariant already checked (it is
true about this turn's writes, which stay committed), with no card and no confirmation, a
`record_failed` flag and a trace that says what broke. A reply that needed a confirmation
bound to the new state cannot be kept without it: it becomes an apology that claims nothing.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

import catalogue
from assistant.models import Message, Role, Thread, TurnTrace
from assistant.turn.context import Reply, TurnContext, tool_calls_json
from assistant.turn.load import message_archive
from scheduling.text import clean_json, clean_text

logger = logging.getLogger(__name__)
RECORD_FAILED = "record_failed"


def _apology(context: TurnContext) -> str:
    return catalogue.text("record_failed", context.language)


def salvage_text(context: TurnContext, reply: Reply) -> str:
    """What can be said without the parts that failed to record."""
    if reply.confirmation is not None:
        return _apology(context)
    return clean_text(reply.text) or _apology(context)


def record_salvage(context: TurnContext, reply: Reply, error: BaseException) -> tuple[Message, TurnTrace]:
    """Archive an honest reply and a trace for a turn whose record stage failed."""
    flags = clean_json(list(dict.fromkeys([*context.flags, *reply.flags, RECORD_FAILED])))
    answered_at = max(timezone.now(), context.user_message.created_at)
    problem = f"record failed: {error.__class__.__name__}"
    with transaction.atomic():
        message = message_archive(
            thread=context.thread, role=Role.ASSISTANT, text=salvage_text(context, reply), now=answered_at, flags=flags
        )
        Thread.objects.filter(pk=context.thread.pk).update(last_activity_at=answered_at)
    trace = TurnTrace(
        thread=context.thread,
        user_message=context.user_message,
        assistant_message=message,
        route=context.route,
        provider=context.provider_name,
        model_name=clean_text(context.model_name),
        model_calls=context.model_calls,
        tool_calls=clean_json(tool_calls_json(context.tool_calls)),
        flags=flags,
        intent_revision=context.state.revision,
        error=problem[:300],
        created_at=answered_at,
    )
    try:
        with transaction.atomic():
            trace.save()
    except Exception:
        # The reply is what the person needs; a trace that cannot be written is only logged.
        logger.exception("the trace of a salvaged turn could not be written in thread %s", context.thread.id)
        trace.tool_calls = []
    return message, trace
