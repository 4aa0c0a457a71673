"""Which event a change or delete means: a reference, a position in the list shown, the one of a list in
the day or part of the day said, or the person's words for it (the server finds those among their events,
so a name that matches nothing here is never guessed into one that does)."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any

from assistant.providers.offline import lexicon as lx
from assistant.providers.offline.calendar_words import read_calendar_words
from assistant.providers.offline.intents import Signals, named_among_listed
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.titles import best_match, title_from, weak_only
from assistant.providers.offline.when import LAST
from assistant.reading.days import days_of
from assistant.reading.vocabulary import CLAUSE, HEARSAY, POLITE, part_of_day

# Around the change and delete verbs (``lx.CHANGE``, ``lx.DELETE``): words that name no event.
_AROUND_VERBS = re.compile(
    r"\b(?:bring|forward|back|make|set|put|to|run|runs|go|goes|last|lasts|it(?:'?s)?|that|this|one|them|instead|please|duration|length|time|start|starting|"
    r"end|actually|no|sorry|wait|pls|plz|update|got|been|(?:mov|push|bump|shift|postpon|delay|reschedul|chang)ed)\b|把|到|它|那个|这个|吧|一下|时长|时间|长度|不对|其实|等等|对了|还是|那就|好的?|嗯|那|就|往[后前]|直接|算了",
    re.IGNORECASE,
)


def event_name(residue: str, *, focus: bool) -> str | None:
    """The person's words for the event: the message without its verbs, repeat words and filler. With
    nothing in ``focus``, an asking clause that names nothing takes the name of the clause beside it."""
    residue = lx.MEANT.sub(" ", read_calendar_words(residue).cut(residue) or "")  # "my weekly yoga": the series is named "yoga"
    clauses = [POLITE.sub(" ", clause) for clause in re.split(r"\s*(?:[,;，；。]|\.\s)\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", residue) if clause.strip()]
    residue = POLITE.sub(" ", residue)  # "can i move the dentist", "能把牙医挪一下吗": the asking names nothing
    asking = [clause for clause in clauses if (clause in lx.DELETE or clause in lx.CHANGE) and clause not in HEARSAY]
    others = [clause for clause in clauses if clause not in asking]
    if len(asking) == 1 and lx.POINTER.search(asking[0]) and others and (not focus or not any(CLAUSE.search(c) and c not in HEARSAY for c in others)):
        residue = " ".join(others)  # "the team lunch on wed, can we make it 1pm instead", "call with raj is off, pls remove it"
    elif len(asking) == 1 and others and not focus and not lx.POINTER.search(asking[0]) and _named_in(asking[0]) is None:
        # "吉他课不学了，所有的都帮我取消掉": the asking names nothing, the other clause does (the first that names: "健身去不了了 感冒了").
        residue = next((c for c in others if _named_in(c)), " ".join(others))
    elif len(asking) == 1:
        residue = asking[0]  # "cancel book club this week, im not going": the reason names nothing
    name = _named_in(residue)
    # "oh wait she said 11am can u change it": with an event in focus, "it" is that one; who said so names nothing.
    return None if name and focus and lx.POINTER.search(residue) and CLAUSE.search(name) else name


def _named_in(words: str) -> str | None:
    # The verb was the change or delete: what is left is a name, "Book club" included.
    words = re.sub(r"[那这]一?[节场次趟堂]", " ", words)  # "刘的那节", "周六那场": which one, never a name of 节
    return title_from(_AROUND_VERBS.sub(" ", lx.DELETE.remove(lx.CHANGE.remove(words))), verb=False)


_EXPLICIT_REF = re.compile(r"\bE(?P<id>[0-9]{1,12})\b")


def iso_day(symbol: str | None, today: datetime.date) -> str | None:
    days = days_of(symbol, today)
    return days[0].isoformat() if len(days) == 1 else None


@dataclass
class Target:
    """Which event: a reference, a list position, the person's words (the server finds it), or ``unknown``."""

    ref: str | None = None
    ordinal: int | None = None
    unknown: bool = False
    words: str | None = None
    day: str | None = None
    time: str | None = None  # "把明天下午两点的会改到四点": the time it starts names it too

    def named(self) -> dict[str, Any]:
        # A named day with a known event is which occurrence, when it repeats ("next monday's yoga").
        day, occurrence = (None, self.day) if self.ref else (self.day, None)
        return {"event_ref": self.ref, "ordinal": self.ordinal, "event_words": self.words, "event_date": day,
                "event_time": None if self.ref else self.time, "occurrence": occurrence}  # fmt: skip


