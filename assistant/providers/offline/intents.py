"""Which kind of request a message is: the phrase tables consulted in a fixed order.

The order is the whole policy, so it reads as a list: safety first (injection — and questions about earlier
conversations, which may quote one —, other people's calendars, bulk deletes), then answers about the conversation
itself, then corrections of what is in focus ("actually 4", "其实四点更好": see ``revisions.py``), then reports about the
past (which must never become writes), then writes that name their target, then reads, and creates last — a create
is only chosen when nothing else explains the message. "今天有什么安排" is a query because the query table is consulted
before the create table; "明天安排开会" matches no query phrase, so it creates.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from assistant.providers.offline import lexicon as lx
from assistant.providers.offline.calendar_words import REMINDER_EN, read_calendar_words, reminder_intent, without_repeat
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.revisions import read_revision
from assistant.providers.offline.titles import (
    best_match,
    clauses_of,
    clean_title,
    only_filler,
    opens_with_request,
    overlap,
    place_only,
    title_from,
)
from assistant.providers.offline.when import When, read_when, without_part_of_day
from assistant.reading import extract_when, vocabulary
from assistant.reading.answers import is_courtesy

_QUESTION_EN, _QUESTION_ZH, _POLITE = vocabulary.QUESTION_EN, vocabulary.QUESTION_ZH, vocabulary.POLITE


@dataclass(frozen=True)
class Signals:
    text: str
    when: When
    question: bool
    memory_date: str | None = None  # a day read from memory ("mum's birthday" -> "03-14")
    memory_swap: tuple[str, str] | None = None  # ("my favourite restaurant", "Lotus Garden")
    carried_day: str | None = None  # "that afternoon": the day of the message before
    memory_owner: str | None = None  # whose occasion the remembered day is ("mum"), for "her birthday"

    @property
    def day(self) -> str | None:
        return self.memory_date or self.when.date or self.carried_day

    @property
    def has_slots(self) -> bool:
        return bool(self.day or self.when.time or self.when.duration or self.when.offset)  # "两个小时后…"


def read_signals(
    turn: Turn,
    *,
    text: str | None = None,
    memory_date: str | None = None,
    memory_swap: tuple[str, str] | None = None,
    memory_owner: str | None = None,
) -> Signals:
    text = turn.text if text is None else text
    question = not _POLITE.search(text) and bool(_QUESTION_EN.search(text) or _QUESTION_ZH.search(text))
    n = lx.list_position(text) if turn.context.get("choosing") else None
    if n is not None and 0 < n <= len(turn.last_listed):
        text = f"number {n}"  # "2" answering "which one? 1. … 2. …": the second listed, not 2 o'clock
    when = read_when(text, today=turn.today)
    # "dinner with her that night at 7:30pm": the day the person last named, in this message's window.
    that_day = when.date is None and vocabulary.THAT_DAY.search(text)
    carried = next((day for said, _ in reversed(turn.said_before) if (day := read_when(said, today=turn.today).single_day)), None) if that_day else None
    return Signals(text=text, when=when, question=question, memory_date=memory_date, memory_swap=memory_swap, carried_day=carried, memory_owner=memory_owner)


def previous_intent(turn: Turn, said: str | None = None) -> str | None:
    """What the person's previous message (or an earlier one ``said``) asked for, read on its own, without its own past."""
    if not (said := said or turn.previous):
        return None
    context = {key: value for key, value in turn.context.items() if key != "reminder_just_set"}  # as it was read then
    before = dataclasses.replace(turn, text=said, previous=None, exchange=None, context=context)
    return classify(before, read_signals(before))


def _ability_only(turn: Turn, s: Signals) -> bool:
    """An ability question: "can you schedule things?" (but "can you schedule lunch tomorrow?" asks for lunch)."""
    match = lx.ABILITY.search(s.text)
    if match is None or s.has_slots or s.when.ordinal or lx.POINTER.search(s.text) or any(s.text in t for t in (lx.QUERY, lx.SUGGEST, lx.REMEMBER)):
        return False
    rest = clean_title(s.text[match.end() :])
    return rest is None or bool(lx.GENERIC_OBJECT.fullmatch(rest))


