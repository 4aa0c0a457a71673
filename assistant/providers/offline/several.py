"""Several requests in one message ("book haircut tmrw at 4pm and gym on thursday at 6pm", 明天下午三点开会 还有
周五晚上七点跟小李吃饭): each part is read as a message of its own, and the message becomes several calls only
when every part is a write complete in itself (a name and a moment; a reminder's words and time; a change's
event and what it changes to). Only the last may be less: a booking by name whose moment the tool then asks for ("…
and gym on thursday", "… and dinner with jo"), or "and remind me" (before what the part before it booked). A part
that asks for another service's work (the weather, a message, a ride, an alarm) is set aside, answered by no call,
when another part is a complete write. Anything else is read whole, as before: never a guess at where one ends."""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from assistant.providers.base import ModelResponse, ToolCall
from assistant.providers.offline import calendar_words
from assistant.providers.offline import lexicon as lx
from assistant.providers.offline.calls import call
from assistant.providers.offline.intents import Signals, read_signals
from assistant.providers.offline.reading import Turn
from assistant.providers.offline.titles import title_from
from assistant.providers.offline.when import in_week_of, read_when
from assistant.reading import vocabulary
from assistant.reading.vocabulary import ALARM, CLAUSE, SERVICE, WEATHER

_JOINS = re.compile(r"\s*[,;，；]?\s*(?:\b(?:and\s+also|and(?!\s+a\s+half\b)|also|plus|(?:and\s+)?then(?=\s+\S+\s+\S))\b|(?<=\S),(?=\s.*,\s*and\s)|还有|然后|另外|顺便|(?<=\s)再(?=约|订|加|安排|记|帮|给|提醒))\s*", re.I)
_WRITES = frozenset({"create", "reminder", "change", "delete"})  # a delete asks on its card


Action = Callable[[Turn, Signals, Sequence[dict[str, Any]]], ModelResponse]


def several(turn: Turn, tools: Sequence[dict[str, Any]], classify: Callable[[Turn, Signals], str], actions: Mapping[str, Action]) -> ModelResponse | None:
    """The calls for each part, in order; None unless every part is a complete write of its own."""
    if (reasoned := _beside_reasons(turn, tools, classify, actions)) is not None:
        return reasoned
    text, asked = turn.text, ""
    if (for_all := lx.FOR_ALL.search(text)) and len(_split(text[: for_all.start()])[0]) > 1:
        text, asked = text[: for_all.start()], for_all.group()  # said once, asked of every part
    parts, joined = _split(text)  # joined: a word joins them; a space alone leaves the last part no room to be less than whole
    parts = [_asked(part, asked) for part in parts]
    if not 1 < len(parts) <= 3 or turn.active_command or turn.exchange is not None:
        return None
    calls: list[ToolCall] = []
    aside = False  # "… and whats the weather wednesday", "顺便帮我查下天气": another service's part, answered by no call
    day = None  # "今天下午四点提醒我… 然后晚上七点半健身": a part with a time and no day is on the day said before it
    if any(re.match(r"(?:一直|直)?到|(?:un)?till?\b|.*结束$", part, re.I) for part in parts[1:]):
        return None  # "…三点公司年会 一直到晚上九点", "… 3pm, until 5": when it ends, one thing
    for index, part in enumerate(parts):
        if index and lx.REMIND_ME.search(parts[0]) and not lx.REMIND_ME.search(part) and re.search(r"(?:^|\s)to\s+\w", part, re.I) and part not in lx.ACTION:
            part = f"remind me {part}"  # "remind me to call the plumber at 11am and to buy wrapping paper at 5pm": both reminders
        if calls and (more := lx.ANOTHER_ONE.match(part)) and (before := json.loads(calls[-1].arguments).get("title")):
            part = f"{before} {part[more.end():]}"  # "a study session on jan 6 at 7pm and another on jan 7 at 7pm": another study session
        alone, last = dataclasses.replace(turn, text=part, calls_so_far=turn.calls_so_far + index), joined and bool(calls) and index == len(parts) - 1
        signals = read_signals(alone)
        if last and lx.REMIND_ME.search(part) and not signals.has_slots and title_from(lx.REMIND_ME.sub(" ", part)) is None:
            return _reminded(alone, tools, calls)  # "dentist at 3pm friday and remind me": before it, the usual lead
        # "… and tell her about the party": what the call before it is for, unless asked of us ("你帮我发个微信告诉他一声").
        told = index and re.search(r"\b(?:her|him|them)\b|[他她]", part, re.I) and not re.search(r"\b(?:you|u|pls|please)\b|你|帮我", part, re.I)
        # Set apart by a space alone, a service said first holds what follows ("发短信给张总 说会议改到三点了"): read whole.
        if any(part in t for t in (SERVICE, WEATHER, ALARM)) and not told and (index or joined) and classify(alone, signals) in {"service", "alarm"}:
            aside = True
            continue
        if not (signals.has_slots or part in lx.ACTION or part in lx.DELETE):
            # "哈哈" or a reason beside a request names no write of its own: read whole, no more parts classified. "gym at 6pm
            # tomorrow and dinner with jo": a last thing named after a whole request; its moment is asked for, never the gym's.
            named = call(alone, tools, "schedule_event", title=name) if last and (name := _another_thing(part)) else None
            return ModelResponse(text="", tool_calls=[*calls, *named.tool_calls]) if named and named.tool_calls else None
        signals = dataclasses.replace(signals, carried_day=day) if signals.when.time and not signals.day else signals
        if day and (week := in_week_of(signals.when.date, day, turn.today)) != signals.when.date:  # "下周一…开会，顺便周三…": next week's
            signals = dataclasses.replace(signals, when=dataclasses.replace(signals.when, date=week))
        day = signals.when.single_day or day
        intent = classify(alone, signals)
        if (aside and lx.POINTER.search(part)) or (intent == "create" and lx.DEFINITE.search(part) and part not in lx.CREATE):
            return None  # "get me an uber to the party and remind me before it", "明天上午十点的例会 …": one thing, read whole
        response = actions[intent](alone, signals, tools) if intent in _WRITES else None
        lead = intent == "reminder" and calls[-1].name != "schedule_event" and calendar_words.ahead_only(lx.REMIND_ME.sub(" ", part)) if calls else False
        pointed = bool(calls) and bool(lx.POINTER.search(part) or lead)  # "…改到下周四 然后提前一个小时提醒我" (a booking takes its lead whole)
        if response is not None and pointed and intent == "reminder":
            response = _before_it(response)  # "… and remind me 15 min before it": the event the part before it wrote
        if response is None or response.text or len(response.tool_calls) != 1 or not _complete(response.tool_calls[0], last, pointed=pointed):
            return None  # the last part may be a booking with a name whose moment is incomplete: the tool asks for the rest
        calls.extend(response.tool_calls)
    return ModelResponse(text="", tool_calls=calls) if calls and (len(calls) > 1 or aside) else None


