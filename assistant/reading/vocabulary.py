"""The one vocabulary of both languages every reader shares: question words, weekdays, parts of
the day, and phrase tables of what a kind of request looks like (``Table``). The stand-in's
lexicons, the reading module and the guards' question detectors take their words from here, so
two readers never disagree about what a word means (中午 is noon everywhere, not "afternoon").
"""

from __future__ import annotations

import re
import zoneinfo
from dataclasses import dataclass
from typing import Any, Final


@dataclass(frozen=True)
class Table:
    """What one kind of request looks like, in English and in Chinese."""

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

    def before(self, other: Table, text: str) -> bool:
        """Said before anything of ``other``: "add the cancel culture podcast …" asks to add, whatever it names."""
        first = [min((m.start() for p in t.en + t.zh if (m := p.search(text))), default=len(text)) for t in (self, other)]
        return first[0] < first[1]

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


# Courtesy and assent said around a request or on their own ("ok great", "wonderful, thank you", "that's
# all", "好的，就这样，谢谢"): one list for every reader. A message made only of them asks for nothing
# (``answers.is_acknowledgement``); before a request or a receipt they are never its words.
COURTESY_EN: Final = (
    r"(?:ok(?:ay|ey)?|kk?|i\s+see|great|sure(?:\s+thing)?|perfect|al+\s*right|alrighty|righto|got\s+it|yes|yep|yup|yeah|yea|ya+h?|"
    r"no\s+(?:problem|worries)|you\s+got\s+it|awesome|cool|sweet|excellent|wonderful|lovely|brilliant|fantastic|amazing|nice|"
    r"good|fine|noted|understood|right|of\s+course|certainly|absolutely|sounds\s+(?:good|great|perfect)|lol|haha|"
    r"that'?s\s+(?:all|it|everything|great|perfect|right|correct)|correct|exactly|that\s+is\s+all|nothing\s+else|yay|hooray|thanks|thank\s+you|"
    r"thx|tnx|thnx|ty|tysm|thank\s+u|cheers|ta|gracias|merci|danke|grazie|obrigad[oa]|arigato|much\s+appreciated|appreciate\s+it|that\s+helps|for\s+(?:your|the|all\s+the)\s+help|(?:so|very)\s+much|a\s+lot|please|pls|plz|kindly|oh|ah|well|"
    r"go\s+on|so|and|also|then|now|hey|hi|um+|uh+|erm|hmm+|"
    # Closings and wishes ("thanks merry xmas", "ok night", "that's all for now"): nothing asked.
    r"good\s*night|night|nite|merry\s+(?:christmas|xmas)|happy\s+(?:new\s+year|holidays|christmas|xmas)|for\s+now|you\s+too|take\s+care|"
    r"have\s+a\s+(?:good|nice|great|lovely)\s+(?:one|day|night|evening|weekend)|just\s+checking|all\s+good)"
)
COURTESY_ZH: Final = (
    r"(?:好(?:的|啊|吧|呀|嘞|滴)?|得嘞|行(?:吧)?|嗯+|嗯哼|可以|是(?:的)?|对(?:的)?|没问题|收到|明白(?:了)?|知道了|了解|懂了|"
    r"哦|噢|太好了|不错|没错|正确|谢谢(?:你|您|啦)?|多谢|感谢|谢[了啦]|辛苦(?:了|啦)?|(?:那)?就这样(?:吧)?|就这些|没(?:有)?(?:别的|其他的?)了|ok|晚安|(?:新年|圣诞|节日|周末)快乐)[啊呀哈啦嘛哦]?"
)
# Assent said before a request of its own ("行吧 那周六上午九点 去爬山", "好吧 那下午三点提醒我收衣服"): no part of it.
ASSENT_LEAD: Final = re.compile(rf"^{COURTESY_ZH}[吧啊呀]?[\s,，。!！]+(?=那)")
THANKING: Final = re.compile(r"\b(?:thanks|thank\s+(?:you|u)|thx|tnx|thnx|ty|tysm|cheers|appreciated?)\b|谢|感谢|辛苦", re.IGNORECASE)

# Weekdays, 1 = Monday, in both languages (RFC 5545's two-letter codes for repeat rules).
WEEKDAYS_EN: Final = {
    "monday": 1, "mon": 1, "tuesday": 2, "tues": 2, "tue": 2, "wednesday": 3, "weds": 3, "wed": 3,
    "thursday": 4, "thurs": 4, "thur": 4, "thu": 4, "friday": 5, "fri": 5, "saturday": 6, "sat": 6,
    "sunday": 7, "sun": 7,
}  # fmt: skip
WEEKDAYS_ZH: Final = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7}
RFC_DAYS: Final = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
# Words that say something repeats: a repeat rule is written only when the person said one of them.
REPEATING: Final = re.compile(
    r"\b(?:every|everyday|each|daily|weekly|fortnightly|biweekly|monthly|yearly|annually|weekdays|weeknights|recurring|"
    r"repeat(?:s|ing)?|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b|每|隔[天周月年]|天天|工作日|周周|月月|年年|重复",
    re.IGNORECASE,
)
# A person dropping their open request says so (the authority holds a cancel without such words).
DROPPING: Final = re.compile(
    r"\b(?:cancel|never\s*mind|nvm|(?<!to\s)(?<!don.t\s)(?<!dont\s)forget\s+(?:it|about\s+it|that)|scratch\s+that|drop\s+(?:it|that)|skip\s+it|"
    r"don'?t\s+bother|call\s+it\s+off|leave\s+it(?:\s+(?:where\s+it\s+is|as\s+(?:it\s+)?is|alone|be)|\W*$)|no\s+longer|not\s+anymore|stop|(?:just\s+)?kidding|jk|let\s+me\s+(?:think|check)|hold\s+(?:on|off)|actually,?\s+no|on\s+second\s+thought|(?:delete|remove|scrap|ditch|kill)\s+(?:it|that|this))\b"
    r"|取消|算了|不要了|不用了|不约了|不去了|不订了|不排了|别弄了|先不|不需要了|作罢|开玩笑|逗你|再想想|再考虑|(?:回头|一会儿?|等会儿?|晚点)再说|先问问",
    re.IGNORECASE,
)


