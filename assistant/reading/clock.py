"""Clock times: 3pm, 15:00, 3:30 p.m., 15h30, a quarter past 3, half three, 三点半, 下午3:15, 4点吧, make it 4.

The recognisers run from the most to the least explicit, and a bare number ("4") is a time
only where people use one as a time: after "at"/"make it"/"around", next to a day or a part
of day ("Saturday 3", "8 tonight"), or as the whole reply ("4?", "4 then"). "in 15", "3 days",
"4 people" and "room 4" are not times. The hour is placed on the dial later (:mod:`.hours`),
once the part of day of the whole message is known.
"""

from __future__ import annotations

import re
from typing import Final

from assistant.reading.numbers import CN_NUMBER, EN_HOUR, EN_MINUTE, any_int, cn_int
from assistant.reading.scan import MASK, ClockFinding, Meridiem, Scan

_MER: Final = r"(?:\s?(?P<mer>[ap])\.?\s?m\.?(?![a-z])|(?P<mer1>[ap])\.?(?![a-z]))"
_START: Final = r"(?<![0-9a-z:/.$#+-])"
_ISH: Final = r"(?:\s?ish)?"
_OCLOCK: Final = r"\s?o'?\s?clock"

_RELATIVE = re.compile(
    rf"(?<![a-z0-9:])(?:(?P<quarter>(?:a\s+)?quarter)|(?P<half>half)|(?P<n>[0-9]{{1,2}}|{EN_MINUTE}|(?:two|three|four|five|six|seven|eight|nine)(?=\s+past))"  # not "the other one to 4:30"
    r"(?P<minutes>\s+min(?:ute)?s?)?)\s+(?P<dir>past|after|to|till|before|from)\s+"
    rf"(?:(?P<noon>noon|midday)|(?P<midnight>midnight)|(?P<h>[0-9]{{1,2}}|{EN_HOUR})(?P<french>h)?(?![0-9])"
    rf"(?:{_OCLOCK})?{_ISH}{_MER}?)(?![a-z0-9])"
)
_ZH = re.compile(
    rf"(?<![0-9])(?P<h>[0-9]{{1,2}}|{CN_NUMBER})\s?(?:点钟|点|时)(?:\s?(?P<half>半)|(?P<quarter>[一三])刻|整"
    r"|[踏搭](?:(?P<zi_half>半)|(?P<zi>[0-9]{1,2}|[一二三四五六七八九十]{1,2}))"
    r"|(?P<zi2>[0-9]{1,2}|[一二三四五六七八九十]{1,2})\s?个字"
    r"|\s?(?P<m>[0-9]{1,2}|[零〇一二三四五六七八九十]{1,3})(?![0-9])\s?(?P<fen>分)?)?(?:左右|前后)?"  # a hedge is the time's
)
# "差一刻五点", "差十分三点", "五点差一刻": that long before the hour.
_ZH_TO = re.compile(
    rf"差\s?(?:(?P<q>一刻)|(?P<m>[0-9]{{1,2}}|[一二三四五六七八九十]{{1,3}})\s?分钟?)\s?(?P<h>[0-9]{{1,2}}|{CN_NUMBER})\s?(?:点钟|点)"
    rf"|(?<![0-9])(?P<h2>[0-9]{{1,2}}|{CN_NUMBER})\s?(?:点钟|点)差\s?(?:(?P<q2>一刻)|(?P<m2>[0-9]{{1,2}}|[一二三四五六七八九十]{{1,3}})\s?分钟?)"
)
_COLON = re.compile(rf"{_START}(?P<h>[0-9]{{1,2}})\s?:\s?(?P<m>[0-9]{{2}})(?::[0-9]{{2}})?(?![0-9]){_ISH}{_MER}?")
_DOT = re.compile(rf"{_START}(?P<h>[0-9]{{1,2}})\.(?P<m>[0-9]{{2}})(?![0-9.]){_MER}?")
_FRENCH = re.compile(rf"{_START}(?P<h>[0-9]{{1,2}})h(?P<m>[0-9]{{2}})?(?![0-9a-z])")
_HOUR_MER = re.compile(rf"{_START}(?P<h>[0-9]{{1,2}})(?![0-9])(?:{_OCLOCK})?{_ISH}{_MER}")
_OCLOCK_ONLY = re.compile(rf"(?<![0-9a-z:/.-])(?P<h>[0-9]{{1,2}}|{EN_HOUR}){_OCLOCK}(?![a-z])")
_COMPACT = re.compile(rf"{_START}(?P<hm>[0-9]{{3,4}})(?![0-9]){_ISH}{_MER}?")
_SPACED = re.compile(rf"(?<![a-z])(?:at|@)\s?(?P<h>[0-9]{{1,2}})\s(?P<m>[0-5][0-9])(?![0-9:])(?:{_MER}|(?![a-z]))")
_WORDS = re.compile(rf"(?<![a-z])(?P<h>{EN_HOUR})(?:[\s-](?P<m>{EN_MINUTE}))?(?![a-z])(?:{_OCLOCK})?{_MER}?")
_HALF_HOUR = re.compile(rf"(?<![a-z])half\s+(?P<h>[0-9]{{1,2}}|{EN_HOUR})(?![0-9:a-z]){_MER}?")
_BARE = re.compile(rf"{_START}(?P<h>[0-9]{{1,2}})(?![0-9]){_ISH}")

