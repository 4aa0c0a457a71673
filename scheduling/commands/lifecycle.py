"""Command stubs: merge a field patch, execute when complete, exactly once.

A stub is server-side state for a create, change or delete that may take several turns.
``command_apply`` is the one entry point the tools use: it opens (or continues) a stub, merges
the patch (a new value is *assignment*, never append), and executes under a row lock so two
requests, two tabs or a retry can never create a second event.
"""

from __future__ import annotations

import datetime
import uuid
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from scheduling import symbols
from scheduling.commands.execution import execute_locked, pick_offered_day
from scheduling.commands.outcomes import (
    CREATE_REQUIRED,
    DEFAULT_DURATION_MINUTES,
    CommandOutcome,
    SlotPatch,
    validate_patch,
)
from scheduling.commands.rows import (
    event_snapshot,
    expire_now,
    load_open,
    lock_stub,
    new_slot,
    record_history,
    set_status,
    settled,
)
from scheduling.errors import NotFound, ValidationFailed
from scheduling.localtime import local_today
from scheduling.models import (
    OPEN_STATUSES,
    CommandChange,
    CommandKind,
    CommandStatus,
    Event,
    ScheduleCommand,
)
from scheduling.occurrences import as_occurrence
from scheduling.selectors import event_get, profile_get
from scheduling.series import series_cut, series_skip
from scheduling.services import clean_title, event_delete
from scheduling.status import Status


def command_start(
    *,
    owner: User,
    kind: CommandKind,
    now: datetime.datetime,
    thread_id: int | None = None,
    target_event: Event | None = None,
    intent_revision: int = 0,
    idempotency_key: str | None = None,
) -> ScheduleCommand:
    """Open a stub (or return the one a retry already opened under the same key)."""
    return _open_stub(
        owner=owner, kind=kind, now=now, thread_id=thread_id, target_event=target_event,
        intent_revision=intent_revision, idempotency_key=idempotency_key,
    )[0]  # fmt: skip


def _open_stub(
    *,
    owner: User,
    kind: CommandKind,
    now: datetime.datetime,
    thread_id: int | None,
    target_event: Event | None,
    intent_revision: int,
    idempotency_key: str | None,
) -> tuple[ScheduleCommand, bool]:
    key = idempotency_key or uuid.uuid4().hex
    fields = {
        "owner": owner,
        "kind": kind,
        "thread_id": thread_id,
        "target_event": target_event,
        "intent_revision": intent_revision,
        "status": CommandStatus.NEEDS_TITLE if kind == CommandKind.CREATE else CommandStatus.NEEDS_DATE,
        "missing": list(CREATE_REQUIRED) if kind == CommandKind.CREATE else [],
        "slots": (
            {"duration_minutes": new_slot(DEFAULT_DURATION_MINUTES, raw="", source_turn=None, confidence=0.5)}
            if kind == CommandKind.CREATE
            else {}
        ),
        "expires_at": now + datetime.timedelta(minutes=settings.COMMAND_TTL_MINUTES),
    }
    try:
        # The common case is a new key: insert straight away; a retry's key finds its stub.
        with transaction.atomic():
            return ScheduleCommand.objects.create(idempotency_key=key, **fields), True
    except IntegrityError:
        command = ScheduleCommand.objects.get(idempotency_key=key)
    if command.owner_id != owner.pk:
        # An idempotency key is a retry token, not a way into another person's stub.
        raise NotFound("command not found", {"idempotency_key": key})
    return command, False


