"""Titles in the person's own words, and which known event a message names.

A title is what is left of the request once the request words ("put", "帮我约"), the date and time
(already read by ``when.py``) and the filler around them are gone: "put a dentist appointment on
Friday at 3pm" -> "Dentist appointment", "帮我约周五晚上7点吃饭" -> "吃饭".
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any, Final

from assistant.providers.offline.calls import say
from assistant.reading.answers import is_courtesy
from assistant.reading.vocabulary import ADDRESS, CLAUSE, HEARSAY, INSIST, WRITE_WORDS

MAX_TITLE = 200

# Words before a title that are not part of it: politeness and interjections, then request verbs.
_LEAD_EN = re.compile(
    r"^(?:(?:to|in|on|into)\s+(?:my\s+|the\s+)?(?:calendar|diary|agenda)(?:\s+(?:for|that))?|calendar(?:\s+it)?(?=\s+\S)|put\s+that|recurring|repeating|(?:it|this)(?=\s+(?:in|on|into|to)\s+(?:my\s+|the\s+)?(?:calendar|diary|agenda)\b)|"
    r"please|pls|plz|kindly|ok(?:ay)?|k+|ya+h?|ha(?:ha)+|lol|lmao|but|got(?=\s+(?:an?|the|my|some)\s)|so|and|also|then|now|hey|hi|hello|hiya|yo|oh|ah|aw+|u+m+|u+h+|u+gh+|damn|dang|darn|shoot|welp|meh|e+r+m*|right|btw|by\s+the\s+way|fyi|anyways?|for\s+real|seriously|at\s+least|before\s+i\s+forget|one\s+more\s+thing|"
    r"(?:no|nope|wait|sorry|oops|whoops|hmm+)(?=[\s,])|first(?=\s+(?:put|add|book|schedule|set|make|create)\b)|"
    r"great|perfect|cool|nice|alright|fine|thanks|thank\s+you|"
    r"good\s+(?:morning|afternoon|evening)|actually|yes|yeah|yep|yup|sure|(?:can|could|would|will)\s+(?:you|u|we)|"
    r"(?:i\s+)?(?:also\s+)?(?:want|need|would\s+like|wanna|have|got)\s+to|(?:i\s+)?gotta|i\s+also\s+(?:want|need)|i'?d\s+like\s+to|i\s+(?:want|need|would\s+like|wanna)|i'?d\s+like|need(?=\s+\w)|"
    r"(?:would\s+you\s+)?be\s+so\s+kind\s+as\s+to|do\s+the\s+needful(?:\s+and)?|(?:i'?d|i\s+would)\s+(?:really\s+)?appreciate\s+(?:it\s+)?if\s+(?:you|u)\s+(?:could|would|can)|"
    r"let'?s(?:\s+say)?|let\s+us|help\s+me(?:\s+to)?|go\s+ahead\s+and|have|i\s+have|(?:(?:my|our)\s+)?[\w']+\s+(?:told|tells)\s+(?:me|us)(?:\s+that)?|(?:i|we)'?ve\s+got|i\s+got|there'?s|it'?s|it\s+is|"
    r"there\s+is|we\s+have|(?:we|i)(?:'re|'m|\s+are|\s+am)\s+having|that(?=\s+(?:we|i|there)\b)|(?:is|are)(?=\s+\S+'s\b)|new(?!\s+year)|another(?=\s+\S)|(?:it|that|this)(?=\s*,)|me|for|on|at|in|to|with\s+me|an?|the|some|my|our|"
    r"(?:calendar\s+)?(?:event|entry)(?:\s+(?:for|called|named))?(?=:?\s+\S)|mark\s+(?:my\s+|the\s+)?calendar)\b[\s,:]*",
    re.IGNORECASE,
)
# The request verb, peeled once: "add book club" is "Book club", not "Club".
_VERB_EN = re.compile(
    r"^(?:do(?=\s+(?:the|my|our|an?)\s)|(?:re-?)?schedule|(?:re-?)?book(?:\s+in)?(?!\s+(?:club|fair|signing|launch|reading|sale)\b)|(?:put|stick|pop|slot)(?:\s+in|\s+down|\s+me\s+down(?:\s+for)?)?|(?:throw|squeeze|lock|fit|get\s+me)\s+(?:in|down)(?:\s+for)?|add|set\s+up|setup|arrange|create|make|plan|pencil(?:\s+in)?|"
    r"go\s+to(?=\s+(?:the|my|a)\s)|block\s+(?:it|that|this)\s+(?:off|out)|block(?:\s+out|\s+off)?(?:\s+(?:some\s+)?time\s+for)?|hold(?!\s+(?:on|up|off)\b)(?:\s+(?:it|that|the\s+slot|some\s+time))?(?:\s+for)?|grab(?=\s+(?:the|that|for)\s)|reserve|organi[sz]e|enter|save|(?:note|jot|mark|write)\s+down|mark(?:\s+it)?\s+as|get\s+me|get(?=\s.+\s(?:on|in|into)\s+(?:my|the)\s+(?:calendar|cal|diary|schedule)\b)|remind\s+me(?:\s+to|\s+about|\s+of)?|"
    r"set)\b[\s,:]*",
    re.IGNORECASE,
)
_TAIL_EN = re.compile(
    r"[\s,]*\b(?:(?:on|to|in|into|from)\s+(?:my\s+|the\s+)?(?:calendar|schedule|agenda|diary)|(?:for|4)\s+me|please|thanks|thx|ty|can|"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:please\s+)?(?:add|put|pop|stick|book|schedule|save)(?:\s+(?:it|that|this)(?:\s+(?:in|on|down))?)?|down|"
    r"thank\s+you|many\s+thanks|booked|scheduled|planned|arranged|confirmed|official|settled|decided|final|there|ugh|lol|lmao|haha+|omg|phew|pls|plz|on|at|for|from|by|in|to|next|this|and|then|(?:is|are|was)(?:\s+(?:booked|scheduled|set|planned|confirmed))?|at\s+like|at\s+around|around|about|starting|that|it|as\s+well|too|"
    r"like|anyways?|instead(?:\s+of\s+[\w:.]+(?:\s*[ap]\.?m\.?)?)?|again|now|ok(?:ay)?|sometime|right\s+(?:after|before)|(?:so\s+(?:that\s+)?)?(?:i\s+)?(?:don'?t|do\s+not|won'?t)\s+(?:(?:want\s+to|wanna)\s+)?(?:forget|miss)(?:\s+(?:it|this|that))?"
    r"|(?:before|because|cause|cuz|since)\s+(?:i|we)(?:'?[mdl]l?|'?re)?\s+[^,]*)$",  # "… before i chicken out": a reason
    re.IGNORECASE,
)
_LEAD_ZH = re.compile(
    r"^(?:好了?(?=[\s，,])|嗯+|呃|[哎唉诶欸]+呀?|吧(?!台)|标(?:一下|下)?(?=\s|$)|那个(?=[\s，,])|就是|然后|说正经的?|跟你说一?下|先?等(?:一下|下|等|一等|会儿?)|[找约](?:一?个|点)?时间|[先再也](?=约|安排|加|订|定|排|记|预|帮|给|提|把|$)|(?:能|可以)(?=帮|给|替)|约(?=[和跟与同])|其实|不对|算了|(?:确定|确认|肯定|定下来)了?(?:是|在|$)|(?:一直|直)到|你好|您好|嗨|哈喽|对了|哦|噢|另外|顺便|还有|你就?(?=在|帮|给|替|把)|重新(?=约|订|安排|加|排|记)|约到(?=\s|$)|那就|那么|那|就|还是|改成|(?:请|麻烦)[你您]?|帮我|给我|替我|帮忙|"
    r"劳驾|为我|我要|我想|我需要|需要|想要|我(?!们)|有(?!氧|空|没)|(?:book|schedule|add)(?=\s?(?:一?个|[\u4e00-\u9fff]))|要|想|计划|打算|准备(?!会)|在(?:我的?)?(?:日程|日历)(?:表)?[上里]?|在(?!家)|于|把|去|提醒我|记得|安排(?:一下|个)?|预约|预定|预订|"
    # 约 is a request ("约吃饭") unless what follows is only a person: "约王医生" is the appointment itself.
    r"(?:约|说)好?了|约好|约一下|约(?=一?个|的|[\u4e00-\u9fff\s]*?(?:吃|喝|开|见|看|打|玩|聊|逛|跑|健身|运动|爬|唱|去|谈|碰|理发|剪发|洗牙|体检|按摩|面试))|以后|今后|"
    r"订|[加记]上|加(?:一?个)?|添加|设置|设定|一?[场次](?=[\u4e00-\u9fff]{2})|新建|创建|建一?个|定(?!时)(?:一?个)?|排(?:一?个)?|记(?:一?个|下来?|住|着)?|(?:预)?留(?:出)?(?:一?个)?|空出|一个|一下|个|的|一?趟|"
    r"(?:日程|日历|活动|事项)(?=[:：\s,，]|$)|会(?=[:：])|(?:标题|名称|名字|主题|内容)(?:是|为|叫|[:：])|(?:日程|日历)[上里]|月底|月初|年底|年初|"  # "添加日程：部门例会", "订个日程 开家长会"
    # "做按摩" -> "按摩", "开部门会" -> "部门会", "吃早午餐" -> "早午餐"; "做饭", "开会", "吃午饭" stay whole.
    r"做(?!头发)(?=[\u4e00-\u9fff]{2,})|开(?!一?个?会$|[工题学业幕发年])(?:一?[个场次])?(?=\s?[\u4e00-\u9fff]+会)|吃(?=[\u4e00-\u9fff]{3,}))"
)
# A request said after the thing ("面试 帮我加到日历", "聚餐 安排一下", "项目评审加到日程里"): a benefactive
# or a clause break, a verb of putting down, its result and where it goes.
_REQUEST_TAIL_ZH = re.compile(
    r"(?:[\s，,]*[你您]?(?:帮我|给我|请|麻烦)(?:把(?:它|这个|这件事))?(?:都|也)?(?:安排|加|添加?|记|计|标|放|存|写|排|建|订|约|占|入|删掉|删除|取消|设(?:成|为|置)?)?|(?<=[\s，,])(?:安排|加|添加|记|标|放|写|建|订|约|设(?:成|为|置)?)"
    r"|(?:加|放|记|存|写)(?=[到进在上]|日[程历]))(?:一下|上|下来?|进去?|到|入|落|在|成|一?个)*(?:我的?)?(?:\s?重复的?)?(?:日程|日历|行程|行事历|calendar|时间)?(?:表)?(?:里|上|中)?(?:吧|哈|啊|呀)*$"
)
_TAIL_ZH = re.compile(
    r"(?:别忘(?:记)?了?|(?:去|来|上|开|看)不[了成]了?|走不开|的话|记得(?:提醒我)?|时长|(?:已经)?[定订约]好了?|^占(?:个坑|个位置?)?|(?:定|约|放|改)?在|(?<=[\u4e00-\u9fff]{2})是|就定|就|(?<=[\u4e00-\u9fff]{2})(?<![预签合赴守失爽])约|(?:都|也|要)?记(?:一下|下来|上)?|吧|呗|嘛|啊|呀|哦|呢|了|吗|么|哈|啦|一下|到日程里?|到日历里?|进日程|在日程上|的日程|的时候|那天|当天|那个|"
    r"好吗|可以吗|谢谢)$"
)
# "吃个晚饭" -> "吃晚饭", "开个会" -> "开会": the measure word after a one-character verb is filler.
_MEASURE_ZH = re.compile(r"(?<=[吃喝开见打做看理洗逛聊通])个(?=[\u4e00-\u9fff])")
# "book club is on Thursday, can you add it?": the request is its own clause; the title is the other one.
_REQUEST_CLAUSE = re.compile(
    r"^(?:(?:so|and|then|ok)\s+)?(?:(?:can|could|would|will)\s+you|please|pls|(?:add|put|stick|pop)\s+it|book\s+it|"
    r"schedule\s+it)\b|^(?:帮我|请|麻烦|能不能|可以|加一下|加上|(?:都|也)?记一下)",
    re.IGNORECASE,
)
_VOCATIVE = re.compile(r"[\u4e00-\u9fff]{1,3}[啊呀]")
_TAKES_BACK = re.compile("|".join(p.pattern for p in (*CLAUSE.en[1:2], *CLAUSE.zh[1:2])), re.IGNORECASE)
_FILLER_LEAD = re.compile(r"(?<=[\s,])(?=\w)|^(?=\w)")  # where a word starts
# Clauses: commas and semicolons, and the end of a sentence ("Great. Add an event at 9").
_CLAUSES = re.compile(r"\s*(?:[,;，；。！？]|(?<!\bdr)(?<!\bmr)(?<!\bms)(?<!\bmrs)(?<!\bst)(?<!\bprof)[.!?](?=\s|$))\s*|\s+(?=(?:but|anyway|anyways)\s)", re.IGNORECASE)
_EDGE = re.compile(r"^[\s,.;:!?'\"“”‘’、，。；：！？（）()\-–—\u2600-\u27bf\U0001f300-\U0001faff]+|[\s,.;:!?'\"“”‘’、，。；：！？（）()\-–—\u2600-\u27bf\U0001f300-\U0001faff]+$")

_STOP_WORDS = frozenset({
    "a", "an", "the", "my", "our", "your", "his", "her", "their", "this", "that", "it", "one", "to", "on", "at", "in",
    "for", "of", "with", "and", "or", "me", "i", "we", "you", "is", "are", "be", "please", "event", "events",
    "appointment", "appointments", "meeting", "meetings", "thing", "things", "calendar", "schedule",
})  # fmt: skip
_WORD = re.compile(r"[a-z0-9']+|[\u4e00-\u9fff]", re.IGNORECASE)
# Words of an event's kind that say which event only weakly ("the meeting", "会").
_WEAK = frozenset({"meeting", "会", "会议", "call", "appointment", "event"})


# Words that name nothing: leftovers ("let's say Friday" leaves "say"), function words and words that say
# "an appointment" without saying which. A title made only of these ("something in for me, can u", "a
# thing", "itll take") names nothing, and is asked for.
_THING = frozenset({"thing", "things", "something", "anything", "stuff", "smth", "sth"})
_NAMELESS_WORDS = _THING | (_STOP_WORDS - {"meeting", "meetings"}) | {
    "say", "let's", "lets", "how", "what", "about", "maybe", "instead", "then", "actually", "rather", "works", "work",
    "better", "fine", "ok", "okay", "sure", "yes", "no", "nah", "nope", "go", "do", "one's", "good", "great", "perfect", "would",
    "could", "also", "just", "only", "so", "but", "now", "still", "again", "really", "start", "starting", "needs",
    "need", "takes", "take", "lasts", "last", "enough", "it's", "its", "earlier", "later", "time", "duration", "length",
    "long", "longer", "shorter", "end", "wait", "sorry", "hmm", "oh", "should", "meant", "mean", "them", "entries",
    "reminder", "reminders", "some", "can", "u", "pls", "am", "doing", "going", "happening", "plan", "plans", "if",
    "possible", "btw", "ugh", "entry", "like", "first", "slot", "quick", "goes", "runs", "try", "before", "after", "hold", "hang",
    "obviously", "tho", "though", "sometime", "anytime", "whenever", "definitely", "probably", "totally", "literally", "lol", "haha", "too", "well",
}  # fmt: skip
_THING_ZH = re.compile(r"[个件些]事|事情|东西")
_NAMELESS_ZH = re.compile(r"事情|事|东西|活动|日程|行程|安排|时间|然后|顺便|记得|开始|会?持续|大概|大约|[有个件一要我想的下点些吧呢啊呗嘛哈嗯那记加帮你请给做干忙它佢好是说着这不约打开都也行再设]")
# A verb of notifying aimed at the person ("alert me", "ping me"): what for is unsaid.
_NOTIFY_ME = re.compile(r"(?:alert|notify|ping|warn|buzz|text|call|message)\s+me", re.IGNORECASE)


def title_from(raw: str | None, *, verb: bool = True) -> str | None:
    """A title, or None when the words name nothing in particular ("an appointment", "say")."""
    title = clean_title(raw or "", verb=verb)
    # A request's verb alone ("ok grab 11am for me" -> "Grab") is how it was asked, not what: no name ("my shift" is one).
    owned = re.match(r"\W*(?:my|our|the|his|her|their)\s", raw or "", re.I)
    asked_only = title is not None and not owned and all(WRITE_WORDS.fullmatch(word) for word in re.findall(r"[^\W\d_]+", title.lower()))
    return None if title is None or asked_only or _NOTIFY_ME.fullmatch(title) or only_filler(title) else title


# Filler before a reminder's words ("hey …", "嗯 那个 记得…"); its verb is its own ("订机票" is booking tickets).
_SAID_LEAD = re.compile(
    r"^(?:(?:(?:hey|hi|yo|um+|uh+|so|and|also|ok(?:ay)?|pls|plz|please|sometime|you\s+can|u\s+can|for\s+me|for|me(?=\s+(?:to|about|that)\b)|to|2|about|regarding|of|that)\b|嗯+|呃|那个|那就|那|对了|记得|[吧啊呀哈])[\s,，]*)+", re.IGNORECASE
)


def said_words(raw: str) -> str | None:
    """The person's words for what to be reminded of, without the filler around them, as typed ("hey to send
    the invoice" -> "send the invoice", "嗯 那个 记得 给老王回电话啊" -> "给老王回电话")."""
    said = _EDGE.sub("", _SAID_LEAD.sub("", " ".join(raw.split())))
    said = re.sub(r"(?:[\s,.!?，。！？]*(?<![a-z])(?:pls|plz|please|thanks|thank\s+you|thx|ty|sometime|some\s?day|at\s+some\s+point|谢谢|多谢|谢啦)[.!?。！]*)+$", "", said, flags=re.I)
    said = re.sub(r"(?<!酒)(?:[吧呗啊呀哈啦])+$", "", _AFTER_PARTICLE_ZH.sub("", said).rstrip(" ,.!?，。！？"))
    said = said.strip(" ,，.。")
    return said or None


