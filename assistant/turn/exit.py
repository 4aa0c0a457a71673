"""Stage 5, exit: the invariant that no reply claims a write that did not persist in this turn.

A reply claiming a create, change, delete or remember is checked against this turn's effects,
re-read from the database; an unbacked claim is replaced by an honest answer and flagged
(``unverified_create_claim`` …). Beyond the words, structure: when the person asked for a write
and none ran, a model text that reads as done at all ("Done!", "好了～", "✅") is replaced too,
with the kind they asked for. The replacement is itself true: it speaks of this message and,
where it can, quotes the calendar; a claim that an earlier turn's real write backs is left alone.

A reply stating schedule facts with no query in this turn is flagged ``unverified_schedule_fact``;
the decision names the days to query (``QueryNeed``), and ``_answer_from_query`` is the one place
that runs the query.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import catalogue
from assistant.models import MemoryFact
from assistant.reading import extract_when
from assistant.turn.authority import provenance_for, untraced
from assistant.turn.claim_facts import states_schedule_facts
from assistant.turn.claim_request import asked_writes, asks_reminder, person_reports
from assistant.turn.claim_text import normalise
from assistant.turn.claims import claimed_writes, hedged, read_claims
from assistant.turn.context import Reply, TurnContext
from assistant.turn.tools import reply_for, run_code_tool
from scheduling.models import Event, Reminder
from tools.facts import event_fact
from tools.registry import spec_for
from tools.spec import Effect, occurrence_effect_persisted

__all__ = [
    "ExitDecision",
    "QueryNeed",
    "claimed_writes",
    "enforce_exit_invariant",
    "exit_decision",
    "states_schedule_facts",
]

KIND_ORDER = ("create", "change", "delete", "remember")
MAX_NAMED_SCAN = 50
SLOTS = ("title", "date", "time")


@dataclass(frozen=True)
class QueryNeed:
    """The days a query must cover to answer a statement about the calendar."""

    start: str
    end: str | None = None


@dataclass
class ExitDecision:
    """What the exit stage decided: the reply to send, or the query that must answer instead."""

    reply: Reply
    flags: list[str] = field(default_factory=list)
    query: QueryNeed | None = None


def verified_kinds(effects: Iterable[Effect]) -> set[str]:
    """The kinds of write this turn made that the database confirms now."""
    kinds: set[str] = set()
    for effect in effects:
        if effect.model == "event":
            exists = Event.objects.filter(id=int(effect.object_id)).exists()
            if (effect.kind == "delete") != exists:
                kinds.add(effect.kind)
        elif effect.model == "occurrence":
            # One occurrence of a series went; the series row itself stays.
            kinds.update({effect.kind} if occurrence_effect_persisted(effect.object_id) else set())
        elif (effect.model == "reminder" and (effect.kind == "delete") != Reminder.objects.filter(id=int(effect.object_id)).exists()) or (
            effect.model == "memory" and MemoryFact.objects.filter(id=int(effect.object_id)).exists()
        ):
            kinds.add(effect.kind)  # a reminder removed, a fact remembered
    return kinds


def requested_writes(context: TurnContext, *, implied: bool = True) -> set[str]:
    """Did the person ask for a write in this turn? From the turn's own facts, then their words.

    ``implied=False`` leaves out what only the shape of the message suggests ("haircut Wed 2pm"
    reads as a create): structure alone is then never enough to add a note to an honest reply.
    """
    # A model tool's own policy names the write its call asks for (code's own stages do not ask).
    kinds = {kind for call in context.tool_calls if (kind := _asked_by_call(call.tool))}
    # "Lin moved the party": a report of someone else's write is not a request for one.
    kinds |= asked_writes(context.text, implied=implied) - person_reports(context.text)
    command = context.active_command
    if implied and command is not None and command.is_open and extract_when(context.text, today=context.today):
        # A value for the open request ("4pm", "周六") asks to finish it.
        kinds.add(str(command.kind))
    return kinds


def _asked_by_call(name: str) -> str | None:
    spec = spec_for(name)
    return spec.claim_kind if spec is not None and not spec.internal else None


def earlier_writes(context: TurnContext) -> dict[str, set[str]]:
    """Writes earlier turns of this session really made (the thread's state keeps them): kind ->
    titles of the events written."""
    earlier_ids = [m.id for m in context.segment if m.id != context.user_message.id]
    writes: dict[str, set[str]] = {}
    for write in context.state.talk_state.writes_of(earlier_ids):
        writes.setdefault(write.kind, set()).update({write.title} if write.title else set())
    return writes


_EARLIER = re.compile(
    r"\b(?:a\s+(?:moment|minute|second|bit)\s+ago|earlier|just\s+now|already|before|previously|last\s+time|"
    r"in\s+(?:my|the)\s+(?:last|previous)\s+(?:message|reply|turn))\b|刚才|刚刚|之前|早就|上次|前面|过了",
    re.I,
)


def _excused_by_earlier(context: TurnContext, reply_text: str, asked: set[str]) -> set[str]:
    """Kinds an earlier turn's real write backs: any, when no new one is asked; when the person
    asks again, only a claim said as earlier ("I added it a moment ago") about the same event."""
    writes = earlier_writes(context)
    excused = set(writes) - asked
    if _EARLIER.search(reply_text):
        said = f"{context.text} {reply_text}".lower()
        excused |= {kind for kind, titles in writes.items() if any(title and title in said for title in titles)}
    return excused


def exit_decision(context: TurnContext, reply: Reply) -> ExitDecision:
    """Decide, without running anything, whether the reply stands, is replaced, or needs a query.

    A claim the words make ("I've booked it", "Done!", "搞定") that this turn's effects do not
    back is replaced. Where only structure says so — the person asked for a write, none ran,
    and the reply is a bare "Sure!" / "好的", or says nothing of it at all — the
    reading is not certain: the model's text is kept, and one line written by code says what
    this turn did not do. Neither ever speaks of something the person did not say.
    """
    verified = verified_kinds(context.effects)
    if reply.claims is not None:
        # A receipt written by code: it states exactly the writes its result made.
        unbacked = set(reply.claims) - verified
        return _replaced(context, reply, unbacked, unbacked) if unbacked else ExitDecision(reply)
    reading = read_claims(reply.text)
    model_text = context.route == "model"
    asked = requested_writes(context) if model_text or reading.kinds else set()
    # A bare promise ("I'll keep that in mind.", "我会记得的") says nothing stored: it claims that
    # write only when the person asked for it; otherwise it acknowledges what they did ask for.
    bare = reading.promised - asked
    claims = set(reading.kinds) - bare
    unsure: set[str] = set()
    if model_text and asked:
        # Done, with no kind said: it is the kind the person asked for. With nothing asked
        # ("I already did the dentist" → "Great, glad that's done") it claims no write.
        claims |= (asked if reading.done else set()) | (reading.in_context & asked)
        # "Sure!", "好的", "收到": an acknowledgement may mean "done" or only "OK" — not certain.
        unsure |= asked if reading.acknowledged and not verified else set()
        unsure |= requested_writes(context, implied=False) if bare and not verified else set()
    if model_text:
        excused = _excused_by_earlier(context, reply.text, asked) if claims | unsure else set()
        # Repeating what the person said happened ("your boss cancelled it") is quoting them.
        excused |= person_reports(context.text) - asked
        claims, unsure = claims - excused, unsure - excused
    if claims - verified:
        return _replaced(context, reply, claims - verified, asked)
    if not claims and not context.queried and not context.effects and states_schedule_facts(reply.text):
        return ExitDecision(reply, ["unverified_schedule_fact"], _query_need(context, reply.text))
    noted = unsure - verified
    promised = _promised(context, reply.text)
    if (
        model_text
        and not verified
        and not noted
        and (promised or not hedged(reply.text))
        and not _asks_back(context.text)
    ):
        # Structure: the person asked for a write in so many words (or the reply promises the
        # very day or time they gave), none ran, and the reply neither asks, offers nor says what
        # is missing. Whatever it says, one line is true.
        noted = requested_writes(context, implied=promised) - person_reports(context.text)
        noted -= _excused_by_earlier(context, reply.text, noted) if noted else set()
    if noted:
        line = _not_done(context, noted, asked)
        return ExitDecision(
            Reply(f"{reply.text.rstrip()}\n\n{line}", flags=reply.flags),
            [f"unverified_{kind}_claim" for kind in _ordered(unsure - verified)],
        )
    return ExitDecision(reply)


def _promised(context: TurnContext, reply_text: str) -> bool:
    """The reply only promises ("I'll ping you at 9pm"), restating the day or time the person
    asked for, with nothing asked, offered or awaited: a promise no write of this turn keeps."""
    if not hedged(reply_text) or hedged(reply_text, future=False):
        return False
    said = extract_when(reply_text, today=context.today)
    promised = {"date": said.date, "time": said.time} if said else {}
    if not any(promised.values()):
        return False
    # Restated: the promised day and time trace to the person's words as a write's would
    # ("in two hours" said at 10:00 is the 12:00 promised), through the write guard's tracing.
    heard = provenance_for(
        person_texts=[context.text], slot_values=[], today=context.today, now=context.now.astimezone(context.zone)
    )
    return not untraced({"date": "date", "time": "time"}, promised, {}, heard)


def _asks_back(text: str) -> bool:
    """The person's message is a question ("did you add it?") or says not to ("don't add it yet")."""
    return bool(re.search(r"[?？吗呢么]\W*$", normalise(text).strip())) or bool(
        re.search(r"\b(?:don'?t|do\s+not)\b|别|不要", text, re.I)
    )


def _ordered(kinds: Iterable[str]) -> list[str]:
    return [kind for kind in KIND_ORDER if kind in kinds]


def enforce_exit_invariant(context: TurnContext, reply: Reply) -> Reply:
    decision = exit_decision(context, reply)
    context.flags.extend(decision.flags)
    if decision.query is not None:
        return _answer_from_query(context, decision.query)
    return decision.reply


def _replaced(context: TurnContext, reply: Reply, unbacked: set[str], asked: set[str]) -> ExitDecision:
    kinds = _ordered(unbacked)
    return ExitDecision(
        Reply(_not_done(context, unbacked, asked), flags=reply.flags), [f"unverified_{kind}_claim" for kind in kinds]
    )


def _not_done(context: TurnContext, kinds: set[str], asked: set[str]) -> str:
    """What this turn did not do, and — only for a write the person asked for — what is still
    missing or what the calendar really says."""
    language = context.language
    parts = [
        catalogue.text(f"not_done_{kind}", language) + (_detail(context, kind, language) if kind in asked else "")
        for kind in _ordered(kinds)
    ]
    said = parts[0] if parts else ""
    for part in parts[1:]:
        said = catalogue.text("not_done_and", language, first=said, then=part)
    return said


def _detail(context: TurnContext, kind: str, language: str) -> str:
    """What is still missing, or what the calendar really says — never a denial of an earlier turn."""
    if kind == "create" and asks_reminder(context.text, [call.tool for call in context.tool_calls]):
        return catalogue.text("no_reminder_set", language)  # a reminder with no day said is for today
    if kind == "create":
        missing = _missing_slots(context)
        if missing:
            words = [catalogue.text(f"slot_words_{slot}", language) for slot in missing]
            return catalogue.text(
                "still_need", language, slots=catalogue.text("slot_words_joiner", language).join(words)
            )
        return catalogue.text("say_it_again_to_add", language)
    if kind in {"change", "delete"}:
        event = _event_in_focus(context)
        if event is None:
            return catalogue.text("say_which_event", language)
        fact = event_fact(event, context.zone)
        fields = {name: fact[name] for name in ("title", "weekday", "date", "start")}
        return catalogue.text("still_at" if kind == "change" else "still_on_calendar", language, **fields)
    return ""


def _missing_slots(context: TurnContext) -> list[str]:
    command = context.active_command
    if command is not None and command.is_open and command.missing:
        return [slot for slot in SLOTS if slot in command.missing]
    when = extract_when(context.text, today=context.today)
    missing = []
    if when is None or when.date is None:
        missing.append("date")
    if when is None or (when.time is None and when.part_of_day is None):
        missing.append("time")
    return missing


def _event_in_focus(context: TurnContext) -> Event | None:
    """The event the turn is about: the one in focus, else the one upcoming event the message names."""
    entities = context.entities
    candidates = [entities.focus] if entities.focus is not None else [entry.id for entry in entities.stack[:1]]
    for event_id in candidates:
        event = Event.objects.filter(owner=context.user, id=event_id).first()
        if event is not None:
            return event
    said = context.text.lower()
    upcoming = Event.objects.filter(owner=context.user, ends_at__gte=context.now).order_by("starts_at")[:MAX_NAMED_SCAN]
    named = [event for event in upcoming if event.title.strip() and event.title.lower() in said]
    return named[0] if len(named) == 1 else None


_PERIODS = [
    (re.compile(r"\bnext\s+week\b|下周|下个星期|下礼拜", re.I), QueryNeed("W1+1", "W7+1")),
    (
        re.compile(r"\bthis\s+week\b|\bthe\s+week\b|\ball\s+week\b|这周|本周|这个星期|这礼拜", re.I),
        QueryNeed("D+0", "W7"),
    ),
    (re.compile(r"\bnext\s+weekend\b|下个?周末", re.I), QueryNeed("WE+1")),
    (re.compile(r"\b(?:this\s+)?weekend\b|周末", re.I), QueryNeed("WE")),
]


def _query_need(context: TurnContext, claimed: str) -> QueryNeed:
    """The days the statement is about: the person's words first, then the reply's."""
    for text in (context.text, claimed):
        when = extract_when(text, today=context.today)
        if when and when.date:
            return QueryNeed(when.date)
        for pattern, need in _PERIODS:
            if pattern.search(text):
                return need
    return QueryNeed("D+0")


def _answer_from_query(context: TurnContext, need: QueryNeed) -> Reply:
    """Replace an unverified statement about the calendar with what a real query says."""
    arguments = {"start": need.start, "end": need.end, "event_words": None}
    result = run_code_tool(context, "query_events", arguments)  # through the registry, like every tool
    return reply_for(context, "query_events", result)
