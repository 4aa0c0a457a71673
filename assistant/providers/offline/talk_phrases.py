"""Phrase tables for the conversation itself: safety (injection, other people's calendars, bulk
deletes), small talk, questions about the assistant, memory, the chat archive, resuming a task and
the planning consultation. The calendar's own phrases are in ``lexicon.py``."""

from __future__ import annotations

import re

from assistant.reading.vocabulary import COURTESY_EN, COURTESY_ZH, table

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
        r"\b(?!(?:(?:to|yester|mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tmrw|tonight|week|weekend|month|year)')"
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
        r"\b(?:delete|remove|cancel|clear|wipe|erase)\s+(?:all|every(?:thing)?|each)(?:\s+(?:of\s+)?(?:my|the))?(?=\s*(?:$|[,.!?])|\s+(?:events?|meetings?|appointments?|plans?|things|stuff|entries|today|tomorrow|tonight|on|for|this|next|in|from|that|[0-9])\b)",
        r"\bclear\s+my\s+(?:calendar|schedule)",
    ),
    zh=(r"(?:删|删除|删掉|清空|取消)(?:掉)?(?:我的)?(?:所有|全部|一切)", r"清空(?:我的)?(?:日程|日历)",
        r"(?:所有|全部)?的?(?:安排|日程|会)(?:全部|都|全)(?:给我|帮我)?(?:删|取消|清)"),  # 明天的安排全给我删了吧
)

# Dropping the unfinished request: only when this is (nearly) the whole message.
DROP_REQUEST = table(
    en=(
        r"^(?:(?:ok(?:ay)?|oh|ugh|oops|wait|actually|hmm|no|nah|sorry|please)[\s,.!]+)*(?:(?:never\s*mind|nvm|forget\s+(?:it|that|about\s+it)|"
        r"cancel(?:\s+(?:it|that|this|the\s+(?:request|booking|whole\s+thing)))?|scratch\s+that|stop|don'?t\s+bother|"
        r"no\s+(?:need|thanks)|drop\s+(?:it|that)|leave\s+it|not\s+anymore|(?:i\s*(?:was|'m|am)\s+)?(?:just|only)\s+(?:telling|saying|sharing|"
        r"letting\s+(?:you|u)\s+know)(?:\s+(?:you|u))?)[\s,.!]*)+(?:(?:please|then|thanks)[\s,.!]*)*$",
    ),
    zh=(
        r"^(?:哦|嗯|唉|哎|那|那就|还是)?[,，\s]*(?:(?:算了|不要了|不用了|取消(?:吧|了|掉|它|这个|那个)?|别(?:弄|约|安排|加)了|不约了|"
        r"不弄了|不安排了|先不(?:要|用|约|安排|弄)了?|不去了|不做了|不用|(?:只是|就)(?:跟你)?说(?:说|一声)|只是告诉你(?:一声)?)(?:吧|了|啊)*[,，。！!.\s]*)+$",
    ),
)

GREETING = table(
    en=(
        r"^(?:hi+|hello+|hey+|hiya|yo|howdy|greetings|good\s+(?:morning|afternoon|evening|day))(?:\s+there)?[\s,.!]*"
        r"(?:how\s+(?:are|r)\s+(?:you|u|ya)(?:\s+doing)?|how'?s\s+it\s+going)?[\s?!.]*$",
        r"^how\s+(?:are|r)\s+(?:you|u|ya)(?:\s+doing)?(?:\s+today)?[\s?!.]*$",
    ),
    zh=(
        r"^(?:你好|您好|嗨|哈喽|哈啰|早上好|早安|下午好|晚上好|早)(?:呀|啊|吗)?[,，\s]*(?:你好吗|最近怎么样)?[！!。.？?\s]*$",
    ),
)
# The time now: code reads the clock, never the model.
CLOCK = table(
    en=(r"^(?:hey\s+|um\s+|so\s+)?(?:what(?:'?s|\s+is)\s+the\s+time|what\s+time\s+is\s+it|whats\s+the\s+time)(?:\s+(?:now|right\s+now|please|pls))?[\s?!.]*$",),
    zh=(r"^(?:请问)?现在(?:是)?几点(?:了|钟)?(?:啊|呀|呢)?[？?。\s]*$|^几点了[？?。\s]*$",),
)
GOODBYE = table(
    en=(rf"^(?:{COURTESY_EN}[\s,.!]+)*(?:bye|goodbye|see\s+you|see\s+ya|good\s*night|g'?n|g'?night|night|nite|later|talk\s+(?:to\s+you\s+)?later|take\s+care|"
        rf"have\s+a\s+(?:good|nice|great|lovely)\s+(?:one|day|night|evening|weekend))(?:[\s,.!]+{COURTESY_EN})*[\s,.!]*$",),
    zh=(rf"^(?:{COURTESY_ZH}[，,。.!！\s]*)*(?:再见|拜拜|晚安|回头见|下次见|(?:新年|圣诞|节日|周末)快乐)[啊呀哈！!。.\s]*$",),  # "好的，拜拜"
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
        r"^(?:please\s+|(?:can|could|will|would)\s+you\s+(?:please\s+)?)?(?:remember(?!\s+me\b)|note(?:\s+down)?|keep\s+in\s+mind|don'?t\s+forget|make\s+a\s+note)"
        r"(?:\s+that|\s*:|\s*,)?\s+(?P<fact>.+)$",
        r"^(?:for\s+future\s+reference|fyi|just\s+so\s+you\s+know)[\s,:]+(?P<fact>.+)$",
    ),
    # 记一下 is a note of a fact ("记一下 我的车位是B12") or of a thing to do ("记一下 去银行办事": a booking, asked for its day).
    zh=(r"^(?:请|麻烦)?(?:你)?(?:帮我|给我)?(?:记住|备忘|(?:记一下|记下|记着)(?=.*(?:是|叫|住|喜欢|爱|不吃|过敏)))(?:一下)?[:：,，\s]*(?P<fact>.+)$",),
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

# Forgetting facts: no tool does it, so the answer says so.
FORGET = table(
    en=(
        # A birthday is the fact only at the end: "delete the birthday party" is an event.
        r"^(?:please\s+)?(?:forget|delete|remove|erase)\s+(?:that\s+|about\s+)?(?!it\b|that\b|about\s+it\b)"
        r"(?=.*\b(?:memory|remember|fact)\b|.*\b(?:birthday|bday|anniversary)[\s.!]*$)",
    ),
    zh=(r"(?:忘掉|忘记|删掉|删除)(?:关于)?.{0,12}(?:(?:生日|纪念日)(?=$|[。！!\s吧了这那])|记忆|这条信息|那条信息)",),
)

RESUME = table(
    en=(
        r"^(?:(?:ok(?:ay)?|so|right|alright|anyway|now|fine)[\s,.!]+)*(?:let'?s\s+)?(?:go\s+|get\s+|come\s+)?back\s+to\b",
        r"^(?:(?:ok(?:ay)?|so|right|alright|anyway|now|fine)[\s,.!]+)*(?:let'?s\s+|can\s+we\s+|please\s+)?"
        r"(?:continue|resume|carry\s+on|pick\s+(?:it\s+)?up(?=\s*(?:$|[,.!?]|where\b|from\b|again\b|(?:on|with)\s+(?:the|that)\b))|return\s+to)\b",
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
