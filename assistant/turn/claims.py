"""Reading a reply for what it claims: writes done (create, change, delete, remember), a bare
"done" with no kind, and facts about the calendar. Used by the exit invariant.

The text is normalised first (``claim_text``): emoji, markdown and full-width forms never change
the reading. The grammar is one table (``TABLE``: kind -> language -> frames) read by one
function (``frames``): the frames every kind shares — first-person perfect ("I've moved"), passive
("it's been booked"), a subjectless receipt line ("Booked: …", "Dentist moved to 4"), a Chinese
resultative ("给你订上了", "改好了") — filled from one lexicon per kind (``claim_words``), and each
kind's own, such as a state of the calendar ("it's in your calendar now", "已经在日程里了").

A claim counts only when it is affirmative and said as done: it is looked at clause by clause,
and skipped when negated, asked, offered, conditional ("once you confirm …", "…的话"), made by
the person or someone else ("你订好了机票", "you booked"), quoted, or an instruction ("To add an
event, …").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from assistant.turn.claim_text import normalise
from assistant.turn.claim_words import (
    EN_CALENDAR,
    EN_DAYS,
    EN_DONE,
    EN_MEMORY,
    FOR_YOU,
    ZH_CALENDAR,
    ZH_MEMORY,
    ZH_RESULT,
    ZH_VERBS,
)

_INTERJ = (
    r"(?:(?:ok|great|sure(?:\s+thing)?|perfect|all\s+right|got\s+it|yes|yep|yup|yeah|no\s+problem|you\s+got\s+it|"
    r"awesome|cool|sweet|excellent|wonderful|nice|(?:good|great)\s+news|there\s+we\s+go|right|so|and|also|"
    r"of\s+course|certainly|absolutely|voila|boom|ta-?da|hey|hi|fine|thanks|thank\s+you|yay|hooray|done|"
    r"all\s+done|okey\s+dokey|righto|alrighty)[\s,!.:;—~-]+)*"
)
_ADV = (
    r"(?:(?:now|just|already|also|successfully|all|officially|finally|totally|properly|safely|indeed|really|"
    r"actually|quickly|gone\s+ahead\s+and|went\s+ahead\s+and|duly|both|each|been)\s+)*"
)
_PRON = r"(?:it|that|this|they|those|these|both(?:\s+of\s+them)?|all\s+of\s+them|everything|each\s+one|the\s+two)"
_NP = r"(?:the|your|ur|my|this|that|these|those|our)\s+[\w'/&-]+(?:\s+[\w'/&-]+){0,5}?"
_NOT_SUBJECT = r"(?!(?:you|he|she|they|someone|somebody|people|i|if|once|when|after|before|until|unless|since)\b)"
_LEAD_NP = rf"{_NOT_SUBJECT}[\w'/&-]+(?:\s+{_NOT_SUBJECT}[\w'/&-]+){{0,5}}?"
_AUX = r"(?:is|are|was|were|'s|'re|has\s+been|have\s+been|'s\s+been|'ve\s+been|had\s+been|got|gets|has|have|been)"
_CAL = EN_CALENDAR
_ANY_DONE = "|".join(EN_DONE.values())
# "Booked, moved, cancelled — I handle all of these": a list of verbs names abilities, not receipts.
_VERB_LIST = re.compile(rf"\b(?:{_ANY_DONE})\s*(?:,|/|\band\b|\bor\b)\s*(?:{_ANY_DONE})\b", re.I)
_NOT_GENERIC_NOUN = (
    r"(?!\s+(?:events?|items?|appointments?|meetings?|ones?|entries|plans?|bookings?|things?|facts?)\s+"
    r"(?:are|is|can|can't|cannot|will|won't|stay|stays|keep|keeps|get|go|show|appear|remain|have|don't|do|need|must|may)\b)"
)
_RECEIPT_END = (
    r"(?=\s*$|\s*[.!,;:—~]|\s+(?:to|from|for|on|at|as|in|into|off|out|successfully|too|as\s+well|also|back|"
    r"forward|earlier|later|by|until|till|with|per|it|them|that)\b)"
)


@dataclass(frozen=True)
class Frame:
    pattern: re.Pattern[str]
    kind: str | None  # None: "done" with no kind of its own
    at_clause_start: bool = False
    negation_ok: bool = False  # "I won't forget", "no longer on your calendar"
    future_ok: bool = False  # "I'll remember that" is how a remember is claimed
    state: bool = False  # a state frame: generic subjects ("a deleted event is gone") do not count
    weak: bool = False  # an acknowledgement ("Sure!", "好的"), read as done only in context
    promise: bool = False  # "I'll keep that in mind": stores something only when it says what


Row = tuple[str, str]  # (options, pattern)
_OPTIONS = {"start": "at_clause_start", "neg": "negation_ok", "future": "future_ok"} | {o: o for o in ("state", "weak", "promise")}


def frames(kind: str | None, rows: tuple[Row, ...]) -> list[Frame]:
    """Frames from table rows; options: start (only at a clause's start), neg, future, state, weak, promise."""
    return [Frame(re.compile(p, re.I), kind, **{_OPTIONS[o]: True for o in opts.split()}) for opts, p in rows]


# Frames every kind shares, filled with its verbs: <DONE> as said by "I" (a create's "confirmed" is
# not said so), <RECEIPT> as said of the event, <ZH> its Chinese verbs.
_SHARED: dict[str, tuple[Row, ...]] = {
    "en": (
        ("", rf"\b(?:i|we)(?:'ve|\s+have|\s+had)?\s+{_ADV}(?:<DONE>)\b"),
        ("", rf"(?:\b{_PRON}|\b{_NP})\s*{_AUX}\s+{_ADV}(?:been\s+)?{_ADV}(?:<RECEIPT>)\b"),
        ("start", rf"{_INTERJ}{_LEAD_NP}\s*{_AUX}\s+{_ADV}(?:been\s+)?{_ADV}(?:<RECEIPT>)\b"),
        ("start", rf"{_INTERJ}{_ADV}(?:<RECEIPT>)\b{_NOT_GENERIC_NOUN}"),
        ("start", rf"{_INTERJ}{_LEAD_NP}\s+{_ADV}(?:<RECEIPT>){_RECEIPT_END}"),
    ),
    "zh": (
        ("", rf"(?:已经|已|早就|早已|刚刚|刚才|刚)\s*被?\s*(?:{FOR_YOU}|为|帮|给)?\s*(?:把[^,.!?;。]{{0,20}}?)?(?:<ZH>)"),
        ("", rf"(?:<ZH>){ZH_RESULT}?了(?![吗么没]|\s*[?])"),
        ("", r"(?:<ZH>)(?:好|妥|完|掉|上)(?=\s*(?:$|[,.!;。~]))"),
        ("", rf"{FOR_YOU}\s*(?:把[^,.!?;。]{{0,20}}?)?(?:<ZH>){ZH_RESULT}?(?:了|好)"),
        ("", r"(?:<ZH>)(?:成功|完毕|完成)(?!后|之后|以后)"),
    ),
}
_GENERIC_DONE = (
    r"(?:all\s+)?(?:done|set|sorted|finished|completed?|handled|settled|good\s+to\s+go|taken\s+care\s+of|locked\s+in|"
    r"squared\s+away|fixed|success(?:fully)?|mission\s+accomplished|done\s+and\s+done|done\s+deal|it'?s\s+a\s+go|"
    r"there\s+you\s+(?:go|have\s+it)|voila|ta-?da)"
)
_STATE_SUBJECT = rf"(?:\b{_PRON}|\b{_NP}|(?:^|(?<=[,;:—] )|(?<=[,;:—])){_LEAD_NP})"
_IS = r"\s*(?:'s|'re|\s+is|\s+are)"
_ON_CAL = rf"(?:on|in)\s+(?:your|the|ur)\s+{_CAL}"

# The grammar's own frames, one table: kind (None: done, no kind said) -> language -> rows.
TABLE: dict[str | None, dict[str, tuple[Row, ...]]] = {
    None: {
        "en": (
            ("start", rf"{_INTERJ}{_GENERIC_DONE}\b(?!\s+(?:by|with|when|if|once|after|yet)\b)"),
            ("", r"\bconsider\s+it\s+(?:done|handled|sorted)|\byou'?re\s+(?:all\s+)?(?:set|good\s+to\s+go|sorted|covered|"
             r"all\s+good)\b|\b(?:i'?ve\s+)?got\s+you\s+covered\b|\ball\s+(?:done|set|sorted)\b"),
            ("", rf"\b(?:{_PRON})(?:'s|\s+is|\s+has\s+been|'s\s+been)\s+(?:now\s+|all\s+)?(?:done|sorted|handled|settled|"
             r"taken\s+care\s+of|official|locked\s+in|squared\s+away|fixed)\b"),
            ("", r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|already\s+|now\s+)?(?:done|sorted|handled|taken\s+care\s+of|fixed)\s+"
             r"(?:it|that|this|everything)\b|\b(?:i|we)(?:'ve|\s+have)?\s+got\s+(?:it|that|this|everything)\s+(?:sorted|done|covered|handled)"),
            ("start weak", r"(?:ok|sure(?:\s+thing)?|got\s+it|of\s+course|no\s+problem|will\s+do|you\s+got\s+it|certainly|"
             r"absolutely|roger(?:\s+that)?|right\s+away|on\s+it|coming\s+right\s+up|all\s+right|yes|yep|yup|great|perfect|understood)\b"),
            ("state", rf"(?:{_STATE_SUBJECT}){_IS}\s+(?:now\s+|all\s+)?(?:sorted|set|done|taken\s+care\s+of|locked\s+in|"
             r"squared\s+away)(?=\s*(?:$|[.!,~]|\s+(?:for|on|at|with|now)\b))"),
        ),
        "zh": (
            ("", r"搞定|搞掂|弄好了|办好了|处理好了|妥了|妥妥的|完成了|已完成|已办妥|已处理|ok了|齐活|就这么定了|已确认|确认好了|"
             r"安排妥当|都好了|全部好了|全都好了|已经好了|好了好了"),
            ("start weak", r"(?:好的|好了|好|行|没问题|收到|可以|好嘞|得嘞|明白|了解|嗯|ok)(?=\s*(?:$|[,.!;。~]))"),
        ),
    },
    "create": {  # the event is on the calendar now; "I've put it in for Friday"
        "en": (
            ("state", rf"\b{_PRON}{_IS}\s+(?:now\s+|all\s+|officially\s+|safely\s+)*(?:on|in|into)\s+(?:your|the|ur)\s+{_CAL}"),
            ("state", rf"(?:{_STATE_SUBJECT}){_IS}\s+(?:now|officially|safely|already)\s+{_ON_CAL}"),
            ("", rf"\b(?:on|in)\s+(?:your|the|ur)\s+{_CAL}\s+now\b|\b(?:your|the)\s+{_CAL}\s+now\s+(?:has|shows|includes|contains|lists)\b"),
            ("future", rf"\byou(?:'ll|\s+will|\s+should)\s+(?:now\s+)?(?:see|find)\s+(?:[\w'/&-]+\s+){{0,5}}?(?:on|in)\s+(?:your|the)\s+{_CAL}"),
            ("", rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:put|popped|stuck|thrown|threw|slotted|squeezed|fit|fitted|placed|jotted|"
             rf"written|wrote|marked|got|saved|noted|logged)\s+(?:[\w'/&-]+\s+){{0,6}}?(?:in|on|into|onto|down|to|in\s+your)\s+(?:your|the|ur)?\s*{_CAL}"),
            ("", rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:put|pencil+ed|got|jotted|written|wrote|marked)\s+(?:[\w'/&-]+\s+){{0,5}}?(?:in|down)\s+(?:for|on|at|as)\b"),
            ("", r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+)?\bgot\s+you\s+(?:all\s+)?(?:booked|down|in|scheduled|added|pencil+ed)\b"),
            ("", rf"{_AUX}\s+{_ADV}(?:been\s+)?(?:put|placed|popped|slotted|entered|written|marked|noted|saved|logged|stuck)\s+"
             rf"(?:[\w'/&-]+\s+){{0,3}}?(?:in|on|into|onto|to)\s+(?:your|the|ur)\s+{_CAL}"),
            ("", r"\byou(?:'re|\s+are)\s+(?:now\s+|all\s+)?booked\s+(?:in|for|on|at)\b"),
            ("state weak", rf"(?:{_STATE_SUBJECT}){_IS}\s+{_ON_CAL}"),
            ("", rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}put\s+(?:it|that|this|them)\s+in(?=\s*(?:$|[.!,~]))"),
        ),
        "zh": (
            ("", rf"(?:在|进|到|上|入)了?(?:你的|您的)?{ZH_CALENDAR}(?:里面|里头|上面|上头|里|上|中)?了|已经?在(?:你的|您的)?{ZH_CALENDAR}(?:里|上|中)"
             rf"|{ZH_CALENDAR}(?:里|上)(?:已经|现在)?(?:有了|多了)|(?:放|加|写|记|存|录|排|添|塞)(?:进|到|在|入|上)(?:了)?(?:你的|您的)?{ZH_CALENDAR}"),
        ),
    },
    "change": {  # the event's new place
        "en": (
            ("state", rf"(?:{_STATE_SUBJECT}){_IS}\s+now\s+(?!{_ON_CAL})(?:at|on|from|for|set\s+for|scheduled\s+for|booked\s+for|"
             r"happening|starting|taking\s+place|in\b|\d)"),
            ("", r"\bnow\s+(?:starts?|begins?|ends?|runs?|takes?\s+place|happens?|falls?|finishes)\s+(?:at|on|from|by)\b"),
            ("state", rf"\b{_PRON}\s*(?:'s|\s+is|\s+are|'re)\s+(?:at|on|for)\s+(?!(?:your|the|ur)\s+{_CAL})[\w:' ]{{1,25}}?\s+now\b"),
            ("start", r"new\s+(?:time|date|day|slot|start|title|name)\s*:"),
            ("", rf"(?:\d{{1,2}}(?::\d\d)?\s*(?:am|pm)?|{EN_DAYS}|noon)\s*=>\s*(?:\d|{EN_DAYS}|noon|tomorrow)"),
        ),
        "zh": (
            ("", r"(?:改|调|挪|换|推迟|提前|延后|移|变|推)(?:到|成|为|至)了?[^,.!?;。]{0,15}?了|(?:时间|日期)(?:已经)?(?:改|变|换|调)(?:成|为|到)"),
        ),
    },
    "delete": {  # gone from the calendar
        "en": (
            ("neg state", rf"(?:{_STATE_SUBJECT})\s*(?:'s|'re|\s+is|\s+are|\s+has|\s+have)\s+(?:now\s+|been\s+|officially\s+|all\s+)*"
             rf"(?:gone|off\s+(?:your|the)\s+{_CAL}|no\s+longer\s+(?:on|in)\s+(?:your|the)\s+{_CAL}|out\s+of\s+(?:your|the)\s+{_CAL}|history|toast)"),
            ("", rf"\b(?:your|the)\s+(?:{_CAL}|day|morning|afternoon|evening)\s+is\s+(?:now\s+)?(?:clear|free)\s+of\b"),
            ("start", rf"{_INTERJ}(?:all\s+)?gone\b(?!\s+(?:when|if|after|once)\b)"),
            ("neg state", rf"\bno\s+longer\s+(?:on|in)\s+(?:your|the)\s+{_CAL}"),
        ),
        "zh": (
            ("neg", rf"(?:已经)?(?:不在|没在)(?:你的|您的)?{ZH_CALENDAR}(?:里|上|中)?了|{ZH_CALENDAR}(?:里|上)(?:已经)?没有了|已经没了"),
        ),
    },
    "remember": {  # promises of memory are how a remember is claimed
        "en": (
            ("future neg promise", r"\b(?:i'?ll|i\s+will|i'?m\s+going\s+to|i\s+shall|will)\s+(?:always\s+|definitely\s+|certainly\s+|"
             r"(?:be|make)\s+sure\s+to\s+)?(?:remember|keep\s+(?:that\s+|it\s+|this\s+)?in\s+mind|make\s+a\s+note|"
             r"note\s+(?:that|it|this)(?:\s+down)?|not\s+forget|never\s+forget)"),
            ("future neg promise", r"\bwon'?t\s+(?:ever\s+)?forget\b"),
            ("", rf"\b{_PRON}\s*(?:'s|\s+is|\s+has\s+been|'s\s+been)\s+(?:now\s+|all\s+|safely\s+)?(?:saved|stored|noted|remembered|"
             rf"filed|in\s+my\s+{EN_MEMORY}|in\s+memory|committed\s+to\s+memory)"),
            ("", r"\b(?:saved|stored|added|filed|written)\s+(?:it\s+|that\s+|this\s+)?(?:to|in|into)\s+(?:my\s+|your\s+)?memory"
             r"|\bmemory\s+(?:updated|saved)|\b(?:consider\s+it|duly)\s+noted"),
            ("", r"\b(?:i'?ve|i\s+have)\s+got\s+(?:it|that|this)\s+(?:noted|saved|down|stored|memori[sz]ed)"),
        ),
        "zh": (
            ("future neg", r"记住了|记下了|记好了|记下来了|已记下|已记住|我记着呢|记在心里了|记在心上了|已保存|存好了|已存下|保存好了|"
             r"帮你记(?:下|住|好)?了|已经记录"),
            ("future neg promise", r"我会记住|我会记得|会记得的|会记得|不会忘|忘不了"),
        ),
    },
}


def _shared(kind: str, language: str) -> tuple[Row, ...]:
    done = EN_DONE[kind].replace("|confirmed", "") if kind == "create" else EN_DONE[kind]
    fill = {"<DONE>": done, "<RECEIPT>": EN_DONE[kind], "<ZH>": ZH_VERBS[kind]}
    return tuple((opts, re.sub("<DONE>|<RECEIPT>|<ZH>", lambda m: fill[m.group(0)], p)) for opts, p in _SHARED[language])


EN_FRAMES, ZH_FRAMES = (
    [f for kind, rows in TABLE.items() for f in frames(kind, rows[lang] + (_shared(kind, lang) if kind else ()))]
    for lang in ("en", "zh")
)

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
    rf"\b(?:you|you've|you\s+have|you'd|you\s+had|he|she|he's|she's|they've|someone|somebody)\s+{_ADV}$", re.I
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
        listing = bool(_VERB_LIST.search(sentence))
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