def phrases(words: str) -> list[str]:
    """A message's phrases: set apart by punctuation, or by a space beside Chinese ("取消吧 那天去不了")."""
    return [p for p in re.split(r"[,.;!?，。；！？]+|\s+(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])\s+", words) if p.strip()]


def taken_back(words: str) -> bool:
    """The message's last phrase takes back what the phrases before it asked ("周六上午九点爬山 帮我记上 算了")."""
    said = phrases(words)  # any phrase after the first ("add gym tmrw 7am, nah forget it, i'll go sunday instead");
    # one that names what goes ("牙医的提醒取消吧") asks for that and takes nothing back
    return any(DROPPING.search(p) and not re.search(r"[\u4e00-\u9fff]{2}的|[那这]个[\u4e00-\u9fff]|\bthe\s+\w", DROPPING.sub(" ", p), re.I) for p in said[1:])


# Verbs (and Chinese resultatives) by which a person asks for a write. A question without any of
# them ("what's on tomorrow?", "is Saturday 7pm free?") asks to be told, not to have things done.
WRITE_WORDS: Final = re.compile(
    r"\b(?:move|moving|push|pull|shift|reschedule|change|make|rename|call\s+it|name\s+it|title|book|add|put|"
    r"schedule|create|set\s+up|arrange|plan|block|pencil|reserve|remind|remember|note|save|cancel|delete|remove|"
    r"drop|clear|extend|shorten|bump|postpone|delay|bring|switch|swap|update|edit|fix|keep|insist|anyway|"
    r"go\s+ahead|do\s+it|instead|rather|how\s+about|what\s+about|let'?s|can\s+we\s+do|could\s+we\s+do|want|need|get|have|set|fit|squeeze|slot|grab|hold|meet|organi[sz]e|sign\s+me\s+up)\b"
    r"|挪|改|换|调|推|提前|延|订|约|加|安排|排|放|记|存|删|取消|设|建|创建|定|预约|预订|登记|命名|叫|标题|照样|还是|要|想|帮我|给我|来个|弄|提醒",
    re.IGNORECASE,
)
# A day counted from the event just talked about ("the evening before", 前一天, "the morning after", "that day"), with its
# offset in days: the stand-in computes the day, and the authority traces it to the event's own day.
THAT_DAY: Final = re.compile(
    r"(?:\b(?:on|for)\s+)?\b(?:that(?:\s+(?:same|very))?|(?:the\s+)?same|the\s+very)\s+(?:day|date)\b|\bthat(?=\s+(?:morning|afternoon|evening|night)\b)|那天|当天|同一?天"
    r"|(?<=\s)(?:there|on\s+it)(?=\s+at\b|[\s.!?]*$)", re.I
)
# The time of the event just talked about ("and another squash monday same time", 周一同一时间再约一次).
SAME_TIME: Final = re.compile(r"\b(?:at\s+)?(?:the\s+)?same\s+(?:time\b|(?:thing\s+)?(?:for|on)\s)|\b(?:in(?:to)?\s+)?(?:that|its|the\s+same)\s+(?:same\s+)?(?:time\s+)?slot\b|\bin\s+its\s+place\b|同一?个?时间|同样的?时间|一样的?时间", re.I)
DAY_FROM_EVENT: Final = (
    (re.compile(r"\b(?:the\s+)?(?:day|(?P<part>night|evening|morning))\s+before\b|提?前一天|(?P<part_zh>提?前一晚)|头一?天", re.I), -1),
    (re.compile(r"\b(?:the\s+)?(?:day|morning)\s+after\b", re.I), 1),
    (THAT_DAY, 0),  # "at 6pm that day", 当天
    (re.compile(r"\b(?:on\s+)?the\s+(?:day|(?P<part>morning|afternoon|evening|night))\s+of\b", re.I), 0),  # "at 7am on the day of my interview"
)
# Insisting on a time that clashes ("book it anyway", "还是照样安排吧"): a booking over a clash traces to these.
INSIST: Final = re.compile(
    r"\b(?:anyway|regardless|all the same|even so|even\s+if\s+(?:it|that)\s+(?:clash(?:es)?|overlaps?|conflicts?)(?:\s+with\s+(?:something|anything|stuff))?|double[- ]?book)\b"
    r"|照样|照常|仍然|不管",
    re.IGNORECASE,
)

# A week said for a request, with no day in it ("schedule physio next week", 下周约个体检): a weekday answered later is in it.
WEEK_SAID: Final = re.compile(r"\b(?:next|this|the\s+following)\s+week\b(?!\s*'s)|(?:下下?|这|本)个?(?:周|星期|礼拜)(?![一二三四五六日天末])", re.I)

