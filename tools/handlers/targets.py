"""Which event a change or delete means, when the person named it in words ("move my yoga to
Sunday", "delete the 9am standup", "把瑜伽挪到周日"): found in code, among the person's own events.

The model passes the words it heard (title words, the day the event is on, its start time); this
module reads only titles and times of the person's calendar, so the model never sees another
person's data and never has to list the calendar first. One match acts, several are asked about
with a numbered list, none is said plainly.
"""

from __future__ import annotations

import datetime
import difflib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import opencc

from scheduling import symbols
from scheduling.localtime import local_datetime
from scheduling.models import Event
from scheduling.selectors import occurrences_in_range
from tools.context import ToolContext

# Without a day, a named event is looked for from the start of today this far ahead.
SEARCH_DAYS_AHEAD = 120
MAX_CANDIDATES = 9
_LATIN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_CJK = re.compile(r"[\u3400-\u9fff]+")
# Words that say "an event" without naming one: "my dentist appointment" names the dentist.
_GENERIC = frozenset(
    [
        "my",
        "the",
        "a",
        "an",
        "our",
        "this",
        "that",
        "these",
        "those",
        "one",
        "ones",
        "event",
        "events",
        "appointment",
        "appointments",
        "thing",
        "with",
        "to",
        "for",
        "at",
        "on",
        "in",
        "of",
        "and",
        "please",
        "calendar",
        "schedule",
    ]
)
_GENERIC_ZH = re.compile(r"我的|我们的|那个|这个|安排|日程|活动|的|开(?=会)")  # "开会" is a meeting: 会
TYPO_RATIO = 0.8
_SIMPLIFIED = opencc.OpenCC("t2s")


def _fold(text: str) -> str:
    """One form to compare in: width, case and script (瑜伽, 會議 and 会议 are the same words)."""
    text = unicodedata.normalize("NFKC", text).encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return str(_SIMPLIFIED.convert(text)).casefold()  # OpenCC takes UTF-8 only: no lone surrogate


@dataclass
class Named:
    """The person's words for an event, as the tool call passed them."""

    words: str | None = None
    date: str | None = None
    time: str | None = None

    @classmethod
    def from_arguments(cls, arguments: Mapping[str, Any]) -> Named:
        return cls(arguments.get("event_words"), arguments.get("event_date"), arguments.get("event_time"))

    def __bool__(self) -> bool:
        return bool((self.words and self.words.strip()) or self.date or self.time)

    def as_fact(self) -> dict[str, Any]:
        return {key: value for key, value in (("words", self.words), ("date", self.date), ("time", self.time)) if value}


@dataclass
class Found:
    events: list[Event] = field(default_factory=list)
    days: list[datetime.date] = field(default_factory=list)  # where it looked


def _tokens(text: str) -> tuple[list[str], list[str]]:
    folded = _fold(text)
    latin = [word for word in _LATIN.findall(folded) if word not in _GENERIC]
    cjk = [run for run in _CJK.findall(_GENERIC_ZH.sub(" ", folded)) if run]
    return latin, cjk


def _bigrams(run: str) -> set[str]:
    return {run[i : i + 2] for i in range(len(run) - 1)} or {run}


def _latin_hit(word: str, title_words: Sequence[str]) -> bool:
    for candidate in title_words:
        if word == candidate or (len(word) >= 3 and candidate.startswith(word)):
            return True
        if len(candidate) >= 4 and word.startswith(candidate):  # "standups", "yoga's"
            return True
        if len(word) >= 4 and difflib.SequenceMatcher(None, word, candidate).ratio() >= TYPO_RATIO:
            return True  # "standp", "dentst": a typo still names the event
    return False


def _cjk_hit(run: str, title_runs: Sequence[str]) -> bool:
    joined = "".join(title_runs)
    if not joined:
        return False
    if run in joined or joined in run:
        return True
    return len(_bigrams(run) & _bigrams(joined)) * 2 >= len(_bigrams(run))


def title_score(words: str, title: str) -> float:
    """The share of the person's content words that the title carries (0 when none)."""
    latin, cjk = _tokens(words)
    if not latin and not cjk:
        return 0.0
    title_latin = _LATIN.findall(_fold(title))
    title_cjk = _CJK.findall(_fold(title))
    hits = sum(_latin_hit(word, title_latin) for word in latin) + sum(_cjk_hit(run, title_cjk) for run in cjk)
    return hits / (len(latin) + len(cjk))


def has_content(words: str | None) -> bool:
    latin, cjk = _tokens(words or "")
    return bool(latin or cjk)


def _days(context: ToolContext, named: Named) -> list[datetime.date]:
    if named.date:
        return symbols.resolve(named.date, context.today)  # InvalidExpression reaches the registry
    return [context.today + datetime.timedelta(days=offset) for offset in range(SEARCH_DAYS_AHEAD)]


