"""Explicit calendar dates: 2026-12-05, 12/25, Dec 5th, the 5th of December, 12月5日, 下个月20号, the 15th.

They become ``MM-DD`` or ``YYYY-MM-DD`` (see :mod:`assistant.reading.extract` for the year).
Numeric dates are read only when the order cannot be mistaken: ``2/15`` is February 15 in
every convention, ``3/4`` is March 4 in the US and China and 3 April in Britain, so it is left
to the model (and, being a date we saw but cannot read, it sends the whole message there).
"""

from __future__ import annotations

import contextlib
import datetime
import re
from typing import Final

from dateutil.relativedelta import relativedelta

from assistant.reading.numbers import CN_MONTH, EN_ORDINAL, any_int, cn_int, en_ordinal
from assistant.reading.scan import DateFinding, Scan
from assistant.reading.vocabulary import COURTESY_EN

RANK_CALENDAR: Final = 0
_YEARS_AHEAD: Final = 20

MONTHS: Final = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
    "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}  # fmt: skip
MONTH_NAME: Final = "(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?(?![a-z])"
_MONTH: Final = rf"(?P<mon>{MONTH_NAME})"
_UNITS: Final = "one|two|three|four|five|six|seven|eight|nine"
_DAY: Final = rf"(?:(?P<d>[0-9]{{1,2}})(?:st|nd|rd|th)?(?![0-9a-z:])|(?P<dw>{EN_ORDINAL})(?![a-z]))"
_YEAR: Final = r"(?P<y>(?:19|20)[0-9]{2})(?![0-9:])"
# Words that, after "4 may" or "3 march", show the month name was a verb ("4 may be fine").
_VERB_FOLLOWERS: Final = re.compile(r"\s+(?!at\b|on\b|in\b|from\b|morning|afternoon|evening|night)[a-z]")

