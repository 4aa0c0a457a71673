"""Ranges the shared single-day reader leaves out on purpose: weeks and months ("next week",
"这个月"), a number of days ahead, spans between two days ("Wednesday to Friday", "下周一到下周三"),
lists of days ("Wednesday, Thursday or Friday"), and clock ranges ("3-4pm", "下午3点到5点").

Reading only one end of a range would be wrong, so the reader refuses them; here both ends count.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass

from dateutil.relativedelta import relativedelta

from assistant.reading import extract_when
from assistant.reading.calendar_dates import named_months
from assistant.reading.days import days_of
from assistant.reading.hours import EITHER_HALF
from assistant.reading.numbers import EN_HOUR, EN_MINUTE, NUMBER, cn_int, number
from assistant.reading.text import Masker


@dataclass(frozen=True)
class DayRange:
    start: str
    end: str | None


def _week(offset: int) -> Callable[[datetime.date], DayRange]:
    suffix = "" if offset == 0 else f"{offset:+d}"
    return lambda today: DayRange(f"W1{suffix}", f"W7{suffix}")


def days_ahead(count: int) -> Callable[[datetime.date], DayRange]:
    return lambda today: DayRange("D+0", f"D+{max(count, 1) - 1}")


def _month(offset: int) -> Callable[[datetime.date], DayRange]:
    def make(today: datetime.date) -> DayRange:
        first = today.replace(day=1) + relativedelta(months=offset)
        return DayRange(first.isoformat(), (first + relativedelta(day=31)).isoformat())  # day=31: its last day

    return make


_NO_DAY_AFTER = r"(?![一二三四五六日天末1-7])"
# Named stretches of days: pattern -> range (given today). The first that matches wins.
_RANGES: tuple[tuple[re.Pattern[str], Callable[[datetime.date], DayRange]], ...] = (
    (re.compile(r"\brest\s+of\s+(?:the|this|my)\s+week\b", re.I), lambda today: DayRange("D+0", "W7")),
    (re.compile(r"\b(?:this\s+coming|coming|upcoming)\s+week\b|\bweek\s+ahead\b", re.I), days_ahead(7)),
    (re.compile(r"\bnext\s+week\b", re.I), _week(1)),
    (re.compile(r"\blast\s+week\b", re.I), _week(-1)),
    (re.compile(r"\b(?:this|the|my|current)\s+week\b(?!\s*end)", re.I), _week(0)),
    (re.compile(r"(?<!\bof\s)\b(?:this|the|my|current)\s+month\b", re.I), _month(0)),
    (re.compile(r"(?<!\bof\s)\bnext\s+month\b|下个?月(?![0-9一二三四五六七八九十])", re.I), _month(1)),
    (re.compile(r"(?:这|本)个?月"), _month(0)),
    (re.compile(rf"(?:这|本)个?(?:周|星期|礼拜){_NO_DAY_AFTER}|这一周"), _week(0)),
    (re.compile(rf"(?<!下)下个?(?:周|星期|礼拜){_NO_DAY_AFTER}"), _week(1)),
    (re.compile(rf"(?<!上)上个?(?:周|星期|礼拜){_NO_DAY_AFTER}"), _week(-1)),
    (re.compile(r"(?:未来|接下来|之后)的?(?:一|1)?(?:周|个星期)"), days_ahead(7)),
)
_DAYS_AHEAD = (  # "the next 3 days", "next two weeks", "接下来三周"
    re.compile(rf"\b(?:the\s+)?(?:next|coming|following)\s+(?P<number>{NUMBER})\s+(?:(?P<weeks>weeks)|days)\b", re.I),
    re.compile(rf"(?:未来|接下来|之后|最近|这)的?(?P<number>{NUMBER}|几)\s*(?:个?\s*(?P<weeks>周|星期|礼拜)|天)"),
)

# Two days, or a list of days: both ends (or the earliest and latest) make the range.
_EN_DAY = r"(?:(?:(?:next|this)\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b|today|tomorrow)"
_ZH_DAY = r"(?:(?:下下|下|这|本|上)?个?(?:周|星期|礼拜)[一二三四五六日天]|大后天|今天|明天|后天)"
_SPANS = (
    re.compile(
        rf"\b(?:between\s+(?P<a>{_EN_DAY})\s+and\s+(?P<b>{_EN_DAY})"
        rf"|(?:from\s+)?(?P<c>{_EN_DAY})\s+(?:to|till|until|through|thru|-)\s+(?P<d>{_EN_DAY}))\b",
        re.I,
    ),
    re.compile(
        rf"(?:从)?(?P<a>{_ZH_DAY})\s*(?:到|至|-|~)\s*(?P<b>{_ZH_DAY}|(?:周|星期)?[一二三四五六日天](?![点时]))(?:之间)?"
    ),
)
_LISTS = (
    re.compile(rf"\b{_EN_DAY}(?:\s*,\s*(?:or\s+|and\s+)?(?:{_EN_DAY})|\s+(?:or|and)\s+(?:{_EN_DAY}))+\b", re.I),
    re.compile(
        rf"(?:{_ZH_DAY})(?:\s*(?:、|,|或者?|和|还是)\s*(?:{_ZH_DAY}|(?:周|星期)?[一二三四五六日天](?![点时])))+"
    ),
)
_ONE_DAY = re.compile(rf"{_EN_DAY}|{_ZH_DAY}|(?:周|星期)?[一二三四五六日天]", re.I)


def _inherit(first: str, second: str) -> str:
    """The second day takes the week of the first: "next Monday to Wednesday", "下周一到三"."""
    week = re.match(r"(?i)(next|this)\s+", first)
    if week and not re.match(r"(?i)(next|this)\s", second) and second.lower().endswith("day"):
        return f"{week.group(1)} {second}"
    zh_week = re.match(r"(下下|下|这|本|上)?个?(周|星期|礼拜)", first)
    if zh_week and re.fullmatch(r"[一二三四五六日天]", second):
        return zh_week.group(0) + second
    if zh_week and zh_week.group(1) and re.match(r"(?:周|星期|礼拜)", second):
        return zh_week.group(1) + second
    return second


def _span_of(days: list[str], today: datetime.date, *, ordered: bool) -> DayRange | None:
    """The range from the days said: in the order said for a span, earliest to latest for a list."""
    found: list[tuple[datetime.date, str]] = []
    for index, said in enumerate(days):
        said = _inherit(days[0], said) if index else said
        match = extract_when(said, today=today)
        if match is None or match.date is None or match.time is not None:
            return None
        resolved = days_of(match.date, today)
        if len(resolved) != 1:
            return None
        found.append((resolved[0], match.date))
    if len(found) < 2:
        return None
    if not ordered:
        found.sort()
    (first, first_symbol), (last, last_symbol) = found[0], found[-1]
    if first > last and first - datetime.timedelta(days=7) >= today:
        # "周一到周三" said on a Monday: a bare 周一 reads as next Monday, but the span starts today.
        first = first - datetime.timedelta(days=7)
        first_symbol = f"D+{(first - today).days}"
    elif first > last and ordered and first - last < datetime.timedelta(days=7):
        # "between monday and wednesday" said on a Tuesday: the Wednesday after that Monday.
        last = last + datetime.timedelta(days=7)
        last_symbol = f"D+{(last - today).days}"
    return DayRange(first_symbol, last_symbol) if first < last else None


_DATE_TO = re.compile(r"\s*(?:\b(?:to|till|until|through|thru)\b|-|–|~|到|至)\s*", re.I)
_SPAN_OPENS = re.compile(r"\b(?:from|between)\s+|从", re.I)  # read around: "from the 20th" alone is declined
_BARE_DAY = re.compile(r"(?P<zh>[0-9]{1,2}|[一二三四五六七八九十]{1,3})[日号]|(?:the\s+)?(?P<day>[0-9]{1,2})(?:st|nd|rd|th)?(?![0-9:./月]|\s*(?:[ap]\.?m\b|点|时))", re.I)


def _dated_span(masker: Masker, today: datetime.date) -> DayRange | None:
    """Two dates said as a span ("dec 20 to dec 27", "12月20号到27号", "from the 20th - 27th"), each read by
    the shared reader; a second end that names only a day is in the month of the first."""
    text = _SPAN_OPENS.sub(lambda found: " " * len(found.group()), masker.text)
    for gap in _DATE_TO.finditer(text):
        left = extract_when(text[: gap.start()], today=today)
        if left is None or left.time is not None or not re.fullmatch(r"(?:\d{4}-)?\d{2}-\d{2}", left.date or "") or left.spans[-1][1] != gap.start():
            continue
        first, bare = days_of(left.date, today), _BARE_DAY.match(text, gap.end())
        right = None if bare else extract_when(text[gap.end() :], today=today)
        if len(first) != 1 or (right is None and bare is None) or (right is not None and (right.time or not right.date or right.spans[0][0])):
            continue
        try:
            last = first[0].replace(day=int(bare["day"] or cn_int(bare["zh"]) or 0)) if bare else days_of(right.date if right else None, today)[0]
        except (ValueError, IndexError):
            continue
        if first[0] < last <= first[0] + datetime.timedelta(days=62):
            start = max((found.start() for found in _SPAN_OPENS.finditer(masker.text, 0, left.spans[-1][0]) if found.end() == left.spans[-1][0]), default=left.spans[-1][0])
            masker.take(start, bare.end() if bare else gap.end() + right.spans[0][1] if right else gap.end())
            return DayRange(first[0].isoformat(), last.isoformat())
    return None


def weekday_of_week(day: str, week: DayRange) -> str | None:
    """A weekday said beside a whole week: that weekday of that week ("Saturday next week" -> W6+1)."""
    weekday = re.fullmatch(r"W([1-7])", day)
    first = re.fullmatch(r"W1(?P<offset>[+-]\d+)?", week.start)
    if weekday is None or first is None or week.end != f"W7{first.group('offset') or ''}":
        return None
    return f"W{weekday.group(1)}{first.group('offset') or ''}"


def _in_the_week_said(span: DayRange, masker: Masker, today: datetime.date) -> DayRange | None:
    """ "mon to wed next week": weekdays said beside a whole week are that week's; beside another stretch, unread."""
    for pattern, make in _RANGES:
        if (said := pattern.search(masker.text)) is None:
            continue
        ends = [days_of(symbol, today) for symbol in (span.start, span.end or span.start)]
        placed = [weekday_of_week(f"W{day[0].isoweekday()}", make(today)) if len(day) == 1 else None for day in ends]
        if None in placed or ends[0][0].isoweekday() > ends[1][0].isoweekday():
            return None
        masker.take(*said.span())
        return DayRange(str(placed[0]), placed[1])
    return span


