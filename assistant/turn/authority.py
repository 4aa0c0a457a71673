"""Authority follows the person's words: may a proposed write run now, or must the person confirm it?

A write the model proposes is carried out directly only when every value it writes traces to
the person — their own words in the current intent (the messages since the last finished write),
or slots of an open request they filled. Which arguments are values, and how each is traced
(a text, a day, a time, a length, a target), is policy on the tool (``ToolSpec.traced``); this
module only traces. When a value comes from data instead (an archive or memory result, an
event's title or notes, a passage handed over to be translated or judged), or the turn read
such data before the write, or code cannot trace it at all, the write is held and the person
gets a card naming exactly what would be written. Not being able to read a value is a reason
to ask, never a reason to pass.

The check is deliberately about values, not about intentions: the model may understand the
request however it likes, but a title, a fact, a day or a time it writes must be traceable to
the person (CaMeL's "capabilities on values", in a small form).
"""

from __future__ import annotations

import contextlib
import datetime
import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from assistant.reading import extract_when, vocabulary
from assistant.reading.answers import is_acknowledgement
from assistant.reading.calendar_dates import named_months
from assistant.reading.chinese import simplified
from assistant.reading.durations import find_lengths
from assistant.reading.extract import in_the_week_said
from assistant.reading.quoted import own_words, quotes
from assistant.reading.spelling import respell
from assistant.reading.vocabulary import ASKS as _QUESTION
from scheduling import symbols
from tools.registry import spec_for
from tools.spec import TraceRole

UNTRUSTED_SOURCE = "untrusted_source"
# The values are the person's, but nothing they said asks for this write ("ok" with no open request, after an offer): asked.
UNASKED = "unasked"

# Words that only name a kind of entry; a title made of them carries nothing from anywhere.
_GENERIC = {
    "a", "an", "the", "my", "with", "and", "to", "of", "for", "at", "on", "in", "is", "are", "be", "i", "me",
    "you", "your", "it", "that", "this", "event", "appointment", "meeting", "call", "session", "reminder", "new", "entry", "untitled",
}  # fmt: skip
_GENERIC_ZH = set("的和与跟同个一")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[\u3400-\u9fff]")
_CANCEL_OBJECT = re.compile(r"\bcancel(?:l?ing|l?ed)?\s+(?:my\s+|the\s+|our\s+|that\s+|this\s+)?([a-z']+)", re.I)
_PRONOUNS = {"it", "that", "this", "request", "booking", "appointment", "one", "everything", "all", "please", "pls"}


def _drops_open_request(words: str, provenance: Provenance) -> bool:
    """ "never mind", "cancel it", "cancel the dentist" drop the open request; "cancel my gym membership" does not."""
    if not vocabulary.DROPPING.search(words):
        return False
    titles = {word for value in provenance.slot_values for word in _words(value)}
    objects = [_stem(match.group(1).casefold()) for match in _CANCEL_OBJECT.finditer(words)]
    return all(word in _PRONOUNS or word in titles for word in objects)


def asks_to_be_told(text: str) -> bool:
    """A question that names no write: the person wants an answer, not a change."""
    words = own_words(text)
    return bool(_QUESTION.search(words)) and not vocabulary.WRITE_WORDS.search(words)


@dataclass(frozen=True)
class Provenance:
    """What the person has said in this session, in the forms a write can be checked against."""

    texts: tuple[str, ...]  # the person's own words (quoted or pasted material removed), simplified
    slot_values: tuple[str, ...]  # values of the open request they filled earlier
    today: datetime.date
    # Days code put in focus for a question the person asked ("what's on Friday?" → Friday).
    focus_days: tuple[str, ...] = field(default=())
    # The person's local clock now: "in forty minutes" said from it lands on now + 40.
    now: datetime.datetime | None = None
    # What they quoted in their own lines: it may name a thing (a title), never supply a value.
    quoted: tuple[str, ...] = field(default=())
    event_days: tuple[str, ...] = field(default=())  # the event just talked about: "the evening before" counts from it

    @property
    def words(self) -> set[str]:
        return {word for text in (*self.texts, *self.slot_values) for word in _words(text)}


