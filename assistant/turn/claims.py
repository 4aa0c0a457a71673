"""Reading a reply for what it claims: writes done (create, change, delete, remember) and facts
about the calendar. Used by the exit invariant; tuned on the fake-receipt and honest-text evals.

A claim counts only when it is affirmative and said as done: it is looked at clause by clause,
and skipped when negated, asked, conditional ("once you confirm …", "…的话", "…之后"), made by
the person rather than the assistant ("你订好了机票"), or quoted ("you said 'I've booked …'").
"""

from __future__ import annotations

import re

_I = r"(?:i|i'?ve|i have|we'?ve|we have)"
_ADVERBS = r"(?:(?:now|also|successfully|just|already|gone ahead and|went ahead and|since)\s+)*"
_SUBJECT = r"(?:it|that|this|they|everything|your\s+[\w' -]{1,40}?|the\s+[\w' -]{1,40}?)"
_DAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_FOR_YOU = r"(?:为你|帮你|给你|为您|帮您)"
# Any short noun phrase opening a sentence: "Dentist on Friday at 3pm has been added."
_OPENING = r"^\s*[\w'’ -]{1,60}?"
_LIST_OF_VERBS = r"(?!\s*,\s*(?:moved|cancell?ed|deleted|added|booked|changed|scheduled))"
_BA = r"(?:把.{1,20}?)?"

