"""Numbers as people type them in dates and times: ASCII digits, Chinese numerals, English words.

The regular-expression fragments here are shared by the date and clock recognisers; the
functions turn what they matched into integers, or ``None`` when the text is not a number
we are sure of (``十十``, ``twenty twelve``), so a recogniser can step aside instead of guessing.
"""

from __future__ import annotations

from typing import Final

import cn2an

_CN_UNITS: Final = frozenset("十廿百")

# Up to four characters covers 二零一五 (a year said digit by digit) and 二十三 (23).
CN_NUMBER: Final = r"[零〇一二两三四五六七八九十廿]{1,4}"
CN_MONTH: Final = r"(?:十[一二]?|[一二三四五六七八九])"
_EN_UNITS: Final = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
}  # fmt: skip
_EN_TEENS: Final = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
_EN_TENS: Final = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90}

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

_EN_ORDINALS: Final = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}  # fmt: skip
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
    """``seven`` 7, ``twenty-three`` 23, ``fifty nine`` 59, ``oh five`` 5, ``a`` 1, ``12`` 12."""
    if text.isascii() and text.isdigit():
        return int(text)
    if text in ("a", "an"):
        return 1
    words = text.replace("-", " ").split()
    if len(words) == 2 and words[0] == "oh":
        return _EN_UNITS.get(words[1])
    if len(words) == 2 and words[0] in _EN_TENS and words[1] in _EN_UNITS:
        return _EN_TENS[words[0]] + _EN_UNITS[words[1]]
    if len(words) == 1:
        word = words[0]
        return _EN_UNITS.get(word) or _EN_TEENS.get(word) or _EN_TENS.get(word)
    return None


def en_ordinal(text: str) -> int | None:
    """``first`` 1, ``twenty-first`` 21, ``15th`` 15."""
    digits = text.rstrip("stndrh")
    if digits.isascii() and digits.isdigit():
        return int(digits)
    words = text.replace("-", " ").split()
    if len(words) == 2 and words[0] in _EN_TENS:
        unit = _EN_ORDINALS.get(words[1])
        return _EN_TENS[words[0]] + unit if unit is not None and unit < 10 else None
    return _EN_ORDINALS.get(text) if len(words) == 1 else None


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
