"""Stage 5, exit: the invariant that no reply claims a write that did not persist in this turn.

A reply claiming a create, change, delete or remember is checked against this turn's effects,
re-read from the database; an unbacked claim is replaced by an honest answer and flagged
(``unverified_create_claim`` …). A reply stating schedule facts ("nothing tomorrow", "你明天有两个
会") with no query in this turn is flagged ``unverified_schedule_fact`` and replaced by the
answer of a real query.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from assistant.models import MemoryFact
from assistant.turn.context import Reply, TurnContext
from assistant.turn.tools import record_result, reply_for, tool_context
from scheduling.models import Event
from scheduling.phrases import extract_when
from tools.handlers.events import query_events
from tools.spec import Effect

_I = r"(?:i|i'?ve|i have|i've just|i just|i have just|we'?ve|we have)"
CLAIMS: dict[str, list[re.Pattern[str]]] = {
    "create": [
        re.compile(
            rf"\b{_I}\s+(?:now\s+|also\s+|successfully\s+)?(?:scheduled|booked|added|created|set up|put|arranged|penciled|pencilled|blocked|reserved|entered|saved)\b",
            re.I,
        ),
        re.compile(
            r"\b(?:has|have|'s|is|was|were)\s+(?:now\s+)?been\s+(?:scheduled|booked|added|created|set up|arranged|put)\b",
            re.I,
        ),
        re.compile(r"\b(?:is|are)\s+now\s+(?:on|in)\s+your\s+(?:calendar|schedule|agenda|diary)\b", re.I),
        re.compile(r"^\s*(?:done|all set|booked|scheduled|added|created)\s*[!.:,—-]", re.I),
        re.compile(r"\byou'?re\s+all\s+set\b|\bi'?ve\s+got\s+you\s+down\b", re.I),
        re.compile(
            r"(?:已经|已)(?:为你|帮你|给你|为您|帮您)?(?:安排|添加|创建|预约|加上|加入|设置|预订|订|约|登记|记录)(?:好|了|上|完成|成功)"
        ),
        re.compile(r"(?:安排|添加|创建|预约|约|订|加)好了"),
        re.compile(r"(?:已经|已)(?:为你|帮你)?(?:加|添加|放|写|记)(?:到|进|入)(?:你的|您的)?(?:日程|日历|安排)"),
        re.compile(r"(?:帮你|为你|给你)(?:安排|添加|创建|约)(?:了|好了)"),
    ],
    "change": [
        re.compile(
            rf"\b{_I}\s+(?:now\s+|also\s+|successfully\s+)?(?:moved|rescheduled|changed|updated|shifted|renamed|pushed|postponed|brought forward)\b",
            re.I,
        ),
        re.compile(
            r"\b(?:has|have|'s|is|was)\s+(?:now\s+)?been\s+(?:moved|rescheduled|changed|updated|shifted|renamed|pushed|postponed)\b",
            re.I,
        ),
        re.compile(r"(?:已经|已)(?:为你|帮你|给你)?(?:改|修改|调整|挪|移|更改|更新|换|推迟|提前)(?:到|成|为|好|了)"),
        re.compile(r"(?:改|调整|挪|换)好了"),
    ],
    "delete": [
        re.compile(
            rf"\b{_I}\s+(?:now\s+|also\s+|successfully\s+)?(?:deleted|removed|cancell?ed|cleared|dropped|taken)\b(?!\s+(?:the\s+)?(?:request|draft))",
            re.I,
        ),
        re.compile(
            r"\b(?:has|have|'s|is|was|were)\s+(?:now\s+)?been\s+(?:deleted|removed|cancell?ed|cleared|taken off)\b",
            re.I,
        ),
        re.compile(r"\b(?:is|are)\s+(?:now\s+)?(?:gone|off your calendar)\b", re.I),
        re.compile(r"(?:已经|已)(?:为你|帮你|给你)?(?:删除|删掉|删了|移除|清除)"),
        re.compile(r"(?:已经|已)(?:为你|帮你)?取消(?:了)?(?:你的|您的)?(?:会|会议|安排|预约|日程)"),
        re.compile(r"删(?:掉|除)?好了|帮你删(?:掉|除)?了"),
    ],
    "remember": [
        re.compile(
            r"\b(?:i'?ll|i will|i'?ve|i have|i)\s+(?:now\s+)?(?:remember(?:ed)?|noted|note|saved|memorized|made a note|stored)\b",
            re.I,
        ),
        re.compile(
            r"\b(?:saved|stored)\s+(?:it\s+|that\s+)?(?:to|in)\s+(?:my\s+|your\s+)?memory\b|^\s*noted\s*[!.]", re.I
        ),
        re.compile(r"记住了|已记下|记下了|我会记住|已经记住|已保存到记忆|已存下|帮你记(?:下|住)了"),
    ],
}
_NEGATED = re.compile(
    r"\b(?:not|n't|never|no|nothing|haven'?t|hasn'?t|didn'?t|won'?t|can'?t|cannot|couldn'?t|yet to|unable|without)\b"
    r"|没有|没|未|不会|不能|无法|还没|尚未|别",
    re.I,
)
_HYPOTHETICAL = re.compile(
    r"\?|？|吗|\b(?:if|once|when you|after you|as soon as|would you|do you want|shall i|should i|want me to|can i|could i|"
    r"may i|let me know|i can|i could|i would|i'd)\b|如果|要不要|需要我|要我|我可以|可以帮|是否|等你|告诉我",
    re.I,
)
_SENTENCES = re.compile(r"(?<=[.!?。！？\n])\s*")

SCHEDULE_FACTS = [
    re.compile(
        r"\byou(?:'ve got| have got| have|'re| are)\s+(?:no|nothing|only|just)?\s*(?:\d+|one|two|three|four|five|a few|several|some|an?|many|lots of|plenty of)?\s*"
        r"(?:other\s+)?(?:meetings?|events?|appointments?|things|plans|calls?)\b(?:\s+(?:on|at|in|scheduled|planned|booked|today|tomorrow|this|next))",
        re.I,
    ),
    re.compile(
        r"\byou(?:'re| are)\s+(?:completely\s+|totally\s+)?(?:free|busy|booked|available|clear)\s+(?:on|at|all|this|next|today|tomorrow|in|from|between)\b",
        re.I,
    ),
    re.compile(
        r"\byour\s+(?:calendar|schedule|day|morning|afternoon|evening|week|weekend|agenda)\s+(?:is|looks)\s+(?:completely\s+|totally\s+|pretty\s+|quite\s+)?(?:clear|free|empty|busy|packed|full|open|light)\b",
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
    re.compile(r"(?:日程|安排|日历)(?:是)?(?:空的|很满|满了|排满|挺满)"),
    re.compile(r"你(?:今天|明天|后天|这周|下周|周末|星期.|周.)?(?:.{0,4})?(?:都)?(?:有空|没空|空闲|很忙)"),
]

REPLACEMENTS = {
    "create": ("To be clear: nothing has been added to your calendar yet.", "说明一下：还没有添加任何安排。"),
    "change": ("To be clear: nothing on your calendar has been changed.", "说明一下：日程没有任何改动。"),
    "delete": ("To be clear: nothing has been deleted from your calendar.", "说明一下：没有删除任何安排。"),
    "remember": (
        'To be clear: I haven\'t saved that to memory. Say "remember that …" and I will.',
        "说明一下：这条还没有保存到记忆里。说“记住……”我就会保存。",
    ),
}


def claimed_writes(text: str) -> set[str]:
    """The kinds of write a text claims as done (affirmative, not negated, not hypothetical)."""
    claims: set[str] = set()
    for sentence in _SENTENCES.split(text):
        if not sentence.strip() or _HYPOTHETICAL.search(sentence):
            continue
        for kind, patterns in CLAIMS.items():
            for pattern in patterns:
                match = pattern.search(sentence)
                if match and not _NEGATED.search(sentence[: match.end() + 12]):
                    claims.add(kind)
                    break
    return claims


def states_schedule_facts(text: str) -> bool:
    for sentence in _SENTENCES.split(text):
        if not sentence.strip() or re.search(r"\?|？|吗|\b(?:if|would|could|can i|shall)\b", sentence, re.I):
            continue
        if any(pattern.search(sentence) for pattern in SCHEDULE_FACTS):
            return True
    return False


def verified_kinds(effects: Iterable[Effect]) -> set[str]:
    """The kinds of write this turn made that the database confirms now."""
    kinds: set[str] = set()
    for effect in effects:
        if effect.model == "event":
            exists = Event.objects.filter(id=int(effect.object_id)).exists()
            if (effect.kind == "delete") != exists:
                kinds.add(effect.kind)
        elif effect.model == "memory" and MemoryFact.objects.filter(id=int(effect.object_id)).exists():
            kinds.add(effect.kind)
    return kinds


def enforce_exit_invariant(context: TurnContext, reply: Reply) -> Reply:
    verified = verified_kinds(context.effects)
    unbacked = sorted(claimed_writes(reply.text) - verified)
    if unbacked:
        zh = context.language == "zh"
        for kind in unbacked:
            context.flags.append(f"unverified_{kind}_claim")
        honest = " ".join(REPLACEMENTS[kind][1 if zh else 0] for kind in unbacked)
        return Reply(honest, flags=reply.flags)
    if not context.queried and not context.effects and states_schedule_facts(reply.text):
        context.flags.append("unverified_schedule_fact")
        return _answer_from_query(context, reply.text)
    return reply


def _answer_from_query(context: TurnContext, claimed: str) -> Reply:
    """Replace an unverified statement about the calendar with what a real query says."""
    when = extract_when(context.text, today=context.today) or extract_when(claimed, today=context.today)
    start = when.date if when and when.date else "D+0"
    arguments = {"start": start, "end": None}
    result = query_events(tool_context(context), arguments)
    record_result(context, "query_events", result, arguments)
    return reply_for(context, "query_events", result)
