"""Phrase tables: for each kind of request, what it looks like in English and in Chinese.

The tables say only *what a phrasing means*; the order in which they are consulted (which one
wins when two match) lives in ``intents.py``. A new phrasing is a new line here, not a new branch.
This module holds the calendar's phrases; those about the conversation itself live in
``talk_phrases.py`` and are re-exported here, so callers read one namespace (``lx.QUERY``, ``lx.GREETING``).
"""

from __future__ import annotations

import re

from assistant.providers.offline.talk_phrases import *  # noqa: F403  (one namespace: lx.QUERY, lx.GREETING)
from assistant.reading.vocabulary import COURTESY_EN, table
from assistant.reading.vocabulary import INSIST as INSIST
from assistant.reading.vocabulary import Table as Table

DELETE = table(
    en=(
        r"\b(?:delete|remove|cancel|drop(?!\s+(?:off|by)\b)|erase|scrap|clear|get\s+rid\s+of|scratch(?=\s+(?:my|the|our|this|that)\s+(?!thought\b)\w)|skip(?!\s+(?:it|that|this|to|ahead|over)\b)|(?:(?:got|was|is|been|has\s+been)\s+)?call(?:ed|s|ing)?\s+off|take(?=\s+(?:[\w']+\s+){1,4}?off\s+(?:my|the)\s+(?:calendar|schedule|diary)\b)|off\s+(?:my|the)\s+(?:calendar|schedule|diary)|take\s+off(?=\s.{0,40}\bfrom\s+(?:my|the)\s+(?:calendar|schedule|diary)\b)|take(?=\s+(?:it|that|this|them|(?:(?:my|the)\s+)?(?!(?:a|an|some|day|days|morning|afternoon|evening|night|week|weekend|time|today|tomorrow|tmrw|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?)\b)[\w']+(?:\s+[\w']+){0,3}?)\s+off\b(?!\s+(?:work|school)\b))|discontinue|stop(?!\s+(?:by|at|in|off|over|for)\b))\b",
        r"\b(?:delet|remov|cancel)\w*\b.{0,40}\b(?:just\s+)?(?:do\s+it|go\s+ahead|proceed)\b",
        # Not going, and nothing else said ("ugh scratch that i cant make it"): a cancel, never a move.
        r"^(?:\W*(?:ugh|oh|sorry|oops|hmm|ok|so|actually)\b)*(?:\W*(?:scratch\s+that|(?:i\s+)?(?:can'?t|cannot|won'?t\s+be\s+able\s+to)"
        r"\s+make\s+it(?:\s+after\s+all|\s+any\s*more)?))+\W*$",
    ),
    zh=(r"删掉|删除|删了|删|去掉|移除|取消掉?|撤掉|不(?:去|开|看|上|办|玩|聚)了|(?<=[\u4e00-\u9fff])(?<![先就都也我还可])不要了(?=$|[\s，,。！!])|(?:cancel|delete|remove)(?=\s?[掉了吧])", r"^(?:我)?(?:不要|不用|不想|别)再?.{1,20}了$"),
)

CHANGE = table(
    en=(
        r"\b(?:call|name|title)\s+it\b",
        # News of one's own event's new moment: "yoga is now at 4", "dinner is at 8 now" (hearsay, "… moved to …", is not).
        r"\b(?:make|(?:can|could|shall)\s+(?:we|i)\s+do)\s+(?=(?:\S+\s+){1,6}?instead\b)|\b(?:is|are|'s)\s+(?:now\s+(?:at\b|on\b|(?=\d))|at\s+[\w:.]+\s+now\b)|\bshould\s+be\s+(?:at\s+|on\s+)?(?:[\w:.]+\s+not\s+\w|\d)|\bneeds?\s+(?:to\s+be\s+(?:moved|changed|pushed|rescheduled|(?:at\s+|on\s+)?(?=\d))|moving|changing|pushing|rescheduling)",
        r"\b(?:move|push|bump|shove|(?<!night\s)(?<!late\s)(?<!early\s)(?<!my\s)(?<!a\s)(?<!the\s)shift(?!\s+(?:at|on|from|till|until|tomorrow|today|tonight|this|next|\d|(?:mon|tues|wednes|thurs|fri|satur|sun)))|reschedule|postpone|delay|bring(?=\s+(?:\S+\s+){0,5}?forward)|rename|change|switch|"
        r"make\s+(?:it|that|this)|(?:make|have)(?=\s+(?:[\w']+\s+){1,4}?(?:start|begin)\s+(?:at|from)\b)|set\s+(?:it|that)|(?:update|edit|fix)(?:\s+(?:it|that|this|(?:my|the)\s+(?:calendar|schedule|diary|cal))|(?=\s*(?:pls|please|plz|thx|thanks)?\W*$))|put\s+(?:it|that)(?!\s+(?:we|i|you|he|she|they|there|in|down|into)\b)|extend|shorten|retitle)\b",
    ),
    zh=(r"改名|重命名|(?<!批)改(?!天|日子|期)(?:到|成|为|在|一下|个)?|(?<!应)该[到成](?=.{0,8}[点号周])|(?:挪|移|换|调)(?:到|成|为|在|一下|个时间)|调整|推迟|延后|[推挪]后|往[后前][推挪移提]|[推挪]一[推挪]|提前|推到|延长|缩短|(?:时长|时间|长度)\s?设(?:置)?[成为]|(?:push|move|delay|postpone)\s?(?:到|一下|成)",),
)
# Which occurrences of a repeating event: the answer to "only this one, the following ones, or all?".
SCOPES = {
    "following": table(
        en=(
            r"\b(?:and|&|plus)\s+(?:all\s+)?(?:the\s+)?(?:following|future|later)(?:\s+ones)?\b|\bfrom\s+(?:then|now)\s+on\b"
            r"|\bonwards?\b",
        ),
        zh=(r"(?:及|和|以及)(?:以后|之后|往后)|(?:以后|之后)(?:的)?(?:都|全部|所有)|^(?:以后|今后)(?:都)?(?:不用|不要|不再|别)",),
    ),
    "all": table(
        en=(
            r"\ball\s+of\s+them\b|\ball\s+(?:(?:of\s+)?(?:my|the)\s+)?(?=(?:\w+\s+){0,2}\w+s\b)|\b(?:them|those)\s+all\b|\b(?:all|every)\s+(?:the\s+)?(?:occurrences|ones|times)\b"
            r"|\bthe\s+whole\s+(?:series|thing)\b|^all$|\b(?:completely|entirely|altogether|for\s+good)\b",
        ),
        zh=(r"全部|所有|整个系列|每一次|都改|都删",),
    ),
    "this": table(
        en=(r"\b(?:just|only)\s+(?:that|this|the\s+one|once)\b|\b(?:this|that)\s+(?:one|time)\s+only\b|^(?:this|that)\s+one$",),
        zh=(r"(?:只|仅)(?:改|删|取消)?(?:这|那)一?(?:次|个)|这一次|仅此一次|^这次$",),
    ),
}


