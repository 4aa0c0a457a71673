"""Corrections and revisions of the appointment just made, or of the one still being made:
"actually 4", "no no, I meant 4pm not 3", "make it lunch at noon", "can we do 5 instead?",
"其实四点更好", "还是周日吧", "我说的是周二", "时间改成下午四点吧，地点不变".

A message is a revision when three things hold:

- it says a new value: a day, a time, a length, a shift ("an hour later") or a new kind of meal;
- once those values (and the value being replaced: "not 3", "不是周五") are read, only correction
  words are left — nothing that names another event or a new request ("and lunch with Sam …");
- something is in focus to revise, and the message sounds like a revision of it: a correction word
  ("actually", "I meant", "其实", "不对"), a change verb ("make it", "push", "改", "推迟"), or —
  for the thing just made or being made — a softer proposal ("let's say", "can we do", "…吧").

``read_revision`` only reads; ``revise_action.py`` makes the call.
"""

from __future__ import annotations

import datetime
import difflib
import re
from dataclasses import dataclass, replace
from typing import Any

import catalogue
from assistant.providers.offline import lexicon as lx
from assistant.providers.offline import revision_phrases as rp
from assistant.providers.offline.calls import say
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.titles import title_from
from assistant.providers.offline.when import When, in_week_of, read_when
from assistant.reading.durations import find_lengths
from assistant.reading.meals import MEAL, read_meals, retitled, usual_time
from assistant.reading.text import PUNCTUATION
from assistant.reading.vocabulary import DAY_FROM_EVENT, HEARSAY, PARTS_OF_DAY, phrases

_MADE = frozenset({"created", "updated", "to delete"})


@dataclass(frozen=True)
class Focus:
    """What a revision revises: the request still open, or an event already on the calendar."""

    command: dict[str, Any] | None  # the open request, if any
    ref: str | None  # the event, when "it" (the server's focus) would not reach it
    entity_ref: str | None  # the event the revision starts from, for a shift
    title: str | None
    start: str | None  # "HH:mm", when known
    day: str | None = None  # its day (a date symbol or YYYY-MM-DD), when known
    reminder: bool = False  # the reminder just set (the context's reminder_just_set), not an event
    fires: str | None = None  # "HH:mm" a reminder before an event goes off at: a bare hour said of it is read near it


@dataclass(frozen=True)
class Revision:
    focus: Focus
    when: When
    title: str | None  # the new title, when the kind of meal changes
    vague: bool = False  # "I meant next week", "a bit later": no one day or time to move to yet


def _made(turn: Turn) -> dict[str, Any] | None:
    """The event the person just made (or changed), as the context shows it: the current goal's
    event, else the newest finished create or change found by its title among the recent events."""
    entities = turn.recent_entities
    intent = turn.context.get("intent") or {}
    goal = intent.get("goal") or {}
    if goal.get("kind") in {"create", "change"} and goal.get("status") == "done" and goal.get("event_id"):
        ref = f"E{goal['event_id']}"
        return next((e for e in entities if e.get("ref") == ref), None)
    finished = [g for g in intent.get("completed") or [] if isinstance(g, dict)]
    for done in reversed(finished):
        if done.get("kind") in {"create", "change"} and done.get("status") == "done" and done.get("title"):
            title = str(done["title"]).casefold()
            named = next((e for e in entities if str(e.get("title") or "").casefold() == title), None)
            if named is not None:
                return named
            break  # renamed since (a goal keeps the title it began with): the newest made event then
    return next((e for e in entities if e.get("via") in _MADE), None)