def read_day_range(masker: Masker, today: datetime.date) -> DayRange | None:
    for pattern in _SPANS:
        match = pattern.search(masker.text)
        if match:
            ends = [part for part in match.groups() if part]
            span = _span_of(ends, today, ordered=True)
            if span is not None:
                masker.take(*match.span())
                return _in_the_week_said(span, masker, today)
    if (dated := _dated_span(masker, today)) is not None:
        return dated
    for pattern in _LISTS:
        match = pattern.search(masker.text)
        if match:
            span = _span_of(_ONE_DAY.findall(match.group(0)), today, ordered=False)
            if span is not None:
                masker.take(*match.span())
                return _in_the_week_said(span, masker, today)
    for pattern in _DAYS_AHEAD:
        match = pattern.search(masker.text)
        count = (3 if match["number"] == "几" else number(match["number"])) if match else None  # 几天: a few
        if match and count:
            masker.take(*match.span())
            return days_ahead(min(int(count) * (7 if match["weeks"] else 1), 62))(today)
    for pattern, make in _RANGES:
        match = pattern.search(masker.text)
        if match:
            masker.take(*match.span())
            return make(today)
    return None


def named_month(text: str, today: datetime.date) -> DayRange | None:
    """The one month a question names by name alone ("what do i have in december", "my calendar for
    march", "十二月还有什么安排"): this one or the next such, read by the shared reader. Only a question
    reads it: a booking "in march" has no day yet. A year said with it is not read here."""
    months = named_months(text, today)
    if len(months) != 1 or re.search(r"(?:明|去|今|前|后)年|\b(?:19|20)[0-9]{2}\b|\b(?:next|last)\s+year\b", text, re.I):
        return None
    first, last, until = months[0]
    return DayRange("D+0" if until else first.isoformat(), last.isoformat())


