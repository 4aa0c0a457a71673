"""Did the person ask for a write in this message? A deliberately small reading, with the same
verbs as the claim reader: it only decides whether a reply that reads as "done" needs a write
behind it, so it leans towards "yes" for anything imperative and "no" for questions about the
past ("did you add it?"), how-to questions, negated asks ("don't add it yet") and conditions.
"""

from __future__ import annotations

import re

from assistant.reading.vocabulary import ASKS_OR_AVAILABILITY as _QUESTION_WORDS
from assistant.turn.claim_text import normalise
from assistant.turn.claim_words import EN_ASK, EN_DONE, KINDS, ZH_VERBS

_EN_ASK = {kind: re.compile(rf"\b(?:{EN_ASK[kind]})\b", re.I) for kind in KINDS}
_ZH_ASK = {
    "create": re.compile(rf"(?:{ZH_VERBS['create']})|提醒我|记到|记在(?!心)"),
    "change": re.compile(ZH_VERBS["change"]),
    "delete": re.compile(ZH_VERBS["delete"]),
    "remember": re.compile(rf"(?:{ZH_VERBS['remember']})|记一下|帮我记|别忘"),
}
_NOT_AN_ASK = re.compile(
    r"\b(?:did|have|has|had|were|was)\s+(?:you|it|that|they|i)\b|\bhow\s+(?:do|can|would|should)\b|\bwhat\s+if\b|"
    r"\bif\s+i\b|\bwhy\b|\bwhat\s+happens\b|\bcan\s+you\s+(?:tell|explain)\b|\bis\s+(?:it|that)\s+(?:booked|added|done|saved)"
    r"|\b(?:i'll|i\s+will|i'm\s+going\s+to)\b.*\bmyself\b|我自己|自己(?:订|来|弄|加)|了[^,.!?;。]{0,10}(?:吗|么|没)|没有\?|了没|有没有|怎么|如何|为什么|如果|是不是已经|要不要|考虑|在想|还没定|不确定|回头|以后再|晚点|再说|可能|也许"
    r"|\b(?:maybe|later|not\s+sure|thinking\s+(?:of|about)|might|considering|someday|at\s+some\s+point)\b",
    re.I,
)
_NEGATED_ASK = re.compile(
    r"\b(?:don'?t|do\s+not|never|no\s+need\s+to|not\s+yet|hold\s+off|wait)\b|别|不要|不用|先不|暂时不|等等", re.I
)
_WHEN_WORDS = re.compile(
    r"\b(?:today|tomorrow|tonight|mon|tue|wed|thu|fri|sat|sun)\w*\b|\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\b\d{1,2}:\d\d\b|"
    r"今天|明天|后天|周[一二三四五六日天]|星期|下午|上午|晚上|[点号]",
    re.I,
)


def asked_writes(text: str, *, implied: bool = True) -> set[str]:
    """The kinds of write the person's message asks for, read from its words alone (``implied``:
    also the create that an event said with its time implies)."""
    plain = normalise(text)
    if _NOT_AN_ASK.search(plain):
        return set()
    kinds = {kind for kind in KINDS if _EN_ASK[kind].search(plain) or _ZH_ASK[kind].search(plain)}
    if _NEGATED_ASK.search(plain):
        # "don't move it, cancel it": the negated verb is dropped, any other one kept.
        kept = set()
        for kind in kinds:
            pattern = _EN_ASK[kind] if _EN_ASK[kind].search(plain) else _ZH_ASK[kind]
            negated = re.search(rf"(?:{_NEGATED_ASK.pattern})\s*(?:\w+\s+){{0,2}}?(?:{pattern.pattern})", plain, re.I)
            if not negated:
                kept.add(kind)
        kinds = kept
    if implied and not kinds and _WHEN_WORDS.search(plain) and _names_something(plain):
        # "haircut Wednesday 2pm", "周五下午三点看牙医": an event said with its time is a create.
        kinds.add("create")
    return kinds


def asks_reminder(text: str, tools: list[str]) -> bool:
    """The write asked for is a reminder: the person's words ask for one, or the model's call sets one."""
    return "set_reminder" in tools or bool(re.search(r"\bremind(?:er)?s?\b|提醒", normalise(text), re.I))


def _names_something(text: str) -> bool:
    """Besides the time, there are words that can be a title, and it is not a question."""
    return (
        not _QUESTION_WORDS.search(text)
        and not text.rstrip().endswith("?")
        and len(_WHEN_WORDS.sub(" ", text).split()) >= 1
        and bool(re.search(r"[A-Za-z]{3,}|[\u4e00-\u9fff]{2,}", _WHEN_WORDS.sub(" ", text)))
    )


_IMPERATIVE_LEAD = re.compile(
    rf"^\s*(?:please|pls|plz|can\s+you|could\s+you|would\s+you|will\s+you|kindly|just|also|now|and|ok|so|then|"
    rf"(?:{'|'.join(EN_ASK.values())})\b)|^\s*(?:把|帮我|给我|请|麻烦|帮忙|你|再|也|先|(?:{'|'.join(ZH_VERBS.values())}))",
    re.I,
)


def person_reports(text: str) -> set[str]:
    """Writes the person says already happened ("I've booked a table", "老板把会取消了").

    A reply that repeats them is quoting the person, not claiming a write of its own.
    """
    clauses = re.split(r"[,;:—，；：。.!?！？\n]+", normalise(text))
    reports = [clause for clause in clauses if clause.strip() and not _IMPERATIVE_LEAD.match(clause)]
    if not reports:
        return set()
    said = "。".join(reports)
    # Past forms with any subject ("my boss cancelled our 1:1"), read loosely: this only ever
    # excuses a reply for repeating the person.
    past = {kind for kind in KINDS if re.search(rf"\b(?:{EN_DONE[kind]})\b", said, re.I)}
    # Chinese needs the doer said: "周五的牙医删了" is an order, "老板把会取消了" a report.
    doer = r"(?:[^把,.。]+把[^,.。]{0,20}?|(?:我|我们|他|她|他们|她们|[^\s,.。]{1,4}(?:已经|刚刚|刚)))"
    past |= {kind for kind in KINDS if re.search(rf"{doer}(?:{ZH_VERBS[kind]})[^,.。]{{0,8}}?了(?![吗么])", said)}
    return past
