"""Authority follows the person's words: may a proposed write run now, or must the person confirm it?

A write the model proposes is carried out directly only when what it writes comes from the
person — their own words in this session, or slots of an open request they filled. When a
value comes from data instead (an archive or memory result, an event's title or notes, a pasted
passage), or the turn read such data before the write, the write is held and the person gets a
card naming exactly what would be written. Code decides, not the model; the trace says why.

The check is deliberately about values, not about intentions: the model may understand the
request however it likes, but a title, a fact, a day or a time it writes must be traceable to
the person (CaMeL's "capabilities on values", in a small form).
"""

from __future__ import annotations

import contextlib
import datetime
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.reading import extract_when
from assistant.reading.vocabulary import ASKS as _QUESTION
from scheduling import symbols

# Tools whose result writes what the person did not see yet. Deletes always ask anyway.
GUARDED_WRITES = {"schedule_event", "change_event", "remember_fact", "cancel_command"}
# Intermediate reads whose results are data, never instructions.
UNTRUSTED_READS = {"search_memory", "search_chat_archive"}
UNTRUSTED_SOURCE = "untrusted_source"

# Words that only name a kind of entry; a title made of them carries nothing from anywhere.
_GENERIC = {
    "a", "an", "the", "my", "with", "and", "to", "of", "for", "at", "on", "in", "is", "are", "be", "i", "me",
    "you", "your", "it", "that", "this", "event", "appointment", "meeting", "call", "session", "reminder",
    "new", "entry", "untitled",
}  # fmt: skip
_GENERIC_ZH = set("的和与跟同个一")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[\u3400-\u9fff]")
# Signs that the person spoke about timing, even where the date reader declined.
_TIMING = re.compile(
    r"\d|\b(?:today|tonight|tomorrow|tmr|tmrw|tmrow|yesterday|next|later|earlier|sooner|morning|afternoon|"
    r"evening|noon|midnight|pm|weekend|week|month|hours?|minutes?|mins?|half|o'?clock|"
    r"mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|"
    r"september|october|november|december|postpone|delay|push(?:ed)?|pull(?:ed)?)\b"
    r"|今天|明天|后天|昨天|前天|大后天|今晚|明晚|周[一二三四五六日天末]|星期|礼拜|上午|下午|晚上|早上|中午|凌晨|傍晚|"
    r"[0-9一二三四五六七八九十两]+\s*(?:点|号|日|月|分钟|小时|刻)|半|提前|推迟|延后|挪|改到|下周|这周|本周|下个月|小时|分钟|钟头|[早晚]点",
    re.IGNORECASE,
)
# A person dropping their open request says so; without such words a cancel is held.
_CANCEL = re.compile(
    r"\b(?:cancel|never\s*mind|nvm|forget\s+(?:it|about\s+it|that)|scratch\s+that|drop\s+(?:it|that)|skip\s+it|"
    r"don'?t\s+bother|call\s+it\s+off|no\s+longer|not\s+anymore|stop|(?:delete|remove|scrap|ditch|kill)\s+(?:it|that|this))\b"
    r"|取消|算了|不要了|不用了|不约了|不去了|不订了|不排了|别弄了|先不|不需要了|作罢",
    re.IGNORECASE,
)
# Verbs (and Chinese resultatives) by which a person asks for a write. A question without any of
# them ("what's on tomorrow?", "is Saturday 7pm free?") asks to be told, not to have things done.
_WRITE_WORDS = re.compile(
    r"\b(?:move|moving|push|pull|shift|reschedule|change|make|rename|call\s+it|name\s+it|title|book|add|put|"
    r"schedule|create|set\s+up|arrange|plan|block|pencil|reserve|remind|remember|note|save|cancel|delete|remove|"
    r"drop|clear|extend|shorten|bump|postpone|delay|bring|switch|swap|update|edit|fix|keep|insist|anyway|"
    r"go\s+ahead|do\s+it|instead|rather|how\s+about|what\s+about|let'?s|can\s+we\s+do|could\s+we\s+do|want|need|get|have|set|fit|squeeze|slot|grab|hold|meet|organi[sz]e|sign\s+me\s+up)\b"
    r"|挪|改|换|调|推|提前|延|订|约|加|安排|排|放|记|存|删|取消|设|建|创建|定|预约|预订|登记|命名|叫|标题|照样|还是|要|想|帮我|给我|来个|弄",
    re.IGNORECASE,
)


_CANCEL_OBJECT = re.compile(r"\bcancel(?:l?ing|l?ed)?\s+(?:my\s+|the\s+|our\s+|that\s+|this\s+)?([a-z']+)", re.I)
_PRONOUNS = {"it", "that", "this", "request", "booking", "appointment", "one", "everything", "all", "please", "pls"}


def _drops_open_request(words: str, provenance: Provenance) -> bool:
    """ "never mind", "cancel it", "cancel the dentist" drop the open request; "cancel my gym
    membership" speaks of something else."""
    if not _CANCEL.search(words):
        return False
    titles = {word for value in provenance.slot_values for word in _words(value)}
    objects = [_stem(match.group(1).casefold()) for match in _CANCEL_OBJECT.finditer(words)]
    return all(word in _PRONOUNS or word in titles for word in objects)


def asks_to_be_told(text: str) -> bool:
    """A question that names no write: the person wants an answer, not a change."""
    words = own_words(text)
    return bool(_QUESTION.search(words)) and not _WRITE_WORDS.search(words)


