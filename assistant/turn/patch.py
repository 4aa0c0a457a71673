"""Reading a field patch out of a short reply, in code: "Saturday 3pm", "make it 4", "4点吧",
"call it Dentist", "for 2 hours". A message is a patch only when EVERY word in it is a slot value
or filler ("make it", "吧", "ok"): "what's on Saturday?", "It will begin" or "Sounds good" are
never patches, and a title comes only from an explicit naming ("call it X", "标题叫X"). Where a
reader is unsure (a shift, an offset, two lengths, a date it cannot read whole) it declines, and
the model reads the message instead."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from assistant.reading import extract_when
from assistant.reading.durations import find_lengths
from assistant.reading.text import Masker, is_filler
from assistant.reading.vocabulary import QUESTION_WORD as _QUESTION
from scheduling.commands import SlotPatch

MAX_PATCH_CHARS = 80

_QUOTE_OPEN = r"[\"'“「『]?"
_QUOTE_CLOSE = r"[\"'”」』]?"
_TITLE_EN = re.compile(
    r"^\s*(?:(?:ok|okay|and|then|please|let'?s|so)[,\s]+)*"
    r"(?:(?:call|name|title)\s+it(?!\s+(?:off|a\s+day|a\s+night|quits|even)\b)|rename\s+it"
    r"|(?:change|set|make)\s+the\s+(?:title|name)|the\s+(?:title|name)\s+is|(?:title|name)\s*[:：]|it'?s\s+called)"
    rf"(?:\s+(?:as|to)(?![a-z]))?\s*[:：]?\s*{_QUOTE_OPEN}(?P<title>[^\"“”「」]{{1,120}}?){_QUOTE_CLOSE}\s*[.!。！]?\s*$",
    re.IGNORECASE,
)
_TITLE_ZH = re.compile(
    r"^\s*那?(?:就叫(?!停)|就?(?:叫它|叫做|(?:名字|标题|名称)就?(?:叫|是|改成|改为|改叫|换成)|改名(?:为|叫|成)?|命名为))"
    r"\s*[:：]?"
    rf"{_QUOTE_OPEN}(?P<title>[^」”\"]{{1,60}}?){_QUOTE_CLOSE}\s*[吧。！!]?\s*$"
)

# A question is never a patch: "what is on Sunday?", "and on Sunday?", "那周日呢？" go to the model.


@dataclass(frozen=True)
class PatchReading:
    patch: SlotPatch
    residue: str


def read_patch(text: str, *, today: datetime.date, prefer_near: datetime.time | None = None) -> PatchReading | None:
    """The patch this message carries, or None when it is not purely a patch."""
    text = text.strip()
    if not text or len(text) > MAX_PATCH_CHARS or _QUESTION.search(text):
        return None
    named = _TITLE_EN.match(text) or _TITLE_ZH.match(text)
    if named:
        title = named.group("title").strip()
        # "call it lunch at 1": a title with a time in it is the model's to split, not ours.
        if not title or is_filler(title) or extract_when(title, today=today) is not None:
            return None
        return PatchReading(SlotPatch(title=title, raw={"title": text}), "")
    lengths = find_lengths(text)
    if len(lengths) > 1 or any(length.kind != "length" for length in lengths):
        return None  # "in 2 hours", "an hour later", "2 hours 30 minutes": not one length
    masker = Masker(text)
    for length in lengths:
        masker.take(length.start, length.end)
    when = extract_when(masker.text, today=today, prefer_near=prefer_near)
    residue = when.residue(masker.text) if when else " ".join(masker.text.split())
    duration = lengths[0].minutes if lengths else None
    if (when is None and duration is None) or not is_filler(residue):
        return None
    if when is not None and when.guessed and prefer_near is None and (when.time or "")[:2] in ("18", "19"):
        return None  # "七点", "7": morning or evening? never guessed into a write

    raw = {"duration_minutes": text} if duration else {}
    if when is not None and when.date:
        raw["date"] = text
    if when is not None and when.time:
        raw["time"] = text
    patch = SlotPatch(
        date=when.date if when else None, time=when.time if when else None, duration_minutes=duration, raw=raw
    )
    return PatchReading(patch, residue)
