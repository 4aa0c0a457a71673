"""Request words as people mistype them ("shedule", "wendesday", "cancle", "tommorow"), read as the word.

A typed word is respelled only when it is a near miss of one of the words requests are made of
(edit similarity, as the guard traces a typed word) and no English word of its own, or a far rarer
one ("calender" beside "calendar"), by a word-frequency list (pyspellchecker). "cancer", "remote" and
"mourning" are words: they stay as typed. The stand-in and the guard read the same respelled text.
"""

from __future__ import annotations

import difflib
import functools
import re
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from spellchecker import SpellChecker

WORDS: Final = (
    "schedule", "reschedule", "calendar", "meeting", "appointment", "event", "remind", "reminder", "birthday",
    "cancel", "delete", "remove", "postpone", "check", "tomorrow", "tonight", "monday", "tuesday", "wednesday",
    "thursday", "friday", "saturday", "sunday", "morning", "afternoon", "evening", "minutes", "january",
    "february", "april", "august", "september", "october", "november", "december", "actually", "forward",
    "something",
)  # fmt: skip
SIMILARITY: Final = 0.8  # as the guard's tracing of a typed word (authority.TYPO_SIMILARITY)
RARER: Final = 0.02  # a word this much rarer than the request word it nearly is reads as that word
_WORD = re.compile(r"[A-Za-z]{5,}")


@functools.cache
def _dictionary() -> SpellChecker:
    from spellchecker import SpellChecker

    return SpellChecker(distance=1)


@functools.lru_cache(maxsize=4096)
def _meant(typed: str) -> str | None:
    """The request word ``typed`` misspells, or None."""
    if begun := [word for word in WORDS if typed.startswith(word)]:  # the word itself, "meetings", "cancelled"; "reminde" a slip
        word = max(begun, key=len)
        return word if len(typed) == len(word) + 1 and not _dictionary().word_usage_frequency(typed) else None
    near = [
        (matcher.ratio(), word)
        for word in WORDS
        if word[0] == typed[0]
        and (matcher := difflib.SequenceMatcher(None, typed, word)).real_quick_ratio() >= SIMILARITY
        and matcher.ratio() >= SIMILARITY
    ]
    if not near:
        return None
    word = max(near)[1]
    frequency = _dictionary().word_usage_frequency
    return word if frequency(typed) < RARER * frequency(word) else None


# Chat shorthand and slips for the words a moment or a request is read by: "45 min b4 the dinner", "cna you".
_SHORTHAND: Final = {"b4": "before", "2day": "today", "2nite": "tonight", "cna": "can", "cn": "can", "wen": "when", "whens": "when is", "sched": "schedule",
                           "arvo": "afternoon", "chuck": "put", "abt": "about", "2morrow": "tomorrow",
                           "to morrow": "tomorrow", "for pm": "4 pm", "an our": "an hour", "prior to": "before", "prior": "before",
                           "xmas": "christmas", "nye": "new year's eve", "nyd": "new year's day"}  # as speech is transcribed
_SHORT = re.compile(r"(?<![0-9A-Za-z])(?:" + "|".join(_SHORTHAND) + r")(?![0-9A-Za-z])", re.IGNORECASE)


# "ya" after a modal is "you" ("could ya add …"); alone it is "yes" ("ya add it").
_YA = re.compile(r"(?<![0-9A-Za-z])(can|could|would|will|do|did|are|thank)\s+ya(?![0-9A-Za-z])", re.IGNORECASE)


# "thurs eve" is Thursday evening ("christmas eve" is a day, "lunch with eve" a name).
_EVE = re.compile(r"(?<![0-9A-Za-z])((?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|tmrw|tomorrow)\s+eve(?![0-9A-Za-z'])", re.IGNORECASE)

# "next mondays swim lesson": one day's, the apostrophe left out (never "on mondays", every one of them).
_ONE_DAYS = re.compile(r"(?<![0-9A-Za-z])((?:this|next|last|coming)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)s(?=\s+[a-z])", re.IGNORECASE)


def respell(text: str) -> str:
    """``text`` with each mistyped request word written as the word ("shedule a meetign" -> "schedule a meeting")."""

    def one(match: re.Match[str]) -> str:
        typed = match.group()
        meant = _meant(typed.lower())
        return typed if meant is None else meant

    text = _EVE.sub(r"\1 evening", _YA.sub(r"\1 you", _SHORT.sub(lambda short: _SHORTHAND[short.group().lower()], text)))
    text = _ONE_DAYS.sub(r"\1's", text)
    return _WORD.sub(one, text)