def command_merge_patch(
    *, command: ScheduleCommand, patch: SlotPatch, now: datetime.datetime, source_turn: int | None
) -> tuple[list[str], dict[str, tuple[Any, Any]]]:
    """Assign the patch's values to the stub's slots (the caller holds the row lock).

    Returns the slots revealed (had no value) and revised (old, new) by this patch.
    """
    validate_patch(patch)
    revealed: list[str] = []
    revised: dict[str, tuple[Any, Any]] = {}
    today = local_today(now, profile_get(user=command.owner).zone)
    for name, value in patch.values().items():
        if name == "title":
            value = clean_title(value)
        if name == "date" and command.candidates and command.status == CommandStatus.NEEDS_DATE:
            value = pick_offered_day(command, value, today)
        old = command.slot_value(name)
        if old == value and name != "date":
            continue
        defaulted = name == "duration_minutes" and (command.slots.get(name) or {}).get("raw") == ""
        command.slots[name] = new_slot(
            value, raw=patch.raw.get(name, str(value)), source_turn=source_turn, confidence=patch.confidence
        )
        if name == "date":
            # A relative symbol means the day it was said on: "D+1" said at 23:50 is still
            # that tomorrow when the time arrives at 00:10.
            command.slots[name]["anchor"] = today.isoformat()
        if old == value:
            continue
        if old is None or defaulted:
            revealed.append(name)
            record_history(command, CommandChange.Kind.REVEAL, name, old, value, now, source_turn)
        else:
            revised[name] = (old, value)
            record_history(command, CommandChange.Kind.REVISE, name, old, value, now, source_turn, note="superseded")
    if patch.date is not None or patch.time is not None:
        command.candidates = []
    return revealed, revised


def command_apply(
    *,
    owner: User,
    patch: SlotPatch,
    now: datetime.datetime,
    command_id: uuid.UUID | str | None = None,
    kind: CommandKind | None = None,
    thread_id: int | None = None,
    target_event_id: int | None = None,
    source_turn: int | None = None,
    intent_revision: int = 0,
    idempotency_key: str | None = None,
    allow_overlap: bool = False,
    occurrence: tuple[str, datetime.datetime] | None = None,
) -> CommandOutcome:
    """Open or continue a stub, merge the patch, and execute it when complete.

    ``occurrence``: a new change of a repeating event names which occurrences (scope "this" or
    "following") from which one; the occurrence is split off the series only when the change is written.

    ``kind`` names what the caller means (a new stub defaults to a create); continuing a stub of
    another kind (a patch for a delete waiting on its confirmation, say) is refused.
    ``allow_overlap``: the person insists on the time that clashed. Honoured only for a stub whose
    clash was already shown (status ``conflict``) and whose day and time this patch leaves as
    they were: an overlap is booked on purpose, never by accident.
    """
    try:
        validate_patch(patch)
    except (symbols.InvalidExpression, ValidationFailed) as error:
        command = load_open(owner, command_id) if command_id else None
        return CommandOutcome(Status.INVALID_EXPRESSION, command=command, problem=str(error))
    opened: ScheduleCommand | None = None
    created = False
    with transaction.atomic():
        if command_id is None:
            try:
                target = event_get(owner=owner, event_id=target_event_id) if target_event_id else None
            except NotFound:
                target = None
            if kind not in (None, CommandKind.CREATE) and target is None:
                return CommandOutcome(Status.NOT_FOUND, problem="no such event")
            opened, created = _open_stub(
                owner=owner,
                kind=kind or CommandKind.CREATE,
                now=now,
                thread_id=thread_id,
                target_event=target,
                intent_revision=intent_revision,
                idempotency_key=idempotency_key,
            )
            command_id = opened.id
            if created and occurrence is not None:
                scope, start = occurrence
                opened.slots["scope"] = new_slot(scope, raw=scope, source_turn=None, confidence=1.0)
                opened.slots["occurrence"] = new_slot(start.astimezone(datetime.UTC).isoformat(), raw="", source_turn=None, confidence=1.0)
        # A stub this transaction just inserted is invisible to every other one: no lock needed.
        command = opened if created and opened is not None else lock_stub(owner, command_id)
        command.owner = owner
        if command.kind == CommandKind.DELETE or (kind is not None and command.kind != kind):
            return CommandOutcome(
                Status.NOT_FOUND, problem=f"that command is a {command.kind}, not a {kind or 'patchable'} command"
            )
        if command.status not in OPEN_STATUSES:
            return settled(command)
        if command.expires_at <= now:
            return expire_now(command, now)
        if allow_overlap and command.status == CommandStatus.CONFLICT and patch.date is None and patch.time is None:
            command.slots["overlap_ok"] = new_slot(True, raw="insisted", source_turn=source_turn, confidence=1.0)
        revealed, revised = command_merge_patch(command=command, patch=patch, now=now, source_turn=source_turn)
        # Activity keeps a stub alive; silence lets it expire.
        command.expires_at = now + datetime.timedelta(minutes=settings.COMMAND_TTL_MINUTES)
        outcome = execute_locked(command, now, source_turn)
        outcome.revealed, outcome.revised = revealed, revised
        return outcome