def _past_report(turn: Turn, s: Signals) -> bool:
    """A statement about what already happened: acknowledged, never written."""
    if s.question or s.text in lx.REQUEST or s.text in lx.RENAME or any(c in lx.DELETE and (lx.POINTER.search(c) or only_filler(lx.DELETE.remove(c))) for c in vocabulary.phrases(s.text)):
        return False  # "it's called X" names something; "取消吧 那天去不了" asks; neither reports anything
    if s.when.past:
        return True
    # "I saw the doctor this morning" is a report even though today is not past; a later day
    # ("I have to go to the dentist tomorrow") is not.
    later_day = s.when.date is not None and s.when.date != "D+0"
    return s.text in lx.PAST and not later_day


def _follows_a_question(turn: Turn, s: Signals) -> bool:
    """A follow-up: "and on Sunday?" / "那周日呢？" after a question asks the same of another day."""
    if s.day is None or title_from(s.when.residue) is not None or s.text in lx.CREATE:
        return False  # "…could you add an event then?" asks for a write, not about a day
    if not (lx.WHAT_ABOUT.search(s.text) or re.search(r"[?？]\s*$|呢\s*$", s.text) or lx.AND_ALONE.fullmatch(s.when.residue)):
        return False
    return previous_intent(turn) in {"query", "suggest"}


def _query(turn: Turn, s: Signals) -> bool:
    if _follows_a_question(turn, s):
        return True
    if lx.WHAT_ABOUT.search(s.text):
        return turn.active_command is None and s.day is not None
    if s.text in lx.QUERY or (s.day and lx.ANYTHING.fullmatch(s.when.residue)) or lx.QUERY_LISTING.match(s.text):
        return True
    if lx.CHECK_DAY.search(s.text) and s.day:
        return True  # "…, can you check saturday for me", "check dec 18 3pm for me"
    if lx.ANYTHING_AROUND.match(s.text) and previous_intent(turn) in {"query", "suggest"}:
        return True  # "anything after 4?" after a look at a day: that day again
    if s.question and not s.when.time and lx.QUERY_NAMED.search(s.when.residue):
        return True  # "when is badminton", "what time is yoga again": that event, by name
    if s.question and (lx.CALENDAR_WORD.search(s.text) or lx.MEETINGS.search(s.text)):
        return True  # "what meetings do i have today", "下周一有几个会": a question about the calendar
    if s.question and s.day and only_filler(vocabulary.QUESTION.sub(" ", s.when.residue)):
        return True  # "what am i doing tomorrow", "下周一要干嘛", "明天上午十点有事没": a question that names only a moment
    if s.question and s.day and turn.active_command is None and not (s.when.time and re.search(r"[?？]\s*\S", s.text)):
        return True  # "我周四是不是有个面试", "is the dentist on friday?", "could i squeeze in a haircut fri at 4": the day answers it
    if s.day and any(_QUESTION_EN.search(c) and (read_when(c, today=turn.today).date or re.match(r"what\s+time|when\b", c)) for c in _clauses(s.text)[1:]):
        return True  # "trying to fit in a dentist checkup this week, is wednesday any good": a day asked about after
    if s.when.time and not s.day:
        return False  # "3pm" alone is not a question about a day
    # A bare day ("tomorrow?", "明天的安排") asks what is on it, unless it answers an open request.
    return bool(lx.QUERY_RESIDUE.fullmatch(s.when.residue)) and not (turn.active_command and not s.when.residue)


