"""The stub row: locking it, its history, its status, and reporting a settled one."""

from __future__ import annotations

import datetime
import uuid
from typing import Any

from django.contrib.auth.models import User

from scheduling.commands.outcomes import CREATE_REQUIRED, NEEDS, SLOT_NAMES, CommandOutcome
from scheduling.errors import NotFound
from scheduling.models import (
    OPEN_STATUSES,
    CommandChange,
    CommandKind,
    CommandStatus,
    Event,
    ScheduleCommand,
)
from scheduling.status import Status


def missing_slots(command: ScheduleCommand) -> list[str]:
    if command.kind == CommandKind.CREATE:
        # An all-day event (or one with a last day and no time) has no start time to ask for.
        timeless = command.slot_value("all_day") is True or (
            command.slot_value("end_date") is not None and command.slot_value("time") is None
        )
        required = [name for name in CREATE_REQUIRED if not (timeless and name == "time")]
        if command.slot_value("recurrence") is not None and command.slot_value("date") is None:
            # "standup every weekday at 9:30": a rule with no first day starts from today.
            required = [name for name in required if name != "date"]
        return [name for name in required if command.slot_value(name) is None]
    if command.kind == CommandKind.CHANGE:
        said = [name for name in SLOT_NAMES if command.slot_value(name) is not None]
        return [] if said else ["date", "time"]
    return []


def lock_stub(owner: User, command_id: uuid.UUID | str) -> ScheduleCommand:
    # The row lock is what makes "execute twice" and "two tabs at once" create one event.
    try:
        command = ScheduleCommand.objects.select_for_update().get(owner=owner, id=as_uuid(command_id))
    except ScheduleCommand.DoesNotExist:
        raise NotFound("command not found", {"command_id": str(command_id)}) from None
    command.owner = owner  # the caller's instance, with its cached profile: no extra query
    return command


def as_uuid(command_id: uuid.UUID | str) -> uuid.UUID:
    if isinstance(command_id, uuid.UUID):
        return command_id
    try:
        return uuid.UUID(str(command_id))
    except ValueError:
        raise NotFound("command not found", {"command_id": str(command_id)}) from None


def load_open(owner: User, command_id: uuid.UUID | str) -> ScheduleCommand | None:
    try:
        return ScheduleCommand.objects.get(owner=owner, id=as_uuid(command_id))
    except (ScheduleCommand.DoesNotExist, NotFound):
        return None


def settled(command: ScheduleCommand) -> CommandOutcome:
    """The answer for a stub that already reached an exit: report it, never redo it."""
    status = command.status
    if status == CommandStatus.CREATED:
        event = Event.objects.filter(created_by_command=command).first()
        if event is None:
            return CommandOutcome(Status.NOT_FOUND, command=command, problem="the event it created was deleted since")
        return CommandOutcome(Status.CREATED, command=command, event=event, already_done=True)
    if status == CommandStatus.UPDATED:
        if command.target_event is None:
            return CommandOutcome(Status.NOT_FOUND, command=command, problem="the event was deleted since")
        return CommandOutcome(Status.UPDATED, command=command, event=command.target_event, already_done=True)
    if status == CommandStatus.DELETED:
        return CommandOutcome(Status.DELETED, command=command, already_done=True)
    if status == CommandStatus.EXPIRED:
        return CommandOutcome(Status.EXPIRED, command=command)
    return CommandOutcome(Status.CANCELLED, command=command, already_done=True)


def expire_now(command: ScheduleCommand, now: datetime.datetime) -> CommandOutcome:
    set_status(command, CommandStatus.EXPIRED, now, note="expired")
    return CommandOutcome(Status.EXPIRED, command=command)


def reject_slot(
    command: ScheduleCommand, name: str, now: datetime.datetime, source_turn: int | None, note: str
) -> None:
    old = command.slots.pop(name, None)
    record_history(
        command,
        CommandChange.Kind.REJECT,
        name,
        None if old is None else old.get("value"),
        None,
        now,
        source_turn,
        note=note[:200],
    )
    command.missing = missing_slots(command)
    set_status(command, NEEDS.get(name, CommandStatus.NEEDS_DATE), now)


def set_status(command: ScheduleCommand, status: CommandStatus, now: datetime.datetime, note: str = "") -> None:
    if command.status != status:
        record_history(command, CommandChange.Kind.STATUS, "status", command.status, status.value, now, None, note=note)
    command.status = status
    if status not in OPEN_STATUSES:
        command.missing = []
    command.save()
    # The history of this step goes in with one statement (every path ends in a status write).
    buffered = command.__dict__.pop("_history_buffer", [])
    if buffered:
        CommandChange.objects.bulk_create(buffered)


def record_history(
    command: ScheduleCommand,
    kind: str,
    name: str,
    old: Any,
    new: Any,
    now: datetime.datetime,
    source_turn: int | None,
    note: str = "",
) -> None:
    change = CommandChange(
        command=command, at=now, kind=kind, field=name, old_value=old, new_value=new, source_turn=source_turn, note=note
    )
    command.__dict__.setdefault("_history_buffer", []).append(change)


def new_slot(value: Any, *, raw: str, source_turn: int | None, confidence: float) -> dict[str, Any]:
    return {"value": value, "raw": raw, "source_turn": source_turn, "confidence": confidence}


def event_snapshot(event: Event) -> dict[str, Any]:
    return {
        "id": event.id,
        "title": event.title,
        "starts_at": event.starts_at.isoformat(),
        "ends_at": event.ends_at.isoformat(),
        "time_zone": event.time_zone,
    }