def command_execute(*, owner: User, command_id: uuid.UUID | str, now: datetime.datetime) -> CommandOutcome:
    """Execute a stub as it stands. Twice, or from two threads at once, it writes once."""
    with transaction.atomic():
        command = lock_stub(owner, command_id)
        if command.status not in OPEN_STATUSES:
            return settled(command)
        if command.expires_at <= now:
            return expire_now(command, now)
        return execute_locked(command, now, source_turn=None)


def command_confirm_delete(*, owner: User, command_id: uuid.UUID | str, now: datetime.datetime) -> CommandOutcome:
    """Carry out a delete stub that the person confirmed (the caller checked the confirmation)."""
    with transaction.atomic():
        command = lock_stub(owner, command_id)
        if command.kind != CommandKind.DELETE:
            raise ValidationFailed("only a delete stub is confirmed this way")
        if command.status != CommandStatus.AWAITING_CONFIRMATION:
            return settled(command)
        if command.expires_at <= now:
            return expire_now(command, now)
        if command.target_event_id is None:
            set_status(command, CommandStatus.CANCELLED, now, note="event already gone")
            return CommandOutcome(Status.NOT_FOUND, command=command, problem="the event no longer exists")
        asked = (command.slots.get("event") or {}).get("value") or {}
        current = Event.objects.filter(owner=owner, id=command.target_event_id).first()
        if current is not None and asked and event_snapshot(current) != asked:
            # Only the event the question named may be deleted; a moved or renamed one is asked again.
            set_status(command, CommandStatus.CANCELLED, now, note="event changed since the question")
            return CommandOutcome(Status.NOT_FOUND, command=command, problem="the event changed since the question")
        scope = command.slot_value("scope")
        if current is not None and current.rrule and scope in ("this", "following"):
            return _delete_occurrences(command, current, str(scope), now)
        try:
            event = event_delete(owner=owner, event_id=command.target_event_id)
        except NotFound:
            set_status(command, CommandStatus.CANCELLED, now, note="event already gone")
            return CommandOutcome(Status.NOT_FOUND, command=command, problem="the event no longer exists")
        # The database already set the foreign key to NULL; the snapshot in the slots remains.
        command.target_event = None
        command.slots["deleted_event"] = new_slot(event_snapshot(event), raw="", source_turn=None, confidence=1.0)
        set_status(command, CommandStatus.DELETED, now)
        return CommandOutcome(Status.DELETED, command=command, event=event)


def _delete_occurrences(command: ScheduleCommand, master: Event, scope: str, now: datetime.datetime) -> CommandOutcome:
    """Carry out "delete this one" (an EXDATE) or "this and the following" (the series ends before it)."""
    stamp = command.slot_value("occurrence")
    occurrence_start = datetime.datetime.fromisoformat(str(stamp))
    occurrence = as_occurrence(master, occurrence_start)
    if scope == "this":
        series_skip(master=master, occurrence_start=occurrence_start)
    else:
        series_cut(master=master, occurrence_start=occurrence_start)
    command.slots["deleted_event"] = new_slot(
        {**event_snapshot(occurrence), "scope": scope}, raw="", source_turn=None, confidence=1.0
    )
    set_status(command, CommandStatus.DELETED, now, note=f"scope {scope}")
    return CommandOutcome(Status.DELETED, command=command, event=occurrence, scope=scope)