# A particle ends a Chinese clause: what follows it is another thought ("吃药哈 老忘记", "帮我加上哈 早点睡了").
_AFTER_PARTICLE_ZH = re.compile(r"(?<=[\u4e00-\u9fff])(?<!酒)[吧呗啊呀哈啦嘛](?:\s+|[，,]\s*)\S.*$")
_PRONOUN_CONTRACTED = re.compile(r"^(it|you|we|they|he|she|i|that|there)(?:ll|re|ve|d|m)$")  # "itll", never "before"


def only_filler(text: str) -> bool:
    """Words that name nothing: filler, function words and words for "a thing" ("itll take", "有个事要")."""
    text = re.sub(r"'s\b", " ", text)  # "thursday's"
    if not _NAMELESS_ZH.sub("", re.sub(r"[\W_]", "", text)):
        return True
    # A contraction is its word and an auxiliary: "It'll be" names nothing, like "it will be".
    # Typed without the apostrophe too: "itll", "youre".
    latin = [_PRONOUN_CONTRACTED.sub(r"\1", re.sub(r"'(?:ll|re|ve|d|m|s)$", "", word)) for word in re.findall(r"[A-Za-z']+", text.lower())]
    return bool(latin) and all(word in _NAMELESS_WORDS for word in latin) and not re.search(r"[\u4e00-\u9fff0-9]", text)


