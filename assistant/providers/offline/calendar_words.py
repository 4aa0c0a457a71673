"""The stand-in's reading of repeat, all-day and reminder words ("every other Friday", "weekdays", "每周一", "每月15号", "for
6 weeks", "all day", "全天", "remind me 15 minutes before", "提前一小时提醒我"), as the schedule_event fields a model would
fill. Numbers are read by the shared number readers; what is read here is cut from the title."""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from assistant.providers.base import ModelResponse
from assistant.providers.offline.calls import call, say, text
from assistant.providers.offline.lexicon import DEFINITE, POINTER
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.repeats import COUNT_EN, COUNT_ZH, RULE_WORDS, recurrence, reminder_repeat
from assistant.providers.offline.titles import best_match, only_filler, said_words, title_from
from assistant.providers.offline.when import LAST, When, from_now, read_when, without_part_of_day
from assistant.reading.calendar_dates import MONTH_ALONE, named_months
from assistant.reading.days import days_of
from assistant.reading.durations import find_lengths
from assistant.reading.hours import EITHER_HALF
from assistant.reading.meals import MEAL
from assistant.reading.numbers import number
from assistant.reading.text import is_filler
from assistant.reading.vocabulary import CLAUSE, DAY_FROM_EVENT, THAT_DAY


class Said(Protocol):
    """What a reminder reads of the signals (``intents.Signals``, which imports this module)."""

    @property
    def text(self) -> str: ...

    @property
    def when(self) -> When: ...

    @property
    def carried_day(self) -> str | None: ...


