"""Command stubs: merge a field patch, execute when complete, exactly once.

A stub is server-side state for a create, change or delete that may take several turns.
``command_apply`` is the one entry point the tools use: it opens (or continues) a stub, merges
the patch (a new value is *assignment*, never append), and executes under a row lock so two
requests, two tabs or a retry can never create a second event.
"""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from scheduling import symbols
from scheduling.errors import NotFound, ValidationFailed
from scheduling.localtime import local_datetime, local_today
from scheduling.models import (
    OPEN_STATUSES,
    CommandChange,
    CommandKind,
    CommandStatus,
    Event,
    ScheduleCommand,
)
from scheduling.selectors import event_conflicts, event_get, profile_get
from scheduling.services import clean_title, event_create, event_delete, event_update
from scheduling.slots import Slot, nearest_free_slots

DEFAULT_DURATION_MINUTES = 60
MIN_DURATION_MINUTES = 5
MAX_DURATION_MINUTES = 24 * 60
SLOT_NAMES = ("title", "date", "time", "duration_minutes")
# The order in which a create asks for what it lacks.
CREATE_REQUIRED = ("title", "date", "time")
_NEEDS = {
    "title": CommandStatus.NEEDS_TITLE,
    "date": CommandStatus.NEEDS_DATE,
    "time": CommandStatus.NEEDS_TIME,
}


class Outcome(StrEnum):
    CREATED = "created"
    UPDATED = "updated"
    DELETED = "deleted"
    NEEDS_TITLE = "needs_title"
    NEEDS_DATE = "needs_date"
    NEEDS_TIME = "needs_time"
    CONFLICT = "conflict"
    AWAITING_CONFIRMATION = "awaiting_confirmation"
    INVALID_EXPRESSION = "invalid_expression"
    IN_PAST = "in_past"
    EXPIRED = "expired"
    CANCELLED = "cancelled"
    NOT_FOUND = "not_found"
    NO_ACTIVE_COMMAND = "no_active_command"


@dataclass(frozen=True)
class SlotPatch:
    """Values for a stub's slots; None means "not said in this turn"."""

    title: str | None = None
    date: str | None = None
    time: str | None = None
    duration_minutes: int | None = None
    raw: dict[str, str] = field(default_factory=dict)
    confidence: float = 1.0

    def values(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in SLOT_NAMES if getattr(self, name) is not None}


@dataclass
class CommandOutcome:
    status: Outcome
    command: ScheduleCommand | None = None
    event: Event | None = None
    candidates: list[datetime.date] = field(default_factory=list)
    conflicts: list[Event] = field(default_factory=list)
    suggestions: list[Slot] = field(default_factory=list)
    problem: str = ""
    revealed: list[str] = field(default_factory=list)
    revised: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    already_done: bool = False

    @property
    def wrote(self) -> bool:
        return self.status in {Outcome.CREATED, Outcome.UPDATED, Outcome.DELETED} and not self.already_done