def command_request_delete(
    *,
    owner: User,
    event_id: int,
    now: datetime.datetime,
    thread_id: int | None = None,
    intent_revision: int = 0,
    idempotency_key: str | None = None,
    scope: str | None = None,
    occurrence_start: datetime.datetime | None = None,
) -> CommandOutcome:
    """Open a delete stub awaiting the person's confirmation; nothing is deleted here."""
    try:
        event = event_get(owner=owner, event_id=event_id)
    except NotFound:
        return CommandOutcome(Status.NOT_FOUND, problem="no such event")
    with transaction.atomic():
        command = command_start(
            owner=owner,
            kind=CommandKind.DELETE,
            now=now,
            thread_id=thread_id,
            target_event=event,
            intent_revision=intent_revision,
            idempotency_key=idempotency_key,
        )
        command.slots["event"] = new_slot(event_snapshot(event), raw="", source_turn=None, confidence=1.0)
        if scope is not None and event.rrule and occurrence_start is not None:
            # The question names the scope; the confirmation carries out exactly that.
            command.slots["scope"] = new_slot(scope, raw=scope, source_turn=None, confidence=1.0)
            command.slots["occurrence"] = new_slot(
                occurrence_start.astimezone(datetime.UTC).isoformat(), raw="", source_turn=None, confidence=1.0
            )
        set_status(command, CommandStatus.AWAITING_CONFIRMATION, now)
    if scope in ("this", "following") and event.rrule and occurrence_start is not None:
        return CommandOutcome(
            Status.AWAITING_CONFIRMATION,
            command=command,
            event=event,
            occurrence=as_occurrence(event, occurrence_start),
            scope=scope,
        )
    return CommandOutcome(Status.AWAITING_CONFIRMATION, command=command, event=event, scope=scope)


def command_cancel(*, owner: User, command_id: uuid.UUID | str, now: datetime.datetime) -> CommandOutcome:
    with transaction.atomic():
        command = lock_stub(owner, command_id)
        if command.status not in OPEN_STATUSES:
            return settled(command)
        set_status(command, CommandStatus.CANCELLED, now, note="cancelled by the person")
        return CommandOutcome(Status.CANCELLED, command=command)


def commands_cancel_pending_deletes(*, owner: User, event_id: int, now: datetime.datetime) -> int:
    """Withdraw the delete questions still open for an event (the person chose to change it)."""
    pending = ScheduleCommand.objects.filter(
        owner=owner, kind=CommandKind.DELETE, target_event_id=event_id, status=CommandStatus.AWAITING_CONFIRMATION
    ).values_list("id", flat=True)
    return sum(
        command_cancel(owner=owner, command_id=command_id, now=now).status == Status.CANCELLED for command_id in pending
    )


def command_expire(*, command_id: uuid.UUID | str, now: datetime.datetime) -> bool:
    """Mark one open stub expired (admin action, or the periodic sweep)."""
    with transaction.atomic():
        command = ScheduleCommand.objects.select_for_update().filter(id=command_id).first()
        if command is None or command.status not in OPEN_STATUSES:
            return False
        set_status(command, CommandStatus.EXPIRED, now, note="expired")
        return True


def commands_expire_stale(*, now: datetime.datetime) -> int:
    """Mark every open stub past its ``expires_at`` as expired; returns how many."""
    stale_ids = list(
        ScheduleCommand.objects.filter(status__in=list(OPEN_STATUSES), expires_at__lte=now).values_list("id", flat=True)
    )
    return sum(command_expire(command_id=command_id, now=now) for command_id in stale_ids)