_ALL_DAY = re.compile(r"\ball[- ]day\b|\bthe\s+whole\s+day\b|全天|一整天", re.I)
_REMIND_ME = (
    r"(?:(?:remind|alert|notify|ping|nudge)\s+me|remember\s+me(?=\s+(?:to|about|at|on|in|tomorrow|today|tonight|\d))|(?:(?:give\s+me|need|want|get)\s+a\s+heads[\s-]?up|heads[\s-]?up(?=\s+(?:an?|the|at|in|\d|one|two|three|four|five|ten|fifteen|twenty|thirty|half|pls|please|plz)\b|\s*$))(?!\s*[,:;!.-]|\s+(?:that|on|about|guys|all|everyone|i|we)\b)|don'?t\s+let\s+me\s+forget|(?:(?:set(?:\s+up)?|add|create|make|put|pop|give|send\s+me|new|(?:i\s+)?(?:need|want))\s+(?:me\s+)?"
    r"(?:a\s+|an\s+)?(?:[a-z]+ly\s+|(?:\d+|[a-z]+)[\s-]*(?:min(?:ute)?s?|hours?|hrs?)\s+)?(?:rem(?:a?i)nd(?:er|re)|notification|alert)s?|^(?:a\s+|an\s+)?rem(?:a?i)nd(?:er|re)s?)"
    r"(?!\s+(?:me|us)\b)(?:\s+(?:for|on))?)"
)
_REMIND_ME_ZH = r"(?:提醒|remind\s*)(?:一?下)?我(?:一下|下(?![午周个月]))?|别让我忘(?:记)?了?|(?:设置?|加|定|添加|新?建|创建)(?:一?个)?提醒[:：]?|^提醒[:：]|[叫喊]我(?:一声)?(?=去|[\s，,]|$)|(?:(?<=[点分半刻])|(?<=[钟时以之]后))[叫喊]我(?=[\u4e00-\u9fff])"  # 提醒一下我, 别让我忘了, 设个提醒, 提醒：…, 喊我去…
REMINDER_EN = re.compile(rf"\b{_REMIND_ME}", re.I)  # "set a monthly reminder … to check the smoke alarms": no alarm
# "remind me what's on Friday" asks a question (an embedded wh-clause): it is not a reminder.
_REMIND_PLAIN = re.compile(
    rf"\b{_REMIND_ME}(?:\s*:\s*|\s+)(?!(?:what|what's|whats|when|where|who|which|how|if|whether)\b)(?:to\s+|about\s+)?(?P<what>.+)$"
    rf"|(?:{_REMIND_ME_ZH})(?!(?:什么|哪|几点|有没有))(?P<zh>.+)$|^(?P<zh_first>[^?？]+?)[，,\s]*(?:{_REMIND_ME_ZH})[。！!吧]*$",
    re.I,
)
REMIND_MARKER = re.compile(
    rf"\b(?:please\s+|pls\s+|(?:can|could|would|will)\s+(?:you|u)\s+(?:pls\s+|please\s+)?)?{_REMIND_ME}(?:\s*:\s*|\s+|$)(?:to\s+|about\s+)?|{_REMIND_ME_ZH}"
    r"|^(?:麻烦|请)|^(?:帮我|请)?给(?!我)|(?:帮我|请)?(?:设置?|加|定|订|新?建|创建)(?:一?个)?[\s的]*提醒|提醒(?:一?下)?(?=[吧。!！]*$)",  # "给明天的牙医预约设个提前一小时的提醒"
    re.I,
)
# Things that take whole days: with no time said, they are all-day events.
_ALL_DAY_KIND = re.compile(
    r"(?i)\b(?:birthday|bday|anniversary|holidays?|vacation|day\s+off|trip|leave|conference|retreat|festival)\b|生日|纪念日|假期|休假|出差|旅行|旅游|度假|请假"
)
# "starting next monday", "从明天开始": the day a repeat begins (read as a day by the shared reader).
_STARTING = re.compile(
    r"\b(?:starting|beginning|from)\s+(?P<en>(?:next\s+|this\s+)?[a-z]+)(?:\s+on(?:wards?)?)?\b|(?:从|自)(?P<zh>[^\s，,]{1,6}?)(?:开始|起)",
    re.I,
)
_GATHERING = re.compile(r"\b(?:party|dinner\s+party|get[\s-]?together)\b|聚餐|聚会|派对", re.I)
# How long before the event a reminder goes off: a length said as earlier, with a reminder word
# ("remind me half an hour before the dentist", "提前一个小时提醒我", "一小时前提醒我").
_REMIND_AGAIN = re.compile(rf"{_REMIND_ME_ZH}|\b{_REMIND_ME}", re.I)  # a second "remind me" in one message says no more
_REMIND_WORD = re.compile(rf"\b{_REMIND_ME}|\breminders?\b|提醒|[叫喊]我(?:一声)?(?=去|[\s，,]|$)", re.I)
_AHEAD = re.compile(r"\s*(?:before(?:hand)?|ahead(?:\s+of\s+time)?|in\s+advance|earlier)\b", re.I)
_ABOUT_EVENT = re.compile(r"^.*?\bremind\s+(?:me|us)\s+(?:abt|about|of|(?P<before>before))\s+(?=(?:my|the|our)\s)", re.I)
# After the lead time, what the reminder is for rather than which event: "45 minutes before so i leave in time".
_WHAT_FOR = re.compile(r"[\s,]*(?:so|to|because|cause|cuz|coz|cos|since|in\s+case|as)\b|.*?(?P<later>[\s,]+(?:so(?:\s+that)?|because|cuz|since)\s+(?:i|we)\b)", re.I)  # or later: "… the meeting so i can leave"


def _ahead(text: str, *, asked: bool = False) -> tuple[int, int, int] | None:
    """(minutes, start, end) of the length a reminder is set ahead of its event (``asked``: one was asked for already)."""
    if not (asked or _REMIND_WORD.search(text)):
        return None
    for length in find_lengths(text):
        ahead = _AHEAD.match(text, length.end)
        before_it = text[: length.start].endswith("前") or text[: length.end].endswith("前")  # 看牙医前半小时, 一小时前
        if length.kind == "earlier" or (length.kind != "later" and (ahead or before_it)):
            start = length.start - (1 if text[: length.start].endswith("前") else 0)
            return length.minutes, start, ahead.end() if ahead else length.end
    return None


