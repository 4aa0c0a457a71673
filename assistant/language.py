"""Which language a message is written in, decided in code once per turn.

A reply speaks the message's language: a Chinese message from a person whose profile says
English gets Chinese. The profile's language is the default for the page and for a message
with no clear language ("ok", "15:00", "👍", a single English word among Chinese habits).
"""

from __future__ import annotations

import re

_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def message_language(text: str, default: str) -> str:
    """ "zh" or "en": the script of the message when it is clear, else ``default``."""
    cjk = len(_CJK.findall(text))
    if cjk >= 2 or (cjk and not _LATIN_WORD.search(text)):
        return "zh"
    if not cjk and len(_LATIN_WORD.findall(text)) >= 2:
        return "en"
    return "zh" if default == "zh" else "en"
