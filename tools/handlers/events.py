"""Reading the calendar, suggesting free slots, changing and deleting events."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from scheduling import symbols
from scheduling.commands import command_apply, command_request_delete, commands_cancel_pending_deletes
from scheduling.errors import NotFound
from scheduling.localtime import local_datetime
from scheduling.models import CommandKind, Event
from scheduling.selectors import event_get, occurrences_in_range
from scheduling.slots import PartOfDay, free_slots
from tools.context import ToolContext
from tools.facts import day_fact, event_fact, slot_fact
from tools.handlers import series
from tools.handlers.schedule import outcome_result, patch_from_arguments
from tools.spec import Status, ToolResult

MAX_QUERY_DAYS = 62
MAX_LISTED_EVENTS = 50
SUGGESTION_COUNT = 3


def _days(context: ToolContext, start: str, end: str | None) -> list[datetime.date]:
    first = symbols.resolve(start, context.today)
    last = symbols.resolve(end, context.today) if end else first
    begin, finish = first[0], last[-1]
    if finish < begin:
        raise ValueError("the end of the range is before its start")
    if (finish - begin).days >= MAX_QUERY_DAYS:
        raise ValueError(f"a range is at most {MAX_QUERY_DAYS} days")
    return [begin + datetime.timedelta(days=offset) for offset in range((finish - begin).days + 1)]


def query_events(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    try:
        days = _days(context, arguments["start"], arguments.get("end"))
    except symbols.InvalidExpression as error:
        return ToolResult(Status.INVALID_EXPRESSION, {"problem": str(error)})
    except ValueError as error:
        return ToolResult(Status.INVALID_ARGUMENTS, {"problem": str(error)})
    zone = context.zone
    start = local_datetime(days[0], datetime.time(0, 0), zone)
    end = local_datetime(days[-1] + datetime.timedelta(days=1), datetime.time(0, 0), zone)
    events = occurrences_in_range(owner=context.user, start=start, end=end, now=context.now)[: MAX_LISTED_EVENTS + 1]
    return ToolResult(
        Status.RESULTS,
        {
            "range": {"from": day_fact(days[0]), "to": day_fact(days[-1])},
            "events": [event_fact(event, zone) for event in events[:MAX_LISTED_EVENTS]],
            "count": len(events[:MAX_LISTED_EVENTS]),
            "truncated": len(events) > MAX_LISTED_EVENTS,
        },
    )


def suggest_slots(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    try:
        days = _days(context, arguments["date"], arguments.get("end_date"))
    except symbols.InvalidExpression as error:
        return ToolResult(Status.INVALID_EXPRESSION, {"problem": str(error)})
    except ValueError as error:
        return ToolResult(Status.INVALID_ARGUMENTS, {"problem": str(error)})
    minutes = arguments.get("duration_minutes") or 60
    part = PartOfDay(arguments.get("part_of_day") or "any")
    slots = free_slots(
        owner=context.user,
        profile=context.profile,
        days=days,
        duration=datetime.timedelta(minutes=minutes),
        part=part,
        now=context.now,
        limit=SUGGESTION_COUNT,
    )
    return ToolResult(
        Status.SUGGESTIONS,
        {
            "range": {"from": day_fact(days[0]), "to": day_fact(days[-1])},
            "duration_minutes": minutes,
            "part_of_day": part.value,
            "suggestions": [slot_fact(slot, context.zone) for slot in slots],
        },
    )


def _target(context: ToolContext, arguments: Mapping[str, Any]) -> Event | ToolResult:
    """Resolve which event a change or delete means, in code; ownership checked here."""
    ids, how = context.entities.resolve(arguments.get("event_ref"), arguments.get("ordinal"))
    events: list[Event] = []
    for event_id in ids:
        try:
            events.append(event_get(owner=context.user, event_id=event_id))
        except NotFound:
            continue
    if len(events) == 1:
        return events[0]
    if not events:
        problem = "no event matches that reference" if how != "none" else "it is not clear which event is meant"
        return ToolResult(Status.NOT_FOUND if how != "none" else Status.AMBIGUOUS_REFERENCE, {"problem": problem})
    return ToolResult(
        Status.AMBIGUOUS_REFERENCE,
        {"problem": "several events could be meant", "candidates": [event_fact(e, context.zone) for e in events]},
    )


def change_event(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    target = _target(context, arguments)
    if isinstance(target, ToolResult):
        return target
    if target.in_series:
        return series.change_in_series(context, target, arguments)
    patch = patch_from_arguments(arguments)
    commands_cancel_pending_deletes(owner=context.user, event_id=target.id, now=context.now)
    outcome = command_apply(
        owner=context.user,
        patch=patch,
        now=context.now,
        kind=CommandKind.CHANGE,
        thread_id=context.thread_id,
        target_event_id=target.id,
        source_turn=context.source_turn,
        intent_revision=context.intent_revision,
        idempotency_key=context.idempotency_key("change"),
    )
    result = outcome_result(context, outcome)
    result.data.setdefault("previous", event_fact(target, context.zone))
    return result


def delete_event(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    target = _target(context, arguments)
    if isinstance(target, ToolResult):
        return target
    if target.in_series:
        return series.delete_in_series(context, target, arguments)
    outcome = command_request_delete(
        owner=context.user,
        event_id=target.id,
        now=context.now,
        thread_id=context.thread_id,
        intent_revision=context.intent_revision,
        idempotency_key=context.idempotency_key("delete"),
    )
    return outcome_result(context, outcome)
