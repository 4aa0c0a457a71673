"""The claim grammar as data: one table of frames (kind -> language -> rows) and the one function
that builds them. A frame is a pattern with options saying where and how it is read; the frames
every kind shares are filled with that kind's verbs from ``claim_words``. Read by ``claims``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.reading.vocabulary import COURTESY_EN
from assistant.turn.claim_words import (
    EN_CALENDAR,
    EN_DAYS,
    EN_DONE,
    EN_MEMORY,
    FOR_YOU,
    ZH_CALENDAR,
    ZH_RESULT,
    ZH_VERBS,
)

_INTERJ = rf"(?:(?:{COURTESY_EN}|done|all\s+done|(?:good|great)\s+news|there\s+we\s+go|voila|boom|ta-?da|okey\s+dokey)[\s,!.:;—~-]+)*"
ADV = (
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
VERB_LIST = re.compile(rf"\b(?:{_ANY_DONE})\s*(?:,|/|\band\b|\bor\b)\s*(?:{_ANY_DONE})\b", re.I)
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
        ("", rf"\b(?:i|we)(?:'ve|\s+have|\s+had)?\s+{ADV}(?:<DONE>)\b"),
        ("", rf"(?:\b{_PRON}|\b{_NP})\s*{_AUX}\s+{ADV}(?:been\s+)?{ADV}(?:<RECEIPT>)\b"),
        ("start", rf"{_INTERJ}{_LEAD_NP}\s*{_AUX}\s+{ADV}(?:been\s+)?{ADV}(?:<RECEIPT>)\b"),
        ("start", rf"{_INTERJ}{ADV}(?:<RECEIPT>)\b{_NOT_GENERIC_NOUN}"),
        ("start", rf"{_INTERJ}{_LEAD_NP}\s+{ADV}(?:<RECEIPT>){_RECEIPT_END}"),
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
            ("", rf"\b(?:i|we)(?:'ve|\s+have)?\s+{ADV}(?:put|popped|stuck|thrown|threw|slotted|squeezed|fit|fitted|placed|jotted|"
             rf"written|wrote|marked|got|saved|noted|logged)\s+(?:[\w'/&-]+\s+){{0,6}}?(?:in|on|into|onto|down|to|in\s+your)\s+(?:your|the|ur)?\s*{_CAL}"),
            ("", rf"\b(?:i|we)(?:'ve|\s+have)?\s+{ADV}(?:put|pencil+ed|got|jotted|written|wrote|marked)\s+(?:[\w'/&-]+\s+){{0,5}}?(?:in|down)\s+(?:for|on|at|as)\b"),
            ("", r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+)?\bgot\s+you\s+(?:all\s+)?(?:booked|down|in|scheduled|added|pencil+ed)\b"),
            ("", rf"{_AUX}\s+{ADV}(?:been\s+)?(?:put|placed|popped|slotted|entered|written|marked|noted|saved|logged|stuck)\s+"
             rf"(?:[\w'/&-]+\s+){{0,3}}?(?:in|on|into|onto|to)\s+(?:your|the|ur)\s+{_CAL}"),
            ("", r"\byou(?:'re|\s+are)\s+(?:now\s+|all\s+)?booked\s+(?:in|for|on|at)\b"),
            ("state weak", rf"(?:{_STATE_SUBJECT}){_IS}\s+{_ON_CAL}"),
            ("", rf"\b(?:i|we)(?:'ve|\s+have)?\s+{ADV}put\s+(?:it|that|this|them)\s+in(?=\s*(?:$|[.!,~]))"),
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
