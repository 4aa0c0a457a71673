"""Every string the product shows, in English and in Chinese, and the one way to write one.

``text("deleted", language, label=...)`` picks the person's language ("zh", anything else is
English) and fills the named fields. The tables are split by where the words are shown — the
pages, the receipts, the turn's own replies, the offline stand-in's lines — but a key means one
string across all of them. Code decides *which* string and computes its fields; the words live here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from catalogue.pages import PAGES
from catalogue.receipts import RECEIPTS
from catalogue.replies import REPLIES
from catalogue.stand_in import STAND_IN

__all__ = ["CATALOGUE", "ONE_LANGUAGE_FIELDS", "PAGES", "STAND_IN", "template", "text", "texts"]

TABLES: Final[tuple[Mapping[str, tuple[str, str]], ...]] = (PAGES, RECEIPTS, REPLIES, STAND_IN)


def _merged(tables: tuple[Mapping[str, tuple[str, str]], ...]) -> dict[str, tuple[str, str]]:
    merged: dict[str, tuple[str, str]] = {}
    for table in tables:
        twice = merged.keys() & table.keys()
        if twice:
            raise ValueError(f"catalogue keys defined twice: {sorted(twice)}")
        merged.update(table)
    return merged


CATALOGUE: Final[Mapping[str, tuple[str, str]]] = _merged(TABLES)

# Fields one language leaves out on purpose; the catalogue's test allows exactly these.
ONE_LANGUAGE_FIELDS: Final[Mapping[str, frozenset[str]]] = {
    # Chinese writes these dates without the weekday.
    "still_at": frozenset({"weekday"}),
    "still_on_calendar": frozenset({"weekday"}),
    "council_day": frozenset({"weekday"}),
    # "15th" in English, "15号" in Chinese.
    "repeat_on_month_day": frozenset({"suffix"}),
    # A list of weekdays: "Monday, Wednesday and Friday" in English, one joiner throughout in Chinese.
    "repeat_days_comma": frozenset({"joiner"}),
}


def template(key: str, language: str) -> str:
    """The string for ``key`` in ``language``, its fields not filled in."""
    english, chinese = CATALOGUE[key]
    return chinese if language == "zh" else english


def text(key: str, language: str, **fields: object) -> str:
    """The string for ``key`` in ``language`` with its named fields filled in."""
    return template(key, language).format(**fields)


def texts(table: Mapping[str, tuple[str, str]], language: str) -> dict[str, str]:
    """A whole table's templates in one language (the pages hand them to the chat script as they are)."""
    return {key: template(key, language) for key in table}