def _correction(turn: Turn, s: Signals) -> bool:
    """A correction of the event just made, no request open: "actually 4:30", "30 minutes is enough"."""
    active = turn.active_command
    if (active and active.get("kind") == "create") or s.question or s.text in lx.CREATE:
        return False
    if ((turn.context.get("intent") or {}).get("goal") or {}).get("kind") not in {"create", "change"}:
        return False  # "hmm what about tuesday" after a look at Monday: nothing made to correct
    left = title_from(lx.LENGTH_CHANGE.sub(" ", lx.CORRECTION.sub(" ", s.when.residue)))  # names nothing ("只要半小时") or the event just made:
    cue = bool(lx.CORRECTION.match(s.text)) and bool(s.day or s.when.time)  # "wait the swim thing is 4:30" after swim and piano were made
    made = [str(e.get("title") or "").lower() for e in turn.recent_entities[: 2 if cue or left else 1] if e.get("via") in {"created", "updated"} or not (cue or left)] if s.when.duration or cue else []
    if left is not None and not any(overlap(left, m) >= 2 - cue or left.lower() in m for m in made):  # 体检大概要两个小时, 考试两个小时
        return False
    corrects = bool(lx.CORRECTION.search(s.text)) and bool(s.day or s.when.time or s.when.duration)
    alone = not (s.day or s.when.time) and (only_filler(s.when.residue) or left is not None)  # a length and only filler ("itll take like 45 min") or its name
    resizes = s.when.duration is not None and (bool(lx.LENGTH_CHANGE.search(s.text)) or alone)
    return corrects or resizes


def _revision(turn: Turn, s: Signals) -> bool:
    """A correction or revision of what was just made or is being made ("actually 4", "其实四点更好");
    a follow-up question ("and what about Sunday?" after a query) asks about a day instead."""
    return not _follows_a_question(turn, s) and read_revision(turn, s.text) is not None


def _statement(turn: Turn, s: Signals) -> bool:
    """A sentence about the world with a time ("the plumber is coming thursday at 10", "我老板明天三点要来"): talk, unless asked."""
    if _correction(turn, s):
        return False  # "it's going to last 3 hours" after the workshop was made: its new length
    repeats = read_calendar_words(s.text).recurrence is not None  # "the store closes at 9 on saturdays"
    fyi = lx.REMEMBER.en[1].match(s.text)  # "fyi the hospital put me on nights …": asked only by a clause that opens with a request
    someone = _someone_then(s.text, turn.today) and s.text not in lx.QUERY  # "公司安排下下周一…团建": their arranging (a change or cancel word asks)
    verbs = not (fyi or (someone and s.text not in lx.CHANGE and s.text not in lx.DELETE)) or any(opens_with_request(c) for c in clauses_of(fyi["fact"] if fyi else s.text))
    asks = s.question or s.text in lx.QUERY or not (s.has_slots or repeats) or (verbs and any(s.text in words for words in (lx.CREATE, lx.ACTION, lx.CHANGE, lx.RENAME, lx.DELETE))) or bool(
        lx.EXTEND.match(s.text) or _POLITE.search(s.text)) or reminder_intent(s.text, bool(s.when.time), turn.today)  # "… set reminder for tuesday at three pm"  # fmt: skip
    active = turn.active_command or {}
    fills = {"date": s.day, "time": s.when.time}  # "uh 3pm i guess" to "what time?": what the open request lacks
    if active and (lx.POINTER.match(s.text) or active.get("status") == "needs_title" or any(fills.get(m) for m in active.get("missing") or [])):
        return False  # "it's on the 14th at 5:30" while a request is open, or its answer to "what is it?"
    if _names_a_request(turn, s):
        return False  # "ok the vet appt is saturday 9:30am": the answer to a request open or put aside, by its name
    world = s.text in vocabulary.WORLD_EVENT and not lx.CALENDAR_WORD.search(s.text)
    told = fyi or s.text in vocabulary.HEDGED or someone
    return not asks and (world or bool(told) or s.text in vocabulary.DECLARATIVE or s.text in vocabulary.HEARSAY or s.when.residue in vocabulary.DECLARATIVE)


def _hedged(turn: Turn, s: Signals) -> bool:
    """A write said as possible: hearsay, or a hedge in the clause that asks ("if it rains saturday we might move the bbq")."""
    if s.question or _POLITE.search(s.text) or s.text not in lx.ACTION:
        return False
    return s.text in vocabulary.HEARSAY or vocabulary.hedged_request(s.text, lx.ACTION)