_ISO = re.compile(
    r"(?<![0-9])(?P<y>(?:19|20)[0-9]{2})(?P<sep>[-/.])(?P<m>[0-9]{1,2})(?P=sep)(?P<d>[0-9]{1,2})"
    r"(?:t(?=[0-9]{2}:)|(?![0-9]))"  # 2026-12-15T15:00: the clock time after the T is read too
)
_NUMERIC_WITH_YEAR = re.compile(
    r"(?<![0-9/.:-])(?P<a>[0-9]{1,2})(?P<sep>[/.-])(?P<b>[0-9]{1,2})(?P=sep)(?P<y>[0-9]{4}|[0-9]{2})(?![0-9/.:-])"
)
# Hyphens are left out on purpose: "9-17" is as likely an hour range as September 17.
_NUMERIC = re.compile(r"(?<![0-9/.:-])(?P<a>[0-9]{1,2})\s?/\s?(?P<b>[0-9]{1,2})(?![0-9/.:a-z])")
# "apr nine", "december twelve": a day said as a cardinal, only right after the month's name.
_DAY_WORDS: Final = (
    rf"(?P<dc>(?:twenty|thirty)[\s-](?:{_UNITS})|{_UNITS}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
    r"|eighteen|nineteen|twenty|thirty)(?![a-z])(?!\s*(?:[ap]\.?m(?![a-z])|o'?\s?clock|thirty|fifteen|forty|oh\s))"
)
_EN_MONTH_FIRST = re.compile(rf"(?<![a-z]){_MONTH}\s?(?:the\s+)?(?:{_DAY}|{_DAY_WORDS})(?:,?\s+{_YEAR})?")
_EN_DAY_FIRST = re.compile(  # "5th of December", "the twenty-first of march", "ten march"
    rf"(?<![a-z0-9])(?:the\s+)?(?:{_DAY.replace('(?![0-9a-z:])', '')}|{_DAY_WORDS})\s?(?:day\s+)?(?:of\s+)?(?:the\s+)?{_MONTH}"
    rf"(?:,?\s?{_YEAR}|\s+(?P<y2>[0-9]{{2}})(?![0-9:.a-z]))?"  # "17th dec 11.30 am": 11 is the hour
)
_EN_SEPARATED = re.compile(
    rf"(?<![0-9])(?P<d>[0-9]{{1,2}})(?P<sep>[-/]){_MONTH}(?P=sep)(?P<y>[0-9]{{4}}|[0-9]{{2}})(?![0-9])"
)
_EN_DAY_OF_RELATIVE_MONTH = re.compile(
    rf"(?<![a-z0-9])(?:the\s+)?{_DAY}\s+(?:day\s+)?of\s+(?:the\s+)?"
    r"(?P<rel>next|following|this|current|previous|last)\s+month(?![a-z])"
)
# A day of the month said alone is a date only where a date can stand: "the 7th at 3", "on the
# 5th", "Wed 16th" - not "341 7th Street", "the 7th floor", "the 2nd one", "7th and Main".
_DAY_CAN_END: Final = (
    rf"(?=\s*(?:$|[\x00,.;:!?)@0-9]|(?:(?!and\b)(?:{COURTESY_EN})|and(?=\s+(?:i|i'm|we|you|he|she|they|it|my|then|can|could|would|will|tell|let|check|see|please|pls)\b)|at|on|in|around|about|for|works?|is|looks?|looking|would|instead|maybe"
    r"|or|if|sounds|free|busy|available|open|mon|tues?|wed|thu|thurs|fri|sat|sun|(?:mon|tues|wednes|thurs|fri|satur|sun)day|morning"
    r"|afternoon|evening|night|tonight|noon|midday|midnight|from(?=\s+[0-9])|add|book|put|schedule|pencil|remind|to(?=\s+(?!the\b|next\b|[0-9])[a-z]))(?![a-z])))"  # "on the 2nd to grab the tickets"
)
_EN_DAY_OF_MONTH = re.compile(
    rf"(?<![a-z0-9])(?<![0-9]\s)(?:on\s+the\s+(?P<d>[0-9]{{1,2}})(?:st|nd|rd|th)?|(?:on\s+)?the\s+(?P<dw>{EN_ORDINAL})"
    rf"|(?:the\s+)?(?P<d2>[0-9]{{1,2}})(?:st|nd|rd|th))(?![a-z0-9]){_DAY_CAN_END}"
)
_CN_DAY: Final = r"(?P<d>[0-9]{1,2}|[一二三四五六七八九十廿]{1,3})"
_ZH_FULL = re.compile(
    rf"(?<![0-9一二三四五六七八九十])(?:(?P<y>(?:19|20)[0-9]{{2}}|[零〇一二三四五六七八九]{{4}}|(?P<rel_y>[今明后]))\s?年\s?)?"
    rf"(?P<m>[0-9]{{1,2}}|{CN_MONTH})\s?月\s?{_CN_DAY}(?![0-9])\s?(?:日|号)?"
)
_ZH_DAY_OF_RELATIVE_MONTH = re.compile(rf"(?P<rel>这个月|本月|今个月|下个?月|上个?月)\s?{_CN_DAY}\s?(?:日|号)")
# 号 also numbers buildings, lines and rooms ("7号楼", "3号线", "人民路7号"): those are no dates.
_ZH_DAY_OF_MONTH = re.compile(
    rf"(?:(?<=[周期拜][一二三四五六日天])|(?<![0-9一二三四五六七八九十廿月路街道巷弄第])){_CN_DAY}\s?(?:号|日(?![内前后以之游程历]))"
    r"(?![楼线房门车位桌厅馆院口码床座机窗台店屋室站])"
)
# A weekday with a day number too big to be a clock hour: "Wed 16", "Friday, 13", "Mon the 14".
_EN_WEEKDAY_DAY = re.compile(
    r"(?<![a-z])(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\.?,?\s+"
    rf"(?:the\s+)?(?P<d>1[3-9]|2[0-9]|3[01])(?![0-9:.a-z%]){_DAY_CAN_END}(?!\s*(?:[ap]\.?m|h\b|o'?clock|点|时))"
)
# A month said on its own ("every wednesday in march", "三月份每周三"), or as an end ("until end of march", "到三月底").
MONTH_ALONE = re.compile(
    rf"(?<![a-z])(?:(?P<until>until|till|through|thru|by)\s+(?:the\s+)?(?:end\s+of\s+)?|(?:in|during|throughout|for)\s+)"
    rf"(?:the\s+month\s+of\s+)?{_MONTH}(?!\s?[0-9])|(?P<zh_until>到)?(?<![0-9一二三四五六七八九十])"
    rf"(?P<cn>{CN_MONTH}|1[0-2]|0?[1-9])\s?月份?(?P<zh_end>底|末)?(?!\s?[0-9一二三四五六七八九十廿])",
    re.IGNORECASE,
)
# Days named by what falls on them, on the same date every year (moving feasts are left to the model).
NAMED_DAYS: Final = {
    "christmas eve": (12, 24), "christmas day": (12, 25), "christmas": (12, 25), "new year's eve": (12, 31),
    "new year's day": (1, 1), "valentine's day": (2, 14), "halloween": (10, 31),
    "平安夜": (12, 24), "圣诞节": (12, 25), "元旦": (1, 1), "情人节": (2, 14), "万圣节": (10, 31),
}  # fmt: skip
# Only where a day can stand: in English after "on", "for" …; in Chinese before a time or 有/那天 (not 圣诞节聚餐,
# the name of a party that may be on any day).
_NAMED_DAY = re.compile(
    r"(?:(?<=\bon\s)|(?<=\bfor\s)|(?<=\bis\s)|(?<=\buntil\s)|(?<=\bby\s)|(?<=\bbefore\s)|(?<=\bafter\s))(?:"
    + "|".join(sorted((re.escape(name).replace("'", "'?") for name in NAMED_DAYS if name.isascii()), key=len, reverse=True))
    + ")(?![a-z])|(?<![a-z'])(?:"  # a name that says "day" or "eve" is a day wherever it stands ("family dinner christmas day 6pm")
    + "|".join(re.escape(name).replace("'", "'?") for name in NAMED_DAYS if name.endswith(("day", "eve")))
    + ")(?![a-z])|(?:" + "|".join(name for name in NAMED_DAYS if not name.isascii())
    + r")(?=$|[\s,，。？?!！的有那当前后上下中0-9一二三四五六七八九十]|晚(?![饭餐宴会])|早(?![饭餐点茶]))"  # 情人节晚上, never 情人节晚饭
)
# Said alone ("uh new years eve" to "which day?"), a holiday's name is its day; in a sentence it needs "on".
_NAMED_DAY_ALONE = re.compile(
    r"^\W*(?:(?:uh+|um+|er+|ok(?:ay)?|so|maybe|like|hmm+|then|(?:how|what)\s+about)\W+)*(?P<name>"
    + "|".join(sorted((re.escape(name).replace("'", "'?") for name in NAMED_DAYS if name.isascii()), key=len, reverse=True))
    + r")\W*$"
)
_UNQUOTED_DAYS: Final = {name.replace("'", ""): day for name, day in NAMED_DAYS.items()}  # typed as "new years eve"
# Days that move with the lunar calendar or the sun (除夕, 中秋, 冬至, 农历冬月十五): the next one, by lunar-python.
_FEASTS: Final = {"春节": (1, 1), "元宵": (1, 15), "端午": (5, 5), "七夕": (7, 7), "中秋": (8, 15), "重阳": (9, 9), "腊八": (12, 8)}
_LUNAR = re.compile(
    r"(?:(?:(?:农历|阴历)(?P<m>正|十一|十二|冬|腊|[二三四五六七八九十])|(?<![\u4e00-\u9fff])(?P<m2>正|冬|腊))月|大年(?=初))(?P<d>初[一二三四五六七八九十]|廿[一二三四五六七八九]|二十[一二三四五六七八九]?|三十|十[一二三四五六七八九]?)"
    r"|(?P<name>除夕|冬至|清明|" + "|".join(_FEASTS) + r")节?(?=$|[\s,，。？?!！的那当前后上下中0-9一二三四五六七八九十\x00]|晚(?![饭餐宴会])|早(?![饭餐点茶]))"
)
_MONTH_SHIFTS: Final = {
    "next": 1, "following": 1, "this": 0, "current": 0, "previous": -1, "last": -1,
    "这个月": 0, "本月": 0, "今个月": 0, "下个月": 1, "下月": 1, "上个月": -1, "上月": -1,
}  # fmt: skip