@dataclass
class CalendarWords:
    recurrence: dict[str, Any] | None = None
    all_day: bool | None = None
    reminder_minutes: int | None = None
    all_day_kind: bool = False
    reminder_text: str | None = None
    first_day: str | None = None  # "every Wednesday in March": the rule starts with March (and ends with it)
    spans: list[tuple[int, int]] = field(default_factory=list)
    ahead: tuple[int, int] | None = None  # where "half an hour before" was said

    @property
    def found(self) -> bool:
        return self.recurrence is not None or self.all_day is not None or self.reminder_minutes is not None

    def arguments(self) -> dict[str, Any]:
        return {"recurrence": self.recurrence, "all_day": self.all_day, "reminder_minutes": self.reminder_minutes}

    def without_reminder(self, text: str) -> str:
        """``text`` without "remind me half an hour before" (the length and the reminder words)."""
        if self.ahead is not None:
            text = text[: self.ahead[0]] + " " + text[self.ahead[1] :]
        return re.sub(r"(?:[\s,，]+(?:and)?)+$", "", " ".join(REMIND_MARKER.sub(" ", text).split()))

    def cut(self, title: str | None) -> str | None:
        """The title without the words read here."""
        if title is None:
            return None
        patterns: list[re.Pattern[str]] = []
        if self.reminder_minutes is not None:
            title = self.without_reminder(title)
        if self.recurrence is not None:
            # A month day before the unit: "the 15th of every month" goes whole, not as "every month".
            patterns += [_STARTING, MONTH_ALONE, *RULE_WORDS]
        if self.all_day:
            patterns.append(_ALL_DAY)
        for pattern in patterns:  # "every morning" repeats daily; its part of the day stays read ("in the morning")
            title = pattern.sub(lambda m: f" in the {(m.groupdict().get('daypart') or '').lower().replace('night', 'evening')} " if m.groupdict().get("daypart") else " ", title)
        title = re.sub(r"\s+", " ", title).strip(" ,，.。")
        return title or None


def read_calendar_words(text: str, today: datetime.date | None = None) -> CalendarWords:
    words = CalendarWords()
    words.recurrence = rule = recurrence(text)
    months = named_months(text, today) if rule is not None and today is not None else []
    if len(months) == 1 and rule is not None and today is not None:
        first, last, end_only = months[0]  # "every Wednesday in March": the rule starts with March and ends with it
        words.first_day = None if end_only else "D+0" if first <= today else first.isoformat()
        rule["until"] = last.isoformat()
    starting = _STARTING.search(text) if rule is not None and today is not None else None
    # A week starts on its first day ("starting next week", 从下周开始), this week's on today.
    begins = read_when(starting["en"] or starting["zh"], today=today) if starting and today else None
    if begins is not None and begins.date and not begins.time:
        words.first_day = "D+0" if today and days_of(begins.date, today)[:1] < [today] else begins.date
    if words.recurrence is not None:
        count = COUNT_EN.search(text) or COUNT_ZH.search(text) if "每" in text or words.recurrence else None
        if count is not None:
            value = number(count.group("n"))
            if value and value >= 1:
                words.recurrence["count"] = int(value)
    if _ALL_DAY.search(text):
        words.all_day = True
    # "mum's birthday" is the day itself; "dinner on mum's birthday" is a meal on that day.
    words.all_day_kind = bool(_ALL_DAY_KIND.search(text)) and not MEAL.search(text) and not _GATHERING.search(text)
    ahead = _ahead(text)
    if ahead is not None:
        words.reminder_minutes, words.ahead = ahead[0], ahead[1:]
    else:
        plain = _REMIND_PLAIN.search(text)
        if plain is not None:
            words.reminder_text = (plain.group("what") or plain.group("zh") or plain.group("zh_first") or "").strip(" .。!！")
    return words


def _next_half(clock: str, now: datetime.datetime) -> str:
    """Of a bare hour's two halves of the day ("6:45"), the one that comes first after ``now``."""
    halves = [f"{h:02d}:{int(clock[3:]):02d}" for h in (int(clock[:2]) % 12, int(clock[:2]) % 12 + 12)]
    return min(halves, key=lambda half: (int(half[:2]) * 60 + int(half[3:]) - now.hour * 60 - now.minute) % 1440)