# A repeat said of the event itself ("my weekly standup", 每周一的例会): the whole series is meant. Said in a
# request no rule can hold ("every morning except fridays"), the answer asks what repeats.
SERIES = re.compile(
    r"\b(?:every|each)\s+(?:week|day|month|year|morning|evening|weekday|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b"
    r"|\b(?:daily|weekly|monthly|yearly)\b|每(?:周|个?星期|个?礼拜|天|日|个?月|年|个?工作日|早|晚)",
    re.IGNORECASE,
)
# A weekday by its place in the month ("the last friday of every month", 每月第一个周一): a rule the tools cannot
# hold, so it is said plainly, never written as the month's first day.
MONTH_WEEKDAY = table(
    en=(r"\b(?:first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekday)s?\s+(?:of|in)\s+(?:every|each|the)\s+month\b",),
    zh=(r"(?:每个?月|月)的?(?:第[一二三四1-4]个?|最后一个?|倒数第一个?)(?:周|星期|礼拜)[一二三四五六日天1-7]",),
)
# Words that make a delete about some occurrences, not one or all ("over the holidays", "but keep monday's",
# "and the week after", "放假期间"): which ones is asked.
SOME_OF_THEM = re.compile(
    r"\b(?:over|during|until|till|through|except|but|keep|and|after|holidays?|vacation|starting)\b|期间|那周|放假|除了|保留|假期|和|以及",
    re.IGNORECASE,
)
# A weekday picked out as one date ("this monday's", "on friday", "这周四"), not the series' day ("my thursday yoga").
ONE_DAY = re.compile(r"\b(?:this|next|on|coming)\b|(?:这|本|下)个?(?:周|星期|礼拜)", re.IGNORECASE)


def scope_of(text: str) -> str | None:
    """ "just that one", "and the following ones", "all of them", "只改这一次": which occurrences."""
    return next((scope for scope, words in SCOPES.items() if text in words), None)


