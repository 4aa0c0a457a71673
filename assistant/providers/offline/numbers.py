"""Numbers as people say them: digits, English words, Chinese numerals; and the masker that
blanks out what has been read so later readers (and titles) do not see it again."""

from __future__ import annotations

import re

EN_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
    "forty-five": 45, "forty five": 45, "fifty": 50, "sixty": 60, "ninety": 90,
}  # fmt: skip
ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}  # fmt: skip
EN_NUMBER_WORDS = r"forty[- ]five|" + "|".join(sorted(EN_NUMBERS, key=len, reverse=True))
EN_NUMBER = r"\d{1,3}(?:\.\d)?|" + EN_NUMBER_WORDS
ZH_NUMBER = r"\d{1,3}(?:\.\d)?|[零〇一二两三四五六七八九十几]{1,3}"


def zh_number(text: str) -> int | None:
    """Chinese numerals: "十四" -> 14, "两" -> 2, "几" -> 3 (a few), "14" -> 14; None otherwise."""
    if re.fullmatch(r"\d+", text):
        return int(text)
    if text == "几":
        return 3
    if not text or any(char not in ZH_DIGITS and char != "十" for char in text):
        return None
    if "十" not in text:
        return ZH_DIGITS[text] if len(text) == 1 else None
    tens, _, ones = text.partition("十")
    return (ZH_DIGITS.get(tens, 0) if tens else 1) * 10 + (ZH_DIGITS.get(ones, 0) if ones else 0)


def number(text: str) -> float | None:
    lowered = text.lower().replace("-", " ")
    if lowered in EN_NUMBERS:
        return float(EN_NUMBERS[lowered])
    if re.fullmatch(r"\d+(?:\.\d)?", lowered):
        return float(lowered)
    value = zh_number(text)
    return None if value is None else float(value)


class Masker:
    """Collects what was read and blanks it out, keeping every index of the text valid."""

    def __init__(self, text: str) -> None:
        self.text = text

    def take(self, start: int, end: int) -> None:
        self.text = self.text[:start] + " " * (end - start) + self.text[end:]