def _new_length(text: str) -> bool:
    """ "make the workshop 2 hours long", "extend the dentist to an hour": a length said as the change."""
    said = lx.LENGTH_CHANGE.search(text)
    prescribed = said is not None and re.match(r"(?:should|will|'ll|only)\b|[^\x00-\x7f]", said.group().strip()) and re.match(
        r"\s*(?:about\s+|like\s+)?(?:\d|an?\s|half|one|two|three|four|five|six|ten|fifteen|twenty|thirty|forty|forty-five|ninety)", text[said.end() :])  # "the standup should only be 15 min"
    return said is not None and (said.group().endswith("long") or bool(said["make"] or prescribed) or text in lx.CHANGE)


def _someone_then(text: str, today: datetime.date) -> bool:
    """ "小张周一上午十点面试", "下周一十点物业来修水管": someone named, and what they do: whose plan is unsaid."""
    text = read_calendar_words(text).cut(text) or text  # "楼下每天早上八点装修": the repeat aside, the same sentence
    found = extract_when(text, today=today) if re.search(r"[\u4e00-\u9fff]", text) else None
    if found is None or not found.spans:
        return False
    before, after = text[: found.spans[0][0]].strip(), text[found.spans[-1][1] :]
    someone = r"(?!我|咱|你|和|跟|与|同|在|把|给|帮|请|让|叫|到|去|从|带|陪|接|送|约)"
    comes = not before and re.match(someone + r"[\u4e00-\u9fff]{2,4}?(?<![未原后将本从出起])(?:要|会)?[过回]?来[\u4e00-\u9fff]", after.strip())
    subject = re.fullmatch(someone + r"(?!.*(?:每|隔|生日|纪念日|那天|当天|那个|这个))[\u4e00-\u9fff]{2,6}", before)
    # Words that lead a request ("另外", "还有", "帮我") are peeled from a title: they name no one.
    return bool(comes) or (bool(re.search(r"[\u4e00-\u9fff]", after)) and subject is not None and clean_title(before) == before)


def _opens_a_create(text: str) -> bool:
    """ "book a tyre change", "schedule an oil change": a create verb opens it and names a thing, not "it"."""
    opening = next((match for pattern in lx.CREATE.en if (match := pattern.match(text))), None)
    return opening is not None and not lx.POINTER.match(text, opening.end() + 1)


def _bare_time(turn: Turn, s: Signals) -> bool:
    """A bare time with nothing open ("3pm"): what should be then is for the person to say."""
    return turn.active_command is None and bool(s.when.time) and s.day is None and title_from(s.when.residue) is None


def _memory_lookup(turn: Turn, s: Signals) -> bool:
    """A request that depends on a remembered fact: a day ("mum's birthday") or a name ("my favourite restaurant")."""
    if s.question or s.memory_swap is not None or (s.when.time and turn.context.get("day_in_focus")):
        return False  # "put in a birthday party for emma at 6:30" after a look at Saturday: that day
    return (s.day is None and s.text in lx.MEMORY_DAY and not read_when(without_repeat(s.text), today=turn.today).date) or s.text in lx.MEMORY_VALUE


def _suggest(turn: Turn, s: Signals) -> bool:
    found = lx.FIND_TIME_FOR.search(s.text)
    if found and clean_title(found.group("activity")) and not _QUESTION_ZH.search(found.group("activity")):
        return False  # "找个时间见一下张老师": a request to meet, its time still open
    return s.text in lx.SUGGEST


def _pick(turn: Turn, s: Signals) -> bool:
    """A position alone ("the second one", "第二个") answers the question the last request raised; so does
    a day or a part of the day alone ("thursday's", "下午那个") when a "which one?" list waits."""
    if s.when.ordinal is None and turn.context.get("choosing") and turn.previous and not s.when.time:
        if len(named_among_listed(turn, s.when.residue)) == 1:
            return True  # "the one with sara": the words name one of the events just listed
        return bool(s.day or vocabulary.part_of_day(s.text)) and only_filler(without_part_of_day(s.when.residue))
    if s.when.ordinal is None or (turn.previous is None and turn.last_reply is None):
        return False
    leftover = re.sub(
        r"(?i)\b(?:you|suggested|offered|mentioned|gave|option|slot|time|please|ok|then)\b", " ", s.when.residue
    )
    return clean_title(leftover) is None