# Where the new value begins: after "to", "start at", "until" ("make my 3pm start at 3:30", "my 1pm workshop run until 4pm"),
# 改到: the day said before it is the event's ("move my haircut from saturday to sunday at 2", "把周五的牙医改到下周二"),
# what follows it is new.
DESTINATION = re.compile(r"\s+(?:to(?!\s+(?:shift|move|push|pull|reschedule|change|bump|postpone|delay|switch|swap)\b)|(?:start|begin)s?\s+at|(?:should|needs?\s+to)\s+be(?:\s+at)?|until|till?)\s+(?P<new>\S.*?)(?:,?\s+not\s+[\w:.]+(?:\s*[ap]\.?m\.?)?)?$|(?:(?:改|挪|推|换|调|移)(?:到|成|为)|(?<![点半刻分0-9])到)(?P<new_zh>.+)$", re.IGNORECASE)
# An event named as one already there: the moment it starts said of it ("下午四点的会"), or "before my/the …".
DEFINITE = re.compile(r"(?:[点分半刻]|\d)的|\bbefore\s+(?:my|the|our)\b", re.IGNORECASE)
# "It" / "that one": the thing in focus, resolved by the server.
POINTER = re.compile(r"\b(?:it|that(?:\s+one)?|this(?:\s+one)?|them|(?:each|every)\s+(?:time|one))\b|它|那个|这个|到时候?|每次", re.IGNORECASE)
RENAME = table(
    en=(
        r"\b(?:(?:rename|change\s+the\s+(?:title|name)\s+of|(?:change|fix)(?=.*\b(?:spel+(?:ed|t|ing)?|misspel+\w*|typo)\b))\s+(?P<which>(?:[\w']+\s+){1,5}?)(?:to|as)|rename\s+(?:it|that|this)?\s*(?:to|as)?|(?:call|name)\s+(?P<which_one>the\s+(?:other|first|second|last|earlier|later)(?:\s+one)?)|call\s+it|name\s+it|title\s+it|change\s+the\s+(?:title|name)\s+to|"
        r"retitle\s+(?:it\s+)?(?:to|as)?|(?:the\s+)?(?:event|title|name)\s+(?:is|should\s+be|will\s+be)(?:\s+called)?|"
        r"it(?:'?s|\s+is)\s+(?:called|named)|\b(?:event|meeting|appointment|entry)\b[^,.]{0,20}?\s(?:called(?!\s+(?:off|in|out|back|up)\b)|named|titled)|"
        r"(?<=[.?!]\s)it'?s\s+an?)\s+[\"'“]?(?P<title>[^\"'”,]+?)[\"'”]?(?:,.*)?[\s.!]*$",  # "…, and it's at 12 Oak Ave": not the name
    ),
    zh=(
        r"(?:(?:^|(?<=[\s，,]))叫(?!我|醒|车)|改(?:一?下|个)?名(?:字|称)?[，,\s]*(?:改?(?:为|叫|成))?|改成(?=[^，,\s]+[\s，,]+(?:名字|名称)?(?:写|打)错)|(?:名字|名称)?(?:写|打)错了?[，,\s]*改成|重命名为|(?:名字|名称|标题)(?:改一?下[，,\s]*)?改(?:成|为)|叫它|叫做|就叫|名字叫)\s*[「“\"]?(?P<title>[^」”\"\s，,]+?)[」”\"]?(?:吧|。|！)*(?:[\s，,].*)?$",  # "叫圣诞派对 在人民路88号"
    ),
)

PAST = table(
    en=(
        r"\b(?:had|went|met|was|were|did|attended|finished|visited|saw|called|took|ate|spent|got\s+back|came\s+back|"
        r"got\s+home|skipped|missed)\b",
        r"\b(?:yesterday|last\s+(?:night|week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|ago)\b",
    ),
    zh=(
        r"(?:昨天|前天|上周|上星期|上礼拜|上个月|去年|刚才|刚刚|之前|那天).{0,12}(?<!不)(?<!不了)(?:了|过)|^(?:我)?(?:小时候|上学(?:的)?时候|读书(?:的)?时候)",
        r"^(?:我|我们)?(?:今天|今早|今天上午|今天早上|上午|早上|已经|刚)?.{0,6}(?<![不别])(?:去|开|见|吃|参加|看|做|打|跑)了",  # "羽毛球不去了" is a cancel, not a report
    ),
)
# A remark about being busy or free, or putting something off: information, not a request.
AVAILABILITY = table(
    en=(
        r"\b(?:i'?m|i\s+am|i'?ll\s+be|i\s+will\s+be|we'?re|we\s+are|i'?m\s+going\s+to\s+be)\s+(?:really\s+|pretty\s+|quite\s+|very\s+)?"
        r"(?:busy|free|away|out|off|sick|ill|travell?ing|on\s+(?:holiday|vacation|leave)|not\s+(?:available|around|free)|unavailable|available|around)\b",
        r"^(?:let'?s\s+)?(?:talk|think\s+about\s+it|decide)\s+(?:about\s+it\s+)?(?:later|tomorrow)\b",
    ),
    zh=(
        r"(?:我|我们)?(?:今天|明天|后天|周.|星期.|这周|下周|那天)?(?:都|也|可能|应该)?(?<!要)(?<!会)(?<!打算)(?<!准备)(?:没空|有空|不在|出差|请假|休息|很忙|挺忙|比较忙|不方便|方便)",
        r"再说吧?$|以后再说|回头再说|再想想",
    ),
)
# A verb that asks for something to be done: such a sentence is a request, whatever else it says.
ACTION = table(
    en=(
        r"\b(?:move|cancel|delete|remove|book|schedule|add|put|stick|change|update|reschedule|push|set\s+up|arrange|create|remind|block)\b",
    ),
    zh=(r"改|删|取消|安排|约|订|预约|(?<![参增更追])加(?!班)|提醒|帮我|挪|推迟|提前|记(?:一下|下|上|着|到|进|在)|建(?:个|一个)|设(?:成|为|置|个)|放(?:进|到|在)",),
)
# Words that make a sentence a request or a plan, so it is never read as a report about the past.
REQUEST = table(
    en=(
        r"^(?:please\s+|pls\s+|can\s+you|could\s+you|would\s+you|will\s+you|let'?s|i\s+(?:want|need|would\s+like)|"
        r"i'?d\s+like|help\s+me|go\s+ahead)",
        r"(?:^|[,.;!]\s*)(?:(?:please|ok(?:ay)?|and|also|so)[\s,]+)?(?:cancel|delete|remove|move|change|reschedule|push|rename|drop|clear|take)\b",
        r"\b(?:just\s+)?do\s+it\b|\bgo\s+ahead\b|\bi\s+need\s+to\b|\bneed\s+to\b",
        r"\b(?:schedule|book|put|add|set\s+up|arrange|create|remind\s+me|pencil|block|reserve)\b",
    ),
    zh=(
        r"帮我|给我|请|麻烦|把|吧$|要不|能不能|可以|安排|预约|记得|提醒|别忘|明天|后天|(?<!上)下周|"
        r"(?<![上下每])周[一二三四五六日天]",
    ),
)

