"""Requests about the conversation rather than the calendar: memory, the chat archive, putting a
task aside and coming back to it, the planning consultation, and the answers given in words."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from assistant.providers.base import ModelResponse
from assistant.providers.offline import lexicon as lx
from assistant.providers.offline.calls import call, text
from assistant.providers.offline.intents import Signals
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.replies import say
from assistant.providers.offline.titles import best_match, clean_title, sentence
from assistant.providers.offline.when import zh_number

Tools = Sequence[dict[str, Any]]

MAX_FACT = 300
MAX_TOPIC = 80
MAX_QUERY = 200

_TOPIC_EN = re.compile(r"^(?P<topic>.{2,60}?)\s+(?:is|are|was|will\s+be|=|:)\s+", re.IGNORECASE)
_TOPIC_ZH = re.compile(r"^(?P<topic>[^，,。]{1,20}?)(?:是|在|为|：|:)")
_OWNER = re.compile(r"^(?:that\s+)?(?:my|our)\s+|^(?:我们|我)的?", re.IGNORECASE)
_REMINDER = re.compile(r"^(?:please\s+)?(?:remember|don'?t\s+forget)\s+to\s+", re.IGNORECASE)
_ARCHIVE_TOPIC = (
    re.compile(
        r"\babout\s+(?P<topic>.+?)(?:\s+(?:last\s+time|before|earlier|previously|again))?\s*\??$", re.IGNORECASE
    ),
    re.compile(r"关于(?P<topic>.+?)(?:的事情?)?(?:我们|咱们)?(?:聊|说|谈|讨论|吗|呢|$)"),
    re.compile(r"(?:聊|说|谈|讨论)(?:过|了)?(?P<topic>[^什么啥吗呢？?]{2,})的事"),
    re.compile(r"(?P<topic>[^，,。？?]{2,12}?)的事(?:情)?"),
)
_TWO_WEEKS = re.compile(r"\b(?:two|2)\s+weeks\b|两周|两个星期|半个月|fortnight", re.IGNORECASE)
_N_DAYS = re.compile(
    r"\b(?P<en>\d{1,2}|two|three|four|five|six|seven|ten)\s+days\b|(?P<zh>\d{1,2}|[一两二三四五六七八九十]{1,3})天"
)
_EN_SMALL = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10}


def _subject(raw: str) -> str:
    """The thing to look up, as the person named it, without "my": "mum's birthday", "妈妈的生日"."""
    subject = _OWNER.sub("", raw.strip(" ?？。.!！,，"))
    subject = re.sub(
        r"^(?:on|for|in|at)\s+(?:my\s+|our\s+)?|^(?:在|给|为|帮我在|帮我)+", "", subject, flags=re.IGNORECASE
    )
    subject = re.sub(r"^about\s+(?:my\s+|our\s+)?", "", subject, flags=re.IGNORECASE)
    subject = re.sub(r"(?:那天|当天)$", "", subject)
    return (subject or raw).strip()[:MAX_QUERY]


def remember(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    match = lx.REMEMBER.search(s.text)
    said = match.group("fact").strip() if match else s.text
    if _REMINDER.search(s.text) and s.has_slots:
        # "remember to call mum tomorrow at 5" asks for a reminder on the calendar, not a fact.
        title = clean_title(_REMINDER.sub("", s.when.residue))
        return call(
            turn, tools, "schedule_event",
            title=title, date=s.day, time=s.when.time, duration_minutes=s.when.duration, command_id=None,
        )  # fmt: skip
    zh = bool(re.search(r"[\u4e00-\u9fff]", said))
    found = (_TOPIC_ZH if zh else _TOPIC_EN).search(said)
    topic = _OWNER.sub("", found.group("topic")).strip()[:MAX_TOPIC] if found else None
    fact = sentence(re.sub(r"^that\s+", "", said, flags=re.IGNORECASE), zh=zh)[:MAX_FACT]
    return call(turn, tools, "remember_fact", topic=topic or None, fact=fact)


def memory_question(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    match = lx.MEMORY_QUESTION.search(s.text)
    return call(turn, tools, "search_memory", query=_subject(match.group("subject") if match else s.text))


def memory_lookup(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    match = lx.MEMORY_SUBJECT.search(s.text)
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
    return call(turn, tools, "resume_task", task_ref=ref)


def council(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
    days = 7
    if _TWO_WEEKS.search(s.text):
        days = 14
    elif found := _N_DAYS.search(s.text):
        said = found.group("en") or found.group("zh")
        number = _EN_SMALL.get(said.lower()) if said.lower() in _EN_SMALL else zh_number(said)
        days = number if number else 7
    return call(turn, tools, "offer_planning_consultation", days=max(1, min(days, 14)))


def words_only(key: str) -> Any:
    """An answer in words: greetings, abilities, refusals, reports about the past."""

    def answer(turn: Turn, s: Signals, tools: Tools) -> ModelResponse:
        return text(say(key, turn.zh))

    return answer