def placeholder(title: object) -> bool:
    """A title whose head only says "a thing" ("Thing for the kids", "有个事"): the next name said replaces it."""
    if not isinstance(title, str):
        return False
    return bool(_THING & set(re.findall(r"[a-z]+", title.lower()))) or bool(_THING_ZH.search(title))


def refines(title: str, known: object) -> bool:
    """ "Design team meeting" for "Meeting", "设计组站会" for "会": every word of the open name and more."""
    tokens = [set(_WORD.findall(text.lower())) for text in (title, str(known or ""))]
    return bool(tokens[1]) and tokens[1] < tokens[0]


def kind_only(title: str) -> bool:
    """A name that only says what kind of event ("Meeting", "会"): any name said for it is better."""
    said = {token.lower() for token in _WORD.findall(title)} - {"a", "an", "the", "my", "our"}
    return bool(said) and said <= _WEAK | {"meetings", "calls", "appointments", "appt"}


def same(left: object, right: object) -> bool:
    return isinstance(left, str) and isinstance(right, str) and left.strip().casefold() == right.strip().casefold()


def _main_clause(text: str) -> tuple[str, bool]:
    """The clause that names the thing, and whether a separate clause made the request."""
    split = [c for c in _CLAUSES.split(text) if re.search(r"[A-Za-z\u4e00-\u9fff0-9]", c)]
    # A clause of courtesy ("Wonderful, thank you.", "好的，") names nothing, wherever it stands.
    clauses = [c for c in split if not is_courtesy(c)]
    if len(clauses) < len(split):
        text = ", ".join(clauses)
    # One clause that asks and names beside others ("actually forget the massage, put a team dinner …"): its name.
    if (clause := asking_clause(clauses)) is not None:
        return clause, False
    # A request clause that names something itself ("please add Property viewing, at 55 Main St") is the name.
    requests = [c for c in clauses if _REQUEST_CLAUSE.search(_LEAD_EN.sub("", _LEAD_EN.sub("", c.strip()))) and not _peel(c)]
    naming = [c for c in clauses if c not in requests and _LEAD_ZH.sub("", _LEAD_EN.sub("", c)).strip()]
    naming = [c for c in naming if not _VOCATIVE.fullmatch(c.strip())] or naming  # "小林啊，帮我记一下，…": who is spoken to
    if requests and naming:
        subject = re.sub(r"\s+(?:is|are|will\s+be|'s)$|^是", "", naming[0].strip(), flags=re.IGNORECASE)
        return subject, True
    return text, False