# What makes a number before it something other than a time: "3 days", "4 people", "15th", "4/5".
_NOT_A_TIME_AFTER = re.compile(
    r"\s?(?:[%/]|-\s?[0-9]|[.,][0-9]|x\b|(?:st|nd|rd|th)\b|(?:mins?|minutes?|h|hrs?|hours?|days?|weeks?|wks?"
    r"|months?|years?|yrs?|people|persons?|guests?|times?|seats?|rooms?|of|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b"
    r"|[个天日号周月年人次位分秒岁])"
)
# Words before a number that make it a clock time; the strong ones also admit 13-23 ("at 15").
_STRONG_LEAD = re.compile(r"(?:(?<![a-z])(?:at|around|about|approx|approximately)\s+|@\s?)$")
_WEAK_LEAD = re.compile(r"(?<![a-z])(?:to|it|by|before|after|until|till|say|maybe)\s+$")
_FILLER: Final = frozenset(
    (
        *("ok", "okay", "k", "then", "please", "pls", "plz", "instead", "works", "work", "fine", "is", "good"),
        *("great", "sure", "yes", "yeah", "yep", "maybe", "perhaps", "lets", "let's", "do", "go", "with", "how"),
        *("about", "make", "it", "say", "actually", "hmm", "um", "oh", "no", "吧", "呢", "啊", "好", "行", "嗯"),
        *("那", "就"),
    )
)
_TOKEN = re.compile(r"[a-z']+|[0-9]+|[\u3400-\u9fff]")
# "快一点", "早一点", "晚一点儿" mean "a bit faster/earlier/later", not one o'clock.
_A_BIT_BEFORE: Final = "快早晚多少慢稍差再有"


def find_times_around_noon(scan: Scan) -> None:
    """Times counted from an hour ("a quarter past 3", "15 to noon"), read before "noon" is claimed as a part of day."""
    _find_relative(scan)


def find_clock_times(scan: Scan) -> None:
    _find_chinese(scan)
    for match in _COLON.finditer(scan.masked):
        _add(scan, match, match["h"], int(match["m"]), _meridiem(match))
    for match in _DOT.finditer(scan.masked):
        # "3.30pm", or "at 16.00" (the dot is also a decimal point: "2.50" alone is not a time)
        if _meridiem(match) or _STRONG_LEAD.search(scan.masked, 0, match.start()):
            _add(scan, match, match["h"], int(match["m"]), _meridiem(match))
    for match in _FRENCH.finditer(scan.masked):
        if match["m"] is not None or int(match["h"]) >= 13:  # "3h" is more often three hours
            _add(scan, match, match["h"], int(match["m"] or 0), None, fixed=True)
    for match in _HOUR_MER.finditer(scan.masked):
        if int(match["h"]) <= 12:  # "30 pm" is the minutes of "7 30 pm", read below
            _add(scan, match, match["h"], 0, _meridiem(match))
    for match in _OCLOCK_ONLY.finditer(scan.masked):
        _add(scan, match, match["h"], 0, None)
    for match in _COMPACT.finditer(scan.masked):
        digits, meridiem = match["hm"], _meridiem(match)
        if meridiem or _STRONG_LEAD.search(scan.masked, 0, match.start()) or _next_is_part(scan, match.end()):
            _add(scan, match, digits[:-2], int(digits[-2:]), meridiem, fixed=len(digits) == 4 and digits[0] == "0")
    for match in _SPACED.finditer(scan.masked):
        _add(scan, match, match["h"], int(match["m"]), _meridiem(match))
    for match in _HALF_HOUR.finditer(scan.masked):  # before the words: "half five in the afternoon" is 17:30
        _add(scan, match, match["h"], 30, _meridiem(match))
    _find_words(scan)
    _find_bare(scan)


def _find_relative(scan: Scan) -> None:
    for match in _RELATIVE.finditer(scan.masked):
        direction = match["dir"]
        later = direction in ("past", "after", "from")
        plain_number = match["n"] is not None and match["minutes"] is None
        explicit_target = match["noon"] or match["midnight"] or _meridiem(match) or match["french"]
        if (direction == "from" and not match["minutes"]) or (match["half"] and not later):
            continue
        if plain_number and not later and not explicit_target and match["n"].isdigit():
            continue  # "10 to 4" reads as a range as often as 3:50; "ten to nine" is 8:50
        minutes = 15 if match["quarter"] else 30 if match["half"] else any_int(match["n"])
        if minutes is None or not 0 < minutes < 60:
            continue
        shift = minutes if later else -minutes
        if match["noon"]:
            finding = ClockFinding(match.span(), 12, 0, fixed=True, shift=shift)
        elif match["midnight"]:
            finding = ClockFinding(match.span(), 0 if later else 24, 0, fixed=True, shift=shift)
        else:
            hour = any_int(match["h"])
            if hour is None or hour > 23:
                continue
            fixed = bool(match["french"]) or hour >= 13
            finding = ClockFinding(match.span(), hour, 0, _meridiem(match), fixed=fixed, shift=shift)
        scan.add_clock(match, finding)


