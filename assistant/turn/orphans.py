"""A message whose turn died with its process gets an honest reply the next time the thread is read.

The person's message is archived first, under the thread's lock, and its reply is recorded
before the lock is given back. So a message with no reply after it, found while holding that
lock, was left by a turn whose process died (a killed worker, a crash between two commits).
It is answered from the record, not from guesses: what the turn had already committed in this
thread (a command's status changed to created, updated or deleted, a memory fact from this
message) is named; otherwise "nothing was changed". The reply sits right after the message it
answers and is flagged ``turn_lost``, with a trace row that says so.

When the lock is only this process's own (Redis down), another process may still be answering:
only messages older than the longest turn (``THREAD_LOCK_SECONDS``) are answered then.
"""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import catalogue
from assistant.language import message_language
from assistant.models import MemoryFact, Message, Role, Route, Thread, TurnTrace
from scheduling.models import CommandChange, CommandStatus, ScheduleCommand
from scheduling.selectors import profile_get

TURN_LOST = "turn_lost"
SCAN = 40  # the newest messages looked at: an orphan is answered at the next read, so it is recent
logger = logging.getLogger(__name__)
_DONE = {
    CommandStatus.CREATED.value: "created",
    CommandStatus.UPDATED.value: "updated",
    CommandStatus.DELETED.value: "deleted",
}


def orphans_answer(*, thread: Thread, lock_shared: bool) -> int:
    """Answer every unanswered message among the thread's newest; the caller holds the thread's lock."""
    rows = list(
        Message.objects.filter(thread=thread)
        .order_by("-created_at", "-id")
        .values_list("id", "role", "created_at")[:SCAN]
    )
    rows.reverse()
    now = timezone.now()
    oldest_running = now - datetime.timedelta(seconds=settings.THREAD_LOCK_SECONDS)
    answered = 0
    for index, (message_id, role, created_at) in enumerate(rows):
        if role != Role.USER:
            continue
        following = rows[index + 1] if index + 1 < len(rows) else None
        if following is not None and following[1] == Role.ASSISTANT:
            continue
        if not lock_shared and created_at > oldest_running:
            continue  # another process may still be answering it
        until = following[2] if following is not None else now
        _answer(thread, Message.objects.get(pk=message_id), until)
        answered += 1
    return answered


def _answer(thread: Thread, message: Message, until: datetime.datetime) -> None:
    language = message_language(message.text, profile_get(user=thread.owner).language)
    changes = _changes(thread, message, until, language)
    if changes:
        joiner = catalogue.text("turn_lost_joiner", language)
        text = catalogue.text("turn_lost_changed", language, changes=joiner.join(changes))
    else:
        text = catalogue.text("turn_lost", language)
    answered_at = message.created_at + datetime.timedelta(microseconds=1)  # right after what it answers
    with transaction.atomic():
        reply = Message.objects.create(
            thread=thread, role=Role.ASSISTANT, text=text, created_at=answered_at, flags=[TURN_LOST]
        )
        TurnTrace.objects.create(
            thread=thread,
            user_message=message,
            assistant_message=reply,
            route=Route.ERROR,
            provider="",
            flags=[TURN_LOST],
            error="turn lost: its process stopped before the reply was recorded",
            created_at=answered_at,
        )
    logger.warning("message %s of thread %s had no reply (its turn died); answered: %s", message.id, thread.id, changes)


def _changes(thread: Thread, message: Message, until: datetime.datetime, language: str) -> list[str]:
    """What the lost turn committed: the thread's commands that reached a done status while it ran."""
    done = (
        CommandChange.objects.filter(
            command__owner=thread.owner,
            command__thread_id=thread.id,
            kind=CommandChange.Kind.STATUS,
            new_value__in=list(_DONE),
            at__gte=message.created_at,
            at__lte=until,
        )
        .select_related("command")
        .order_by("at", "id")
    )
    said = [
        catalogue.text(f"turn_lost_{_DONE[str(change.new_value)]}", language, title=_title(change.command))
        for change in done
    ]
    if MemoryFact.objects.filter(source_message=message).exists():
        said.append(catalogue.text("turn_lost_remembered", language))
    return said


def _title(command: ScheduleCommand) -> str:
    for slot in ("deleted_event", "event"):
        value = command.slot_value(slot)
        if isinstance(value, dict) and value.get("title"):
            return str(value["title"])
    event = getattr(command, "created_event", None)
    if event is not None:
        return str(event.title)
    if command.target_event is not None:
        return str(command.target_event.title)
    return str(command.slot_value("title") or "")


def orphans_answer_quietly(*, owner_id: int, thread_id: int, lock_shared: bool) -> None:
    """``orphans_answer`` for a thread named by id, under its lock; a failure here is only
    logged, never the failure of the turn or the read that found it."""
    try:
        thread = Thread.objects.select_related("owner").filter(pk=thread_id, owner_id=owner_id).first()
        if thread is not None:
            orphans_answer(thread=thread, lock_shared=lock_shared)
    except Exception:
        logger.exception("answering the unanswered messages of thread %s failed", thread_id)