_FROM_FOCUS = DAY_FROM_EVENT


def part_kept(match: re.Match[str]) -> str:
    part = ((groups := match.groupdict()).get("part") or "").lower()
    return " 晚上 " if groups.get("part_zh") else f" {'evening' if part == 'night' else part} "


def remind(turn: Turn, s: Said, tools: Sequence[dict[str, Any]]) -> ModelResponse:
    """A reminder on its own ("remind me to call mum at 5pm"), or before the event in focus ("10 minutes before it")."""
    words, top = read_calendar_words(s.text), turn.recent_entities[:1]  # "did you put a reminder on the dentist?" … "remind me about it …"
    before = best_match(turn.previous or "", turn.recent_entities) if top and turn.previous and POINTER.search(s.text) else []
    turn, its = (turn.focused_on(before[0]), str(before[0]["ref"])) if len(before) == 1 and before[0] is not top[0] else (turn, None)
    # "the day before at 6pm": a day counted from the event in focus and a time, never 24 hours before it.
    day_and_time = _day_and_time(s.text, s.when.time is not None, turn.today)
    # "remind me about the team lunch on friday": an event named on a day, no time or lead said (the default lead).
    # "remind me before the dentist": that event, the usual lead.
    about = _ABOUT_EVENT.search(s.text) if not s.when.time and words.reminder_minutes is None else None
    about = about if about and (s.when.single_day or about["before"]) else None
    if (words.reminder_text is None or about) and not day_and_time:
        # "remind me 30 minutes before lunch with Sam": the event in context, or else the words that
        # name it (the tool finds it among the person's events).
        # "before the dentist on friday": the dentist (the day said is read off what is left).
        said = _ABOUT_EVENT.sub(" ", s.text) if about else words.without_reminder(s.text[: _what_for(s.text, words)])
        named = title_from(read_when(said, today=turn.today).residue)
        named = None if named is None or POINTER.fullmatch(named) or CLAUSE.search(named) else named  # ", i always forget": no name
        # "周日那个提前一小时提醒我": a day said picks the one in focus on it, else none (the tool asks which).
        days = days_of(s.when.single_day, turn.today) if s.when.single_day else []
        on_day = [e for e in turn.recent_entities if not days or e.get("date") == days[0].isoformat()]
        found = best_match(named, on_day) if named else on_day[:1] if days and len(on_day) == 1 else []
        ref = str(found[0]["ref"]) if len(found) == 1 else None
        if named and POINTER.search(named) and not (found or days) and top and top[0].get("via") in ("created", "updated"):
            ref, named = str(top[0]["ref"]), None  # "我老是忘事 到时候提前一个钟头提醒我" right after a booking: talk beside "it" names no other
        its_time = _BEFORE_ITS_TIME.search(s.text) if ref is None and named is None and words.reminder_minutes is not None else None
        at = read_when(s.text[its_time.start("at") :], today=turn.today) if its_time else None
        shown = [e for e in turn.recent_entities if at and not at.single_day and e.get("start") == at.time and str(e.get("ref")) in turn.last_listed]
        ref, at = (str(shown[0]["ref"]), None) if len(shown) == 1 else (ref, at)  # "the 3pm one" after a look at that day
        if not (ref or named or at) and turn.recent_entities and turn.recent_entities[0].get("via") == "found" and str(turn.recent_entities[0].get("title")) not in (turn.last_reply or "") and turn.last_reply != say("reminders_list", turn.language):
            return text(say("nothing_in_focus", turn.language))  # only shown, and the talk went on (the reply since names it not)
        ref = ref or (its if not named else None)
        if s.when.ordinal is not None and turn.last_listed:  # "set a reminder for the second one": of the list just shown
            n = len(turn.last_listed) if s.when.ordinal == LAST else s.when.ordinal
            ref, named = (turn.last_listed[n - 1], None) if 0 < n <= len(turn.last_listed) else (ref, named)
        day = at.single_day if at else s.when.single_day if named and not ref else None
        return call(turn, tools, "set_reminder", text=None, event_ref=ref, event_words=None if ref else named, minutes_before=words.reminder_minutes, date=day, time=at.time if at else None)
    # "every thursday at eight am", "每天早上八点": the repeat is the rule's; the time is read without it.
    said = without_repeat(s.text, words)
    # "that day", "the evening before", 前一天晚上: a day counted from what was just made or shown.
    offset = next((days for pattern, days in _FROM_FOCUS if pattern.search(said)), None)
    # The day goes; its part stays ("the evening before at 9" is 21:00, 前一晚九点 too).
    said = " ".join(_FROM_FOCUS[0][0].sub(part_kept, _FROM_FOCUS[1][0].sub(" ", _FROM_FOCUS[3][0].sub(part_kept, said))).split())
    when = from_now(read_when(REMIND_MARKER.sub(" ", said), today=turn.today), turn.now, turn.today)
    what = said_words(without_part_of_day(when.residue) if offset is not None else when.residue)  # the part kept names nothing
    marker = REMIND_MARKER.search(said)
    after = said_words(_REMIND_AGAIN.sub(" ", read_when(said[marker.end() :], today=turn.today).residue)) if marker else None  # not "别让我忘了"
    if after and what and len(after) < len(what):
        what = after  # "ugh so tired today. btw remind me tonight at 9 to charge my laptop": what follows "remind me"
    date, time = words.first_day or when.single_day or (s.carried_day if when.time and not offset else None), when.time  # none: the next such time
    if (when.end and not words.first_day) or when.declined or (date is not None and offset and not _day_and_time(s.text, time is not None, turn.today)):
        # "这个月晚上八点", "下周一上午十点体检，前一天提醒我": no one day said for the reminder itself.
        return text(say("ask_which_day", turn.language))
    if date is not None and offset:
        # "1月10号我爸生日 提前一天晚上八点提醒我去拿蛋糕": the day said is the event's; the reminder is a day before.
        if len(days := days_of(date, turn.today)) != 1:
            return text(say("ask_which_day", turn.language))
        date = (days[0] + datetime.timedelta(days=offset)).isoformat()
    counted = next((m for pattern, days in _FROM_FOCUS if days == offset and (pattern is not THAT_DAY or not s.text.isascii()) and (m := pattern.search(s.text))), None) if time and (date is None or POINTER.search(s.text)) else None
    # "remind me the night before the flight at 8pm to pack", 体检前一天晚上八点提醒我, 家长会那天, 周四…那个: days back from the event named there.
    beside = (s.text[counted.end() :] if s.text.isascii() else s.text[: counted.start()]) if counted and offset is not None and offset <= 0 else ""
    if counted and s.text.isascii() and title_from(read_when(beside, today=turn.today).residue) is None:
        beside = s.text[: counted.start()]  # "remind me about the eye exam the day before at 6pm": named before it
    parts = re.match(r"(?P<name>.*?)(?:(?:^|\s+)(?:to|so)\s+(?P<purpose>.+))?$", beside.strip())
    event = title_from(read_when(REMIND_MARKER.sub(" ", parts["name"]), today=turn.today).residue) if parts and beside else None
    if parts and event is not None and offset is not None and not (turn.recent_entities and best_match(event, turn.recent_entities[:1])):
        return call(turn, tools, "set_reminder", text=said_words(parts["purpose"] or ""), event_ref=None, event_words=event, time=time, days_before=-offset)
    if date is None and offset is not None:
        focus = str(turn.recent_entities[0].get("date") or "") if turn.recent_entities else ""
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", focus):
            return text(say("ask_which_day", turn.language))
        date = (datetime.date.fromisoformat(focus) + datetime.timedelta(days=offset)).isoformat()
        start = str(turn.recent_entities[0].get("start") or "")
        if (what is None or only_filler(what)) and time and not when.guessed and re.fullmatch(r"\d{2}:\d{2}", start):
            # "and remind me the evening before at 9": before that event, by as long as that is (the tool keeps it with the event).
            lead = int((datetime.datetime.fromisoformat(f"{focus}T{start}") - datetime.datetime.fromisoformat(f"{date}T{time}")).total_seconds() // 60)
            if 0 < lead <= 10080:
                return call(turn, tools, "set_reminder", text=None, event_ref=str(turn.recent_entities[0]["ref"]), event_words=None, minutes_before=lead, date=None, time=None)
        if what is None or only_filler(what):
            what = str(turn.recent_entities[0].get("title") or "") or None  # "and remind me at noon that day": of that event
    if date is None and time and when.guessed and turn.now is not None:
        time = _next_half(time, turn.now)  # "at 6:45" said at 23:10: tomorrow's 06:45 comes first, not 18:45
    elif time and when.guessed and int(time[:2]) in EITHER_HALF:
        time = None  # "at 7:30 tomorrow": morning or evening? asked, never guessed
    repeat = None
    if words.recurrence is not None:
        repeat, first = reminder_repeat(words.recurrence, turn.today)
        if repeat is None or (repeat == "monthly" and not (first or date)):
            return text(say("reminder_repeat_unsupported" if repeat is None else "ask_which_day", turn.language))  # "every other tuesday": not written as once
        date = first or date
    return call(turn, tools, "set_reminder", text=what, event_ref=None, event_words=None, minutes_before=None, date=date, time=time, repeat=repeat)


def _what_for(text: str, words: CalendarWords) -> int | None:
    """Where the words that say what a lead-time reminder is for begin, set apart after the lead time and "remind me"
    ("提前两个小时提醒我 我得先回家换衣服", "remind me 45 minutes before so i leave in time"): they name no event, so
    the event is the one named before them, or the one in focus. None when the event's name may follow
    ("提前15分钟提醒我和Sam吃午饭" names lunch with Sam)."""
    if words.ahead is None:
        return None
    marker = REMIND_MARKER.search(text, words.ahead[1])
    if marker is not None and marker.start() - words.ahead[1] <= 1 and re.match(r"[\s,，]", text[marker.end() :]):
        return marker.end()  # 提前两个小时提醒我｜我得先回家换衣服
    return (said.start("later") if said["later"] else said.start()) if (said := _WHAT_FOR.match(text, words.ahead[1])) else None


def ahead_only(text: str) -> bool:
    """ "an hour before", "提前一个小时": only how long ahead, as the answer to "when should I remind you?"."""
    ahead = _ahead(text, asked=True)
    return ahead is not None and is_filler(text[: ahead[1]] + " " + text[ahead[2] :])


def without_repeat(text: str, words: CalendarWords | None = None) -> str:
    """``text`` without its repeat words ("every thursday", "每天"): they are the rule's, not a day or a name."""
    words = words or read_calendar_words(text)
    return (words.cut(text) or "") if words.recurrence else text


# An event named by its start ("ping me 15 min before my 4pm tomorrow"): the lead is before that event (the tool finds it).
_BEFORE_ITS_TIME = re.compile(r"\b(?:before|about|for|of)\s+(?:my|the|our)\s+(?P<at>\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?|o'?clock)?)(?![\w:])", re.I)


def reminder_intent(text: str, has_time: bool, today: datetime.date) -> bool:
    """A reminder request that is not an event: plain, or minutes before an event already there ("remind
    me an hour before the dentist on friday": a day names which; a start time would make a new event)."""
    words = read_calendar_words(text)
    day_before = _day_and_time(text, has_time, today)  # "the day before at 6pm"
    return words.reminder_text is not None or (words.reminder_minutes is not None and (not has_time or bool(DEFINITE.search(text)) or day_before or bool(_BEFORE_ITS_TIME.search(text))))


def _day_and_time(text: str, has_time: bool, today: datetime.date) -> bool:
    """ "remind me the day before at 6pm": a day counted from an event and the reminder's own time. A time
    said before the reminder's words is the event's ("physical monday 10am, remind me the day before")."""
    found = [m.start() for pattern, _ in _FROM_FOCUS[:2] if (m := pattern.search(text))]
    marker = REMIND_MARKER.search(text)
    first = min(found + ([marker.start()] if marker else [])) if found else 0
    return has_time and bool(found) and read_when(text[:first], today=today).time is None