def _normal(text: str) -> str:
    return simplified(unicodedata.normalize("NFKC", text)).casefold()


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


def said(value: str, provenance: Provenance, also: str = "") -> bool:
    """Does a written text (title, fact) come from the person's words? Most of its content words (characters, for
    Chinese) must appear in what they said; a value made only of generic words ("Meeting") carries nothing and passes."""
    content = _content(value)
    if not content:
        return True
    known = provenance.words | set(_words(also))  # a rename may keep words of the event's own title
    found = sum(1 for word in content if word in known or _spelt_as(word, known))
    return found / len(content) >= 0.75


# How alike a typed word and the model's spelling of it must be ("denist" for "dentist").
TYPO_SIMILARITY = 0.8
MIN_SHORTHAND = 3  # letters a typed shorthand needs ("appt", "bday", "sis") to stand for a word


def _spelt_as(word: str, heard: set[str]) -> bool:
    """The model's normalised spelling of a word the person typed: a typo of it (edit similarity,
    difflib) or their shorthand (same first letter, its letters in order: "appt", "bday", "sis").
    Latin words only; a Chinese character is traced as it is."""
    if not word.isascii() or not word.isalpha():
        return False
    for typed in heard - _GENERIC:
        if not typed.isascii() or len(typed) < MIN_SHORTHAND or typed[0] != word[0]:
            continue
        if difflib.SequenceMatcher(None, word, typed).ratio() >= TYPO_SIMILARITY:
            return True
        letters = iter(word)
        # A shorthand keeps at least a third of the word's letters: "the" stands for no "threshold".
        if len(word) / 3 < len(typed) < len(word) and all(letter in letters for letter in typed):
            return True
    return False


@dataclass(frozen=True)
class Target:
    """The event a change or a reminder lands on, as it is now (local start, title)."""

    start: datetime.datetime
    title: str


@dataclass(frozen=True)
class _Said:
    """The days, times and lengths the reader finds in the person's words."""
    days: set[datetime.date]
    times: set[str]
    minutes: set[int]
    extended: set[int]  # lengths said as more (+) or less (-) than it lasts: "延长半小时", "15 minutes shorter"


_TOKEN = re.compile(r"[A-Za-z0-9:'.]+|[\u3400-\u9fff]|\S")
_WINDOW = 8  # tokens (Chinese: characters) in the longest phrase read on its own