# --- clock ranges -------------------------------------------------------------------------

_CLOCK_RANGE_EN = re.compile(
    rf"(?:\bfrom\s+|(?P<between>\bbetween\s+))?(?<![:.])\b(?P<h1>\d{{1,2}}|{EN_HOUR})(?::(?P<m1>\d{{2}})|\s(?P<w1>{EN_MINUTE}))?\s*(?P<ap1>[ap]\.?\s?m\.?)?\s*"
    rf"(?:-|–|~|to|till|until|(?(between)and|(?!)))\s*(?P<h2>\d{{1,2}}|{EN_HOUR})(?::(?P<m2>\d{{2}})|\s(?P<w2>{EN_MINUTE}))?\s*(?P<ap2>[ap]\.?\s?m\.?)?(?![a-z0-9])"
    r"(?=\s+(?:this\s+|in\s+the\s+|tomorrow\s+)?(?P<part>morning|afternoon|evening|night|tonight)\b)?",  # left for the day: "2 to 4 this afternoon"
    re.IGNORECASE,
)
_CLOCK_RANGE_ZH = re.compile(
    r"(?:从)?(?P<p1>上午|下午|晚上|早上|中午|凌晨|清晨|傍晚|早晨)?(?P<h1>\d{1,2}|[一二两三四五六七八九十]{1,3})(?:点|:)(?P<m1>半|\d{2})?\s*"
    r"(?:到|至|-|–|~)\s*(?P<p2>上午|下午|晚上|早上|中午|凌晨|清晨|傍晚|早晨)?(?P<h2>\d{1,2}|[一二两三四五六七八九十]{1,3})(?:点|:)(?P<m2>半|\d{2})?"
)