# Parts of the day a free-time search can name; noon and midnight are clock times, not parts.
PARTS_OF_DAY: Final = (
    (re.compile(r"\bmornings?\b|上午|早上|早晨|清晨", re.IGNORECASE), "morning"),
    (re.compile(r"\bafternoons?\b|下午|午后", re.IGNORECASE), "afternoon"),
    (re.compile(r"\b(?:evenings?|tonight|nights?)\b|晚上|今晚|傍晚", re.IGNORECASE), "evening"),
    (re.compile(r"\b(?:noon|midday)\b|中午|正午", re.IGNORECASE), "noon"),
)


def part_of_day(text: str) -> str | None:
    """The one part of the day a text says ("tonight", 下午), or None when it says none, or two."""
    found = {part for pattern, part in PARTS_OF_DAY if pattern.search(text)}
    return found.pop() if len(found) == 1 else None


# A question: it ends with a question mark, opens with a question word, or (Chinese) carries a
# question particle. ``QUESTION_WORD`` finds a question word anywhere in a sentence.
QUESTION_EN: Final = re.compile(
    rf"\?\s*$|^(?:(?:{COURTESY_EN}|wait|hold\s+on|btw|u+[hm]+|h+m+|so|oh|hey)[\s,.!]+)*(?:what|what's|whats|wat|wats|when|where|who|which|how|why|do(?=\s+(?:i|you|u|ya|we|they|he|she|any\w*)\b)|does|"
    r"did|am|is|are|was|were|have|has|any|anything|should\s+i|would\s+i|will\s+i|(?:can|could)\s+i|is\s+there)\b",
    re.IGNORECASE,
)
QUESTION_ZH: Final = re.compile(
    r"[?？]|吗|^(?![\s\S]*着[^，,。\s]{0,6}呢\s*$)[\s\S]*呢\s*$|么\s*$|有[^\s，,。]{0,4}没有?\s*$|什么|啥|干嘛|哪|几[点号月个场次件天]|(?:星期|周|礼拜)几|多少|有没有|是不是|忙不忙|空不空|怎么|如何|是否|谁"
)
QUESTION: Final = re.compile(f"{QUESTION_EN.pattern}|{QUESTION_ZH.pattern}", re.IGNORECASE)
QUESTION_WORD: Final = re.compile(
    r"[?？]|\b(?:what|what's|whats|when|which|who|why|where|is\s+there|do\s+i|am\s+i|are\s+there)\b"
    r"|吗|呢|什么|啥|哪|几点|有没有|是不是",
    re.IGNORECASE,
)
# What the guards count as asking: a question as above, or a Chinese question particle at the end.
ASKS: Final = re.compile(f"{QUESTION.pattern}|[吗呢么]\\s*[?？。!！]?\\s*$|有空|空吗", re.IGNORECASE)
# A question word or a word about being free or busy, anywhere ("any", "free", "忙").
ASKS_OR_AVAILABILITY: Final = re.compile(
    f"{QUESTION_WORD.pattern}|\\b(?:any|anything|free|busy|what's|whats)\\b|几点|有空|忙|安排吗", re.IGNORECASE
)
# A polite request is phrased as a question but asks for an action: "can you book lunch tomorrow?" ("could i squeeze
# in a haircut …" asks whether there is room: a question).
POLITE: Final = re.compile(
    r"(?:^|[.!?,;]\s*)(?:(?:ok(?:ay)?|so|hi|hey|great|well|alright|and|also|oh)[\s,.!]+)*"  # "Thanks. In that case, would you …?"
    r"(?:please|pls|(?:can|could|would|will)\s+(?:you|u|we)|(?:can|could|may)\s+i(?!\s+(?:fit|squeeze|make\s+(?:it|time)|manage)\b)|(?:can|could)\s+(?:it|that)\s+be|let'?s|(?:and\s+)?(?:how|what)\s+about)\b"
    r"|^(?:请|麻烦|帮我|能不能|可不可以|你?(?:能|可以|可否)(?:帮我|帮忙|给我|把))",
    re.IGNORECASE,
)
# "tomorrow's meeting", "today's schedule": a day's possessive names the day, not a title "'s meeting".
DAY_POSSESSIVE: Final = re.compile(
    r"\b(?:today|tonight|tomorrow|tmrw|yesterday|(?:mon|tues|wednes|thurs|fri|satur|sun)day|week|weekend)'s\b"
    r"|(?:今天|明天|后天|(?:下|这|本)?(?:周|星期)[一二三四五六日天])(?:上午|下午|晚上|早上|中午)?(?:的|那个|那场)",  # 明天下午那个
    re.IGNORECASE,
)
# Words said to the assistant that are not part of a request: wake words and fillers.
WAKE_WORDS: Final = re.compile(
    r"^(?:(?:hey|hi|ok(?:ay)?|yo)\s*|嘿|嗨|你好[，,\s]*)?(?:(?:olly|siri|alexa|google|assistant)(?![a-z])|小爱同学|天猫精灵|(?:小度|小艺){1,2}(?=[\s，,。!！]|$)|"
    r"小?助[手理](?=[\s，,]|$))[\s,，]*", re.I
)
# A request wrapped in courtesy ("i was wondering if you could add …", "would you mind moving …", "if its not too much
# trouble could you pop …"): the wrapper asks nothing of its own; what follows is the request ("moving" is "move").
POLITE_WRAP: Final = re.compile(
    r"^(?:(?:hey|hi|hello|so|ok(?:ay)?|um+|uh+|hmm+)(?:\s+there)?[\s,]+)*(?:"
    r"(?:(?:i\s+was|i'?m|i\s+am)\s+wondering|i\s+wonder|do\s+you\s+think|any\s+chance)[\s,]*(?:if\s+|whether\s+)?(?:(?:you|u)\s+(?:could|can|would|might)|(?:could|can|would)\s+(?:you|u))\s+"
    r"|(?:if\s+it'?s\s+not\s+too\s+much\s+(?:trouble|bother)|if\s+you\s+(?:don'?t|do\s+not)\s+mind|when\s+you\s+(?:get|have)\s+a\s+(?:chance|sec|moment|minute)|would\s+it\s+be\s+possible(?=\s+to))"
    r"[\s,]*(?:(?:you|u)\s+(?:could|can|would|might)\s+|(?:could|can|would)\s+(?:you|u)\s+|to\s+)?"
    r"|(?:could|can|would)\s+(?:you|u)\s+(?:possibly|maybe|perhaps|kindly)\s+|would\s+(?:you|u)\s+mind\s+)(?:(?:possibly|maybe|please|pls|kindly|just|perhaps)\s+)*",
    re.I,
)