SUGGEST = table(
    en=(
        r"\bwhen\s+(?:am\s+i|are\s+we|is\s+there|could\s+i|can\s+i|do\s+i\s+have|would\s+i\s+be)\s+(?:\w+\s+)?(?:free|available|"
        r"open|time|not\s+busy)",
        r"\bfind\s+(?:me\s+|us\s+)?(?:a\s+|an\s+|some\s+)?(?:free\s+|good\s+)?(?:time|slot|gap|window|opening|spot|hour)",
        r"\bfind\s+(?:me\s+|us\s+)?(?:\d+|an?|half\s+an?)\s*(?:min|minutes?|hours?)",
        r"\b(?:free|open|available)\s+(?:slots?|times?|windows?|spots?)\b",
        r"\bwhat\s+times?\s+(?:am\s+i|are\s+we|is|are|would\s+be)\s+(?:free|available|open|good)",
        r"\bsuggest\s+(?:a\s+|some\s+)?(?:time|slot)",
        r"\bwhen\s+(?:should|could|can)\s+(?:i|we)\s+(?:meet|fit|squeeze|schedule|do|book|have)",
        r"\bany\s+(?:free\s+)?(?:time|slots?)\s+(?:for|to)\b",
        r"\bany\s+free\s+(?:time|slots?|hours?|windows?|mornings?|afternoons?|evenings?)\b",
        r"\bfind\b.{0,30}?\b(?:slot|window|gap|opening)s?\b",
        r"\bwhat\s+(?:evenings?|mornings?|afternoons?|days?|nights?|times?)\s+(?:am\s+i|are\s+we|is\s+it)\s+(?:free|available|open)",
        r"\b(?:do|would|will)\s+i\s+have\s+(?:an?|\d+|half\s+an?)\s+(?:free\s+)?(?:hours?|minutes?|mins?|slot)\b",
        r"\b(?:an?|\d+)\s+(?:hours?|minutes?|mins?)\s+free\b",
        r"\bwhen\s+(?:is|would\s+be)\s+(?:a\s+)?good\s+time\b",
        r"\bwhat(?:'s|\s+is)\s+(?:free|open|available)\b|\b(?:my\s+)?(?:free|available)\s+(?:time|slots?)\b|\bavailability\b",
        r"\b(?:free|available)\b.{0,30}\bfor\s+(?:an?|\d+|half\s+an?)\s*(?:hours?|minutes?|mins?)\b",  # free for a length
    ),
    zh=(
        r"什么时候(?:有空|有时间|空闲|方便|能|可以|合适)",
        r"(?:哪个|哪些|几点|哪段|什么|哪)(?:时间|时候|时段|天)?(?:有空|空闲|方便|有时间|合适)",
        r"(?:找|挑|空出)(?:一?个|一段|点|些)?(?:空|时间|空档|空闲|时段)",
        r"找(?:一?个|一段|点|些)?.{1,4}的(?:空|空档|空闲|时间|时段)",
        r"空档|空闲时间|空余时间|空闲时段",
        r"(?:挤出|抽出|腾出|匀出|空出)",
    ),
)

