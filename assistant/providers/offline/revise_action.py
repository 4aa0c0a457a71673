"""Revising what is in focus (read by ``revisions.py``): a patch to the request still open
(``schedule_event`` with its ``command_id``, only the values that change), or a change to the
event just made (``change_event``; "it" is left to the server unless it would miss the event).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from assistant.providers.base import ModelResponse
from assistant.providers.offline.calls import call, say, text
from assistant.providers.offline.conversation_actions import ask_what_at, thing_asked_about
from assistant.providers.offline.intents import Signals
from assistant.providers.offline.lexicon import CREATE, scope_of
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.revisions import read_revision
from assistant.providers.offline.when import read_when
from assistant.reading.hours import EITHER_HALF, PART_NEAR, shift_clock
from assistant.reading.meals import own_kind, usual_time
from assistant.reading.vocabulary import DAY_FROM_EVENT, part_of_day

Tools = Sequence[dict[str, Any]]


def revise(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    revision = read_revision(turn, s.text)
    if revision is None or revision.vague:
        return text(say("ask_change_value", turn.language))  # which day of "next week"?
    focus, when = revision.focus, revision.when
    shown = focus.command is None and not focus.reminder and turn.recent_entities and turn.recent_entities[0].get("via") == "found"
    if shown and s.text in CREATE and thing_asked_about(turn, s):
        # "any gap on wednesday for a call with the landlord?" … "ok put it at 11:30 then": the call, never the event shown.
        return ask_what_at(turn, s, tools)
    new_time, command = when.time, revision.focus.command
    if when.shift is not None and new_time is not None:
        # "push the 3pm back an hour": the time names the event (the one in focus, or it is asked), the shift moves it.
        if new_time != focus.start:
            return text(say("ask_change_value", turn.language))
        when, new_time = replace(when, time=None), None
    days_moved = when.shift is not None and new_time is None and when.shift % 1440 == 0 and command is None
    if when.shift is not None and new_time is None and not days_moved:
        # "an hour later": from the time the context shows, never a guessed one.
        new_time = shift_clock(focus.start or "", when.shift)
        if new_time is None:
            return text(say("ask_shift_base" if focus.command is None else "ask_change_value", turn.language))
    if focus.reminder:
        # The reminder just set, set again with what changes ("actually make it 8:30", "改成周四", "45 mins before").
        lead = when.duration if focus.start is None else None
        before = next((-days for pattern, days in DAY_FROM_EVENT if days < 0 and pattern.search(turn.text)), None) if new_time else None  # 改成前一天晚上十点
        return call(turn, tools, "set_reminder", replaces_last=True, date=when.single_day, time=new_time, minutes_before=lead, days_before=before)
    if command is not None and command.get("kind") == "create":
        if new_time and when.guessed and not focus.start and int(new_time[:2]) in EITHER_HALF:
            # "明儿一早…接我姑 帮我记上" … "六点四十吧": the half of the day the request said or its meal, else asked again (never guessed).
            part = next((p for said in (*turn.asked_since, turn.previous or "") if (p := part_of_day(said)) in PART_NEAR), None)
            meal = own_kind(str(focus.title or ""))
            near = PART_NEAR[part] if part else usual_time(meal) if meal else None
            new_time = read_when(s.text, today=turn.today, prefer_near=near).time if near else None
        return call(
            turn, tools, "schedule_event",
            title=revision.title, date=when.single_day, time=new_time, duration_minutes=when.duration,
            command_id=command["command_id"],
        )  # fmt: skip
    # A shift is counted from one event's time: name that event rather than leave "it" to the server.
    ref = focus.entity_ref if when.shift is not None and when.time is None else focus.ref
    return call(
        turn, tools, "change_event",
        event_ref=ref, ordinal=None, title=revision.title, date=when.single_day, time=new_time,
        duration_minutes=when.duration, shift_minutes=when.shift if days_moved else None, scope=scope_of(s.text),
    )  # fmt: skip  # "push it back a day": the tool moves it by whole days, at its own time