# Things the product does not do, said in a request: alarms (it has reminders), rides, tickets,
# devices. Each gets an honest answer; none becomes a calendar event.
ALARM = table(
    en=(
        r"(?<![a-z])(?:alarms?|alram|alarm\s*clock|timers?|countdown(?!\s+(?:party|drinks|dinner|event))|stopwatch|pomodoro)(?![a-z])",
        r"(?<![a-z])wake\s+(?:me\s+)?up\b|\bwake[\s-]?up\s+call\b|(?<![a-z])wake\s+me\b",
    ),
    zh=(r"(?:闹|nao)(?:钟|zhong)|闹铃|响铃|倒[计记]时|计时器?|定时器|番茄钟|叫(?:我|醒我)起(?:床|来)|叫醒我|喊我起床|起床铃|(?:叫|喊)我[吧啊。!！]?$|(?:点|分钟?|小时)(?:之|以)?后?(?:叫|喊)我(?=$|[\s,，。!！吧啊]|起)",),
)
SERVICE = table(
    en=(
        r"\b(?:taxi|cab|uber|lyft|didi)\b",
        r"\b(?:book|buy|get|grab|order|reserve|check|look\s+up|search(?:\s+for)?)\b[^.?!]{0,20}?\b(?:tickets?|flights?|hotels?|trains?)\b|\bdeliver(?:ed|y)\b|(?:\$\s?\d+|\b\d+\s?(?:dollars|bucks|usd|rmb|rupees|quid)\b)",  # money moved: a bank's work
        r"\b(?:turn|switch)\s+(?:on|off)\b|\bstart\s+the\s+\w+|\b(?:vacuum|lights?|thermostat|volume)\b",
        r"^(?:play(?!.*\b(?:with|against)\b)|order)\b",
        r"^use\s+(?:the\s+)?\w+(?:\s+app)?\s+to\b",  # another app named for the work: "use opentable to …"
        r"\b(?:to|on)\s+(?:my|the)\s+(?:shopping|grocery|groceries|to[- ]?do|todo)\s+list\b",  # a list is another app's
        # A table, a meal or a message is someone else's to take: "reserve a table for 4", "send the team an email".
        r"\b(?:book|reserve|get|grab|find)\s+(?:me\s+|us\s+)?(?:a\s+)?table\b(?!\s+tennis)|\btable\s+for\s+(?:\d+|two|three|four|five|six)\b|\border\s+(?:me|us|an?|some)\b|\b(?:send|e-?mail|text|message)\s+(?:\w+\s+){0,3}?(?:an?\s+)?(?:e-?mail|text|message|note)\b"
        r"|^(?:(?:pls|please|can|could|would)\s+(?:you\s+|u\s+)?)*(?:e-?mail|text|message|msg|tell|let|inform|notify|ping)\s+(?!me\b|us\b)"
        r"|^(?:(?:pls|please|can|could|would)\s+(?:you\s+|u\s+)?)*(?:check|register|sign|enrol|enroll)\s+(?:me|us)\b",  # "check me in for my flight"
    ),
    zh=(r"[打叫](?:个|辆|一辆)?(?:[^\s，,]{1,8}?的)?车|值机|(?<![取拿收])快递|寄件|送(?:到|过来|上门)|转账|^(?:帮我|给我|替我|请)?挂(?:个|一个)?[^\s，,]{0,12}?号|出租车|网约车|滴滴|买票|订票|抢票|查(?:一下|下|查)?[^\s，,]{0,12}?(?:航班|车次|火车|高铁|动车)|(?:机|车|门|影|船|铁)票|开灯|关灯|空调|扫地机|股票|股价|单号|物流|^(?:帮我|给我)?(?:放|播放?)(?:一?首|个|点)|晚点了?(?:吗|没)"
        r"|订(?![了好过])(?:.{0,20}?(?:桌|座位|位子?|[一二三四五六七八九十两\d]+个?人)|.{0,12}?(?:餐厅|饭店|酒店|民宿|房间|火锅|烧烤|烤肉|自助|包间|包厢))|点(?:个|份|一份|杯)?(?:外卖|披萨|餐|奶茶|咖啡)|外卖|(?:帮我|给[^\s，,]{1,6})发(?:个|一?封|一?条)?(?:邮件|消息|短信|微信)|发(?:个|一?条|一?封)?(?:短信|消息|微信|邮件)给|(?:跟|和|给)(?![你我])[^\s，,]{1,6}(?:说|讲)(?:一下|一声)|^(?:帮我)?(?:告诉|通知)(?!我)",),
)
# The weather: asked about, another service's; said beside a change ("it's def raining. move the bbq to sunday"), a reason.
WEATHER = table(en=(r"\b(?:weather|forecast|temperature)\b|\bwill\s+it\s+(?:rain|snow)\b",), zh=(r"天气|下雨|下雪|气温",))
# Where another zone's clock is named: the cities of the time-zone database ("new york", "tokyo") and the
# abbreviations said after a time ("9am est").
_ZONE_PLACES: Final = "|".join(sorted(
    {re.escape(name.rsplit("/", 1)[-1].replace("_", " ").lower()) for name in zoneinfo.available_timezones()
     if "/" in name and not name.startswith(("Etc/", "SystemV/", "posix/", "right/"))}, key=len, reverse=True))  # fmt: skip