def validate_patch(patch: SlotPatch) -> None:
    """Syntax checks that need no "today": raise ValidationFailed or InvalidExpression."""
    if patch.title is not None:
        clean_title(patch.title)
    if patch.date is not None and not symbols.is_date_expression(patch.date):
        raise symbols.InvalidExpression(patch.date, "not a canonical date symbol")
    if patch.time is not None:
        symbols.parse_time(patch.time)
    if patch.duration_minutes is not None and not (
        MIN_DURATION_MINUTES <= patch.duration_minutes <= MAX_DURATION_MINUTES
    ):
        raise ValidationFailed(f"a duration is {MIN_DURATION_MINUTES}-{MAX_DURATION_MINUTES} minutes")


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
            {"duration_minutes": _slot(DEFAULT_DURATION_MINUTES, raw="", source_turn=None, confidence=0.5)}
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
            value = _pick_offered_day(command, value, today)
        old = command.slot_value(name)
        if old == value and name != "date":
            continue
        defaulted = name == "duration_minutes" and (command.slots.get(name) or {}).get("raw") == ""
        command.slots[name] = _slot(
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
            _history(command, CommandChange.Kind.REVEAL, name, old, value, now, source_turn)
        else:
            revised[name] = (old, value)
            _history(command, CommandChange.Kind.REVISE, name, old, value, now, source_turn, note="superseded")
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
) -> CommandOutcome:
    """Open or continue a stub, merge the patch, and execute it when complete.

    ``kind`` names what the caller means (a new stub defaults to a create); continuing a stub of
    another kind (a patch for a delete waiting on its confirmation, say) is refused.
    """
    try:
        validate_patch(patch)
    except (symbols.InvalidExpression, ValidationFailed) as error:
        command = _load_open(owner, command_id) if command_id else None
        return CommandOutcome(Outcome.INVALID_EXPRESSION, command=command, problem=str(error))
    opened: ScheduleCommand | None = None
    created = False
    with transaction.atomic():
        if command_id is None:
            try:
                target = event_get(owner=owner, event_id=target_event_id) if target_event_id else None
            except NotFound:
                target = None
            if kind not in (None, CommandKind.CREATE) and target is None:
                return CommandOutcome(Outcome.NOT_FOUND, problem="no such event")
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
        # A stub this transaction just inserted is invisible to every other one: no lock needed.
        command = opened if created and opened is not None else _lock(owner, command_id)
        command.owner = owner
        if command.kind == CommandKind.DELETE or (kind is not None and command.kind != kind):
            return CommandOutcome(
                Outcome.NOT_FOUND, problem=f"that command is a {command.kind}, not a {kind or 'patchable'} command"
            )
        if command.status not in OPEN_STATUSES:
            return _settled(command)
        if command.expires_at <= now:
            return _expire(command, now)
        revealed, revised = command_merge_patch(command=command, patch=patch, now=now, source_turn=source_turn)
        # Activity keeps a stub alive; silence lets it expire.
        command.expires_at = now + datetime.timedelta(minutes=settings.COMMAND_TTL_MINUTES)
        outcome = _execute_locked(command, now, source_turn)
        outcome.revealed, outcome.revised = revealed, revised
        return outcome


def command_execute(*, owner: User, command_id: uuid.UUID | str, now: datetime.datetime) -> CommandOutcome:
    """Execute a stub as it stands. Twice, or from two threads at once, it writes once."""
    with transaction.atomic():
        command = _lock(owner, command_id)
        if command.status not in OPEN_STATUSES:
            return _settled(command)
        if command.expires_at <= now:
            return _expire(command, now)
        return _execute_locked(command, now, source_turn=None)


def command_confirm_delete(*, owner: User, command_id: uuid.UUID | str, now: datetime.datetime) -> CommandOutcome:
    """Carry out a delete stub that the person confirmed (the caller checked the confirmation)."""
    with transaction.atomic():
        command = _lock(owner, command_id)
        if command.kind != CommandKind.DELETE:
            raise ValidationFailed("only a delete stub is confirmed this way")
        if command.status != CommandStatus.AWAITING_CONFIRMATION:
            return _settled(command)
        if command.expires_at <= now:
            return _expire(command, now)
        if command.target_event_id is None:
            _set_status(command, CommandStatus.CANCELLED, now, note="event already gone")
            return CommandOutcome(Outcome.NOT_FOUND, command=command, problem="the event no longer exists")
        asked = (command.slots.get("event") or {}).get("value") or {}
        current = Event.objects.filter(owner=owner, id=command.target_event_id).first()
        if current is not None and asked and _event_snapshot(current) != asked:
            # Only the event the question named may be deleted; a moved or renamed one is asked again.
            _set_status(command, CommandStatus.CANCELLED, now, note="event changed since the question")
            return CommandOutcome(Outcome.NOT_FOUND, command=command, problem="the event changed since the question")
        try:
            event = event_delete(owner=owner, event_id=command.target_event_id)
        except NotFound:
            _set_status(command, CommandStatus.CANCELLED, now, note="event already gone")
            return CommandOutcome(Outcome.NOT_FOUND, command=command, problem="the event no longer exists")
        # The database already set the foreign key to NULL; the snapshot in the slots remains.
        command.target_event = None
        command.slots["deleted_event"] = _slot(_event_snapshot(event), raw="", source_turn=None, confidence=1.0)
        _set_status(command, CommandStatus.DELETED, now)
        return CommandOutcome(Outcome.DELETED, command=command, event=event)


