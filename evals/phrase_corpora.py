"""The public date/time corpora (Duckling, dateparser) and the judge that scores a reading of
them by ``extract_when`` under the product's conventions (used by the corpus test and the phrase
benchmark).

The bar (from the corpora's README): phrases a person would type as a reply to "which day?"
or "what time?" - single days, day + time, weekends - are read right; the rest may be left
to the model (``None``); and no phrase, in scope or not, is ever read WRONGLY. The phrases we
leave to the model on purpose are listed in ``UNSUPPORTED`` with the reason; a listed phrase
that starts being read fails the test too, so the list cannot go stale.

The corpora's conventions are not the product's. Where they differ the product wins:
- a bare weekday said on that same weekday is next week's, "next <weekday>" is the weekday of
  the following Monday-Sunday week, "this <weekday>" the weekday of this week even if past;
- a weekend is the product's ``WE``, Saturday and Sunday (Duckling: Friday 18:00 - Monday 00:00);
- "in N days" / "N天后" is a day: compared at Day grain (Duckling keeps the clock hour);
- a time said without a day ("at 3am") carries no date: only the clock time is compared
  (Duckling moves a past time to tomorrow; the caller takes the day from the appointment);
- a few single phrases, in ``PRODUCT_READINGS`` with the rule that decides them.
In the disputed files the 4th column (the natural reading) is the expectation; where it is not
a concrete datetime ("ambiguous", "ill-formed") the phrase must not be read at all.
"""

from __future__ import annotations

import datetime
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from assistant.reading import WhenMatch, extract_when
from scheduling.symbols import resolve


def _corpus_dir() -> Path:
    """``shared/corpora/dates`` beside the checkout (CORPUS_DIR overrides), wherever it is cloned."""
    if os.environ.get("CORPUS_DIR"):
        return Path(os.environ["CORPUS_DIR"])
    for ancestor in Path(__file__).resolve().parents:
        candidate = ancestor / "shared" / "corpora" / "dates"
        if candidate.is_dir():
            return candidate
    return Path(__file__).resolve().parents[3] / "shared" / "corpora" / "dates"


CORPUS_DIR = _corpus_dir()

Outcome = Literal["right", "none", "wrong"]

# Sections (by a word of their header) that are relative offsets from "now", not replies to
# "which day?" / "what time?": reading them is optional, reading them wrong is not.
OUT_OF_SCOPE_SECTIONS = ("relative offsets", "diffCorpus", "section A")
# A disputed line whose natural reading is "N units before/after now" is such an offset too.
OFFSET_NOTE = "point in time N units"

# In-scope phrases left to the model on purpose (extract_when returns None), and why.
UNSUPPORTED: dict[str, str] = {
    # "after next" is read as next week's by some and the week after by others (the disputed
    # file and the main corpus disagree on it themselves).
    "friday after next": "ambiguous: 'after next'",
    "wednesday after next": "ambiguous: 'after next'",
    # Weekday and day of month that disagree for the coming month: Duckling searches months
    # ahead for a Thursday the 15th; a person more likely slipped.
    "Thu 15th": "weekday and the coming 15th disagree",
    # The same, with a month: July 18 2013 is a Thursday; Duckling jumps to 2014. Only a date
    # in the week just gone is read from a weekday ("Sunday, Feb 10" said on Feb 12).
    "Fri, Jul 18": "weekday and the coming Jul 18 disagree",
    "Jul 18, Fri": "weekday and the coming Jul 18 disagree",
    # Hours 1-4 and 12 "tonight" are the small hours of the NEXT day (the brief: 晚上12点 is
    # out of scope); reading them as today would be wrong, reading them as tomorrow is a guess.
    "this evening at 12": "tonight + 12 is midnight, the next day",
    "tonight @ 3:20": "tonight + 3:20 is overnight, the next day",
    "this evening at 2": "tonight + 2 is overnight, the next day",
    "tonight at 2": "tonight + 2 is overnight, the next day",
    # M-D with a hyphen reads equally as an hour range ("9-17"); M/D with a slash is read.
    "2-15": "hyphenated month-day looks like an hour range",
    "2 - 15": "hyphenated month-day looks like an hour range",
    # "Now" needs the clock; extract_when receives only today's date.
    "现在": "now", "此时": "now", "此刻": "now", "当前": "now", "現在": "now", "此時": "now",
    "當前": "now", "宜家": "now", "而家": "now", "依家": "now",
    # Cantonese: a bare digit after 點 counts five-minute marks (三點三 = 3:15); in Mandarin it
    # is unclear. 踏三 / 搭三 / 三個字 are unambiguous and are read.
    "晏晝三點三": "Cantonese five-minute marks without 踏/搭/個字",
    "晏晝三點一": "Cantonese five-minute marks without 踏/搭/個字",
    # Day and time run together without a separator: 29 11:30 or 2911:30?
    "2016年6月2911:30": "day and clock time run together",
    # Past weekends have no symbol (there is no WE-k) and "last weekend of October" needs a
    # calendar search: both go to the model.
    "this past weekend": "a past weekend",
    "last weekend of October": "the last weekend of a month",
    "last week-end in October": "the last weekend of a month",
    "last week end of October": "the last weekend of a month",
    "last wkend of July": "the last weekend of a month",
    "last weekend of October 2017": "the last weekend of a month",
}  # fmt: skip

