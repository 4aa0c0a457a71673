"""Reading a reply for what it claims: writes done (create, change, delete, remember), a bare
"done" with no kind, and facts about the calendar. Used by the exit invariant.

The text is normalised first (``claim_text``): emoji, markdown and full-width forms never change
the reading. The grammar is one table of frames per kind and language (``claim_frames``): the
frames every kind shares — first-person perfect ("I've moved"), passive ("it's been booked"), a
subjectless receipt line ("Booked: …"), a Chinese resultative ("给你订上了") — filled from one
lexicon per kind (``claim_words``), and each kind's own, such as a state of the calendar ("it's in
your calendar now", "已经在日程里了"). A bare promise ("I'll keep that in mind.") is told apart
from one that says what it stores.

A claim counts only when it is affirmative and said as done: it is looked at clause by clause,
and skipped when negated, asked, offered, conditional ("once you confirm …", "…的话"), made by
the person or someone else ("你订好了机票", "you booked"), quoted, or an instruction ("To add an
event, …").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from assistant.turn.claim_frames import ADV, EN_FRAMES, VERB_LIST, ZH_FRAMES, Frame
from assistant.turn.claim_text import normalise
from assistant.turn.claim_words import EN_CALENDAR, EN_MEMORY, ZH_CALENDAR, ZH_MEMORY

_IDIOMS = re.compile(
    r"\b(?:no\s+problem|no\s+worries|not\s+a\s+problem|no\s+sweat|no\s+prob|no\s+rush|no\s+trouble|never\s+mind)\b"
    r"|没问题|不客气|没事|不用谢|不麻烦|没关系",
    re.I,
)
_NEGATED = re.compile(
    r"\b(?:not|n't|never|no|nothing|none|haven'?t|hasn'?t|didn'?t|won'?t|can'?t|cannot|couldn'?t|yet\s+to|unable|without|"
    r"neither|nor|nobody)\b|n't\b|没有|没|未|不会|不能|无法|还没|尚未|别|不",
    re.I,
)
_HYPOTHETICAL = re.compile(
    r"\?|吗|\b(?:would\s+you|do\s+you\s+want|shall\s+i|should\s+i|want\s+me\s+to|can\s+i|could\s+i|may\s+i|i\s+can|i\s+could|"
    r"i\s+would|i'd|we\s+can|we\s+could|happy\s+to|ready\s+to|able\s+to|going\s+to|about\s+to|would|could|might|maybe|"
    r"perhaps|let\s+me\s+know|tried\s+to|attempted\s+to|trying\s+to)\b|试着|试了|尝试|要不要|需要我|要我|可以|是否|准备好|随时|能帮|想",
    re.I,
)
_FUTURE = re.compile(
    r"\b(?:i'?ll|i\s+will|we'?ll|we\s+will|let\s+me|let's|i'?m\s+going\s+to|gonna|need\s+to|want\s+to|i'd\s+like\s+to|"
    r"to\s+be|will\s+be|'ll\s+be)\b|我来|我会|我就|就帮|就会|我再|再帮|马上|这就|稍后|待会|一会|等会|将会|打算|准备|去帮",
    re.I,
)
_CONDITION_BEFORE = re.compile(
    r"\b(?:if|once|when|whenever|after|as\s+soon\s+as|until|till|before|unless|since|because|whether)\b", re.I
)
_ATTRIBUTION = re.compile(
    r"\b(?:according\s+to|you\s+said|you\s+mentioned|you\s+told\s+me|as\s+you\s+said|you\s+wrote|your\s+message)\b|你说|你提到|按你说的|你刚才说|你告诉我|你写",
    re.I,
)
_CONDITION_ZH = re.compile(r"如果|的话|之后|[^\s,.!?;。]以后|的时候|要是|只要|等你|等到|假如|一旦|确认后|才")
_INSTRUCTION = re.compile(
    r"^\s*(?:to\s+\w+|for\s+example|e\.g\.|example|like|say|just\s+say|simply|tell\s+me|try|you\s+can|you\s+could|"
    r"how\s+to|ask\s+me)\b|^\s*(?:比如|例如|你可以|只要说|告诉我|要\S{1,4}的话)",
    re.I,
)
_GENERIC_SUBJECT = re.compile(r"^\s*(?:an?|any|every|each|deleted|cancell?ed|removed|moved|once)\b", re.I)
_THIS_CHAT_ONLY = re.compile(r"\s*(?:for\s+(?:this|the|our)\s+(?:conversation|chat|session|thread)|for\s+now)\b", re.I)
_NEGATED_AFTER = re.compile(r"[\s:,]*(?:nothing|none|no\s+\w+|not\s+yet|anything\s+yet|yet\b)", re.I)
_PERSON_BEFORE_EN = re.compile(
    rf"\b(?:you|you've|you\s+have|you'd|you\s+had|he|she|he's|she's|they've|someone|somebody)\s+{ADV}$", re.I
)
_PERSON_BEFORE_ZH = re.compile(
    r"[你您他她](?:们)?(?:(?:跟|和|与|同)[^我]{1,8}?)?(?:已经|已|自己|刚刚|刚|也|都|早就)?\s*$"
)
_QUOTED = re.compile(r"[\"“”「」『』][^\"“”「」『』]{1,160}[\"“”「」『』]|(?<![A-Za-z])'[^'\n]{1,80}'(?![A-Za-z])")
_SENTENCES = re.compile(r"(?<=[.!?。\n])\s*")
_CLAUSES = re.compile(r"[,;:—()]|\s-\s|、")
_HAS_CJK = re.compile(r"[\u4e00-\u9fff]")
# What may follow a bare promise to the end of its clause: its object pronoun, particles, punctuation.
_BARE_TAIL = re.compile(r"(?:\s*\b(?:that|it|this|them|for\s+(?:you|sure|next\s+time)|always|too)\b|[\s的哦呢啦了吧呀哈啊.!~])*(?:[,;—(]|$)", re.I)


@dataclass
class ClaimReading:
    """What a reply says is done: kinds named by a verb, and whether it reads as done at all."""

    kinds: set[str] = field(default_factory=set)
    done: bool = False  # "Done!", "all set", "搞定", a check mark: done, kind not said
    acknowledged: bool = False  # "Sure!", "好的": done only if nothing in the text says otherwise
    # States that are a claim only when that write was asked ("the dentist is in your calendar"
    # after "add the dentist"); otherwise a statement about the calendar.
    in_context: set[str] = field(default_factory=set)
    # Kinds claimed only by a bare promise ("I'll keep that in mind.", "我会记得的"): nothing said as stored.
    promised: set[str] = field(default_factory=set)

    @property
    def reads_as_done(self) -> bool:
        return bool(self.kinds) or self.done


def _clause_bounds(sentence: str, start: int, end: int) -> tuple[int, int]:
    left = max((m.end() for m in _CLAUSES.finditer(sentence, 0, start)), default=0)
    right_match = _CLAUSES.search(sentence, end)
    right = right_match.start() if right_match else len(sentence)
    return left, right


def _counts(sentence: str, match: re.Match[str], frame: Frame, *, person_guard: bool = True) -> bool:
    """Is this match an affirmative statement, by the assistant, of something done?"""
    left, right = _clause_bounds(sentence, match.start(), match.end())
    left = min(left, match.start())
    clause = sentence[left : max(right, match.end())]
    before = sentence[left : match.start()]
    if not frame.negation_ok and (
        _NEGATED.search(sentence[left : match.end()]) or _NEGATED_AFTER.match(sentence, match.end())
    ):
        return False
    if _HYPOTHETICAL.search(clause) or (right >= len(sentence) and sentence.rstrip().endswith("?")):
        return False
    if not frame.future_ok and _FUTURE.search(sentence[left : match.end()]):
        return False
    if (
        _CONDITION_BEFORE.search(sentence[: match.end()])
        or _CONDITION_ZH.search(sentence[: match.end()])
        or _CONDITION_ZH.search(clause)
    ):
        return False
    if _CONDITION_BEFORE.match(clause.lstrip()) or _ATTRIBUTION.search(sentence) or _INSTRUCTION.match(sentence):
        return False
    if frame.kind == "remember" and _THIS_CHAT_ONLY.match(sentence, match.end()):
        return False  # "noted for this conversation" is not a claim of memory
    if frame.state and _GENERIC_SUBJECT.match(sentence[left:]):
        return False
    if not person_guard:
        return True
    if _PERSON_BEFORE_EN.search(before):
        return False
    # "你订好了机票" is the person's action; "帮你订好了" is the assistant's.
    return not _PERSON_BEFORE_ZH.search(re.sub(r"为你|帮你|给你|替你|为您|帮您|给您|替您|你的|您的", "", before))


def _sentences(text: str) -> list[str]:
    plain = _IDIOMS.sub("ok", normalise(text))
    return [sentence for sentence in _SENTENCES.split(_QUOTED.sub(" ", plain)) if sentence.strip()]


def _clause_starts(sentence: str) -> list[int]:
    starts = [0, *(m.end() for m in _CLAUSES.finditer(sentence))]
    return [start + len(sentence[start:]) - len(sentence[start:].lstrip()) for start in starts]


def _matches(sentence: str, frame: Frame) -> list[re.Match[str]]:
    if not frame.at_clause_start:
        return list(frame.pattern.finditer(sentence))
    found = (frame.pattern.match(sentence, start) for start in _clause_starts(sentence))
    return [match for match in found if match is not None and match.end() > match.start()]


def _kind_of(frame_kind: str, sentence: str) -> str:
    """Where the write landed decides an ambiguous verb: "saved to your calendar" is a create."""
    on_calendar = re.search(rf"\b{EN_CALENDAR}\b|{ZH_CALENDAR}", sentence, re.I)
    in_memory = re.search(rf"\b{EN_MEMORY}\b|{ZH_MEMORY}", sentence, re.I)
    if frame_kind == "remember" and on_calendar and not in_memory:
        return "create"
    if frame_kind in {"create", "change"} and in_memory and not on_calendar:
        return "remember"
    return frame_kind


def read_claims(text: str) -> ClaimReading:
    """Everything the text claims as done, with the kinds its verbs name."""
    reading, stated = ClaimReading(), set[str]()
    whole = normalise(text)
    for sentence in _sentences(text):
        frames = ZH_FRAMES + EN_FRAMES if _HAS_CJK.search(sentence) else EN_FRAMES
        listing = bool(VERB_LIST.search(sentence))
        for frame in frames:
            if listing and frame.at_clause_start and frame.kind is not None:
                continue
            counted = [match for match in _matches(sentence, frame) if _counts(sentence, match, frame)]
            if not counted:
                continue
            if frame.weak and frame.kind is not None:
                reading.in_context.add(frame.kind)
            elif frame.weak:
                reading.acknowledged = True
            elif frame.kind is None:
                reading.done = True
            else:
                kind = _kind_of(frame.kind, sentence)
                bare = frame.promise and all(_BARE_TAIL.match(sentence, match.end()) for match in counted)
                (reading.promised if bare else stated).add(kind)
                reading.kinds.add(kind)
    reading.promised -= stated
    if reading.acknowledged and _undercut(whole):
        reading.acknowledged = False
    return reading


# Unhurried or still waiting for something: an acknowledgement, not a receipt.
_UNHURRIED = re.compile(
    r"\btake\s+your\s+time\b|\bwhenever\s+you'?re\s+ready\b|\btalk\s+later\b|慢慢来|不着急|不急|回头|先忙|再说"
    r"|\b(?:need|needs|missing|require|requires|except)\b|还需要|还差|差个|缺",
    re.I,
)


def _undercut(text: str, *, future: bool = True) -> bool:
    """An acknowledgement followed by a question, an offer, a condition or a negation is not a receipt."""
    plain = _IDIOMS.sub("ok", text)
    hedges = (_NEGATED, _HYPOTHETICAL, _CONDITION_BEFORE, _CONDITION_ZH, _UNHURRIED, *([_FUTURE] if future else []))
    return any(pattern.search(plain) for pattern in hedges)


def hedged(text: str, *, future: bool = True) -> bool:
    """Negated, asked, offered, conditional or still waiting ("once I have the time …", "还差"):
    whatever else the text says, it does not read as done. ``future=False``: a plain promise
    ("I'll ping you at 9pm") is not a hedge — it says the write will happen with nothing left to ask."""
    return "?" in normalise(text) or _undercut(normalise(text), future=future)


def claimed_writes(text: str) -> set[str]:
    """The kinds of write a text claims as done; a bare "Done!" reads as a create."""
    reading = read_claims(text)
    return reading.kinds or ({"create"} if reading.done else set())
