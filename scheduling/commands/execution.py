"""Executing a complete stub: which day and time, in the person's zone; conflicts; the write."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from icalendar import vRecur

from scheduling import symbols
from scheduling.commands.locks import person_write_lock
from scheduling.commands.outcomes import DEFAULT_DURATION_MINUTES, NEEDS, CommandOutcome
from scheduling.commands.rows import missing_slots, reject_slot, set_status
from scheduling.errors import NotFound, ValidationFailed
from scheduling.localtime import local_datetime, local_today
from scheduling.models import (
    CommandKind,
    CommandStatus,
    Event,
    ScheduleCommand,
)
from scheduling.occurrences import as_occurrence
from scheduling.recurrence import (
    WEEKDAYS,
    Recurrence,
    build_rule,
    first_occurrence,
    new_series_start,
    rule_weekdays,
    until_instant,
)
from scheduling.reminders import reminder_create
from scheduling.selectors import event_conflicts, event_get, profile_get, series_conflict
from scheduling.series import series_fork, series_override
from scheduling.services import clean_title, event_create, event_update
from scheduling.slots import nearest_free_slots
from scheduling.status import Status

# A month-day that passed within this many days is asked about ("1 Dec has passed — 1 Dec 2027?"):
# it may be a slip or a past event. One further back can only mean the coming one (the receipt
# then shows its year).
PASSED_DATE_QUESTION_DAYS = 183


def execute_locked(command: ScheduleCommand, now: datetime.datetime, source_turn: int | None) -> CommandOutcome:
    owner = command.owner
    profile = profile_get(user=owner)
    zone = profile.zone
    today = local_today(now, zone)

    # A date that has passed is asked about first, before anything else is asked for.
    passed = _passed_month_day(command, today)
    if passed is not None:
        command.candidates = [passed[1].isoformat()]
        command.missing = ["date"]
        set_status(command, CommandStatus.NEEDS_DATE, now, note="the date has passed this year")
        return CommandOutcome(Status.NEEDS_DATE, command=command, candidates=[passed[1]], passed_day=passed[0])

    missing = missing_slots(command)
    if missing and missing[0] == "time":
        # Which day comes before what time: a weekend offers its days even with no time yet.
        choice = _date_choice(command, today)
        if choice:
            command.candidates = [day.isoformat() for day in choice]
            command.missing = ["date", "time"]
            set_status(command, CommandStatus.NEEDS_DATE, now)
            return CommandOutcome(Status.NEEDS_DATE, command=command, candidates=choice)
    if missing:
        command.missing = missing
        set_status(command, NEEDS[missing[0]], now)
        return CommandOutcome(Status(NEEDS[missing[0]].value), command=command)

    # Every create and move of this person passes here: the event it moves, the conflict check
    # and the write are read and done under one per-person lock.
    person_write_lock(profile=profile)
    target = None
    if command.kind == CommandKind.CHANGE:
        try:
            target = event_get(owner=owner, event_id=command.target_event_id or 0)
        except NotFound:
            set_status(command, CommandStatus.CANCELLED, now, note="event gone")
            return CommandOutcome(Status.NOT_FOUND, command=command, problem="the event no longer exists")

    # One occurrence of a series, or the series from it: planned as that occurrence, split off only when written.
    split = _occurrence_of(command, target)
    planned = target if split is None else split[1]
    try:
        day, clock = _when(command, planned, today, zone)
        plan = _plan(command, planned, day, clock, today, now, zone)
    except symbols.InvalidExpression as error:
        reject_slot(command, "date", now, source_turn, str(error))
        return CommandOutcome(Status.INVALID_EXPRESSION, command=command, problem=str(error))
    except _Ambiguous as ambiguous:
        command.candidates = [day.isoformat() for day in ambiguous.days]
        command.missing = ["date"]
        set_status(command, CommandStatus.NEEDS_DATE, now)
        return CommandOutcome(Status.NEEDS_DATE, command=command, candidates=ambiguous.days)
    except ValidationFailed as error:
        reject_slot(command, "end_date" if command.slot_value("end_date") else "date", now, source_turn, error.message)
        return CommandOutcome(Status.INVALID_EXPRESSION, command=command, problem=error.message)

    start, end = plan.start, plan.end
    if plan.in_past:
        field_at_fault = "time" if day == today and not plan.all_day else "date"
        command.missing = [field_at_fault]
        set_status(command, NEEDS[field_at_fault], now, note="in the past")
        return CommandOutcome(
            Status.IN_PAST, command=command, problem=f"{start.astimezone(zone):%Y-%m-%d %H:%M} has already passed"
        )

    if planned is not None and _unchanged(planned, command.slot_value("title"), start, end, plan.rule if planned.rrule else None):
        # What the change names is how the event already is: nothing is written, and the receipt says so.
        set_status(command, CommandStatus.UPDATED, now, note="already so")
        return CommandOutcome(Status.UPDATED, command=command, event=planned, already_done=True)
    # The event itself is no clash for its new time; a single occurrence only its own old time, not its series.
    ignore = [target.id] if target and (split is None or split[0] == "following") else []
    moving = (split[1].id, split[1].starts_at) if split is not None and split[0] == "this" else None
    duration = end - start
    if plan.rule:
        clash = (
            series_conflict(
                owner=owner, rule=plan.rule, first_start=start, duration=duration, zone=zone, now=now,
                exclude_ids=ignore,
            )
            if plan.busy
            else None
        )  # fmt: skip
        if clash is not None:
            command.candidates = []
            command.missing = []
            set_status(command, CommandStatus.CONFLICT, now)
            return CommandOutcome(Status.CONFLICT, command=command, conflicts=clash[1], clash_at=clash[0])
    clashes = event_conflicts(owner=owner, start=start, end=end, exclude_ids=ignore, moving=moving) if plan.busy else []
    overlaps = clashes if clashes and command.slot_value("overlap_ok") is True else []
    if clashes and not plan.rule and not overlaps:
        suggestions = nearest_free_slots(
            owner=owner,
            profile=profile,
            wanted_start=start,
            duration=duration,
            now=now,
            ignore_ids=ignore,
            moving=moving,
        )
        command.candidates = [slot.as_dict() for slot in suggestions]
        command.missing = []
        set_status(command, CommandStatus.CONFLICT, now)
        return CommandOutcome(Status.CONFLICT, command=command, conflicts=clashes, suggestions=suggestions)

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
            all_day=plan.all_day,
            busy=plan.busy,
            rrule=plan.rule,
            recurrence=plan.recurrence,
        )
        minutes = command.slot_value("reminder_minutes")
        if minutes is None and not plan.all_day:
            minutes = profile.default_reminder_minutes
        if minutes is not None:
            reminder_create(owner=owner, event=event, minutes_before=int(str(minutes)))
        set_status(command, CommandStatus.CREATED, now, note="booked over a clash, as asked" if overlaps else "")
        return CommandOutcome(Status.CREATED, command=command, event=event, conflicts=overlaps)

    assert target is not None
    if split is not None:
        occurrence_start = split[1].starts_at
        target = (series_override if split[0] == "this" else series_fork)(master=target, occurrence_start=occurrence_start)
    title = command.slot_value("title")
    event = event_update(
        event=target,
        title=str(title) if title else None,
        starts_at=start,
        ends_at=end,
        rrule=plan.rule if target.rrule else None,
    )
    set_status(command, CommandStatus.UPDATED, now)
    return CommandOutcome(Status.UPDATED, command=command, event=event)


def _occurrence_of(command: ScheduleCommand, target: Event | None) -> tuple[str, Event] | None:
    """The scope and the occurrence (an unsaved copy; without its rule for "this") a change of a series names."""
    scope, stamp = command.slot_value("scope"), command.slot_value("occurrence")
    if target is None or not target.rrule or scope not in ("this", "following") or not stamp:
        return None
    occurrence = as_occurrence(target, datetime.datetime.fromisoformat(str(stamp)))
    if scope == "this":
        occurrence.rrule, occurrence.recurrence = "", None
    return str(scope), occurrence


def _unchanged(event: Event, title: object, start: datetime.datetime, end: datetime.datetime, rule: str | None) -> bool:
    return (
        (not title or clean_title(str(title)) == event.title)
        and (start, end) == (event.starts_at, event.ends_at)
        and rule in (None, event.rrule)
    )


@dataclass(frozen=True)
class _Plan:
    """What a complete stub comes to: the first start and end, and how the event repeats."""

    start: datetime.datetime
    end: datetime.datetime
    all_day: bool
    busy: bool
    rule: str
    recurrence: dict[str, Any] | None
    in_past: bool


def _plan(
    command: ScheduleCommand,
    target: Event | None,
    day: datetime.date,
    clock: datetime.time,
    today: datetime.date,
    now: datetime.datetime,
    zone: ZoneInfo,
) -> _Plan:
    end_expression = command.slot_value("end_date")
    last_day = day
    if end_expression is not None:
        last_day = symbols.resolve(str(end_expression), _anchor(command, today))[-1]
        if last_day < day:
            raise ValidationFailed("the last day is before the first")
    all_day = command.slot_value("all_day") is True or (
        target.all_day if target is not None and command.slot_value("time") is None else False
    )
    if command.kind == CommandKind.CREATE and end_expression is not None and command.slot_value("time") is None:
        all_day = True
    if all_day:
        if target is not None and end_expression is None and command.slot_value("date") is None:
            span = max(1, (target.ends_at.astimezone(zone).date() - target.starts_at.astimezone(zone).date()).days)
            last_day = day + datetime.timedelta(days=span - 1)
        start = local_datetime(day, datetime.time(0, 0), zone)
        end = local_datetime(last_day + datetime.timedelta(days=1), datetime.time(0, 0), zone)
    else:
        duration = datetime.timedelta(minutes=int(_duration(command, target)))
        start = local_datetime(day, clock, zone)
        end = local_datetime(last_day, clock, zone) + duration
    said_busy = command.slot_value("busy")
    busy = bool(said_busy) if isinstance(said_busy, bool) else (target.busy if target is not None else not all_day)

    rule, recurrence = "", None
    said_rule = command.slot_value("recurrence")
    if isinstance(said_rule, dict):
        parsed = Recurrence.from_mapping(said_rule)
        rule = build_rule(parsed, until=until_instant(parsed, today=_anchor(command, today), zone=zone))
        recurrence = parsed.as_dict()
    elif target is not None and target.rrule:
        rule, recurrence = target.rrule, target.recurrence
        byday = vRecur.from_ical(rule).get("BYDAY") or []
        if command.slot_value("date") is not None and len(byday) == 1:
            # Moving all of a weekly series to another day moves its weekday too.
            rule = rule_weekdays(rule, [WEEKDAYS[day.weekday()]])
    if rule:
        # The series starts at its first occurrence that is still ahead ("weekdays at 9:30"
        # said at 10:00 on a Monday starts on Tuesday; "every Friday" said on Monday, on Friday).
        length = end - start
        if command.kind == CommandKind.CREATE:
            first = new_series_start(rule, start, zone, now)
        else:
            first = first_occurrence(rule=rule, start=start, zone=zone)
        if first is None:
            raise ValidationFailed("that rule has no occurrence ahead")
        start = first
        end = occurrence_end_for(start, length, all_day, zone)
    in_past = (end <= now) if all_day else (start <= now)
    if rule and target is not None:
        # A series that still has occurrences ahead is not in the past, wherever it started.
        in_past = first_occurrence(rule=rule, start=start, zone=zone, not_before=now) is None
    return _Plan(start, end, all_day, busy, rule, recurrence, in_past)


def occurrence_end_for(
    start: datetime.datetime, length: datetime.timedelta, all_day: bool, zone: ZoneInfo
) -> datetime.datetime:
    if not all_day:
        return start + length
    days = max(1, round(length.total_seconds() / 86400))
    return local_datetime(start.astimezone(zone).date() + datetime.timedelta(days=days), datetime.time(0, 0), zone)


class _Ambiguous(Exception):
    def __init__(self, days: list[datetime.date]) -> None:
        self.days = days


def _when(
    command: ScheduleCommand, target: Event | None, today: datetime.date, zone: Any
) -> tuple[datetime.date, datetime.time]:
    date_expression = command.slot_value("date")
    time_expression = command.slot_value("time")
    local_target = target.starts_at.astimezone(zone) if target else None
    if date_expression is None and local_target is None:
        # A repeating event with no first day said starts from today (its rule picks the day).
        date_expression = "D+0"
    if time_expression is None and local_target is None:
        # An all-day event: the time of day is midnight, and never asked for.
        time_expression = "00:00"
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


def _passed_month_day(command: ScheduleCommand, today: datetime.date) -> tuple[datetime.date, datetime.date] | None:
    """(this year's day, next year's) when the date slot is a bare MM-DD that recently passed."""
    expression = command.slot_value("date")
    if not isinstance(expression, str) or len(expression) != 5:
        return None
    try:
        [coming] = symbols.resolve(expression, _anchor(command, today))
        this_year = coming.replace(year=today.year)
    except (symbols.InvalidExpression, ValueError):
        return None  # 02-29 outside a leap year: only the coming one exists
    if not today - datetime.timedelta(days=PASSED_DATE_QUESTION_DAYS) <= this_year < today:
        return None
    return this_year, coming


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


def pick_offered_day(command: ScheduleCommand, expression: str, today: datetime.date) -> str:
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
