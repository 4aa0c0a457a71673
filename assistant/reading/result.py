"""What :func:`assistant.reading.extract_when` returns."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

PartOfDay = Literal["morning", "afternoon", "evening"]


@dataclass(frozen=True)
class WhenMatch:
    """The date and time read from a short reply, and the characters that said them.

    ``date`` is a canonical symbol (``D+1``, ``W5+1``, ``WE``, ``12-05``, ``2026-12-05``) that
    :func:`scheduling.symbols.resolve` accepts; ``time`` is ``HH:mm`` on the 24-hour clock;
    ``part_of_day`` is set only when a part of day was said without a clock time. ``spans`` are
    ``[start, end)`` ranges of the text that were read, so the caller can see what was not.
    ``guessed`` says the clock's half of the day was not said ("7" read as 19:00): a caller that
    shows or writes the time must not present it as the person's.
    """

    date: str | None
    time: str | None
    part_of_day: PartOfDay | None
    spans: tuple[tuple[int, int], ...]
    guessed: bool = False

    def residue(self, text: str) -> str:
        """``text`` without the spans that were read, whitespace collapsed ("make it 4" -> "make it"); a
        possessive of what was read goes with it ("tomorrow's meeting" -> "meeting", "今晚的新闻" -> "新闻")."""
        kept: list[str] = []
        position = 0
        for start, end in self.spans:
            kept.append(text[position:start])
            position = max(position, end)
            possessive = _POSSESSIVE.match(text, position)
            position = possessive.end() if possessive else position
        kept.append(text[position:])
        return " ".join("".join(kept).split())


_POSSESSIVE = re.compile(r"'s\b|的")