# Phrases whose corpus value follows a corpus convention that the product's rules override:
# phrase -> (the product's reading as an ISO datetime or HH:MM for a time alone, the rule).
PRODUCT_READINGS: dict[str, tuple[str, str]] = {
    "this monday": ("2013-02-11", "'this <weekday>' is this week's, even when past (Duckling: the coming Monday)"),
    "tomorrow at 150ish": ("2013-02-13T13:50", "a bare 1-7 o'clock is pm (Duckling: the next 1:50, am)"),
    "at 4:23": ("16:23", "a bare 1-7 o'clock is pm (natural reading: 04:23 tomorrow)"),
}

_REFERENCE = re.compile(
    r"(?:reference time|RELATIVE_BASE)[^0-9]{0,12}([0-9]{4}-[0-9]{2}-[0-9]{2})(?:[ T]([0-9]{2}:[0-9]{2}))?"
)
_SECTION = re.compile(r"^#\s*(?:---|===)\s*(.+)$")
_CONCRETE = re.compile(r"^([0-9]{4}-[0-9]{2}-[0-9]{2})(?:T([0-9]{2}:[0-9]{2}))?")
_DAY_OFFSET = re.compile(
    r"\b(?:days?|weeks?|fortnight)\b|[0-9一二两兩三四五六七八九十]\s?(?:個|个)?\s?(?:天|日|周|週|星期|禮拜|礼拜)"
)
_WEEKDAYS = {"mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7}


@dataclass(frozen=True)
class Entry:
    file: str
    line: int
    phrase: str
    now: datetime.datetime  # the corpus's reference time
    expected: datetime.datetime | None  # None: no concrete reading (ambiguous, ill-formed)
    expected_end: datetime.datetime | None  # the end of an interval (weekends), exclusive
    grain: str  # Day, Hour, Minute, Second
    in_scope: bool

    @property
    def reference(self) -> datetime.date:
        return self.now.date()

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}:{self.phrase}"


def load_corpora(directory: Path = CORPUS_DIR) -> list[Entry]:
    return [entry for path in sorted(directory.glob("*.txt")) for entry in _load(path)]