def find_calendar_dates(scan: Scan) -> None:
    for match in _LUNAR.finditer(scan.masked):
        if (lunar := _next_lunar(match, scan.today)) is None:
            scan.out_of_scope = True  # "农历二月三十" in years whose second month has 29 days: seen, never read without it
        else:
            _add(scan, match, lunar.year, lunar.month, lunar.day)
    for match in _ISO.finditer(scan.masked):
        _add(scan, match, int(match["y"]), int(match["m"]), int(match["d"]))
    for match in _NUMERIC_WITH_YEAR.finditer(scan.masked):
        _add_numeric(scan, match, _full_year(match["y"], scan))
    for match in _NUMERIC.finditer(scan.masked):
        _add_numeric(scan, match, None)
    for pattern in (_EN_SEPARATED, _EN_DAY_OF_RELATIVE_MONTH, _EN_DAY_FIRST, _EN_MONTH_FIRST):
        for match in pattern.finditer(scan.masked):
            _add_english(scan, match)
    for match in _EN_WEEKDAY_DAY.finditer(scan.masked):
        if scan.claim(*match.span("d"), "date"):  # the weekday stays, for days.py to read and check
            scan.dates.append(DateFinding(match.span("d"), RANK_CALENDAR, day=int(match["d"])))
    for match in _EN_DAY_OF_MONTH.finditer(scan.masked):
        day = any_int(match["d"] or match["d2"] or "") if match["dw"] is None else en_ordinal(match["dw"])
        _add(scan, match, None, None, day)
    for match in _ZH_FULL.finditer(scan.masked):
        year = scan.today.year + "今明后".index(match["rel_y"]) if match["rel_y"] else cn_int(match["y"] or "") or None
        _add(scan, match, year, cn_int(match["m"]), cn_int(match["d"]))
    for match in _ZH_DAY_OF_RELATIVE_MONTH.finditer(scan.masked):
        year, month = _shift_month(scan.today, _MONTH_SHIFTS[match["rel"]])
        _add(scan, match, year, month, cn_int(match["d"]))
    for match in _ZH_DAY_OF_MONTH.finditer(scan.masked):
        _add(scan, match, None, None, cn_int(match["d"]))
    for match in _NAMED_DAY.finditer(scan.masked):
        _add(scan, match, None, *_UNQUOTED_DAYS[match.group().replace("'", "")])
    for match in _NAMED_DAY_ALONE.finditer(scan.masked):
        _add(scan, match, None, *_UNQUOTED_DAYS[match["name"].replace("'", "")])


