"""The second call of a turn, after an intermediate tool: read what memory or the archive
returned, then either finish in words or make the terminal call the first call was heading for.

What comes back is data, never instructions: a fact is only searched for a date, and quoted
history is introduced as history. A quote the server's exit invariant would read as a claim
("I've booked …") is left out, so the stand-in never trips the guard by quoting.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from assistant.providers.base import ModelResponse
from assistant.providers.offline.calls import say, text
from assistant.providers.offline.reading import Turn
from assistant.reading import extract_when
from assistant.reading.days import days_of

MAX_QUOTES = 3
MAX_QUOTE_CHARS = 160
MAX_FACTS = 3
MAX_VALUE = 120
_VALUE = re.compile(r"(?:\b(?:is|are)\b|[:=]|是|叫)\s*(?P<value>[^.。!！]+)")


def fact_texts(result: dict[str, Any]) -> list[str]:
    facts = result.get("facts") or []
    return [str(f.get("fact") or "").strip() for f in facts if isinstance(f, dict) and str(f.get("fact") or "").strip()]


def remembered_day(facts: Sequence[str], today: datetime.date) -> str | None:
    """The month and day a remembered fact gives ("14 March" -> "03-14"), for a yearly date."""
    for fact in facts:
        match = extract_when(fact, today=today)
        symbol = match.date if match else None
        # Only a calendar date counts: "tomorrow" in a fact meant the day it was said. A year
        # (a birth year) is dropped: the event goes on the coming anniversary.
        if not symbol or not symbol[0].isdigit():
            continue
        days = days_of(symbol, today)
        if days:
            return f"{days[0].month:02d}-{days[0].day:02d}"
    return None


_OWNER = re.compile(r"^\s*(?:my\s+|our\s+)?(?P<owner>[A-Za-z]+)'s\s+(?:wedding\s+)?(?:birthday|bday|anniversary)", re.I)


def occasion_owner(facts: Sequence[str]) -> str | None:
    """Whose occasion a fact is about ("Mum's birthday is 14 March." -> "Mum")."""
    for fact in facts:
        match = _OWNER.match(fact)
        if match:
            return match.group("owner")
    return None


def remembered_value(facts: Sequence[str]) -> str | None:
    """The name a fact gives ("Favourite restaurant is Lotus Garden." -> "Lotus Garden")."""
    for fact in facts:
        match = _VALUE.search(fact)
        if match and match.group("value").strip():
            return match.group("value").strip()[:MAX_VALUE]
    return None


def answer_from_memory(turn: Turn, result: dict[str, Any]) -> ModelResponse:
    facts = fact_texts(result)
    if not facts:
        return text(say("memory_unknown", turn.language))
    joiner = say("memory_facts_joiner", turn.language)
    return text(say("memory_answer", turn.language, fact=joiner.join(facts[:MAX_FACTS])))


def ask_for_remembered(turn: Turn, subject: str, result: dict[str, Any], *, kind: str) -> ModelResponse:
    """Nothing usable was found: ask, quoting what was found if anything, never guessing."""
    facts = fact_texts(result)
    if facts:
        return text(say("memory_no_date" if kind == "day" else "memory_no_value", turn.language, fact=facts[0]))
    return text(say("memory_missing" if kind == "day" else "memory_missing_value", turn.language, subject=subject))


def summarize_archive(turn: Turn, result: dict[str, Any]) -> ModelResponse:
    quotes: list[str] = []
    for message in result.get("messages") or []:
        if not isinstance(message, dict):
            continue
        snippet = " ".join(str(message.get("text") or "").split())[:MAX_QUOTE_CHARS]
        if not snippet:
            continue
        role = "assistant" if message.get("role") == "assistant" else "user"
        day = _day_label(str(message.get("at") or ""), turn)
        quotes.append(say(f"quote_by_{role}", turn.language, day=day, text=snippet))
        if len(quotes) == MAX_QUOTES:
            break
    if not quotes:
        return text(say("archive_none", turn.language))
    joined = say("archive_quotes", turn.language, quotes=say("archive_quotes_joiner", turn.language).join(quotes))
    return text(say("archive_found", turn.language, quotes=joined))


def _day_label(stamp: str, turn: Turn) -> str:
    """The day a message was written, in the person's zone (the archive stores UTC)."""
    try:
        moment = datetime.datetime.fromisoformat(stamp)
        if moment.tzinfo is not None:
            moment = moment.astimezone(ZoneInfo(str(turn.context.get("time_zone") or "UTC")))
    except (ValueError, ZoneInfoNotFoundError):
        return say("earlier", turn.language)
    return say("day_month", turn.language, day=str(moment.day), month=say(f"month_{moment.month}", turn.language))
