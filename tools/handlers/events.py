"""Reading the calendar, suggesting free slots, changing and deleting events."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from scheduling import symbols
from scheduling.commands import command_request_delete
from scheduling.errors import NotFound
from scheduling.localtime import local_datetime
from scheduling.models import Event
from scheduling.selectors import event_get, occurrences_in_range
from scheduling.slots import PartOfDay, free_slots
from tools.context import ToolContext
from tools.facts import day_fact, event_fact, slot_fact
from tools.handlers import series
from tools.handlers.schedule import (
    CHANGE_VALUES,
    change_command,
    outcome_result,
    patch_from_arguments,
    with_day_in_focus,
)
from tools.handlers.targets import MAX_CANDIDATES, Named, events_named, has_content, named_among, near_choice
from tools.spec import Status, ToolResult

MAX_QUERY_DAYS = 62
MAX_LISTED_EVENTS = 50
MAX_NAMED_EVENTS = 5  # "when is my standup?": its next few occurrences
SUGGESTION_COUNT = 3
MIN_LENGTH_MINUTES = 5  # as duration_minutes takes
_PENDING = (*CHANGE_VALUES, "end_time", "shift_minutes", "extend_minutes")  # what a "which one?" list keeps for its answer


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
    events = occurrences_in_range(owner=context.user, start=start, end=end, now=context.now)
    limit, named = MAX_LISTED_EVENTS, {}
    words = arguments.get("event_words")
    if words and has_content(words):
        # "when is my dentist?": the next few events the words name. When none does (a name in the
        # other language, a typo), the first of the range are shown, and it is said, to find it in.
        matched = named_among(words, events)
        named = {"named": words, "named_found": bool(matched)}
        limit, events = (MAX_NAMED_EVENTS, matched) if matched else (MAX_CANDIDATES, events)
    return ToolResult(
        Status.RESULTS,
        {
            "range": {"from": day_fact(days[0]), "to": day_fact(days[-1])},
            "events": [event_fact(event, zone) for event in events[:limit]],
            "count": len(events[:limit]),
            "truncated": len(events) > limit,
            "limit": limit,
            **named,
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


def _target(context: ToolContext, arguments: Mapping[str, Any], tool: str) -> Event | ToolResult:
    """Resolve which event a change or delete means, in code; ownership checked here."""
    named = Named.from_arguments(arguments)
    if arguments.get("event_ref") is None and arguments.get("ordinal") is None and named:
        return _named_target(context, named, arguments, tool)
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
    return _which_one(context, events, arguments, tool, "several events could be meant")


def _named_target(context: ToolContext, named: Named, arguments: Mapping[str, Any], tool: str) -> Event | ToolResult:
    """The event the person's words name: one acts, several ask with a numbered list, none says so."""
    choosing = context.entities.choosing
    among = context.entities.listed if choosing else ()
    found = events_named(context, named, among)
    if len(found.events) == 1:
        return found.events[0]
    # None fits the words: the events on the day or at the time named ("瑜伽" for "Yoga", "my 3pm meeting"), or
    # those whose titles come close ("看牙" for 「牙医」), as a numbered choice.
    close = near_choice(context, named, found)
    if close:
        return _which_one(context, close, arguments, tool, "no title fits those words; these come close")
    if not found.events:
        looked = {"from": day_fact(found.days[0]), "to": day_fact(found.days[-1])}
        return ToolResult(
            Status.NOT_FOUND,
            {"problem": "no event of yours fits those words", "named": named.as_fact(), "looked": looked},
        )
    return _which_one(context, found.events, arguments, tool, "several of your events fit those words")


def _which_one(
    context: ToolContext, events: list[Event], arguments: Mapping[str, Any], tool: str, problem: str
) -> ToolResult:
    """Several fit: a numbered list the next message can answer, with what the request wanted kept."""
    values = {name: arguments.get(name) for name in _PENDING if arguments.get(name) is not None}
    return ToolResult(
        Status.AMBIGUOUS_REFERENCE,
        {
            "problem": problem,
            "candidates": [event_fact(e, context.zone) for e in events],
            "choosing": {"tool": tool, "values": values},
        },
    )