def _focus(turn: Turn, cue: str, text: str) -> Focus | None:
    if any((turn.last_reply or "").startswith(catalogue.template(key, turn.language).split("{")[0]) for key in ("hold_ask", "hold_ask_unasked")):
        return None  # "hmm actually 4 is better" to a card not answered: of what the card holds, never the event before it
    command = turn.active_command
    if command is not None:
        known = command.get("known") or {}
        ref = str(command["event_ref"]) if command.get("kind") == "change" and command.get("event_ref") else None
        entity = next((e for e in turn.recent_entities if ref and e.get("ref") == ref), {})
        title = known.get("title") or entity.get("title")
        start = known.get("time") or entity.get("start")
        day = known.get("date") or entity.get("date")
        return Focus(command, ref, ref, str(title) if title else None, str(start) if start else None, day)
    reminder, said = turn.context.get("reminder_just_set") or {}, read_when(text, today=turn.today)  # its reason aside ("八点我还在吃饭呢")
    lead = reminder.get("minutes_before") and _lead(text, said, bare=True) is not None
    event = turn.recent_entities[0] if turn.recent_entities and reminder.get("minutes_before") else {}
    fires = re.fullmatch(r"(\d{2}):(\d{2})", str(event.get("start") or ""))  # "the evening before at 8" … "make the reminder 8:30"
    at = (int(fires[1]) * 60 + int(fires[2]) - int(reminder["minutes_before"])) % 1440 if fires else None
    # "…前一天晚上八点提醒我" … "改成晚上九点半吧": a time in the part of the day the reminder fires in, not the event's.
    nearer = at is not None and said.time and _part(said.time) == _part(f"{at // 60:02d}:{at % 60:02d}") != _part(str(event.get("start")))
    if reminder and (reminder.get("time") or lead or nearer or _LEAD_WORD.search(text)) and not MEAL.search(text):
        # "actually make it 8:30", "actually 45 mins before is better", "make the reminder 8pm" right after a reminder
        # was set: that reminder ("actually dinner is at 7:30pm" names the dinner).
        return Focus(None, None, None, reminder.get("text"), reminder.get("time"), reminder.get("date"), reminder=True, fires=None if at is None else f"{at // 60:02d}:{at % 60:02d}")
    entities = turn.recent_entities
    if not entities:
        return None
    top, made = entities[0], _made(turn)
    # The server's "it" surely is the top event when it was just made or changed and nothing was
    # looked up since (a look at an empty day leaves nothing in focus), or when it was the one
    # event just listed. Otherwise the event is named.
    goal = (turn.context.get("intent") or {}).get("goal") or {}
    event_id = goal.get("event_id")
    made_last = goal.get("kind") in {"create", "change"} and (event_id is None or f"E{event_id}" == top.get("ref"))
    nothing_since = not goal or made_last
    in_focus = (top.get("via") in _MADE and nothing_since) or turn.last_listed == [str(top["ref"])]
    if made is not None and made.get("ref") == top.get("ref"):
        return Focus(None, None if in_focus else str(top["ref"]), str(top["ref"]), top.get("title"), top.get("start"), top.get("date"))
    if cue == "strong" and made is not None:
        # "actually, make it 8" after a look at a busy day: the correction is of what was just made.
        return Focus(None, str(made["ref"]), str(made["ref"]), made.get("title"), made.get("start"), made.get("date"))
    if in_focus and cue == "strong" and top.get("via") not in _MADE and turn.last_reply == say("unclear", turn.language):
        return None  # "actually make it 3:30" after a request not understood corrects that request, not what was listed
    if in_focus and cue != "soft":
        # The one event just listed: "move it to 4" / "actually 4" means that one.
        return Focus(None, None, str(top["ref"]), top.get("title"), top.get("start"), top.get("date"))
    return None


def _part(clock: str) -> int:
    """Morning, afternoon or evening, as the free-time search draws them."""
    return (int(clock[:2]) >= 12) + (int(clock[:2]) >= 18)


def _lead(text: str, when: When, bare: bool = False) -> int | None:
    """A new lead for a reminder before an event, and nothing else: "45 mins before", "提前一小时", "make it 10 min"
    (``bare``: a lead in minutes was just set, so "actually make it 30" is 30 minutes)."""
    # A bare length is a lead ("make it 10 min"), unless it is said as how long something lasts ("it only needs 30 min").
    kinds = ("offset", "earlier") if lx.LENGTH_CHANGE.search(text) else ("offset", "earlier", "length")
    leads = [length.minutes for length in find_lengths(text) if length.kind in kinds]
    if bare and not find_lengths(text):
        leads = [int(n) for n in re.findall(r"(?<![\d:.])(\d{1,3})(?![\d:.]|\s*(?:[ap]\.?m|点|号|日|th|st|nd|rd))", text) if 5 <= int(n) <= 180]
    return leads[0] if len(leads) == 1 and not (when.date or when.time) else None


