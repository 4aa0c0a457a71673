"""A phrase table: what one kind of request looks like, in English and in Chinese."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Table:
    en: tuple[re.Pattern[str], ...]
    zh: tuple[re.Pattern[str], ...]

    def search(self, text: str) -> re.Match[str] | None:
        # Both languages are tried: people mix scripts ("明天 dentist 3pm"), and the patterns of
        # one language cannot match the other's script.
        for pattern in self.en + self.zh:
            match = pattern.search(text)
            if match:
                return match
        return None

    def __contains__(self, text: str) -> bool:
        return self.search(text) is not None

    def remove(self, text: str) -> str:
        """``text`` without what any pattern of the table matched."""
        for pattern in self.en + self.zh:
            text = pattern.sub(" ", text)
        return " ".join(text.split())


def table(en: tuple[str, ...], zh: tuple[str, ...]) -> Table:
    return Table(
        tuple(re.compile(pattern, re.IGNORECASE) for pattern in en),
        tuple(re.compile(pattern) for pattern in zh),
    )
