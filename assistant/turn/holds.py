"""A write held for the person's confirmation: what exactly would be written, and how to say it.

The held call is stored with its target resolved now (an event by its reference, never "it"),
so a later "yes" writes exactly what the card named, under the state it was asked in.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

import catalogue
from scheduling import symbols
from scheduling.errors import ValidationFailed
from scheduling.localtime import local_datetime
from scheduling.recurrence import Recurrence, build_rule, new_series_start
from scheduling.selectors import command_get
from tools.context import ToolContext
from tools.facts import event_fact
from tools.handlers import events, reminders
from tools.receipts import repeat_words
from tools.spec import Status, ToolResult


def _day(symbol: str | None, context: ToolContext, language: str, rule: object = None, clock: object = None) -> str:
    if not symbol and not rule:
        return ""
    try:
        day = symbols.resolve(symbol, context.today)[0] if symbol else context.today
    except symbols.InvalidExpression:
        return str(symbol)
    if isinstance(rule, Mapping) and rule.get("frequency"):
        day = _series_day(rule, day, clock, context) or day
    elif not symbol:
        return ""
    return catalogue.text(
        "hold_day_with_year" if day.year != context.today.year else "hold_day",
        language,
        weekday=catalogue.text(f"weekday_{day.isoweekday()}", language),
        day=day.day,
        month=catalogue.text(f"month_{day.month}", language),
        year=day.year,
    )


def _series_day(rule: Mapping[str, Any], day: datetime.date, clock: object, context: ToolContext) -> datetime.date | None:
    """The day a new series would begin on (the card names what the write would make, not the day said)."""
    try:
        at = datetime.time.fromisoformat(str(clock)) if clock else datetime.time(0, 0)
        built = build_rule(Recurrence.from_mapping(rule), until=None)
        first = new_series_start(built, local_datetime(day, at, context.zone), context.zone, context.now)
    except (ValueError, TypeError, ValidationFailed):
        return None
    return first.astimezone(context.zone).date() if first else None


def held_result(context: ToolContext, tool: str, arguments: Mapping[str, Any], reason: str) -> ToolResult:
    """The held call as a result: its exact action (bound into the card's digest) and a preview."""
    action_arguments = dict(arguments)
    data: dict[str, Any] = {"reason": reason}
    if tool == "change_event" or (tool == "set_reminder" and not arguments.get("time")):
        target = events._target(context, arguments, tool)
        if isinstance(target, ToolResult):
            return target  # not found / ambiguous: nothing to hold, the answer says so
        # Bound to the event found now, by its reference: a later yes cannot land on another.
        action_arguments["event_ref"] = f"E{target.id}"
        if tool == "change_event":
            action_arguments.update({"ordinal": None, "event_words": None, "event_date": None, "event_time": None})
        elif action_arguments.get("minutes_before") is None:
            # The card names exactly what a yes writes: the offset the tool would take.
            default = context.profile.default_reminder_minutes
            action_arguments["minutes_before"] = default if default is not None else reminders.DEFAULT_MINUTES_BEFORE
        data["event"] = event_fact(target, context.zone)
    if tool == "schedule_event" and arguments.get("command_id") and context.active_command_id:
        # Continuing the open request ("yes" to a clash): the card names its known values, not only
        # what this call changes (the card is bound to the request as it stands: a change makes it stale).
        command = command_get(owner=context.user, command_id=context.active_command_id)
        data["request"] = {name: command.slot_value(name) for name in ("title", "date", "time")}
        if command.target_event is not None:
            data["event"] = event_fact(command.target_event, context.zone)  # a change of it: the card says so
    if tool == "cancel_command":
        # Bound to the request open now: a later yes closes exactly that one, by its id.
        if not context.active_command_id:
            return ToolResult(Status.NO_ACTIVE_COMMAND)
        command = command_get(owner=context.user, command_id=context.active_command_id)
        tool, action_arguments = "discard_command", {"command_id": str(command.id)}
        data["request"] = {"title": command.slot_value("title"), "kind": command.kind}
    data["action"] = {"type": "write", "tool": tool, "arguments": action_arguments}
    return ToolResult(Status.NEEDS_CONFIRMATION, data)


def hold_text(result: ToolResult, *, context: ToolContext, language: str) -> str:
    action = result.data["action"]
    tool = action["tool"]
    known = {k: v for k, v in (result.data.get("request") or {}).items() if v} if tool == "schedule_event" else {}
    arguments = known | {k: v for k, v in action["arguments"].items() if v is not None}

    def quote(value: str) -> str:
        return catalogue.text("quoted_title", language, title=value)

    rule = arguments.get("recurrence") if tool == "schedule_event" and not result.data.get("event") else None
    date = _day(arguments.get("date"), context, language, rule, arguments.get("time"))
    time = arguments.get("time") or ""
    when = " ".join(part for part in (date, time) if part)
    if isinstance(rule := arguments.get("recurrence"), Mapping) and rule.get("frequency"):
        # A series is named as one: "every day 19:00", not a single evening.
        words = repeat_words({**rule, "until": None}, language)
        if until := _day(rule.get("until"), context, language):
            words = catalogue.text("repeat_until", language, rule=words, day=until)
        when = " ".join(part for part in (words, when) if part)
    fields: dict[str, str] = {
        # A booking with no name yet is said to be one ("add an event, its name still to come, on …"), never "add  on".
        "title": quote(arguments["title"]) if arguments.get("title") else catalogue.text("hold_untitled", language),
        "when": catalogue.text("hold_when", language, when=when) if when else "",
        "fact": quote(arguments.get("fact") or ""),
        "overlap": catalogue.text("hold_overlap", language) if arguments.get("allow_overlap") else "",
    }
    changing = tool == "schedule_event" and bool(result.data.get("event"))  # insisting on a change's clash
    if tool == "change_event" or changing:
        event = result.data.get("event") or {}
        fields["event"] = quote(f"{event.get('title', '')} {event.get('date', '')} {event.get('start', '')}".strip())
        changes = [quote(arguments["title"])] if arguments.get("title") else []
        changes += [when] if when else []
        if arguments.get("duration_minutes"):
            changes.append(catalogue.text("minutes_long", language, minutes=arguments["duration_minutes"]))
        fields["changes"] = catalogue.text("hold_changes_joiner", language).join(changes)
    if tool == "set_reminder":
        event = result.data.get("event") or {}
        fields["text"] = (
            catalogue.text("hold_reminder_text", language, text=quote(arguments["text"]))
            if arguments.get("text")
            else ""
        )
        minutes = arguments.get("minutes_before")
        fields["before"] = (
            catalogue.text(
                "hold_reminder_before",
                language,
                minutes=minutes if minutes is not None else "?",
                event=quote(event.get("title", "")),
            )
            if event
            else ""
        )
    if tool == "cancel_reminder":
        named = str(arguments.get("event_words") or "")
        fields["title"] = quote(named) if named else catalogue.text("hold_reminder_just_set", language)
    if tool == "discard_command":
        title = (result.data.get("request") or {}).get("title")
        fields["title"] = catalogue.text("hold_request_title", language, title=quote(title)) if title else ""
    ask = "hold_ask_unasked" if result.data.get("reason") == "unasked" else "hold_ask"
    if changing:
        fields["changes"] += fields["overlap"]
    return catalogue.text(ask, language, what=catalogue.text("hold_change_event" if changing else f"hold_{tool}", language, **fields))