def asking_clause(clauses: Sequence[str] | str) -> str | None:
    """The one clause that asks and names beside others ("…, but anyway can you put a call with the accountant
    on wednesday"), unless another takes it back or hedges it ("… actually no dont"): that is for the caller."""
    if isinstance(clauses, str):
        clauses = [c for c in clauses_of(clauses) if not is_courtesy(c)]
    asking = [c for c in clauses if _VERB_EN.match(_lead_gone(c)) and _peel(c)]
    others = [c for c in clauses if c not in asking]
    # (someone else's words beside it, "she said the review got pushed again", take nothing back)
    if len(asking) == 1 and others and not any(place_only(c) or (_TAKES_BACK.search(c) and c not in HEARSAY) for c in others):
        return asking[0]
    return None


def clauses_of(text: str) -> list[str]:
    """The clauses of a message: commas, sentence ends, and "but" / "anyway" before another thought."""
    return [c for c in _CLAUSES.split(text) if re.search(r"[A-Za-z\u4e00-\u9fff0-9]", c)]


def opens_with_request(clause: str) -> bool:
    """ "pls add it", "and book it": the clause opens with a request verb (filler aside), no subject of its own before it."""
    return bool(_VERB_EN.match(_lead_gone(clause)))


def _lead_gone(clause: str) -> str:
    text = clause.strip()
    for _ in range(6):
        text, before = _LEAD_EN.sub("", text), text
        if text == before:
            break
    return text


