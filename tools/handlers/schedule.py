"""Creating (or continuing) a schedule command, and cancelling the active one."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping
from typing import Any

from scheduling.commands import (
    CommandOutcome,
    SlotPatch,
    command_apply,
    command_cancel,
    commands_cancel_pending_deletes,
)
from scheduling.errors import NotFound
from scheduling.models import CommandKind, ScheduleCommand
from scheduling.selectors import command_get
from tools.context import ToolContext
from tools.facts import calendar_details, command_fact, day_fact, event_fact, slot_fact
from tools.handlers.targets import title_score
from tools.spec import Effect, Status, ToolResult

# What a change writes: an answer to "which one?" or "which occurrences?" carries it over.
CHANGE_VALUES = ("title", "date", "time", "duration_minutes")

SLOT_ARGUMENTS = (
    "title", "date", "time", "duration_minutes", "all_day", "end_date", "recurrence", "reminder_minutes", "busy",
)  # fmt: skip


def outcome_result(context: ToolContext, outcome: CommandOutcome) -> ToolResult:
    """A command outcome as a tool result; the effects name only writes that happened now."""
    zone = context.zone
    data: dict[str, Any] = {}
    if outcome.command is not None:
        data["command"] = command_fact(outcome.command, context.today)
    if outcome.event is not None:
        data["event"] = event_fact(outcome.event, zone)
    if outcome.candidates:
        data["candidates"] = [day_fact(day) for day in outcome.candidates]
    if outcome.conflicts:
        # Clashes a write went over (the person insisted) are overlaps; otherwise they stop it.
        key = "overlaps" if outcome.wrote else "conflicts"
        data[key] = [event_fact(event, zone) for event in outcome.conflicts]
    if outcome.suggestions:
        data["suggestions"] = [slot_fact(slot, zone) for slot in outcome.suggestions]
    if outcome.problem:
        data["problem"] = outcome.problem
    if outcome.passed_day:
        data["passed"] = day_fact(outcome.passed_day)
    if outcome.revised:
        data["superseded"] = {name: old for name, (old, _new) in outcome.revised.items()}
    if outcome.already_done:
        data["already_done"] = True
    calendar_details(data, outcome, zone)
    effects: list[Effect] = []
    if outcome.wrote and outcome.event is not None:
        kind = {"created": "create", "updated": "change", "deleted": "delete"}[outcome.status.value]
        start = outcome.event.occurrence_start
        if kind == "delete" and outcome.scope in ("this", "following") and start is not None:
            # The series row stays; what went is this occurrence (and, for "following", the rest).
            object_id = f"{outcome.event.id}@{start.astimezone(datetime.UTC).isoformat()}"
            effects.append(Effect(kind="delete", model="occurrence", object_id=object_id))
        else:
            effects.append(Effect(kind=kind, model="event", object_id=str(outcome.event.id)))  # type: ignore[arg-type]
    return ToolResult(outcome.status, data, effects)


def patch_from_arguments(arguments: Mapping[str, Any]) -> SlotPatch:
    """The slots a model's call names; what it left null stays unsaid."""
    return SlotPatch(
        title=arguments.get("title"),
        date=arguments.get("date"),
        time=arguments.get("time"),
        duration_minutes=arguments.get("duration_minutes"),
        all_day=arguments.get("all_day"),
        end_date=arguments.get("end_date"),
        recurrence=arguments.get("recurrence"),
        reminder_minutes=arguments.get("reminder_minutes"),
        busy=arguments.get("busy"),
        raw={name: str(value) for name, value in arguments.items() if value is not None},
        confidence=0.9,
    )