def command_request_delete(
    *,
    owner: User,
    event_id: int,
    now: datetime.datetime,
    thread_id: int | None = None,
    intent_revision: int = 0,
    idempotency_key: str | None = None,
) -> CommandOutcome:
    """Open a delete stub awaiting the person's confirmation; nothing is deleted here."""
    try:
        event = event_get(owner=owner, event_id=event_id)
    except NotFound:
        return CommandOutcome(Outcome.NOT_FOUND, problem="no such event")
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
        command.slots["event"] = _slot(_event_snapshot(event), raw="", source_turn=None, confidence=1.0)
        _set_status(command, CommandStatus.AWAITING_CONFIRMATION, now)
    return CommandOutcome(Outcome.AWAITING_CONFIRMATION, command=command, event=event)


def command_cancel(*, owner: User, command_id: uuid.UUID | str, now: datetime.datetime) -> CommandOutcome:
    with transaction.atomic():
        command = _lock(owner, command_id)
        if command.status not in OPEN_STATUSES:
            return _settled(command)
        _set_status(command, CommandStatus.CANCELLED, now, note="cancelled by the person")
        return CommandOutcome(Outcome.CANCELLED, command=command)


def commands_cancel_pending_deletes(*, owner: User, event_id: int, now: datetime.datetime) -> int:
    """Withdraw the delete questions still open for an event (the person chose to change it)."""
    pending = ScheduleCommand.objects.filter(
        owner=owner, kind=CommandKind.DELETE, target_event_id=event_id, status=CommandStatus.AWAITING_CONFIRMATION
    ).values_list("id", flat=True)
    return sum(
        command_cancel(owner=owner, command_id=command_id, now=now).status == Outcome.CANCELLED
        for command_id in pending
    )


def command_expire(*, command_id: uuid.UUID | str, now: datetime.datetime) -> bool:
    """Mark one open stub expired (admin action, or the periodic sweep)."""
    with transaction.atomic():
        command = ScheduleCommand.objects.select_for_update().filter(id=command_id).first()
        if command is None or command.status not in OPEN_STATUSES:
            return False
        _set_status(command, CommandStatus.EXPIRED, now, note="expired")
        return True


def commands_expire_stale(*, now: datetime.datetime) -> int:
    """Mark every open stub past its ``expires_at`` as expired; returns how many."""
    stale_ids = list(
        ScheduleCommand.objects.filter(status__in=list(OPEN_STATUSES), expires_at__lte=now).values_list("id", flat=True)
    )
    return sum(command_expire(command_id=command_id, now=now) for command_id in stale_ids)


def missing_slots(command: ScheduleCommand) -> list[str]:
    if command.kind == CommandKind.CREATE:
        return [name for name in CREATE_REQUIRED if command.slot_value(name) is None]
    if command.kind == CommandKind.CHANGE:
        said = [name for name in SLOT_NAMES if command.slot_value(name) is not None]
        return [] if said else ["date", "time"]
    return []


# --- execution -----------------------------------------------------------------------------


