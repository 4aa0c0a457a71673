"""Relative days: today/明天, day offsets (in 3 days, 三天后), weekdays (next Friday, 下周三), weekends.

These become the relative symbols of :mod:`scheduling.symbols` (``D+n``, ``Wd±k``, ``WE+k``),
under the product's conventions, which differ from Duckling's and dateparser's:

- a bare weekday is its next occurrence, and said on that same weekday it is next week's;
- "next <weekday>" / 下周X is that weekday of the following Monday-Sunday week, always;
- "this <weekday>" / 这周X is that weekday of this week, even when it has passed;
- "last <weekday>" is read only when it cannot mean two days ("last Monday" said on a
  Wednesday is this week's Monday to some people and the week before's to others).
"""

from __future__ import annotations

import datetime
import re
from typing import Final

from assistant.reading.numbers import CN_NUMBER, EN_COUNT, any_int
from assistant.reading.scan import DateFinding, Scan
from assistant.reading.vocabulary import WEEKDAYS_EN, WEEKDAYS_ZH
from scheduling.symbols import InvalidExpression, resolve

RANK_OFFSET: Final = 1
RANK_WEEKDAY: Final = 2
RANK_WEEKEND: Final = 3

_EN_WEEKDAYS: Final = WEEKDAYS_EN
_EN_WEEKDAY: Final = "(?:" + "|".join(sorted(_EN_WEEKDAYS, key=len, reverse=True)) + ")"
_ZH_WEEKDAYS: Final = WEEKDAYS_ZH

# "next week's monday", "this week wednesday"
_EN_WEEK_THEN_DAY = re.compile(
    rf"(?<![a-z])(?P<week>next|this|last)\s+week(?:'s)?\s+(?:on\s+)?(?P<wd>{_EN_WEEKDAY})\.?(?![a-z])"
)
# "friday", "next tuesday", "wednesday of next week", "sunday from last week"
_EN_DAY = re.compile(
    rf"(?<![a-z])(?:(?P<mod>next|this\s+coming|this\s+past|this|coming|last)\s+)?(?P<wd>{_EN_WEEKDAY})\.?(?![a-z]|'(?!s\b))"
    r"(?:,?\s+(?:of\s+|from\s+|in\s+)?(?:the\s+)?(?P<week>next|this|last)\s+week(?![a-z-]|\s?end))?"
)
# A numeral right before 周 means a count ("两周三天", "每周三"), not a weekday; but a week prefix
# after a name ending in a numeral ("约张三下周二") is still a weekday, and so are "安排一下周五" and
# "安排一下下周五" (一下, then next week's Friday).
# A verb's 上 or 下 ("加上这周五", "记下下周一") is the verb's, not the week's; "加上周六" could be either, so it
# is not read (``_find_weekdays``).
_VERB_UP_DOWN: Final = r"(?<=[加记排订约写填放存]上)|(?<=[记写留定存]下)"
_VERB_CHARS: Final = {"上": "加记排订约写填放存", "下": "记写留定存"}
_ZH_DAY = re.compile(
    rf"(?:(?:(?<=一下)|{_VERB_UP_DOWN}|(?<![上下这本今每一]))(?P<mod>下下个?|下个?|上上个?|上个?|这个?|本|今个?)"
    rf"|(?<=一下)|{_VERB_UP_DOWN}|(?<![上下这本今0-9一二两三四五六七八九十几每]))"
    r"(?:周|星期|礼拜)(?P<wd>[一二三四五六日天](?!次)|[1-7](?![0-9]|\s?(?:次|天|个|小时|分钟|号|月|年)))"  # "周5下午"; "两周一次" is how often
)
_EN_WEEKEND = re.compile(
    r"(?<![a-z])(?:(?P<mod>next|this\s+coming|this|coming|the)\s+)?(?:week[\s-]?end|wkend)(?![a-z])"
)
_ZH_WEEKEND = re.compile(r"(?<![上下])(?P<mod>下下个?|下个?|这个?|本|今个?)?周末")