_ZONE_ABBREVIATIONS: Final = r"(?:[ecmp][sd]?t|gmt|utc|bst|cest|cet|ist|jst|kst|hkt|sgt|aest|aedt)"
# A clock said in another zone ("9am est", "tokyo time", 纽约时间早上九点): the person's own zone is what
# every tool takes, so it is never booked as said.
OTHER_ZONE = table(
    en=(rf"\b(?:uk|us|et|pt|gmt|utc|{_ZONE_PLACES})\s+time\b|\d\s*(?:[ap]\.?m\.?)?\s*{_ZONE_ABBREVIATIONS}\b",),
    zh=(r"(?<![有没])(?!北京|当地|下班|上班|上课|午饭|吃饭|什么|[\u4e00-\u9fff]个)[\u4e00-\u9fff]{2}时间(?=\s*(?:[早上中下晚凌傍明今后周星礼\d]|[零一二三四五六七八九十两]+点))",),
)
# A statement about the world (a departure, an air time, a start): information, not a request.
WORLD_EVENT = table(
    en=(
        r"\b(?:leaves|departs|arrives|reaches|lands|gets\s+in|pulls\s+in|takes\s+off|airs|starts|begins|ends|finishes|opens|closes|shuts|runs|kicks\s+off|"
        r"(?:is|'s)\s+on\s+(?:tv|air)|comes|premieres|re-?runs?|replays?|re-?airs?|(?:gets?|are|is|will\s+be)\s+(?:announced|released|published|revealed)|drops|releases|launches|vs|versus|go(?:es)?\s+on\s+sale|come\s+out|(?<=\w\s)(?:open|close|land|arrive|depart|come))\b",  # "polls close at 10"
        r"\b(?:my|our|the)\s+(?:flight|plane|train|bus|ferry)\s+(?:is|at|to|from|leaves|goes)\b|\bon\s+(?:tv|the\s+telly)\b",
        r"\b(?:our|their|your|local)\s+time\b",  # "at 6 their time": information
    ),
    zh=(
        r"流星雨|[日月]食|出发|到达|抵达|起飞|降落|电视[上里]|电视剧|大结局|春晚|播出|(?<=[点分半])播$|开播|首播|播放|重播|转播|回放|开赛|开幕|发车|到站|开门|关门|更新|直播|上映|上线|发布会|开售|对阵|(?:北京|当地)时间|的(?:飞机|航班|高铁|火车|动车|大巴)",
    ),
)
# A write said as not wanted ("don't book dinner friday", "不要安排明天的会"): the create path is closed.
NEGATED_REQUEST = table(
    en=(r"\b(?:don'?t|do\s+not|no\s+need\s+to|never|(?<!\bif\s)not)\s+(?!let\s+me\s+forget|forget|(?:want|wanna|need)\s+(?:to\s+)?forget)(?:\w+\s+){0,3}?(?:book|schedule|add|put|set|create|remind|make|arrange|need|want)(?:ing)?\b",),  # "i dont need a reminder for …"
    zh=(r"(?:不要|别|不用|不必|无需|用不着)再?(?:帮我|给我)?(?:安排|预约|预订|订|加|添加|提醒|记|约|排|放)|先?不(?:约|订|安排|去)了",),
)
# A sentence about someone or something: a subject before a finite verb ("the plumber is coming thursday
# at 10", "我老板明天要来"); without a request form it is talk, never a write ("明天三点开会" names no subject).
_WHEN_ZH = r"今|明|后天|下|这|本|周|星期|礼拜|上午|早|晚|中午|\d|[一二三四五六七八九十两]+[点号月]"
# The people around the person, as a sentence's subject: their plans and acts are theirs.
_KIN_EN = (r"(?:wife|husband|mom|mum|dad|boss|sister|brother|son|daughter|kids?|partner|roommate|flatmate|bf|gf|boyfriend|"
           r"girlfriend|neighbou?rs?|landlord|landlady|co-?workers?|colleagues?)")  # fmt: skip