def _find_chinese(scan: Scan) -> None:
    for match in _ZH_TO.finditer(scan.masked):
        hour, before = cn_int(match["h"] or match["h2"]), 15 if match["q"] or match["q2"] else cn_int(match["m"] or match["m2"] or "")
        told = (hour or 0) > 12 or re.search(r"(?:上午|下午|晚上|早上|中午|凌晨|傍晚|早晨|[今明后]天?[晚早])\s?$", scan.text[: match.start()])
        if hour is None or before is None or not (1 <= hour <= 24 and 0 < before < 60) or not told:  # "差一刻八点": which 8 is unsaid
            scan.out_of_scope = True
            continue
        _add(scan, match, str(hour - 1), 60 - before, None)
    for match in _ZH.finditer(scan.masked):
        hour_text = match["h"]
        if hour_text == "一" and (
            (match.start() > 0 and scan.text[match.start() - 1] in _A_BIT_BEFORE)
            or scan.text[match.end() : match.end() + 1] in ("儿", "点")
        ):
            continue
        minute: int | None = 0
        if match["half"] or match["zi_half"]:
            minute = 30
        elif match["quarter"]:
            minute = 15 if match["quarter"] == "一" else 45
        elif match["zi"] or match["zi2"]:
            # Cantonese: 踏三 / 三个字 count five-minute marks on the dial.
            marks = cn_int(match["zi"] or match["zi2"])
            minute = marks * 5 if marks is not None and 1 <= marks <= 11 else None
        elif match["m"]:
            minute = cn_int(match["m"])
            # "三点十五" is 3:15 and "三点零五" 3:05, but "三点三" is 3:15 in Cantonese and
            # unclear in Mandarin: a single digit needs 分 ("三点五分") to be read.
            if not match["fen"] and minute is not None and minute < 10 and match["m"][0] not in "0零〇":
                minute = None
        if minute is None:
            scan.out_of_scope = True
            continue
        _add(scan, match, hour_text, minute, None)


def _find_words(scan: Scan) -> None:
    for match in _WORDS.finditer(scan.masked):
        meridiem = _meridiem(match)
        beside = _next_to_day_or_part(scan, match.start(), match.end())
        led = _STRONG_LEAD.search(scan.masked, 0, match.start()) is not None
        said_as_time = (
            meridiem is not None
            or "clock" in match.group()
            # "one" is a time only with both: "at one in the afternoon", never "another one next friday" or "at one point"
            or (led and beside if match["h"] == "one" else led or beside)
        )
        minute = any_int(match["m"]) if match["m"] else 0
        if said_as_time and minute is not None:
            _add(scan, match, match["h"], minute, meridiem)


def _find_bare(scan: Scan) -> None:
    for match in _BARE.finditer(scan.masked):
        hour = int(match["h"])
        if _NOT_A_TIME_AFTER.match(scan.masked, match.end()) or hour > 23:
            continue
        before = scan.masked[: match.start()]
        if _STRONG_LEAD.search(before):
            said_as_time = True
        elif not 1 <= hour <= 12:
            said_as_time = False
        else:
            said_as_time = bool(
                _WEAK_LEAD.search(before)
                or _next_to_day_or_part(scan, match.start(), match.end())
                or _is_whole_reply(scan, match.start(), match.end())
            )
        if said_as_time:
            _add(scan, match, match["h"], 0, None)


def _add(
    scan: Scan, match: re.Match[str], hour_text: str, minute: int, meridiem: Meridiem | None, *, fixed: bool = False
) -> None:
    hour = any_int(hour_text)
    if hour is None or hour > 23 or minute > 59:
        scan.out_of_scope = True  # "25:00", "3:75": a time we cannot read
        return
    # A leading zero ("09:00", "07h") or an hour past 12 is the 24-hour clock.
    fixed = fixed or hour == 0 or hour >= 13 or (len(hour_text) == 2 and hour_text[0] == "0")
    scan.add_clock(match, ClockFinding(match.span(), hour, minute, meridiem, fixed=fixed))


def _meridiem(match: re.Match[str]) -> Meridiem | None:
    letter = match.groupdict().get("mer") or match.groupdict().get("mer1")
    return None if letter is None else "am" if letter == "a" else "pm"


def _next_is_part(scan: Scan, end: int) -> bool:
    return scan.kind_starting_at(end) == "part"


def _next_to_day_or_part(scan: Scan, start: int, end: int) -> bool:
    return scan.kind_ending_at(start) in ("date", "part") or scan.kind_starting_at(end) in ("date", "part")


def _is_whole_reply(scan: Scan, start: int, end: int) -> bool:
    rest = (scan.masked[:start] + " " + scan.masked[end:]).replace(MASK, " ")
    return all(token in _FILLER for token in _TOKEN.findall(rest))
