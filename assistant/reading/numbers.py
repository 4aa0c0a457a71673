"""Numbers as people type them in dates and times: ASCII digits, Chinese numerals, English words.

The regular-expression fragments here are shared by the date and clock recognisers; the
functions turn what they matched into integers, or ``None`` when the text is not a number
we are sure of (``十十``, ``twenty twelve``), so a recogniser can step aside instead of guessing.
"""

from __future__ import annotations

from typing import Final

import cn2an
from text_to_num import alpha2digit, text2num

_CN_UNITS: Final = frozenset("十廿百")

# Up to four characters covers 二零一五 (a year said digit by digit) and 二十三 (23).
CN_NUMBER: Final = r"[零〇一二两三四五六七八九十廿]{1,4}"
CN_MONTH: Final = r"(?:十[一二]?|[一二三四五六七八九])"
_UNIT_WORDS: Final = "one|two|three|four|five|six|seven|eight|nine"
# The hour of a spoken clock time: one ... twelve.
EN_HOUR: Final = "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# The minutes of a spoken clock time ("fifty nine", "twenty-three", "oh five", "fifteen").
EN_MINUTE: Final = (
    rf"(?:(?:twenty|thirty|forty|fifty)(?:[\s-](?:{_UNIT_WORDS}))?"
    r"|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|ten"
    rf"|oh[\s-](?:{_UNIT_WORDS}))"
)
# A small count ("in three days", "two weeks ago", "ninety minutes").
EN_COUNT: Final = rf"(?:{EN_MINUTE}|{_UNIT_WORDS}|sixty|ninety|an?)"
# A count or a length as typed: "2", "1.5", "two", "forty-five", "两", "十五".
NUMBER: Final = rf"(?:[0-9]{{1,3}}(?:\.[0-9])?|{EN_COUNT}|{CN_NUMBER})"

EN_ORDINAL: Final = (
    r"(?:(?:twenty|thirty)[\s-]?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)"
    r"|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth"
    r"|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)"
)


def cn_int(text: str) -> int | None:
    """``三`` 3, ``十五`` 15, ``二十`` 20, ``廿五`` 25, ``零五`` 5, ``二零一五`` 2015, ``15`` 15; else None."""
    if not text:
        return None
    if text.isascii():
        return int(text) if text.isdigit() else None
    # Digit by digit only for a year (二零二六) or a leading zero (零五): "两三" is "two or
    # three", "三四点" is "three or four o'clock", never 23 or 34 (cn2an would say 23 and 34).
    if len(text) not in (1, 4) and text[0] not in "零〇" and not _CN_UNITS.intersection(text):
        return None
    try:
        return int(cn2an.cn2an(text.replace("两", "二"), "normal"))
    except ValueError:
        return None  # "十十", "十二三" (twelve or thirteen): not one number


def en_int(text: str) -> int | None:
    """``seven`` 7, ``twenty-three`` 23, ``fifty nine`` 59, ``oh five`` 5, ``a`` 1, ``12`` 12 (text2num)."""
    if text.isascii() and text.isdigit():
        return int(text)
    if text in ("a", "an"):
        return 1
    words = text.replace("-", " ").split()
    if words[:1] == ["oh"] and len(words) == 2:
        value = en_int(words[1])
        return value if value is not None and value < 10 else None
    try:
        return int(text2num(" ".join(words), "en"))
    except ValueError:
        return None  # "twenty twelve": not one number


def en_ordinal(text: str) -> int | None:
    """``first`` 1, ``twenty-first`` 21, ``15th`` 15 (text2num leaves "first" and "second" as words)."""
    said = {"first": "1st", "second": "2nd"}.get(text) or alpha2digit(text.replace("-", " "), "en")
    digits = said[:-2] if said[-2:] in ("st", "nd", "rd", "th") else ""
    return int(digits) if digits.isascii() and digits.isdigit() else None


def any_int(text: str) -> int | None:
    """A number in whichever of the three spellings it was written."""
    if not text:
        return None
    if text.isascii():
        return en_int(text.strip())
    return cn_int(text)


def number(text: str) -> float | None:
    """A count or a length in any spelling, decimals included ("1.5" hours); None if unsure."""
    text = text.strip().lower()
    if text.replace(".", "", 1).isdigit() and text.isascii():
        return float(text)
    value = any_int(text)
    return None if value is None else float(value)
