"""Reading the "when" of a message: one day, a range of days, a time, a part of the day, a
length, a shift ("an hour later") and a list position ("the second one").

Single days and clock times come from ``scheduling.phrases.extract_when`` — the same reader the
fast path uses, so the stand-in and the fast path never disagree about a date. What that reader
deliberately leaves out (weeks, months, lengths, "the second one") is read here first and masked,
so it neither confuses the reader nor ends up in a title.
"""

from __future__ import annotations

import calendar
import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass

from scheduling.phrases import extract_when

_EN_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
    "forty-five": 45, "forty five": 45, "fifty": 50, "sixty": 60, "ninety": 90,
}  # fmt: skip
_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}  # fmt: skip
_EN_NUMBER_WORDS = r"forty[- ]five|" + "|".join(sorted(_EN_NUMBERS, key=len, reverse=True))
_EN_NUMBER = r"\d{1,3}(?:\.\d)?|" + _EN_NUMBER_WORDS
_ZH_NUMBER = r"\d{1,3}(?:\.\d)?|[零〇一二两三四五六七八九十]{1,3}"
_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8,
    "9th": 9, "10th": 10, "last": -1,
}  # fmt: skip
LAST = -1  # "the last one": resolved against the last list shown

_DURATION_EN = re.compile(
    r"(?:\bfor\s+)?(?:\babout\s+)?(?:\bhalf\s+an?\s+hour\b(?P<half_hour>)|\ba\s+quarter\s+of\s+an\s+hour\b(?P<quarter>)"
    r"|\b(?P<number>\d{1,3}(?:\.\d)?)\s*-?\s*(?P<unit>hours?|hrs?|h|minutes?|mins?|m)(?![a-z])"
    rf"|\b(?P<word_number>{_EN_NUMBER_WORDS})[\s-]+(?P<word_unit>hours?|hrs?|minutes?|mins?)\b)"
    r"(?P<and_half>\s+and\s+a\s+half)?",
    re.IGNORECASE,
)
_DURATION_ZH = re.compile(
    rf"(?P<number>{_ZH_NUMBER})?\s*个?\s*(?P<half_before>半)?\s*个?\s*(?P<unit>小时|钟头|分钟|刻钟)(?P<half_after>半)?"
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
    (re.compile(r"\b(?:morning|a\.?m\.?)\b|上午|早上|早晨", re.IGNORECASE), "morning"),
    (re.compile(r"\bafternoon\b|下午|中午", re.IGNORECASE), "afternoon"),
    (re.compile(r"\b(?:evening|tonight|night)\b|晚上|今晚|傍晚", re.IGNORECASE), "evening"),
)

_NO_DAY_AFTER = r"(?![一二三四五六日天末1-7])"


@dataclass(frozen=True)
class DayRange:
    start: str
    end: str | None


def _week(offset: int) -> Callable[[datetime.date], DayRange]:
    suffix = "" if offset == 0 else f"{offset:+d}"
    return lambda today: DayRange(f"W1{suffix}", f"W7{suffix}")


def _days_ahead(count: int) -> Callable[[datetime.date], DayRange]:
    return lambda today: DayRange("D+0", f"D+{max(count, 1) - 1}")


def _month(offset: int) -> Callable[[datetime.date], DayRange]:
    def make(today: datetime.date) -> DayRange:
        index = today.year * 12 + today.month - 1 + offset
        year, month = divmod(index, 12)
        last = calendar.monthrange(year, month + 1)[1]
        return DayRange(f"{year:04d}-{month + 1:02d}-01", f"{year:04d}-{month + 1:02d}-{last:02d}")

    return make


# Ranges of days a single-day reader does not read: pattern -> range (given today).
_RANGES: tuple[tuple[re.Pattern[str], Callable[[datetime.date], DayRange]], ...] = (
    (re.compile(r"\brest\s+of\s+(?:the|this|my)\s+week\b", re.I), lambda today: DayRange("D+0", "W7")),
    (re.compile(r"\b(?:this\s+coming|coming|upcoming)\s+week\b|\bweek\s+ahead\b", re.I), _days_ahead(7)),
    (re.compile(r"\bnext\s+week\b", re.I), _week(1)),
    (re.compile(r"\blast\s+week\b", re.I), _week(-1)),
    (re.compile(r"\b(?:this|the|my|current)\s+week\b(?!\s*end)", re.I), _week(0)),
    (re.compile(r"\bnext\s+(?:two|2)\s+weeks\b|未来两周|接下来两周", re.I), _days_ahead(14)),
    (re.compile(r"\b(?:this|the|my|current)\s+month\b", re.I), _month(0)),
    (re.compile(r"\bnext\s+month\b|下个?月(?![0-9一二三四五六七八九十])", re.I), _month(1)),
    (re.compile(r"(?:这|本)个?月"), _month(0)),
    (re.compile(rf"(?:这|本)个?(?:周|星期|礼拜){_NO_DAY_AFTER}|这一周"), _week(0)),
    (re.compile(rf"(?<!下)下个?(?:周|星期|礼拜){_NO_DAY_AFTER}"), _week(1)),
    (re.compile(rf"(?<!上)上个?(?:周|星期|礼拜){_NO_DAY_AFTER}"), _week(-1)),
    (re.compile(r"(?:未来|接下来|之后)的?(?:一|1)?(?:周|个星期)"), _days_ahead(7)),
    (re.compile(r"这几天|最近几天"), _days_ahead(3)),
)
_DAYS_AHEAD_EN = re.compile(rf"\b(?:the\s+)?(?:next|coming|following)\s+(?P<number>{_EN_NUMBER})\s+days\b", re.I)
_DAYS_AHEAD_ZH = re.compile(rf"(?:未来|接下来|之后|最近)的?(?P<number>{_ZH_NUMBER})\s*天")


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
    def has_day(self) -> bool:
        return self.date is not None