_TOMORROW: Final = r"(?:tomorrows?|tmrw|tmr|tmw|tomorow|tommorow|tommorrow|tomorro|tomrrow|tmorrow|2morrow|2moro)"
_EN_RELATIVE_DAY = re.compile(
    rf"(?<![a-z])(?:(?P<plus2>(?:the\s+)?day\s+after\s+{_TOMORROW})|(?P<minus2>(?:the\s+)?day\s+before\s+yesterday)"
    rf"|(?P<tonight>tonights?|tonites?)|(?P<today>today)|(?P<plus1>{_TOMORROW})"
    r"|(?P<minus1>yesterday)|(?P<last_night>last\s+night))(?![a-z])"
)
_ZH_RELATIVE_DAYS: Final = {
    "大后天": 3, "大后日": 3, "大前天": -3, "大前日": -3, "后天": 2, "后日": 2, "前天": -2, "前日": -2,
    "明天": 1, "明日": 1, "听日": 1, "今天": 0, "今日": 0, "昨天": -1, "昨日": -1, "寻日": -1, "琴日": -1,
    "今晚": 0, "今早": 0, "明晚": 1, "明早": 1, "昨晚": -1,
}  # fmt: skip
_ZH_RELATIVE_DAY = re.compile("|".join(sorted(_ZH_RELATIVE_DAYS, key=len, reverse=True)))

_EN_OFFSET = re.compile(
    rf"(?<![a-z0-9])(?P<in>in\s+)?(?P<n>[0-9]{{1,4}}|{EN_COUNT})\s+(?:more\s+)?(?P<unit>day(?!\s+off\b)|days|weeks?|fortnights?)"
    r"(?:\s+(?P<dir>from\s+(?:right\s+)?now|from\s+today|hence|later|ago|back))?(?![a-z])"
)
_ZH_OFFSET = re.compile(
    rf"(?P<n>[0-9]{{1,4}}|{CN_NUMBER})\s?(?:个\s?)?(?P<unit>天|日|周|星期|礼拜)\s?(?:之|以)?(?P<dir>后|前)"
)


def find_relative_days(scan: Scan) -> None:
    _find_offsets(scan)
    _find_weekends(scan)
    _find_weekdays(scan)
    for match in _EN_RELATIVE_DAY.finditer(scan.masked):
        kind = match.lastgroup
        days = {"plus2": 2, "minus2": -2, "tonight": 0, "today": 0, "plus1": 1, "minus1": -1, "last_night": -1}
        _add_offset(scan, match, days[kind or "today"])
        if kind in ("tonight", "last_night"):
            scan.add_part(match.span(), "evening", claim=False)
    for match in _ZH_RELATIVE_DAY.finditer(scan.masked):
        word = match.group()
        _add_offset(scan, match, _ZH_RELATIVE_DAYS[word])
        if word[-1] in "晚早":
            scan.add_part(match.span(), "evening" if word[-1] == "晚" else "morning", claim=False)


def _weekday_symbol(weekday: int, week_shift: int | None, scan: Scan) -> str:
    """``None`` = a bare weekday: its next occurrence, next week's when said on that weekday."""
    if week_shift is None:
        week_shift = 0 if weekday > scan.today.isoweekday() else 1
    return f"W{weekday}{week_shift:+d}" if week_shift else f"W{weekday}"


def _add_offset(scan: Scan, match: re.Match[str], days: int) -> None:
    scan.add_date(match, DateFinding(match.span(), RANK_OFFSET, symbol=f"D{days:+d}"))


