"""The working state of one extraction: the normalised text, what has been claimed, what was found.

Normalisation maps character for character (full-width to ASCII, Traditional to Simplified
for the characters dates use, lower case), so an index into the normalised text is an index
into the person's text and spans need no translation. Each recogniser claims the characters
it reads; claimed characters are masked with NUL so that later, looser patterns cannot read
them again (``周三十点`` is Wednesday + 10:00 once ``周三`` is claimed, never ``三十点``).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Final, Literal

MAX_CHARS: Final = 200
MASK: Final = "\x00"

Span = tuple[int, int]
Meridiem = Literal["am", "pm"]
Part = Literal["morning", "afternoon", "evening", "early", "noon", "midnight", "am", "pm"]
SpanKind = Literal["date", "part", "clock", "other"]

_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
_SINGLE_CHARS = {"\u3000": " ", "\u2019": "'", "\u2018": "'", "\u2013": "-", "\u2014": "-", "\u00a0": " "}
# Traditional forms (and a few Cantonese ones) of the characters the Chinese patterns use.
_TRADITIONAL = dict(zip("週禮點後個號這時兩鐘聽尋晝頭間幾", "周礼点后个号这时两钟听寻昼头间几", strict=True))
_TABLE: Final[dict[int, int]] = {
    **_FULL_WIDTH,
    **{ord(key): ord(value) for key, value in (_SINGLE_CHARS | _TRADITIONAL).items()},
}


def normalize(text: str) -> str:
    """Same length as ``text``: lower case, ASCII digits and punctuation, Simplified forms."""
    lowered = text.lower()
    if len(lowered) != len(text):  # a few letters (İ) grow when lowered: keep those as they are
        lowered = "".join(char.lower() if len(char.lower()) == 1 else char for char in text)
    return lowered.translate(_TABLE)


@dataclass(frozen=True)
class DateFinding:
    """One date phrase. Exactly one of ``symbol`` or ``day`` says which date it means."""

    span: Span
    rank: int  # which finding names the date when several agree: lower wins
    symbol: str | None = None  # a relative symbol already known: D+1, W5+1, WE
    year: int | None = None  # an explicit calendar date: year (None if unsaid), month, day
    month: int | None = None  # None with a day: "the 15th", "20号" (the next such day)
    day: int | None = None
    weekday: int | None = None  # a bare weekday (1-7): also a check on an explicit date said with it


@dataclass(frozen=True)
class ClockFinding:
    span: Span
    hour: int  # as said: 3 in "3pm", 15 in "15:00"
    minute: int
    meridiem: Meridiem | None = None
    fixed: bool = False  # a 24-hour reading was said ("09:00", "15h", "0点"): no am/pm to pick
    shift: int = 0  # minutes to add once the hour is placed ("a quarter to 4" = 4:00 - 15)


@dataclass(frozen=True)
class PartFinding:
    span: Span
    part: Part


@dataclass
class Scan:
    text: str
    today: datetime.date
    masked: str = ""
    spans: list[tuple[Span, SpanKind]] = field(default_factory=list)
    dates: list[DateFinding] = field(default_factory=list)
    clocks: list[ClockFinding] = field(default_factory=list)
    parts: list[PartFinding] = field(default_factory=list)
    # Something we recognise but do not read (a range, "every", "in 2 hours", "上周末"): the
    # whole message goes to the model rather than a part of it being read on the fast path.
    out_of_scope: bool = False

    def __post_init__(self) -> None:
        self.masked = self.text

    def claim(self, start: int, end: int, kind: SpanKind) -> bool:
        if start >= end or any(s < end and start < e for (s, e), _ in self.spans):
            return False
        self.spans.append(((start, end), kind))
        self.masked = self.masked[:start] + MASK * (end - start) + self.masked[end:]
        return True

    def add_date(self, match: re.Match[str], finding: DateFinding) -> None:
        if self.claim(*match.span(), "date"):
            self.dates.append(finding)

    def add_clock(self, match: re.Match[str], finding: ClockFinding) -> None:
        if self.claim(*match.span(), "clock"):
            self.clocks.append(finding)

    def add_part(self, span: Span, part: Part, *, claim: bool = True) -> None:
        """``claim=False`` when the span was already claimed as a date ("tonight", "今晚")."""
        if not claim or self.claim(*span, "part"):
            self.parts.append(PartFinding(span, part))

    def kind_ending_at(self, index: int) -> SpanKind | None:
        """The kind of the claimed span that ends at ``index`` (after skipping spaces and commas)."""
        while index > 0 and self.text[index - 1] in " ,，":
            index -= 1
        return next((kind for (_, end), kind in self.spans if end == index), None)

    def kind_starting_at(self, index: int) -> SpanKind | None:
        while index < len(self.text) and self.text[index] in " ,，":
            index += 1
        return next((kind for (start, _), kind in self.spans if start == index), None)