def _minutes_of(hour: int, minute: str | None) -> int:
    return hour * 60 + (30 if minute == "半" else int(minute) if minute else 0)


def _spelled(minutes: str | None) -> str | None:
    """ "thirty", "oh five": the minutes as digits."""
    value = number(minutes.replace("oh ", "").replace("oh-", "")) if minutes else None
    return f"{int(value):02d}" if value is not None else None


def _english_clock_range(match: re.Match[str]) -> tuple[int, int] | None:
    h1, h2 = int(number(match.group("h1")) or 0), int(number(match.group("h2")) or 0)
    m1, m2 = (match.group(f"m{n}") or _spelled(match.group(f"w{n}")) for n in (1, 2))
    before = re.search(r"\b(?P<part>morning|afternoon|evening|night|tonight)\s*,?\s*$", match.string[: match.start()], re.I)
    part = (match.group("part") or (before["part"] if before else "")).lower()  # "2 to 4 this afternoon", "friday afternoon 2-4"
    said_part = {"morning": "a"}.get(part, "p" if part else None)
    ap1 = (match.group("ap1") or "")[:1].lower() or None
    ap2 = (match.group("ap2") or "")[:1].lower() or said_part
    between = "between" in match.groupdict() and match["between"] and not {h1 % 12, h2 % 12} & {h % 12 for h in EITHER_HALF}  # not "between 7 and 9"
    if not (ap1 or ap2 or m1 or m2 or between):
        return None  # "3-4" alone may be people or items, not a time ("between 10 and 12" is one)
    if match.group("h1").lower() == "one" and re.search(r"\b(?:the|this|that|which|other|another|[a-z]+'s)\s+(?:[a-z]+\s+)?$", match.string[: match.start()], re.I):
        return None  # "push the budget one to 5pm": a pronoun, never a span from one o'clock
    if not (ap1 or ap2) and not match.group("h1").isdigit():
        return None  # "six to eight thirty": which half of the day is the person's to say
    if not (ap1 or ap2):  # "3:30 to 4:30", "11:30-1:30": a working day's hours, never the small hours
        ap1 = "p" if 1 <= h1 < 8 else None
        ap2 = "p" if ap1 or h2 < h1 else None
    if ap2 and not ap1:
        ap1 = ap2 if h1 % 12 <= h2 % 12 else ("a" if ap2 == "p" else "p")  # "3-4pm", "11-1pm"
    if ap1 and not ap2:
        ap2 = ap1 if h2 % 12 >= h1 % 12 else ("p" if ap1 == "a" else "a")

    def clock(hour: int, meridiem: str | None) -> int:
        if meridiem is None or hour > 12:
            return hour
        return hour % 12 + (12 if meridiem == "p" else 0)

    return _minutes_of(clock(h1, ap1), m1), _minutes_of(clock(h2, ap2), m2)