CLAIMS: dict[str, list[re.Pattern[str]]] = {
    "create": [
        re.compile(
            rf"\b{_I}\s+{_ADVERBS}(?:scheduled|booked|added|created|set up|arranged|penciled|pencilled|blocked(?: out| off)?|reserved)\b",
            re.I,
        ),
        re.compile(
            rf"\b{_I}\s+{_ADVERBS}put\s+(?:it|that|this|them|the\s+[\w' -]{{1,30}}?|your\s+[\w' -]{{1,30}}?)\s+(?:in|down)\s+(?:for|on|at)\b",
            re.I,
        ),
        re.compile(
            rf"\b{_I}\s+{_ADVERBS}put\s+(?:it|that|this|them|.{{1,40}}?)\s+(?:on|in|into)\s+(?:your\s+)?(?:calendar|schedule|diary|agenda)",
            re.I,
        ),
        re.compile(
            rf"\b{_SUBJECT}\s+(?:has|have|'s|is|was|were)\s+(?:now\s+|just\s+|already\s+)?been\s+(?:scheduled|booked|added|created|set up|arranged|put)\b",
            re.I,
        ),
        re.compile(r"\b(?:is|are)\s+now\s+(?:on|in)\s+your\s+(?:calendar|schedule|agenda|diary)\b", re.I),
        re.compile(
            r"\b(?:it'?s|that'?s|they'?re|it is|that is)\s+(?:now\s+)?(?:on|in)\s+your\s+(?:calendar|schedule|agenda|diary)\b",
            re.I,
        ),
        re.compile(
            r"^\s*(?:(?:ok|okay|great|got it|sure|perfect|alright)[,!\s]+)?(?:done|all set|booked|scheduled|added|created)\s*(?:[!.:—–]|\s-\s|$)",
            re.I,
        ),
        re.compile(r"\bconsider it done\b|\byou'?re\s+all\s+set\b|\bi'?ve\s+got\s+you\s+down\b", re.I),
        # Subjectless or impersonal: "Added the dentist for Friday.", "Booked.", "Confirmed: …"
        re.compile(
            rf"^\s*(?:added|booked|scheduled|created|confirmed|set up|arranged|reserved)\b{_LIST_OF_VERBS}", re.I
        ),
        re.compile(
            rf"{_OPENING}\s+(?:has|have)\s+(?:now\s+|just\s+|already\s+)?been\s+(?:added|booked|scheduled|created|set up|arranged|confirmed)\b",
            re.I,
        ),
        re.compile(
            rf"(?:\b{_SUBJECT}|{_OPENING})\s+(?:is|are|'s)\s+(?:now\s+|all\s+)?(?:booked|scheduled|added|confirmed|set up|arranged|reserved)\b",
            re.I,
        ),
        re.compile(rf"(?:已经|已){_FOR_YOU}?{_BA}(?:安排|添加|创建|预约|预订|登记|设置)"),
        re.compile(rf"(?:已经|已){_FOR_YOU}?{_BA}(?:加|订|约|放|写|记|排)(?:好|了|上|到|进|入|在)"),
        re.compile(r"(?:安排|添加|创建|预约|约|订|加|排)好了"),
        re.compile(rf"{_FOR_YOU}(?:安排|添加|创建|约|加|预约|订)(?:了|好了)"),
        re.compile(r"搞定了?|已经在(?:你的|您的)?(?:日程|日历|安排)(?:里|上|中)"),
        re.compile(r"^\s*已添加\s*[：:]"),
    ],
    "change": [
        re.compile(
            rf"\b{_I}\s+{_ADVERBS}(?:moved|rescheduled|changed|updated|shifted|renamed|pushed|postponed|brought forward)\b",
            re.I,
        ),
        re.compile(
            rf"\b{_SUBJECT}\s+(?:has|have|'s|is|was)\s+(?:now\s+|just\s+)?been\s+(?:moved|rescheduled|changed|updated|shifted|renamed|pushed|postponed)\b",
            re.I,
        ),
        re.compile(rf"\b{_SUBJECT}\s+(?:is|'s)\s+now\s+(?:at|on|from)\s+", re.I),
        re.compile(r"^\s*(?:changed|moved|rescheduled)\s*:", re.I),
        re.compile(rf"{_OPENING}\s+(?:moved|rescheduled|shifted|postponed|pushed)\s+(?:to|from|back|forward)\b", re.I),
        re.compile(
            rf"^\s*(?:moved|rescheduled|shifted|postponed|renamed|updated|changed)\b{_LIST_OF_VERBS}(?!\s*:)", re.I
        ),
        re.compile(rf"(?:已经|已){_FOR_YOU}?{_BA}(?:改|修改|调整|挪|移|更改|更新|换|推迟|提前|推)(?:到|成|为|好|了)"),
        re.compile(r"(?:改|调整|挪|换)好了|^\s*已改好\s*[：:]"),
        re.compile(r"(?:改到|调到|挪到|推迟到|提前到|换到).{1,15}?了"),
    ],
    "delete": [
        re.compile(
            rf"\b{_I}\s+{_ADVERBS}(?:deleted|removed|cancell?ed|cleared|taken\s+(?:it|that|.{{1,30}}?)\s+off)\b", re.I
        ),
        re.compile(
            rf"\b{_SUBJECT}\s+(?:has|have|'s|is|was|were)\s+(?:now\s+|just\s+)?been\s+(?:deleted|removed|cancell?ed|cleared|taken off)\b",
            re.I,
        ),
        re.compile(rf"\b{_SUBJECT}(?:'s|\s+is|\s+are|'re)\s+(?:now\s+)?(?:gone|off your calendar)\b", re.I),
        re.compile(r"^\s*deleted\s*:", re.I),
        re.compile(rf"{_OPENING}\s+(?:deleted|removed|cancell?ed|cleared)\s*(?:[.!]|$|\s+(?:from|for|as))", re.I),
        re.compile(rf"^\s*(?:deleted|removed|cancell?ed|cleared)\b{_LIST_OF_VERBS}", re.I),
        re.compile(rf"{_OPENING}\s+(?:is|are|'s)\s+(?:now\s+)?(?:cancell?ed|deleted|removed)\b", re.I),
        re.compile(r"(?:已经|已)(?:取消|删除|删掉|移除)(?:了)?\s*[。！!.]?\s*$"),
        re.compile(rf"(?:已经|已){_FOR_YOU}?{_BA}(?:删除|删掉|删了|移除|清除)"),
        re.compile(rf"(?:已经|已)?{_FOR_YOU}?取消了(?:你的|您的)?.{{0,10}}?(?:会|会议|安排|预约|日程|活动)"),
        re.compile(r"删(?:掉|除)?好了|帮你删(?:掉|除)?了|(?:删除|删掉)了|^\s*已删除\s*[：:]"),
    ],
    "remember": [
        re.compile(
            r"\b(?:i'?ll|i will)\s+(?:remember|keep (?:that |it |this )?in mind|make a note|note (?:that|it|this) down)",
            re.I,
        ),
        re.compile(rf"\b{_I}\s+{_ADVERBS}(?:noted|saved|stored|memorized|remembered|made a note|written down)\b", re.I),
        re.compile(
            r"\b(?:saved|stored)\s+(?:it\s+|that\s+)?(?:to|in)\s+(?:my\s+|your\s+)?memory\b|^\s*noted\s*[!.]", re.I
        ),
        re.compile(
            r"记住了|已记下|记下了|我会记住|已经记住|已记住|会记得|已保存到记忆|已存下|帮你记(?:下|住)了|^\s*记住了\s*[：:]"
        ),
    ],
}

