"""Punctuation, filler words and masking: what may surround a value without changing it.

A short reply is read as values only when nothing but filler is left once the values are
taken out ("ok make it 4 then", "那就周六吧"): a filler word carries no slot of its own and
does not change the value next to it. Words that do ("before", "not", "every", "past") are
not filler, so a reply that says them is never read as a bare value.
"""

from __future__ import annotations

import re
from typing import Final

PUNCTUATION = re.compile(r"[\s,.!?;:~…、，。！？；：～\-—()（）\"'“”‘’]+")

FILLER_EN: Final = frozenset((
    "make", "it", "at", "on", "for", "how", "about", "let", "let's", "lets", "do", "actually", "then",
    "instead", "ok", "okay", "please", "change", "move", "to", "the", "a", "an", "sure", "yes", "no", "rather",
    "maybe", "say", "go", "with", "in", "that", "works", "work", "fine", "better", "be", "would", "i", "mean",
    "sorry", "wait", "oh", "um", "uh", "well", "hmm", "start", "starting", "starts", "begin", "begins", "will",
    "it'll", "shall", "should", "from", "time", "day", "put", "can", "we", "you", "could", "shift", "push",
    "it's", "its", "is", "around", "ish", "like", "o'clock", "oclock", "thanks", "thank", "great", "good", "perfect",
    "cool", "so", "just", "prefer", "one", "of", "those", "me", "yeah", "yep", "alright",
))  # fmt: skip
FILLER_ZH: Final = (
    *("改到", "改成", "换到", "换成", "调到", "挪到", "推到", "提前到", "延后到", "那就", "那", "就", "吧", "啊"),
    *("哦", "嗯", "好的", "好", "可以", "行", "的", "定在", "放在", "安排在", "在", "还是", "开始", "要不", "其实"),
    *("我想", "想", "改", "换", "麻烦", "请", "了", "呀", "嘛", "是", "时候", "左右", "点钟", "这个", "那个", "它"),
    *("会", "将", "直接", "哎", "唉", "诶", "哎呀", "等等", "等一下"),
)
_FILLER_ZH = re.compile("|".join(sorted(map(re.escape, FILLER_ZH), key=len, reverse=True)))


def is_filler(text: str) -> bool:
    """Is ``text`` only punctuation and filler words ("ok then", "那就…吧")?"""
    words = (word for word in PUNCTUATION.split(text.lower()) if word)
    return all(word in FILLER_EN or not _FILLER_ZH.sub("", word) for word in words)


class Masker:
    """Collects what was read and blanks it out, keeping every index of the text valid."""

    def __init__(self, text: str) -> None:
        self.text = text

    def take(self, start: int, end: int) -> None:
        self.text = self.text[:start] + " " * (end - start) + self.text[end:]