_KIN_ZH = (r"(?:我|我们)?的?(?:妹妹?|姐姐?|弟弟?|哥哥?|妈妈?|爸爸?|老婆|老公|媳妇|女儿|闺女|儿子|孩子|宝宝|老板|领导|同事|朋友|室友|[男女]朋友|爷爷|奶奶|老豆|老母|"
           r"外婆|外公|隔壁|邻居|楼[上下])(?:[小老阿][\u4e00-\u9fff]|[\u4e00-\u9fff]{1,2}?(?:总|哥|姐|叔|阿姨|老师))?")  # "同事小刘", "隔壁老张"
DECLARATIVE = table(
    en=(
        r"^(?:[\w']+\s+){0,7}?(?:is|are|(?<![0-9]\s)(?<![0-9])am|was|were|will|shall|has|have|gonna|got)\b(?!\s+to\b)",  # "10 am" is no "am"
        r"^(?:[\w']+\s+){1,4}?(?:moved|rescheduled|postponed)\b|^(?:[\w']+\s+){1,5}?gets?\s+(?:\w+(?:ed|en)|back|home|in|out|off)\b",  # "the bins get collected"  # a change that happened: "my coworker's standup moved to 10am"
        r"^(?:(?:it|that|there|he|she)'?s|(?:i|you|he|she|it|we|they|that|there)(?:'re|'m|'ll|'ve))\b|^(?:[\w']+\s+){0,4}?(?!(?:today|tonight|tomorrow|tmrw|yesterday|(?:mon|tues|wednes|thurs|fri|satur|sun)day|week|weekend)'s)\w+'s\s+(?:\w+ing|back|out|over|off|away)\b|^(?:(?:the|my|our)\s+)?(?:\w+\s+)?\w+'s\s+(?:on|at)\b",
    ),
    zh=(rf"^(?!(?:我|我们|咱们)?(?:{_WHEN_ZH}))(?![和跟与同在把给帮请让叫到去从])[^\s\d]{{1,5}}?(?:{_WHEN_ZH}).{{0,12}}?"
        r"(?:要|将|会来|来|(?<!直)到|过来|上门|过?生日|纪念日|有(?:个|一个|场)|开始|结束)",  # "我老板明天要来", "我女儿下周六生日"
        r"^(?:我们?)?有(?!空|没有|时间|氧)", rf"^(?:{_WHEN_ZH})[^我]{{0,10}}?我(?:要|得|会|打算|准备)|^(?:{_WHEN_ZH})[^我\s]{{0,10}}?(?<=[点分半号天午晚上早])[要得](?!不|求)|^(?:那|那么|然后)?我们?(?={_WHEN_ZH})(?=.*[点:])", r"^(?!我|每)[^\s\d，,]{2,8}?每[天日周月年个].{0,10}?[点:：][半整0-9零一二三四五六七八九十刻分]*$", r"(?<![还就不要可总倒])是(?!不是|否)", rf"^(?![我你他她])[^\s\d，,]{{2,8}}?在(?:{_WHEN_ZH})",  # "公司年会在1月15号晚上六点": when it is
        # Someone else's plans ("我妹下周一考驾照"): theirs to keep, unless asked for in so many words.
        rf"^{_KIN_ZH}(?=(?:{_WHEN_ZH}|每))",),  # "同事小刘周五…", "隔壁老张周日…"  # what someone else said ("医生说周五上午十一点给我回电话")  # "下个月五号是我妈生日": a statement  # what is left after the day and time: "有个会" says there is one  # a name, then its rule: "新闻联播每天晚上七点" is its air time
)
# What a thing does at its time ("the train leaves sunday at 9", "演唱会周六晚上八点开始"): a verb of the
# sentence, never part of the thing's name when a statement is put on the calendar.
HAPPENING = table(
    en=(r"(?:\b(?:starts?|begins?|leaves|departs?|arrives?|lands?|(?:takes|kicks)\s+off|airs?|opens?|ends|finishes|(?:is\s+|'s\s+)?happening|happens)|(?:\b(?:it|that)(?:\s+is|'s)|\bis|(?<=\w)'s)\s+on)(?:\s+(?:tv|the\s+telly|the\s+radio))?\b|\bon\s+(?:tv|the\s+telly|the\s+radio)\b",
        # Who told it and who has it ("my boss just told me we have …", "my wife has a doctor appt"), "the plumber is coming".
        r"^(?:[\w']+\s+){0,6}?(?:said|says|told|tells|mentioned)(?:\s+(?:me|us))?(?:\s+that)?\b|^(?:(?:my|our|the)\s+)?[\w']+\s+(?:has|has\s+got|'s\s+got)\b",
        r"\b(?:is|are|'s)\s+coming(?:\s+(?:over|by|round|in))?\b|\bcom(?:es|ing)\s+(?:over|by|round)\b",
        rf"^(?:my|our)\s+{_KIN_EN}\s+(?!(?:wants?|needs?|has|had|is|was|will|would|can|could|might|said|says|asked|invited|booked|moved)\b)(?=[a-z]+\s)"
        r"|^.*?\b(?:is|are|'s)\s+having\s+",  # "my sister jess lands …", "tom is having his bday party"
        r"^(?:(?:so|ok|um|and)\s+)*(?:i|we)\s+(?:really\s+)?(?:need|have|gotta|must|should)\s+(?:to\s+)?(?=[a-z])"),  # "i need to get a flu shot"
    zh=(r"(?:开始|结束|起飞|降落|落地|发车|出发|到达|抵达|开演|开播|播出|上映|开幕|开场|开赛)(?=[\s，,。!！]|$)", r"^[^\s我]{1,8}?(?:说|讲|告诉我|通知(?:说)?)(?!好)",
        r"^(?:我们?|咱们?)(?:得|需要|必须|应该|要)去?(?=\S)"),  # "我得去打流感疫苗"
)
# What someone else said ("the plumber said he'd come by ten", "医生说周五上午十一点给我回电话"): theirs, not a request.
HEARSAY = table(
    en=(r"^(?!(?:as\s+)?(?:i|we)\b)(?:[\w']+\s+){1,3}?(?:said|says|told|tells|mentioned|wants\s+(?:me|us)\s+to|invited\s+(?:me|us))\b(?!.*\b(?:pencil|book|add|put|schedule|(?:can|could|would|will)\s+(?:you|u))\b)"
        r"(?!.*(?:[.,;!?]\s*|\band\s+)(?:so\s+|pls\s+|please\s+)?(?:move|change|cancel|push|delete|remind)\b)"  # "forecast says rain sat. move the bbq to sunday"
        r"|\baccording\s+to\b(?!.*\b(?:pencil|book|add|put|schedule|(?:can|could|would|will)\s+(?:you|u))\b)"  # "…, according to the newsletter"
        r"|^(?:the\s+)?(?!(?:i|we|you)\b)[a-z]+\s+(?:has|have)\s+(?:put|set|booked|scheduled|moved|arranged|planned)\b",  # "the club has put …"
        # What they did: "my sister booked the vet for the 15th at 11", "同事把她的牙医改到周五下午四点了".
        rf"^(?:(?:my|our)\s+{_KIN_EN}\s+(?:[\w']+\s+)?|(?!(?:i|we|you|just|already|also|so|and|then|ok|finally)\b)[a-z]+\s+)"
        r"(?:booked|moved|changed|cancell?ed|rescheduled|scheduled)\b|\b(?:booked|moved|changed|cancell?ed|rescheduled|pushed|shifted)\s+(?:his|her|their)\b",
        # What was done to it: "the book club got moved to saturday", "my 11am got pushed to 11:30".
        r"\b(?:got|was|were|(?:has|have)\s+been)\s+(?:moved|pushed(?:\s+back)?|changed|rescheduled|bumped|shifted|postponed|delayed)\b(?!.*\b(?:update|change|move|fix|pencil|book|add|put|schedule|(?:can|could|would|will)\s+(?:you|u))\b)"),
    zh=(r"^(?:我的?)?(?!顺便|跟你|和你|给你)[^\s我]{1,6}?(?:说|讲|告诉我|显示)(?!好)(?!.*(?:帮我|帮忙|麻烦|请)\S{0,2}?(?:改|挪|调|更新|加|记|删|取消|安排))", rf"^{_KIN_ZH}(?:把|给|帮|替|让|叫|已经|刚|又)", r"把(?:他|她)们?的"),  # 小刘把他的体检改到周五了: his, not yours
)
# A plan said as possible, not decided ("if it rains saturday i might go", "也许周四…吧，还不确定"): talk unless asked.
HEDGED = table(
    en=(r"(?<!\beven\s)\bif(?!\s+(?:needed|necessary|possible|(?:you|u)\s+(?:c[ao]n|could|would|will)|it'?s\s+not\s+too|(?:you|u)\s+(?:don'?t|do\s+not)\s+mind|that'?s\s+ok|that\s+works|ok))\b|^(?:maybe|perhaps|in\s+theory)\b|\bimagine\b|\b(?:(?:i|we|they|he|she)\s+(?:might|could)|i'?d\s+(?!like|love|want|appreciate|be\s+grateful)\w+|i\s+guess|not\s+sure|might(?!\s+as\s+well)|gonna\s+be)\b",),
    zh=(r"^(?:也许|可能)|要是|如果|假如|万一|就好了|不确定|说不定|估计|在想|要不要|的话(?![\s,，])",),  # "牙医的话 下午两点": a topic, not "if"
)


