"""Reading a reply for facts about the person's calendar ("Nothing on the books this week",
"你明天没有任何安排"), which only a query in the same turn can back.

A fact is a time (today, Friday, this week, 明天, 周五 …) with a state of the calendar (free,
busy, clear, nothing, two meetings, 有空, 没有安排 …), in either order, said as a statement.
"""

from __future__ import annotations

from assistant.reading.calendar_dates import MONTH_NAME as _MONTHS
from assistant.turn.claim_frames import frames
from assistant.turn.claim_words import EN_DAYS as _DAYS
from assistant.turn.claims import _counts, _matches, _sentences

_WHEN = (
    rf"(?:today|tomorrow|tonight|this\s+(?:morning|afternoon|evening|week|weekend|month|{_DAYS})|"
    rf"next\s+(?:week|weekend|month|{_DAYS})|(?:on\s+)?{_DAYS}(?:\s+(?:morning|afternoon|evening))?|the\s+weekend|"
    rf"all\s+(?:day|week)|the\s+rest\s+of\s+(?:the|your)\s+(?:day|week)|the\s+\d{{1,2}}(?:st|nd|rd|th)|"
    rf"{_MONTHS}\s+\d{{1,2}}|\d{{1,2}}\s+{_MONTHS})"
)
_STATE = (
    r"(?:completely\s+|totally\s+|pretty\s+|quite\s+|wide\s+|still\s+|fairly\s+|super\s+|very\s+|really\s+)?"
    r"(?:clear|free|empty|busy|packed|full|open|light|quiet|wide\s+open|jammed|slammed|swamped|manageable|clean|"
    r"booked\s+(?:up|solid)|fully\s+booked|available|blank)"
)
_THINGS = r"(?:meetings?|events?|appointments?|plans|calls?|bookings?|commitments|things|anything|stuff)"
_COUNT = r"(?:no|nothing|only|just|\d+|one|two|three|four|five|a\s+few|several|some|an?|many|lots\s+of|plenty\s+of)"
_ZH_WHEN = (
    r"(?:今天|明天|后天|大后天|今晚|明晚|今早|明早|这周|本周|下周|这个?周末|下个?周末|周末|周[一二三四五六日天]|"
    r"星期[一二三四五六日天]|礼拜[一二三四五六日天]|这个月|下个月|\d{1,2}月\d{1,2}[日号]|\d{1,2}[日号])"
)
_ZH_THINGS = r"(?:安排|会议|会|约会|预约|日程|事情|事|活动|计划|行程)"

