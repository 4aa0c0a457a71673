"""Lengths of time: "for 2 hours", "90 mins", "an hour and a half", "半小时", "一个半小时", "两个钟头".

A length said with a direction is a shift of the start, not a length ("an hour later",
"push it back 30 minutes", "提前半小时"); one said as an offset from now or from another
moment ("in 2 hours", "2 hours ago", "两小时后") is neither, and the caller must not read it
as either. Every length found is returned with what it was, so a caller can decline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

from assistant.reading.chinese import simplified
from assistant.reading.numbers import CN_NUMBER, EN_COUNT, number

LengthKind = Literal["length", "later", "earlier", "offset", "more", "less"]
MIN_MINUTES: Final = 5
MAX_MINUTES: Final = 24 * 60

_EN = re.compile(
    r"(?<![a-z0-9])(?:(?P<half_hour>half\s+an?\s+hour)|(?P<quarter>a\s+quarter\s+of\s+an\s+hour)"
    r"|(?P<free_hour>(?:an?\s+)?free\s+hour)|(?P<day>(?P<lead_n>a|one|two|three|four|five|six|seven|the|[1-9]|1[0-4])\s+(?P<lead_unit>days?|weeks?))(?=\s+(?:before(?!\s+yesterday)|ahead|earlier|in\s+advance))"
    # "next week same time": a week later, at the event's own time.
    r"|(?P<next_week>(?:to\s+)?next\s+week[\s,]+(?:at\s+)?(?:the\s+)?same\s+time|(?:to\s+)?(?:the\s+)?same\s+time\s+next\s+week)"
    # Whole days or a week, only as a shift ("a day later", "push it back two days"): how long nothing lasts.
    rf"|(?P<days>a|one|two|three|four|five|six|[1-6])\s+(?P<days_unit>days?|week)(?=\s+(?:later|earlier|back|forward|pl(?:ea)?se?|pls|plz|thx|thanks)\b|\s*$|\s*[,.!?])"
    r"|(?P<number>[0-9]{1,3}(?:\.[0-9])?)\s*-?\s*(?P<unit>hours?|hrs?|h|minutes?|mins?|m)"
    rf"|(?P<word_number>{EN_COUNT})[\s-]+(?P<word_unit>hours?|hrs?|minutes?|mins?))(?![a-z])"
    r"(?P<and_half>\s+and\s+a\s+half)?(?:[\s-]+long(?![a-z]))?",  # "an hour-long call": "long" says the length
    re.IGNORECASE,
)
_ZH = re.compile(
    # A Chinese numeral before a space belongs to the word before it: "一对一 半小时" is half an hour.
    rf"(?P<number>[0-9]{{1,3}}(?:\.[0-9])?|{CN_NUMBER}(?!\s))?\s*个?\s*(?P<half_before>半)?\s*个?\s*"
    r"(?P<unit>小[时時]|[钟鐘][头頭]|(?<=个)[钟鐘](?![头頭点點])|分[钟鐘]|刻[钟鐘])(?P<half_after>半)?"  # either script; "一个钟" (Cantonese)
    r"|(?<=提前)(?P<day_zh>[一1]\s*天)|(?<=前)(?P<day_before_zh>[一1]天)(?=提醒|[叫喊]我)"  # a day ahead, only as a direction: "提前一天", 交稿前一天提醒我
    r"|(?P<next_week_zh>下个?(?:周|星期|礼拜)(?:的)?(?:同一?个?|这个|同样的?)时间)"  # 下周同一时间
    r"|(?:(?<=推迟|延后|延迟|往后|往前|提前)|(?<=往后推|往后挪|往前挪|往前推))(?P<days_zh>[一二两三四五六1-6])\s*(?:个\s*)?(?P<days_unit_zh>天|星期|礼拜|周)(?![一二三四五六日天末])"
)
# A hedge is part of the length it hedges: "like 45 min", "about two hours", "大概一个半小时", "一小时左右".
_HEDGE_BEFORE = re.compile(r"(?:\b(?:about|around|roughly|approx(?:imately)?|like|maybe)\s+|(?:大概|大约|差不多|约))$", re.I)
_HEDGE_AFTER = re.compile(r"\s*(?:or\s+so\b|-?ish\b|左右|上下)", re.IGNORECASE)
_DIRECTION_AFTER = re.compile(r"\s*(?P<dir>later|earlier|sooner|back|forward)\b", re.IGNORECASE)
_DIRECTION_BEFORE = re.compile(
    r"\b(?P<dir>back|forward|later|earlier|delay(?:ed)?|postpone[d]?|push(?:ed)?(?!-?\s*ups?\b)|bump(?:ed)?)\b"
    # "push back my 3pm meeting by", "push team sync 30 mins": the words between name the event
    r"(?:(?:\s+(?:it|that|this|the\s+\w+))?\s+(?:by\s+)?|(?:\s+[\w']+){1,4}?\s+(?P<by>by)\s+|(?P<named>(?:\s+(?!(?:to|for|till?|until|from|and|then|remind)\b)[\w']+){1,5}?)\s+)$",
    re.IGNORECASE,
)
_DIRECTION_ZH = re.compile(r"(?P<dir>推迟|延后|延迟|往后推|往后挪|往后|[推挪]后|晚|提前|往前[挪推提]?|早)\s*$")
# A length added to or taken from how long it lasts ("extend it by 30 min", "延长半小时", "an hour longer"):
# no length of its own, and no move.
_MORE_BEFORE = re.compile(
    r"(?:\b(?:extend|lengthen|shorten|cut|trim)(?:ed)?(?:\s+[\w']+){0,3}?\s+(?P<by>by)|\b(?:another|an\s+(?:extra|additional)|add(?:\s+(?:another|an?\s+extra))?)|延长|加长|缩短|[再多]?[加减]|多|少)\s*$", re.I)
_MORE_AFTER = re.compile(r"\s*(?:longer|shorter|more|less|extra|over(?!\s+\w))\b", re.IGNORECASE)
_LESS = re.compile(r"shorten|cut|trim|shorter|less|缩短|减|少", re.IGNORECASE)  # a length taken from how long it lasts
_LATER: Final = frozenset(("later", "back", "delay", "delayed", "postpone", "postponed", "push", "pushed", "bump", "bumped"))
_LATER_ZH: Final = frozenset(("推迟", "延后", "延迟", "往后推", "往后挪", "往后", "推后", "挪后", "晚"))
_OFFSET_BEFORE = re.compile(
    r"(?:\b(?:in|within|move[ds]?|shift(?:ed)?|bring|by|after|before)\s*(?:it\s+|that\s+)?|过)$", re.IGNORECASE
)
_OFFSET_LEAD = re.compile(r"(?:\b(?:in|within|after)\s*|(?:再\s*)?过)$", re.IGNORECASE)  # "in forty minutes", "过二十分钟"
_OFFSET_AFTER = re.compile(
    r"\s*(?:(?:before|after|from|ago|hence|to|till?|past)\b|(?:之|以)?[后前内])", re.IGNORECASE
)  # "20 minutes to 2pm"


@dataclass(frozen=True)
class Length:
    minutes: int
    start: int
    end: int  # [start, end) of the text read, direction words included
    kind: LengthKind


def find_lengths(text: str) -> list[Length]:
    """Every length of time in ``text``, in order, each with what it was said as."""
    found: list[Length] = []
    for pattern in (_EN, _ZH):
        for match in pattern.finditer(text):
            minutes = _minutes(match)
            if minutes is not None and not any(f.start < match.end() and match.start() < f.end for f in found):
                length = _with_direction(text, match, minutes)
                if length.kind in {"later", "earlier"} or not (match.groupdict().get("days") or match.groupdict().get("days_zh")):
                    found.append(length)
    return sorted(found, key=lambda length: length.start)


def _with_direction(text: str, match: re.Match[str], minutes: int) -> Length:
    start, end = match.span()
    if hedge := _HEDGE_BEFORE.search(text, 0, start):
        start = hedge.start()
    if hedge := _HEDGE_AFTER.match(text, end):
        end = hedge.end()
    before = text[:start]
    if more := _MORE_BEFORE.search(before) or _MORE_AFTER.match(text, end):
        said_from = more.start("by") if more.groupdict().get("by") else more.start()  # "extend the dentist by": its name stays
        return Length(minutes, min(start, said_from), max(end, more.end()), "less" if _LESS.search(more.group(0)) else "more")
    if match.groupdict().get("next_week") or match.groupdict().get("next_week_zh"):
        return Length(minutes, start, end, "later")
    if after := _DIRECTION_AFTER.match(text, end):
        kind: LengthKind = "later" if after["dir"].lower() in _LATER else "earlier"
        return Length(minutes, start, after.end(), kind)
    if ahead := _DIRECTION_BEFORE.search(before) or _DIRECTION_ZH.search(before):
        later = ahead["dir"].lower() in _LATER or ahead["dir"] in _LATER_ZH
        said_from = ahead.start("by") if ahead.groupdict().get("by") else ahead.end("named") if ahead.groupdict().get("named") else ahead.start()
        return Length(minutes, said_from, end, "later" if later else "earlier")
    after_word, lead = _OFFSET_AFTER.match(text, end), _OFFSET_LEAD.search(before)
    if _OFFSET_BEFORE.search(before) or after_word:
        # "in forty minutes", "两小时后": the words that make it an offset are part of it.
        zh_after = after_word is not None and not after_word.group(0).strip().isascii()
        return Length(minutes, lead.start() if lead else start, after_word.end() if after_word and zh_after else end, "offset")
    return Length(minutes, start, end, "length")


def _minutes(match: re.Match[str]) -> int | None:
    groups = match.groupdict()
    if groups.get("half_hour") is not None:
        return 30
    if groups.get("quarter") is not None:
        return 15
    if groups.get("free_hour") is not None:
        return 60
    if groups.get("day") is not None:  # "2 days before", "a week ahead": a reminder's lead
        said = groups["lead_n"].lower()
        return int(number("1" if said in ("a", "one", "the") else said) or 1) * MAX_MINUTES * (7 if groups["lead_unit"].lower().startswith("w") else 1)
    if groups.get("day_zh") is not None or groups.get("day_before_zh") is not None:
        return MAX_MINUTES
    if groups.get("next_week") or groups.get("next_week_zh"):
        return 7 * MAX_MINUTES
    if said_days := groups.get("days") or groups.get("days_zh"):
        unit = groups.get("days_unit") or groups.get("days_unit_zh") or ""
        return int(number("1" if said_days in ("a", "one") else said_days) or 0) * MAX_MINUTES * (1 if "天" in unit or "day" in unit else 7)
    unit = simplified(groups.get("unit") or groups.get("word_unit") or "").lower()
    said = groups.get("number") or groups.get("word_number")
    count = number(said) if said else (0.0 if groups.get("half_before") else None)
    if count is None or (unit == "h" and count > 12):
        return None  # "15h" is a clock time in much of the world, not fifteen hours
    if unit == "刻钟":
        minutes = count * 15
    else:
        minutes = count * 60 if unit.startswith("h") or unit in ("小时", "钟头", "钟") else count
    if groups.get("and_half") or groups.get("half_before") or groups.get("half_after"):
        minutes += 30
    # The tools take five minutes to a day; anything else was not a length ("a minute").
    return int(minutes) if MIN_MINUTES <= minutes <= MAX_MINUTES else None