_LEAD_WORD = re.compile(r"\b(?:before|remind(?:er|\s+me)?)\b|之?前|提醒(?:我|一下)?", re.IGNORECASE)


def _cue(text: str, today: datetime.date) -> str | None:
    if rp.STRONG.search(text):
        return "strong"
    when = read_when(text, today=today)
    if rp.VERB.search(text) or rp.A_BIT.search(text) or lx.LENGTH_CHANGE.search(text) or when.shift is not None:
        return "verb"  # "make it …", "it only needs 30 minutes", "an hour later"
    if when.duration is not None and not (when.date or when.time):
        return "verb"  # "90 minutes": a length alone can only be a new length
    return "soft" if rp.SOFT.search(text) else None


def _in_week_of(when: When, focus: Focus, today: datetime.date) -> When:
    """A weekday alone corrects the day within the week of the day it corrects: "下周三 …" then "不对 是周四"."""
    day = in_week_of(when.single_day, focus.day, today)
    return when if day == when.single_day else replace(when, date=day)


def _is_when(words: str, today: datetime.date) -> bool:
    if MEAL.fullmatch(words.strip()) or re.fullmatch(r"\d{1,2}(?::\d{2})?", words.strip()):
        return True
    found = read_when(words, today=today)
    return bool(found.date or found.time or found.duration)


def _without_replaced(text: str, today: datetime.date) -> str:
    """The message without the value it replaces: "4pm not 3" -> "4pm"."""

    def drop(match: re.Match[str]) -> str:
        old = match.groupdict().get("old") or match.groupdict().get("bad") or match.groupdict().get("moved")
        return " " if old and _is_when(old, today) else match.group(0)

    return rp.REPLACED_ZH.sub(drop, rp.REPLACED_EN.sub(drop, text))


def _near(meal: str | None, focus: Focus) -> datetime.time | None:
    """Where a bare hour belongs: near the new meal ("lunch at 1"), else near the event's own time."""
    if meal is not None:
        return usual_time(meal)
    start = focus.start or focus.fires
    return datetime.time(int(start[:2]), int(start[3:])) if start and re.fullmatch(r"\d{2}:\d{2}", start) else None


def _read(text: str, turn: Turn, near: datetime.time | None) -> When:
    when = read_when(text, today=turn.today, prefer_near=near)
    if when.time is None and rp.BARE_HOUR.search(when.residue):
        # "can we do 5 instead?": a number alone is the hour (the shared reader wants "at 5").
        again = read_when(rp.BARE_HOUR.sub(r"at \g<hour>", text, count=1), today=turn.today, prefer_near=near)
        if again.time is not None:
            return again
    return when


def _only_correction_words(residue: str) -> bool:
    left = rp.FILLER_ZH.sub(" ", rp.FILLER_EN.sub(" ", lx.LENGTH_CHANGE.sub(" ", residue)))
    return not PUNCTUATION.sub("", left)


def _says_more(phrase: str, today: datetime.date) -> bool:
    """A moment or length said alone beside a correction is part of it ("改到中午十二点，一个半小时"), and so is a request;
    in a sentence about something else it is the reason ("快递柜那边五点才放件", "he doesnt open till then")."""
    when = read_when(phrase, today=today)
    asks = phrase in lx.ACTION or phrase in lx.CHANGE or phrase in lx.DELETE
    return asks or (bool(when.date or when.time or when.duration) and title_from(when.residue) is None)


def without_reason(text: str, today: datetime.date, *, lead: bool = False) -> str:
    """A correction without the reason said after it ("hmm no 8:30 is better, he doesnt open till then", 哎不行 改成下午两点吧
    中午要开会, 不用那么早 提前半小时就行 反正就在楼上): up to the phrase with its new time (``lead``: its new lead), when
    the phrases before it only correct and those after it say more of nothing."""
    said = phrases(text)
    if len(said) < 2:
        return text
    found = [read_when(p, today=today) for p in said]
    if said[-1] in lx.CHANGE and (found[-1].time or found[-1].date) and any(p in HEARSAY for p in said[:-1]) and not any(
        p in lx.CHANGE or p in lx.ACTION or (p not in HEARSAY and (when.time or when.date)) for p, when in zip(said[:-1], found, strict=False)
    ):
        return said[-1]  # "哦刚想起来 我妈说三点太早了 改到四点半吧": someone's words, then the correction
    at = next((i for i, when in enumerate(found) if (_lead(said[i], when) if lead else bool(when.time) != bool(when.date))), None)  # its new time, or its new day
    if at is None or at == len(said) - 1 or not all(_only_correction_words(found[i].residue) for i in range(at)):
        return text
    return text if any(_says_more(p, today) for p in said[at + 1 :]) else " ".join(said[: at + 1])