def _find_offsets(scan: Scan) -> None:
    for match in _EN_OFFSET.finditer(scan.masked):
        count = any_int(match.group("n"))
        direction = match.group("dir")
        if count is None or (match.group("in") is None) == (direction is None) or direction in ("later", "back"):
            # "3 days" is a duration and "in 3 days ago" is nonsense: neither is a day to read. "A day later" and
            # "2 weeks back" count from a day not said (the event's, when it moves): never from today.
            scan.out_of_scope = True
            continue
        unit = match.group("unit")
        days = count * (14 if unit.startswith("fortnight") else 7 if unit.startswith("week") else 1)
        _add_offset(scan, match, -days if direction in ("ago", "back") else days)
    for match in _ZH_OFFSET.finditer(scan.masked):
        count = any_int(match.group("n"))
        if count is None:
            scan.out_of_scope = True
            continue
        days = count * (1 if match.group("unit") in "天日" else 7)
        _add_offset(scan, match, days if match.group("dir") == "后" else -days)


def _find_weekends(scan: Scan) -> None:
    for match in _EN_WEEKEND.finditer(scan.masked):
        weeks = 1 if match.group("mod") == "next" else 0
        scan.add_date(match, DateFinding(match.span(), RANK_WEEKEND, symbol=f"WE+{weeks}" if weeks else "WE"))
    for match in _ZH_WEEKEND.finditer(scan.masked):
        mod = (match.group("mod") or "").rstrip("个")
        weeks = {"下下": 2, "下": 1}.get(mod, 0)
        scan.add_date(match, DateFinding(match.span(), RANK_WEEKEND, symbol=f"WE+{weeks}" if weeks else "WE"))


def _find_weekdays(scan: Scan) -> None:
    for match in _EN_WEEK_THEN_DAY.finditer(scan.masked):
        _add_weekday(scan, match, _EN_WEEKDAYS[match.group("wd")], {"next": 1, "this": 0, "last": -1}[match["week"]])
    for match in _EN_DAY.finditer(scan.masked):
        weekday = _EN_WEEKDAYS[match.group("wd")]
        mod, week = match.group("mod"), match.group("week")
        shifts = {"next": 1, "this": 0, "last": -1}
        if mod in ("next", "this", "last") and week is not None and shifts[mod] != shifts[week]:
            scan.out_of_scope = True  # "next Friday of this week"
        elif week is not None:
            _add_weekday(scan, match, weekday, shifts[week])
        elif mod is not None and mod.endswith("past"):
            # "this past Wednesday": the latest one before today, never today's.
            _add_weekday(scan, match, weekday, 0 if weekday < scan.today.isoweekday() else -1)
        elif mod == "last":
            if weekday < scan.today.isoweekday():
                scan.out_of_scope = True  # this week's or last week's: people disagree
            else:
                _add_weekday(scan, match, weekday, -1)
        elif mod in ("next", "this"):
            _add_weekday(scan, match, weekday, shifts[mod])
        else:
            _add_weekday(scan, match, weekday, None)
    for match in _ZH_DAY.finditer(scan.masked):
        mod = (match.group("mod") or "").rstrip("个")
        before = scan.masked[match.start() - 1] if match.start() else ""
        if mod[:1] in _VERB_CHARS and before and before in _VERB_CHARS[mod[:1]]:
            scan.out_of_scope = True  # "加上周六": last Saturday, or "add on" Saturday? asked, never guessed
            continue
        shift = {"下下": 2, "下": 1, "上上": -2, "上": -1, "这": 0, "本": 0, "今": 0}.get(mod)
        _add_weekday(scan, match, _ZH_WEEKDAYS["一二三四五六日"[int(wd) - 1] if (wd := match.group("wd")).isdigit() else wd], shift)


def _add_weekday(scan: Scan, match: re.Match[str], weekday: int, week_shift: int | None) -> None:
    symbol = _weekday_symbol(weekday, week_shift, scan)
    bare = weekday if week_shift is None else None
    scan.add_date(match, DateFinding(match.span(), RANK_WEEKDAY, symbol=symbol, weekday=bare))


def days_of(symbol: str | None, today: datetime.date) -> list[datetime.date]:
    """The days a canonical symbol names, or none when it names none (or is not one)."""
    try:
        return resolve(symbol, today) if symbol else []
    except InvalidExpression:
        return []