def named_among_listed(turn: Turn, words: str) -> list[dict[str, Any]]:
    """The events just listed that ``words`` name best ("the one with sara"); none when the words name nothing."""
    if only_filler(words) or title_from(words) is None:
        return []
    listed = set(turn.last_listed)
    return best_match(words, [e for e in turn.recent_entities if str(e.get("ref")) in listed])


def _names_a_request(turn: Turn, s: Signals) -> bool:
    return any(overlap(s.when.residue, str(t.get("title") or "")) >= 2 for t in [(turn.active_command or {}).get("known") or {}, *turn.suspended])


def _sentence(turn: Turn, s: Signals) -> bool:
    """What is left for a title holds what a name never does ("I dont want to book anything", "跑了五公里"),
    and names no request open or put aside ("ok the vet appt is saturday 9:30am" answers that one)."""
    if turn.active_command is not None or _names_a_request(turn, s):
        return False
    named = lx.RENAME.search(s.text)  # "… the event is Dentist appointment": the name said
    title = title_from(named.group("title")) if named else clean_title(lx.CREATE.remove(s.when.residue) if s.text in lx.CREATE else s.when.residue)
    if title is None:
        return False
    if no_name(title):
        return True
    who = vocabulary.CLAUSE.en[0].search(title) or vocabulary.CLAUSE.zh[0].search(title) or vocabulary.SIDES.search(title)
    if who and s.text not in lx.ACTION:
        return True  # who does it: a name only once a write was asked for
    if named or s.text in lx.CREATE or s.text in lx.ACTION:
        return False
    # Unasked, two phrases of Chinese set apart, each naming something ("物业通知 本周四…停水", "…德比战，肯定很精彩"); not a note.
    pieces = [p for p in re.split(r"[\s,，]+(?![0-9])", s.text) if re.search(r"[\u4e00-\u9fff]", p) and not re.match(r"在|地点|[跟和与同]\S{1,6}$", p)]  # where, with whom
    note = bool(pieces) and pieces[0] == s.text.split()[0] and not re.search(r"[,.!?;，。！？；]", s.text) and not read_when(pieces[0], today=turn.today).residue  # "周三早上九点 牙医 洗牙 半小时"
    naming = [p for p in pieces if title_from(without_part_of_day(read_when(without_repeat(p), today=turn.today).residue))]  # "下午", "开", "每周四晚上七点" name nothing
    return len(naming) > 1 and not note


def _clauses(text: str) -> list[str]:
    """The clauses of a message, without the conjunction that joins them ("but can you add …")."""
    return [re.sub(r"(?i)^(?:but|and|so|then|anyway)\s+", "", clause) for clause in clauses_of(text)]


def no_name(title: str) -> bool:
    """Words a name never holds: a negation, a hedge, a question word, hearsay (``CLAUSE`` after its first part)."""
    return any(pattern.search(title) for pattern in (*vocabulary.CLAUSE.en[1:], *vocabulary.CLAUSE.zh[1:]))


def _create(turn: Turn, s: Signals) -> bool:
    if _sentence(turn, s):
        return False  # asked or not, a sentence about something is no name to book under
    if s.text in lx.CREATE:
        return not s.question  # "明天下午三点能约人吗", "could i squeeze in a haircut friday at 4" ask whether it can be
    if turn.active_command and (s.has_slots or s.text in lx.RENAME):
        return not s.question or bool(lx.WHAT_ABOUT.search(s.text))
    if s.question:
        return False
    return s.has_slots and clean_title(s.when.residue) is not None


Rule = tuple[str, Callable[[Turn, Signals], bool]]

