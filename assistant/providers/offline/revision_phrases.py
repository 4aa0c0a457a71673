"""Phrase tables for corrections and revisions (read in ``revisions.py``): the words that say
"this replaces what was said" in English and in Chinese, and the words that may surround a
new value without naming anything else."""

from __future__ import annotations

import re

from assistant.reading import text

# The value being replaced: "not 3", "instead of 7", "rather than Saturday", "不是周五", the time before a
# move's "to" ("move the 11am to 2pm": from 11, not a span of three hours).
REPLACED_EN = re.compile(
    r"\b(?:not|instead\s+of|rather\s+than)\s+(?:on\s+|at\s+|the\s+)?(?P<old>[\w:.']+(?:\s*[ap]\.?m\.?(?![a-z]))?)"
    r"|(?:\b(?:move|push|shift|bump|reschedule|change|switch)\s+|^)(?:(?:my|the|that|this|our)\s+)?(?P<moved>\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)(?=\s+(?:to|should\s+be)\b)",
    re.IGNORECASE,
)
REPLACED_ZH = re.compile(
    r"不是(?P<old>[^，,。是而\s]{1,10}?)(?=[，,。\s]|而|是|$)|(?P<bad>[^，,。\s]{1,8}?)(?:不行|不方便|不合适)"
)
# A number alone that the shared reader leaves unread in a longer message: "can we do 5 instead?".
BARE_HOUR = re.compile(
    r"(?:(?<=\s)|^)(?P<hour>\d{1,2})(?=\s*(?:[?!.,]|$|\s+(?:instead|then|please|ok|is|works|would|sounds|should)\b))"
)

# Correction words: what may surround the new values and still leave a pure revision. The words that may
# surround a patch (``reading.text``), and those that say it corrects something.
_MORE_EN = frozenset((
    "that's", "thats", "i'd", "meant", "nope", "nah", "hm", "ugh", "argh", "oops", "whoops", "ah", "er", "right", "us", "this", "set",
    "switch", "reschedule", "bump", "have", "try", "keep", "perhaps", "probably", "into", "by", "best", "date", "length",
    "duration", "long", "really", "back", "forward", "also", "and", "but", "again", "everything", "else", "rest", "same",
    "as", "mistake", "typo", "correction", "said", "sounds",
))  # fmt: skip
FILLER_EN = re.compile(
    r"\b(?:if\s+(?:that'?s|that\s+is|it'?s|possible|you\s+can|that\s+works)(?:\s+(?:ok(?:ay)?|fine|alright|with\s+you))?"
    r"|(?:is|would\s+be|works|'?s)\s+(?:better|fine|ok(?:ay)?|best)|thank\s+you|hold\s+on|my\s+bad|let\s+us|no+|hmm+|um+|uh+|"
    + "|".join(sorted(map(re.escape, text.FILLER_EN | _MORE_EN), key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
_FILLER_ZH_WORDS = (
    "不用那么早", "那么早", "太早了", "才对", "我说的是", "我是说", "我的意思是", "我指的是", "意思是", "说的是", "指的是", "不好意思", "我搞错了", "我说错了", "我弄错了", "我写错了", "我记错了", "我看错了", "搞错了", "说错了", "弄错了", "写错了", "记错了", "看错了", "其实是", "实际上", "哦", "噢",
    "不对", "不是", "不行", "算了", "改为", "改在", "改一下", "调整到", "移到", "推迟到", "延迟到", "放到", "要不然", "能不能", "可不可以", "可以吗", "好吗",
    "行吗", "行不行", "好不好", "更好", "比较好", "好一点", "好些", "更合适", "比较合适", "合适", "更方便", "比较方便", "方便", "时间", "日期", "时长",
    "长度", "地点不变", "其他不变", "其它不变", "别的不变", "其余不变", "其他的不变", "别的都不变", "其他都不变", "都不变", "不变", "一下", "应该是", "最好",
    "帮我", "调", "把", "再", "哎", "唉", "呃", "对", "哈", "吃",
    *(word for word in text.FILLER_ZH if word != "会"),  # 会 names a meeting too ("把明天的会推迟一个小时")
)  # fmt: skip
FILLER_ZH = re.compile("|".join(sorted(_FILLER_ZH_WORDS, key=len, reverse=True)))

STRONG = re.compile(
    r"\b(?:actually|no|nope|nah|sorry|wait|hold\s+on|oops|whoops|meant|mean|instead|rather|prefer|better|not|"
    r"mistake|my\s+bad|typo|i\s+said|should\s+(?:be|have\s+been)|would\s+be\s+better)\b|其实|实际上|不好意思|抱歉|还是|不对|不是|说的是|是说|意思是|指的是|更好|比较好|更合适|比较合适|"
    r"好一点|好些|说错|搞错|弄错|写错|记错|看错|不行|不方便|不合适",
    re.IGNORECASE,
)
VERB = re.compile(
    r"\b(?:make\s+(?:it|that|the\s+reminder)|change|move|push|shift|set\s+it|switch|reschedule|bump|put\s+it)\b|改|换|调|挪|推迟|"
    r"延后|延迟|提前|往后|往前|推到",
    re.IGNORECASE,
)
SOFT = re.compile(
    r"\b(?:let'?s\s+(?:say|do|go\s+with|make\s+it|try)|(?:can|could)\s+(?:we|you)|how\s+about|go\s+(?:with|for))\b|"
    r"吧\s*$|那就|要不|能不能|可不可以|可以吗|行吗|好吗",
    re.IGNORECASE,
)
# "晚一点", "往后推一点", "a bit later": a direction without an amount (一点 is not one o'clock here).
A_BIT = re.compile(
    r"(?:往后推|往前挪|往后|往前|推迟|延后|提前|推|挪|晚|早)\s*一?点儿?(?![半一二两三四五六七八九十0-9点钟])"
    r"|\ba\s+(?:bit|little)\s+(?:later|earlier|sooner)\b",
    re.IGNORECASE,
)