def _execute_locked(command: ScheduleCommand, now: datetime.datetime, source_turn: int | None) -> CommandOutcome:
    owner = command.owner
    profile = profile_get(user=owner)
    zone = profile.zone
    today = local_today(now, zone)

    missing = missing_slots(command)
    if missing and missing[0] == "time":
        # Which day comes before what time: a weekend offers its days even with no time yet.
        choice = _date_choice(command, today)
        if choice:
            command.candidates = [day.isoformat() for day in choice]
            command.missing = ["date", "time"]
            _set_status(command, CommandStatus.NEEDS_DATE, now)
            return CommandOutcome(Outcome.NEEDS_DATE, command=command, candidates=choice)
    if missing:
        command.missing = missing
        _set_status(command, _NEEDS[missing[0]], now)
        return CommandOutcome(Outcome(_NEEDS[missing[0]].value), command=command)

    target = None
    if command.kind == CommandKind.CHANGE:
        try:
            target = event_get(owner=owner, event_id=command.target_event_id or 0)
        except NotFound:
            _set_status(command, CommandStatus.CANCELLED, now, note="event gone")
            return CommandOutcome(Outcome.NOT_FOUND, command=command, problem="the event no longer exists")

    try:
        day, clock = _when(command, target, today, zone)
    except symbols.InvalidExpression as error:
        _reject(command, "date", now, source_turn, str(error))
        return CommandOutcome(Outcome.INVALID_EXPRESSION, command=command, problem=str(error))
    except _Ambiguous as ambiguous:
        command.candidates = [day.isoformat() for day in ambiguous.days]
        command.missing = ["date"]
        _set_status(command, CommandStatus.NEEDS_DATE, now)
        return CommandOutcome(Outcome.NEEDS_DATE, command=command, candidates=ambiguous.days)

    duration = datetime.timedelta(minutes=int(_duration(command, target)))
    start = local_datetime(day, clock, zone)
    end = start + duration
    if start <= now:
        field_at_fault = "time" if day == today else "date"
        command.missing = [field_at_fault]
        _set_status(command, _NEEDS[field_at_fault], now, note="in the past")
        return CommandOutcome(
            Outcome.IN_PAST, command=command, problem=f"{start.astimezone(zone):%Y-%m-%d %H:%M} has already passed"
        )

    clashes = event_conflicts(owner=owner, start=start, end=end, exclude_ids=[target.id] if target else [])
    if clashes:
        suggestions = nearest_free_slots(
            owner=owner,
            profile=profile,
            wanted_start=start,
            duration=duration,
            now=now,
            ignore_ids=[target.id] if target else [],
        )
        command.candidates = [slot.as_dict() for slot in suggestions]
        command.missing = []
        _set_status(command, CommandStatus.CONFLICT, now)
        return CommandOutcome(Outcome.CONFLICT, command=command, conflicts=clashes, suggestions=suggestions)

    command.missing = []
    command.candidates = []
    if command.kind == CommandKind.CREATE:
        event = event_create(
            owner=owner,
            title=str(command.slot_value("title")),
            starts_at=start,
            ends_at=end,
            time_zone=profile.time_zone,
            command=command,
        )
        _set_status(command, CommandStatus.CREATED, now)
        return CommandOutcome(Outcome.CREATED, command=command, event=event)

    assert target is not None
    title = command.slot_value("title")
    event = event_update(event=target, title=str(title) if title else None, starts_at=start, ends_at=end)
    _set_status(command, CommandStatus.UPDATED, now)
    return CommandOutcome(Outcome.UPDATED, command=command, event=event)


class _Ambiguous(Exception):
    def __init__(self, days: list[datetime.date]) -> None:
        self.days = days


def _when(
    command: ScheduleCommand, target: Event | None, today: datetime.date, zone: Any
) -> tuple[datetime.date, datetime.time]:
    date_expression = command.slot_value("date")
    time_expression = command.slot_value("time")
    local_target = target.starts_at.astimezone(zone) if target else None
    if date_expression is not None:
        days = symbols.resolve(str(date_expression), _anchor(command, today))
        if len(days) > 1:
            # "This weekend" said on a Sunday: Saturday is gone, only Sunday is a candidate.
            ahead = [day for day in days if day >= today]
            if len(ahead) > 1:
                raise _Ambiguous(ahead)
            days = ahead or days[-1:]
        day = days[0]
    else:
        assert local_target is not None
        day = local_target.date()
    if time_expression is not None:
        clock = symbols.parse_time(str(time_expression))
    else:
        assert local_target is not None
        clock = local_target.time().replace(tzinfo=None)
    return day, clock


def _anchor(command: ScheduleCommand, today: datetime.date) -> datetime.date:
    """The day the date slot was said on (its symbol is read against that day)."""
    anchor = (command.slots.get("date") or {}).get("anchor")
    return datetime.date.fromisoformat(anchor) if isinstance(anchor, str) else today


def _date_choice(command: ScheduleCommand, today: datetime.date) -> list[datetime.date]:
    """The days still ahead that the date slot leaves open (a weekend), or [] when it is one day."""
    expression = command.slot_value("date")
    if not isinstance(expression, str):
        return []
    try:
        days = symbols.resolve(expression, _anchor(command, today))
    except symbols.InvalidExpression:
        return []
    ahead = [day for day in days if day >= today]
    return ahead if len(ahead) > 1 else []


def _pick_offered_day(command: ScheduleCommand, expression: str, today: datetime.date) -> str:
    """A weekday answer to a choice of days means the offered day with that weekday.

    Offered Sat 19 / Sun 20 Dec, "Sunday" is Sun 20, not this week's Sunday.
    """
    offered = [datetime.date.fromisoformat(day) for day in command.candidates if isinstance(day, str)]
    if not offered or not expression.startswith("W") or expression.startswith("WE"):
        return expression
    try:
        [meant] = symbols.resolve(expression, today)
    except (symbols.InvalidExpression, ValueError):
        return expression
    if meant in offered:
        return expression
    same_weekday = [day for day in offered if day.isoweekday() == meant.isoweekday()]
    return same_weekday[0].isoformat() if len(same_weekday) == 1 else expression