QUERY = table(
    en=(
        r"\bwhat(?:'s|\s+is|\s+are|s)?\s+(?:on|up|happening|planned|scheduled|going\s+on|in\s+my|coming\s+up|next)\b",
        r"\bwhat\s+(?:do|did|have|will)\s+i\s+(?:have|got|get)\b|\bwhat\s+am\s+i\s+doing\b",
        r"\b(?:what|how)(?:'?s|\s+does|\s+did|\s+will|\s+do|\s+is)?\s+(?:my\s+|the\s+)?(?:\w+\s+){0,2}look",
        r"\bhow(?:'s|\s+is|\s+was)\s+my\s+(?:day|week|schedule|calendar|morning|afternoon|evening|weekend|agenda)",
        r"\b(?:do|did|will|would|whether|if)\s+i\s+have\s+(?:anything|any|something|a|an|meetings?|plans?|events?|appointments?|to|time)\b",
        r"\b(?:am|are|is|was|were)\s+(?:i|we)\s+(?:free|busy|available|booked|clear)\b",
        r"\b(?:is|are)\s+there\s+(?:anything|any|something)\b",
        r"\bany(?:thing)?\s+(?:on|planned|scheduled|booked)\b",
        r"\b(?:show|list|tell|give|read|look\s+up|pull\s+up|check)\s+(?:me\s+)?(?:my|the|what|all|every(?:thing)?|any(?:thing)?)\b|^(?:show|list)\s+(?:me\s+)?(?=next|this|today|tomorrow)",
        r"\bwhat(?:'s|\s+is|\s+was|\s+are)\s+(?:my|the)\s+(?:schedule|calendar|agenda|day|plans?|week|morning|afternoon|"
        r"evening|next)",
        r"^my\s+(?:schedule|calendar|agenda)\b|^(?:schedule|calendar|agenda)\s+(?:for\s+)?[^?]{0,20}\?$",
        r"\b(?:check|look\s+at|see)\s+my\s+(?:schedule|calendar|agenda|day|week)\b",
        r"^(?:and\s+)?any\s+(?:meetings?|events?|appointments?|plans?|calls?)\b",
        r"\b(?:what|anything)\s+else\b(?!\s+(?:i\s+can|to\s+do))",
        r"\b(?:is|are)\s+(?:the|my|our)\s+.{1,40}\s+still\s+on\b",
        r"^(?:is|are)\s+(?:\w+\s+){0,3}(?:free|busy|open|clear|available)\s*\??$",
        r"\bhave\s+i\s+got\s+(?:anything|any|something)\b",
        r"\bhow\s+(?:busy|free|packed|full)\s+(?:am\s+i|are\s+we|is\s+my)\b",
        r"\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:free|busy|available)\b.*\?\s*$",
        r"\b(?:what\s+time|when)(?:'?s|\s+is|\s+are|\s+does|\s+do|\s+will)\s+(?:my|the|our)\s+(?:next\s+)?\w+",
        r"\b(?:coming\s+up|upcoming)\b|^(?:my\s+|the\s+)?next\s+(?:event|meeting|appointment|thing|call)s?\b",
        rf"^(?:{COURTESY_EN}[\s,]+)*(?:list|show)\s+(?:me\s+)?(?:my\s+|the\s+)?(?:(?:today|tomorrow|tonight)'?s\s+)?"
        r"(?:schedule|calendar|agenda|events?|appointments?|meetings?)\b",
        # A list asked for ("events for next week pls"), never a booking ("meeting on friday at 2pm", "schedule tomorrow 10am …").
        rf"^(?:{COURTESY_EN}[\s,]+)*(?:my\s+(?:events?|appointments?|meetings?|plans?|schedule)|events|appointments|meetings|plans)"
        r"\s+(?:for|on|this|next|today|tomorrow)\b",
        r"\b(?:see|know|check|find\s+out)\s+(?:what|if|whether|when)\b",  # "I'd like to see what's on …"
    ),
    zh=(
        r"有(?:什么|啥|哪些)(?:安排|事|事情|会|会议|计划|活动|约|日程|行程)?",
        r"有没有(?:安排|事|会|空|约|计划|活动)",
        r"什么安排|安排了(?:什么|啥|哪些)|的(?:安排|日程|行程)(?:是什么|有哪些|呢|吗)",
        r"(?:忙|有空|空|闲|有事|有会|有安排)(?:吗|么|嘛)",
        r"忙不忙|有没有空|有空没|空不空",
        r"(?:看看|看一下|查一下|查查|查看|告诉我|列出|看下)(?:我)?的?(?:.{0,6})(?:安排|日程|行程|日历|会)",
        r"(?:安排|日程|行程|日历)(?:给我|让我|帮我)?(?:看看|看一下|看下|列一下|列出来|发我|说一下)",
        r"几点|哪一?天|什么时候(?!有空|有时间|空闲|方便|合适)",
        r"有(?:别的|其他|其它)(?:事|安排|会|活动)?",
        r"(?:计划|安排|日程|行程)(?:是什么|有哪些|有什么|呢)|约了(?:谁|什么|哪些)|有(?:谁|哪些人)",
        r"现在(?:什么样|怎么样|有什么|有哪些)|怎么样了[?？]?$|还有(?:什么|别的|其他)(?:事|安排)?",
        r"^(?:我的?)?下一个(?:安排|会|会议|活动|日程)",
    ),
)