SCHEDULE_FACTS = [
    re.compile(
        r"\byou(?:'ve got| have got| have|'re| are)\s+(?:no|nothing|only|just)?\s*(?:\d+|one|two|three|four|five|a few|several|some|an?|many|lots of|plenty of)?\s*"
        r"(?:other\s+)?(?:meetings?|events?|appointments?|plans|calls?)\b\s+(?:on|at|scheduled|planned|booked|today|tomorrow|tonight|this|next)",
        re.I,
    ),
    re.compile(
        rf"\byou(?:'ve got| have got| have)\s+(?:a|an|one|two|three|\d+)\s+[\w' -]{{1,40}}?\s+(?:at\s+\d|on\s+{_DAYS}|tomorrow|today|tonight|this\s+(?:morning|afternoon|evening|week))",
        re.I,
    ),
    re.compile(
        r"\byou(?:'re| are)\s+(?:completely\s+|totally\s+)?(?:free|busy|booked|available|clear)\s+(?:on|at|all|this|next|today|tomorrow|from|between)\b",
        re.I,
    ),
    re.compile(
        r"\byour\s+(?:calendar|schedule|day|morning|afternoon|evening|week|weekend|agenda)\s+(?:is|looks)\s+(?:completely\s+|totally\s+|pretty\s+|quite\s+|wide\s+)?(?:clear|free|empty|busy|packed|full|open|light)\b",
        re.I,
    ),
    re.compile(
        rf"\b(?:today|tomorrow|tonight|this\s+(?:morning|afternoon|evening|week|weekend)|next\s+(?:week|weekend|{_DAYS})|(?:on\s+)?{_DAYS})\s+(?:looks|is|seems)\s+"
        r"(?:completely\s+|totally\s+|pretty\s+|quite\s+|wide\s+)?(?:clear|free|empty|busy|open|packed|light|quiet|full)\b",
        re.I,
    ),
    re.compile(
        r"\b(?:there(?:'s| is| are)\s+)?nothing\s+(?:is\s+)?(?:on|scheduled|planned|booked)\s+(?:for|on|today|tomorrow|this|next|your)\b",
        re.I,
    ),
    re.compile(
        r"\byou\s+(?:don'?t|do not)\s+have\s+(?:anything|any\s+(?:meetings?|events?|appointments?|plans))\b", re.I
    ),
    re.compile(
        r"你(?:今天|明天|后天|这周|下周|周末|这个周末|上午|下午|晚上|星期.|周.)?(?:.{0,4})?(?:有|没有)(?:\d+|[一两二三四五六七八九十几]+)?(?:个|场)?(?:会|会议|安排|约会|预约|日程|事情|活动)"
    ),
    re.compile(
        r"(?:今天|明天|后天|周[一二三四五六日天]|星期[一二三四五六日天]|这周|下周)(?:上午|下午|晚上|中午)?.{0,8}?有(?:个|一个|\d+个|两个|几个)"
    ),
    re.compile(rf"^\s*nothing\s+(?:(?:on\s+)?(?:today|tomorrow|tonight|{_DAYS})|this\s+\w+|next\s+\w+)\b", re.I),
    re.compile(
        rf"\b(?:today|tomorrow|tonight|on\s+{_DAYS}|this\s+(?:morning|afternoon|evening|week|weekend))\s*,?\s+"
        r"you(?:'ve got| have got| have|'re| are)\s+",
        re.I,
    ),
    re.compile(
        rf"\bthere(?:'s| is| are)\s+(?:a|an|one|two|three|\d+)\s+[\w' -]{{1,40}}?\s+"
        rf"(?:at\s+\d|on\s+{_DAYS}|tomorrow|today|tonight|this\s+(?:morning|afternoon|evening))",
        re.I,
    ),
    re.compile(
        rf"\b(?:the|your)\s+[\w' -]{{1,40}}?\s+is\s+(?:on|at)\s+(?:{_DAYS}|\d|tomorrow|today|tonight|noon)", re.I
    ),
    re.compile(r"(?:日程|安排|日历)(?:是)?(?:空的|很满|满了|排满|挺满)"),
    re.compile(r"你(?:今天|明天|后天|这周|下周|周末|星期.|周.)?(?:.{0,4})?(?:都)?(?:有空|没空|空闲|很忙)"),
]

