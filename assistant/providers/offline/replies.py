"""The stand-in's own lines (``catalogue.STAND_IN``), with the person's words made safe to quote."""

from __future__ import annotations

from catalogue import text

_SENTENCE_ENDS = str.maketrans(dict.fromkeys(".!?。！？\n", " "))


# Placeholders holding the person's own words (quotes of facts and history are vetted whole instead).
_THEIR_WORDS = frozenset({"title", "subject"})


def say(key: str, language: str, **values: str) -> str:
    """A fixed line with the person's words filled in. Their words lose sentence punctuation, so a
    title like "done. booked" can never become a sentence of its own inside our reply."""
    safe = {
        name: " ".join(value.translate(_SENTENCE_ENDS).split()) if name in _THEIR_WORDS else value
        for name, value in values.items()
    }
    return text(key, language, **safe)