def read_revision(turn: Turn, text: str) -> Revision | None:
    """The revision ``text`` makes to what is in focus, or None when it is something else."""
    said, text = text, without_reason(text, turn.today)
    cue = _cue(text, turn.today) or ("strong" if rp.STRONG.search(said) else None)  # "是下午三点 我记错了": the cue set apart
    if cue is None or lx.RENAME.search(text):
        return None  # renames ("call it …") are read by the change reader
    if lx.WHAT_ABOUT.search(text) and turn.active_command is None and not re.search(r"\binstead\b", text, re.I):
        return None
    focus = _focus(turn, cue, text)
    if focus is None:
        return None
    moved_from = next((said["moved"] for said in rp.REPLACED_EN.finditer(text) if said["moved"]), None)
    if moved_from and read_when(f"at {moved_from}", today=turn.today, prefer_near=_near(None, focus)).time != focus.start:
        return None  # "move the 11am to 2pm": the old time names the event, and it is not the one in focus
    if (moved := lx.DESTINATION.search(text)) and moved["new_zh"] and (old := read_when(text[: moved.start()], today=turn.today).time) and old != focus.start:
        return None  # "下午4点那个改到明天同一时间": as in English, the time before the verb names another event
    cleaned = _without_replaced(text, turn.today)
    cleaned = DAY_FROM_EVENT[0][0].sub(" ", cleaned) if focus.fires else cleaned  # "改成前一天晚上十点": the day it fires on, as now
    a_bit = rp.A_BIT.search(cleaned)
    if a_bit is not None:
        cleaned = cleaned[: a_bit.start()] + " " + cleaned[a_bit.end() :]  # "推一点" is not 1 o'clock
    said_meal = read_meals(cleaned, focus.title).new_kind
    when = _in_week_of(_read(cleaned, turn, _near(said_meal, focus)), focus, turn.today)
    if when.ordinal is not None or when.past:
        return None  # a list position picks an event; a past day is a report
    if focus.reminder and focus.start is None:
        lead = _lead(cleaned, when, bare=focus.fires is not None)  # a reminder before an event takes a new lead, or a time on the day it fires
        kept = read_when(without_reason(cleaned, turn.today, lead=True), today=turn.today).residue  # 不用那么早 提前半小时就行 反正就在楼上
        left = re.sub(rf"(?<!\d){lead}(?!\d)", " ", _LEAD_WORD.sub(" ", kept)) if lead else _LEAD_WORD.sub(" ", kept)  # a reason after it names nothing ("actually 2 hours before, i need to commute")
        pieces = re.split(r"[,，;；]", left)  # "hmm thats too early, make it 2 hours": a comment beside the new lead says no more
        fits = (lead is not None or when.time is not None) and (_only_correction_words(left) or any(_only_correction_words(p) and not any(_says_more(o, turn.today) for o in pieces if o is not p) for p in pieces))
        return Revision(focus=focus, when=replace(when, duration=lead, shift=None), title=None) if fits else None
    meals = read_meals(when.residue, focus.title)
    residue = meals.residue
    parts = [] if when.time else [pattern for pattern, _ in PARTS_OF_DAY if pattern.search(residue)]
    for pattern in parts:
        residue = pattern.sub(" ", residue)
    if not _only_correction_words(residue):
        return None
    title = retitled(focus.title, meals.new_kind) if meals.new_kind else None
    if not (title or when.date or when.time or when.duration or when.shift):
        # "a bit later", "push it to the afternoon": which time is still the person's to say.
        vague = a_bit is not None or bool(parts)
        return Revision(focus=focus, when=when, title=None, vague=True) if vague else None
    return Revision(focus=focus, when=when, title=title, vague=when.end is not None)


