"""The calendar requests as tool calls: create, query, suggest, change, delete.

Arguments carry only what the person said; everything else stays null and the server asks.
Which event "it" means is left to the server (null reference) unless the message names one of
the events in the context; a name that matches none of them is never guessed.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from typing import Any

from assistant.providers.base import ModelResponse
from assistant.providers.offline import lexicon as lx
from assistant.providers.offline.calls import call, text
from assistant.providers.offline.intents import Signals
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.replies import say
from assistant.providers.offline.titles import best_match, clean_title, overlap
from assistant.providers.offline.when import LAST, part_of_day_words
from scheduling.symbols import InvalidExpression, resolve

Tools = Sequence[dict[str, Any]]

# Leftovers that are not a name for anything ("let's say Friday" leaves "say").
_FILLER = frozenset({
    "say", "let's", "lets", "how", "what", "about", "maybe", "instead", "then", "actually", "rather", "works", "work",
    "better", "fine", "ok", "okay", "please", "sure", "yes", "no", "go", "with", "do", "it", "that", "this", "one",
    "one's", "good", "great", "perfect", "would", "could", "be", "is",
})  # fmt: skip
_NAMELESS = re.compile(r"^(?:something|anything|stuff|things?|it|that|this|one|them|事情|东西|一下)$", re.IGNORECASE)
_ACTION_WORDS = re.compile(
    r"\b(?:move|push|shift|reschedule|postpone|delay|bring|forward|back|rename|change|switch|make|set|put|extend|shorten|"
    r"delete|remove|cancel|drop|erase|scrap|get\s+rid\s+of|call\s+off|to|it|that|this|one|them|instead|please)\b|"
    r"改到|改成|改为|改在|改一下|挪到|移到|换到|换成|调到|调整|推迟|延后|提前|推到|改名|删掉|删除|删了|去掉|移除|取消|撤掉|"
    r"它|那个|这个|改|删|吧|一下",
    re.IGNORECASE,
)


def _title(raw: str | None) -> str | None:
    title = clean_title(raw or "")
    if title is None or _NAMELESS.fullmatch(title):
        return None
    if all(word.lower() in _FILLER for word in re.findall(r"[A-Za-z']+", title)) and not re.search(
        r"[\u4e00-\u9fff]", title
    ):
        return None
    return title


def _renamed(text_: str) -> str | None:
    match = lx.RENAME.search(text_)
    return _title(match.group("title")) if match else None


def _same(left: object, right: object) -> bool:
    return isinstance(left, str) and isinstance(right, str) and left.strip().casefold() == right.strip().casefold()


def create(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    when = s.when
    named = _renamed(s.text)
    residue = lx.RENAME.remove(when.residue) if named else when.residue
    title = named or _title(residue)
    command_id = None
    active = turn.active_command
    if active and active.get("kind") == "create":
        known = (active.get("known") or {}).get("title")
        if s.text not in lx.CREATE:
            # No request verb: a reply to the open request, unless it plainly names something else
            # ("Dinner with Tom on Saturday" while lunch is open). The words around a date are
            # filler ("let's say Friday"); they become the title only when one is still missing.
            switch = title is not None and known and not named and overlap(title, str(known)) == 0
            if not switch:
                command_id = active["command_id"]
                if not named and "title" not in (active.get("missing") or []):
                    title = None
        elif title is None or _same(title, known):
            command_id = active["command_id"]  # "book it for Friday": the same request, not a second one
        if _same(title, known):
            title = None
    return call(
        turn, tools, "schedule_event",
        title=title, date=s.day, time=when.time, duration_minutes=when.duration, command_id=command_id,
    )  # fmt: skip


def query(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    subject = lx.MEMORY_SUBJECT.search(s.text)
    if s.day is None and subject is not None:
        # "what's on mum's birthday?": the day is a remembered fact; look it up first.
        return call(turn, tools, "search_memory", query=_title(subject.group("subject")) or subject.group("subject"))
    start = s.day or "D+0"
    end = s.when.end if s.when.end != start else None
    return call(turn, tools, "query_events", start=start, end=end)


def suggest(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    when = s.when
    start = s.day or "D+0"
    end = when.end if s.day else "D+6"  # no day said: look across the coming week
    part = None if when.time else (when.part_of_day or part_of_day_words(s.text))
    return call(
        turn, tools, "suggest_slots",
        date=start, end_date=end if end != start else None, duration_minutes=when.duration, part_of_day=part,
    )  # fmt: skip


def _iso_day(symbol: str | None, today: datetime.date) -> str | None:
    if symbol is None:
        return None
    try:
        days = resolve(symbol, today)
    except InvalidExpression:
        return None
    return days[0].isoformat() if len(days) == 1 else None


class Target:
    """Which event a change or delete means: a reference, a list position, or "the server decides"."""

    def __init__(self, ref: str | None = None, ordinal: int | None = None, *, unknown: bool = False) -> None:
        self.ref, self.ordinal, self.unknown = ref, ordinal, unknown


def _target(turn: Turn, s: Signals, *, identifying_day: str | None, exclude: str | None = None) -> Target:
    if s.when.ordinal is not None:
        ordinal = len(turn.last_listed) if s.when.ordinal == LAST else s.when.ordinal
        return Target(ordinal=ordinal or None, unknown=ordinal == 0)
    residue = s.when.residue.replace(exclude, " ") if exclude else s.when.residue
    name = _title(_ACTION_WORDS.sub(" ", residue))
    entities = turn.recent_entities
    if name is None:
        if identifying_day is not None and entities:
            on_day = [e for e in entities if e.get("date") == identifying_day]
            return Target(ref=on_day[0]["ref"]) if len(on_day) == 1 else Target()
        return Target()
    found = best_match(name, entities, on_day=identifying_day)
    if len(found) == 1:
        return Target(ref=str(found[0]["ref"]))
    if not found and not entities:
        return Target()  # nothing in the context to match: the server asks which event
    return Target(unknown=True)


def change(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    when = s.when
    new_title = _renamed(s.text)
    rename = lx.RENAME.search(when.residue)
    active = turn.active_command
    if active and active.get("kind") == "create" and not when.ordinal:
        exclude = rename.group(0) if rename else None
        target = _target(turn, s, identifying_day=None, exclude=exclude)
        if target.ref is None and not target.unknown:  # "move it to 4pm" while creating: a patch to that request
            return call(
                turn, tools, "schedule_event",
                title=new_title, date=s.day, time=when.time, duration_minutes=when.duration,
                command_id=active["command_id"],
            )  # fmt: skip
    if active and active.get("kind") == "change" and active.get("event_ref"):
        target = Target(ref=str(active["event_ref"]))
    else:
        target = _target(turn, s, identifying_day=None, exclude=rename.group(0) if rename else None)
    if target.unknown:
        return text(say("which_event", turn.zh))
    new_time = when.time
    if when.shift is not None and new_time is None:
        shifted = _shifted(turn, target, when.shift)
        if shifted is None:
            return text(say("ask_shift_base", turn.zh))
        target, new_time = shifted
    if not (new_title or s.day or new_time or when.duration):
        return text(say("ask_change_value", turn.zh))
    return call(
        turn, tools, "change_event",
        event_ref=target.ref, ordinal=target.ordinal, title=new_title, date=s.day, time=new_time,
        duration_minutes=when.duration,
    )  # fmt: skip


def _shifted(turn: Turn, target: Target, minutes: int) -> tuple[Target, str] | None:
    """The event "an hour later" starts from, and its new start: only from times the context shows."""
    entity: dict[str, Any] | None = None
    if target.ref:
        entity = next((e for e in turn.recent_entities if e.get("ref") == target.ref), None)
    elif target.ordinal and 0 < target.ordinal <= len(turn.last_listed):
        ref = turn.last_listed[target.ordinal - 1]
        entity = next((e for e in turn.recent_entities if e.get("ref") == ref), None)
    elif turn.recent_entities:
        entity = turn.recent_entities[0]
    if entity is None or not re.fullmatch(r"\d{2}:\d{2}", str(entity.get("start") or "")):
        return None
    hours, mins = map(int, str(entity["start"]).split(":"))
    total = hours * 60 + mins + minutes
    if not 0 <= total < 24 * 60:
        return None  # it would cross midnight: ask rather than guess the day
    return Target(ref=str(entity["ref"])), f"{total // 60:02d}:{total % 60:02d}"


def delete(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    active = turn.active_command
    named = _title(_ACTION_WORDS.sub(" ", s.when.residue))
    if active and active.get("kind") == "create" and not named and s.when.ordinal is None and not s.day:
        return call(turn, tools, "cancel_command")  # "delete it" while creating: drop the unfinished request
    target = _target(turn, s, identifying_day=_iso_day(s.day, turn.today))
    if target.unknown:
        return text(say("which_event", turn.zh))
    return call(turn, tools, "delete_event", event_ref=target.ref, ordinal=target.ordinal)


def drop(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    if turn.active_command:
        return call(turn, tools, "cancel_command")
    if lx.POINTER.search(s.text) and re.search(r"\bcancel\b|取消", s.text, re.IGNORECASE) and turn.recent_entities:
        return call(turn, tools, "delete_event", event_ref=None, ordinal=None)  # "cancel that" = the event in focus
    return text(say("nothing_to_drop", turn.zh))
