"""Text as it may be stored and shown: the one cleaner for every boundary text crosses.

A person's message, the model's reply, a tool's arguments and a stored title all pass here, so
the same text ends the same way on SQLite and on PostgreSQL (which refuses NUL in text and
in JSON, and cannot encode a lone surrogate). What goes:

- NUL and the other control characters (a tab and a newline stay in multi-line text);
- lone UTF-16 surrogates (a valid pair is joined into its character first);
- the bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069), which
  make a title read differently from what it says;
- zero-width spaces and joiners that carry nothing (U+200B, U+2060, U+FEFF, U+180E) anywhere,
  and every invisible character at either end. A zero-width joiner between visible
  characters stays: emoji sequences and some scripts need it.

Text made only of invisible characters is blank: ``is_blank`` says so, and each caller refuses
it in its own terms (an empty message, a missing title).
"""

from __future__ import annotations

import functools
import re
import sys
import unicodedata
from typing import Any

_BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_EMPTY_FORMAT = "\u200b\u2060\ufeff\u180e"
# Invisible but not "format" characters: Hangul fillers and the blank Braille pattern.
_INVISIBLE_LETTERS = "\u115f\u1160\u3164\uffa0\u2800"

_DROP = dict.fromkeys(map(ord, "\x00" + _BIDI_CONTROLS + _EMPTY_FORMAT))
_CONTROLS_TO_SPACE = {code: " " for code in [*range(0x01, 0x20), 0x7F, *range(0x80, 0xA0)] if chr(code) not in "\t\n"}
_TABLE: dict[int, str | None] = {**_CONTROLS_TO_SPACE, **_DROP}
_SURROGATE = re.compile("[\ud800-\udfff]")
_PAIR = re.compile("([\ud800-\udbff])([\udc00-\udfff])")
_SPACE = re.compile(r"\s+")


def is_invisible(char: str) -> bool:
    """Whether a character shows nothing by itself (space, format, control, variation selector)."""
    if char.isspace() or char in _INVISIBLE_LETTERS:
        return True
    category = unicodedata.category(char)
    if category in {"Cc", "Cf", "Cs"}:
        return True
    return "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef"


@functools.cache
def visible_character_pattern() -> str:
    """A regular expression that finds a visible character: text it does not match is blank.

    Built from ``is_invisible`` itself, for schemas (JSON Schema ``pattern``) to state the rule.
    """
    ranges: list[tuple[int, int]] = []
    for code in range(sys.maxunicode + 1):
        if is_invisible(chr(code)):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    parts = "".join(_escape(low) if low == high else f"{_escape(low)}-{_escape(high)}" for low, high in ranges)
    return f"[^{parts}]"


def _escape(code: int) -> str:
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _join_surrogates(text: str) -> str:
    if not _SURROGATE.search(text):
        return text
    # A valid pair becomes its character; a lone half cannot be stored anywhere and goes.
    joined = _PAIR.sub(lambda pair: chr(0x10000 + ((ord(pair[1]) - 0xD800) << 10) + ord(pair[2]) - 0xDC00), text)
    return _SURROGATE.sub("", joined)


def _strip_invisible(text: str) -> str:
    start, end = 0, len(text)
    while start < end and is_invisible(text[start]):
        start += 1
    while end > start and is_invisible(text[end - 1]):
        end -= 1
    return text[start:end]


def clean_text(value: str) -> str:
    """Multi-line text, cleaned: newlines and tabs kept, nothing invisible at either end."""
    text = _join_surrogates(value).replace("\r\n", "\n").replace("\r", "\n")
    text = unicodedata.normalize("NFC", text.translate(_TABLE))
    return _strip_invisible(text)


def clean_line(value: str) -> str:
    """One line of text (a title, a topic): cleaned, with every run of whitespace one space."""
    return _SPACE.sub(" ", clean_text(value)).strip()


def is_blank(value: str) -> bool:
    """Whether the text shows nothing at all (empty, or only invisible characters)."""
    return all(is_invisible(char) for char in value)


def clean_json(value: Any) -> Any:
    """Every string in a JSON-like value cleaned (keys too): safe for a JSON column anywhere."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {clean_text(key) if isinstance(key, str) else key: clean_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [clean_json(item) for item in value]
    return value
