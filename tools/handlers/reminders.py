"""Setting a reminder: before one of the person's events, or on its own at a time."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

import catalogue
from scheduling import symbols
from scheduling.errors import NotFound
from scheduling.localtime import local_datetime
from scheduling.models import Event, Reminder
from scheduling.recurrence import WEEKDAYS, Recurrence, build_rule, describe, first_occurrence
from scheduling.reminders import reminder_create
from scheduling.selectors import event_get
from tools.context import ToolContext
from tools.facts import day_fact, event_fact
from tools.handlers.targets import Named, events_named, events_on, near_choice
from tools.spec import Effect, Status, ToolResult

DEFAULT_MINUTES_BEFORE = 15


def set_reminder(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    if arguments.get("replaces_last"):
        return _replace_last(context, arguments)
    if (
        arguments.get("event_ref")
        or arguments.get("event_words")
        or (arguments.get("minutes_before") is not None and not arguments.get("time"))
        or (arguments.get("days_before") is not None and arguments.get("time"))  # "…the night before at 8": the event in focus
    ):
        return _before_event(context, arguments)
    if arguments.get("minutes_before") is not None and not arguments.get("text"):
        # "ping me 15 min before my 4pm tomorrow": before the event at that time, never a reminder at 16:00 whose lead
        # is dropped.
        return _before_event_at(context, arguments)
    text, clock = arguments.get("text"), arguments.get("time")
    if not clock:
        return ToolResult(Status.NEEDS_TIME, {"reminder": {"text": text}, "problem": "what time to remind"})
    day = symbols.resolve(str(arguments.get("date") or "D+0"), context.today)[0]
    # "remind me to call mum 15 minutes before 4pm": the lead is counted back from the time said, never dropped.
    moment = local_datetime(day, symbols.parse_time(str(clock)), context.zone) - datetime.timedelta(minutes=int(arguments.get("minutes_before") or 0))
    rule = ""
    if arguments.get("repeat"):
        # "每天早上八点提醒我吃药", "every thursday at 8am": the first firing is the rule's first still ahead.
        rule = _rule(str(arguments["repeat"]), day)
        first = first_occurrence(rule=rule, start=moment, zone=context.zone, not_before=context.now)
        if first is None:
            return ToolResult(Status.IN_PAST, {"problem": "that rule has no time ahead"})
        moment = first
    elif not arguments.get("date") and moment <= context.now:
        # "remind me at 6am" said at 22:30, no day said: the next 06:00, which the receipt names.
        wall = moment.astimezone(context.zone)  # the same wall-clock time a day on (a DST change in between kept right)
        moment = local_datetime(wall.date() + datetime.timedelta(days=1), wall.time().replace(tzinfo=None), context.zone)
    if moment <= context.now:
        return ToolResult(Status.IN_PAST, {"problem": f"{moment.astimezone(context.zone):%Y-%m-%d %H:%M} has passed"})
    reminder = reminder_create(
        owner=context.user, remind_at=moment, text=str(text or catalogue.text("reminder_untitled", context.language)), rrule=rule, time_zone=context.profile.time_zone
    )
    local = moment.astimezone(context.zone)
    fact: dict[str, Any] = {"ref": f"R{reminder.id}", "text": reminder.text, "date": local.date().isoformat(), "time": f"{local:%H:%M}"}
    if rule:
        fact["repeats"] = describe(rule)
    return ToolResult(
        Status.REMINDER_SET, {"reminder": fact}, [Effect(kind="create", model="reminder", object_id=str(reminder.id))]
    )


# How a reminder on its own repeats, from its first date: the rule is written here, not by the model.
REMINDER_REPEATS = ("daily", "weekdays", "weekly", "monthly", "yearly")


def _replace_last(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    """ "actually make it 8:30", 改成晚上九点半: the reminder the last result set (state, never a guess) is
    set again with what this call says and the rest as it was; the old one goes only once the new one is set."""
    ref = str((context.entities.reminder or {}).get("ref") or "")
    old = Reminder.objects.select_related("event").filter(owner=context.user, id=int(ref[1:])).first() if ref[1:].isdigit() else None
    if old is None:
        return ToolResult(Status.NOT_FOUND, {"problem": "no reminder was just set to change"})
    said = {name: value for name, value in arguments.items() if value is not None and name != "replaces_last"}
    kept: dict[str, Any] = {"text": old.text or None}
    if old.event is not None:
        # Before an event: a new lead, or a time on the day it fired on ("make the reminder 8pm" after the night before).
        starts = old.event.starts_at.astimezone(context.zone)
        fires = starts - datetime.timedelta(minutes=old.minutes_before or 0)
        kept |= {"event_ref": f"E{old.event_id}"}
        kept |= {"days_before": (starts.date() - fires.date()).days} if said.get("time") else {"minutes_before": old.minutes_before}
    elif old.remind_at is not None:
        local = old.remind_at.astimezone(context.zone)
        kept |= {"date": local.date().isoformat(), "time": f"{local:%H:%M}", "repeat": _repeat_of(old.rrule)}
    result = set_reminder(context, {**kept, **said})
    if result.status is Status.REMINDER_SET:
        old.delete()
        result.data["replaced"] = True
        result.effects = [Effect(kind="change", model="reminder", object_id=effect.object_id) for effect in result.effects]
    return result


def _repeat_of(rule: str) -> str | None:
    """The repeat word a rule this module wrote came from (``_rule``)."""
    if not rule:
        return None
    if "BYDAY=MO,TU,WE,TH,FR" in rule:
        return "weekdays"
    return next((repeat for repeat in REMINDER_REPEATS if f"FREQ={repeat.upper()}" in rule), None)


def _rule(repeat: str, first: datetime.date) -> str:
    if repeat == "weekdays":
        return build_rule(Recurrence("weekly", weekdays=WEEKDAYS[:5]), until=None)
    if repeat == "weekly":
        return build_rule(Recurrence("weekly", weekdays=(WEEKDAYS[first.weekday()],)), until=None)
    if repeat == "monthly":
        return build_rule(Recurrence("monthly", month_day=first.day), until=None)
    return build_rule(Recurrence(repeat), until=None)


def cancel_reminder(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    """ "scrap the reminder", 提醒删掉吧: the reminder just set, or the reminders before the event named (or in focus).
    The event itself stays; nothing but the reminders goes."""
    named = Named(words=arguments.get("event_words"), date=None)
    just_set = str((context.entities.reminder or {}).get("ref") or "") if not (arguments.get("event_ref") or named) else ""
    if just_set[1:].isdigit():
        gone = list(Reminder.objects.select_related("event").filter(owner=context.user, id=int(just_set[1:])))
    else:
        # Words that name no event of theirs remove nothing: never the reminders of the event in focus instead.
        by_words = bool(named) and not arguments.get("event_ref")
        ids = [event.id for event in events_named(context, named).events] if by_words else context.entities.resolve(arguments.get("event_ref"), None)[0]
        if len(ids) != 1:
            return ToolResult(Status.AMBIGUOUS_REFERENCE if len(ids) > 1 else Status.NOT_FOUND, {"problem": "which event's reminder is not clear"})
        gone = list(Reminder.objects.select_related("event").filter(owner=context.user, event_id=ids[0]))
        if not gone:  # the event is there; a reminder on it is not
            return ToolResult(Status.NOT_FOUND, {"problem": "no reminder to remove", "no_reminder": event_fact(event_get(owner=context.user, event_id=ids[0]), context.zone)})
    if not gone:
        return ToolResult(Status.NOT_FOUND, {"problem": "no reminder to remove", "no_reminder": {}})
    event = gone[0].event
    effects = [Effect(kind="delete", model="reminder", object_id=str(reminder.id)) for reminder in gone]
    Reminder.objects.filter(id__in=[reminder.id for reminder in gone]).delete()
    data: dict[str, Any] = {"removed": len(gone), "text": gone[0].text or None}
    if event is not None:
        data["event"] = event_fact(event, context.zone)
    return ToolResult(Status.REMINDER_REMOVED, data, effects)


def _before_event_at(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    days = symbols.resolve(str(arguments.get("date") or "D+0"), context.today)
    events = events_on(context, days, str(arguments["time"]))
    if not events:
        looked = {"from": day_fact(days[0]), "to": day_fact(days[-1])}
        return ToolResult(Status.NOT_FOUND, {"problem": "no event of yours starts then", "named": {"time": arguments["time"]}, "looked": looked})
    if len(events) > 1:
        return _which_one(context, events, arguments, "several of your events start then")
    return _remind_before(context, events[0], arguments.get("minutes_before"))


def _which_one(context: ToolContext, events: list[Event], arguments: Mapping[str, Any], problem: str) -> ToolResult:
    """A numbered choice of events that keeps the lead time for the answer."""
    candidates = [event_fact(event, context.zone) for event in events]
    choosing = {"tool": "set_reminder", "values": {"minutes_before": arguments.get("minutes_before")}}
    return ToolResult(Status.AMBIGUOUS_REFERENCE, {"problem": problem, "candidates": candidates, "choosing": choosing})


def _before_event(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    # "remind me 30 minutes before the dentist on monday": the event the words name (on the day said), among the person's own.
    named = Named(words=arguments.get("event_words"), date=arguments.get("date") if arguments.get("event_words") else None)
    if not arguments.get("event_ref") and named:
        found = events_named(context, named)
        events = found.events or near_choice(context, named, found)
        if not events:
            return ToolResult(Status.NOT_FOUND, {"problem": "no event of yours fits those words", "named": named.as_fact()})
        if len(events) > 1 or not found.events:
            # Several fit, or none by its words but some come close ("看牙" for 「牙医」): a numbered choice that keeps the lead.
            problem = "several of your events fit those words" if found.events else "no title fits those words; these come close"
            return _which_one(context, events, arguments, problem)
    else:
        ids, how = context.entities.resolve(arguments.get("event_ref"), None)
        events = []
        for event_id in ids:
            try:
                events.append(event_get(owner=context.user, event_id=event_id))
            except NotFound:
                continue
        if len(events) != 1:
            status = Status.NOT_FOUND if how == "ref" else Status.AMBIGUOUS_REFERENCE
            return ToolResult(status, {"problem": "which event the reminder is for is not clear"})
    event = events[0]
    if arguments.get("time") and arguments.get("minutes_before") is None and arguments.get("days_before") is not None:
        # "remind me the night before the flight at 8pm": that time, days counted back from the event's own day.
        start = event.starts_at.astimezone(context.zone)
        day = start.date() - datetime.timedelta(days=int(arguments["days_before"]))
        lead = int((start - local_datetime(day, symbols.parse_time(str(arguments["time"])), context.zone)).total_seconds() // 60)
        if not 0 < lead <= 7 * 24 * 60:
            return ToolResult(Status.INVALID_ARGUMENTS, {"problem": "that moment is not before the event", "event": event_fact(event, context.zone)})
        return _remind_before(context, event, lead, str(arguments.get("text") or ""))
    return _remind_before(context, event, arguments.get("minutes_before"))


def _remind_before(context: ToolContext, event: Event, minutes: Any, text: str = "") -> ToolResult:
    if minutes is None:
        minutes = context.profile.default_reminder_minutes
    if minutes is None:
        minutes = DEFAULT_MINUTES_BEFORE
    reminder = reminder_create(owner=context.user, event=event, minutes_before=int(minutes), text=text)
    return ToolResult(
        Status.REMINDER_SET,
        {"reminder": {"ref": f"R{reminder.id}", "minutes_before": reminder.minutes_before}, "event": event_fact(event, context.zone)},
        [Effect(kind="create", model="reminder", object_id=str(reminder.id))],
    )
