"""The times the assistant just offered ("Free nearby: Fri 11 Dec 13:00, …", "附近有空的时间：12月11日
（周五） 13:00、…"), so "the first one you suggested" / "第一个" can pick one, as a model reading the
conversation would. Only what the previous reply printed is read; nothing is computed here."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.reading.calendar_dates import MONTHS

_EN = re.compile(
    r"\b(?:mon|tue|wed|thu|fri|sat|sun)\s+(?P<day>\d{1,2})\s+(?P<month>[a-z]{3})(?:\s+\d{4})?\s+(?P<time>\d{2}:\d{2})",
    re.I,
)
_ZH = re.compile(r"(?P<month>\d{1,2})月(?P<day>\d{1,2})日(?:（周.）)?\s*(?P<time>\d{2}:\d{2})")
_OFFERED = re.compile(r"free nearby:|you're free:|附近有空的时间|这些时间有空", re.IGNORECASE)


@dataclass(frozen=True)
class Offer:
    date: str  # MM-DD, the next such day (the offers are always in the coming days)
    time: str  # HH:mm


def offers_in(reply: str | None) -> list[Offer]:
    if not reply or not _OFFERED.search(reply):
        return []
    tail = reply[_OFFERED.search(reply).start() :]  # type: ignore[union-attr]
    found: list[tuple[int, Offer]] = []
    for match in (*_EN.finditer(tail), *_ZH.finditer(tail)):
        said = match.group("month")
        month = int(said) if said.isdigit() else MONTHS.get(said.lower())
        if month:
            found.append((match.start(), Offer(f"{month:02d}-{int(match.group('day')):02d}", match.group("time"))))
    return [offer for _, offer in sorted(found, key=lambda pair: pair[0])]


def offer_at(reply: str | None, position: int | None) -> Offer | None:
    """The offer at a position said ("the first one"; a negative position counts from the end: "the last one")."""
    offers = offers_in(reply)
    index = len(offers) + 1 + position if position is not None and position < 0 else position or 0
    return offers[index - 1] if 0 < index <= len(offers) else None