# Where a reason said after a request begins: "…, they finally had a slot after like 3 weeks", "… cause he's been limping".
_REASON = re.compile(r"\s*(?:[,;，；。]|\.(?=\s)|\s[-–—]\s|\s(?=(?:cause|cuz|coz|because|since)\s))\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", re.I)
_NOT_A_REASON = re.compile(r"\?|\b(?:not|no|nope|instead|but|maybe|actually|wait|also)\b|^(?:only\s+)?(?:if|unless)\b|\bonly\s+if\b|不(?:要|用|去|来|行|了|必|想|对|$)|别(?![的人家处])|没空|如果|要是|但|还是|改|算了|[吗？]|^(?!.*[在着]).*呢|^(?:还有|然后|另外|顺便|再)", re.I)
# A reason with a moment of its own opens with who or why ("they close at 5", "cause he's been limping since the weekend");
# any other part with a moment may be a request of its own ("…下午三点去中心医院").
_DELIBERATE = frozenset({"service", "alarm", "others", "injection", "swap", "hedged", "drop", "bulk_delete", "other_zone", "archive"})
_SUBJECT = re.compile(r"(?:they|he|she|we|it|its|it's|i|i'm|im|there|that|cause|cuz|because|since|so|already|apparently)\b|[他她我]|医生|老师|因为|反正", re.I)


def _beside_reasons(turn: Turn, tools: Sequence[dict[str, Any]], classify: Callable[[Turn, Signals], str], actions: Mapping[str, Action]) -> ModelResponse | None:
    """A write complete in its first clause, then only reasons and asides ("dentist next tues 4.30pm pls, they finally had
    a slot after like 3 weeks"): that clause, when the whole does not read as a write. A reason that asks, corrects,
    hedges or takes back ("…, actually make it 1:30", "…, if it doesn't rain") leaves the message whole."""
    clauses = [p for p in _REASON.split(turn.text) if p.strip()]
    # Talk before the request says no moment and asks nothing ("ugh i keep forgetting, can you remind me …", 也没有啊 那就…).
    at = next((i for i, c in enumerate(clauses) if _NOT_A_REASON.search(c) or c in lx.ACTION or c in lx.CREATE or _moment(c, turn.today)), 0)
    talk, (first, *rest) = clauses[:at], clauses[at:]
    changes = first in lx.CHANGE  # a change names its event and its new moment: a moment after it is someone's reason ("…往前提半个钟 导师四点半有事")
    asked = changes or first in lx.CREATE or first in lx.ACTION or bool(vocabulary.POLITE.search(first))  # unasked, a comment is no reason: "周日晚上九点德比战，肯定很精彩"
    if not (rest or talk) or (talk and not asked) or turn.active_command or turn.exchange is not None or (_NOT_A_REASON.search(first) and not changes) or not all(_a_reason(r, asked, changes, turn.today) for r in rest):
        return None
    alone = dataclasses.replace(turn, text=first)
    signals = read_signals(alone)
    intent = classify(alone, signals)
    whole = read_signals(turn)
    if (whole_intent := classify(turn, whole)) in _DELIBERATE or (not whole.when.declined and (whole.day, whole.when.time) == (signals.day, signals.when.time) and whole_intent == intent != "reminder"):
        return None  # read whole: "book lunch friday 1pm, with sam and jo"; a table, an alarm, a hedge stay what they are
    response = actions[intent](alone, signals, tools) if intent in _WRITES - {"delete"} else None
    return response if response is not None and not response.text and len(response.tool_calls) == 1 and _complete(response.tool_calls[0]) else None


