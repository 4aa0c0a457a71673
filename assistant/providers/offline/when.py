"""Reading the "when" of a message: one day or a range of days, a time, a part of the day, a
length, a shift ("an hour later") and a list position ("the second one").

Single days and clock times come from ``scheduling.phrases.extract_when`` — the same reader the
fast path uses, so the stand-in and the fast path never disagree about a date. What that reader
deliberately leaves out (lengths, list positions, and the ranges in ``ranges.py``) is read here
first and masked, so it neither confuses the reader nor ends up in a title.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from assistant.providers.offline.numbers import EN_NUMBER_WORDS, ZH_NUMBER, Masker, number, zh_number
from assistant.providers.offline.ranges import DayRange, read_clock_range, read_day_range
from scheduling.phrases import extract_when

_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8,
    "9th": 9, "10th": 10, "last": -1,
}  # fmt: skip
LAST = -1  # "the last one": resolved against the last list shown

_DURATION_EN = re.compile(
    r"(?:\bfor\s+)?(?:\babout\s+)?(?:\bhalf\s+an?\s+hour\b(?P<half_hour>)|\ba\s+quarter\s+of\s+an\s+hour\b(?P<quarter>)"
    r"|\b(?:an?\s+)?free\s+hour\b(?P<free_hour>)"
    r"|\b(?P<number>\d{1,3}(?:\.\d)?)\s*-?\s*(?P<unit>hours?|hrs?|h|minutes?|mins?|m)(?![a-z])"
    rf"|\b(?P<word_number>{EN_NUMBER_WORDS})[\s-]+(?P<word_unit>hours?|hrs?|minutes?|mins?)\b)"
    r"(?P<and_half>\s+and\s+a\s+half)?",
    re.IGNORECASE,
)
_DURATION_ZH = re.compile(
    rf"(?P<number>{ZH_NUMBER})?\s*个?\s*(?P<half_before>半)?\s*个?\s*(?P<unit>小时|钟头|分钟|刻钟)(?P<half_after>半)?"
)
_SHIFT_AFTER = re.compile(r"^\s*(?P<dir>later|earlier|sooner|back|forward)\b", re.IGNORECASE)
_SHIFT_BEFORE = re.compile(
    r"\b(?P<dir>back|forward|later|earlier|delay|postpone|push)\b(?:\s+(?:it|that|this|the\s+\w+))?\s+(?:by\s+)?$",
    re.IGNORECASE,
)
_SHIFT_ZH = re.compile(r"(?P<dir>推迟|延后|延迟|往后推|往后挪|往后|晚|提前|往前挪|往前推|往前|早)\s*$")
_LATER_WORDS = {"later", "back", "delay", "postpone", "push", "推迟", "延后", "延迟", "往后推", "往后挪", "往后", "晚"}

_ORDINAL_EN = re.compile(
    r"\b(?:the\s+)?(?P<word>" + "|".join(_ORDINAL_WORDS) + r")\s+(?:one|event|meeting|appointment|item|entry|thing)\b"
    r"|\b(?:number|no\.|#)\s*(?P<number>\d{1,2})\b",
    re.IGNORECASE,
)
_ORDINAL_ZH = re.compile(
    r"第\s*(?P<number>\d{1,2}|[一二两三四五六七八九十]{1,3})\s*(?:个|项|条|场|件)?|(?P<last>最后(?:一|那)个)"
)
_PARTS = (
    (re.compile(r"\bmornings?\b|上午|早上|早晨", re.IGNORECASE), "morning"),
    (re.compile(r"\bafternoons?\b|下午|中午", re.IGNORECASE), "afternoon"),
    (re.compile(r"\b(?:evenings?|tonight|nights?)\b|晚上|今晚|傍晚", re.IGNORECASE), "evening"),
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

    @property
    def past(self) -> bool:
        return bool(self.date and (self.date.startswith("D-") or re.fullmatch(r"W[1-7]-\d+", self.date)))

    @property
    def single_day(self) -> str | None:
        """The day, when one day was said (not a range: a create needs one day)."""
        return self.date if self.end is None else None


def _duration_minutes(match: re.Match[str]) -> int | None:
    groups = match.groupdict()
    if groups.get("half_hour") is not None:
        return 30
    if groups.get("quarter") is not None:
        return 15
    if groups.get("free_hour") is not None:
        return 60
    unit = groups.get("unit") or groups.get("word_unit") or ""
    said = groups.get("number") or groups.get("word_number")
    count = number(said) if said else (0.0 if groups.get("half_before") else None)
    if count is None:
        return None
    if unit == "刻钟":
        return int(count * 15)
    minutes = count * 60 if unit.lower().startswith("h") or unit in {"小时", "钟头"} else count
    if groups.get("and_half") or groups.get("half_before") or groups.get("half_after"):
        minutes += 30
    # The tools accept 5 minutes to a day; anything else was not a length ("a minute").
    return int(minutes) if 5 <= minutes <= 1440 else None


def _read_duration_and_shift(masker: Masker) -> tuple[int | None, int | None]:
    duration = shift = None
    for pattern in (_DURATION_EN, _DURATION_ZH):
        for match in pattern.finditer(masker.text):
            minutes = _duration_minutes(match)
            if minutes is None:
                continue
            start, end = match.span()
            before, after = masker.text[:start], masker.text[end:]
            direction = _SHIFT_AFTER.match(after) or _SHIFT_BEFORE.search(before) or _SHIFT_ZH.search(before)
            if direction and shift is None:
                sign = 1 if direction.group("dir").lower() in _LATER_WORDS else -1
                shift = sign * minutes
                end = end + direction.end() if direction.re is _SHIFT_AFTER else end
                start = direction.start() if direction.re is not _SHIFT_AFTER else start
            elif duration is None:
                duration = minutes
            masker.take(start, end)
    return duration, shift


def _read_ordinal(masker: Masker) -> int | None:
    match = _ORDINAL_EN.search(masker.text)
    if match:
        masker.take(*match.span())
        value = _ORDINAL_WORDS[match.group("word").lower()] if match.group("word") else int(match.group("number"))
        return value if value == LAST or 1 <= value <= 50 else None
    match = _ORDINAL_ZH.search(masker.text)
    if match:
        masker.take(*match.span())
        if match.group("last"):
            return LAST
        said = zh_number(match.group("number"))
        return said if said and 1 <= said <= 50 else None
    return None


def part_of_day_words(text: str) -> str | None:
    found = {part for pattern, part in _PARTS if pattern.search(text)}
    return found.pop() if len(found) == 1 else None


# "安排一下周五": 一下 is filler, but next to 周五 the shared reader would see 下周五 (next Friday).
_FILLER_BEFORE_WEEKDAY = re.compile(r"一下(?=(?:周|星期|礼拜)[一二三四五六日天])")


def _weekday_of_week(day: str, week: DayRange) -> str | None:
    """A weekday said beside a whole week: that weekday of that week."""
    weekday = re.fullmatch(r"W([1-7])", day)
    first = re.fullmatch(r"W1(?P<offset>[+-]\d+)?", week.start)
    if weekday is None or first is None or week.end != f"W7{first.group('offset') or ''}":
        return None
    return f"W{weekday.group(1)}{first.group('offset') or ''}"


def read_when(text: str, *, today: datetime.date, prefer_near: datetime.time | None = None) -> When:
    masker = Masker(text)
    for filler in _FILLER_BEFORE_WEEKDAY.finditer(text):
        masker.take(*filler.span())
    ordinal = _read_ordinal(masker)
    duration, shift = _read_duration_and_shift(masker)
    day_range = read_day_range(masker, today)
    clock_range = read_clock_range(masker)
    if clock_range is not None:
        duration = duration or clock_range[1]
    match = extract_when(masker.text, today=today, prefer_near=prefer_near)
    residue = match.residue(masker.text) if match else " ".join(masker.text.split())
    date = match.date if match else None
    end = None
    if date is None and day_range is not None:
        date, end = day_range.start, day_range.end
    elif date is not None and day_range is not None:
        date = _weekday_of_week(date, day_range) or date  # "Saturday next week" -> W6+1
    return When(
        date=date,
        end=end,
        time=clock_range[0] if clock_range else (match.time if match else None),
        part_of_day=match.part_of_day if match else None,
        duration=duration,
        shift=shift,
        ordinal=ordinal,
        residue=residue,
    )