def _read(provenance: Provenance, near: datetime.time | None) -> _Said:
    """Every day and time the person named, phrase by phrase: a value must be one of them.

    The reader declines a sentence it cannot settle ("the 9am one", "10:00 or 16:00 if …");
    tracing asks only whether a value was said, so every short phrase is read on its own.
    """
    said, weekdays = _Said(set(), set(), set(), set()), set[str]()
    for text in (*provenance.texts, *provenance.slot_values):
        for length in reversed(find_lengths(text)):
            signed = {"more": length.minutes, "less": -length.minutes}.get(length.kind)  # "延长半小时": 30 more, no length of 30
            (said.minutes if signed is None else said.extended).add(length.minutes if signed is None else signed)
            text = text[: length.start] + " " * (length.end - length.start) + text[length.end :]
        for begin, last, _ in named_months(text, provenance.today):  # "every wednesday in march"
            said.days.update(begin + datetime.timedelta(days=n) for n in range((last - begin).days + 1))
        tokens = [match.span() for match in _TOKEN.finditer(text)]
        for first, (start, _) in enumerate(tokens):
            for _, end in tokens[first : first + _WINDOW]:
                match = extract_when(text[start:end], today=provenance.today, prefer_near=near)
                if match is not None and match.date:
                    bare = re.fullmatch(r"W[1-7]", match.date)  # read below, with the week said
                    weekdays.update({match.date} if bare else ())
                    with contextlib.suppress(symbols.InvalidExpression):
                        said.days.update(() if bare else symbols.resolve(match.date, provenance.today))
                if match is not None and match.time:
                    hour, minute = match.time.split(":")
                    # A bare hour ("at 7") names the hour, not its half of the day: the model's 07:00 or 19:00 is their seven
                    # either way (which one is understanding) — except when an event moves: then it is the half nearer the
                    # event's own start, which code computes ("move the 7pm dinner to 8" is 20:00; 08:00 is asked on a card).
                    halves = {int(hour), (int(hour) + 12) % 24} if match.guessed and near is None else {int(hour)}
                    said.times.update(f"{half:02}:{minute}" for half in halves)
    # "schedule physio next week" … "wednesday": that week's only; "… and same time next week too": the event's weekday then.
    copied = [datetime.date.fromisoformat(d).isoweekday() for d in provenance.event_days if any(vocabulary.SAME_TIME.search(t) for t in provenance.texts)]
    said.days.update(in_the_week_said(provenance.texts, provenance.today, copied) or {d for w in weekdays for d in symbols.resolve(w, provenance.today)})
    counted = [n for pattern, n in vocabulary.DAY_FROM_EVENT if any(pattern.search(t) for t in provenance.texts)]  # from a day said (1月10号…前一天) or the event's
    said.days.update([day + datetime.timedelta(days=n) for day in said.days for n in counted])
    week_on = copied and any((named_week := vocabulary.WEEK_SAID.search(t)) and re.search(r"next|following|下", named_week.group(), re.I) for t in provenance.texts)
    for day in map(datetime.date.fromisoformat, provenance.event_days):  # the event just talked about:
        said.days.update(day + datetime.timedelta(days=n) for n in (*counted, *((7,) if week_on else ())))  # "same time next week": a week on from it
        week = day - datetime.timedelta(days=day.weekday())  # and a bare weekday is that week's ("不对 是周四", "the friday after")
        said.days.update(found for weekday in weekdays for found in symbols.resolve(weekday, week))
    for value in (*provenance.slot_values, *provenance.focus_days):
        if re.fullmatch(r"\d{2}:\d{2}", value):
            said.times.add(value)
        elif value.isdigit():
            said.minutes.add(int(value))
        else:
            with contextlib.suppress(symbols.InvalidExpression):
                said.days.update(symbols.resolve(value, provenance.today))
    return said


def _shifts(provenance: Provenance, target: Target | None) -> set[datetime.datetime]:
    """Where the target lands when moved by a length said as a shift ("an hour later", "提前半小时", "往后推一天")."""
    moments = set()
    for text in provenance.texts if target else ():
        for length in find_lengths(text):
            if length.kind in {"later", "earlier"} and target:
                sign = 1 if length.kind == "later" else -1
                moments.add(target.start + datetime.timedelta(minutes=sign * length.minutes))
    return moments


def _end_of(start: object, minutes: int) -> str | None:
    """The clock time ``minutes`` after ``start`` ("15:00" and 120: "17:00")."""
    if not isinstance(start, str) or not re.fullmatch(r"\d{2}:\d{2}", start):
        return None
    moment = datetime.datetime.combine(datetime.date.min, datetime.time.fromisoformat(start))
    return f"{moment + datetime.timedelta(minutes=minutes):%H:%M}"


def _from_now(provenance: Provenance) -> set[datetime.datetime]:
    """Moments a length said from now lands on ("in forty minutes", "半小时后"), a minute either way."""
    lengths = [length.minutes for text in provenance.texts for length in find_lengths(text) if length.kind == "offset"]
    return {provenance.now + datetime.timedelta(minutes=m + slack) for m in lengths for slack in (-1, 0, 1)} if provenance.now else set()


_PERIOD_DAYS = {"daily": 1, "weekly": 7, "monthly": 31, "yearly": 366}
_SPAN_DAYS = 31  # the other end of a multi-day event said with one end