RULES: tuple[Rule, ...] = (
    ("injection", lambda turn, s: s.text in lx.INJECTION),
    ("archive", lambda turn, s: s.text in lx.ARCHIVE),
    ("others", lambda turn, s: s.text in lx.OTHERS),
    ("bulk_delete", lambda turn, s: s.text in lx.BULK_DELETE),
    # Alarms, rides, devices and two events swapped in one step are not the calendar's: an honest answer.
    ("swap", lambda turn, s: s.text in lx.SWAP and not s.question),
    ("alarm", lambda turn, s: s.text in vocabulary.ALARM and not (lx.REMIND_ME.search(s.text) or (REMINDER_EN.search(s.text) and not vocabulary.ALARM.en[1].search(s.text))) and read_calendar_words(s.text).reminder_minutes is None),
    ("service", lambda turn, s: (s.text in vocabulary.SERVICE or (s.text in vocabulary.WEATHER and s.text not in lx.CHANGE and not any(c.strip() in lx.CREATE for c in re.split(r"[,，.;]|\s(?:so|and|then)\s", s.text))))
     and not lx.CALENDAR_WORD.search(s.text) and s.text not in lx.DELETE and not _revision(turn, s) and not reminder_intent(s.text, bool(s.when.time), turn.today)),  # "改成五点半吧 快递柜那边五点才放件", "过二十分钟叫我去拿外卖"
    ("reminders_list", lambda turn, s: s.text in vocabulary.REMINDER_QUESTION),  # "remind me to wake up" is a reminder
    # "scratch that, I can't afford it": a drop, its reason asking nothing, as is "…爬山 帮我记上 算了"; "cancel that, i meant X": a delete.
    ("drop", lambda turn, s: not lx.MEANT.search(s.text) and (s.text in lx.DROP_REQUEST or any(  # "哎 算了 那天去不了了": a reason after
        " ".join(ps[:i]) in lx.DROP_REQUEST and (rest := " ".join(ps[i:])) not in lx.ACTION and rest not in lx.DELETE and not (((w := read_when(ps[i], today=turn.today)).date or w.time) and read_revision(turn, ps[i])) for ps in [vocabulary.phrases(s.text)] for i in range(1, len(ps)))
        or (vocabulary.taken_back(s.text) and s.text not in lx.DELETE))),
    # ... unless another clause asks ("no need to add that. but can you add pick up leo on tuesday at 6:30pm").
    ("drop", lambda turn, s: s.text in vocabulary.NEGATED_REQUEST and s.text not in lx.DELETE
     and not any(c in lx.CREATE and c not in vocabulary.NEGATED_REQUEST for c in _clauses(s.text))),
    ("greeting", lambda turn, s: s.text in lx.GREETING),
    ("goodbye", lambda turn, s: s.text in lx.GOODBYE),
    ("clock", lambda turn, s: s.text in lx.CLOCK),
    # Courtesy alone ("that's all, thank you very much", "好的，就这样，谢谢"): the shared reading of it.
    ("thanks", lambda turn, s: is_courtesy(s.text) and bool(vocabulary.THANKING.search(s.text))),
    ("ack", lambda turn, s: is_courtesy(s.text)),
    ("capability", lambda turn, s: s.text in lx.CAPABILITY),
    ("other_zone", lambda turn, s: s.has_slots and s.text in vocabulary.OTHER_ZONE),
    # "fyi …" with a moment said (read or not): told, so offered; "remember that …" asks.
    ("remember", lambda turn, s: s.text in lx.REMEMBER and not re.search(r"[?？]", s.text) and not (lx.REMEMBER.en[1].match(s.text) and (s.has_slots or s.when.declined))),
    ("memory_question", lambda turn, s: s.text in lx.MEMORY_QUESTION),
    ("resume", lambda turn, s: s.text in lx.RESUME),
    # A question about one day is about that day, whatever is said of the week around it.
    ("council", lambda turn, s: s.text in lx.COUNCIL and not s.when.time and not (s.day and not s.when.end)),
    ("ability", _ability_only),
    ("forget", lambda turn, s: s.text in lx.FORGET),
    ("revise", _revision),
    ("past", _past_report),
    ("availability", lambda turn, s: s.text in lx.AVAILABILITY and not s.question and not any(s.text in words for words in (lx.ACTION, lx.DELETE, lx.QUERY))),
    # Where it is held: not kept (an event has a name, a day and a time); said plainly, nothing changed.
    ("place", lambda turn, s: place_only(s.text)),
    ("repeat_by_position", lambda turn, s: s.text in lx.MONTH_WEEKDAY and not s.question and s.text not in lx.DELETE),
    ("statement", _statement),
    # A write said as possible, not decided ("if it rains saturday we might move the bbq to sunday"): nothing yet.
    ("hedged", _hedged),
    # A repeat a rule can hold ("every weekday", "每周一") is a create with a recurrence.
    ("reminder", lambda turn, s: not s.question and s.text not in lx.DELETE and reminder_intent(s.text, bool(s.when.time), turn.today)),
    ("create", lambda turn, s: not s.question and s.text not in lx.DELETE and _repeat_or_reminder(s.text, s.when)
     and not (read_calendar_words(s.text).recurrence and _sentence(turn, read_signals(turn, text=without_repeat(s.text))))),  # "the neighbours start drilling at 8am every day"
    ("recurring", lambda turn, s: bool(lx.SERIES.search(s.text)) and not (s.question or s.text in lx.DELETE or s.text in lx.CHANGE or _sentence(turn, s))),
    # A cancel word anywhere closes the paths that write at once: a delete asks first.
    ("change", lambda turn, s: (bool(lx.EXTEND.search(s.text)) or ((s.text in lx.CHANGE or (s.text in lx.RENAME and s.text not in lx.CREATE))
     and not _opens_a_create(s.text))) and not s.question and s.text not in lx.DELETE  # "make the workshop go till 4:30pm": a new end
     and not (s.when.time and lx.RENAME.search(s.text) and previous_intent(turn) in {"suggest", "query"})),  # "3pm works, call it design sync"
    # A length said as a shift ("往后推一个小时", "an hour later") or as more or less ("30 minutes longer") only changes.
    ("change", lambda turn, s: (s.when.shift is not None or s.when.extend is not None) and not s.question and s.text not in lx.DELETE),
    # A new length said of a thing named ("make the workshop 2 hours long"): only ever a change.
    ("change", lambda turn, s: s.when.duration is not None and not (s.when.time or s.question) and _new_length(s.text)
     and (not s.day or s.text not in lx.CREATE or bool((said := lx.LENGTH_CHANGE.search(s.text)) and said["make"]))),  # "make the team lunch on thursday 2 hours long"
    ("delete", lambda turn, s: s.text in lx.DELETE and not s.question and not lx.CREATE.before(lx.DELETE, s.text)),
    ("pick", _pick),
    ("change", _correction),
    ("suggest", _suggest),
    ("memory_lookup", _memory_lookup),
    ("query", _query),
    ("bare_time", _bare_time),
    # "ok friday at 2pm then" after a look at the calendar: that moment, its name asked for (never a guess).
    ("create", lambda turn, s: bool(s.when.time and s.day and not s.question) and title_from(s.when.residue) is None and previous_intent(turn) == "query"),
    ("create", _create),
    ("create", lambda turn, s: not (s.has_slots or s.question or turn.active_command) and len(s.text.split()) <= 6 and bool(lx.CALENDAR_WORD.search(s.text) or lx.MEETINGS.search(s.text)) and s.text not in lx.QUERY and _sentence(turn, s) is False),  # "vet appointment for the cat": offered
    # Told rather than asked, in a sentence no name is made of ("would thursday 2pm work for a call w sam").
    ("statement", lambda turn, s: s.has_slots and not s.question and _sentence(turn, s)),
    ("thanks", lambda turn, s: bool(vocabulary.THANKING.search(s.text)) and len(s.text.split()) <= 6 and not (s.has_slots or s.question)),  # thanks beside a word of feeling ("thanks, bummer")
)


def _repeat_or_reminder(text: str, when: When) -> bool:
    """A repeat or a reminder's lead; a change word beside a repeat names the series there ("move my weekly standup")."""
    words = read_calendar_words(text)
    return (words.recurrence is not None and text not in lx.CHANGE) or words.reminder_minutes is not None


def classify(turn: Turn, signals: Signals) -> str:
    return next((intent for intent, applies in RULES if applies(turn, signals)), "unclear")