def _a_reason(clause: str, asked: bool, changes: bool, today: datetime.date) -> bool:
    if clause in vocabulary.HEARSAY and not _NOT_A_REASON.search(clause):
        return True  # someone's words, news of their own plan ("学校说今天提前放学", "coach says it only takes 45 min")
    if _NOT_A_REASON.search(clause) or clause in lx.ACTION or clause in lx.CREATE or vocabulary.DROPPING.search(clause):
        return False
    return bool(_SUBJECT.match(clause)) or (clause not in vocabulary.HEDGED and asked and (changes or not _moment(clause, today)))


def _split(text: str) -> tuple[list[str], bool]:
    """The parts a word joins, else the Chinese phrases set apart by a space alone ("瑜伽改到周四晚上八点 羽毛球不去了")."""
    parts = [part.strip() for part in _JOINS.split(text) if part.strip()]
    return (parts, True) if len(parts) > 1 else (re.split(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff0-9])", text.strip()), False)


def _moment(clause: str, today: datetime.date) -> bool:
    return bool((said := read_when(clause, today=today)).date or said.time or said.declined)


def _asked(part: str, asked: str) -> str:
    if not asked or not part:
        return part
    return f"{part} 帮我记一下" if re.search(r"[\u4e00-\u9fff]", asked) else f"add {part}"


def _reminded(turn: Turn, tools: Sequence[dict[str, Any]], calls: list[ToolCall]) -> ModelResponse | None:
    made = json.loads(calls[-1].arguments) if calls[-1].name == "schedule_event" else {}
    if not made.get("title"):
        return None
    also = call(turn, tools, "set_reminder", event_words=made["title"], date=made.get("date"), minutes_before=made.get("reminder_minutes"))
    return ModelResponse(text="", tool_calls=[*calls, *also.tool_calls]) if also.tool_calls else None


def _before_it(response: ModelResponse) -> ModelResponse | None:
    """A lead before "it", after a write: the tool takes the event that write left in focus, never one from before."""
    said = json.loads(response.tool_calls[0].arguments) if len(response.tool_calls) == 1 else {}
    if not said.get("minutes_before") or said.get("text"):
        return None
    said |= {"event_ref": None, "event_words": None, "date": None, "time": None}
    return ModelResponse(text="", tool_calls=[dataclasses.replace(response.tool_calls[0], arguments=json.dumps(said, ensure_ascii=False))])


def _another_thing(part: str) -> str | None:
    """A name of two words or more, after a complete request ("and dinner with jo"): not who else comes ("and alice",
    "and her team"), which the name before it holds."""
    name = title_from(part)
    if name is None or CLAUSE.search(name) or re.match(r"(?:my|our|your)\b|[跟和与同]", part, re.I) or re.search(r"\b(?:he|she|they|it|him|her|them|his|their|its)\b", part, re.I):
        return None
    return name if len(name.split()) > 1 or re.search(r"[\u4e00-\u9fff]{3}", name) else None


def _complete(call: ToolCall, last: bool = False, pointed: bool = False) -> bool:
    said = json.loads(call.arguments)
    if call.name == "schedule_event":
        return bool(said.get("title") and (last or (said.get("date") and (said.get("time") or said.get("all_day")))))
    if call.name == "set_reminder":
        pointed = pointed and not (said.get("event_ref") or said.get("event_words") or said.get("text"))  # before the event just written
        return not said.get("replaces_last") and bool((said.get("text") and said.get("time")) or ((said.get("event_words") or said.get("event_ref") or pointed) and said.get("minutes_before")))
    named = said.get("event_words") or said.get("event_ref") or said.get("event_time")  # "cancel the 5pm"
    if call.name == "delete_event":
        return bool(named)
    return call.name == "change_event" and bool(named and any(said.get(k) for k in ("date", "time", "shift_minutes", "extend_minutes")))
