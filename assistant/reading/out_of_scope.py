"""Phrases that send the whole message to the model: we see them, and choose not to read them.

Reading part of such a message would be worse than reading none of it: "every Friday at 3pm"
is not Friday at 3pm, "3-4pm" is not 4pm, "today in one hour" is not today, "上周末" is not
this weekend, "Saturday for 2 hours" is not only Saturday. ``before`` runs first, on the raw
text; ``after`` runs last, on what no recogniser claimed (a unit word or a week, month or year
left over means a date or time we did not read).
"""

from __future__ import annotations

import re
from typing import Final

from assistant.reading.calendar_dates import MONTHS
from assistant.reading.numbers import EN_COUNT, EN_HOUR, EN_ORDINAL
from assistant.reading.scan import MASK, Scan

_CN_QUANTITY = r"(?:[0-9]+(?:\.[0-9]+)?|[零〇一二两三四五六七八九十百几半]+)"
_BEFORE = re.compile(
    "|".join(
        (
            # "or": in "4 or 5" only the 5 looks like a time (two days or two clock times disagree anyway).
            r"(?<![a-z])(?:every|each|between|or)(?![a-z])",
            r"(?<![a-z])after\s+next(?![a-z])",
            r"(?<![a-z])(?:last|past|previous)\s+(?:week[\s-]?end|wkend)",
            r"(?:week[\s-]?end|wkend)s?\s+(?:of|in|after|before)(?![a-z])",
            r"(?<![a-z])(?:week[\s-]?ends|wkends)(?![a-z])",
            # Ranges: 3-4pm, 3pm to 5pm, 9:00-17:00, 三点到五点, 下午3点-5点.
            r"(?<![0-9:])[0-9]{1,2}(?::[0-9]{2})?\s?(?:[ap]\.?m\.?)?\s?(?:-|~|to|till|until|through)\s?[0-9]{1,2}(?::[0-9]{2})?"
            r"\s?(?:[ap]\.?m(?![a-z])|o'?\s?clock)",
            r"[0-9]{1,2}:[0-9]{2}\s?(?:-|~|to|till|until|through)\s?[0-9]{1,2}",
            r"[0-9]{1,2}\s?[ap]\.?m\.?\s?(?:-|~|to|till|until|through)\s?[0-9]{1,2}",
            rf"(?<![a-z])from\s+(?:[0-9]{{1,2}}|{EN_HOUR})(?![0-9a-z])[^,;]{{0,14}}?\s?(?:-|~|to|till|until)\s?(?:[0-9]|{EN_HOUR})",
            r"(?:[0-9]|[一二两三四五六七八九十])\s?(?:点|时|:[0-9]{2})(?:半|[一三]刻|[0-9零一二三四五六七八九十]{1,3}分?)?"
            r"\s?(?:到(?!达|站|家)|至|-|~)",
            r"每|上上?个?周末|半夜|深夜|通宵|(?:[月年](?:底|初(?![一二三四五六七八九十])|中)|(?:月|年)末)(?!\S{0,3}\s*(?:就是|也就是|即)?\s*[0-9一二三四五六七八九十两]{1,3}\s?[号日])",  # 月底: a day not said (月底31号, 月底那天 就是31号 are)
            # Offsets and durations in hours, minutes, seconds (they need the clock), months and years.
            rf"{_CN_QUANTITY}\s?(?:个\s?)?(?:半\s?)?(?:小时|钟头|分钟|秒钟|秒|钟(?=\s?(?:之|以)?[前后]))",
            rf"{_CN_QUANTITY}\s?个\s?(?:半\s?)?月|{_CN_QUANTITY}\s?年\s?(?:之|以)?[前后]",
        )
    )
)
# Months that are also words or names ("may", "march", "coffee w jun", "ask jan") are no date left unread.
_NOT_VERB_MONTHS = "|".join(sorted((name for name in MONTHS if name not in ("may", "march", "mar", "jun", "jan")), key=len)[::-1])
_AFTER = re.compile(
    "|".join(
        (
            # A day counted or picked out ("a day later", "the next day", "3 days"); "a beach day" is a name.
            r"(?<![a-z])(?:(?:a|an|the|one|this|that|next|same|following|previous|every|each|other|whole|all|any|which|what|per)\s+day(?!\s+off\b)|day\s+(?:after|before|later|earlier|ago))(?![a-z])",
            # … unless a word owns it: "log my hours", "the minutes", "office hours" name things.
            r"(?<![a-z])(?<!my\s)(?<!our\s)(?<!the\s)(?<!your\s)(?<!office\s)(?<!opening\s)(?<!working\s)(?<!visiting\s)(?<!that\s)(?:seconds?|minutes?|hours?|days|weeks?|fortnights?|months?|(?<!new\s)years?"
            r"|decades?|(?:mon|tues|wednes|thurs|fri|satur|sun)days|ago|hence"
            rf"|{_NOT_VERB_MONTHS})(?![a-z])",
            # A short unit only after its number: "2 hrs" is a length, "a meeting with hr" a department.
            rf"(?:[0-9\x00]|(?<![a-z]){EN_COUNT}|few)\s?(?:secs?|mins?|hrs?|wks?|yrs?)(?![a-z])",
            r"(?<![0-9a-z])(?:[12]?[0-9]|3[01])(?:st|nd|rd|th)(?![a-z])",  # a day of the month left unread ("the 22nd but …"; not "80th")
            rf"(?<![找挑选某哪]){_CN_QUANTITY}\s?(?:个\s?)?(?:天|日(?![程历])|周|星期|礼拜|月|年)",  # not "一个日程", "找一天"
            r"(?:下下|下|这|本|上上|上|今)个?(?:周|星期|礼拜|月)",
            r"[明今去后前]年",
        )
    )
)