def _next_lunar(match: re.Match[str], today: datetime.date) -> datetime.date | None:
    """The next day a lunar date, a feast or a solar term names, from today on (None when it names none)."""
    from lunar_python import Lunar, Solar

    name, year = match["name"], Solar.fromYmd(today.year, today.month, today.day).getLunar().getYear()
    said = match["m"] or match["m2"] or (match["d"] and "正")  # 腊月, 正月, 冬月 and 大年 are lunar months without 农历
    month = "正二三四五六七八九十冬腊".find(said) + 1 if said and len(said) == 1 else cn_int(said or "") or 0
    day = cn_int((match["d"] or "").lstrip("初").replace("廿", "二十")) or 0
    found = []
    for lunar_year in (year - 1, year, year + 1):
        with contextlib.suppress(Exception):  # lunar-python raises a bare Exception for a day the lunar month lacks
            if name in ("冬至", "清明"):
                solar = Lunar.fromYmd(lunar_year, 1, 1).getJieQiTable()["DONG_ZHI" if name == "冬至" else name]
            else:
                solar = Lunar.fromYmd(lunar_year + (name == "除夕"), *(_FEASTS.get(name) or ((1, 1) if name else (month, day)))).getSolar()
                solar = solar.next(-1) if name == "除夕" else solar
            found.append(datetime.date(solar.getYear(), solar.getMonth(), solar.getDay()))
    return min((day for day in found if day >= today), default=None)