def events_on(context: ToolContext, days: list[datetime.date], time: str | None = None) -> list[Event]:
    """The person's events on these days (a series once), at ``time`` when given, at most ``MAX_CANDIDATES``,
    for a numbered choice."""
    return _narrow(context, _on_days(context, days), Named(time=time))[:MAX_CANDIDATES]


def _on_days(context: ToolContext, days: list[datetime.date]) -> list[Event]:
    zone = context.zone
    start = local_datetime(days[0], datetime.time(0, 0), zone)
    end = local_datetime(days[-1] + datetime.timedelta(days=1), datetime.time(0, 0), zone)
    wanted = set(days)
    # Ownership is here: the selectors read this person's events only. A repeating event counts
    # once, as its series row ("change the standup to 10am"), when one of its occurrences is on the days.
    found = occurrences_in_range(owner=context.user, start=start, end=end, now=context.now)
    on_days = [event for event in found if event.starts_at.astimezone(zone).date() in wanted]
    series = {event.id for event in on_days if event.rrule}
    masters = {event.id: event for event in Event.objects.filter(owner=context.user, id__in=series)}
    chosen: dict[int, Event] = {}
    for event in on_days:
        chosen.setdefault(event.id, masters.get(event.id, event) if event.rrule else event)
    return list(chosen.values())


def _narrow(context: ToolContext, events: list[Event], named: Named) -> list[Event]:
    if named.time:
        clock = symbols.parse_time(named.time)
        events = [e for e in events if e.starts_at.astimezone(context.zone).time().replace(tzinfo=None) == clock]
    if named.words and has_content(named.words):
        events = named_among(named.words, events, one_day=named.date is not None)
    return events


# Who an event is with ("meeting with bob", "和小李吃饭"): another person's name makes it another event.
_WITH = re.compile(r"\bwith\s+(?:(?:my|our|the|his|her|their|your)\s+)?(?P<who>[a-z][\w'-]*)|(?:和|跟|与)(?P<who_zh>[\u4e00-\u9fff]{2})", re.IGNORECASE)


def _other_company(words: str, title: str) -> bool:
    said, known = _WITH.search(_fold(words)), _WITH.search(_fold(title))
    if said is None or known is None:
        return False
    return (said["who"] or said["who_zh"]) != (known["who"] or known["who_zh"])


def named_among(words: str, events: Sequence[Event], *, one_day: bool = False) -> list[Event]:
    """The events whose titles carry most of ``words`` (the exact title first); none when no title does.
    On ``one_day`` (a day the person named), words that only say a kind of event leave every event of it."""
    scored = [(0.0 if _other_company(words, event.title) else title_score(words, event.title), event) for event in events]
    best = max((score for score, _ in scored), default=0.0)
    if best <= 0:
        return []
    found = [event for score, event in scored if score == best]
    exact = [e for e in found if e.title.strip().casefold() == words.strip().casefold()]
    if one_day and not exact and _kind_only(words) and len(events) > len(found):
        # "周二的会", "the meeting on tuesday": a kind of event, and other events that day may be one too.
        return list(events)
    return exact or found


# Words that say what kind of event, not which ("the meeting", "会"): a title holding one is no proof.
_KIND_WORDS = frozenset({"meeting", "meetings", "call", "calls", "appointment", "appt", "会", "会议", "约"})


def _kind_only(words: str) -> bool:
    latin, cjk = _tokens(words)
    return bool(latin or cjk) and set(latin) <= _KIND_WORDS and all(run in _KIND_WORDS for run in cjk)


_KIND_CHARS = frozenset("会课约")


def _near(words: str, title: str) -> bool:
    """A title that shares a piece of the words though it carries none whole ("看牙" and 「牙医」, "dentist" and
    "Dental cleaning"): close enough to offer in a numbered choice, never to act on."""
    latin, cjk = _tokens(words)
    title_latin, title_cjk = _LATIN.findall(_fold(title)), "".join(_CJK.findall(_fold(title)))
    shared = set("".join(cjk)) & set(title_cjk)
    return bool(shared - _KIND_CHARS) or any(len(w) >= 4 and t[:4] == w[:4] for w in latin for t in title_latin)


def near_choice(context: ToolContext, named: Named, found: Found) -> list[Event]:
    """When no title fits the words: the events on the day or at the time named, else those whose titles come
    close, offered as a numbered choice (a name in the other language, or another word for it, still lands)."""
    if found.events or not named.words:
        return []
    if named.date or named.time:
        return events_on(context, found.days, named.time)
    return [event for event in _on_days(context, found.days) if _near(named.words, event.title)][:MAX_CANDIDATES]


def events_named(context: ToolContext, named: Named, among: Sequence[int] = ()) -> Found:
    """The person's events that the words name; first among ``among`` (a list just shown)."""
    days = _days(context, named)
    events = _on_days(context, days)
    if among:
        shown = [event for event in events if event.id in set(among)]
        picked = _narrow(context, shown, named)
        if picked:
            return Found(picked[:MAX_CANDIDATES], days)
    return Found(_narrow(context, events, named)[:MAX_CANDIDATES], days)