def _chinese_clock_range(match: re.Match[str]) -> tuple[int, int] | None:
    h1, h2 = cn_int(match.group("h1")), cn_int(match.group("h2"))
    if h1 is None or h2 is None:
        return None
    first_part = match.group("p1")
    second_part = match.group("p2") or first_part

    def clock(hour: int, part: str | None) -> int:
        # No part of the day said: 1 to 6 is the afternoon, as a bare "三点" is (never 03:00 for "三点到五点").
        later = part in {"下午", "晚上", "傍晚"} or (part == "中午" and hour < 11) or (first_part is None and 1 <= h1 <= 6)
        return hour + 12 if later and hour < 12 else hour

    return _minutes_of(clock(h1, first_part), match.group("m1")), _minutes_of(clock(h2, second_part), match.group("m2"))


def unread_clock_range(text: str) -> tuple[int, int] | None:
    """Where a range of bare hours was seen and not read ("meeting 2 to 4"): none of its hours is the time."""
    match = _CLOCK_RANGE_EN.search(text)
    if match is None or not (match["h1"].isdigit() and match["h2"].isdigit()) or text[: match.start()].endswith(("-", "/")):
        return None  # "ten to nine" is a time; "2026-12-12" a date
    return None if _english_clock_range(match) else match.span()


# The end said after the name ("3pm party until 9pm", 三点公司年会 一直到晚上九点): the name between is kept.
_UNTIL_EN = re.compile(_CLOCK_RANGE_EN.pattern.replace(r"\s*(?:-|–|~|to|till|until|(?(between)and|(?!)))\s*", r"\s+(?P<gap>(?:[a-z][\w']*\s+){1,5}?)(?:till|until|til)\s+"), re.IGNORECASE)
_UNTIL_ZH = re.compile(_CLOCK_RANGE_ZH.pattern.replace(r"\s*(?:到|至|-|–|~)\s*", r"(?P<gap>\s*[\u4e00-\u9fff]{1,10}[\s，,]*)(?P<to>(?:一直|直)到\s*)?") + "(?(to)(?:结束)?|结束)")  # …一直到九点, …十一点半结束


def read_clock_range(masker: Masker) -> tuple[str, int] | None:
    """The start ("HH:mm") and length in minutes of "3-4pm" / "下午3点到5点", masked once read."""
    for pattern, read in ((_CLOCK_RANGE_EN, _english_clock_range), (_CLOCK_RANGE_ZH, _chinese_clock_range), (_UNTIL_EN, _english_clock_range), (_UNTIL_ZH, _chinese_clock_range)):
        match = pattern.search(masker.text)
        found = read(match) if match else None
        if match and found:
            start, end = found
            end += 1440 if end < start and start >= 17 * 60 and end <= 12 * 60 else 0  # "7pm to 7am": a night shift ends the next morning
            if not (0 <= start < 24 * 60 and 5 <= end - start <= 1440):
                return None
            gap = match.span("gap") if "gap" in pattern.groupindex else (match.end(), match.end())
            masker.take(match.start(), gap[0])
            masker.take(gap[1], match.end())
            return f"{start // 60:02d}:{start % 60:02d}", end - start
    return None