# "When is my next meeting?": a question about one event, not one day; it looks ahead.
QUERY_LOOKUP = re.compile(
    r"\b(?:what\s+time|when)(?:'?s|\s+is|\s+are|\s+does|\s+do|\s+will)\s+(?:my|the|our)\s+(?:next\s+)?\w+|下一个|下次|下一次"
    r"|\b(?:coming\s+up|upcoming|next\s+(?:event|meeting|appointment|thing|call))\b|最近|近期|接下来|这几天|是?(?:几点|几号|哪一?天|什么时候)",
    re.IGNORECASE,
)
LOOKUP_DAYS = 14
# "can you check saturday", "look at friday for me": a look at that day (with no time said).
CHECK_DAY = re.compile(
    r"(?:^|\b(?:can|could|would|will)\s+(?:you|u)\s+|\b(?:pls|please)\s+)(?:check|look\s+at)\s+(?:on\s+)?(?:this\s+|next\s+)?"
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tomorrow|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d+|the\s+\d+)\b"
    r"|(?:看看|查查|[看查]一?下)\s*(?=[今明后]天|大后天|[这下上]?个?(?:周|星期|礼拜)|\d|[一二三四五六七八九十]{1,3}[号日])",  # "你帮我看看后天"
    re.IGNORECASE,
)
# A request for the list itself, no day said ("latest events", "tell me about my events", "my work schedule"):
# the coming days.
QUERY_LISTING = re.compile(
    r"^(?:(?:please|pls|can\s+you|could\s+you|tell\s+me(?:\s+about)?|show(?:\s+me)?|list|give\s+me|read(?:\s+me)?|what\s+are"
    r"|what'?s|whats|what\s+is|all|my|the|latest|recent|upcoming|up\s*coming|next|current|work|any)\s+)+"
    r"(?:events|appointments|meetings|schedule|calendar|agenda|plans)(?:\s+(?:please|pls|coming\s+up))?\s*\??$"
    r"|^(?:帮我|请)?(?:(?:看看|看一下|查一下|查查|列出|显示|告诉我)(?:我的?|最近的?|近期的?|接下来的?|所有的?|全部的?)*"
    r"|(?:我的?|最近的?|近期的?|接下来的?|所有的?|全部的?)+)(?:日程表?|安排|行程|日历)(?:吧|呢|吗)?\s*[?？]?$|^(?:日程表?|行程|日历)[?？]?$",
    re.IGNORECASE,
)
# "when is my dentist?", "whens yoga", "牙医是哪天", "瑜伽几点": the one event asked about, by name.
QUERY_NAMED = re.compile(
    r"^(?:(?:and|so|uh+|um+|hmm+|oh|hey|ok(?:ay)?)[\s,]+)?(?:what\s+time|when)(?:'?s|\s+is|\s+are|\s+(?:does|do|will)(?=\s+(?:my|the|our)\b)|\s+(?:do|will|am|shall)\s+i\s+(?:next\s+)?(?:see|have|meet|go\s+to|get))?\s+"
    r"(?:(?:my|the|our)\s+)?(?:next\s+)?(?!(?:we|i|you|he|she|they|it|that|this|would|could|should|can|might|shall|is|was|were|are|did|does|do|will|has|had)\b)(?P<en>[a-z][\w' ]*?)"
    r"(?:\s+again|\s+next|\s+on|\s+scheduled|\s+(?:start|begin|end|finish)s?|\s+be)?\s*\??$"
    r"|^(?:我的?)?(?:下一?[个次])?(?P<zh>[\u4e00-\u9fffa-z ]{1,12}?)(?:是|在)?(?:几点|几号|哪一?天|什么时候|还?(?:在|照常)|没取消)(?:开始)?(?:的|来着)?[吗呢啊吧]?\s*\??$",
    re.IGNORECASE,
)
NAMED_LOOKUP_DAYS = 62  # the longest range a query takes
# "anything next week?": once the day is read, only "anything" is left.
ANYTHING = re.compile(
    r"^(?:and\s+|so\s+)?(?:anything|any\s+plans|something)(?:\s+(?:on|planned|happening|scheduled))?\s*\??$", re.I
)
# "anything after 4?", "anything before noon?": the day just looked at again, its hours not read.
ANYTHING_AROUND = re.compile(r"^(?:and\s+|so\s+)?(?:anything|something|any\s+plans)\s+(?:after|before|past|later|earlier|in\s+the\s+(?:morning|afternoon|evening))\b[^?]{0,20}\?\s*$", re.I)
# "帮我约个时间", "block some time": a request with nothing in it yet.
VAGUE = re.compile(r"^(?:(?:some|a|the)\s+)?time(?:\s+for\s+me)?$|^约?(?:一?个|点)?时间$", re.IGNORECASE)
# "下周找时间开个项目会": finding a time *for something* is a request to create it.
FIND_TIME_FOR = re.compile(r"找(?:个|一个|点)?(?:时间|空档|空闲|空(?![档闲]))(?P<activity>[\u4e00-\u9fff].*)$")
# Words of the calendar itself, of meetings, and "remind me": a question about the calendar, not a service's.
MEETINGS = re.compile(r"\b(?:meetings?|events?|plans)\b|会议?|约会", re.IGNORECASE)
REMIND_ME = re.compile(r"\bremind\s+me\b|提醒我", re.IGNORECASE)
CALENDAR_WORD = re.compile(r"\b(?:calendar|schedule|appointment|remind|diary|agenda)\b|日程|日历|提醒|安排|预约|[记排](?:一下|上|下来?)", re.IGNORECASE)
# A number alone ("2", "#2", "2 pls"): the answer to a numbered list, when one waits for a choice.
LIST_NUMBER = re.compile(r"\s*(?:(?:#|no\.?\s*|number\s+)?(?P<n>\d{1,2})|(?:the\s+)?(?P<nth>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th))"
                         r"\s*(?:pl(?:ea)?se?|pls|thanks|thx|吧|谢谢)?\s*[.!。！]?\s*", re.I)  # "the second" answering "which one?": no date
