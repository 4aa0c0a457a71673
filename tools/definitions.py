"""The product's tools, as data. The list and its order are static: byte-identical for every
turn and every person, so a provider's prefix cache keeps hitting."""

from __future__ import annotations

from scheduling.recurrence import FREQUENCIES, MAX_COUNT, MAX_INTERVAL, WEEKDAYS
from tools.handlers import conversation, events, reminders, schedule
from tools.handlers.reminders import REMINDER_REPEATS
from tools.schemas import (
    TASK_REF_PATTERN,
    boolean,
    choice,
    clock_time,
    closed_object,
    date_symbol,
    event_ref,
    integer,
    nullable,
    text,
)
from tools.spec import ToolSpec

# Every date parameter takes a date symbol and every time parameter 24-hour HH:MM: the grammar
# is stated once, in the system prompt (assistant.prompts), and checked here by the patterns.
RECURRENCE = nullable(
    closed_object(
        {
            "frequency": choice(None, list(FREQUENCIES)),
            "interval": nullable(integer("2 = every other.", 1, MAX_INTERVAL)),
            "weekdays": nullable({"type": "array", "items": {"type": "string", "enum": list(WEEKDAYS)}}),
            "month_day": nullable(integer("-1 = the last day.", -1, 31)),
            "until": nullable(date_symbol()),
            "count": nullable(integer(None, 1, MAX_COUNT)),
        }
    )
    | {"description": "Only when said to repeat ('every Monday', '每周一')."}
)
# Which occurrences of a repeating event a change or delete means; null when it is not said.
SCOPE = {
    "scope": nullable(choice("A repeating event's occurrences; null = ask.", ["this", "following", "all"])),
    "occurrence": nullable(date_symbol()),
}
# How change_event and delete_event name their event (see the system prompt): a reference, a
# position, the person's words for it (resolved by the server among their own events), or none.
WHICH_EVENT = {
    "event_ref": nullable(event_ref()),
    "ordinal": nullable(integer(None, 1, 50)),
    "event_words": nullable(text()),
    "event_date": nullable(date_symbol()),
    "event_time": nullable(clock_time()),
}

SCHEDULE_EVENT = ToolSpec(
    name="schedule_event",
    handler=schedule.schedule_event,
    description="Create an appointment, or continue the unfinished one (command_id).",
    parameters=closed_object(
        {
            "title": nullable(text()),
            "date": nullable(date_symbol()),
            "time": nullable(clock_time()),
            "duration_minutes": nullable(integer(None, 5, 1440)),
            "command_id": nullable(text()),
            "all_day": nullable({"type": "boolean"}),
            "end_date": nullable(date_symbol("A multi-day event's last day.")),
            "recurrence": RECURRENCE,
            "reminder_minutes": nullable(integer(None, 0, 10080)),
            "busy": nullable({"type": "boolean", "description": "All-day, yet blocks working hours."}),
            "allow_overlap": nullable(boolean("Only when the person insists on a clash.")),
        }
    ),
    terminal=True,
    side_effect="write",
    max_lengths={"title": 200, "command_id": 64},
    authority="values",
    traced={
        "title": "name",
        "date": "date",
        "time": "time",
        "end_date": "date",
        "reminder_minutes": "minutes",
        "recurrence": "repeat",
        "allow_overlap": "insist",
    },
    claim_kind="create",
)

QUERY_EVENTS = ToolSpec(
    name="query_events",
    handler=events.query_events,
    description="Read the calendar: every question about what is on or being free.",
    parameters=closed_object(
        {
            "start": date_symbol(),
            "end": nullable(date_symbol("Inclusive; null = one day (WE: the weekend).")),
            "event_words": nullable(text("One event asked about; null = all.")),
        }
    ),
    terminal=True,
    side_effect="read",
    max_lengths={"event_words": 200},
)

SUGGEST_SLOTS = ToolSpec(
    name="suggest_slots",
    handler=events.suggest_slots,
    description="Find free slots in working hours (or the evening), earliest first.",
    parameters=closed_object(
        {
            "date": date_symbol(),
            "end_date": nullable(date_symbol()),
            "duration_minutes": nullable(integer(None, 5, 1440)),
            "part_of_day": nullable(choice(None, ["morning", "afternoon", "evening", "any"])),
        }
    ),
    terminal=True,
    side_effect="read",
)

CANCEL_COMMAND = ToolSpec(
    name="cancel_command",
    handler=schedule.cancel_command,
    description="Drop the unfinished appointment being created or changed.",
    parameters=closed_object({}),
    terminal=True,
    side_effect="state",
    authority="dropping",
)

CHANGE_EVENT = ToolSpec(
    name="change_event",
    handler=events.change_event,
    description="Move, rename or resize an event: only what changes. For 'choosing', only what picks one.",
    parameters=closed_object(
        {
            **WHICH_EVENT,
            "title": nullable(text()),
            "date": nullable(date_symbol()),
            "time": nullable(clock_time()),
            "duration_minutes": nullable(integer(None, 5, 1440)),
            # "runs until 5pm", "延长到四点": a new end; the tool counts the length from the (new) start.
            "end_time": nullable(clock_time()),
            # "an hour later", "提前半小时", "往后推一天" with no new day or time: the tool moves the event's own start.
            "shift_minutes": nullable(integer("+ later, - earlier; no new time said", -10080, 10080)),
            # "30 minutes longer", "缩短一刻钟" with no new length said: the tool adds it to the event's own length.
            "extend_minutes": nullable(integer("+ longer, - shorter", -1435, 1435)),
            **SCOPE,
        }
    ),
    terminal=True,
    side_effect="write",
    max_lengths={"title": 200, "event_words": 200},
    authority="values",
    traced={
        # Which event: resolved by the tool among the person's own events (never another's).
        "event_ref": "target",
        "event_words": "target",
        "event_date": "target",
        "event_time": "target",
        "title": "name",
        "date": "date",
        "time": "time",
        "duration_minutes": "length",  # a length said, or the span to an end said ("3-5pm", "till 5")
        "end_time": "time",
        "shift_minutes": "minutes",
        "extend_minutes": "extend",  # a length said as more or less ("30 minutes longer", "缩短一刻钟"), signed
    },
    claim_kind="change",
)