def clean_title(text: str, *, verb: bool = True) -> str | None:
    """The person's words for the thing, or None when nothing is left."""
    main, requested_apart = _main_clause(_MEASURE_ZH.sub("", INSIST.sub(" ", text)))  # "… even if it clashes": no name
    if requested_apart:
        # The verb is in the other clause: "book club" is a name here, not "book" + "club".
        return _finish(_peel(main, verbs=0))  # "I have a job interview, please put it in": "Job interview"
    return _finish(_peel(main, verbs=int(verb)))


def _peel(text: str, *, verbs: int = 1) -> str:
    """``text`` without request words and filler at either end."""
    title = _EDGE.sub("", text)
    for _ in range(12):  # peel from both ends until nothing changes
        before = title
        title = _LEAD_EN.sub("", title)
        lead = next((m for m in _FILLER_LEAD.finditer(title) if _VERB_EN.match(title[m.end() :])), None) if verbs else None
        if lead and only_filler(title[: lead.end()]):
            title = title[lead.end() :]  # "first, put lunch with tom", "just put dinner at nandos": the filler goes too
        if verbs and (verb := _VERB_EN.match(title)):
            title, verbs = title[verb.end() :], 0
        title = _EDGE.sub("", _TAIL_EN.sub("", title))
        title = _EDGE.sub("", _TAIL_ZH.sub("", _REQUEST_TAIL_ZH.sub("", _LEAD_ZH.sub("", title))))
        if re.search(r"[\u4e00-\u9fff]", title):
            # Chinese phrases set apart by spaces: one that names nothing ("记个事 周五 牙医复诊" leaves "事",
            # "把这个放进日历 … 述职答辩" leaves "这个") goes; after a particle, another thought begins.
            parts = _AFTER_PARTICLE_ZH.sub("", title).split()
            kept = [part for part in parts if not only_filler(_REQUEST_TAIL_ZH.sub("", part))]  # a negated phrase is a reason:
            title = " ".join(part for part in kept if len(kept) == 1 or not _TAKES_BACK.search(part)) or title  # "不折腾了"
        # Sentences in one title ("let's try. lunch with Grace"): one that names nothing goes.
        title = " ".join(part for part in re.split(r"(?<=[.!?])\s+", title) if not only_filler(part)) or title
        if title == before:
            break
    return title