FACTS = frames(None, (
    ("neg", rf"\byou(?:'ve\s+got|\s+have\s+got|\s+have|\s+got|'re|\s+are)\s+{_COUNT}?\s*(?:other\s+)?{_THINGS}\b\s+"
     rf"(?:on|at|scheduled|planned|booked|{_WHEN})"),
    ("neg", rf"\byou(?:'ve\s+got|\s+have\s+got|\s+have|\s+got)\s+(?:a|an|one|two|three|\d+|only|just|nothing|no)\s+"
     rf"[\w' -]{{0,40}}?(?:at\s+\d|{_WHEN})"),
    ("", rf"\byou(?:'re|\s+are)\s+{_STATE}\b[^.!?]{{0,40}}?(?:\b{_WHEN}|\bat\s+\d|\bfrom\s+\d|\bbetween\b)"),
    ("", rf"\byou(?:'re|\s+are)\s+{_STATE}\s+(?:on|at|all|this|next|today|tomorrow|from|between)\b"),
    ("", rf"\b(?:your|the)\s+(?:calendar|schedule|day|morning|afternoon|evening|week|weekend|agenda|diary|{_DAYS})"
     rf"(?:'s|\s+is|\s+looks|\s+seems|\s+appears)\s+{_STATE}\b"),
    ("", rf"\b{_WHEN}(?:'s|\s+is|\s+looks|\s+seems|\s+appears)\s+(?:to\s+be\s+)?{_STATE}\b"),
    ("neg", rf"\b(?:there(?:'s|\s+is|\s+are)\s+)?(?:nothing|no\s+{_THINGS})\s+(?:is\s+|at\s+all\s+)?(?:on|scheduled|planned|"
     rf"booked|in)\s+(?:for\s+|on\s+)?(?:{_WHEN}|the\s+books|your\s+(?:calendar|schedule|books|diary|agenda))"),
    ("start neg", rf"(?:nothing|no\s+{_THINGS})\s+(?:planned\s+|scheduled\s+|booked\s+|at\s+all\s+)?(?:on\s+|for\s+)?{_WHEN}\b"),
    ("neg", rf"\byou\s+(?:don'?t|do\s+not)\s+have\s+(?:anything|any\s+{_THINGS}|a\s+thing)\b"),
    ("neg", rf"\b{_WHEN}\s*,?\s+you(?:'ve\s+got|\s+have\s+got|\s+have|'re|\s+are|\s+got)\s+"),
    ("start neg", rf"{_WHEN}\s*[:—]\s*(?:nothing|free|clear|empty|no\s+\w+|just|only|one|two|\d)"),
    ("", rf"\bthere(?:'s|\s+is|\s+are)\s+(?:a|an|one|two|three|\d+|only|just)\s+[\w' -]{{1,40}}?\s+(?:at\s+\d|{_WHEN})"),
    ("", rf"\b(?:only|just)\s+(?:the|one|a|your|two|\d+)\s+[\w' -]{{1,30}}?\s+(?:on\s+|for\s+)?{_WHEN}"),
    ("", r"\b(?:free|busy|clear|open)\s+all\s+(?:day|morning|afternoon|evening|week)\b"),
    ("", rf"\b(?:the|your)\s+[\w' -]{{1,40}}?\s+is\s+(?:on|at)\s+(?:{_DAYS}|\d|tomorrow|today|tonight|noon)"),
    ("", r"\b(?:the|your)\s+[\w' -]{1,40}?\s+is\s+on\s+your\s+(?:calendar|schedule)\b"),
    # 中文
    ("neg", rf"你(?:{_ZH_WHEN})?[^,.!?;。]{{0,6}}?(?:有|没有|没|只有)[^,.!?;。]{{0,6}}?{_ZH_THINGS}"),
    ("neg", rf"{_ZH_WHEN}[^,.!?;。]{{0,8}}?(?:没有|没|无|有|只有)(?:任何|什么|别的|其他|\d+|[一两二三四五六七八九十几]+)?"
     rf"(?:个|场|件|项)?{_ZH_THINGS}"),
    ("neg", rf"{_ZH_WHEN}[^,.!?;。]{{0,6}}?(?:都|全|整天|一整天)?(?:有空|没空|空闲|很忙|挺忙|挺闲|很闲|是空的|空着|排满了|满了|没事|闲着|空)"),
    ("", rf"{_ZH_WHEN}[^,.!?;。]{{0,8}}?有(?:个|一个|\d+个|两个|几个)"),
    ("neg", rf"{_ZH_WHEN}[^,.!?;。]{{0,8}}?(?:什么|任何|一个|半个)?{_ZH_THINGS}(?:都|也)(?:没有|没|无)"),
    ("", rf"{_ZH_WHEN}[^,.!?;。]{{0,8}}?(?:就|只|仅)有?[一两二三四五六七八九十几\d]+(?:个|场|件)"),
    ("", r"(?:日程|安排|日历|行程)(?:表)?(?:是)?(?:空的|很满|满了|排满|挺满|空空的|一片空白|空着)"),
    ("neg", r"你(?:今天|明天|后天|这周|下周|周末|星期.|周.)?[^,.!?;。]{0,4}?(?:都)?(?:有空|没空|空闲|很忙)"),
))  # fmt: skip


def states_schedule_facts(text: str) -> bool:
    """Does the text state what is (or is not) on the person's calendar?"""
    return any(
        _counts(sentence, match, frame, person_guard=False)
        for sentence in _sentences(text)
        for frame in FACTS
        for match in _matches(sentence, frame)
    )