def named_months(text: str, today: datetime.date) -> list[tuple[datetime.date, datetime.date, bool]]:
    """Each month named alone: its first and last day, the coming one (this one while it lasts), and
    whether it was said as an end only ("until end of march")."""
    found = []
    for match in MONTH_ALONE.finditer(text):
        month = MONTHS[match["mon"].lower().rstrip(".")] if match["mon"] else cn_int(match["cn"].lstrip("0"))
        if month and 1 <= month <= 12:
            first = datetime.date(today.year + (month < today.month), month, 1)
            last = first + relativedelta(day=31)  # the month's last day, as ranges.py counts it
            found.append((first, last, bool(match["until"] or match["zh_until"] or match["zh_end"])))
    return found


def _add_english(scan: Scan, match: re.Match[str]) -> None:
    groups = match.groupdict()
    day = en_ordinal(groups["dw"]) if groups.get("dw") else any_int(groups.get("d") or groups.get("dc") or "")
    if "rel" in groups:
        year, month = _shift_month(scan.today, _MONTH_SHIFTS[groups["rel"]])
        _add(scan, match, year, month, day)
        return
    name = groups["mon"].rstrip(".")
    spelt = groups.get("dw")  # "sixth march": an ordinal day is no "4 may be"
    verb_like = name in ("may", "march", "mar") and match.start("mon") > match.start() and not groups.get("y") and not spelt
    verb_like = verb_like and not re.search(r"[0-9](?:st|nd|rd|th)|\bof\b", match.group(), re.I)  # "the 19th of may": a date
    if verb_like and _VERB_FOLLOWERS.match(scan.masked, match.end()):
        return  # "4 may be fine": a time and a verb, not 4 May
    year_text = groups.get("y") or groups.get("y2")
    _add(scan, match, _full_year(year_text, scan) if year_text else None, MONTHS[name], day)


def _add_numeric(scan: Scan, match: re.Match[str], year: int | None) -> None:
    first, second = int(match["a"]), int(match["b"])
    if first <= 12 < second or first == second:
        month, day = first, second
    elif second <= 12 < first:
        month, day = second, first
    else:
        scan.out_of_scope = True  # 3/4: March 4 or 3 April
        scan.claim(*match.span(), "other")
        return
    _add(scan, match, year, month, day)


def _add(scan: Scan, match: re.Match[str], year: int | None, month: int | None, day: int | None) -> None:
    if day is None or not 1 <= day <= 31 or (month is not None and not 1 <= month <= 12):
        scan.out_of_scope = True  # a date we saw but cannot read: never read the rest without it
        return
    scan.add_date(match, DateFinding(match.span(), RANK_CALENDAR, year=year, month=month, day=day))


def _full_year(text: str, scan: Scan) -> int:
    """Two-digit years: this century unless that is more than 20 years ahead ("10/31/74" is 1974)."""
    year = int(text)
    if len(text) > 2:
        return year
    year += 2000
    return year if year <= scan.today.year + _YEARS_AHEAD else year - 100


def _shift_month(today: datetime.date, months: int) -> tuple[int, int]:
    index = today.year * 12 + today.month - 1 + months
    return index // 12, index % 12 + 1