def rule_out_before(scan: Scan) -> None:
    if _BEFORE.search(scan.text):
        scan.out_of_scope = True


def rule_out_after(scan: Scan) -> None:
    if _AFTER.search(scan.masked) or _ignored_neighbour(scan):
        scan.out_of_scope = True


# A word or number right beside a phrase that was read, and that changes it: "this PAST
# Wednesday", "Wednesday 15", "FROM Friday", "Friday AFTER", "14号" after 周一 left unread.
# Reading the phrase without it would be wrong, not partial. Glue between them does not count.
_TOKEN = re.compile(r"\x00+|[0-9]+(?:st|nd|rd|th)?|[a-z']+|[\u3400-\u9fff]|[^\s,，、-]")
# "on" is glue too: "3 on Friday" says a time the reader did not take ("at 3 on Friday" it does).
_GLUE: Final = frozenset(("the", "of", "on", "的"))
_CHANGES_BEFORE: Final = frozenset((
    "past", "previous", "prior", "following", "upcoming", "after", "before", "by", "until", "till", "til",
    "since", "through", "thru", "early", "late", "mid", "middle", "end", "beginning", "start", "that", "last",
    "next", "this", "every", "each", "first", "second", "third", "fourth", "fifth", "final", "from", "later",
    "earlier", "thing", "eod", "cob", "lunchtime", "dinnertime",
))  # fmt: skip
_CHANGES_AFTER: Final = frozenset((
    "after", "before", "later", "earlier", "onward", "onwards", "ago", "prior", "early", "late", "past", "eod",
    "cob", "lunchtime", "dinnertime",
))  # fmt: skip
_CN_NUMERALS: Final = frozenset("零〇一二两三四五六七八九十廿百")
_ZH_BEFORE: Final = frozenset("从自每年月号差刻分")  # not 到: "改到周四" is "move it to Thursday"
_ZH_AFTER: Final = frozenset("前后起到至底初中末旬年月日号点分刻差之以")
_ZH_WORDS: Final = frozenset(("起床", "起来", "起飞", "到达", "到站", "到家", "日程", "日历", "出差"))
_NUMBER_WORD = re.compile(rf"(?:{EN_COUNT}|{EN_ORDINAL}|hundred|thousand)")


# "that" picks out a day ("that Friday"); before a clock time it is the thing changed ("make that 9:30"). "from"
# starts a range of days ("from Friday"); before a clock time alone it is the start ("2 hours from 2pm").
# After a clock time or a space, 年/月/号 start a word of their own ("两点年终总结会"): only a date runs on into them.
_DAY_ONLY: Final = frozenset(("that", "from"))
# After a verb of changing, "that" is the thing changed, not a day picked out: "make that sunday".
_THE_THING_CHANGED = re.compile(r"make|move|change|push|switch|set$")
_DAY_ONLY_ZH: Final = frozenset("年月日号底初中末旬")


# "the start OF friday" changes the day; "the game starts ON friday" does not.
_PART_OF: Final = frozenset(("start", "end", "beginning", "middle", "mid"))


def _ignored_neighbour(scan: Scan) -> bool:
    found = [token for token in _TOKEN.finditer(scan.masked) if token.group() not in _GLUE]
    tokens = [token.group() for token in found]
    for index, token in enumerate(tokens):
        if token[0] != MASK:
            continue
        before = tokens[index - 1] if index and "".join(tokens[max(index - 2, 0) : index]) not in _ZH_WORDS else ""  # "出差 早上八点"
        between = scan.masked[found[index - 1].end() : found[index].start()] if index else ""
        if before in _PART_OF and between.strip() != between and set(between.split()) <= {"on", "the"}:
            before = ""  # "starts on friday", never "mid-afternoon" or "the end of friday"
        if between and not between.strip() and re.fullmatch(r"[\u4e00-\u9fff]", before):
            before = ""  # "腊月二十三小年 晚上六点半": a Chinese phrase set apart by a space says nothing of the next one
        if before.isdigit() and index and scan.masked[: found[index - 1].start()].endswith(tuple(f"{n}." for n in range(10))):
            before = ""  # "review 2.0 on monday": a number's fraction, no time said beside the day
        if before == "thing" and (tokens[index - 2] if index > 1 else "") != "first":
            before = ""  # "first thing monday" is early on it; "a planning thing on monday" is monday
        if before in _DAY_ONLY and (scan.kind_starting_at(found[index].start()) == "clock" or _THE_THING_CHANGED.match(tokens[index - 2] if index > 1 else "")):
            before = ""
        after = tokens[index + 1] if index + 1 < len(tokens) else ""
        if "".join(tokens[index + 1 : index + 3]) in _ZH_WORDS:
            after = ""  # "七点起床", "三点到达": a word that starts like "from" or "to", not a range
        spaced = index + 1 < len(found) and scan.masked[found[index].end() : found[index + 1].start()].isspace()  # "明天 年终总结会"
        if after in _DAY_ONLY_ZH and (spaced or scan.kind_ending_at(found[index].end()) == "clock"):
            after = ""
        if _changes(before, _CHANGES_BEFORE, _ZH_BEFORE) or _changes(after, _CHANGES_AFTER, _ZH_AFTER):
            return True
    return False


def _changes(token: str, words: frozenset[str], characters: frozenset[str]) -> bool:
    if not token or token[0] == MASK:
        return False
    return (
        token[0].isdigit()
        or token in words
        or token in characters
        or token in _CN_NUMERALS
        or _NUMBER_WORD.fullmatch(token) is not None
    )