def _counted_lead(minutes: int, arguments: Mapping[str, Any], landed: Target | None, provenance: Provenance, times: set[str]) -> bool:
    """A lead said as a time on a day counted from the event ("the evening before at 9", 前一天晚上八点提醒我)."""
    days = _days(arguments.get("date"), provenance.today) if arguments.get("time") else None
    start = landed.start if landed else None
    if days and len(days) == 1 and re.fullmatch(r"\d{2}:\d{2}", str(arguments["time"])):
        start = datetime.datetime.combine(days.pop(), datetime.time.fromisoformat(str(arguments["time"])))  # the event booked with it
    moment, counted = start - datetime.timedelta(minutes=minutes) if start else None, {n for p, n in vocabulary.DAY_FROM_EVENT if any(p.search(t) for t in provenance.texts)}
    return moment is not None and start is not None and f"{moment:%H:%M}" in times and (moment.date() - start.date()).days in counted


def _days(value: object, today: datetime.date) -> set[datetime.date] | None:
    try:
        return set(symbols.resolve(str(value), today))
    except symbols.InvalidExpression:
        return None  # the tool refuses it anyway


def _first_period(repeat: object, anchors: Iterable[datetime.date]) -> set[datetime.date]:
    """The days a repeating event's (or reminder's) first occurrence can fall on: one period from a said
    day (or today). ``repeat`` is a rule object, or a reminder's one word ("weekly", "weekdays")."""
    rule = {"frequency": "weekly" if repeat == "weekdays" else repeat} if isinstance(repeat, str) else repeat
    if not isinstance(rule, Mapping) or rule.get("frequency") not in _PERIOD_DAYS:
        return set()
    length = _PERIOD_DAYS[str(rule["frequency"])] * int(rule.get("interval") or 1)
    return {anchor + datetime.timedelta(days=n) for anchor in anchors for n in range(length)}


def untraced(
    traced: Mapping[str, TraceRole],
    arguments: Mapping[str, Any],
    defaults: Mapping[str, object],
    provenance: Provenance,
    target: Callable[[], Target | None] = lambda: None,
) -> list[str]:
    """The arguments whose values do not trace to the person's words (empty: all of them do).

    A value is traced when it was said; a time also when it is the target's start moved by a
    length said as a shift; a repeating event's first day when it falls in the first period
    from a day said (or today); one end of a multi-day event when the other end was said and
    they lie within a month. Everything else — including what the reader cannot read — is not.
    """
    values = {name: arguments.get(name) for name in traced}
    values = {
        name: value
        for name, value in values.items()
        if value not in (None, "", False) and defaults.get(name) != value  # False insists on nothing
    }
    if not values:
        return []
    found: list[str] = []
    landed = target() if any(traced[name] in {"date", "time", "text", "name", "length", "minutes", "extend"} for name in values) else None
    reading = any(traced[name] in {"date", "time", "minutes", "length", "extend"} for name in values)
    # A move's bare hour is read near the event's own start; a reminder's is its own ("the night before at 9": 21:00 too).
    moved = landed.start.time() if landed and "shift_minutes" in traced and any(traced[name] in {"time", "length"} for name in values) else None
    own = replace(provenance, event_days=(*provenance.event_days, f"{landed.start:%Y-%m-%d}")) if landed else provenance  # "下周四的例会改到周五": its week
    heard, said_days = _read(own, moved) if reading else None, []
    for name, value in values.items():
        role = traced[name]
        if role in {"text", "name"}:
            quoted = provenance.quoted if role == "name" else ()
            ok = said(str(value), provenance, also=" ".join([landed.title if landed else "", *quoted]))
        elif role == "date" and heard is not None:
            days = _days(value, provenance.today)
            ok = days is None or bool(days & (heard.days | {moment.date() for moment in _from_now(provenance)}))
            ok = ok or bool((days or set()) & {moment.date() for moment in _shifts(provenance, landed or target())})  # "a day later"
            said_days += [days] if ok and days else []
        elif role == "time" and heard is not None:
            moments = {f"{moment:%H:%M}" for moment in _from_now(provenance)}
            ok = value in heard.times or value in {f"{m:%H:%M}" for m in _shifts(provenance, landed)} or value in moments
        elif role == "minutes" and heard is not None:  # a shift earlier is a length said, signed
            ok = isinstance(value, int) and (abs(value) in heard.minutes or _counted_lead(value, arguments, landed, provenance, heard.times))
        elif role == "extend" and heard is not None:
            ok = value in heard.extended
        elif role == "length" and heard is not None:
            start = arguments.get("time") or (f"{landed.start:%H:%M}" if landed else None)
            ok = isinstance(value, int) and (value in heard.minutes or _end_of(start, value) in heard.times)
        elif role == "counted":  # "the night before": a day counted back from the event, as said
            ok = isinstance(value, int) and any(p.search(t) for p, n in vocabulary.DAY_FROM_EVENT if n == -value for t in provenance.texts)
        elif role == "repeat":
            # A repeat rule only when the person said something repeats ("every", "每"): never added.
            ok = any(vocabulary.REPEATING.search(_normal(text)) for text in (*provenance.texts, *provenance.slot_values))
        elif role == "insist":
            # A booking over a clash only when the person insisted ("anyway", "照样"): never the model's idea.
            ok = any(vocabulary.INSIST.search(_normal(text)) for text in provenance.texts)
        else:
            ok = True  # a target is resolved by the tool among the person's own events
        if not ok:
            found.append(name)
    repeat = next((arguments.get(name) for name, role in traced.items() if role == "repeat"), None)
    first = _first_period(repeat, {provenance.today, *(heard.days if heard else ())})
    near = {
        day + datetime.timedelta(days=n) for days in said_days for day in days for n in range(-_SPAN_DAYS, _SPAN_DAYS)
    }
    return [
        name
        for name in found
        if traced[name] != "date" or not (_days(values[name], provenance.today) or set()) & (first | near)
    ]