_NTH = ("first", "second", "third", "fourth", "fifth")


def list_position(text: str) -> int | None:
    """The position a bare answer to "which one?" says: "2", "#2", "the second", "2nd"."""
    said = LIST_NUMBER.fullmatch(text)
    if said is None:
        return None
    nth = (said["nth"] or "").lower()
    return int(said["n"] or nth[0]) if not nth or nth[0].isdigit() else _NTH.index(nth) + 1
# "actually 4:30", "1pm works better", "不对，改到周日": a correction to the event just made.
# "sorry i meant the dentist, cancel that one": the words after it name the one meant.
MEANT = re.compile(r"\bi\s+mean[t]?\b", re.IGNORECASE)
CORRECTION = re.compile(
    r"^(?:actually|no|nope|sorry|wait|hmm|oh|instead|rather|make\s+that)\b|\b(?:works\s+better|is\s+better|would\s+be\s+better|"
    r"instead)\b|\b(?:they|he|she)\s+(?:(?:would\s+)?(?:want|prefer)s?|(?:would|'d)\s+rather|can\s+only\s+do)\b|^(?:不对|其实|还是|改成|改到|换成|不是)|^(?:他|她|他们|对方|客户)(?:想要?|要|希望)(?=改?[在到]?(?:周|星期|礼拜|下|明|后|[0-9一二三四五六七八九十两]))",  # "actually they want thursday"
    re.IGNORECASE,
)
# "it only needs 30 minutes", "半小时就够了": a new length for the event just made.
LENGTH_CHANGE = re.compile(
    r"\b(?:only\s+)?(?:needs|takes|lasts|runs(?:\s+for)?|(?:should|will|'ll|going\s+to|gonna)\s+(?:probably\s+|likely\s+|prob\s+|only\s+)?(?:take|last|run|be)|(?:it'?s|is)\s+only|is\s+enough|are\s+enough|is\s+plenty|be\s+enough|(?:hours?|hrs?|minutes?|mins?|half)\s+long)\b"  # "make the workshop 2 hours long"
    r"|就够了|就行了?|就可以了?|只要|只需要?|足够了|(?:大概|大约|估计|差不多)?(?:需要|要|得)[吃开玩聊做弄搞]?(?=\s*[一二两三四五六七八九十半几0-9]+\s*个?\s*(?:小时|钟头|分钟))"
    r"|(?P<make>^\W*(?:(?:pls|please|can\s+(?:you|u)|could\s+(?:you|u))\s+)?(?:make|cut|trim|shorten)\s+(?:the|my|our)?\s*(?:[\w']+\s+){1,4}?(?:down\s+)?(?:to\s+)?(?=\S+\s*(?:hours?|hrs?|h|minutes?|mins?)\b))",  # "make the design review 90 mins", "cut planning down to 2 hours"
    re.IGNORECASE,
)
# The event just deleted, asked for again ("rebook it for friday", 重新约到周六上午十点).
# A request said once after several things, for every one of them ("… and thursday 3pm dentist, pls add both", "…还有后天… 都帮我记下来").
FOR_ALL = re.compile(r"[\s,.;，。—–-]*(?:(?:pls|please|can\s+(?:you|u)|could\s+(?:you|u))\s+)?(?:add|put|book|schedule|save|note|pop|stick)\s+(?:them\s+)?(?:both|all)(?:\s+of\s+them)?(?:\s+(?:in|down|on))?(?:\s+(?:pls|please|thx|thanks))?\W*$"
                     r"|[\s，,。]*(?:这)?(?:两个|两件事?|几个|几件事?|这些)?(?:都|全都|全部|一起)(?:帮我|给我)?(?:记|加|安排|放|写|排|添)[\u4e00-\u9fff]{0,5}[吧呗哈啊。!！]*$", re.IGNORECASE)