_NEGATED = re.compile(
    r"\b(?:not|n't|never|no|nothing|haven'?t|hasn'?t|didn'?t|won'?t|can'?t|cannot|couldn'?t|yet to|unable|without)\b"
    r"|没有|没|未|不会|不能|无法|还没|尚未|别|不",
    re.I,
)
# Asking or offering, in the same clause as the claim.
_HYPOTHETICAL = re.compile(
    r"\?|？|吗|\b(?:would you|do you want|shall i|should i|want me to|can i|could i|may i|i can|i could|i would|i'd|"
    r"happy to|ready to|able to|going to|about to)\b|要不要|需要我|要我|我可以|可以帮|是否|准备好|随时|能帮|想",
    re.I,
)
# Conditions: English ones come before the claim in the sentence, Chinese ones anywhere in the clause.
_CONDITION_BEFORE = re.compile(r"\b(?:if|once|when|whenever|after|as soon as|until|before|unless)\b", re.I)
# Reporting what the person said is not a claim of the assistant's own ("…, according to what you said").
_ATTRIBUTION = re.compile(
    r"\b(?:according to|you said|you mentioned|you told me|as you said)\b|你说|你提到|按你说的", re.I
)
_CONDITION_ZH = re.compile(r"如果|的话|之后|\S以后|的时候|要是|只要|等你|等到|假如")
# "I scheduled nothing", "Booked: nothing yet": a negation right after an English claim verb.
_NEGATED_AFTER = re.compile(r"[\s:,]*(?:nothing|none|no\s+\w+|not\s+yet|anything\s+yet)\b", re.I)
_QUOTED = re.compile(r"[\"“”「」『』][^\"“”「」『』]{1,120}[\"“”「」『』]|(?<![A-Za-z])'[^'\n]{1,80}'(?![A-Za-z])")
_SENTENCES = re.compile(r"(?<=[.!?。！？\n])\s*")
_CLAUSES = re.compile(r"[,;:—–，；：()（）]|\s-\s")
_PERSON_SUBJECT = re.compile(r"你|您")


def _clause_bounds(sentence: str, start: int, end: int) -> tuple[int, int]:
    left = max((m.end() for m in _CLAUSES.finditer(sentence, 0, start)), default=0)
    right_match = _CLAUSES.search(sentence, end)
    right = right_match.start() if right_match else len(sentence)
    return left, right


def _counts(sentence: str, match: re.Match[str]) -> bool:
    """Is this match an affirmative statement, by the assistant, of something done?"""
    left, right = _clause_bounds(sentence, match.start(), match.end())
    clause = sentence[left:right]
    before_in_clause = sentence[left : match.start()]
    if _NEGATED.search(sentence[left : match.end()]) or _NEGATED_AFTER.match(sentence, match.end()):
        return False
    if _HYPOTHETICAL.search(clause) or (right == len(sentence) and sentence.rstrip().endswith(("?", "？"))):
        return False
    if _CONDITION_BEFORE.search(sentence[: match.start()]) or _CONDITION_ZH.search(clause):
        return False
    if _CONDITION_BEFORE.match(clause.lstrip()) or _ATTRIBUTION.search(sentence):
        return False
    # "你订好了机票" is the person's action; "帮你订好了" is the assistant's.
    return not _PERSON_SUBJECT.search(re.sub(r"为你|帮你|给你|为您|帮您|你的|您的", "", before_in_clause))


def _sentences(text: str) -> list[str]:
    return [sentence for sentence in _SENTENCES.split(_QUOTED.sub(" ", text)) if sentence.strip()]


def claimed_writes(text: str) -> set[str]:
    """The kinds of write a text claims as done (affirmative, not negated, not hypothetical)."""
    claims: set[str] = set()
    for sentence in _sentences(text):
        for kind, patterns in CLAIMS.items():
            if kind in claims:
                continue
            if any(_counts(sentence, match) for pattern in patterns for match in pattern.finditer(sentence)):
                claims.add(kind)
    return claims


def states_schedule_facts(text: str) -> bool:
    """Does the text state what is (or is not) on the person's calendar?"""
    return any(
        _counts(sentence, match) or _fact_despite_negation(sentence, match)
        for sentence in _sentences(text)
        for pattern in SCHEDULE_FACTS
        for match in pattern.finditer(sentence)
    )


def _fact_despite_negation(sentence: str, match: re.Match[str]) -> bool:
    """ "Nothing tomorrow" and "你明天没有会" are facts even though they are negative."""
    left, right = _clause_bounds(sentence, match.start(), match.end())
    clause = sentence[left:right]
    if _HYPOTHETICAL.search(clause) or sentence.rstrip().endswith(("?", "？")):
        return False
    if _CONDITION_BEFORE.search(sentence[: match.start()]) or _CONDITION_ZH.search(clause):
        return False
    return bool(re.search(r"\bnothing\b|\bno\s+\w+|don'?t have|do not have|没有|没空", match.group(0), re.I))