# A name put right ("actually its marcus not marco", "写错了 是章总", "不是张总 是章总"): the new name, and the old one when said.
_NAME_FIXED_EN = re.compile(
    r"^\W*(?:(?:oh|oops|sorry|actually|wait|no|typo)\W+)*(?:(?P<is>it'?s|its|it\s+is|i\s+meant?|should\s+be|spelled)\s+)?(?P<new>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)"
    r"(?:\s*,?\s+not\s+(?P<old>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?))?\W*$", re.IGNORECASE)
_NAME_FIXED_EN_NOT_FIRST = re.compile(
    r"^\W*(?:(?:oh|oops|sorry|actually|wait|no|typo)\W+)*not\s+(?P<old>[a-z][\w'-]*)\s*,?\s+(?:(?:it'?s|its|but)\s+)?(?P<new>[a-z][\w'-]*)\W*$", re.IGNORECASE)
_NAME_FIXED_TAIL = re.compile(r"\b(?P<new>[a-z][\w'-]*)\s+not\s+(?P<old>[a-z][\w'-]*)\W*$", re.IGNORECASE)  # "…with maya not mia"
_NAME_FIXED_ZH = re.compile(r"^\W*(?:[哎唉啊哦噢呃]\W*)?(?:(?:名字|名称)?(?:[写打]错(?:字)?了?|错了|不对)\W*)?(?:不是(?P<old>\S{1,6}?)\W*)?(?:应该)?是(?P<new>[^\s，,。]{1,6}?)(?:\W*不是(?P<old_after>\S{1,6}?))?(?:才对|啊|吧|哈)?\W*$")


def name_corrected(turn: Turn) -> tuple[str, str] | None:
    """The event just made and its title with the name put right, when the message only puts a name right."""
    # The clause that puts it right, beside words that only say so ("sorry i spelled it wrong, its marcus not marco").
    clauses = [turn.text, *(c for c in re.split(r"[,，;；.。!！]+", turn.text) if c.strip())]
    said = [m for c in clauses if (m := _NAME_FIXED_EN.match(c) or _NAME_FIXED_EN_NOT_FIRST.match(c) or _NAME_FIXED_ZH.match(c) or _NAME_FIXED_TAIL.search(c))]
    made = _made(turn) if said else None  # the message first (cheap), the reading only when it could put a name right
    when = read_when(turn.text, today=turn.today) if made else None
    if made is None or when is None or when.date or when.time:
        return None
    misspelt = re.search(r"\b(?:spel+(?:ed|t|ing)?|misspel+\w*|typo|wrong)\b", turn.text, re.I) is not None
    title = next((fixed for m in said if (fixed := _renamed(str(made.get("title") or ""), m, misspelt))), None)
    return (str(made["ref"]), title) if title else None


def _renamed(title: str, said: re.Match[str], misspelt: bool) -> str | None:
    new, old = said["new"], said["old"] or said.groupdict().get("old_after")
    if old is None and new.isascii() and not (said.groupdict().get("is") and misspelt):
        return None  # "its marcus" alone may be anything; with "i spelled it wrong" it puts a name right
    if old is None:  # "写错了 是章总", "spelled it wrong, its marcus": the part of the title nearest the new name
        old = next((title[i : i + len(new)] for i in range(len(title) - len(new) + 1)
                    if len(new) > 1 and sum(a != b for a, b in zip(title[i : i + len(new)], new, strict=True)) == 1), None)  # fmt: skip
        old = old or next(iter(difflib.get_close_matches(new.casefold(), re.findall(r"[\w'-]+", title.casefold()), n=1, cutoff=0.7)), None)
    edge = r"(?<!\w)" if old and old.isascii() else ""
    found = re.search(rf"{edge}{re.escape(old)}{edge.replace('<', '')}", title, re.IGNORECASE) if old else None
    if found is None or found.group().casefold() == new.casefold():
        return None
    new = new[:1].upper() + new[1:] if found.group()[:1].isupper() else new
    return title[: found.start()] + new + title[found.end() :]