# What a thing might do, after its name ("the exam might move to monday", 期末考试可能提前到…): the name is before it.
MODAL = re.compile(r"\s+(?:might|may|could|will\s+probably|probably|is\s+(?:likely|going)\s+to)\b.*$|(?:可能|也许|或许|大概|应该|估计|说不定).*$", re.IGNORECASE)
AGAIN = re.compile(r"\b(?:re-?book|re-?add|again|back\s+in|put\s+it\s+back)\b|重新|再约|再订", re.IGNORECASE)
# Two events trading places ("swap the dentist and the haircut", 把周会和例会对调一下): each is moved on its own.
SWAP = table(en=(r"\b(?:swap|switch|trade)\b(?=.*\b(?:and|with)\b)",), zh=(r"对调|互换|调换",))
# A new end said, not a new start: "extend the workshop till 1pm", "延长到十二点".
EXTEND = re.compile(r"\b(?:extend|lengthen|(?:(?:run|go|last)(?:e?s)?|make\s+it)\s+(?:till|until|til)|ends?\s+at)\b|延长|延到|拖到|开到|(?:到|至)[^，,。\s]{0,8}?结束", re.IGNORECASE)  # a new end
# "What about Friday?" continues whatever came before: the open request, or else the last question
# (a question, unless something says "instead").
# "and one for tomorrow at 7am …", "oh and another one at 8am …": one more of what was just asked for.
SAME_FOR = re.compile(r"^\W*(?:(?:and|ok|also|oh|then)\W+)*(?:the\s+)?same(?:\s+thing)?\s+(?:for|on)\s+(?P<rest>\S.*)$", re.IGNORECASE)  # "same for thursday"
ALSO_TO = re.compile(r"^\W*(?:(?:oh|ok|and|so|plus)\W+)*also\b(?=.*\bto\s+[a-z])", re.IGNORECASE)  # after a reminder: "also sat at 10pm to pack"
ANOTHER_ONE = re.compile(r"^\W*(?:(?:and|also|oh|ok|plus)\W+)*(?:another(?:\s+one)?|one\s+more|one)\b(?:\s+for\b)?", re.IGNORECASE)
UNSURE_VERB = re.compile(rf"\W*(?:{COURTESY_EN}\W+)*ad\s", re.IGNORECASE)  # a request verb mistyped as a word of its own
AND_ALONE = re.compile(r"\W*(?:and|also|还有|那)\W*", re.IGNORECASE)  # "and saturday" after a look at friday
WHAT_ABOUT = re.compile(rf"(?:^|[.!;]\s+)(?:{COURTESY_EN}[\s,]+)*(?:how|what)\s+about\b|^那?(?:.{{0,8}})呢[?？]?$", re.IGNORECASE)

# What is left of a query once its day is read: "my schedule", "的安排呢".
QUERY_RESIDUE = re.compile(
    r"^(?:(?:(?:no|ok(?:ay)?|actually|and|then|so|wait|sorry|hmm)[\s,]+)*(?:(?:can|could)\s+you\s+)?"
    r"(?:show|tell|give|list|read|check)(?:\s+me)?\s*|看看|看一下|看下|查查|查一下)?(?:我)?(?:my|the|的)?\s*"
    r"(?:安排|日程|行程|日历|schedule|calendar|agenda|plans?|events|appointments|meetings)?"
    r"(?:\s*(?:呢|是什么|有哪些|如何|怎么样|please|for|on|instead))?\s*[?？]?$",
    re.IGNORECASE,
)

CREATE = table(
    en=(
        rf"^(?:(?:{COURTESY_EN}|actually|just|(?:can|could|would|will)\s+(?:you|u|we)|(?:i\s+)?(?:want|need|would\s+like)\s+to|(?:i\s+)?wanna|"
        r"i'?d\s+like\s+to|let'?s|help\s+me|go\s+ahead\s+and)[\s,.!]+)*(?:schedule|(?:re-?)?book(?!\s+(?:club|fair|signing|launch|reading|sale)\b)|put|add|set\s+up|setup|arrange|create|"
        r"set(?!\s+(?:it|that|this|the\s+time|the\s+date|up)\b)|mark\s+(?:my\s+|the\s+)?calendar|"
        r"make(?!\s+(?:[\w']+\s+){1,4}?(?:start|begin)\s+(?:at|from)\b)(?!\s+(?:\S+\s+){1,6}?instead\b)|plan|pencil|block(?:\s+out|\s+off)?|reserve|hold(?!\s+(?:on|up|off|tight|still)\b)|grab(?=\s+(?:the|that)\s+(?:first|second|third|last|\d|one|slot|spot)\b)|organi[sz]e|remind\s+me|enter|save|note\s+down|get\s+me|see(?=\s+(?:the|my|a|an|dr\.?|doctor)\s))\b"
        r"|\b(?:stick|pop|put)\s+(?:it|that|this)\s+(?:in|on)\b|^(?:a\s+)?new\s+(?:event|appointment|appt|meeting|entry)\b"
        r"|^(?:(?:i\s+)?(?:need|want|have)\s+to\s+|can\s+(?:you|u)\s+)?get\s+(?!me\b)(?=(?:[\w']+\s+){1,5}?(?:on|in|into)\s+(?:the|my)\s+(?:calendar|cal|diary|schedule)\b)",
    ),
    zh=(
        r"(?:帮我|给我|替我|请|麻烦)?(?:安排|预约|预订|预定|订|添加|新建|创建|加一?个|定一?个|排一?个|记(?:一?个|一下)|提醒我|约(?!会|了)上?)|(?:帮我|给我|替我|麻烦)(?:在(?:我的?)?(?:日程|日历)[上里])?[加添记排标定](?:一下|下|上|住|成|个)"
        r"|(?:加|添|记|排|计|标|放|add|book|schedule)(?:上|进去|下来?|一下|着|[到进在]?(?:我的?)?(?:日程|日历)[上里]?)[它佢]?(?:吧|呗|啊|哈)?[。!！]?$",  # "帮我book一下"
    ),
)