# Where it is held, said after the name ("活动 地点在中山路12号", "…, it's at 200 Park Avenue"): not the name.
_PLACE = re.compile(
    r"[\s,，]*(?:(?:地点|地址|位置)(?:在|是|[:：])|\b(?:the\s+)?(?:location|address|venue)\s+is\b|\bit(?:'?s|\s+is|\s+will\s+be)"
    r"(?:\s+held)?\s+at\s+\d).*$",
    re.IGNORECASE,
)

_AT_ADDRESS = re.compile(rf"(?:at\s+)?(?:{ADDRESS.pattern})", re.IGNORECASE)


def place_only(text: str) -> bool:
    """ "the location is 123 Main Street", "地点在中山路12号", "at 21 park lane": where it is held, and nothing else."""
    return _PLACE.match(text) is not None or _AT_ADDRESS.fullmatch(text.strip(" .,!。，")) is not None


# "约个会 和刘总" leaves the thing before the person: in Chinese the person comes first, then the doing ("和刘总开会").
_DOING_ZH: Final = {"会": "开会", "会议": "开会", "饭": "吃饭", "球": "打球", "电话": "打电话", "咖啡": "喝咖啡"}
_THING_FIRST_ZH = re.compile(rf"^(?P<thing>{'|'.join(_DOING_ZH)})\s*(?P<who>[和跟与同][\u4e00-\u9fff]{{1,4}})$")


