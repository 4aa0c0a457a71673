"""The vocabulary of writes, one small lexicon per kind, shared by the claim reader (a reply says
a write is done) and the request reader (the person asks for one).

Each kind has its English verbs as said when done (past tense or participle) and as asked
(base form), and its Chinese verbs; the grammar in ``assistant.turn.claims`` combines them with
frames (perfect, passive, subjectless receipt, resultative, state of the calendar), so a new verb
is one word here, not one pattern per sentence.
"""

from __future__ import annotations

from assistant.reading.vocabulary import WEEKDAYS_EN

KINDS = ("create", "change", "delete", "remember")

# English, said as done. Verbs that need a particle keep it ("set up", "called off").
EN_DONE = {
    "create": (
        r"added|add(?:ded|ed)|booked|scheduled|schedul+ed|shceduled|created|set\s+up|arranged|"
        r"pencil+ed(?:\s+in)?|blocked(?:\s+(?:out|off))?|reserved|slotted(?:\s+in)?|entered|inserted|"
        r"locked\s+in|registered|signed\s+(?:you\s+)?up|lined\s+up|calendared|popped\s+(?:it\s+)?in|"
        r"made\s+(?:the|an?|your)\s+(?:booking|appointment|reservation|entry)|confirmed|logged"
    ),
    "change": (
        r"moved(?:\s+(?:up|back|forward|over))?|re-?scheduled|re-?sheduled|changed|updated|shifted|renamed|"
        r"pushed(?:\s+(?:back|out|forward|up))?|postponed|brought\s+(?:[\w']+\s+){0,3}?forward|"
        r"pulled\s+(?:[\w']+\s+){0,3}?forward|delayed|bumped|swapped|switched|adjusted|extended|shortened|"
        r"edited|modified|amended|re-?timed|relocated|re-?booked|re-?arranged|tweaked|corrected"
    ),
    "delete": (
        r"deleted|delted|removed|remvoed|cancell?ed|cancled|canceld|cleared(?:\s+(?:out|off))?|dropped|scrapped|"
        r"taken\s+(?:[\w']+\s+){0,4}?off|took\s+(?:[\w']+\s+){0,4}?off|wiped(?:\s+out)?|erased|"
        r"called\s+(?:it\s+|that\s+)?off|got(?:ten)?\s+rid\s+of|axed|binned|trashed|"
        r"struck\s+(?:[\w']+\s+)?off|crossed\s+(?:[\w']+\s+)?off|nuked|purged"
    ),
    "remember": (
        r"remembered|noted(?:\s+down)?|saved|stored|memori[sz]ed|made\s+a\s+note|"
        r"(?:written|wrote|jotted)\s+(?:it\s+|that\s+|this\s+)?down|recorded|filed(?:\s+(?:it\s+|that\s+)?away)?|"
        r"committed\s+(?:it\s+|that\s+|this\s+)?to\s+memory|kept\s+(?:it\s+|that\s+|this\s+)?in\s+mind|learn(?:ed|t)"
    ),
}

# English, asked for (imperative or "can you …").
EN_ASK = {
    "create": (
        r"add|book|schedule|put|set\s+up|create|arrange|pencil|block(?:\s+(?:out|off))?|reserve|slot|"
        r"make\s+(?:an?|the|me\s+an?)\s+(?:appointment|booking|reservation|event|entry)|remind\s+me|sign\s+me\s+up|"
        r"plan|organi[sz]e|enter|log|new\s+event"
    ),
    "change": (
        r"move|re-?schedule|change|shift|push|postpone|bring\s+(?:[\w']+\s+){0,3}?forward|pull\s+(?:[\w']+\s+){0,3}?forward|rename|"
        r"update|delay|bump|swap|switch|adjust|extend|shorten|edit|make\s+it|instead"
    ),
    "delete": (
        r"delete|remove|cancel|clear|drop|scrap|take\s+(?:[\w']+\s+){0,4}?off|get\s+rid\s+of|call\s+(?:it\s+)?off|"
        r"wipe|erase|axe|kill"
    ),
    "remember": (
        r"remember|note(?:\s+down)?|save|store|memori[sz]e|keep\s+(?:it\s+|that\s+|this\s+|in\s+)?(?:in\s+)?mind|"
        r"don'?t\s+forget|make\s+a\s+note|write\s+(?:it\s+|that\s+)?down|jot\s+(?:it\s+|that\s+)?down"
    ),
}

# Chinese verbs; look-aheads keep out words that merely begin with one ("建议", "放心", "改天", "存在").
ZH_VERBS = {
    "create": (
        r"安排(?!一下吗)|添加|预留|留出|空出|添(?!麻烦)|加(?!班|油|入|快|上班)|新建|新增|创建|建(?!议|立)|预约|预定|预订|约(?!定|束|莫)|"
        r"订(?!阅)|(?<![决确一肯规否固稳特指选])定(?!时|期|位|义|律|心)|登记|设置|设(?!计|想|备)|录入|排(?!队|除|查|名|序)|写(?!错)|放(?!心|假|松|弃|下心)|"
        r"标(?:记|注)|记到|记在(?!心)|记进|记上|\s?(?<![A-Za-z])(?:add|book|schedule)(?![A-Za-z])\s?"
    ),
    "change": (
        r"修改|更改|改(?!天|日|变主意|善|进)|调整|调(?!查|用|侃|皮)|挪|移(?!动端|民|除)|更新|换(?!句话|个说法|言之)|"
        r"推迟|推后|延后|延期|顺延|改期|提前|延长|缩短|重新安排|变更|推(?!荐|送|出|广)|\s?(?<![A-Za-z])(?:move|change|reschedule)(?![A-Za-z])\s?"
    ),
    "delete": r"删除|删掉|删|取消|移除|清除|清掉|清空|去掉|撤销|撤掉|拿掉|划掉|抹掉|干掉|\s?(?<![A-Za-z])(?:delete|cancel|remove)(?![A-Za-z])\s?",
    "remember": r"记住|记下|记好|记录|保存|存(?!在|疑)|备忘|记在心|\s?(?<![A-Za-z])(?:save|note)(?![A-Za-z])\s?",
}
# What follows a Chinese verb when the action is complete (订上, 改好, 删掉, 记下来).
ZH_RESULT = r"(?:好|上|进|入|到|完|妥|掉|下|住|下来|上去|进去|成|为|过)"
FOR_YOU = r"(?:为你|帮你|给你|替你|为您|帮您|给您|替您)"

# Where writes land: naming it turns "saved" into a create and "updated" into a remember.
EN_CALENDAR = r"(?:calendar|schedule|diary|agenda|planner|books|cal)"
EN_MEMORY = r"(?:memory|memories|notes|mind|brain)"
ZH_CALENDAR = r"(?:日历|日程|行程|行事历|安排表|日程表|calendar)"
ZH_MEMORY = r"(?:记忆|备忘|脑子|心里|记住)"
EN_DAYS = f"(?:{'|'.join(sorted(WEEKDAYS_EN, key=len, reverse=True))})"