def hold_reason(
    *,
    tool: str,
    arguments: Mapping[str, Any],
    provenance: Provenance,
    read_tools: Iterable[str],
    current_text: str,
    continues_open_request: bool = False,
    target: Callable[[], Target | None] = lambda: None,
) -> str | None:
    """None when the person's words carry this write; otherwise why it needs their confirmation."""
    spec = spec_for(tool)
    if spec is None or not spec.guarded:
        return None
    if any((read := spec_for(name)) is not None and read.untrusted_output for name in read_tools):
        return UNTRUSTED_SOURCE
    if spec.authority == "dropping":
        return None if _drops_open_request(own_words(current_text), provenance) else UNTRUSTED_SOURCE
    if not continues_open_request and asks_to_be_told(current_text):
        # A question: the person asked for no write, so whatever the model writes came from what they were shown.
        return UNTRUSTED_SOURCE
    if untraced(spec.traced, arguments, spec.defaults, provenance, target):
        return UNTRUSTED_SOURCE
    if vocabulary.taken_back(own_words(current_text)):
        return UNASKED  # "周六上午九点爬山 帮我记上 算了", "book gym at 9, nah forget it": asked, then taken back
    if not continues_open_request and vocabulary.hedged_request(own_words(current_text)):
        return UNASKED  # "might need to move the dentist to friday, not sure yet": said as possible, not asked
    if not continues_open_request and is_acknowledgement(current_text):
        return UNASKED  # "ok" / "yes" / "好的" with no open request, to values they said: asked first
    return None


def provenance_for(
    *,
    person_texts: Sequence[str],
    slot_values: Iterable[object],
    today: datetime.date,
    focus_days: Iterable[str] = (),
    event_days: Iterable[str] = (),
    now: datetime.datetime | None = None,
) -> Provenance:
    return Provenance(
        texts=tuple(respell(simplified(own_words(text))) for text in person_texts),  # one script: 聽朝 is 明早
        quoted=tuple(quote for text in person_texts for quote in quotes(text)),
        slot_values=tuple(str(value) for value in slot_values if isinstance(value, str | int) and value != ""),
        today=today,
        focus_days=tuple(focus_days),
        event_days=tuple(event_days),
        now=now,
    )