def schedule_event(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    patch = patch_from_arguments({name: arguments.get(name) for name in SLOT_ARGUMENTS})
    command_id = _own_stub(context, patch, arguments.get("command_id")) or _continuable(context, patch)
    patch, focus_day = with_day_in_focus(context, patch, command_id)
    try:
        outcome = command_apply(
            owner=context.user,
            patch=patch,
            now=context.now,
            command_id=command_id,
            # Insisting on the clash a change of the active request showed ("book it anyway") continues that change.
            kind=None if insists_on_change(context, command_id, arguments) else CommandKind.CREATE,
            thread_id=context.thread_id,
            source_turn=context.source_turn,
            intent_revision=context.intent_revision,
            idempotency_key=None if command_id else context.idempotency_key("create"),
            allow_overlap=arguments.get("allow_overlap") is True,
        )
    except NotFound:
        return ToolResult(Status.NOT_FOUND, {"problem": "no such command"})
    result = outcome_result(context, outcome)
    if focus_day is not None:
        result.data["day_from_conversation"] = focus_day
    return result


def insists_on_change(context: ToolContext, command_id: str | None, arguments: Mapping[str, Any]) -> bool:
    said = [name for name in SLOT_ARGUMENTS if arguments.get(name) is not None and name != "allow_overlap"]
    return arguments.get("allow_overlap") is True and command_id is not None and command_id == context.active_command_id and not said


def with_day_in_focus(
    context: ToolContext,
    patch: SlotPatch,
    command_id: str | None,
    *,
    via: frozenset[str] = frozenset({"query", "suggested"}),
) -> tuple[SlotPatch, dict[str, Any] | None]:
    """A request with no day of its own takes the day the conversation is on ("what's free on
    March 8th?" … "add an event at 4:30pm"); the receipt says which day it took."""
    day = context.entities.day_in_focus()
    if patch.date is not None or day is None or day.get("via") not in via:
        return patch, None
    if command_id:
        try:
            if command_get(owner=context.user, command_id=command_id).slot_value("date") is not None:
                return patch, None
        except NotFound:
            return patch, None
    return dataclasses.replace(patch, date=str(day["date"]), raw={**patch.raw, "date": "(the day in focus)"}), day


def _own_stub(context: ToolContext, patch: SlotPatch, command_id: object) -> str | None:
    """The open create a call names keeps only its own patch, whichever model sent it: a call with
    a complete request of its own (a day, a time and a title sharing no word with the open one's,
    "dentist Wednesday 3pm" while "Lunch with Lin" waits) starts that request; the open one waits. So does
    one whose time is not the untitled one's ("book lunch with sam friday 1pm" while an untitled 20:00 asks its name)."""
    if not isinstance(command_id, str) or not command_id:
        return None
    if not (patch.title and patch.date and patch.time) or command_id != context.active_command_id:
        return command_id
    try:
        stub = command_get(owner=context.user, command_id=command_id)
    except NotFound:
        return command_id
    known = stub.slot_value("title")
    if not isinstance(known, str):
        return None if stub.slot_value("time") not in (None, patch.time) else command_id
    return command_id if title_score(patch.title, known) or title_score(known, patch.title) else None


def _continuable(context: ToolContext, patch: SlotPatch) -> str | None:
    """Continue the active create when the call is plainly a patch to it.

    A call without a command id that names no title (or the same title) while a create is
    waiting in this thread is a patch to that create, not a new untitled appointment.
    """
    if not context.active_command_id:
        return None
    try:
        active = command_get(owner=context.user, command_id=context.active_command_id)
    except NotFound:
        return None
    if active.kind != CommandKind.CREATE or not active.is_open:
        return None
    same_title = patch.title is None or _same(patch.title, active.slot_value("title"))
    # The answer to "what should I call it?": only a title, for a create that waits for one.
    names_it = active.status == "needs_title" and not (patch.date or patch.time or patch.duration_minutes)
    return str(active.id) if same_title or names_it else None


def _same(left: object, right: object) -> bool:
    return isinstance(left, str) and isinstance(right, str) and left.strip().casefold() == right.strip().casefold()


def cancel_command(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    if not context.active_command_id:
        return ToolResult(Status.NO_ACTIVE_COMMAND)
    try:
        outcome = command_cancel(owner=context.user, command_id=context.active_command_id, now=context.now)
    except NotFound:
        return ToolResult(Status.NO_ACTIVE_COMMAND)
    if outcome.status != Status.CANCELLED or outcome.already_done:
        return ToolResult(Status.NO_ACTIVE_COMMAND)
    command: ScheduleCommand = outcome.command  # type: ignore[assignment]
    return ToolResult(Status.CANCELLED, {"command": command_fact(command, context.today)})


def change_command(
    context: ToolContext, *, event_id: int, patch: SlotPatch, occurrence: tuple[str, datetime.datetime] | None = None
) -> CommandOutcome:
    """Open (and run) a change stub for one of the person's rows; a pending delete of it is withdrawn."""
    commands_cancel_pending_deletes(owner=context.user, event_id=event_id, now=context.now)
    return command_apply(
        owner=context.user,
        patch=patch,
        now=context.now,
        kind=CommandKind.CHANGE,
        thread_id=context.thread_id,
        target_event_id=event_id,
        source_turn=context.source_turn,
        intent_revision=context.intent_revision,
        idempotency_key=context.idempotency_key("change"),
        occurrence=occurrence,
    )
