"""Requests about the conversation rather than the calendar: memory, the chat archive, putting a
task aside and coming back to it, the planning consultation, and the answers given in words."""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Callable, Sequence
from typing import Any

from assistant.providers.base import ModelResponse
from assistant.providers.offline import lexicon as lx
from assistant.providers.offline.calendar_words import REMIND_MARKER, remind, without_repeat
from assistant.providers.offline.calls import call, say, text
from assistant.providers.offline.intents import Signals, no_name, previous_intent, read_signals
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.titles import best_match, clauses_of, clean_title, overlap, sentence, title_from
from assistant.providers.offline.when import read_when
from assistant.reading import extract_when
from assistant.reading.days import days_of
from assistant.reading.vocabulary import CLAUSE, OTHER_ZONE, SAME_TIME, phrases

Tools = Sequence[dict[str, Any]]

MAX_FACT = 300
MAX_TOPIC = 80
MAX_QUERY = 200

_TOPIC_EN = re.compile(r"^(?P<topic>.{2,60}?)\s+(?:is|are|was|will\s+be|=|:)\s+", re.IGNORECASE)
_TOPIC_ZH = re.compile(r"^(?P<topic>[^，,。]{1,20}?)(?:是|在|为|：|:)")
# No "is": the topic is who the fact is about ("mum prefers lunch", "安娜吃素").
_SUBJECT_EN = re.compile(
    r"^(?P<topic>(?:my\s+|our\s+)?[a-z']+(?:\s+[a-z']+)?)\s+(?:prefers?|likes?|loves?|hates?|lives?|works?|has|"
    r"doesn't|does\s+not|don't|do\s+not|can't|cannot|always|never|usually|only|eats?|drinks?)\b",
    re.IGNORECASE,
)
_SUBJECT_ZH = re.compile(
    r"^(?P<topic>[\u4e00-\u9fff]{1,6}?)(?:不|更|最|吃|喝|喜欢|爱|讨厌|住|有|会|每|对|要|只|从来|一般|通常)"
)
_OWNER = re.compile(r"^(?:that\s+)?(?:my|our)\s+|^(?:我们|我)的?", re.IGNORECASE)
_REMINDER = re.compile(r"^(?:please\s+)?(?:remember|don'?t\s+forget)\s+(?:me\s+)?to\s+", re.IGNORECASE)
_ARCHIVE_TOPIC = (
    re.compile(
        r"\babout\s+(?P<topic>.+?)(?:\s+(?:last\s+time|before|earlier|previously|again))?\s*\??$", re.IGNORECASE
    ),
    re.compile(r"关于(?P<topic>.+?)(?:的事情?)?(?:我们|咱们)?(?:聊|说|谈|讨论|吗|呢|$)"),
    re.compile(r"(?:聊|说|谈|讨论)(?:过|了)?(?P<topic>[^什么啥吗呢？?]{2,})的事"),
    re.compile(r"(?P<topic>[^，,。？?]{2,12}?)的事(?:情)?"),
)
# "我妈" and "老妈" are "妈妈": one topic, so a new fact replaces the old one instead of piling up.
_FAMILY = ((re.compile(r"^(?:我|老)妈(?!妈)"), "妈妈"), (re.compile(r"^(?:我|老)爸(?!爸)"), "爸爸"))
_ASIDE = re.compile(r"其实|实际上|好像|应该")
_QUESTION_WORDS = re.compile(r"^(?:哪些|什么|哪个|啥)|(?:哪些|什么|哪个|啥)$")


def _subject(raw: str) -> str:
    """The thing to look up, as the person named it, without "my": "mum's birthday", "妈妈的生日"."""
    subject = _OWNER.sub("", raw.strip(" ?？。.!！,，"))
    subject = re.sub(
        r"^(?:on|for|in|at)\s+(?:my\s+|our\s+)?|^(?:在|给|为|帮我在|帮我)+", "", subject, flags=re.IGNORECASE
    )
    subject = re.sub(r"^about\s+(?:my\s+|our\s+)?", "", subject, flags=re.IGNORECASE)
    subject = _QUESTION_WORDS.sub("", re.sub(r"(?:那天|当天)$", "", subject))
    return (subject or raw).strip()[:MAX_QUERY]


