"""Reading the "when" of a message: one day or a range of days, a time, a part of the day, a
length, a shift ("an hour later") and a list position ("the second one").

Single days and clock times come from ``assistant.reading.extract_when`` — the same reader the
fast path uses, so the stand-in and the fast path never disagree about a date. What that reader
deliberately leaves out (lengths, list positions, and the ranges in ``ranges.py``) is read here
first and masked, so it neither confuses the reader nor ends up in a title.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from dataclasses import dataclass

from assistant.providers.offline.lexicon import SCOPES
from assistant.providers.offline.ranges import read_clock_range, read_day_range, unread_clock_range, weekday_of_week
from assistant.reading.days import days_of
from assistant.reading.durations import find_lengths
from assistant.reading.extract import read_when_or_decline
from assistant.reading.numbers import EN_ORDINAL, cn_int, en_ordinal
from assistant.reading.text import Masker
from assistant.reading.vocabulary import PARTS_OF_DAY, THAT_DAY

LAST = -1  # "the last one": resolved against the last list shown

_ORDINAL_EN = re.compile(
    rf"\b(?:the\s+)?(?P<word>{EN_ORDINAL}|[0-9]{{1,2}}(?:st|nd|rd|th)|last)\s+(?:one|event|meeting|appointment|item|entry|(?<!(?<!the\s)first\s)thing)\b"  # "first thing, like 9am" is early
    r"|\b(?:number|no\.|#)\s*(?P<number>\d{1,2})\b"
    r"|\bthe\s+(?P<order>earlier|earliest|later|latest)\b(?!\s+(?:than|today|tomorrow|tmrw|on|in|at|this|that|time)\b)(?:\s+one\b)?",  # "the later design review"
    re.IGNORECASE,
)
_ORDINAL_ZH = re.compile(
    r"第\s*(?P<number>\d{1,2}|[一二两三四五六七八九十]{1,3})(?!\s*[次届期轮])\s*(?:个|项|条|场|件)?|(?P<last>最后(?:一|那)个|(?:晚|后面)(?:一点|点)?的?那个)|(?P<first>(?:早|前面)(?:一点|点)?的?那个)"
)


@dataclass(frozen=True)
class When:
    date: str | None = None  # a single day, or the first day of a range
    end: str | None = None  # the last day of a range
    time: str | None = None
    part_of_day: str | None = None
    duration: int | None = None
    shift: int | None = None  # minutes to move by: +60 "an hour later", -30 "提前半小时"
    ordinal: int | None = None  # 1-based; LAST for "the last one"
    residue: str = ""  # the message without anything read here
    guessed: bool = False  # the time's half of the day was not said ("7"): never shown or written as said
    offset: int | None = None  # minutes from now: "in two hours", "两个小时后"
    extend: int | None = None  # minutes added to how long it lasts: +30 "30 minutes longer", -15 "缩短一刻钟"
    declined: bool = False  # a day or time was said that the reader chose not to read: never "no day said"

    @property
    def past(self) -> bool:
        return bool(self.date and (self.date.startswith("D-") or re.fullmatch(r"W[1-7]-\d+", self.date)))

    @property
    def single_day(self) -> str | None:
        """The day, when one day was said (not a range: a create needs one day)."""
        return self.date if self.end is None else None


def from_now(when: When, now: datetime.datetime | None, today: datetime.date) -> When:
    """ "in two hours", "半小时后": the day and time that far from now (when no other was said)."""
    if not when.offset or when.time or when.date or now is None:
        return when
    moment = now + datetime.timedelta(minutes=when.offset)
    return dataclasses.replace(when, date=f"D+{(moment.date() - today).days}", time=f"{moment:%H:%M}")


_COUNTED_FROM_ANOTHER = re.compile(r"\s*(?:before|after)\s+(?!now\b)\S", re.IGNORECASE)


def _read_lengths(masker: Masker) -> tuple[int | None, int | None, int | None, int | None]:
    duration = shift = offset = extend = None
    for length in find_lengths(masker.text):
        if length.kind in ("later", "earlier") and shift is None:
            shift = length.minutes if length.kind == "later" else -length.minutes
        elif length.kind == "offset" and _COUNTED_FROM_ANOTHER.match(masker.text, length.end):
            pass  # "2 hours before the flight", "the day before": counted from that, never from now
        elif length.kind == "offset" and offset is None:
            offset = length.minutes  # a moment from now, not how long it lasts
        elif length.kind in ("more", "less") and extend is None:
            extend = length.minutes if length.kind == "more" else -length.minutes  # "延长半小时": the new length is unsaid
        elif duration is None:
            duration = length.minutes
        masker.take(length.start, length.end)
    return duration, shift, offset, extend


def _read_ordinal(masker: Masker) -> int | None:
    match = _ORDINAL_EN.search(masker.text)
    if match and match["order"]:  # the list is in order of time: the earlier of two is the first
        masker.take(*match.span())
        return 1 if match["order"].lower().startswith("earl") else LAST
    if match:
        masker.take(*match.span())
        word = (match.group("word") or "").lower()
        value = (LAST if word == "last" else en_ordinal(word) or 0) if word else int(match.group("number"))
        return value if value == LAST or 1 <= value <= 50 else None
    match = _ORDINAL_ZH.search(masker.text)
    if match:
        masker.take(*match.span())
        if match.group("last") or match.group("first"):
            return LAST if match.group("last") else 1
        said = cn_int(match.group("number"))
        return said if said and 1 <= said <= 50 else None
    return None


def without_part_of_day(text: str) -> str:
    for pattern, _ in PARTS_OF_DAY:
        text = pattern.sub(" ", text)
    return text


# "on that day", "that afternoon", "那天": the day of the message before (``intents.read_signals``),
# a pointer, not a day this reader should decline ("add it at 11 on that day" still says 11).
# "the 9am one", "the friday one": a choice named by its time or day; "the" and "one" name nothing.
_THE_ONE = re.compile(
    r"^\s*(?:the|that)\s+(?=\S+(?:\s+\S+)?\s+one(?:\s+pl(?:ea)?se?|\s+pls)?\s*[?.!]*\s*$)|\s+one(?=(?:\s+pl(?:ea)?se?|\s+pls)?\s*[?.!]*\s*$)", re.I
)
# "same time", "同一时间": the time stays as it is, no time said (a move keeps it; a booking asks).
_SAME_TIME = re.compile(r"(?<!week\s)(?<!week,\s)\b(?:at\s+)?(?:the\s+)?same\s+time\b(?!\s+next\s+week)|(?<![周期拜的])同一?个?时间|时间不变|原来的?时间", re.I)  # "next week same time" is a shift
# "安排一下周五": 一下 is filler, but next to 周五 the shared reader would see 下周五 (next Friday).
_FILLER_BEFORE_WEEKDAY = re.compile(r"一下(?=(?:这|本)?(?:周|星期|礼拜)[一二三四五六日天])")


def in_week_of(day: str | None, anchor: str | None, today: datetime.date) -> str | None:
    """A weekday alone said of a day in a later week is that week's: "下周三 …" then "不对 是周四" is next week's
    Thursday, and so is "把下周四的例会改到周五" next week's Friday; never an earlier week's."""
    said = re.fullmatch(r"W([1-7])(?:\+(1))?", day or "")
    bare_weeks = 0 if said is None or int(said.group(1)) > today.isoweekday() else 1
    if said is None or int(said.group(2) or 0) != bare_weeks or not anchor or len(anchor_days := days_of(anchor, today)) != 1:
        return day
    weeks = (anchor_days[0].toordinal() - anchor_days[0].weekday() - today.toordinal() + today.weekday()) // 7
    return f"W{said.group(1)}+{weeks}" if weeks > bare_weeks else day


def read_when(text: str, *, today: datetime.date, prefer_near: datetime.time | None = None) -> When:
    masker = Masker(text)
    scopes = [pattern for words in SCOPES.values() for pattern in (*words.en, *words.zh)]  # "以后都这样", "from now on"
    for pattern in (_FILLER_BEFORE_WEEKDAY, THAT_DAY, _SAME_TIME, *scopes):
        for filler in pattern.finditer(text):
            masker.take(*filler.span())
    ordinal = _read_ordinal(masker)
    for filler in _THE_ONE.finditer(masker.text) if ordinal is None else ():
        masker.take(*filler.span())
    duration, shift, offset, extend = _read_lengths(masker)
    day_range = read_day_range(masker, today)
    clock_range = read_clock_range(masker)
    if clock_range is not None:
        duration = duration or clock_range[1]
    match, declined = read_when_or_decline(masker.text, today=today, prefer_near=prefer_near)
    unread = unread_clock_range(masker.text) if clock_range is None and match and match.time else None
    unread_range = unread is not None and match is not None and any(s < unread[1] and unread[0] < e for s, e in match.spans)
    residue = match.residue(masker.text) if match else " ".join(masker.text.split())
    date = match.date if match else None
    end = None
    if date is None and day_range is not None:
        date, end = day_range.start, day_range.end
    elif date is not None and day_range is not None:
        date = weekday_of_week(date, day_range) or date  # "Saturday next week" -> W6+1
    return When(
        date=date,
        end=end,
        time=clock_range[0] if clock_range else None if unread_range else (match.time if match else None),
        part_of_day=match.part_of_day if match else None,
        duration=duration,
        shift=shift,
        ordinal=ordinal,
        residue=residue,
        guessed=bool(match and match.guessed and not clock_range),
        offset=offset,
        extend=extend,
        declined=(declined or unread_range) and date is None,
    )