DELETE_EVENT = ToolSpec(
    name="delete_event",
    handler=events.delete_event,
    description="Ask to delete an event (the person confirms).",
    parameters=closed_object({**WHICH_EVENT, **SCOPE}),
    terminal=True,
    side_effect="state",
    max_lengths={"event_words": 200},
    exempt="nothing is deleted by this call: the person is shown the event and must confirm its card",
    claim_kind="delete",
)

SET_REMINDER = ToolSpec(
    name="set_reminder",
    handler=reminders.set_reminder,
    description="A reminder before an event (event_ref or event_words, null = 'it'; minutes_before) or alone (text, date, time, repeat).",
    parameters=closed_object(
        {
            "text": nullable(text()),
            "event_ref": nullable(event_ref()),
            "event_words": nullable(text()),
            "minutes_before": nullable(integer(None, 0, 10080)),
            "date": nullable(date_symbol()),
            "time": nullable(clock_time()),
            "repeat": nullable(choice("From date on, on its weekday or day.", list(REMINDER_REPEATS))),
            "days_before": nullable(integer("With time: days before the event's day.", 0, 7)),
            "replaces_last": nullable(boolean("Changes reminder_just_set.")),
        }
    ),
    terminal=True,
    side_effect="write",
    max_lengths={"text": 200, "event_words": 200},
    authority="values",
    traced={
        "text": "text",
        "event_ref": "target",
        "event_words": "target",  # resolved by the tool among the person's own events
        "minutes_before": "minutes",
        "date": "date",
        "time": "time",
        "repeat": "repeat",
        "days_before": "counted",  # a day counted from the event, as said ("the night before")
    },
    defaults={"date": "D+0"},  # a reminder with no day said is for today: writing D+0 says nothing new
)

CANCEL_REMINDER = ToolSpec(
    name="cancel_reminder",
    handler=reminders.cancel_reminder,
    description="Remove reminder_just_set, or an event's (event_ref/event_words; null = it); the event stays.",
    parameters=closed_object({"event_ref": nullable(event_ref()), "event_words": nullable(text())}),
    terminal=True,
    side_effect="write",
    max_lengths={"event_words": 200},
    authority="values",
    traced={"event_ref": "target", "event_words": "target"},  # resolved by the tool among the person's own reminders
    claim_kind="delete",
)

SEARCH_MEMORY = ToolSpec(
    name="search_memory",
    handler=conversation.search_memory,
    description="Look up facts the person asked you to remember.",
    parameters=closed_object({"query": text()}),
    terminal=False,
    side_effect="read",
    max_lengths={"query": 200},
    untrusted_output=True,
)

REMEMBER_FACT = ToolSpec(
    name="remember_fact",
    handler=conversation.remember_fact,
    description="Store a fact the person explicitly asks you to remember.",
    parameters=closed_object({"topic": nullable(text()), "fact": text()}),
    terminal=True,
    side_effect="write",
    max_lengths={"topic": 80, "fact": 300},
    authority="values",
    # A topic is a label the model chose for the fact; the fact itself must be the person's.
    traced={"fact": "text"},
    claim_kind="remember",
)

SEARCH_CHAT_ARCHIVE = ToolSpec(
    name="search_chat_archive",
    handler=conversation.search_chat_archive,
    description="Search earlier sessions (history, never a confirmation).",
    parameters=closed_object({"query": text()}),
    terminal=False,
    side_effect="read",
    max_lengths={"query": 200},
    untrusted_output=True,
)

RESUME_TASK = ToolSpec(
    name="resume_task",
    handler=conversation.resume_task,
    description="Go back to a task put aside ('继续刚才那个'), with any values said.",
    parameters=closed_object(
        {
            "task_ref": nullable({"type": "string", "pattern": TASK_REF_PATTERN, "description": "T1 = latest."}),
            "title": nullable(text()),
            "date": nullable(date_symbol()),
            "time": nullable(clock_time()),
            "duration_minutes": nullable(integer(None, 5, 1440)),
        }
    ),
    terminal=True,
    side_effect="state",
    max_lengths={"title": 200},
    # Values said with a resume go into the task at once (and may finish it).
    authority="values",
    traced={"title": "name", "date": "date", "time": "time"},
)

OFFER_PLANNING_CONSULTATION = ToolSpec(
    name="offer_planning_consultation",
    handler=conversation.offer_planning_consultation,
    description="Offer a read-only review of the coming days when asked to help organise them.",
    parameters=closed_object({"days": nullable(integer(None, 1, 14))}),
    terminal=True,
    side_effect="state",
    exempt="only an invitation: the read-only consultation starts when an in-time yes passes the gate",
)

TOOL_SPECS: tuple[ToolSpec, ...] = (
    SCHEDULE_EVENT,
    QUERY_EVENTS,
    SUGGEST_SLOTS,
    CANCEL_COMMAND,
    CHANGE_EVENT,
    DELETE_EVENT,
    SEARCH_MEMORY,
    REMEMBER_FACT,
    SEARCH_CHAT_ARCHIVE,
    RESUME_TASK,
    OFFER_PLANNING_CONSULTATION,
    SET_REMINDER,
    CANCEL_REMINDER,
)