def zh_number(text: str) -> int | None:
    if re.fullmatch(r"\d+", text):
        return int(text)
    if not text or any(char not in _ZH_DIGITS and char != "十" for char in text):
        return None
    if "十" not in text:
        return _ZH_DIGITS[text] if len(text) == 1 else None
    tens, _, ones = text.partition("十")
    return (_ZH_DIGITS.get(tens, 0) if tens else 1) * 10 + (_ZH_DIGITS.get(ones, 0) if ones else 0)


def _number(text: str) -> float | None:
    lowered = text.lower().replace("-", " ")
    if lowered in _EN_NUMBERS:
        return float(_EN_NUMBERS[lowered])
    if re.fullmatch(r"\d+(?:\.\d)?", lowered):
        return float(lowered)
    value = zh_number(text)
    return None if value is None else float(value)


def _duration_minutes(match: re.Match[str]) -> int | None:
    groups = match.groupdict()
    if groups.get("half_hour") is not None:
        return 30
    if groups.get("quarter") is not None:
        return 15
    unit = groups.get("unit") or groups.get("word_unit") or ""
    said = groups.get("number") or groups.get("word_number")
    number = _number(said) if said else (0.0 if groups.get("half_before") else None)
    if number is None:
        return None
    if unit == "刻钟":
        return int(number * 15)
    minutes = number * 60 if unit.lower().startswith("h") or unit in {"小时", "钟头"} else number
    if groups.get("and_half") or groups.get("half_before") or groups.get("half_after"):
        minutes += 30
    # The tools accept 5 minutes to a day; anything else was not a length ("a minute").
    return int(minutes) if 5 <= minutes <= 1440 else None


class _Masker:
    """Collects what was read and blanks it out, keeping every index of the text valid."""

    def __init__(self, text: str) -> None:
        self.text = text

    def take(self, start: int, end: int) -> None:
        self.text = self.text[:start] + " " * (end - start) + self.text[end:]


def _read_duration_and_shift(masker: _Masker) -> tuple[int | None, int | None]:
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


def _read_ordinal(masker: _Masker) -> int | None:
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
        number = zh_number(match.group("number"))
        return number if number and 1 <= number <= 50 else None
    return None


def _read_range(masker: _Masker, today: datetime.date) -> DayRange | None:
    for pattern in (_DAYS_AHEAD_EN, _DAYS_AHEAD_ZH):
        match = pattern.search(masker.text)
        number = _number(match.group("number")) if match else None
        if match and number:
            masker.take(*match.span())
            return _days_ahead(min(int(number), 62))(today)
    for pattern, make in _RANGES:
        match = pattern.search(masker.text)
        if match:
            masker.take(*match.span())
            return make(today)
    return None


def part_of_day_words(text: str) -> str | None:
    found = {part for pattern, part in _PARTS if pattern.search(text)}
    return found.pop() if len(found) == 1 else None


def read_when(text: str, *, today: datetime.date, prefer_near: datetime.time | None = None) -> When:
    masker = _Masker(text)
    ordinal = _read_ordinal(masker)
    duration, shift = _read_duration_and_shift(masker)
    day_range = _read_range(masker, today)
    match = extract_when(masker.text, today=today, prefer_near=prefer_near)
    residue = match.residue(masker.text) if match else " ".join(masker.text.split())
    date = match.date if match else None
    end = None
    if date is None and day_range is not None:
        date, end = day_range.start, day_range.end
    return When(
        date=date,
        end=end,
        time=match.time if match else None,
        part_of_day=match.part_of_day if match else None,
        duration=duration,
        shift=shift,
        ordinal=ordinal,
        residue=residue,
    )
