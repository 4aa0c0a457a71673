"""Phrase tables: for each kind of request, what it looks like in English and in Chinese.

The tables say only *what a phrasing means*; the order in which they are consulted (which one
wins when two match) lives in ``intents.py``. A new phrasing is a new line here, not a new branch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Table:
    en: tuple[re.Pattern[str], ...]
    zh: tuple[re.Pattern[str], ...]

    def search(self, text: str) -> re.Match[str] | None:
        # Both languages are tried: people mix scripts ("明天 dentist 3pm"), and the patterns of
        # one language cannot match the other's script.
        for pattern in self.en + self.zh:
            match = pattern.search(text)
            if match:
                return match
        return None

    def __contains__(self, text: str) -> bool:
        return self.search(text) is not None

    def remove(self, text: str) -> str:
        """``text`` without what any pattern of the table matched."""
        for pattern in self.en + self.zh:
            text = pattern.sub(" ", text)
        return " ".join(text.split())


def table(en: tuple[str, ...], zh: tuple[str, ...]) -> Table:
    return Table(
        tuple(re.compile(pattern, re.IGNORECASE) for pattern in en),
        tuple(re.compile(pattern) for pattern in zh),
    )


INJECTION = table(
    en=(
        r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:(?:of\s+)?(?:your|the|my|previous|prior|"
        r"above|earlier|these|those|system)\s+)*(?:instructions|rules|prompts?|guidelines|directions|restrictions)\b",
        r"^\W*(?:system|assistant|developer|admin)\s*:",
        r"^\W*(?:system|admin|developer)\s+(?:notice|message|override|instruction|prompt|update|alert)\b",
        r"\bproceed\s+without\s+asking\b|\bwithout\s+(?:asking|confirmation|confirming)\b",
        r"\b(?:user|person)\s+has\s+already\s+(?:confirmed|approved|agreed)\b",
        r"\byou\s+are\s+now\s+(?:in\s+)?(?:an?\s+)?(?:admin|developer|god|root|unrestricted|jailbroken|dan)\b",
        r"\b(?:admin|developer|god|debug|root|sudo)\s+mode\b",
        r"\bjailbreak|\bsystem\s+prompt\b|\bprompt\s+injection\b",
    ),
    zh=(
        r"(?:忽略|无视|忘掉|忘记|绕过)(?:掉)?(?:(?:之前|以上|前面|上面|你的|所有|全部|一切|系统)的?)*(?:指令|指示|规则|提示|设定|限制)",
        r"^\W*(?:系统|管理员|开发者)\s*[:：]",
        r"你现在是|你现在处于|管理员模式|开发者模式|越狱|系统提示词?",
    ),
)

# Someone else's calendar: the tools cannot even name another person, so the answer says so.
OTHERS = table(
    en=(
        r"\b(?!(?:to|tomor|yester|mon|tues|wednes|thurs|fri|satur|sun)day'|tonight'|week'|weekend'|month'|year')"
        r"[a-z]+'s\s+(?:calendar|schedule|agenda|diary|events|appointments)\b",
        r"\b(?:other|another)\s+(?:user|person|people)'?s?\s+(?:calendar|events|schedule)",
        r"\b(?:all|every)\s+users?\b|\bi'?m\s+(?:the\s+|an\s+)?admin(?:istrator)?\b|\bas\s+(?:an?\s+)?admin\b",
    ),
    zh=(
        r"(?:删|删除|删掉|看|查|改|取消|清空|显示).{0,6}(?:同事|老板|别人|他人|其他人|领导|老公|老婆)的",
        r"(?:把|帮我把)我?(?:同事|老板|别人|他人|其他人|领导)的?.{0,8}(?:删|取消|改|清空)",
        r"(?:同事|老板|别人|他人|其他人|领导)的(?:日程|日历|安排)",
        r"别人的日程|其他用户|所有用户|全部用户|我是管理员|管理员身份",
    ),
)

# Deleting everything at once is not something the tools can do, and rarely what is meant.
BULK_DELETE = table(
    en=(
        r"\b(?:delete|remove|cancel|clear|wipe|erase)\s+(?:all|every(?:thing)?|each)\b",
        r"\bclear\s+my\s+(?:calendar|schedule)",
    ),
    zh=(r"(?:删|删除|删掉|清空|取消)(?:掉)?(?:我的)?(?:所有|全部|一切)", r"清空(?:我的)?(?:日程|日历)"),
)

# Dropping the unfinished request: only when this is (nearly) the whole message.
DROP_REQUEST = table(
    en=(
        r"^(?:(?:ok(?:ay)?|oh|actually|hmm|no|nah|sorry|please)[\s,.!]+)*(?:(?:never\s*mind|nvm|forget\s+(?:it|that|about\s+it)|"
        r"cancel(?:\s+(?:it|that|this|the\s+(?:request|booking|whole\s+thing)))?|scratch\s+that|stop|don'?t\s+bother|"
        r"no\s+(?:need|thanks)|drop\s+(?:it|that)|leave\s+it|not\s+anymore)[\s,.!]*)+(?:(?:please|then|thanks)[\s,.!]*)*$",
    ),
    zh=(
        r"^(?:哦|嗯|唉|那|那就|还是)?[,，\s]*(?:(?:算了|不要了|不用了|取消(?:吧|了|掉|它|这个|那个)?|别(?:弄|约|安排|加)了|不约了|"
        r"不弄了|不安排了|先不(?:要|用|约|安排|弄)了?|不去了|不做了)(?:吧|了|啊)*[,，。！!.\s]*)+$",
    ),
)

GREETING = table(
    en=(
        r"^(?:hi|hello|hey|hiya|yo|howdy|greetings|good\s+(?:morning|afternoon|evening|day))(?:\s+there)?[\s,.!]*"
        r"(?:how\s+are\s+you(?:\s+doing)?|how'?s\s+it\s+going)?[\s?!.]*$",
        r"^how\s+are\s+you(?:\s+doing)?(?:\s+today)?[\s?!.]*$",
    ),
    zh=(
        r"^(?:你好|您好|嗨|哈喽|哈啰|早上好|早安|下午好|晚上好|早)(?:呀|啊|吗)?[,，\s]*(?:你好吗|最近怎么样)?[！!。.？?\s]*$",
    ),
)
# A bare "ok" / "好" with no question pending: nothing to do but carry on.
ACK = table(
    en=(r"^(?:ok(?:ay)?|yes|yeah|yep|sure|alright|right|fine|go\s+on|sounds\s+good)[\s.!]*$",),
    zh=(r"^(?:好|好的|好吧|行|嗯+|可以|是|是的|对|对的|没问题)[。！!.\s]*$",),
)
THANKS = table(
    en=(
        r"^(?:(?:ok(?:ay)?|great|perfect|awesome|cool|nice|good|got\s+it|sounds\s+good|alright|that'?s\s+all)[\s,.!]*)*"
        r"(?:thanks|thank\s+you|thx|ty|cheers|much\s+appreciated)?(?:\s+(?:so\s+much|a\s+lot|again))?[\s,.!]*$",
    ),
    zh=(
        r"^(?:好的?|好吧|行|嗯+|可以|知道了|明白了|收到)?[,，\s]*(?:谢谢|多谢|感谢|谢了|辛苦了)?(?:你|啦)?[！!。.\s]*$",
    ),
)
GOODBYE = table(
    en=(r"^(?:bye|goodbye|see\s+you|see\s+ya|good\s*night|later|talk\s+(?:to\s+you\s+)?later)[\s,.!]*$",),
    zh=(r"^(?:再见|拜拜|晚安|回头见|下次见)[！!。.\s]*$",),
)

# Questions about the assistant itself: always answered in words.
CAPABILITY = table(
    en=(
        r"\bwhat\s+(?:can|could|do)\s+you\s+(?:do|help\s+with|help\s+me\s+with)\b",
        r"\b(?:who|what)\s+are\s+you\b",
        r"\b(?:can|could|do)\s+you\s+(?:speak|understand|support|read)\s+(?:chinese|english|mandarin)\b",
        r"\bhow\s+(?:do|can|should)\s+i\s+(?:use\s+you|use\s+this|talk\s+to\s+you)\b",
        r"\b(?:your\s+)?(?:features|capabilities|commands)\b",
        r"^(?:help|\?)[\s?!.]*$",
    ),
    zh=(
        r"你(?:能|可以|会)(?:做|干|帮我做|帮我干|帮)?(?:些)?(?:什么|啥|哪些)(?:事)?[?？吗]*$",
        r"你是(?:谁|什么)",
        r"怎么用|有(?:什么|哪些)功能|能干(?:嘛|什么|啥)|^帮助[？?]?$",
    ),
)
# "Can you schedule things?": a question about an ability, unless it names something concrete.
ABILITY = table(
    en=(
        r"\b(?:can|could|do|will)\s+you\s+(?:help|schedule|book|add|create|delete|remove|cancel|move|change|remember|"
        r"find|show|see|read|check|set\s+up|manage|handle|make|plan|organi[sz]e|edit|look\s+at|access)\b",
        r"\bare\s+you\s+(?:able|allowed)\s+to\b",
        r"\bhow\s+(?:do|can|should)\s+i\s+(?:add|schedule|create|delete|book|change|move|cancel)\b",
    ),
    zh=(r"你(?:能|可以|会)(?:不能)?(?:帮我)?(?:安排|添加|预约|删除|取消|修改|记住|查|看|管理|做|约|加|改|删)",),
)
# Objects so general that "can you schedule things?" asks about an ability, not for an event.
GENERIC_OBJECT = re.compile(
    r"^(?:things?|stuff|events?|appointments?|meetings?|reminders?|anything|something|my\s+(?:calendar|schedule|"
    r"appointments|events|meetings)|for\s+me|it|that|this|them|those|me|you|日程|事情|东西|安排|会议|提醒|东西吗)?$",
    re.IGNORECASE,
)

ARCHIVE = table(
    en=(
        r"\bwhat\s+did\s+(?:we|i|you)\s+(?:say|talk|discuss|decide|agree|chat|mention|plan)",
        r"\b(?:last\s+time|earlier|before|previously)\b.{0,40}\b(?:we|i|you)\s+(?:said|talked|discussed|mentioned|decided|"
        r"agreed|chatted)",
        r"\bdid\s+(?:we|i|you)\s+(?:ever\s+)?(?:talk|discuss|say|mention|chat)",
        r"\b(?:our|the)\s+(?:last|previous|earlier)\s+(?:conversation|chat|discussion)",
        r"\bremind\s+me\s+what\s+(?:we|i|you)\s+(?:said|discussed|talked|decided)",
        r"\b(?:search|look\s+through|check)\s+(?:our\s+)?(?:chat\s+)?(?:history|archive|old\s+messages)",
        r"\bdid\s+i\s+(?:ever\s+)?(?:ask|tell|say|mention)\b",
        r"\bwhat\s+i\s+(?:asked|said|told)\b.{0,30}\b(?:last\s+time|before|earlier)",
    ),
    zh=(
        r"上次(?:我们|咱们|你|我)?(?:聊|说|谈|讨论)",
        r"(?:我们|咱们)(?:之前|以前|上次|那次)?(?:聊|说|谈|讨论)(?:过|了)",
        r"之前的?(?:对话|聊天|聊天记录)|聊天记录|历史(?:消息|记录)",
        r"我(?:之前|以前|上次)(?:说|提|讲|让你|叫你|要你)过?|上次让你|(?:按|照)(?:之前|上次|刚才)说的|之前说的",
    ),
)

REMEMBER = table(
    en=(
        r"^(?:please\s+|(?:can|could|will|would)\s+you\s+(?:please\s+)?)?(?:remember|note|keep\s+in\s+mind|don'?t\s+forget|make\s+a\s+note)"
        r"(?:\s+that|\s*:|\s*,)?\s+(?P<fact>.+)$",
        r"^(?:for\s+future\s+reference|fyi|just\s+so\s+you\s+know)[\s,:]+(?P<fact>.+)$",
    ),
    zh=(r"^(?:请|麻烦)?(?:你)?(?:帮我|给我)?(?:记住|记一下|记下|记着|备忘)(?:一下)?[:：,，\s]*(?P<fact>.+)$",),
)
# Facts a person keeps that give a day: "<someone's> birthday / anniversary".
MEMORY_DAY = table(
    en=(
        r"(?P<subject>(?:\b(?:my|our|his|her|their)\s+)?(?:\b[a-z]+'s\s+)?(?:[a-z]+\s+)?(?:birthday|bday|anniversary))\b",
    ),
    zh=(r"(?P<subject>[\u4e00-\u9fff]{1,6}?的?(?:生日|纪念日))",),
)
# Facts that give a name to put in a title: "my favourite restaurant" -> "Lotus Garden".
MEMORY_VALUE = table(
    en=(r"(?P<subject>\b(?:my|our)\s+(?:favou?rite|usual|regular|preferred|go-to)\s+[a-z]+)",),
    zh=(
        r"(?P<subject>(?:我|我们)?(?:最喜欢|常去|常用|平时去|经常去)的[\u4e00-\u9fff]{1,4}?(?=吃|喝|见|开|那|$|，|。))",
    ),
)
MEMORY_SUBJECT = Table(MEMORY_DAY.en + MEMORY_VALUE.en, MEMORY_DAY.zh + MEMORY_VALUE.zh)

MEMORY_QUESTION = table(
    en=(
        r"\b(?:when|what\s+(?:day|date))\s+(?:is|was|'s)\s+(?P<subject>.+?(?:birthday|bday|anniversary))\b",
        r"\bwhen(?:'s)\s+(?P<subject>.+?(?:birthday|bday|anniversary))\b",
        r"\bwhat\s+do\s+you\s+(?:know|remember)\s+about\s+(?P<subject>.+?)\s*\?*$",
        r"\bdo\s+you\s+(?:remember|know|recall)\s+(?:when\s+|what\s+)?(?P<subject>.+?)(?:\s+is)?\s*\?*$",
        r"\bdid\s+i\s+(?:tell|give)\s+you\s+(?P<subject>.+?)\s*\?*$",
    ),
    zh=(
        r"(?P<subject>[\u4e00-\u9fff]{1,8}?的?(?:生日|纪念日))(?:是)?(?:在)?(?:哪天|哪一天|什么时候|几号|几月几号|几月几日)",
        r"你(?:都|还)?记得(?:我的?)?(?P<subject>.+?)(?:吗|么|不|[?？])*$",
        r"你知道我的?(?P<subject>.+?)(?:吗|么)",
        r"我(?:跟你|和你|告诉过你)?说过(?P<subject>.+?)(?:吗|么)",
    ),
)

# Repeating events and forgetting facts: no tool does either, so the answer says so.
RECURRING = table(
    en=(
        r"\b(?:every|each)\s+(?:day|week|month|morning|evening|weekday|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|\b(?:daily|weekly|monthly)\b",
    ),
    zh=(r"每(?:天|日|周|星期|个?礼拜|个?月|个?工作日|早|晚)",),
)
FORGET = table(
    en=(
        r"^(?:please\s+)?(?:forget|delete|remove|erase)\s+(?:that\s+|about\s+)?(?!it\b|that\b|about\s+it\b)(?=.*\b(?:memory|remember|birthday|anniversary|fact)\b)",
    ),
    zh=(r"(?:忘掉|忘记|删掉|删除)(?:关于)?.{0,12}(?:生日|纪念日|记忆|这条信息|那条信息)",),
)

RESUME = table(
    en=(
        r"^(?:(?:ok(?:ay)?|so|right|alright|anyway|now|fine)[\s,.!]+)*(?:let'?s\s+)?(?:go\s+|get\s+|come\s+)?back\s+to\b",
        r"^(?:(?:ok(?:ay)?|so|right|alright|anyway|now|fine)[\s,.!]+)*(?:let'?s\s+|can\s+we\s+|please\s+)?"
        r"(?:continue|resume|carry\s+on|pick\s+up|return\s+to)\b",
        r"\bwhere\s+were\s+we\b",
    ),
    zh=(
        r"^(?:好的?|那|那么|嗯|行)?[,，\s]*(?:我们|咱们)?(?:继续|回到|接着|回去|返回)",
        r"刚才(?:那个|的)?(?:继续|接着)",
    ),
)

COUNCIL = table(
    en=(
        r"\b(?:help\s+me\s+)?(?:plan|organi[sz]e|review|optimi[sz]e|balance|look\s+over|go\s+over|sort\s+out|"
        r"structure|rethink)\s+(?:out\s+)?(?:my|the|this|next|our)\s+(?:\w+\s+){0,2}(?:week|schedule|calendar|days?|time|"
        r"agenda|workload)\b",
        r"\b(?:advice|advise|suggestions?|tips|feedback|recommendations?)\b.{0,40}\b(?:schedule|calendar|week|time|days|"
        r"workload)\b",
        r"\b(?:schedule|calendar|week|workload)\b.{0,40}\b(?:advice|advise|suggestions|tips|feedback|recommendations)\b",
        r"\bplanning\s+(?:consultation|help|review|advice)\b",
        r"\b(?:week|schedule|calendar|days|diary)\b.{0,30}\b(?:chaotic|overwhelming|hectic|overloaded|a\s+mess|too\s+(?:busy|full|packed))\b",
        r"\b(?:chaotic|overwhelmed|hectic|overloaded|overbooked)\b.{0,40}\b(?:sort|help|organi[sz]e|plan)\b",
        r"\bsort\s+(?:out\s+)?(?:my|the|this)\s+(?:week|schedule|calendar|days)\b",
        r"\b(?:am\s+i|is\s+my\s+\w+)\s+(?:over\s*booked|over\s*loaded|too\s+busy)\b",
    ),
    zh=(
        r"(?:规划|计划|梳理|整理|优化|review|盘点)(?:一下)?(?:我的)?(?:这周|本周|下周|这个星期|一周|接下来|未来|日程|时间|安排)",
        r"(?:帮我|给我)(?:安排|看看|看一下|想想)一下?(?:我的)?(?:这周|本周|下周|这个星期|接下来的?(?:几天|一周))$",
        r"(?:日程|时间|安排|这周|下周)(?:上)?(?:有什么|给点|给我一些|提点)?(?:建议|意见)",
        r"(?:建议|意见).{0,10}(?:日程|时间|安排)",
        r"合不合理|合理吗|是不是(?:排)?得?太(?:满|多|忙)|排得太满|太满了|怎么安排(?:比较|更)?(?:好|合理)",
        r"(?:规划|计划|梳理|整理|优化)(?:一下)?(?:接下来|未来|最近)(?:几天|一周|两周)",
    ),
)

DELETE = table(
    en=(
        r"\b(?:delete|remove|cancel|drop|erase|scrap|get\s+rid\s+of|call\s+off)\b",
        r"\b(?:delet|remov|cancel)\w*\b.{0,40}\b(?:just\s+)?(?:do\s+it|go\s+ahead|proceed)\b",
    ),
    zh=(r"删掉|删除|删了|删|去掉|移除|取消|撤掉|不去了|不开了",),
)

CHANGE = table(
    en=(
        r"\b(?:call|name|title)\s+it\b",
        r"\b(?:move|push|shift|reschedule|postpone|delay|bring\s+(?:it\s+|that\s+)?forward|rename|change|switch|"
        r"make\s+(?:it|that|this)|set\s+(?:it|that)|put\s+(?:it|that)|extend|shorten|retitle)\b",
    ),
    zh=(r"改到|改成|改为|改在|改一下|改个|挪到|移到|换到|换成|调到|调整|推迟|延后|提前|推到|改名|重命名|延长|缩短|改",),
)
# "It" / "that one": the thing in focus, resolved by the server.
POINTER = re.compile(r"\b(?:it|that(?:\s+one)?|this(?:\s+one)?|them)\b|它|那个|这个", re.IGNORECASE)
RENAME = table(
    en=(
        r"\b(?:rename\s+(?:it|that|this)?\s*(?:to|as)?|call\s+it|name\s+it|title\s+it|change\s+the\s+(?:title|name)\s+to|"
        r"retitle\s+(?:it\s+)?(?:to|as)?)\s+[\"'“]?(?P<title>[^\"'”]+?)[\"'”]?[\s.!]*$",
    ),
    zh=(
        r"(?:改名为|改名叫|改名成|改名|重命名为|名字改成|名字改为|标题改成|标题改为|叫它|叫做|就叫|名字叫)[「“\"]?(?P<title>[^」”\"]+?)[」”\"]?(?:吧|。|！)*$",
    ),
)

PAST = table(
    en=(
        r"\b(?:had|went|met|was|were|did|attended|finished|visited|saw|called|took|ate|spent|got\s+back|came\s+back|"
        r"got\s+home|skipped|missed)\b",
        r"\b(?:yesterday|last\s+(?:night|week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|ago)\b",
    ),
    zh=(
        r"(?:昨天|前天|上周|上星期|上礼拜|上个月|去年|刚才|刚刚|之前|那天).{0,12}(?:了|过)",
        r"^(?:我|我们)?(?:今天|今早|今天上午|今天早上|上午|早上|已经|刚)?.{0,6}(?:去|开|见|吃|参加|看|做|打|跑)了",
    ),
)
# Words that make a sentence a request or a plan, so it is never read as a report about the past.
REQUEST = table(
    en=(
        r"^(?:please\s+|pls\s+|can\s+you|could\s+you|would\s+you|will\s+you|let'?s|i\s+(?:want|need|would\s+like)|"
        r"i'?d\s+like|help\s+me|go\s+ahead)",
        r"^(?:(?:please|ok(?:ay)?|and|also)[\s,]+)?(?:cancel|delete|remove|move|change|reschedule|push|rename|drop|clear)\b",
        r"\b(?:just\s+)?do\s+it\b|\bgo\s+ahead\b|\bi\s+need\s+to\b|\bneed\s+to\b",
        r"\b(?:schedule|book|put|add|set\s+up|arrange|create|remind\s+me|pencil|block|reserve)\b",
    ),
    zh=(
        r"帮我|给我|请|麻烦|把|吧$|要不|能不能|可以|安排|预约|记得|提醒|别忘|明天|后天|(?<!上)下周|"
        r"(?<![上下])周[一二三四五六日天]",
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
        r"\bwhat\s+(?:do|did|have|will)\s+i\s+(?:have|got|get)\b",
        r"\b(?:what|how)\s+(?:does|did|will|do)\s+(?:my\s+|the\s+)?(?:\w+\s+){0,2}look",
        r"\bhow(?:'s|\s+is|\s+was)\s+my\s+(?:day|week|schedule|calendar|morning|afternoon|evening|weekend|agenda)",
        r"\b(?:do|did|will)\s+i\s+have\s+(?:anything|any|something|a|an|meetings?|plans?|events?|appointments?|to)\b",
        r"\b(?:am|are|is|was|were)\s+(?:i|we)\s+(?:free|busy|available|booked|clear)\b",
        r"\b(?:is|are)\s+there\s+(?:anything|any|something)\b",
        r"\bany(?:thing)?\s+(?:on|planned|scheduled|booked)\b",
        r"\b(?:show|list|tell|give|read)\s+(?:me\s+)?(?:my|the|what|all)\b",
        r"\bwhat(?:'s|\s+is|\s+was|\s+are)\s+(?:my|the)\s+(?:schedule|calendar|agenda|day|plans?|week|morning|afternoon|"
        r"evening|next)",
        r"^my\s+(?:schedule|calendar|agenda)\b|^(?:schedule|calendar|agenda)\s+(?:for\s+)?[^?]{0,20}\?$",
        r"\b(?:check|look\s+at|see)\s+my\s+(?:schedule|calendar|agenda|day|week)\b",
        r"^(?:and\s+)?any\s+(?:meetings?|events?|appointments?|plans?|calls?)\b",
        r"\bwhat\s+else\b",
        r"\b(?:is|are)\s+(?:the|my|our)\s+.{1,40}\s+still\s+on\b",
        r"^(?:is|are)\s+\w+(?:\s+\w+)?\s+(?:free|busy|open|clear|available)\s*\??$",
        r"\bhave\s+i\s+got\s+(?:anything|any|something)\b",
        r"\bhow\s+(?:busy|free|packed|full)\s+(?:am\s+i|are\s+we|is\s+my)\b",
        r"\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:free|busy|available)\b.*\?\s*$",
        r"\b(?:what\s+time|when)(?:'s|\s+is|\s+are)\s+(?:my|the|our)\s+(?:next\s+)?\w+",
    ),
    zh=(
        r"有(?:什么|啥|哪些)(?:安排|事|事情|会|会议|计划|活动|约|日程|行程)?",
        r"有没有(?:安排|事|会|空|约|计划|活动)",
        r"什么安排|安排了(?:什么|啥|哪些)|的(?:安排|日程|行程)(?:是什么|有哪些|呢|吗)",
        r"(?:忙|有空|空|闲|有事|有会|有安排)(?:吗|么|嘛)",
        r"忙不忙|有没有空|有空没|空不空",
        r"(?:看看|看一下|查一下|查查|查看|告诉我|列出|看下)(?:我)?的?(?:.{0,6})(?:安排|日程|行程|日历|会)",
        r"(?:安排|日程|行程|日历)(?:给我|让我|帮我)?(?:看看|看一下|看下|列一下|列出来|发我|说一下)",
        r"几点|什么时候(?!有空|有时间|空闲|方便|合适)",
        r"有(?:别的|其他|其它)(?:事|安排|会|活动)?",
        r"(?:计划|安排|日程|行程)(?:是什么|有哪些|有什么|呢)|约了(?:谁|什么|哪些)|有(?:谁|哪些人)",
        r"现在(?:什么样|怎么样|有什么|有哪些)|怎么样了[?？]?$|还有(?:什么|别的|其他)(?:事|安排)?",
    ),
)

# "When is my next meeting?": a question about one event, not one day; it looks ahead.
QUERY_LOOKUP = re.compile(
    r"\b(?:what\s+time|when)(?:'s|\s+is|\s+are)\s+(?:my|the|our)\s+(?:next\s+)?\w+|下一个|下次|下一次",
    re.IGNORECASE,
)
LOOKUP_DAYS = 14
# "anything next week?": once the day is read, only "anything" is left.
ANYTHING = re.compile(
    r"^(?:and\s+|so\s+)?(?:anything|any\s+plans|something)(?:\s+(?:on|planned|happening|scheduled))?\s*\??$", re.I
)
# "帮我约个时间", "block some time": a request with nothing in it yet.
VAGUE = re.compile(r"^(?:(?:some|a|the)\s+)?time(?:\s+for\s+me)?$|^约?(?:一?个|点)?时间$", re.IGNORECASE)
# "下周找时间开个项目会": finding a time *for something* is a request to create it.
FIND_TIME_FOR = re.compile(r"找(?:个|一个|点)?(?:时间|空档|空闲|空(?![档闲]))(?P<activity>[\u4e00-\u9fff].*)$")
# "actually 4:30", "1pm works better", "不对，改到周日": a correction to the event just made.
CORRECTION = re.compile(
    r"^(?:actually|no|nope|sorry|wait|hmm|oh|instead|rather|make\s+that)\b|\b(?:works\s+better|is\s+better|would\s+be\s+better|"
    r"instead)\b|^(?:不对|其实|还是|改成|改到|换成|不是)",
    re.IGNORECASE,
)
# "it only needs 30 minutes", "半小时就够了": a new length for the event just made.
LENGTH_CHANGE = re.compile(
    r"\b(?:only\s+)?(?:needs|takes|lasts|should\s+take|will\s+take|is\s+enough|are\s+enough|is\s+plenty|be\s+enough)\b"
    r"|就够了|就行了?|就可以了?|只要|只需要?|足够了",
    re.IGNORECASE,
)
# "when am I free that afternoon?", "那天下午": the day of the message before.
THAT_DAY = re.compile(r"\bthat\s+(?:day|morning|afternoon|evening|night)\b|那天|当天", re.IGNORECASE)

# What is left of a query once its day is read: "my schedule", "的安排呢".
QUERY_RESIDUE = re.compile(
    r"^(?:(?:show|tell|give|list|read)(?:\s+me)?\s*|看看|看一下|看下|查查|查一下)?(?:我)?(?:my|the|的)?\s*(?:安排|日程|行程|日历|schedule|calendar|agenda|plans?|"
    r"events|appointments|meetings)?(?:\s*(?:呢|是什么|有哪些|如何|怎么样|please|for|on))?\s*[?？]?$",
    re.IGNORECASE,
)

CREATE = table(
    en=(
        r"^(?:(?:please|pls|ok(?:ay)?|also|and|then|now|can\s+you|could\s+you|would\s+you|will\s+you|i\s+(?:want|need|would\s+like)\s+to|"
        r"i'?d\s+like\s+to|let'?s|help\s+me|go\s+ahead\s+and)[\s,]+)*(?:schedule|book|put|add|set\s+up|setup|arrange|create|"
        r"make|plan|pencil|block(?:\s+out|\s+off)?|reserve|organi[sz]e|remind\s+me|enter|save|note\s+down|get\s+me)\b",
    ),
    zh=(
        r"(?:帮我|给我|替我|请|麻烦)?(?:安排|预约|预订|预定|订|添加|新建|创建|加一?个|定一?个|排一?个|记一?个|提醒我|约(?!会))",
    ),
)
