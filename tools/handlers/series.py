"""Changing or deleting a repeating event: which occurrences ("this one, this and the following,
or all?") is asked in code when the call does not say, and carried out by ``scheduling.series``."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from scheduling import symbols
from scheduling.commands import command_request_delete
from scheduling.models import Event
from scheduling.occurrences import as_occurrence
from scheduling.recurrence import describe
from scheduling.series import occurrence_on, series_master
from tools.context import ToolContext
from tools.facts import event_fact
from tools.handlers.schedule import CHANGE_VALUES, change_command, outcome_result, patch_from_arguments
from tools.spec import Status, ToolResult


def _occurrence(context: ToolContext, target: Event, arguments: Mapping[str, Any]) -> datetime.datetime | None:
    master = series_master(target)
    # The day the event was named by ("cancel next monday's yoga") is which occurrence, unless one is given.
    said = arguments.get("occurrence")
    if said:
        days = symbols.resolve(str(said), context.today)
        return occurrence_on(master, day=days[0], now=context.now)
    if target.series_id is not None and target.recurrence_id is not None:
        return target.recurrence_id
    named = symbols.resolve(str(arguments["event_date"]), context.today) if arguments.get("event_date") else []
    if len(named) == 1:
        return occurrence_on(master, day=named[0], now=context.now)
    return occurrence_on(master, day=None, now=context.now)


def _ask_scope(
    context: ToolContext, master: Event, start: datetime.datetime, action: str, arguments: Mapping[str, Any]
) -> ToolResult:
    """Which occurrences? Asked, with what the request wanted kept (``choosing``): the answer ("just
    that one", "全部") is the same call with its scope, for any model."""
    occurrence = event_fact(as_occurrence(master, start), context.zone)
    values = {name: arguments[name] for name in CHANGE_VALUES if arguments.get(name) is not None}
    values |= {"event_ref": occurrence["ref"], "occurrence": occurrence["date"]}
    return ToolResult(
        Status.NEEDS_SCOPE,
        {
            "action": action,
            "event": occurrence,
            "repeats": describe(master.rrule),
            "problem": "a repeating event: say scope this, following or all",
            "choosing": {"tool": f"{action}_event", "values": values},
        },
    )


def _no_occurrence(context: ToolContext, master: Event) -> ToolResult:
    return ToolResult(
        Status.NOT_FOUND,
        {"problem": "that repeating event has no occurrence on that day", "event": event_fact(master, context.zone)},
    )


def change_in_series(context: ToolContext, target: Event, arguments: Mapping[str, Any]) -> ToolResult:
    master = series_master(target)
    start = _occurrence(context, target, arguments)
    if start is None:
        return _no_occurrence(context, master)
    scope = arguments.get("scope") or ("this" if target.series_id is not None else None)
    if scope is None:
        return _ask_scope(context, master, start, "change", arguments)
    # One occurrence, or the series from it, is split off only when the change is written: a change that stops
    # (a clash, a time gone) leaves the series as it was, and its stub carries which occurrence it means.
    split = None if scope == "all" or target.series_id is not None else (str(scope), start)
    row = target if target.series_id is not None else master
    outcome = change_command(context, event_id=row.id, patch=patch_from_arguments(arguments), occurrence=split)
    outcome.scope = scope
    result = outcome_result(context, outcome)
    result.data.setdefault("previous", event_fact(as_occurrence(master, start), context.zone))
    return result


def delete_in_series(context: ToolContext, target: Event, arguments: Mapping[str, Any]) -> ToolResult:
    master = series_master(target)
    start = _occurrence(context, target, arguments)
    if start is None:
        return _no_occurrence(context, master)
    scope = arguments.get("scope")
    if scope is None:
        return _ask_scope(context, master, start, "delete", arguments)
    outcome = command_request_delete(
        owner=context.user,
        event_id=master.id,
        now=context.now,
        thread_id=context.thread_id,
        intent_revision=context.intent_revision,
        idempotency_key=context.idempotency_key("delete"),
        scope=str(scope),
        occurrence_start=start,
    )
    return outcome_result(context, outcome)