# Lines that carry someone else's text: quoted, forwarded, pasted after a colon and a line break.
_QUOTED_LINE = re.compile(r"^\s*(?:>|from:|to:|subject:|sent:|发件人|收件人|主题)", re.IGNORECASE)
_QUOTED_SPAN = re.compile(r"[\"“「『][^\"”」』]{12,}[\"”」』]")


@dataclass(frozen=True)
class Provenance:
    """What the person has said in this session, in the forms a write can be checked against."""

    texts: tuple[str, ...]  # the person's own words (quoted or pasted material removed)
    slot_values: tuple[str, ...]  # values of the open request they filled earlier
    today: datetime.date

    @property
    def words(self) -> set[str]:
        return {word for text in (*self.texts, *self.slot_values) for word in _words(text)}


def own_words(text: str) -> str:
    """The person's text without what they pasted or quoted: that part is data, not a request.

    In a message of several lines, the first line is the person's and what follows it is taken
    as pasted when it is introduced (a colon), long, or more than one line: people type requests
    in a line, and paste e-mails and notes below one.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1:
        introduced = lines[0].rstrip().endswith((":", "：", "-", "—"))
        if introduced or len(lines) > 2 or any(len(line) > 60 for line in lines[1:]):
            lines = lines[:1]
    kept = [line for line in lines if not _QUOTED_LINE.match(line)]
    return _QUOTED_SPAN.sub(" ", "\n".join(kept))


def _normal(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _stem(word: str) -> str:
    """ "takes" and "take", "meetings" and "meet", "mum's" and "mum" are the same word here."""
    word = word.removesuffix("'s")
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
    elif word.endswith(("ed", "es")) and len(word) > 4:
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        word = word[:-1]
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def _words(text: str) -> list[str]:
    return [_stem(word) for word in _WORD.findall(_normal(text))]


def _content(value: str) -> list[str]:
    generic = {_stem(word) for word in _GENERIC} | _GENERIC_ZH
    return [word for word in _words(value) if word not in generic]


def said(value: str, provenance: Provenance) -> bool:
    """Does a written text (title, fact) come from the person's words?

    Most of its content words (characters, for Chinese) must appear in what they said; a
    value made only of generic words ("Meeting") carries nothing and passes.
    """
    content = _content(value)
    if not content:
        return True
    known = provenance.words
    found = sum(1 for word in content if word in known)
    return found / len(content) >= 0.75


def _dates_said(provenance: Provenance) -> tuple[set[datetime.date], set[str], bool]:
    """The days and times the reader finds in the person's words, and whether any timing talk was unread."""
    days: set[datetime.date] = set()
    times: set[str] = set()
    unread = False
    for text in (*provenance.texts, *provenance.slot_values):
        for piece in re.split(r"[\n.!?;。！？；]+", text):
            if not piece.strip():
                continue
            match = extract_when(piece, today=provenance.today)
            if match is not None:
                if match.date:
                    try:
                        days.update(symbols.resolve(match.date, provenance.today))
                    except symbols.InvalidExpression:
                        unread = True
                if match.time:
                    times.add(match.time)
                residue = match.residue(piece)
            else:
                residue = piece
            if _TIMING.search(residue):
                unread = True
    for value in provenance.slot_values:
        if re.fullmatch(r"\d{2}:\d{2}", value):
            times.add(value)
        else:
            with contextlib.suppress(symbols.InvalidExpression):
                days.update(symbols.resolve(value, provenance.today))
    return days, times, unread


def _when_said(arguments: Mapping[str, Any], provenance: Provenance) -> bool:
    date, time = arguments.get("date"), arguments.get("time")
    if date is None and time is None:
        return True
    days, times, unread = _dates_said(provenance)
    if unread:
        # The person spoke of timing in words the reader could not pin down: the model's
        # reading of them is theirs to make (declining to read is not evidence of injection).
        return True
    if time is not None and time not in times:
        return False
    if date is not None:
        try:
            wanted = set(symbols.resolve(date, provenance.today))
        except symbols.InvalidExpression:
            return True  # the tool refuses it anyway
        if not wanted & days:
            return False
    return True


def hold_reason(
    *,
    tool: str,
    arguments: Mapping[str, Any],
    provenance: Provenance,
    read_tools: Iterable[str],
    current_text: str,
    continues_open_request: bool = False,
) -> str | None:
    """None when the person's words carry this write; otherwise why it needs their confirmation."""
    if tool not in GUARDED_WRITES:
        return None
    if any(name in UNTRUSTED_READS for name in read_tools):
        return UNTRUSTED_SOURCE
    if tool == "cancel_command":
        return None if _drops_open_request(own_words(current_text), provenance) else UNTRUSTED_SOURCE
    if asks_to_be_told(current_text) and not continues_open_request:
        return UNTRUSTED_SOURCE
    # A topic is a label the model chose for the fact; the fact itself must be the person's.
    for field in ("title", "fact"):
        value = arguments.get(field)
        if isinstance(value, str) and value.strip() and not said(value, provenance):
            return UNTRUSTED_SOURCE
    if tool in {"schedule_event", "change_event"} and not _when_said(arguments, provenance):
        return UNTRUSTED_SOURCE
    return None


def provenance_for(*, person_texts: Sequence[str], slot_values: Iterable[object], today: datetime.date) -> Provenance:
    return Provenance(
        texts=tuple(own_words(text) for text in person_texts),
        slot_values=tuple(str(value) for value in slot_values if isinstance(value, str | int) and value != ""),
        today=today,
    )
