"""Text as a reader of claims sees it: the dress taken off before the words are read.

A model can say "done" in emoji, markdown, full-width punctuation or with invisible characters
between the letters; none of that may change what the reply claims. ``normalise`` turns all of it
into plain sentences, one per line or bullet, so the claim grammar is written once, for plain text.
"""

from __future__ import annotations

import re
import unicodedata

from assistant.reading.chinese import simplified

# Zero-width and bidi controls, soft hyphen, variation selectors, the keycap combiner.
_INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufe00-\ufe0f\u20e3]")
# Marks that say "done" on their own.
_CHECK_MARKS = "\u2705\u2714\u2611\u2713\U0001f197\U0001f44d\U0001f44c"
_CHECK = re.compile(f"[{_CHECK_MARKS}]")
# Everything else pictographic: decoration, read as a pause.
_PICTOGRAPH = re.compile(
    "[\U0001f000-\U0001faff\u2190-\u21ff\u2300-\u23ff\u2460-\u24ff\u25a0-\u27bf\u2900-\u297f\u2b00-\u2bff\u3030\u303d]"
)
_ARROW = re.compile(r"\s*(?:->|=>|→|⟶|➜|➔|⇒)\s*")
_LINK = re.compile(r"\[([^\]\n]{1,200})\]\([^)\s]{1,500}\)")
_STRUCK = re.compile(r"~~[^~\n]{1,200}~~")
_EMPHASIS = re.compile(r"(\*{1,3}|_{2,3}|`+)(?=\S)([^\n]*?\S)\1")
_STRAY_EMPHASIS = re.compile(r"\*{1,3}|(?<!\w)_{1,3}|_{1,3}(?!\w)|`+")
_LINE_PREFIX = re.compile(r"^\s*(?:#{1,6}\s+|>\s*|[-*+•·▪●◦‣]\s+|\d{1,2}[.)]\s+|\[[ xX]\]\s+)+")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}.*$|^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")
_SPACES = re.compile(r"[ \t\u00a0\u3000]+")
# Chatty spellings mapped to the words the grammar knows.
_SHORTHAND = {
    "u": "you", "ya": "you", "ur": "your", "yr": "your", "r": "are", "im": "i'm", "ive": "i've", "ill": "i'll",
    "id": "i'd", "its": "it's", "thats": "that's", "youre": "you're", "dont": "don't", "didnt": "didn't",
    "havent": "haven't", "hasnt": "hasn't", "wont": "won't", "cant": "can't", "isnt": "isn't",
    "wasnt": "wasn't", "cal": "calendar", "sched": "schedule", "appt": "appointment", "mtg": "meeting",
    "pls": "please", "plz": "please", "tmr": "tomorrow", "tmrw": "tomorrow", "tomoz": "tomorrow",
    "nvm": "never mind", "np": "no problem", "k": "ok", "kk": "ok", "okey": "ok", "okie": "ok", "okk": "ok",
    "okok": "ok", "n": "and", "calender": "calendar", "calandar": "calendar", "calander": "calendar",
    "schedual": "schedule", "okay": "ok", "alright": "all right", "&": "and", "+": "and",
}  # fmt: skip
_WORD = re.compile(r"(?<![\w'])(?:[a-z]+|&|\+)(?![\w'])", re.I)
# Chinese sentence-final particles: after a result complement they say what 了 says ("改好啦").
_AFTER_LE = re.compile(r"(?<=了)[啦咯喽嘞啰哒哟喔哦呀哈啊~]+")
_AS_LE = re.compile(r"(?<=[\u4e00-\u9fff])[啦咯喽]+|(?<=[好上完掉下住妥定进来去])[嘞啰哒哟喔哦]+")
_DASHES = re.compile(r"[‐‑‒–—―]+")


# Typos in the words that carry a claim ("schedulled", "cancelld", "remvoed", "calender") are
# read as the word meant: one edit away, same first letter, never a base form ("update") or
# another real word ("charged").
_CLAIM_WORDS = [
    "booked", "scheduled", "created", "arranged", "reserved", "rescheduled", "changed", "updated", "shifted",
    "renamed", "postponed", "delayed", "adjusted", "deleted", "removed", "cancelled", "canceled", "cleared",
    "dropped", "scrapped", "remembered", "stored", "memorized", "memorised", "recorded", "calendar", "schedule",
    "added"
]  # fmt: skip
_REAL_WORDS = frozenset((
    "add", "book", "schedule", "create", "update", "change", "move", "delete", "remove", "cancel", "remember",
    "note", "save", "store", "record", "adjust", "charged", "cleaned", "crated", "stared", "scored", "booted",
    "cooked", "looked", "hooked", "dripped", "cleaner", "canceler", "remembers"
))  # fmt: skip
_LONG_WORD = re.compile(r"(?<![\w'])[a-z]{6,}(?![\w'])", re.I)


def _one_edit(a: str, b: str) -> bool:
    """Optimal string alignment distance of exactly one (substitution, insertion, deletion, swap)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
        )
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long_[i]:
        i += 1
    return short[i:] == long_[i + 1 :]


def _spelling(match: re.Match[str]) -> str:
    word = match.group(0)
    lower = word.lower()
    if lower in _REAL_WORDS or lower in _CLAIM_WORDS or lower.endswith(("s", "ing")):
        return word
    for known in _CLAIM_WORDS:
        # "reserve" is the base form of "reserved", not a typo for it.
        if known[0] == lower[0] and not known.startswith(lower) and _one_edit(lower, known):
            return known
    return word


def _emphasis(match: re.Match[str]) -> str:
    return match.group(2)


def _line(line: str) -> str:
    if _TABLE_RULE.match(line):
        return ""
    line = _LINE_PREFIX.sub("", line)
    line = _LINK.sub(r"\1", line)
    line = _STRUCK.sub(" ", line)
    line = _EMPHASIS.sub(_emphasis, line)
    line = _STRAY_EMPHASIS.sub("", line)
    # A check mark opening a line is a receipt ("✅ Dentist, Fri 15:00"); anywhere else it ends one.
    line = _CHECK.sub(" — done. ", line)
    line = re.sub(r"^\s*—\s*done\.", "done.", line.strip())
    line = _ARROW.sub(" => ", line)
    line = _PICTOGRAPH.sub(" ", line)
    line = line.replace("|", " ; ")
    line = _DASHES.sub(" — ", line)
    line = _WORD.sub(lambda m: _SHORTHAND.get(m.group(0).lower(), m.group(0)), line)
    line = _LONG_WORD.sub(_spelling, line)
    line = _AFTER_LE.sub("", _AS_LE.sub("了", line))
    return _SPACES.sub(" ", line).strip()


def normalise(text: str) -> str:
    """Plain sentences, one per line: no emoji, markup, full-width forms or invisible characters."""
    text = simplified(_INVISIBLE.sub("", unicodedata.normalize("NFKC", text)))
    text = text.replace("’", "'").replace("‘", "'").replace("＂", '"')
    lines = (_line(line) for line in text.splitlines())
    return "\n".join(line for line in lines if line)