def judge(entry: Entry, match: WhenMatch | None) -> Outcome:
    """right, none (left to the model), or wrong, under the product's conventions."""
    if match is None:
        return "none"
    if entry.expected is None:
        return "wrong"  # nothing concrete to read, and something was read
    expected, grain = entry.expected, entry.grain
    reading = PRODUCT_READINGS.get(entry.phrase)
    if reading is not None:
        if ":" in reading[0] and "T" not in reading[0]:
            return "right" if match.date is None and match.time == reading[0] else "wrong"
        expected = datetime.datetime.fromisoformat(reading[0])
        grain = "Minute" if "T" in reading[0] else "Day"
    if grain != "Day" and expected.hour == entry.now.hour and _DAY_OFFSET.search(entry.phrase):
        grain = "Day"  # the product reads "in 7 days" as a day; the corpus kept the clock of "now"
    if match.date is not None:
        days = resolve(match.date, entry.reference)
        if entry.expected_end is not None:
            saturday = _saturday_within(expected, entry.expected_end)
            if days != [saturday, saturday + datetime.timedelta(days=1)]:
                return "wrong"
        elif days != [expected.date()]:
            return "wrong"
    elif grain == "Day" or entry.expected_end is not None or not _only_rolled(entry.now, expected):
        return "wrong"  # a day was said, and only a time was read
    if grain == "Day" or entry.expected_end is not None:
        return "right" if match.time is None else "wrong"
    if match.time is None:
        return "wrong"
    said = expected.strftime("%H") if grain == "Hour" else expected.strftime("%H:%M")
    return "right" if match.time[: len(said)] == said else "wrong"


def read(entry: Entry) -> WhenMatch | None:
    return extract_when(entry.phrase, today=entry.reference)


def _load(path: Path) -> Iterator[Entry]:
    reference: datetime.datetime | None = None
    section = ""
    disputed = "disputed" in path.name
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#"):
            if found := _REFERENCE.search(line):
                reference = datetime.datetime.fromisoformat(f"{found.group(1)}T{found.group(2) or '00:00'}")
            if found := _SECTION.match(line):
                section = found.group(1)
            continue
        if not line:
            continue
        if reference is None:
            raise ValueError(f"{path.name}:{number}: no reference time before the first phrase")
        value, grain, phrase, *rest = raw.split("\t")
        note = rest[0] if rest else ""
        in_scope = not any(word in section for word in OUT_OF_SCOPE_SECTIONS) and OFFSET_NOTE not in note
        said, end = _parse_value(value)
        start: datetime.datetime | None = said
        if disputed:
            natural = _CONCRETE.match(note)
            start = _natural(natural) if natural else None
            end, grain = None, "Minute" if natural and natural.group(2) else "Day"
        elif path.name.startswith("dateparser_en_weekday") and grain != "future" and phrase.lower()[:3] in _WEEKDAYS:
            # The product reads a bare weekday one way only: its next occurrence, next week's on that day.
            weekday = _WEEKDAYS[phrase.lower()[:3]]
            start = datetime.datetime.combine(_next_occurrence(reference.date(), weekday), said.time())
        if path.name.startswith("dateparser"):
            grain = "Minute" if grain == "-" and start is not None and start.time() != datetime.time(0) else "Day"
            grain = "Minute" if path.name.startswith("dateparser_en") and ":" in phrase else grain
        yield Entry(path.name, number, phrase, reference, start, end, grain, in_scope)


def _parse_value(value: str) -> tuple[datetime.datetime, datetime.datetime | None]:
    start, _, end = value.partition("/")
    return datetime.datetime.fromisoformat(start), datetime.datetime.fromisoformat(end) if end else None


def _natural(found: re.Match[str]) -> datetime.datetime:
    return datetime.datetime.fromisoformat(found.group(1) + ("T" + found.group(2) if found.group(2) else ""))


def _only_rolled(now: datetime.datetime, expected: datetime.datetime) -> bool:
    """A time said alone: the corpus may have moved it to tomorrow (or yesterday) because that
    clock time has passed (is still ahead) today. Any other day must have come from the phrase."""
    day = datetime.timedelta(days=1)
    return (
        expected.date() == now.date()
        or (expected.date() == now.date() + day and expected.time() <= now.time())
        or (expected.date() == now.date() - day and expected.time() >= now.time())
    )


def _next_occurrence(today: datetime.date, weekday: int) -> datetime.date:
    return today + datetime.timedelta(days=(weekday - today.isoweekday() - 1) % 7 + 1)


def _saturday_within(start: datetime.datetime, end: datetime.datetime) -> datetime.date:
    day = start.date()
    while day.isoweekday() != 6 and day < end.date():
        day += datetime.timedelta(days=1)
    return day
