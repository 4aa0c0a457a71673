"""Creating an appointment, or continuing the one being created.

The title is the person's words; the day is one day (a range is not a day: the server asks);
a remembered fact fills in what the message only pointed at ("mum's birthday" -> 03-14, "my
favourite restaurant" -> "Lotus Garden").
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Sequence
from typing import Any

from assistant.providers.base import ModelResponse
from assistant.providers.offline import lexicon as lx
from assistant.providers.offline.calendar_words import REMIND_MARKER, part_kept, read_calendar_words, without_repeat
from assistant.providers.offline.calendar_words import remind as remind_only
from assistant.providers.offline.calls import call, say, text
from assistant.providers.offline.conversation_actions import thing_asked_about
from assistant.providers.offline.intents import Signals, no_name, previous_intent
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.suggestions import offer_at
from assistant.providers.offline.titles import (
    asking_clause,
    clauses_of,
    only_filler,
    overlap,
    placeholder,
    refines,
    same,
    title_from,
    words,
)
from assistant.providers.offline.when import When, from_now, in_week_of, read_when
from assistant.reading import vocabulary
from assistant.reading.days import days_of
from assistant.reading.extract import in_the_week_said
from assistant.reading.hours import EITHER_HALF
from assistant.reading.meals import own_kind, usual_time
from assistant.reading.vocabulary import DAY_FROM_EVENT

Tools = Sequence[dict[str, Any]]

# "dinner on mum's birthday" -> "Dinner for mum's birthday"; "dinner for our anniversary" -> "Anniversary dinner".
_OCCASION_EN = re.compile(
    r"^(?P<what>.+?)\s+(?:on|for)\s+(?P<owner>my|our|his|her|their|[a-z]+'s)\s+(?:wedding\s+)?"
    r"(?P<occasion>birthday|bday|anniversary)$",
    re.IGNORECASE,
)


def _occasion_title(title: str, owner_from_memory: str | None) -> str:
    match = _OCCASION_EN.match(title)
    if match is None:
        return title
    what, owner, occasion = match.group("what"), match.group("owner").lower(), match.group("occasion").lower()
    if owner in {"my", "our"}:
        return f"{occasion.capitalize()} {what.lower()}"
    if owner in {"his", "her", "their"}:
        # "dinner with mum on her birthday": the person is already in the title; "a dinner on her
        # birthday": whose birthday it is comes from the remembered fact.
        if owner_from_memory and owner_from_memory.lower() not in what.lower():
            return f"{occasion.capitalize()} {what.lower()} for {owner_from_memory.lower()}"
        return what
    return f"{what} for {match.group('owner')} {occasion}"


def _words_for_title(s: Signals) -> tuple[str | None, str]:
    """The title the message gives (explicit "call it …" first), and whether it was explicit."""
    named = lx.RENAME.search(s.when.residue) or lx.RENAME.search(s.text)  # "called quarterly planning on 17 december": not the day
    if named:
        return title_from(named.group("title")), "named"
    residue = s.when.residue
    if s.memory_swap is not None:
        phrase, value = s.memory_swap
        residue = re.sub(re.escape(phrase), value, residue, flags=re.IGNORECASE)
    owner = None
    if s.memory_date is not None and re.search(r"[\u4e00-\u9fff]", residue):
        # "妈妈生日那天订个家庭晚餐": the occasion only said which day; the title is the rest.
        owner = _occasion_owner_zh(residue)
        residue = re.sub(r"(?:那天|当天)", "", lx.MEMORY_DAY.remove(residue))
    title = title_from(residue)
    if title and owner and title.startswith("一起"):
        title = f"和{owner}{title[2:]}"  # "妈妈生日那天一起吃晚饭": together with 妈妈
    if title and s.memory_date is not None:
        title = _occasion_title(title, s.memory_owner)
    return title, "said"


def _occasion_owner_zh(text: str) -> str | None:
    """Whose occasion a Chinese message names: "妈妈生日那天" -> "妈妈"."""
    found = lx.MEMORY_DAY.search(text)
    if found is None:
        return None
    owner = re.sub(r"^(?:我们|我)的?|的?(?:生日|纪念日)$", "", found.group("subject"))
    return owner if re.fullmatch(r"[\u4e00-\u9fff]{1,4}", owner) else None


_ONE_DAY_KIND = re.compile(r"\b(?:birthday|bday|anniversary)\b|生日|纪念日", re.IGNORECASE)
_COMPANY_EN = re.compile(r"\bwith\s+(?P<who>.+)$", re.IGNORECASE)
_COMPANY_ZH = re.compile(
    r"^(?:和|跟|与|同)(?P<who>[\u4e00-\u9fff]{1,4}?)(?:一起)?(?:吃|喝|见|开|聊|去|看|打|玩|逛|碰|约)"
)


def _other_company(title: str, known: str) -> bool:
    """The same kind of thing with someone else: "Lunch with Sam" while lunch with Lin is open."""
    for pattern in (_COMPANY_EN, _COMPANY_ZH):
        said, open_ = pattern.search(title), pattern.search(known)
        if said and open_:
            return said.group("who").casefold() != open_.group("who").casefold()
    return False


def _own_request(s: Signals, title: str, known: object) -> bool:
    """A complete request of its own (a title saying more than the open one, a day and a time):
    "lunch with Sam next Wednesday at 1pm" while "the lunch" waits is a new request, not its patch."""
    complete = s.day is not None and s.when.time is not None and not lx.POINTER.search(s.text)
    return complete and bool(words(title) - words(str(known)))


_WRITES = frozenset({"create", "change", "delete", "reminder", "revise", "remember"})


def _carried_day(turn: Turn, s: Signals) -> str | None:
    """The day of the last message: "book it at 11 then" after "when could I do it on Wednesday?" — unless
    it asked for a write of its own (the day of another booking is that booking's, not this one's)."""
    if s.when.time is None or turn.previous is None or previous_intent(turn) in _WRITES:
        return None
    before = read_when(turn.previous, today=turn.today)
    return None if before.past else before.single_day


def _in_the_week_said(turn: Turn, weekday: str) -> str:
    """ "schedule physio next week" … "Which day?" … "wednesday": that weekday of the week the request named."""
    inside = in_the_week_said((*turn.asked_since, turn.text), turn.today)
    return next(iter(inside)).isoformat() if len(inside) == 1 else weekday


def _moment_asked_about(turn: Turn) -> tuple[str | None, str] | None:
    """The time (and day, if said) the previous message asked about ("am i free at 3pm tmrw?"), when it was a question."""
    if turn.previous is None or previous_intent(turn) != "query":
        return None
    before = read_when(turn.previous, today=turn.today)
    if before.past or before.time is None or (before.guessed and int(before.time[:2]) in EITHER_HALF) or before.end:
        return None
    return before.single_day, before.time


def _said_with_its_moment(text: str, today: datetime.date) -> str | None:
    """The name in the one clause that says a moment, without a clause about it ("… which my boss is stressed about")."""
    said = [read_when(c, today=today) for c in clauses_of(text)]
    timed = [w.residue for w in said if w.time]
    return title_from(re.sub(r"(?i)\b(?:which|that|who|whom|whose)\b.*$", " ", timed[0])) if len(timed) == 1 else None


def _days_said(when: When, today: datetime.date) -> bool:
    """Two days said as the ends of a stretch ("dec 28 to 31", 12月24号到27号), not a week or a month named."""
    first, last = days_of(when.date, today)[:1], days_of(when.end, today)[-1:]
    if not (first and last) or not 0 < (last[0] - first[0]).days <= 31:
        return False
    return not (first[0].day == 1 and (last[0] + datetime.timedelta(days=1)).day == 1) and not (first[0].weekday() == 0 and (last[0] - first[0]).days == 6)


# More words than a name has: what is left is a sentence the reader did not understand.
_MOST_WORDS = 18


def create(turn: Turn, s: Signals, tools: Tools, *, put_down: bool = False) -> ModelResponse:
    """A booking; ``put_down``: a statement the same message asked to put down (its request words read apart)."""
    gone = turn.context.get("just_deleted") or {}
    if gone and lx.AGAIN.search(s.text) and (s.day or s.when.time) and title_from(s.when.residue) is None:
        # "rebook it for friday at 9am", 那帮我重新约到周六上午十点吧: the event just deleted, booked again.
        return call(turn, tools, "schedule_event", title=gone["title"], date=s.day or gone["date"], time=s.when.time or gone["start"], duration_minutes=gone.get("minutes"))
    if gone and vocabulary.SAME_TIME.search(s.text) and not (s.day or s.when.time) and (instead := title_from(vocabulary.SAME_TIME.sub(" ", s.when.residue))):
        # "put stocktake in that slot instead" after the supplier call was deleted: its day, time and length.
        return call(turn, tools, "schedule_event", title=instead, date=gone["date"], time=gone["start"], duration_minutes=gone.get("minutes"))
    counted = next((days for pattern, days in DAY_FROM_EVENT if days < 0 and pattern.search(s.text)), None) if put_down else None
    if counted and (booked := booked_with_lead(turn, s.text, counted, tools)) is not None:
        return booked  # "下周二上午10点半 牙医复诊 帮我记一下 前一天晚上八点提醒我": with its reminder, counted from its day
    named = lx.RENAME.search(s.text)  # the name's own words repeat nothing: "an event called Weekly planning"
    extra = read_calendar_words(s.text[: named.start("title")] if named else s.text, turn.today)
    if extra.found:
        # Repeat and reminder words are not a day, a time or a length: read the rest without them, its part of the day
        # kept ("every thursday evening at 8": 20:00).
        rest, part = extra.cut(s.text) or "", vocabulary.part_of_day(s.text)
        kept = f"{rest} in the {part}" if part in ("morning", "afternoon", "evening") and vocabulary.part_of_day(rest) is None else rest
        s = dataclasses.replace(s, when=read_when(kept, today=turn.today))
    if extra.recurrence and (clause := asking_clause(s.text)) and not read_calendar_words(clause, turn.today).recurrence:
        # "ive got stuff every day, but can you put a call with the accountant on wednesday": the rule is another clause's.
        return text(say("ask_when_plainly", turn.language))
    when = s.when
    meal = own_kind(s.text) or own_kind(str(((turn.active_command or {}).get("known") or {}).get("title") or ""))  # "Dinner w the chens" … "around 7"
    asked_about = _moment_asked_about(turn) if when.guessed and when.time and not meal else None
    unsure = bool(when.guessed and when.time and int(when.time[:2]) in EITHER_HALF)
    if when.guessed and (meal or asked_about):
        # "breakfast at 7" is 07:00, "dinner at 7" 19:00: the meal says which half of the day; so does the moment just
        # asked about ("今晚八点多我有空吗" … "那就八点半吧 帮我加上": 20:30).
        near = usual_time(meal) if meal else datetime.time.fromisoformat(asked_about[1]) if asked_about else None
        when = read_when(extra.cut(s.text) or s.text, today=turn.today, prefer_near=near)
        s = dataclasses.replace(s, when=when)
    elif unsure:
        when = dataclasses.replace(when, time=None)  # "gym at 6", "7点开会": morning or evening? asked, not guessed
        s = dataclasses.replace(s, when=when)
    title, how = _words_for_title(s)
    if lx.UNSURE_VERB.match(s.text) or (title and only_filler(lx.CREATE.remove(title))):
        title = None  # "ad dentist …": "add" mistyped, or an ad's name? "约上": a request only. The name is asked, never guessed
    asked = put_down or s.text in lx.CREATE or bool(lx.FIND_TIME_FOR.search(s.text))
    unasked_sentence = not asked and vocabulary.CLAUSE.search(title or "")  # an offer taken up: "Coworker wants to meet"
    if title and (asking := vocabulary.POLITE.search(title, 1)) and how != "named":
        title = re.sub(r"(?i)[\s,]*(?:\b(?:is|are|was)\b)?[\s,]*$", "", title[: asking.start()]) or None  # "…school play is, could you put that in"
    if title and (len(title.split()) > _MOST_WORDS or (how != "named" and (no_name(title) or title in vocabulary.HEARSAY or unasked_sentence or (title in lx.DELETE and not asked)
                                                                          or re.match(r"(?i)(?:it|that|this|them)\s+(?:for|to|on|at|pls|please)\b", title)))):  # "That for me dear"
        # A whole sentence left over, or words no name holds even when asked for ("Don't forget the dentist"):
        # what was asked is not understood well enough to write under it; the server asks for the name.
        title = None
    clause_asks = any(c in lx.CREATE for c in clauses_of(lx.REMIND_ME.sub(" ", s.text)))  # "…, could you add it and remind me …"
    said = _said_with_its_moment(s.text, turn.today) if title is None and (asked or clause_asks) and lx.POINTER.search(s.text) else None
    if said and not (no_name(said) or vocabulary.CLAUSE.search(said)):
        title = said  # "ugh crazy week, i have the quarterly presentation on thursday at 2pm which …, could you add it"
    if title and (one := re.match(r"(?i)one\s+(?=(?:with|for|at)\s)", title)):
        # "and one with bluebird friday 2:45" after 'Call with the acme client': another call, never a thing called "One".
        made = [str(e.get("title")) for e in turn.recent_entities[:1] if e.get("via") in {"created", "updated"}]
        head = re.match(r"(?i)(.+?)\s+(?:with|for|at)\s", made[0]) if made else None
        title = f"{head[1]} {title[one.end():]}" if head else None
    if title is None and asked and (before := told_before(turn)):
        # "听说期末考试可能提前到下周一" … "确定是下周一上午八点半 帮我加上": the thing said before, at the moment said now.
        told = title_from(lx.MODAL.sub("", read_when(vocabulary.HAPPENING.remove(before), today=turn.today).residue))
        title = told if told and not (no_name(told) or vocabulary.CLAUSE.search(told) or told in vocabulary.HEARSAY) else None
    end_date = None
    days_asked = asked and _days_said(when, turn.today) and not (extra.recurrence or lx.MEETINGS.search(s.text))  # "block out dec 28 to 31 for skiing"
    kind = extra.all_day_kind and read_calendar_words(title or "", turn.today).all_day_kind  # the thing's own kind, never a reason's ("she's back from leave")
    if when.time is None and ((kind and (when.single_day or s.memory_date)) or days_asked):
        # A birthday or a holiday with no time said takes whole days; a range asked for is its first to last day.
        extra.all_day = True
        if when.end is not None:
            end_date = when.end
            s = dataclasses.replace(s, when=dataclasses.replace(when, end=None))
            when = s.when
    if end_date is not None and _ONE_DAY_KIND.search(s.text):
        end_date, s = None, dataclasses.replace(s, when=dataclasses.replace(when, date=None))  # a birthday is one day
        when = s.when
    when = from_now(when, turn.now, turn.today)  # "a call with dad in two hours", "两个小时后和张三开会"
    start = str(turn.recent_entities[0].get("start") or "") if turn.recent_entities and when.time is None else ""
    if re.fullmatch(r"\d{2}:\d{2}", start) and vocabulary.SAME_TIME.search(s.text):
        # "and another squash monday same time": the time of the event just talked about, and its length when none is said
        when = dataclasses.replace(when, time=start, duration=when.duration or turn.recent_entities[0].get("minutes"))
    active = turn.active_command
    day = s.memory_date or when.single_day or extra.first_day or s.carried_day  # "that day": the one asked about
    if day and lx.AND_ALONE.match(s.text) and (last := turn.recent_entities[:1]) and last[0].get("via") == "created":
        day = in_week_of(day, str(last[0].get("date")), turn.today)  # "…on friday the 18th" … "and a ski lesson saturday": that week's
    if not (active and active.get("kind") == "create"):
        put_aside = [t for t in turn.suspended if title and words(title) <= words(str(t.get("title") or ""))]
        if len(put_aside) == 1 and (day or when.time):
            # "ok the dentist at 3pm" after lunch was booked in between: the request put aside, by its name.
            values = {"date": day, "time": when.time, "duration_minutes": when.duration}
            return call(turn, tools, "resume_task", task_ref=str(put_aside[0].get("ref")), **values)
        day = day or _carried_day(turn, s)
        if when.time is None and not s.when.date and (asked_about := _moment_asked_about(turn)):
            # "am i free at 3pm tmrw" … "great, book a dentist appointment then": the moment just asked about ("could i
            # squeeze in a haircut friday at 4?" … "nice, book it then": and the thing it asked about).
            day, when = day or asked_about[0], dataclasses.replace(when, time=asked_about[1])
        title = (None if (title or "").lower() in {"him", "her", "them", "he", "she", "they"} else title) or thing_asked_about(turn, s)  # "… for the electrician?" … "book him at 3:30"
        if when.time is None and not s.when.date and (offer := offer_at(turn.last_reply, s.when.ordinal)):
            day, when = offer.date, dataclasses.replace(when, time=offer.time)  # "book the first one for a physio session"
        vague = lx.VAGUE.fullmatch(lx.CREATE.remove(when.residue) or "") or lx.VAGUE.fullmatch(title or "")
        if vague and not (day or when.time):
            return text(say("ask_what", turn.language))  # "帮我约个时间": nothing to put down yet
        if when.declined and day is None and when.time is None:
            # "coffee w jun next thu 4:15pm" read as nothing: its day words must not end up in a title.
            return text(say("ask_when_plainly", turn.language))
        if not asked and day is None and when.time is None and not unsure:
            # "我下周要出差": a plan for a stretch of days, said rather than asked; ask first.
            return text(say("ask_day_for", turn.language, title=title or say("it", turn.language)))
        pointed = (lx.POINTER.search(s.text) or lx.DEFINITE.search(s.text)) and not clause_asks
        if extra.reminder_minutes is not None and pointed and when.time and extra.reminder_text is None:
            # "下午4点那个会 提前15分钟提醒我", "that 4pm call, remind me 10 min before": the event that starts then, never a new one.
            return call(turn, tools, "set_reminder", text=None, event_ref=None, event_words=None,
                        minutes_before=extra.reminder_minutes, date=day, time=when.time)  # fmt: skip
        return call(
            turn, tools, "schedule_event",
            title=title, date=day, time=when.time, duration_minutes=when.duration, command_id=None,
            end_date=end_date, **extra.arguments(),
        )  # fmt: skip
    known = (active.get("known") or {}).get("title")
    command_id = None
    if not asked and title and s.text not in lx.ACTION and (title in vocabulary.CLAUSE or title in vocabulary.SIDES):
        title = None  # "uh 3pm i guess" to "what time?": the answer, and words that name nothing
    stub, untitled = active.get("known") or {}, "title" in (active.get("missing") or [])
    if untitled and when.declined and not (when.date or when.time):
        return text(say("ask_when_plainly", turn.language))  # "and book jakes piano … after school": its day words are no name
    own_moment = untitled and title is not None and bool((when.time and stub.get("time") not in (None, when.time)) or (  # a request of its own, at
        day and stub.get("date") and days_of(day, turn.today) != days_of(str(stub["date"]), turn.today)))  # another moment: never the name asked for
    if not asked:
        # No request verb: a reply to the open request, unless it plainly names something else
        # ("Dinner with Tom on Saturday" while lunch is open). The words around a date are filler
        # ("let's say Friday"); they become the title only when one is still missing.
        switch = own_moment or (
            title is not None
            and known
            and how != "named"
            and not placeholder(known)
            # "It starts at 6pm, at the Concert Hall": the open request, and where it is held.
            and not re.match(r"(?i)\W*(?:(?:it|that)\b|(?:at|in|@)\s)", s.when.residue)
            and (
                (overlap(title, str(known)) == 0 and not refines(title, known))
                or _other_company(title, str(known))
                or _own_request(s, title, known)
            )
        )
        if not switch:
            command_id = active["command_id"]
            # A name that says more than the open one ("设计组站会" for "会") or replaces "a thing" is kept.
            better = title is not None and (placeholder(known) or refines(title, known))
            if how != "named" and not untitled and not better:
                title = None
    elif title is None or (untitled and not own_moment) or (known and words(title) <= words(str(known))):
        # "book it for Friday", "put the physio at 11" while "Physio appointment" waits: the same request.
        command_id = active["command_id"]
    if same(title, known):
        title = None
    if command_id and day and re.fullmatch(r"W[1-7]", day) and turn.asked_since:
        day = _in_the_week_said(turn, day)
    return call(
        turn, tools, "schedule_event",
        title=title, date=day, time=when.time, duration_minutes=when.duration, command_id=command_id,
        end_date=end_date, **extra.arguments(),
    )  # fmt: skip


_EN_PHRASES = re.compile(r"\s+(?:and|so)\s+(?=(?:i|i'm|we)\s|(?:please|pls|can|could|would|will|put|add|book|schedule|pop|stick|pencil|block)\b)", re.I)


def put_down_apart(turn: Turn) -> str | None:
    """A statement with its moment, then a phrase that only asks to put it down ("老师刚在群里说下周二下午四点开家长会
    帮我记一下 到时候得请假", "we have a review next wed at 2pm, can you put that in my calendar pls"): the phrases
    before that request (or after it, when it comes first), the thing offered and taken in one message; what follows
    the request is its reason."""
    phrases = [p for c in clauses_of(turn.text) for p in (c.split() if re.search(r"[\u4e00-\u9fff]", c) else _EN_PHRASES.split(c))]
    while phrases and vocabulary.DROPPING.search(phrases[0]) and not (lead := read_when(phrases[0], today=turn.today)).date and not lead.time:
        phrases.pop(0)  # "算了不管了 周六上午九点爬山 帮我记上": what is put aside first is the talk before, not this
    if len(phrases) < 2:
        return None
    asks = [i for i, p in enumerate(phrases) if p in lx.CREATE and not (lx.REMIND_ME.search(p) or REMIND_MARKER.search(p) or p in lx.DELETE) and title_from(p) is None]
    if len(asks) != 1 or any(vocabulary.DROPPING.search(p) or p in vocabulary.NEGATED_REQUEST for p in phrases):
        return None
    # Asked first: "那你在日历上帮我记一下 周五早上八点的车". A reason before it names nothing ("and i cannot miss it").
    def a_lead(p: str) -> bool:  # a lead, before or after the request, is the reminder booked with it ("…开家长会 帮我记下来 提前一个小时提醒我一下",
        counted = REMIND_MARKER.search(p) and any(days < 0 and pattern.search(p) for pattern, days in DAY_FROM_EVENT)  # "… 前一天晚上八点提醒我")
        return bool(counted) or ((said_lead := read_calendar_words(p)).reminder_minutes is not None and said_lead.reminder_text is None)

    before, after = phrases[: asks[0]], phrases[asks[0] + 1 :]
    if after and not any((w := read_when(p, today=turn.today)).date or w.time for p in before) and all((w := read_when(p, today=turn.today)).date or w.time or titles_only(p) for p in after):
        before, after = after, []  # "老板又要开会 烦死了 帮我记一下 明天下午三点一刻 项目复盘会": the talk before, the thing after
    said = " ".join(p for p in before or phrases[1:] if not no_name(p) or read_when(p, today=turn.today).time or a_lead(p))
    said += "".join(f" {p}" for p in after if a_lead(p))
    when = read_when(without_repeat(vocabulary.HAPPENING.remove(said)), today=turn.today)  # "儿子每周六上午九点半上钢琴课": its rule aside
    # "那就八点半吧 帮我加上 跟同事喝酒": named after it. "i need to get a flu shot, can u add it" (a thing to do, no
    # moment said): the day and time are asked.
    title = title_from(when.residue)
    to_do = not (when.date or when.declined) and bool(vocabulary.HAPPENING.en[-1].search(said) or vocabulary.HAPPENING.zh[-1].search(said))
    return said if (title or told_before(turn)) and (when.time or when.end or to_do) else None  # a span of days said: whole days, or asked


def titles_only(phrase: str) -> bool:
    """A phrase that only names a thing ("项目复盘会"): no clause, no request."""
    return (name := title_from(phrase)) is not None and not (no_name(name) or vocabulary.CLAUSE.search(name)) and phrase not in lx.ACTION


def told_before(turn: Turn) -> str | None:
    """The message before, when it told of a thing (news, a hedge) and nothing was written: "… might move to thursday"."""
    return turn.previous if turn.previous and turn.last_reply in {say(key, turn.language) for key in ("hedged", "statement")} else None


def booked_with_lead(turn: Turn, text: str, offset: int, tools: Tools) -> ModelResponse | None:
    """The event said first with its day and time, then a reminder at a time on a day counted from it ("下周一上午十点
    年度体检 前一天晚上八点提醒我", "dentist fri 3pm, remind me the evening before at 8"): booked with that lead."""
    match = next(m for pattern, days in DAY_FROM_EVENT if days == offset and (m := pattern.search(text)))
    if lx.DEFINITE.search(text[: match.start()]):
        return None  # "后天下午三点的面试 …": named as one already there, never booked again
    event = read_when(REMIND_MARKER.sub(" ", text[: match.start()]), today=turn.today)
    title = title_from(event.residue)
    days = days_of(event.single_day, turn.today) if event.single_day and event.time and not event.guessed else []
    at = read_when(REMIND_MARKER.sub(" ", part_kept(match) + text[match.end() :]), today=turn.today)
    if len(days) != 1 or not title or not at.time or at.guessed or at.date:
        return None
    start = datetime.datetime.combine(days[0], datetime.time.fromisoformat(event.time or ""))
    moment = datetime.datetime.combine(days[0] + datetime.timedelta(days=offset), datetime.time.fromisoformat(at.time))
    lead = int((start - moment).total_seconds() // 60)
    return call(turn, tools, "schedule_event", title=title, date=event.single_day, time=event.time, duration_minutes=None,
                command_id=None, reminder_minutes=lead) if 0 < lead <= 10080 else None  # fmt: skip


def remind(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    """A reminder, or an event said first and booked with a reminder counted from its day ("…, remind me the evening before at 8")."""
    counted = next((days for pattern, days in DAY_FROM_EVENT if pattern.search(s.text)), None)
    booked = booked_with_lead(turn, s.text, counted, tools) if counted else None
    return booked or remind_only(turn, s, tools)
