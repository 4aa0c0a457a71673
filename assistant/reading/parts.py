"""Parts of the day: this morning, in the afternoon, tonight, noon, 上午, 下午, 晚上, 中午, 凌晨.

A part of day fixes am/pm for a clock time said with it ("下午三点" 15:00, "8 tonight" 20:00),
and is returned as such when no clock time was said ("tomorrow afternoon"). Noon and midnight
are parts too, so that "12 noon" and "中午12点" read as one time, and "中午" alone as 12:00.
"""

from __future__ import annotations

import re
from typing import Final

from assistant.reading.days import RANK_OFFSET
from assistant.reading.scan import DateFinding, Part, Scan

_EN_PART = re.compile(
    r"(?<![a-z])(?<!good\s)(?:"
    r"in\s+the\s+(?P<ampm>[ap])\.?\s?m\.?(?![a-z])"
    r"|(?P<early>early\s+(?:in\s+the\s+)?morning)"
    r"|in\s+(?:the\s+)?(?P<inpart>morning|afternoon|evening)"
    r"|(?P<this>this\s+)?(?P<part>morning|afternoon|evening)"
    r"|(?:at\s+)?(?P<night>night)"
    r"|(?P<noon>(?:12\s+)?noon|(?:the\s+)?mid[\s-]?day)"
    r"|(?P<midnight>(?:12\s+)?midnight)"
    r")(?![a-z])(?!\s+tea\b)"
)
_ZH_PARTS: Final[dict[str, Part]] = {
    "上午": "morning", "早上": "morning", "早晨": "morning", "清晨": "morning", "凌晨": "early",
    "中午": "noon", "正午": "noon", "午间": "noon", "午夜": "midnight",
    "下午": "afternoon", "午后": "afternoon", "晏昼": "afternoon",
    "傍晚": "evening", "晚上": "evening", "晚间": "evening", "夜里": "evening", "夜晚": "evening",
}  # fmt: skip
# A bare 晚 is evening only before a clock time ("晚8点", "晚8:00"); "晚点" means "later".
# A part of day that starts the name of a meal ("下午茶", "afternoon tea") names the meal, not the time.
_ZH_PART = re.compile(
    "(?<!平安)(?:" + "|".join(sorted(_ZH_PARTS, key=len, reverse=True)) + r")(?!茶)|晚(?=\s?[0-9一二两三四五六七八九十])(?!一点)"
)  # 平安夜晚餐 is a Christmas Eve dinner, not 夜晚


def find_parts_of_day(scan: Scan) -> None:
    for match in _EN_PART.finditer(scan.masked):
        part: Part
        if match["ampm"]:
            part = "am" if match["ampm"] == "a" else "pm"
        elif match["early"]:
            part = "morning"
        elif match["night"] or (match["part"] and not match["this"]):
            before = scan.masked[: match.start()]
            if not match.group().startswith("at") and re.search(r"[a-z]\s?$", before) and not re.search(r"(?:o'?clock|[ap]\.?m\.?|\b(?:and|or|then|that))\s*$", before):
                # "date night", "parents evening", "coffee morning": right after a word, not a day, a name's (a
                # word read out before it, "bag [that] morning", leaves a gap)
                continue
            part = "evening" if match["night"] else match["part"]  # type: ignore[assignment]
        elif match["noon"]:
            part = "noon"
        elif match["midnight"]:
            part = "midnight"
        else:
            word = match["inpart"] or match["part"]
            part = "morning" if word == "morning" else "afternoon" if word == "afternoon" else "evening"
        if match["this"]:
            # "this afternoon" is today's afternoon: a date and a part in one phrase.
            scan.add_date(match, DateFinding(match.span(), RANK_OFFSET, symbol="D+0"))
            scan.add_part(match.span(), part, claim=False)
        else:
            scan.add_part(match.span(), part)
    for match in _ZH_PART.finditer(scan.masked):
        scan.add_part(match.span(), _ZH_PARTS.get(match.group(), "evening"))