def _duration(command: ScheduleCommand, target: Event | None) -> int:
    value = command.slot_value("duration_minutes")
    if value is not None:
        return int(str(value))
    if target is not None:
        return int(target.duration.total_seconds() // 60)
    return DEFAULT_DURATION_MINUTES


def _lock(owner: User, command_id: uuid.UUID | str) -> ScheduleCommand:
    # The row lock is what makes "execute twice" and "two tabs at once" create one event.
    try:
        command = ScheduleCommand.objects.select_for_update().get(owner=owner, id=_as_uuid(command_id))
    except ScheduleCommand.DoesNotExist:
        raise NotFound("command not found", {"command_id": str(command_id)}) from None
    command.owner = owner  # the caller's instance, with its cached profile: no extra query
    return command


def _as_uuid(command_id: uuid.UUID | str) -> uuid.UUID:
    if isinstance(command_id, uuid.UUID):
        return command_id
    try:
        return uuid.UUID(str(command_id))
    except ValueError:
        raise NotFound("command not found", {"command_id": str(command_id)}) from None


def _load_open(owner: User, command_id: uuid.UUID | str) -> ScheduleCommand | None:
    try:
        return ScheduleCommand.objects.get(owner=owner, id=_as_uuid(command_id))
    except (ScheduleCommand.DoesNotExist, NotFound):
        return None


def _settled(command: ScheduleCommand) -> CommandOutcome:
    """The answer for a stub that already reached an exit: report it, never redo it."""
    status = command.status
    if status == CommandStatus.CREATED:
        event = Event.objects.filter(created_by_command=command).first()
        if event is None:
            return CommandOutcome(Outcome.NOT_FOUND, command=command, problem="the event it created was deleted since")
        return CommandOutcome(Outcome.CREATED, command=command, event=event, already_done=True)
    if status == CommandStatus.UPDATED:
        if command.target_event is None:
            return CommandOutcome(Outcome.NOT_FOUND, command=command, problem="the event was deleted since")
        return CommandOutcome(Outcome.UPDATED, command=command, event=command.target_event, already_done=True)
    if status == CommandStatus.DELETED:
        return CommandOutcome(Outcome.DELETED, command=command, already_done=True)
    if status == CommandStatus.EXPIRED:
        return CommandOutcome(Outcome.EXPIRED, command=command)
    return CommandOutcome(Outcome.CANCELLED, command=command, already_done=True)


def _expire(command: ScheduleCommand, now: datetime.datetime) -> CommandOutcome:
    _set_status(command, CommandStatus.EXPIRED, now, note="expired")
    return CommandOutcome(Outcome.EXPIRED, command=command)


def _reject(command: ScheduleCommand, name: str, now: datetime.datetime, source_turn: int | None, note: str) -> None:
    old = command.slots.pop(name, None)
    _history(
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
    _set_status(command, _NEEDS.get(name, CommandStatus.NEEDS_DATE), now)


def _set_status(command: ScheduleCommand, status: CommandStatus, now: datetime.datetime, note: str = "") -> None:
    if command.status != status:
        _history(command, CommandChange.Kind.STATUS, "status", command.status, status.value, now, None, note=note)
    command.status = status
    if status not in OPEN_STATUSES:
        command.missing = []
    command.save()
    # The history of this step goes in with one statement (every path ends in a status write).
    buffered = command.__dict__.pop("_history_buffer", [])
    if buffered:
        CommandChange.objects.bulk_create(buffered)


def _history(
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


def _slot(value: Any, *, raw: str, source_turn: int | None, confidence: float) -> dict[str, Any]:
    return {"value": value, "raw": raw, "source_turn": source_turn, "confidence": confidence}


def _event_snapshot(event: Event) -> dict[str, Any]:
    return {
        "id": event.id,
        "title": event.title,
        "starts_at": event.starts_at.isoformat(),
        "ends_at": event.ends_at.isoformat(),
        "time_zone": event.time_zone,
    }