def hedged_request(words: str, verbs: Any = None) -> bool:
    """A request said as possible: a hedge in the clause that asks ("might need to move the dentist to friday, not sure yet",
    "if it rains saturday we might move the bbq"), or a condition said before it ("if so, move gym to thursday"); never a
    hedge in a clause beside it ("…, i promised i'd go"), nor one after a clause that asked plainly ("can you remind me …,
    they said theyd pay if i get it to them by then")."""
    parts = re.split(r"[,;，；。!！?？]|\.\s|\b(?:but|so|and)\b", words)
    asks = verbs or WRITE_WORDS
    plain = [bool(asks.search(part) and POLITE.search(part.strip())) and part not in HEDGED for part in parts]
    return any(part in HEDGED and not any(plain[:i]) and (asks.search(part) or (re.search(r"\bif\b|如果|要是|假如|万一", part) and asks.search(after))) for i, (part, after) in enumerate(zip(parts, [*parts[1:], ""], strict=True)))


# What a name never holds (closed classes, so the table can be whole). First, who does it and how (a subject,
# an auxiliary, a modal: "I have a job interview …, please put it in"): a name only when a write was asked for.
# Then what no name holds at all: a negation, a hedge, a question word or particle, the perfective 了, hearsay,
# a colon before someone's words, a reminder's word. A title holding them is a sentence: offered, never booked.
CLAUSE = table(
    en=(
        r"\b(?:i|i'?m|i'?ll|i'?d|i'?ve|we|we'?re|he|she|they|it'?s|it'?ll|that'?s|that'?ll|there'?s|(?:can|could|would|should|might|must|shall)(?!\s+(?:you|u)\b)|"
        rf"does|did|is|are|was|were|got|gotten|r(?=\s))\b|^(?:(?:my|our|the)\s+)?{_KIN_EN}\b(?!'s\s+(?!(?:in|at|on|out|off|not|here|there|home|away|back|coming|going)\b)\w|\s+(?:birthday|bday|anniversary))",
        r"\b(?:won'?t|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|wasn'?t|haven'?t|hasn'?t|can'?t|cannot|not|never|maybe|perhaps|probably|if|idk|dunno|no\s+idea|"
        r"whether|says|said|forget|forgot|scratch|nvm|jk|just\s+kidding|(?:how|what|when|where|why|who)(?:'?s)?)\b|(?<![0-9]):(?![0-9])",
    ),
    zh=(
        r"^(?:我|我们|咱们|你|他|她|他们|她们)(?![的妈爸家哥姐弟妹老女儿孩])",
        r"[吗呢嘛没别]|(?<![为除到好约订定])了|(?<!不见)不|也许|可能|如果|要是|听说|据说|提醒|逗你|开玩笑|算了|本来|想想",
        r"帮我|帮忙|麻烦|[加记约订](?:一下|下)(?![午周])",  # a request the title-reader left in ("午餐会 帮忙加下")
    ),
)
# Sides of a fixture ("arsenal play chelsea", "the lakers play", 国足打日本, 曼联对利物浦; "school play" is a name):
# like who does it, a name only when a write was asked for.
SIDES = table(
    en=(r"^\S+(?:\s+\S+)?(?:\s+(?:v|vs|plays?|faces?|hosts?|takes\s+on)\s+\S|s\s+play$|\s+plays$)",),
    zh=(r"^(?![和跟与同去约陪带给])[\u4e00-\u9fff]{2,4}(?:对|打|迎战|对决)[\u4e00-\u9fff]{2,4}$",),
)
# A correction inside one message, after a moment was said ("tennis saturday 10 no wait 11", "周六十点打球 不对
# 十一点"): which moment is meant is asked, never guessed.
SELF_CORRECTION = table(
    en=(r"\b(?:no\s+wait|wait\s+no|no\s+sorry|sorry\s+no|no\s+no|i\s+mean(?:t)?|or\s+rather|actually\s+(?:make\s+(?:it|that)|no)|no,?\s+actually)\b",),
    zh=(r"[哦啊]?不对|[哦啊]不|[说记看搞弄写]错了|口误|算了还是|(?:不是|还是)(?=[0-9一二两三四五六七八九十周星礼明后今下上])|(?<=\s)不是(?=\s+[0-9一二两三四五六七八九十])",),
)
# A street address or a numbered room ("21 park lane", "12 main st", "中山路12号", "3号会议室"): its
# numbers are no day and no time, for every reader (the date reader claims it before reading).
ADDRESS: Final = re.compile(
    r"(?<![0-9:./])[0-9]{1,5}[a-z]?\s+(?:(?!(?:on|in|at|the|to|for|by|with|and|or|[ap]m|tomorrow|today|tonight)\b)"
    r"(?:[a-z'.]+|[0-9]{1,3}(?:st|nd|rd|th))\s+){1,3}(?:street|st|road|rd|lane|ln|avenue|ave|boulevard|blvd|parkway|pkwy|highway|hwy)\b\.?"
    r"|(?<![0-9:./])[0-9]{1,3}(?:st|nd|rd|th)\s+(?:street|st|avenue|ave|floor|fl)\b\.?"  # "the thai place on 5th street"
    r"|[\u4e00-\u9fff](?:路|街|巷|弄)[0-9零一二三四五六七八九十百]+号(?:楼|院)?|(?<![点时月])[0-9一二三四五六七八九十]+号(?:会议室|教室)"
    r"|(?<![0-9:])1\s?(?:on|-on-)\s?1(?![0-9])"  # a meeting's kind: "1on1", "1-on-1"
    r"|\b(?:room|rm|gate|floor|level|building|bldg|platform|pier|dock|suite|unit|apt|ward|terminal|hall|court|version|v|release)\s?#?[0-9]{1,4}(?:\.[0-9]{1,2})*[a-z]?\b",  # "room 4", "version 2.0"
    re.IGNORECASE,
)
# Asking for the reminders set: the product has no list of them to read out.
REMINDER_QUESTION = table(
    en=(
        r"\b(?:which|what|any|list|show|my)\b.{0,20}\b(?:reminders?|alerts|notifications)\b(?!\s+(?:me|to|for)\b)",
        r"\breminders?\b.{0,20}\b(?:set|do\s+i\s+have|are\s+there)\b",
        r"\b(?:did|have)\s+(?:you|u)\s+(?:set|put|add|make)\s+(?:up\s+)?(?:a|any|the)\s+reminders?\b",  # "did u set a reminder for that?"
    ),
    zh=(r"(?:哪些|什么|几个|有没有|查看|看看|列出)(?:的)?提醒|提醒(?:有哪些|列表)|设了(?:哪些|什么)提醒|设(?:了|过)?提醒了?吗",),
)
