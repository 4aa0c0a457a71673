"""Stage 1, load: archive the message with the server's clock, cut the current session segment
by silence gap, and load the thread's state (intent, entities, active command)."""

from __future__ import annotations

import datetime
import time
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from assistant.intent.derive import Act
from assistant.intent.entities import EntityStack
from assistant.intent.state import READ_KINDS, IntentState
from assistant.intent.store import state_get
from assistant.models import Message, Role, Thread, ThreadState
from assistant.turn.context import Emit, SegmentLine, TurnContext, _no_emit
from scheduling.commands import command_expire
from scheduling.errors import NotFound
from scheduling.models import ScheduleCommand
from scheduling.selectors import profile_get

SEGMENT_SCAN_LIMIT = 200


def thread_get(*, owner: User, thread_id: int, with_state: bool = False) -> Thread:
    threads = Thread.objects.select_related("state") if with_state else Thread.objects
    try:
        return threads.get(owner=owner, id=thread_id)
    except (Thread.DoesNotExist, ValueError, TypeError):
        raise NotFound("thread not found", {"thread_id": thread_id}) from None


def message_archive(*, thread: Thread, role: str, text: str, now: datetime.datetime, **fields: Any) -> Message:
    return Message.objects.create(thread=thread, role=role, text=text, created_at=now, **fields)


def current_segment(*, thread: Thread, until: Message | None = None) -> list[SegmentLine]:
    """The messages since the last silence longer than SESSION_GAP_MINUTES, oldest first.

    Read as who said what and when: four columns, no model instances, none of the cards',
    markers' and flags' JSON (decoding those and building the instances was most of a long
    session's read). ``previous_assistant_message`` reads the one message whose card and
    marker a turn looks at.
    """
    gap = datetime.timedelta(minutes=settings.SESSION_GAP_MINUTES)
    recent = Message.objects.filter(thread=thread)
    if until is not None:
        # Bounded by time, not id: the (thread, -created_at, -id) index then answers in order,
        # reading at most SEGMENT_SCAN_LIMIT rows however long the thread is.
        recent = recent.filter(created_at__lte=until.created_at)
    rows = recent.order_by("-created_at", "-id").values_list("id", "role", "text", "created_at")
    newest_first = [SegmentLine(*row) for row in rows[:SEGMENT_SCAN_LIMIT]]
    if until is not None:
        newest_first = [line for line in newest_first if line.id <= until.id]
    segment: list[SegmentLine] = []
    for message in newest_first:
        if segment and segment[-1].created_at - message.created_at > gap:
            break
        segment.append(message)
    segment.reverse()
    return segment


def goal_commands(
    *, user: User, intent: IntentState, now: datetime.datetime
) -> tuple[ScheduleCommand | None, list[str]]:
    """The open stub the conversation is on, and the stubs that lapsed since the last turn.

    The active stub is the current goal's, or, right after a read detour ("before that, what's
    on Saturday?"), the stub of the task the detour put aside, so a bare "7pm" continues it.
    Existing business state outranks any re-reading. Stubs past their time are marked expired
    here (the periodic sweep does it too, but a turn must not wait for it), so an expired task
    leaves the suspended stack with this turn's first transition. One query for all of it.
    """
    goal = intent.goal
    suspended = [task.goal for task in intent.suspended]
    open_ids = {g.command_id for g in [goal, *suspended] if g is not None and g.command_id and g.is_open}
    candidate = goal.command_id if goal is not None and goal.is_open else None
    if candidate is None and goal is not None and goal.kind in READ_KINDS and goal.status == "done" and suspended:
        candidate = suspended[0].command_id
    wanted = open_ids | ({candidate} if candidate else set())
    if not wanted:
        return None, []
    commands = {str(c.id): c for c in ScheduleCommand.objects.filter(owner=user, id__in=wanted)}
    lapsed = [
        command_id
        for command_id, command in commands.items()
        if command.is_open and command.expires_at <= now and command_expire(command_id=command_id, now=now)
    ]
    active = commands.get(candidate) if candidate else None
    if active is None or not active.is_open or active.expires_at <= now or candidate in lapsed:
        return None, lapsed
    active.owner = user
    return active, lapsed


def load_turn(*, user: User, thread: Thread, text: str, emit: Emit = _no_emit) -> TurnContext:
    began = time.perf_counter()
    now = timezone.now()
    message = message_archive(thread=thread, role=Role.USER, text=text, now=now)
    try:
        state = thread.state  # read with the thread, under the thread lock
    except ThreadState.DoesNotExist:
        state = state_get(thread=thread)
    intent = state.intent_state
    active, expired = goal_commands(user=user, intent=intent, now=now)
    context = TurnContext(
        user=user,
        profile=profile_get(user=user),
        thread=thread,
        now=now,
        user_message=message,
        segment_loader=lambda: current_segment(thread=thread, until=message),
        state=state,
        entities=EntityStack.from_json(state.entities),
        active_command=active,
        emit=emit,
        started=began,
    )
    if intent.goal is not None and intent.goal.command_id in expired:
        context.acts.append(Act("expiry", "expired", {"command_id": intent.goal.command_id}))
    context.timings.archive_ms = (time.perf_counter() - began) * 1000
    return context
