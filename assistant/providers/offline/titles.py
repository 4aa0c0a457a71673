"""Titles in the person's own words, and which known event a message names.

A title is what is left of the request once the request words ("put", "帮我约"), the date and time
(already read by ``when.py``) and the filler around them are gone: "put a dentist appointment on
Friday at 3pm" -> "Dentist appointment", "帮我约周五晚上7点吃饭" -> "吃饭".
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from typing import Any

MAX_TITLE = 200

_LEAD_EN = re.compile(
    r"^(?:please|pls|kindly|ok(?:ay)?|so|and|also|then|now|hey|hi|hello|hiya|good\s+(?:morning|afternoon|evening)|actually|yes|sure|can\s+you|could\s+you|would\s+you|"
    r"will\s+you|i\s+(?:want|need|would\s+like|wanna)\s+to|i'?d\s+like\s+to|let'?s|let\s+us|help\s+me(?:\s+to)?|"
    r"go\s+ahead\s+and|schedule|book(?:\s+in)?|put(?:\s+in|\s+down)?|add|set\s+up|setup|arrange|create|make|plan|"
    r"pencil(?:\s+in)?|block(?:\s+out|\s+off)?|reserve|organi[sz]e|enter|save|note\s+down|get\s+me|remind\s+me(?:\s+to|"
    r"\s+about|\s+of)?|i\s+have|i'?ve\s+got|i\s+got|there'?s|there\s+is|we\s+have|new|me|for|on|at|in|to|with\s+me|"
    r"an?|the|some|my|our)\b[\s,:]*",
    re.IGNORECASE,
)
_TAIL_EN = re.compile(
    r"[\s,]*\b(?:(?:on|to|in|into)\s+(?:my|the)\s+(?:calendar|schedule|agenda|diary)|for\s+me|please|thanks|thank\s+you|"
    r"on|at|for|from|by|in|next|this|and|then|at\s+around|around|about|starting|that|it|as\s+well|too|ok(?:ay)?)$",
    re.IGNORECASE,
)
_LEAD_ZH = re.compile(
    r"^(?:你好|您好|嗨|哈喽|那就|那么|那|就|还是|改成|请|麻烦|帮我|给我|替我|帮忙|我要|我想|我需要|需要|想要|要|想|在|于|把|去|提醒我|记得|安排(?:一下|个)?|预约|预定|预订|"
    r"约(?!会)|订|加(?:一?个)?|添加|新建|创建|定(?:一?个)?|排(?:一?个)?|记(?:一?个)?|一个|一下|个|的|我)"
)
_TAIL_ZH = re.compile(
    r"(?:吧|啊|呀|哦|呢|了|吗|么|一下|到日程里?|到日历里?|进日程|在日程上|的日程|的时候|那天|当天|好吗|可以吗|谢谢)$"
)
_EDGE = re.compile(r"^[\s,.;:!?'\"“”‘’、，。；：！？（）()]+|[\s,.;:!?'\"“”‘’、，。；：！？（）()]+$")

_STOP_WORDS = frozenset({
    "a", "an", "the", "my", "our", "your", "his", "her", "their", "this", "that", "it", "one", "to", "on", "at", "in",
    "for", "of", "with", "and", "or", "me", "i", "we", "you", "is", "are", "be", "please", "event", "events",
    "appointment", "appointments", "meeting", "meetings", "thing", "things", "calendar", "schedule",
})  # fmt: skip
_WORD = re.compile(r"[a-z0-9']+|[\u4e00-\u9fff]", re.IGNORECASE)
# Words of an event's kind that say which event only weakly ("the meeting", "会").
_WEAK = frozenset({"meeting", "会", "会议", "call", "appointment", "event"})


def clean_title(text: str, *, zh: bool | None = None) -> str | None:
    """The person's words for the thing, or None when nothing is left."""
    title = _EDGE.sub("", text)
    for _ in range(12):  # peel request words and filler from both ends until nothing changes
        before = title
        title = _EDGE.sub("", _TAIL_EN.sub("", _LEAD_EN.sub("", title)))
        title = _EDGE.sub("", _TAIL_ZH.sub("", _LEAD_ZH.sub("", title)))
        if title == before:
            break
    # "那天" ("that day") is a date word the reader leaves inside "妈妈生日那天吃饭".
    title = " ".join(re.sub(r"(?<=[\u4e00-\u9fff])(?:那天|当天)(?=[\u4e00-\u9fff])", "", title).split())
    if not title or not re.search(r"[A-Za-z\u4e00-\u9fff0-9]", title):
        return None
    if title[0].isascii() and title[0].isalpha():
        title = title[0].upper() + title[1:]
    return title[:MAX_TITLE]


def words(text: str) -> set[str]:
    """English words and Chinese characters plus bigrams, for matching a message to a title."""
    tokens = [token.lower().strip("'") for token in _WORD.findall(text)]
    latin = {token.removesuffix("'s") for token in tokens if token and not _is_cjk(token)} - _STOP_WORDS
    latin |= {token[:-1] for token in latin if token.endswith("s") and len(token) > 3}
    cjk = [token for token in tokens if _is_cjk(token)]
    return latin | {a + b for a, b in itertools.pairwise(cjk)} | set(cjk)


def _is_cjk(token: str) -> bool:
    return len(token) == 1 and "\u4e00" <= token <= "\u9fff"


def overlap(name: str, title: str) -> float:
    """How strongly ``name`` (from the message) points at ``title``: 0 is not at all."""
    said, known = words(name), words(title)
    shared = said & known
    if not shared:
        return 0.0
    return sum(0.5 if token in _WEAK else (2.0 if len(token) > 1 else 1.0) for token in shared)


def best_match(name: str, candidates: Sequence[dict[str, Any]], *, on_day: str | None = None) -> list[dict[str, Any]]:
    """The candidates ``name`` fits best (several on a tie); ``on_day`` (ISO date) breaks ties."""
    scored = [
        (overlap(name, str(c.get("title") or "")) + (1.5 if on_day and c.get("date") == on_day else 0.0), c)
        for c in candidates
    ]
    scored = [(score, c) for score, c in scored if score > (1.5 if on_day else 0.0) or (score > 0 and not on_day)]
    if not scored:
        return []
    top = max(score for score, _ in scored)
    return [c for score, c in scored if score == top]


def sentence(text: str, *, zh: bool) -> str:
    """A fact as one sentence: first letter up, a full stop at the end."""
    text = _EDGE.sub("", text)
    if not text:
        return text
    if text[0].isascii() and text[0].isalpha():
        text = text[0].upper() + text[1:]
    return text + ("。" if zh else ".")


def first_present(values: Iterable[str | None]) -> str | None:
    return next((value for value in values if value), None)
