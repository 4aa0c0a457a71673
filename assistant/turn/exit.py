"""Stage 5, exit: the invariant that no reply claims a write that did not persist in this turn.

A reply claiming a create, change, delete or remember is checked against this turn's effects,
re-read from the database; an unbacked claim is replaced by an honest answer and flagged
(``unverified_create_claim`` …). A reply stating schedule facts ("nothing tomorrow", "你明天有两个
会") with no query in this turn is flagged ``unverified_schedule_fact`` and replaced by the
answer of a real query.
"""

from __future__ import annotations

from collections.abc import Iterable

from assistant.models import MemoryFact
from assistant.reading import extract_when
from assistant.turn.claims import claimed_writes, states_schedule_facts
from assistant.turn.context import Reply, TurnContext
from assistant.turn.tools import record_result, reply_for, tool_context
from scheduling.models import Event
from tools.handlers.events import query_events
from tools.spec import Effect, occurrence_effect_persisted

REPLACEMENTS = {
    "create": ("To be clear: nothing has been added to your calendar yet.", "说明一下：还没有添加任何安排。"),
    "change": ("To be clear: nothing on your calendar has been changed.", "说明一下：日程没有任何改动。"),
    "delete": ("To be clear: nothing has been deleted from your calendar.", "说明一下：没有删除任何安排。"),
    "remember": (
        'To be clear: I haven\'t saved that to memory. Say "remember that …" and I will.',
        "说明一下：这条还没有保存到记忆里。说“记住……”我就会保存。",
    ),
}


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
        elif effect.model == "memory" and MemoryFact.objects.filter(id=int(effect.object_id)).exists():
            kinds.add(effect.kind)
    return kinds


def enforce_exit_invariant(context: TurnContext, reply: Reply) -> Reply:
    verified = verified_kinds(context.effects)
    claims = claimed_writes(reply.text) if reply.claims is None else set(reply.claims)
    unbacked = sorted(claims - verified)
    if unbacked:
        zh = context.language == "zh"
        for kind in unbacked:
            context.flags.append(f"unverified_{kind}_claim")
        honest = " ".join(REPLACEMENTS[kind][1 if zh else 0] for kind in unbacked)
        return Reply(honest, flags=reply.flags)
    if reply.claims is None and not context.queried and not context.effects and states_schedule_facts(reply.text):
        context.flags.append("unverified_schedule_fact")
        return _answer_from_query(context, reply.text)
    return reply


def _answer_from_query(context: TurnContext, claimed: str) -> Reply:
    """Replace an unverified statement about the calendar with what a real query says."""
    when = extract_when(context.text, today=context.today) or extract_when(claimed, today=context.today)
    start = when.date if when and when.date else "D+0"
    arguments = {"start": start, "end": None}
    result = query_events(tool_context(context), arguments)
    record_result(context, "query_events", result, arguments)
    return reply_for(context, "query_events", result)