def _with_pending_values(context: ToolContext, target: Event, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """An answer to "which one?" ("the second one") finishes the request that asked it: only for
    one of the events listed, and only when the answer says nothing new of its own."""
    merged = dict(arguments)
    choosing = context.entities.choosing
    says_nothing_new = all(arguments.get(name) is None for name in _PENDING)
    if (
        choosing
        and choosing.get("tool") == "change_event"
        and target.id in context.entities.listed
        and says_nothing_new
    ):
        for name, value in (choosing.get("values") or {}).items():
            if merged.get(name) is None:
                merged[name] = value
    return merged


def change_event(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    target = _target(context, arguments, "change_event")
    if isinstance(target, ToolResult):
        return target
    if not target.in_series:
        arguments = _with_pending_values(context, target, arguments)
    shifted = bool(arguments.get("shift_minutes")) and arguments.get("time") is None and arguments.get("date") is None
    if shifted and target.in_series and int(arguments["shift_minutes"]) % (24 * 60) == 0:
        # Whole days of a repeating event: which occurrence, and its new day, are the person's to say.
        return ToolResult(Status.INVALID_ARGUMENTS, {"problem": "a repeating event moves to a day said; say the new day", "event": event_fact(target, context.zone)})
    if shifted:
        moved = _shifted(context, target, int(arguments["shift_minutes"]))
        if isinstance(moved, ToolResult):
            return moved
        arguments = {**arguments, **moved}
    if arguments.get("extend_minutes") and arguments.get("duration_minutes") is None and not arguments.get("end_time"):
        length = _extended(context, target, int(arguments["extend_minutes"]))
        if isinstance(length, ToolResult):
            return length
        arguments = {**arguments, "duration_minutes": length}
    if arguments.get("end_time") and arguments.get("duration_minutes") is None:
        length = _until(context, target, arguments)
        if isinstance(length, ToolResult):
            return length
        arguments = {**arguments, "duration_minutes": length}
    if target.in_series:
        return series.change_in_series(context, target, arguments)
    patch = patch_from_arguments({name: arguments.get(name) for name in CHANGE_VALUES})
    focus_day = None
    if patch.time is not None and not shifted:  # a shift keeps the event's own day
        # "what's free on Thursday?" … "move my yoga to 4pm": Thursday, said in the receipt.
        patch, focus_day = with_day_in_focus(context, patch, None, via=frozenset({"suggested"}))
    outcome = change_command(context, event_id=target.id, patch=patch)
    result = outcome_result(context, outcome)
    result.data.setdefault("previous", event_fact(target, context.zone))
    if focus_day is not None:
        result.data["day_from_conversation"] = focus_day
    return result


def _shifted(context: ToolContext, target: Event, minutes: int) -> dict[str, str] | ToolResult:
    """The event's own start moved by ``minutes``: on its own day, or by whole days at its own time ("往后推一天").
    Computed here, never by the model."""
    start = target.starts_at.astimezone(context.zone)
    moved = start + datetime.timedelta(minutes=minutes)
    if minutes % (24 * 60) == 0:
        return {"date": moved.date().isoformat(), "time": f"{moved:%H:%M}"}
    if moved.date() != start.date():
        return ToolResult(
            Status.INVALID_ARGUMENTS,
            {"problem": "that shift moves it to another day; say the new day and time", "event": event_fact(target, context.zone)},
        )
    return {"time": f"{moved:%H:%M}"}


def _extended(context: ToolContext, target: Event, minutes: int) -> int | ToolResult:
    """The event's own length made longer (or shorter) by ``minutes``: computed here, never by the model."""
    length = int((target.ends_at - target.starts_at).total_seconds() // 60) + minutes
    if not MIN_LENGTH_MINUTES <= length <= 24 * 60:
        return ToolResult(
            Status.INVALID_ARGUMENTS,
            {"problem": "that would leave it too short or over a day long; say how long it lasts", "event": event_fact(target, context.zone)},
        )
    return length


def _until(context: ToolContext, target: Event, arguments: Mapping[str, Any]) -> int | ToolResult:
    """The length from the (new) start to the new end said ("runs until 5pm"): computed here, never by the model."""
    start = str(arguments.get("time") or f"{target.starts_at.astimezone(context.zone):%H:%M}")
    end = str(arguments["end_time"])
    minutes = (int(end[:2]) - int(start[:2])) * 60 + int(end[3:]) - int(start[3:])
    if minutes < MIN_LENGTH_MINUTES:
        return ToolResult(
            Status.INVALID_ARGUMENTS,
            {"problem": "that end is not after its start; say the new end or how long it lasts", "event": event_fact(target, context.zone)},
        )
    return minutes


def delete_event(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    target = _target(context, arguments, "delete_event")
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