def _topic(found: str) -> str:
    topic = _ASIDE.sub("", found).strip()
    for pattern, replacement in _FAMILY:
        topic = pattern.sub(replacement, topic)
    return _OWNER.sub("", topic).strip()[:MAX_TOPIC]


def remember(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    match = lx.REMEMBER.search(s.text)
    said = match.group("fact").strip() if match else s.text
    if (_REMINDER.search(s.text) and s.has_slots) or (s.day and s.when.time):
        # "remember to call mum tomorrow at 5", "帮我记一下周六下午两点去看电影": a moment to keep is an event.
        title = clean_title(_REMINDER.sub("", read_when(said, today=turn.today).residue))
        return call(
            turn, tools, "schedule_event",
            title=title, date=s.day, time=s.when.time, duration_minutes=s.when.duration, command_id=None,
        )  # fmt: skip
    moment = read_when(re.sub(r"^that\s+", "", said, flags=re.IGNORECASE), today=turn.today)
    if (moment.date or moment.time) and not clean_title(moment.residue):
        return text(say("what_to_note", turn.language))  # "记一下 晚上八点": a moment, and nothing to keep
    zh = bool(re.search(r"[\u4e00-\u9fff]", said))
    found = (_TOPIC_ZH if zh else _TOPIC_EN).search(said) or (_SUBJECT_ZH if zh else _SUBJECT_EN).search(said)
    topic = _topic(found.group("topic")) if found else None
    if topic and topic.lower() in {"i", "we", "me", "it", "this", "that", "我", "我们"}:
        topic = None  # a fact about the person themself has no better label than itself
    if _REMINDER.search(s.text):
        said = "Remember to " + said.removeprefix("to ").strip()  # keep it an instruction to the person
    fact = sentence(re.sub(r"^that\s+", "", said, flags=re.IGNORECASE), zh=zh)[:MAX_FACT]
    return call(turn, tools, "remember_fact", topic=topic or None, fact=fact)


def memory_question(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    match = lx.MEMORY_QUESTION.search(s.text)
    return call(turn, tools, "search_memory", query=_subject(match.group("subject") if match else s.text))


def memory_lookup(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    match = lx.MEMORY_VALUE.search(s.text) or lx.MEMORY_DAY.search(s.text)
    return call(turn, tools, "search_memory", query=_subject(match.group("subject") if match else s.text))


def archive(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    topic = None
    for pattern in _ARCHIVE_TOPIC:
        found = pattern.search(s.text)
        if found:
            topic = clean_title(found.group("topic"))
            break
    return call(turn, tools, "search_chat_archive", query=(topic or s.text)[:MAX_QUERY])


def resume(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    match = lx.RESUME.search(s.text)
    rest = s.text[match.end() :] if match else s.text
    name = clean_title(re.sub(r"^\s*(?:刚才|之前|前面|earlier|the\s+earlier)?\s*(?:的|那个)?", "", rest))
    ref = None
    if name:
        tasks = [{"ref": t.get("ref"), "title": t.get("title") or ""} for t in turn.suspended]
        found = best_match(name, tasks)
        # T1 is what "back to it" means anyway; naming it changes nothing.
        if len(found) == 1 and found[0]["ref"] != "T1":
            ref = str(found[0]["ref"])
    values = {"date": s.day, "time": s.when.time, "duration_minutes": s.when.duration}  # "back to it, 4pm"
    return call(turn, tools, "resume_task", task_ref=ref, **values)


def council(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    """Days to review: to the end of the range said ("next week" from a Monday is 14), else 7."""
    days = 7
    ahead = [day for day in days_of(s.when.end, turn.today) if day >= turn.today]
    if ahead:
        days = (ahead[-1] - turn.today).days + 1
    return call(turn, tools, "offer_planning_consultation", days=max(1, min(days, 14)))


def clock(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    """"what time is it": the person's own wall-clock time, as the context gives it."""
    if turn.now is None:
        return text(say("unclear", turn.language))
    now = turn.now
    day = f"{now.month}月{now.day}日" if turn.zh else f"{now:%a} {now.day} {now:%b}"
    return text(say("clock", turn.language, time=f"{now:%H:%M}", day=day))


def ack(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    """A bare "ok": with a request open, ask for what it still needs; otherwise just carry on."""
    missing = (turn.active_command or {}).get("missing") or []
    first = next((slot for slot in ("title", "date", "time") if slot in missing), None)
    if first is None and ((turn.context.get("intent") or {}).get("goal") or {}).get("status") == "done":
        return text(say("ack_done", turn.language))  # "yes that's right" after a booking: nothing more to do
    return text(say(f"ack_{first}" if first else "ack", turn.language))


_ASKED_FOR = re.compile(r"\b(?:for|(?:fit|squeeze|slot)\s+(?:in\s+)?|should\s+i\s+(?:do|get|book))\s+(.+?)(?:\s+in)?\s*\??$|(?:有空|有时间|能|可以)(?:塞|加|约|安排|放|去)?个?([\u4e00-\u9fff]{2,8}?)(?:进去)?吗|\s想(?:去|要)?([\u4e00-\u9fff]{2,10})$")


_ASKING = frozenset({"query", "suggest", "availability"})
_LOOKING = _ASKING | {"unclear", "ack", "thanks", "hedged"}  # "hmm let me think" between two questions


def thing_asked_about(turn: Turn, s: Signals) -> str | None:
    """What the question just asked was for ("is thursday 3pm free for a massage?", "do i have time wednesday for a
    massage", 周五下午四点能塞个理发进去吗, 21号有没有空 想去剪个头发), when this message books with no name of its own
    ("ok book it at 3pm", 那就约上吧): the person's own words for the thing to book."""
    bare = lx.POINTER.search(s.text) or title_from(lx.CREATE.remove(s.when.residue)) is None
    if not bare:
        return None  # the cheap test first: earlier messages are read again only for a booking with no name
    for said, _ in reversed(turn.said_before[-3:]):  # the search for a time: its questions, and talk between them
        kind = previous_intent(turn, said)
        if kind not in _LOOKING:
            return None
        for clause in clauses_of(read_when(said, today=turn.today).residue) if kind in _ASKING else ():
            thing = _ASKED_FOR.search(clause)  # "do i have time on the 21st? want to get my hair cut": a clause of its own
            asked_for = title_from(next(g for g in thing.groups() if g) if thing else clause)
            if asked_for and not (CLAUSE.search(asked_for) or no_name(asked_for)):  # not "Am i free"
                return asked_for
    return None


def ask_what_at(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    choosing = turn.context.get("choosing") or {}
    if choosing.get("tool") in {"change_event", "delete_event"} and s.when.time:
        # A numbered "which one?" list is waiting: "the 9am one" names the event by its time.
        return call(turn, tools, str(choosing["tool"]), event_time=s.when.time)
    if turn.context.get("day_in_focus") and s.when.time and s.when.residue.strip():
        # "add an event at 4:30pm" after "what's free on the 8th?": the server takes that day and says so.
        return call(turn, tools, "schedule_event", title=thing_asked_about(turn, s), time=s.when.time, duration_minutes=s.when.duration)
    if s.when.guessed and s.when.time:
        return text(say("ask_what_at_unsure", turn.language, time=_hour_words(s.when.time, turn.zh)))
    return text(say("ask_what_at", turn.language, time=s.when.time or ""))


def _hour_words(time: str, zh: bool) -> str:
    """A time whose half of the day was not said, as said: "7", "7:30", "7点"."""
    hour, minute = int(time[:2]) % 12 or 12, int(time[3:])
    if zh:
        return f"{hour}点" + (f"{minute}分" if minute else "")
    return f"{hour}:{minute:02d}" if minute else str(hour)


_WAKE_HOUR = datetime.time(7, 0)


def alarm(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    """The product has no alarms: say so, and name the reminder it could set instead (only when asked)."""
    when = read_when(s.text, today=turn.today, prefer_near=_WAKE_HOUR)
    if when.time is None or s.text in lx.DELETE or s.question:
        return text(say("alarm_no_time", turn.language))
    return text(say("alarm", turn.language, time=moment_words(turn, when.single_day, when.time)))


def service(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    """Another service's work (a table, a ride, a meal): say so; with a moment said, offer the calendar."""
    return text(say("service_offer" if s.has_slots and not s.question else "service", turn.language))


def moment_words(turn: Turn, day: str | None, time: str) -> str:
    """A day and a time in the person's language: "07:00 tomorrow", "明天07:00", "07:00 on Fri 11 Dec"."""
    named = {"D+0": ("today", "今天"), "D+1": ("tomorrow", "明天")}.get(day or "")
    if named:
        return f"{named[1]}{time}" if turn.zh else f"{time} {named[0]}"
    days = days_of(day, turn.today)
    if len(days) != 1:
        return time
    if turn.zh:
        return f"{days[0].month}月{days[0].day}日{time}"
    return f"{time} on {days[0].strftime('%a')} {days[0].day} {days[0].strftime('%b')}"


def words_only(key: str) -> Callable[[Turn, Signals, Tools], ModelResponse]:
    """An answer in words: greetings, abilities, refusals, reports about the past."""

    def answer(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
        return text(say(key, turn.language))

    return answer


def reminder_put_aside(turn: Turn, asked: Sequence[str]) -> tuple[tuple[str, ...], str] | None:
    """ "remind me next week to renew my passport" … (a look at tomorrow in between) … "ok for the passport thing, tuesday
    9am": the reminder whose day or time was asked a message or two before, named again, and the moment now said."""
    aside = next((said for said, reply in reversed(turn.said_before[-3:-1]) if reply in asked), None)
    found = extract_when(turn.text, today=turn.today) if aside else None
    if aside is None or found is None or not found.spans or overlap(read_when(turn.text, today=turn.today).residue, aside) < 2:
        return None
    return (aside,), " ".join(turn.text[start:end] for start, end in found.spans)


def joined_answer(turn: Turn, asked: Sequence[str], moment: str) -> str:
    """The request asked about and its answer, read as one ("remind me next week to book flights" … "monday 9am"); when
    the two name days that cannot be read together (月底提醒我交物业费 … 31号上午十点), the answer's day stands alone
    with what the reminder is for."""
    joined = " ".join((*asked, moment))
    if not read_when(joined, today=turn.today).declined or not read_when(moment, today=turn.today).single_day:
        return joined
    return " ".join((*(said[marker.start() :] if (marker := REMIND_MARKER.search(said)) else said for said in asked), moment))


def answer_alone(turn: Turn) -> Turn:
    """ "umm 10:30 in the morning i think, they open at 10 so should be ok", "嗯 早上八点半吧 要空腹去 越早越好": the answer to
    what an open request asked ends with the phrase that gives it; the phrases after it say why, never what or when."""
    missing = (turn.active_command or {}).get("missing") or []
    said = phrases(turn.text) if missing and "title" not in missing else []
    if len(said) < 2:
        return turn  # read no further on a turn with nothing asked, or one phrase
    found = [read_when(p, today=turn.today) for p in said]
    gives = next((i for i, when in enumerate(found) if any({"time": when.time, "date": when.single_day}.get(m) for m in missing)), None)
    if gives is None or gives == len(said) - 1 or any(
        any(p in words for words in (lx.ACTION, lx.CREATE, lx.DELETE, lx.CHANGE, lx.RENAME)) or when.duration or ((when.time or when.date) and not CLAUSE.search(p))
        for p, when in zip(said[gives + 1 :], found[gives + 1 :], strict=True)
    ):  # a reason names no length, and a moment only in a sentence of its own ("they open at 10")
        return turn
    return dataclasses.replace(turn, text=" ".join(said[: gives + 1]))


def said_again(turn: Turn, tools: Tools) -> ModelResponse | None:
    """The request just made or asked about, made again with what this message changes: its time in the person's own
    zone ("call with the ny office tue 9am EST" … "What time is that for you?" … "oh right, just put it at 10pm my time"),
    or its day or its event ("book physio mon 9am" … "same for thursday"; "remind me an hour before the dentist" … "same
    for the optician"): the name, time and lead are the ones just written, which the guard traces."""
    too, just = re.search(r"\s*\b(?:too|as\s+well)\W*$", turn.text, re.I), turn.context.get("reminder_just_set") or {}
    if too and just.get("text") and turn.previous and not title_from(read_when(without_repeat(lx.AND_ALONE.sub(" ", turn.text[: too.start()])), today=turn.today).residue):
        # "remind me to take my pills every morning at 8" … "and every evening at 8 too": that reminder again, at the new time.
        again = dataclasses.replace(turn, text=f"remind me to {just['text']} {lx.AND_ALONE.sub(' ', turn.text[: too.start()])}", previous=None)
        return remind(again, read_signals(again), tools)
    same = lx.SAME_FOR.match(turn.text)
    moved = not same and lx.CORRECTION.search(turn.text)  # "oh actually saturday is better, same time": that one moves
    if (same or (SAME_TIME.search(turn.text) and not moved)) and turn.previous and (top := turn.recent_entities[:1]):  # 下下周一同一时间也加一个
        kind, lead = previous_intent(turn), (turn.context.get("reminder_just_set") or {}).get("minutes_before")
        if same and kind == "reminder" and lead and (named := title_from(same["rest"])):
            return call(turn, tools, "set_reminder", text=None, event_ref=None, event_words=named, minutes_before=lead)
        when = read_when(same["rest"] if same else turn.text, today=turn.today)
        week = re.fullmatch(r"W1(\+\d+)?", when.date or "") if when.end and (when.end or "").startswith("W7") else None
        its = days_of(str(top[0].get("date") or ""), turn.today) if week else []
        day = f"W{its[0].isoweekday()}{week[1] or ''}" if week and its else when.single_day  # "same time next week": its weekday
        if day is None and when.shift and when.shift % 10080 == 0 and turn.text not in lx.CHANGE and re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(top[0].get("date"))):
            day = (datetime.date.fromisoformat(str(top[0]["date"])) + datetime.timedelta(minutes=when.shift)).isoformat()  # "same time next week too"
        if (kind == "create" or top[0].get("via") == "created") and day and title_from(when.residue) is None:
            copied = None if when.time or when.duration else top[0].get("minutes")  # "same time": its start and its length
            return call(turn, tools, "schedule_event", title=top[0].get("title"), date=day, time=when.time or top[0].get("start"), duration_minutes=when.duration or copied)
    if turn.previous is None or turn.last_reply != say("other_zone", turn.language):
        return None
    now, before = read_when(turn.text, today=turn.today), read_when(OTHER_ZONE.remove(turn.previous), today=turn.today)
    title = title_from(before.residue)
    if now.time is None or now.guessed or title is None or turn.text in OTHER_ZONE:
        return None  # a bare hour is asked about as ever; another zone again is asked again
    return call(turn, tools, "schedule_event", title=title, date=now.single_day or before.single_day, time=now.time, duration_minutes=before.duration)