def find_target(
    turn: Turn, s: Signals, *, naming_day: str | None, exclude: str | None = None, asks_first: bool = False
) -> Target:
    explicit = _EXPLICIT_REF.search(s.text)
    if explicit:
        return Target(ref=f"E{explicit.group('id')}")  # "delete E12": the server checks it is theirs
    if s.when.ordinal is not None:
        ordinal = len(turn.last_listed) if s.when.ordinal == LAST else s.when.ordinal
        return Target(ordinal=ordinal or None, unknown=ordinal == 0)
    residue = s.when.residue.replace(exclude, " ") if exclude else s.when.residue
    # "只要", "actually": not names.
    name = event_name(lx.EXTEND.sub(" ", lx.LENGTH_CHANGE.sub(" ", lx.CORRECTION.sub(" ", residue))), focus=bool(turn.recent_entities))
    entities = turn.recent_entities
    listed = set(turn.last_listed)
    shown = [e for e in entities if str(e["ref"]) in listed]
    by_part = chosen(turn, s, shown)
    if by_part is not None and (name is None or by_part in (best_match(name, shown) or [by_part])):
        return Target(ref=str(by_part["ref"]))  # "the evening one", "下午那个" of the list just shown
    day = s.day if naming_day is not None else None
    other = [r for r in turn.last_listed if r != str((entities or [{}])[0].get("ref"))] if _OTHER.search(s.text) and len(turn.last_listed) == 2 else []
    other = list(turn.last_listed) if _OTHER.search(s.text) and len(turn.last_listed) == 1 and turn.context.get("just_deleted") else other  # the one left
    if len(other) == 1:
        return Target(ref=other[0])  # "and rename the other one …": the one of the two just listed that was not acted on
    among = best_match(residue, shown) if name is None or CLAUSE.search(name) else []
    if len(among) == 1:
        return Target(ref=str(among[0]["ref"]))  # "the workshop is gonna run long, make it go until 4pm": the listed one named
    if name is None:
        if naming_day is not None:
            on_day = [e for e in entities if e.get("date") == naming_day]
            return Target(ref=on_day[0]["ref"]) if len(on_day) == 1 else Target(day=day) if not on_day else Target()
        return Target()
    found = best_match(name, entities, on_day=naming_day)
    if len(found) == 1:
        return Target(ref=str(found[0]["ref"]), day=day)
    if not found and asks_first and (s.when.time or naming_day) and weak_only(name):
        return Target(day=day)  # "delete my three pm meeting": the time names it, "meeting" only what it is
    if not found and asks_first and lx.POINTER.search(s.text) and entities and not lx.MEANT.search(s.text):
        # "deleting that, just do it" with an event in focus: "that" is it, the words around it no
        # name. Only for a delete, which asks first; with nothing in focus the words name the event.
        return Target()
    if len(found) > 1 and len(listed) > 1 and {str(e["ref"]) for e in found} <= listed:
        return Target()  # several of the list just shown fit: the server asks which, by name
    return Target(words=name, day=day)  # not in the context: the server looks among their events


def chosen(turn: Turn, s: Signals, listed: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The one event of a list on the day and in the part of the day said ("thursday's", "下午那个"),
    with no clock time said (a time is the server's to match: ``event_time``)."""
    pointed = _PART_ONE.search(s.text)  # "下午那个改到四点半", "move the morning one to 11": the part names the event, the time is new
    part = part_of_day(pointed[0]) if pointed else None if s.when.time else (s.when.part_of_day or part_of_day(s.text))
    day = iso_day(s.day, turn.today)
    named = named_among_listed(turn, s.when.residue) if part is None and day is None and not s.when.time else []
    if len(named) == 1:
        return named[0]  # "the one with sara"
    if (part not in PARTS and day is None) or len(listed) < 2 or (s.when.time and not pointed):
        return None
    low, high = PARTS.get(part or "", ("00:00", "24:00"))
    inside = [e for e in listed if low <= str(e.get("start") or "") < high and day in (None, e.get("date"))]
    return inside[0] if len(inside) == 1 else None


_PART_ONE = re.compile(r"\S{2}的?那[个场]|\bthe\s+\w+\s+one\b|\bthe\s+(?:morning|afternoon|evening)\b", re.IGNORECASE)  # "the morning study group"
_OTHER = re.compile(r"\bthe\s+other(?:\s+one)?\b|另一个|另外(?:一|那)个", re.IGNORECASE)
# Where each part of the day starts and ends, as the free-time search draws them (scheduling.slots).
PARTS = {"morning": ("00:00", "12:00"), "afternoon": ("12:00", "18:00"), "evening": ("18:00", "24:00")}
PART_WORDS = {"morning": ("morning", "上午"), "afternoon": ("afternoon", "下午"), "evening": ("evening", "晚上")}