def _finish(title: str) -> str | None:
    title = _PLACE.sub("", title)
    title = _THING_FIRST_ZH.sub(lambda m: m["who"] + _DOING_ZH[m["thing"]], title)
    # "那天" ("that day") is a date word the reader leaves inside "妈妈生日那天吃饭"; "一下" is
    # filler inside "见一下张老师".
    title = re.sub(r"(?<=[\u4e00-\u9fff])(?:那天|当天|一下)(?=[\u4e00-\u9fff])", "", title)
    # "a meeting for tmrw 9am with HR": a preposition whose moment was read out of the middle goes with it.
    title = re.sub(r"(?i)\b(?:for|on|at|by)\s+(?=(?:with|w/|for|at|on)\b)", "", title)
    title = _MEASURE_ZH.sub("", title)
    title = re.sub(r"\s+(?=[,，])", "", " ".join(title.split()))
    if not title or not re.search(r"[A-Za-z\u4e00-\u9fff0-9]", title):
        return None
    if title[0].isascii() and title[0].isalpha():
        title = title[0].upper() + title[1:]
    return title[:MAX_TITLE]


def words(text: str) -> set[str]:
    """English words and Chinese characters plus bigrams, for matching a message to a title."""
    tokens = [token.lower().strip("'") for token in _WORD.findall(text)]
    latin = {token.removesuffix("'s") for token in tokens if token and not _is_cjk(token)} - _STOP_WORDS
    latin |= {token[:-1] for token in latin if token.endswith("s") and len(token) > 3}
    cjk = [token for token in tokens if _is_cjk(token)]
    return latin | {a + b for a, b in itertools.pairwise(cjk)} | set(cjk)


def _is_cjk(token: str) -> bool:
    return len(token) == 1 and "\u4e00" <= token <= "\u9fff"


def overlap(name: str, title: str) -> float:
    """How strongly ``name`` (from the message) points at ``title``: 0 is not at all."""
    said, known = words(name), words(title)
    shared = said & known
    if not shared:
        return 0.0
    return sum(0.5 if token in _WEAK else (2.0 if len(token) > 1 else 1.0) for token in shared)


def weak_only(name: str) -> bool:
    """ "the meeting", "会": words that say what kind of event, not which."""
    return words(name) <= _WEAK


def best_match(name: str, candidates: Sequence[dict[str, Any]], *, on_day: str | None = None) -> list[dict[str, Any]]:
    """The candidates ``name`` fits best (several on a tie); ``on_day`` (ISO date) breaks ties."""
    scored = [
        (overlap(name, str(c.get("title") or "")) + (1.5 if on_day and c.get("date") == on_day else 0.0), c)
        for c in candidates
    ]
    scored = [(score, c) for score, c in scored if score > (1.5 if on_day else 0.0) or (score > 0 and not on_day)]
    if not scored:
        return []
    top = max(score for score, _ in scored)
    return [c for score, c in scored if score == top]


def sentence(text: str, *, zh: bool) -> str:
    """A fact as one sentence: first letter up, a full stop at the end."""
    text = _EDGE.sub("", text)
    if not text:
        return text
    if text[0].isascii() and text[0].isalpha():
        text = text[0].upper() + text[1:]
    return say("fact_sentence", "zh" if zh else "en", text=text)
