"""Reading and changing the calendar: query, suggest, change, delete, and dropping the request
in progress. (Creating is in ``create_action.py``.)

Which event "it" means is left to the server (a null reference) unless the message names one
of the events in the context. A name (or a day) that matches none of them goes to the server as
the person's words for the event, and the server finds it among their events (one acts, several
are asked about, none is said plainly): never guessed here.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Sequence
from typing import Any

from assistant.providers.base import ModelResponse
from assistant.providers.offline import lexicon as lx
from assistant.providers.offline.calls import call, say, text
from assistant.providers.offline.create_action import create
from assistant.providers.offline.intents import Signals, previous_intent, read_signals
from assistant.providers.offline.ranges import named_month
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.suggestions import offer_at
from assistant.providers.offline.targets import PART_WORDS, PARTS, Target, chosen, event_name, find_target, iso_day
from assistant.providers.offline.titles import best_match, clauses_of, only_filler, overlap, title_from, weak_only
from assistant.providers.offline.when import When, in_week_of, read_when
from assistant.reading import vocabulary
from assistant.reading.days import days_of
from assistant.reading.hours import shift_clock
from assistant.reading.meals import own_kind, usual_time
from assistant.reading.vocabulary import CLAUSE, DAY_POSSESSIVE, THAT_DAY, WEEKDAYS_EN, part_of_day, phrases, taken_back

Tools = Sequence[dict[str, Any]]

# "make it 1pm": a bare patch, meaningful only with something in focus.
_PATCH_ONLY = re.compile(r"^(?:(?:actually|ok(?:ay)?|and|so|no)[\s,]+)*(?:make|set)\s+(?:it|that)\b", re.IGNORECASE)
# "那改成周三下午两点理发", "换成周五看电影": a new request in place of the old one.
_NEW_INSTEAD = re.compile(r"^(?:那|那就)?(?:改成|换成|还是)")


def query(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    subject = lx.MEMORY_DAY.search(s.text)
    if s.day is None and subject is not None and s.memory_date is None:
        # "what's on mum's birthday?": the day is a remembered fact; look it up first.
        return call(
            turn, tools, "search_memory", query=title_from(subject.group("subject")) or subject.group("subject")
        )
    month = named_month(s.text, turn.today) if s.day is None and s.text not in lx.PAST else None
    if month is not None:  # "what do i have in december", "十二月还有什么安排": that month
        return call(turn, tools, "query_events", start=month.start, end=month.end, event_words=None)
    asked = _day_asked_about(turn, s)
    if s.day is None and s.when.declined and not asked:
        # "the 21st", "May 9th" inside a sentence the reader declined: ask, never answer about today
        # (a day answered about becomes the day in focus that a later "add it at 3pm" would book).
        return text(say("ask_which_day", turn.language))
    start = s.day or asked or "D+0"
    end = s.when.end if s.when.end != start else None
    named = lx.QUERY_NAMED.search(s.when.residue)
    name = title_from(named["en"] or named["zh"], verb=False) if named else None
    if name is not None and weak_only(name):
        name = None  # "when is my next meeting?": what kind of event, not which
    if s.day is None and (name or lx.QUERY_LOOKUP.search(s.text) or lx.QUERY_LISTING.match(s.text)):
        # "when is my next meeting?", "when is my dentist?": look ahead, not just today.
        end = f"D+{(lx.NAMED_LOOKUP_DAYS if name else lx.LOOKUP_DAYS) - 1}"
    return call(turn, tools, "query_events", start=start, end=end, event_words=name)


def _day_asked_about(turn: Turn, s: Signals) -> str | None:
    """ "三点有空吗" right after "明天有什么安排": a time asked about on the day just asked about, not today;
    "那天还有别的吗" right after a booking: the day of what was just made."""
    if s.day is None and THAT_DAY.search(s.text) and turn.recent_entities:
        return str(turn.recent_entities[0].get("date") or "") or None
    around = lx.ANYTHING_AROUND.match(s.text)  # "anything after 4?"
    if s.day is not None or not (s.when.time or s.when.part_of_day or around) or not turn.previous or previous_intent(turn) != "query":
        return None
    before = read_when(turn.previous, today=turn.today)
    return None if before.past else before.single_day


def suggest(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    if s.day is None and s.when.declined:
        return text(say("ask_which_day", turn.language))  # as a query: never free time of another day
    when = s.when
    start, end = (s.day, when.end) if s.day else ("D+0", "D+6")  # no day said: look across the coming week
    first = days_of(start, turn.today)
    if first and first[0] < turn.today:
        start = "D+0"  # "this week" from a Wednesday: the days already gone have no free time to offer
    part = None if when.time else (when.part_of_day or part_of_day(s.text))
    return call(
        turn, tools, "suggest_slots",
        date=start, end_date=end if end != start else None, duration_minutes=when.duration, part_of_day=part,
    )  # fmt: skip


def change(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    sentences = [p for p in re.split(r"(?<=[.!?;])\s+", s.text) if p.strip()]
    if len(asking := [p for p in sentences if p in lx.CHANGE]) == 1 < len(sentences) and ((read := read_when(asking[0], today=turn.today)).date or read.time):
        s = dataclasses.replace(s, text=asking[0], when=read)  # "ok forecast says rain. move it to sunday": the sentence that asks
    named = event_name(s.when.residue, focus=bool(turn.recent_entities))
    gone, pointed = turn.context.get("just_deleted") or {}, named is None or bool(lx.POINTER.search(s.text) or CLAUSE.search(named))
    if gone and (s.day or s.when.time) and s.when.shift is None and (pointed or overlap(named or "", str(gone["title"])) > 0) and not best_match(named or "", turn.recent_entities):
        # "put it on friday instead, same time" after the person had it deleted: booked again, its own name, time and length.
        return call(turn, tools, "schedule_event", title=gone["title"], date=s.day or gone["date"], time=s.when.time or gone["start"], duration_minutes=gone.get("minutes"))
    aside = [t for t in turn.suspended if named and overlap(named, str(t.get("title") or "")) >= 2]
    if len(aside) == 1 and (s.day or s.when.time) and not turn.active_command:
        # "right so the vet, make it 11am" after another booking in between: the request put aside, named, goes on.
        return call(turn, tools, "resume_task", task_ref=str(aside[0].get("ref")), date=s.day, time=s.when.time, duration_minutes=s.when.duration)
    after = _WEEKDAY_AFTER.search(s.text)  # "the friday after": a day counted from the event, no name and no day of its own
    if after:
        s = dataclasses.replace(s, text=_WEEKDAY_AFTER.sub(" ", s.text), when=read_when(_WEEKDAY_AFTER.sub(" ", s.text), today=turn.today))
    if lx.SERIES.search(s.text):  # "把每周的例会改到十点": the repeat word names the series, not the new time
        s = dataclasses.replace(s, when=read_when(lx.SERIES.sub(" ", s.text), today=turn.today))
    read_as = re.sub(r"\b(?:un)?till?\b", "at", s.text) if lx.EXTEND.search(s.text) else s.text  # "runs until 1pm": a new end
    if read_as != s.text:
        s = dataclasses.replace(s, when=read_when(read_as, today=turn.today))
    rename = lx.RENAME.search(s.text)
    exclude_text = None
    if rename:  # the naming words and the name say no day, time or event ("called Dinner, at 12 Oak Avenue")
        which = rename.groupdict().get("which") or ""  # "rename team sync to weekly sync": the event named
        s = dataclasses.replace(s, when=read_when(f"{s.text[: rename.start()]} {which}", today=turn.today))
        exclude_text = None if which else s.text[rename.start() : rename.start("title")].strip() or None
    when = s.when
    named_at = bool(rename and (when.time or when.date))  # "rename the 2pm meeting on tuesday to …": the moment names it
    new_title = title_from(rename.group("title")) if rename else None
    active = turn.active_command
    if active and active.get("kind") == "create" and not when.ordinal:
        target = find_target(turn, s, naming_day=None, exclude=exclude_text)
        known = str((active.get("known") or {}).get("title") or "")
        # "move it to 4pm" while creating: a patch to that request. "move my gym to 7pm" names another event.
        patch = any(_PATCH_ONLY.match(clause) for clause in clauses_of(s.text))  # "oh right, the workshop. make it 3pm"
        if patch or (target.ref is None and not target.unknown and (target.words is None or overlap(target.words, known) > 0)):
            new_time = when.time
            if when.shift is not None and new_time is None:
                new_time = shift_clock(str((active.get("known") or {}).get("time") or ""), when.shift)
                if new_time is None:
                    return text(say("ask_change_value", turn.language))
            return call(
                turn, tools, "schedule_event",
                title=new_title, date=s.day, time=new_time, duration_minutes=when.duration,
                command_id=active["command_id"],
            )  # fmt: skip
    # "把明天的会推迟一个小时", "move tomorrow's meeting to 4pm": with a shift or a day's possessive,
    # the day names the event; otherwise it is the new day.
    moved = lx.DESTINATION.search(s.text)
    old = read_when(re.sub(r"\bfrom\b|从", " ", s.text[: moved.start()]), today=turn.today) if moved else None
    to = read_when(moved["new"] or moved["new_zh"], today=turn.today) if moved else None
    if moved and to and to.time and old and old.part_of_day in {"afternoon", "evening", "night"} and int(to.time[:2]) < 12 and not part_of_day(moved["new"] or moved["new_zh"]):
        to = dataclasses.replace(to, time=f"{int(to.time[:2]) + 12:02d}{to.time[2:]}")  # "明晚健身改成八点半到十点": in the part it was named by
    # "move yoga from 6 to 7:30", "从六点改到七点半": from one time to another, not a span of an hour and a half.
    from_to = bool(moved and re.search(r"\bfrom\b|从", s.text[: moved.start()]))
    from_time, to_time = (when.time, shift_clock(when.time, when.duration)) if from_to and when.time and when.duration else (None, None)
    if moved and not from_time and old and to and old.time and to.time and not (old.date or to.date):
        # "change my 3pm call to 3:30", "从六点改到七点半": the new hour is read near the old one.
        hour, minute = (int(part) for part in old.time.split(":"))
        to = read_when(moved["new"] or moved["new_zh"], today=turn.today, prefer_near=datetime.time(hour, minute))
        from_time, to_time = (old.time, to.time) if from_to else (None, None)
    if old is None or to is None or not (old.single_day or old.time) or not (to.single_day or to.time):
        to = None
    else:
        s = dataclasses.replace(s, when=dataclasses.replace(old, ordinal=when.ordinal))  # "第一个" picks among them
    # ... as does a day beside a new length said with no new start ("make the team lunch on thursday 2 hours long").
    names_event = named_at or when.shift is not None or bool(DAY_POSSESSIVE.search(s.text)) or to is not None or bool(
        when.duration and not when.time and not moved and lx.LENGTH_CHANGE.search(s.text))
    naming_day = iso_day(s.day, turn.today) if names_event else None
    new_day = in_week_of(to.single_day, naming_day, turn.today) if to is not None else None if names_event else when.single_day  # "下周四的例会改到周五"
    if active and active.get("kind") == "change" and active.get("event_ref"):
        target = Target(ref=str(active["event_ref"]))
    else:
        target = find_target(turn, s, naming_day=naming_day, exclude=exclude_text)
        target = dataclasses.replace(target, time=old.time if old is not None and to is not None else from_time or (when.time if named_at else None))
    if target.words and _NEW_INSTEAD.match(s.text) and (s.day or when.time) and not lx.EXTEND.search(s.text):
        return create(turn, s, tools)  # "那改成周三下午两点理发": not a change of anything shown, a new request
    # "make it 3:30" right after a request not understood: "it" is that request, never an event listed before it.
    unread = turn.last_reply == say("unclear", turn.language) and not (target.ref or target.words or target.ordinal)
    nothing_in_focus = unread or (target.ref is None and target.ordinal is None and not active and not turn.recent_entities)
    if target.unknown or (nothing_in_focus and not target.words and _PATCH_ONLY.match(s.text)):
        return text(say("nothing_in_focus", turn.language))  # "make it 1pm" with nothing made or shown: ask
    when = _near_the_event(turn, s, target, read_as)
    if after and not new_day and (shown := _entity(turn, target)) and shown.get("date"):
        # "move it to the friday after, same time": the first such weekday after the event's own day.
        start, weekday = datetime.date.fromisoformat(str(shown["date"])), WEEKDAYS_EN[after["day"].lower()]
        new_day = (start + datetime.timedelta(days=(weekday - start.isoweekday()) % 7 or 7)).isoformat()
    new_time = to.time if to is not None else None if named_at else when.time
    if when.shift is not None and to is None and new_time:
        target, new_time = dataclasses.replace(target, time=new_time), None  # "push back my 3pm meeting by an hour"
    if new_time and (to or when).guessed and not (_near_point(turn, target) or target.time) and target.words and int(new_time[:2]) % 12 in _UNSURE_HALF:
        # "瑜伽课改到八点", the class not shown: its own time is unknown here, so which 八点 is asked, never guessed.
        hour_said, minutes_said = str(int(new_time[:2]) % 12), new_time[3:]
        said = (hour_said if minutes_said == "00" else f"{hour_said}:{minutes_said}") if turn.language == "en" else (
            f"{hour_said}点" + {"00": "", "30": "半"}.get(minutes_said, f"{int(minutes_said)}分"))
        return text(say("ask_change_half", turn.language, time=said, title=target.words))
    # The part of the day of the new moment only: "明天下午的会议改名叫…" names the event by it.
    part = None if new_time or when.shift is not None else to.part_of_day if to else None if names_event or rename else when.part_of_day
    if part in PARTS and not PARTS[str(part)][0] <= _shown_start(turn, target) < PARTS[str(part)][1] and not vocabulary.SAME_TIME.search(turn.text):
        # "改到周五下午" for a class at 09:00 (or at a time not shown): which time in the afternoon is asked.
        return text(say("ask_time_in_part", turn.language, part=PART_WORDS[str(part)][turn.language == "zh"]))
    if to is not None and ((to.time and to.duration) or (old is not None and old.time)) and not from_time:
        when = dataclasses.replace(when, duration=to.duration)  # "改成九点到十二点": its new length; "move the 11am to 2pm": none
    if from_time and to_time:
        new_time, when = to_time, dataclasses.replace(when, duration=None)
    end_time = None
    if new_time and lx.EXTEND.search(s.text) and not when.duration:
        new_time, end_time = None, new_time  # "延长到十二点", "runs until 1pm": a new end; the tool counts the length
    shift = None
    if when.shift is not None and new_time is None:
        if not (target.words or target.ref or target.ordinal or target.time or turn.recent_entities):
            return text(say("ask_shift_base", turn.language))
        shift = when.shift  # "push the project review back an hour": the tool moves the event's own start
    extend = when.extend if not (when.duration or end_time) else None  # "30 minutes longer": the tool adds it to its own length
    if not (new_title or new_day or new_time or when.duration or shift or end_time or extend):
        return text(say("ask_new_length" if lx.EXTEND.search(s.text) else "ask_change_value", turn.language))
    return call(
        turn, tools, "change_event",
        **target.named(), title=new_title, date=new_day, time=new_time, duration_minutes=when.duration, end_time=end_time,
        shift_minutes=shift, extend_minutes=extend, scope=lx.scope_of(s.text) or _scope(turn, s.text[: moved.start()] if moved else s.text, None),
    )  # fmt: skip


_WEEKDAY_AFTER = re.compile(rf"\bthe\s+(?P<day>{'|'.join(WEEKDAYS_EN)})\s+after\b(?!\s+(?:next|this|that)\b)", re.I)
_UNSURE_HALF = frozenset({6, 7, 8})  # "改到八点": a class at 19:30 moves to 20:00, a breakfast to 08:00


def _near_point(turn: Turn, target: Target) -> datetime.time | None:
    """Where a bare hour belongs: the event's own time, when shown ("改到八点" for an evening dinner is 20:00),
    else the usual time of the meal it names ("change dinner with the smiths to 8" is 20:00)."""
    entity = _entity(turn, target)
    start = str(entity.get("start") or "") if entity else ""
    if re.fullmatch(r"\d{2}:\d{2}", start):
        return datetime.time(int(start[:2]), int(start[3:]))
    meal = own_kind(target.words)
    return usual_time(meal) if meal else None


def _shown_start(turn: Turn, target: Target) -> str:
    entity = _entity(turn, target) if target.ref or target.ordinal else None
    return str((entity or {}).get("start") or "")


def _near_the_event(turn: Turn, s: Signals, target: Target, read_as: str) -> When:
    near = _near_point(turn, target)
    said = lx.SERIES.sub(" ", read_as)  # read as s.when was: "每周的例会改到十点" is the series, not a day declined
    return s.when if not s.when.time or near is None else read_when(said, today=turn.today, prefer_near=near)


def _entity(turn: Turn, target: Target) -> dict[str, Any] | None:
    if target.ref:
        return next((e for e in turn.recent_entities if e.get("ref") == target.ref), None)
    if target.ordinal and 0 < target.ordinal <= len(turn.last_listed):
        ref = turn.last_listed[target.ordinal - 1]
        return next((e for e in turn.recent_entities if e.get("ref") == ref), None)
    return turn.recent_entities[0] if turn.recent_entities else None


def delete(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    active = turn.active_command
    if _REMINDER_ITSELF.search(s.text):  # "scrap the reminder", 提醒删掉吧: the reminder goes, never the event
        asked = next((p for p in phrases(s.when.residue) if _REMINDER_ITSELF.search(p)), s.when.residue)  # "…，我自己记得": a reason
        named = event_name(lx.DELETE.remove(_REMINDER_ITSELF.sub(" ", asked)), focus=bool(turn.recent_entities))
        named = None if named is None or only_filler(named) else named
        return call(turn, tools, "cancel_reminder", event_ref=None, event_words=named)
    named = event_name(s.when.residue, focus=bool(turn.recent_entities))
    if active and active.get("kind") == "create" and not named and s.when.ordinal is None and not s.day:
        return call(turn, tools, "cancel_command")  # "delete it" while creating: drop the unfinished request
    day = None if s.when.end and s.when.end != s.day else s.day  # "this week" is no one day: the name finds it
    target = find_target(turn, s, naming_day=iso_day(day, turn.today), asks_first=True)
    if target.unknown:  # "the last one" with no list shown
        return text(say("nothing_in_focus", turn.language))
    # A time said names the event ("delete my three pm meeting"); the server narrows by it.
    time = None if target.ref else s.when.time
    return call(turn, tools, "delete_event", **(target.named() | {"event_time": time}), scope=_scope(turn, s.text, day))


_REMINDER_ITSELF = re.compile(r"\b(?:the|that|this|my)\s+(?:\w+\s+)?(?:reminders?|alerts?|notifications?)\b|(?:那个|这个|的)?提醒(?=(?:也|就|都)?(?:删|取消|去掉|不要|不用|撤))", re.I)


def _scope(turn: Turn, said: str, day: str | None) -> str | None:
    """Which occurrences of a repeating event a change or delete means, when the words say it."""
    scope = lx.scope_of(said)
    # Read without its repeat words, the request must name no period, exception or second day.
    rest = read_when(lx.SERIES.sub(" ", said), today=turn.today)
    plain = not rest.declined and not lx.SOME_OF_THEM.search(said)
    if scope is None and plain and not rest.date and lx.SERIES.search(said):
        scope = "all"  # "cancel my weekly standup", "取消每周一的例会": the series, no day of it named
    elif scope is None and plain and day and (re.match(r"D[+-]|\d", day) or lx.ONE_DAY.search(said)):
        scope = "this"  # "cancel next monday's yoga", "这周四的瑜伽课取消": that day's ("my thursday yoga" is asked)
    return scope


def drop(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    if turn.active_command:
        return call(turn, tools, "cancel_command")
    intent = turn.context.get("intent") or {}
    goal, booked = intent.get("goal") or {}, {str(g.get("title")).casefold() for g in intent.get("completed") or [] if isinstance(g, dict) and g.get("kind") == "create"}
    made = [e for e in turn.recent_entities[:1] if e.get("via") == "created" or (e.get("via") == "updated" and str(e.get("title")).casefold() in booked)]
    own = bool(s.when.date or s.when.time) and taken_back(s.text)  # "and pilates wednesday at 6pm, nah forget it": that one, never the gym before
    if made and goal.get("kind") in {"create", "change"} and goal.get("status") == "done" and not own:
        # "wait no, don't add that" right after a booking (or its correction): the card to delete what was just made.
        return call(turn, tools, "delete_event", event_ref=made[0]["ref"], ordinal=None)
    if own or not re.search(r"\bcancel\b|取消", s.text, re.IGNORECASE):
        return text(say("nothing_to_drop", turn.language))  # "never mind" with nothing open: nothing to do
    if turn.recent_entities or re.search(r"\bcancel\s+it\b|取消它", s.text, re.IGNORECASE):
        return call(turn, tools, "delete_event", event_ref=None, ordinal=None)  # "cancel it": the event in focus
    return call(turn, tools, "cancel_command")  # "cancel that" with nothing shown: the server says what is open


def pick(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    """A position ("the second one") picks one of the times just offered for the request still open, or
    answers "which one?": then it is the last request again, now with its position."""
    choosing = turn.context.get("choosing") or {}
    tool, ordinal = str(choosing.get("tool")), s.when.ordinal
    if tool in {"set_reminder", "change_event", "delete_event"}:
        # "下午那个", "1": its request goes on with that event, whose values the tool kept; a reminder's keeps its lead
        # and is never read again with the message before ("提前15分钟" would move the event).
        shown = [next((e for e in turn.recent_entities if str(e["ref"]) == ref), {}) for ref in turn.last_listed]
        by_position = shown[ordinal - 1 if ordinal > 0 else ordinal] if ordinal and abs(ordinal) <= len(shown) else None
        picked = by_position or (chosen(turn, s, shown) if ordinal is None else None)
        if not picked:
            return text(say("unclear", turn.language))
        values = (choosing.get("values") or {}) if tool == "set_reminder" else {}
        return call(turn, tools, tool, event_ref=str(picked["ref"]), **values)
    offer = offer_at(turn.last_reply, s.when.ordinal)
    active = turn.active_command
    if offer is not None and active and active.get("kind") == "change" and active.get("event_ref"):
        return call(
            turn, tools, "change_event",
            event_ref=active["event_ref"], ordinal=None, title=None, date=offer.date, time=offer.time, duration_minutes=None,
        )  # fmt: skip
    if offer is not None:  # the request open, or with nothing open ("book the first one" after "You're free: …") a new one
        return call(
            turn, tools, "schedule_event", title=None, date=offer.date, time=offer.time,
            duration_minutes=s.when.duration, command_id=active["command_id"] if active else None,
        )  # fmt: skip
    if turn.previous is None:
        return text(say("unclear", turn.language))
    combined = read_signals(turn, text=f"{turn.previous} {s.text}")
    if combined.text in lx.CHANGE:
        return change(turn, combined, tools)
    if combined.text in lx.DELETE:
        return delete(turn, combined, tools)
    return text(say("unclear", turn.language))
