"""The offline stand-in's understanding: one request in, text or the tool call a real model would make out (one a
write, when a message asks for several complete ones: ``several.py``).

Deterministic and local (no randomness, no network, no weights): the message is read with the phrase tables in
``lexicon.py`` / ``talk_phrases.py`` and the date readers in ``when.py`` / ``ranges.py``, classified by the ordered
rules in ``intents.py``, and turned into the tool call (``create_action.py``, ``calendar_actions.py``,
``revise_action.py`` for corrections of what was just made, ``conversation_actions.py``). After an intermediate tool
the request ends with its result, and ``followup.py`` finishes the turn.

    request -> reading.read_turn -> intents.classify -> ACTIONS[intent] -> ModelResponse
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import logging
import re
from collections.abc import Callable, Sequence
from typing import Any

import catalogue
from assistant.providers.base import ModelRequest, ModelResponse
from assistant.providers.offline import calendar_actions as calendar
from assistant.providers.offline import calendar_words, create_action, followup, phrases, revisions, titles
from assistant.providers.offline import conversation_actions as conversation
from assistant.providers.offline import lexicon as lx
from assistant.providers.offline import revision_phrases as rp
from assistant.providers.offline.calls import call, say, text
from assistant.providers.offline.intents import Signals, classify, no_name, previous_intent, read_signals
from assistant.providers.offline.reading import Turn, read_turn, split_user_turn
from assistant.providers.offline.revise_action import revise
from assistant.providers.offline.several import several
from assistant.providers.offline.targets import PART_WORDS, event_name
from assistant.providers.offline.when import read_when, without_part_of_day
from assistant.reading import vocabulary
from assistant.reading.answers import read_short_answer
from assistant.reading.chinese import as_written
from assistant.reading.days import days_of
from assistant.reading.durations import find_lengths
from assistant.reading.extract import in_the_week_said

logger = logging.getLogger(__name__)

Action = Callable[[Turn, Signals, Sequence[dict[str, Any]]], ModelResponse]

# Kinds answered in words only (greetings, refusals, what no tool does); the rest make a call.
_IN_WORDS = ("injection", "others", "bulk_delete", "reminders_list", "statement", "hedged", "greeting", "goodbye", "thanks", "capability",
             "ability", "forget", "past", "availability", "recurring", "repeat_by_position", "unclear", "place", "other_zone", "swap")  # fmt: skip
ACTIONS: dict[str, Action] = {kind: conversation.words_only(kind) for kind in _IN_WORDS} | {
    "alarm": conversation.alarm,
    "service": conversation.service,
    "clock": conversation.clock,
    "drop": calendar.drop,
    "ack": conversation.ack,
    "archive": conversation.archive,
    "remember": conversation.remember,
    "memory_question": conversation.memory_question,
    "resume": conversation.resume,
    "council": conversation.council,
    "revise": revise,
    "change": calendar.change,
    "delete": calendar.delete,
    "suggest": calendar.suggest,
    "memory_lookup": conversation.memory_lookup,
    "query": calendar.query,
    "pick": calendar.pick,
    "create": create_action.create,
    "reminder": create_action.remind,
    "bare_time": conversation.ask_what_at,
}
INTERMEDIATE = frozenset({"search_memory", "search_chat_archive"})


def respond(request: ModelRequest) -> ModelResponse:
    turn: Turn | None = None
    try:
        turn = read_turn(request)
        response = _continue(turn, request.tools) if turn.exchange is not None else _first_call(turn, request.tools)
    except Exception:
        # A bug in the stand-in must cost an honest "please rephrase", never the person's turn.
        logger.exception("offline understanding failed")
        return text(say("unclear", turn.language if turn else "en"))
    # No filter of its own: its replies pass the exit check like any model's.
    return _in_their_script(response, request)


_WRITTEN_TEXTS = ("title", "text", "fact", "topic")


def _in_their_script(response: ModelResponse, request: ModelRequest) -> ModelResponse:
    """The rules read one script; a title or fact goes back in the one the person typed."""
    typed = [m["content"] for m in request.messages if m.get("role") == "user" and isinstance(m.get("content"), str)]
    original = split_user_turn(typed[-1])[1] if typed else ""
    for index, tool_call in enumerate(response.tool_calls):
        arguments = json.loads(tool_call.arguments)
        written = {name: as_written(arguments[name], original) for name in _WRITTEN_TEXTS if isinstance(arguments.get(name), str)}
        if any(arguments[name] != value for name, value in written.items()):
            response.tool_calls[index] = dataclasses.replace(tool_call, arguments=json.dumps(arguments | written, ensure_ascii=False))
    return response


def _named(text: str) -> str | None:
    """The name said, without where it is held: "It's a vet appointment for my dog, at the Pet Clinic"."""
    return re.split(r",\s*(?=(?:at|in)\s)", titles.clean_title(text) or "")[0] or None


_WHO_ONLY = re.compile(r"(?:with|w/)\s|[和跟与同][\u4e00-\u9fff]{1,6}$", re.IGNORECASE)


def _renames(named: str, known: str) -> bool:
    """A name the open request already has is replaced by words about it (who: "with the hr team"; a fuller
    name: "design team meeting" for "Meeting") or by a short name of its own ("rex checkup" for "Vet"); a
    longer sentence said meanwhile ("lol sorry my cat just walked on the keyboard") is no name for it."""
    short = len(named.split()) <= 5 if named.isascii() else len(named) <= 8
    return (
        not known or short or titles.kind_only(known) or bool(_WHO_ONLY.match(named)) or titles.refines(named, known)
        or titles.overlap(named, known) > 0
    )


def _names_it(turn: Turn, signals: Signals, title: str | None) -> bool:
    """A short answer (``title``, its words as a name) that is neither a yes/no, a question, nor a date or time: a name."""
    if not title or no_name(turn.text) or signals.question or signals.has_slots or read_short_answer(turn.text) is not None:
        return False  # "i don't know" names nothing
    if vocabulary.CLAUSE.en[0].search(title) or vocabulary.CLAUSE.zh[0].search(title):
        return False  # "my daughter's in it!": who does something, said about it, not its name
    if signals.when.declined or titles.title_from(without_part_of_day(turn.text)) is None:
        # A day said that was not read ("first thing, like 9am"), or words that name nothing once a part of
        # the day is gone ("morning" to "what time?" is when, never the name).
        return False
    cjk = sum(1 for char in title if "\u4e00" <= char <= "\u9fff")
    return bool(cjk and len(title) <= 20) or len(title.split()) <= 6


def _insists(turn: Turn) -> bool:
    """ "book it anyway", "照样安排": the clash shown, the same booking asked for again — not a new time,
    a question, a "no" ("can you find another time, even if it's later", "no don't book it")."""
    signals = read_signals(turn)
    if not lx.INSIST.search(turn.text) or signals.question or signals.has_slots:
        return False
    refused = re.match(r"\s*(?:no|nah|nope|never|don'?t)\b|\s*(?:不要|别|不用)", turn.text, re.I)
    return turn.text not in vocabulary.NEGATED_REQUEST and refused is None


def _first_call(turn: Turn, tools: Sequence[dict[str, Any]]) -> ModelResponse:
    if not turn.text.strip():
        return text(say("unclear", turn.language))
    active = turn.active_command or {}
    if active.get("status") == "conflict" and active.get("kind") in ("create", "change") and (_insists(turn) or read_short_answer(turn.text) == "yes"):
        # The clash was shown and the person insists: book it as an overlap (the server checks both; a
        # bare "yes" insists on nothing in so many words, so the server asks on a card naming the clash).
        return call(turn, tools, "schedule_event", command_id=active["command_id"], allow_overlap=True)
    if (offered := _offer_answered(turn, tools) or conversation.said_again(turn, tools)) is not None:
        return offered  # … or "oh right, just put it at 10pm my time" after another zone's time was asked about; "same for thursday"
    if turn.previous and _adds_the_offer(turn):
        # "the train leaves tomorrow at 9" … "add it to my calendar" / "yes please": the person asked for it now.
        before = dataclasses.replace(turn, text=vocabulary.HAPPENING.remove(turn.previous), previous=None)
        offered = create_action.create(before, read_signals(before), tools)
        unnamed = any(json.loads(c.arguments).get("title") is None for c in offered.tool_calls if c.name == "schedule_event")
        if unnamed and read_short_answer(turn.text) == "yes":
            return text(say("ask_what", turn.language))  # a bare "yes" to a sentence with no name: a card would name nothing
        return offered
    if (parts := several(turn, tools, classify, ACTIONS)) is not None:
        return parts  # "book haircut tmrw at 4pm and gym on thursday at 6pm": each a write complete in itself
    if (statement := create_action.put_down_apart(turn)) is not None:  # "…开家长会 帮我记一下 到时候得请假": put down, as if offered and taken
        before = dataclasses.replace(turn, text=vocabulary.HAPPENING.remove(statement), previous=create_action.told_before(turn))
        if classify(before, read_signals(before)) in {"statement", "hedged", "availability", "create", "unclear"}:  # "领导刚说…要开复盘会 给我记一下"
            return create_action.create(before, read_signals(before), tools, put_down=True)
    if turn.previous and calendar_words.ahead_only(turn.text) and previous_intent(turn) == "reminder" and (
        calendar_words.read_calendar_words(turn.previous).reminder_minutes is None
    ):
        # "set a reminder for the board meeting" … "an hour before": how long ahead finishes that request
        # (after "an hour before my flight", "还是提前两小时吧" is no part of it: the first hour would be read).
        joined = dataclasses.replace(turn, text=f"{turn.previous}, {turn.text}", previous=None)
        return calendar_words.remind(joined, read_signals(joined), tools)
    another = lx.ANOTHER_ONE.match(turn.text) or (lx.ALSO_TO.match(turn.text) if turn.text not in lx.CREATE else None)
    counted = not another and any(p.search(turn.text) for p, days in vocabulary.DAY_FROM_EVENT if days)
    ahead = not (another or counted) and any(  # "also 3 hours before the flight": a lead, never "in 2 hours", nor a correction
        length.kind == "offset" and re.match(r"\s*(?:before|之?前)", turn.text[length.end :]) for length in find_lengths(turn.text)
    ) and not rp.STRONG.search(turn.text)
    if (another or counted or ahead) and turn.previous and (turn.context.get("reminder_just_set") or previous_intent(turn) in {"reminder", "reminders_list"}):
        # "and one for tomorrow at 7am to call the plumber" after a reminder: one more reminder, never an event; so is
        # "also the night before at 9pm", when nothing else is named.
        again = dataclasses.replace(turn, text=f"remind me {turn.text[another.end():].strip() if another else turn.text}")
        rest = calendar_words.REMIND_MARKER.sub(" ", vocabulary.DAY_FROM_EVENT[0][0].sub(" ", lx.AND_ALONE.sub(" ", turn.text)))
        rest = re.sub(r"(?i)\b(?:to|so)\s+\w.*$", " ", rest)  # "… at 10pm to pack": what it is for names no event
        named = titles.title_from(read_when(rest, today=turn.today).residue)
        if another or ahead or named is None:
            return calendar_words.remind(again, read_signals(again), tools)
    asked_when = (catalogue.text("needs_reminder_time", turn.language), say("ask_which_day", turn.language))
    aside = None if turn.last_reply in asked_when else conversation.reminder_put_aside(turn, asked_when)
    said = read_signals(turn) if turn.last_reply in asked_when else None
    first_asked = aside[0] if aside else turn.asked_since
    moment = aside[1] if aside else _moment_answered(turn, said) if said is not None else None
    if moment is not None and first_asked and previous_intent(dataclasses.replace(turn, previous=first_asked[0])) == "reminder":
        # "remind me to call the vet" … "What time should I remind you?" … ("tomorrow" …) "at 4pm": with every answer to it.
        joined = dataclasses.replace(turn, text=conversation.joined_answer(turn, first_asked, moment), previous=None)
        return calendar_words.remind(joined, read_signals(joined), tools)
    if turn.previous and turn.last_reply == catalogue.text("ambiguous", turn.language) and previous_intent(turn) == "reminder":
        # "set a reminder 15 min before" … "Which event do you mean?" … "the dentist one": that event.
        joined = dataclasses.replace(turn, text=f"{turn.previous} {turn.text}", previous=None)
        joined_signals = read_signals(joined)  # read once: the reading is the costly part of a turn
        if classify(joined, joined_signals) == "reminder":
            return calendar_words.remind(joined, joined_signals, tools)
    choosing = turn.context.get("choosing") or {}
    scope = lx.scope_of(turn.text)
    if scope and "occurrence" in (choosing.get("values") or {}):  # "just that one" to "only this one, …, or all?"
        return call(turn, tools, str(choosing["tool"]), **choosing["values"], scope=scope)
    if (renamed := revisions.name_corrected(turn)) is not None:
        # "actually its marcus not marco", "写错了 是章总": the event just made, its name put right.
        return call(turn, tools, "change_event", event_ref=renamed[0], title=renamed[1])
    turn = conversation.answer_alone(turn)
    signals = read_signals(turn)
    intent = classify(turn, signals)
    if intent in {"create", "reminder", "change", "unclear"} and (corrected := _corrected_in_passing(turn)) is not None:
        fixed = dataclasses.replace(turn, text=corrected or turn.text)
        fixed_signals, fixed_intent = (read_signals(fixed), classify(fixed, read_signals(fixed))) if corrected else (signals, intent)
        moved = lx.DESTINATION.search(fixed.text) if fixed_intent == "change" else None  # "move it to thursday at 2pm no wait make it 3": both new
        if not corrected or (fixed_intent == "change" and not (moved and not read_when(fixed.text[: moved.start()], today=turn.today).single_day)):
            return text(say("ask_corrected_moment", turn.language))
        turn, signals, intent = fixed, fixed_signals, fixed_intent
    if (moving := _answers_change_value(turn, signals, intent, tools)) is not None:
        # "can i move the dentist" … "Sure — to which day or time should it move?" … "friday 11am":
        # the answer to its own question finishes that change, with the event the person named.
        asked = read_signals(turn, text=moving)
        return calendar.change(turn, asked, tools)
    half = re.fullmatch(r"\W*(?:in\s+the\s+)?(?:(?P<am>a\.?m\.?)|p\.?m\.?)(?:\s+(?:pls|please|plz|lol|haha))?\W*", turn.text, re.I)  # "pm" to "what time?" after "at 7"
    part = (vocabulary.part_of_day(turn.text) or (half and ("morning" if half["am"] else "evening"))) if "time" in (active.get("missing") or []) and not signals.has_slots else None
    if part in PART_WORDS and (half or titles.title_from(without_part_of_day(turn.text)) is None):
        # "evening" to "what time?": which time in it is still the person's to say (a bare hour then is read in it),
        # unless the hour was said just before ("add pilates monday at 7" … "in the morning" is 07:00).
        earlier = read_when(turn.previous, today=turn.today) if turn.previous else None
        hour = f"{int(earlier.time[:2]) % 12 or 12}:{earlier.time[3:]}" if earlier and earlier.guessed and earlier.time else None
        placed = read_when(f"{part} at {hour}", today=turn.today) if hour else None  # "gym tmrw at 7, put it down" … "morning"
        if placed is not None and placed.time and not placed.guessed:
            return call(turn, tools, "schedule_event", title=None, date=None, time=placed.time, duration_minutes=None,
                        command_id=active["command_id"])  # fmt: skip
        return text(say("ask_time_in_part", turn.language, part=PART_WORDS[str(part)][turn.language == "zh"]))
    unnamed = active.get("status") == "needs_title" or titles.placeholder((active.get("known") or {}).get("title"))
    answers = active.get("kind") == "create" and (intent == "unclear" or (unnamed and intent == "create"))
    named, known = (_named(turn.text), str((active.get("known") or {}).get("title") or "")) if answers else (None, "")
    if answers and _names_it(turn, signals, named) and (unnamed or _renames(named or "", known)):
        # A bare name said to an open request is its title: the answer to "what should I call it?", or
        # the person's own name for it after "Which day should 'X' be?" (the reply names it; nothing is
        # written until they answer). The fast path takes only explicit namings, so it reaches here.
        if named and known and _WHO_ONLY.match(named):
            # "with the hr team" to "Which day should 'Meeting' be?" says who, not what: 'Meeting with the hr team'.
            named = titles.title_from(f"{known} {named[0].lower()}{named[1:]}") or named
        return call(turn, tools, "schedule_event", title=named, command_id=active["command_id"])
    # "理发改到后天下午四点吧 明天没空": the moments of the whole do not read together; the request's phrase does.
    apart = intent if signals.when.declined and ((intent == "change" and not lx.EXTEND.search(turn.text)) or (intent in {"create", "reminder"} and re.search(r"[\u4e00-\u9fff]", turn.text))) else None
    if intent in {"past", "unclear"} or (intent == "drop" and not vocabulary.taken_back(turn.text)) or (intent == "create" and signals.when.date is None and signals.text in lx.PAST) or apart:
        # "had a call with the bank yesterday, I need to follow up next Tuesday at 10": acted on, never writing the past.
        request = phrases.request_beside_report(turn, apart)
        if request is not None:
            signals, intent = request
    return ACTIONS[intent](turn, signals, tools)


def _moment_answered(turn: Turn, said: Signals) -> str | None:
    """The moment an answer to "what time should I remind you?" gives, without words after it that say when, not what
    ("tomorrow at lunch, say 12:30", 明天下午下班的时候 六点吧); None for a request of its own (a name first, a request verb)."""
    if not (said.has_slots or vocabulary.part_of_day(turn.text)):
        return None
    extra = without_part_of_day(said.when.residue)
    if titles.title_from(extra) is None:
        return turn.text
    if turn.text.lstrip()[:2] == extra.lstrip()[:2] or said.text in lx.ACTION:
        return None
    return re.sub("|".join(rf"(?<!\w){re.escape(word)}(?!\w)" if word.isascii() else re.escape(word) for word in extra.split()), " ", turn.text)


def _corrected_in_passing(turn: Turn) -> str | None:
    """A moment said, then taken back in the same message ("book the vet for monday no wait tuesday at 10am",
    "上午十点 哦不对 十一点"): the message with the later moment in place of the earlier one, or "" when that
    cannot be told (words besides a moment after the correction, a range, a length, a day that is not one day)."""
    correction = vocabulary.SELF_CORRECTION.search(turn.text)
    if correction is None:
        return None
    head, tail = turn.text[: correction.start()], turn.text[correction.end() :]
    before = read_when(head, today=turn.today)
    if not (before.date or before.time or before.declined):  # "把明天的评审挪到下周一 不对 下周二": two days before it, still a moment
        return None
    near = datetime.time(int(before.time[:2]), int(before.time[3:])) if before.time else None
    after = read_when(tail, today=turn.today, prefer_near=near)
    plain = not any(v for w in (before, after) for v in (w.end, w.duration, w.shift, w.offset, w.declined))
    named_after = titles.title_from(after.residue) is not None  # "周四上午十点 哦不对 十一点 去银行办卡": its name after
    if not plain or not (after.date or after.time) or (named_after and titles.title_from(before.residue)) or (before.guessed and not after.time):
        return ""
    if before.time is None or (before.guessed and after.time):  # the rest is said as it was (a bare hour stays unsure)
        day = "" if after.date else _one_day(before.date, turn.today)
        return "" if day is None else f"{before.residue} {day} {tail}".strip()
    day, clock = _one_day(after.date or before.date, turn.today), after.time or before.time
    if day is None:
        return ""
    hour, minute = int(clock[:2]), clock[3:]
    return f"{before.residue} {day} {(hour - 1) % 12 + 1}:{minute}{'am' if hour < 12 else 'pm'} {after.residue if named_after else ''}".strip()


def _one_day(symbol: str | None, today: datetime.date) -> str | None:
    """The day a symbol names, as written for the reader again ("" for none said; None for several)."""
    if not symbol:
        return ""
    days = days_of(symbol, today)
    return days[0].isoformat() if len(days) == 1 else None


def _answers_change_value(turn: Turn, signals: Signals, intent: str, tools: Sequence[dict[str, Any]]) -> str | None:
    """The change this message finishes, as one text (the name is the asking clause's): a day, time, length or part
    of the day said right after the stand-in asked about the change the message before asked for (where to, which
    time in a part, which half of a bare hour; the question is known by asking that message again), or later, naming the same event
    ("can i move the dentist" … a look at Wednesday … "ok wednesday 9am for the dentist")."""
    if signals.question or intent in {"delete", "reminder", "drop"} or not (signals.has_slots or vocabulary.part_of_day(turn.text)):
        return None
    moving = [said for said, reply in turn.said_before[-3:-1] if reply == say("ask_change_value", turn.language)]
    if moving and intent in {"create", "bare_time"}:
        named, moved = titles.title_from(signals.when.residue), event_name(moving[-1], focus=False)
        # Unnamed, or naming the same event: that move. Naming another thing: a booking of its own.
        return f"{moving[-1]}, {turn.text}" if not named or (moved and titles.overlap(named, moved) > 0) else None
    if not turn.previous or not turn.last_reply or not re.search(r"[?？]", turn.last_reply):
        return None  # nothing was asked: no reading of the message before on a turn that needs none
    if (intent == "create" and titles.title_from(turn.text)) or previous_intent(turn) != "change":
        return None  # another request of its own, or no change was asked for
    before = dataclasses.replace(turn, text=turn.previous, previous=None, last_reply=None)
    again = calendar.change(before, read_signals(before), tools)
    if again.tool_calls or again.text != turn.last_reply:
        return None
    destination = lx.DESTINATION.search(turn.previous)
    asked_to = read_when(destination.group(0), today=turn.today) if destination and signals.when.time and not signals.when.guessed else None
    if destination and asked_to is not None and asked_to.time and not asked_to.date:
        return f"{turn.previous[: destination.start()]} to {turn.text}"  # "8pm" to "which 8?": the time said replaces the one asked about
    return f"{turn.previous}, {turn.text}"


def _adds_the_offer(turn: Turn) -> bool:
    """A "yes" or a request to put down that names nothing of its own ("add it pls", "嗯 加上吧"), right
    after a statement or another service's work the stand-in offered to put on the calendar: the offer is
    the last reply (state), not a reading of the message before."""
    if not turn.previous or turn.previous in lx.DELETE or turn.last_reply not in {say(key, turn.language) for key in ("statement", "service_offer")}:
        return False  # nothing offered (a cancel is never put down)
    # The message first (cheap), the previous one's reading only when it could take an offer.
    if read_short_answer(turn.text) == "yes":
        takes = not vocabulary.THANKING.search(turn.text)  # "ok thanks" closes the talk; it takes no offer
    else:
        s = read_signals(turn)
        # A clause that asks to put down and names nothing: "add it pls", "oh that's right before drinks. add it to my calendar".
        takes = not (s.has_slots or s.question or lx.REMIND_ME.search(turn.text)) and any(
            c in lx.CREATE and titles.title_from(c) is None for c in titles.clauses_of(s.when.residue) for c in re.split(r"(?<=[\u4e00-\u9fff])\s+", c)
        )  # "帮我也加到日历里 我得陪她去": the phrase that asks, the other its reason  # "remind me 10 minutes before it" asks for a reminder, never the event offered
    return takes


def _offer_answered(turn: Turn, tools: Sequence[dict[str, Any]]) -> ModelResponse | None:
    """ "Do you want me to put 'Lunch with priya' on your calendar? Which day and what time?" … "lets do wednesday at
    12:30pm": the answer takes the offer, under the name offered, in the week the request said."""
    offer = re.escape(say("ask_day_for", turn.language, title="OFFERED")).replace("OFFERED", "(?P<title>.+)")
    said = re.fullmatch(offer, turn.last_reply or "")
    if said is None or not turn.previous:
        return None
    s = read_signals(turn)
    if not s.has_slots or s.question or titles.title_from(s.when.residue) is not None:
        return None
    in_week = in_the_week_said((turn.previous, turn.text), turn.today) if s.day and re.fullmatch(r"W[1-7]", s.day) else set()
    day = next(iter(in_week)).isoformat() if len(in_week) == 1 else s.day
    title = titles.title_from(read_when(said["title"], today=turn.today).residue) or said["title"]  # not "… next week"
    return call(turn, tools, "schedule_event", title=title, date=day, time=s.when.time, duration_minutes=s.when.duration, command_id=None)


def _continue(turn: Turn, tools: Sequence[dict[str, Any]]) -> ModelResponse:
    exchange = turn.exchange
    assert exchange is not None
    status = exchange.result.get("status")
    if exchange.name == "search_chat_archive" and status == "archive_results":
        return followup.summarize_archive(turn, exchange.result)
    if exchange.name != "search_memory" or status != "memory_results":
        # A tool failed or its arguments were refused: say so rather than try again blindly.
        return text(say("tool_failed", turn.language))
    signals = read_signals(turn)
    if classify(turn, signals) == "memory_question":
        return followup.answer_from_memory(turn, exchange.result)
    facts = followup.fact_texts(exchange.result)
    subject = str(exchange.arguments.get("query") or "")
    value_subject = lx.MEMORY_VALUE.search(turn.text)
    if value_subject is not None:
        # "dinner at my favourite restaurant": the fact gives a name for the title.
        value = followup.remembered_value(facts)
        if value is None:
            return followup.ask_for_remembered(turn, subject, exchange.result, kind="value")
        resumed = read_signals(turn, memory_swap=(value_subject.group("subject"), value))
    else:
        day = followup.remembered_day(facts, turn.today)
        if day is None:
            return followup.ask_for_remembered(turn, subject, exchange.result, kind="day")
        resumed = read_signals(turn, memory_date=day, memory_owner=followup.occasion_owner(facts))
    response = ACTIONS[classify(turn, resumed)](turn, resumed, tools)
    if any(call.name in INTERMEDIATE for call in response.tool_calls):
        return text(say("tool_failed", turn.language))  # never loop on lookups
    return response
