"""Stage 4, tools: the one place any tool runs, for this person, through the registry.

Every stage's tool call comes here — the model's proposals (checked for authority first), the
fast path's patch, a button's confirm or cancel, the exit check's query — and is recorded the
same way. A terminal result becomes the reply, written by code, never by a second generation.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import time
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from assistant.intent.derive import Act
from assistant.memory import ArchiveSearch, MemoryStore
from assistant.models import Message, Role
from assistant.reading import extract_when
from assistant.reading.vocabulary import SAME_TIME, THAT_DAY
from assistant.turn.authority import Target, hold_reason, provenance_for, untraced
from assistant.turn.cards import SCOPES, ConfirmationRequest, PendingCard, QuickReply, ScopeCard
from assistant.turn.context import EventSummary, Reply, ToolCallRecord, TurnContext
from assistant.turn.holds import held_result, hold_text
from scheduling.errors import NotFound
from scheduling.selectors import command_get
from scheduling.text import clean_json
from tools.context import ToolContext
from tools.facts import command_fact
from tools.handlers import events
from tools.receipts import render_receipt
from tools.registry import ToolRegistry, is_terminal, parse_arguments, spec_for, with_nulls
from tools.spec import Status, ToolResult

MAX_LOGGED_ARGUMENT_CHARS = 500
# The registry refused the call itself: the model's call reached it, but could not run.
REJECTED_STATUSES = {Status.INVALID_ARGUMENTS, Status.INVALID_EXPRESSION, Status.UNKNOWN_TOOL}
PENDING_STATUSES = {Status.NEEDS_TITLE, Status.NEEDS_DATE, Status.NEEDS_TIME, Status.CONFLICT, Status.IN_PAST}


class SuspendedTasks:
    """The tools' view of the suspended stack (resume_task)."""

    def __init__(self, context: TurnContext) -> None:
        self.context = context

    def suspended(self) -> list[dict[str, Any]]:
        tasks = self.context.state.intent_state.suspended
        return [
            {"ref": f"T{index}", "goal_id": task.goal.id, "kind": task.goal.kind.value, "title": task.goal.title}
            for index, task in enumerate(tasks, 1)
        ]

    def resume(self, task_ref: str | None) -> dict[str, Any] | None:
        tasks = self.context.state.intent_state.suspended
        index = int(task_ref[1:]) - 1 if task_ref else 0
        if not 0 <= index < len(tasks):
            return None
        goal = tasks[index].goal
        command = None
        if goal.command_id:
            try:
                command = command_get(owner=self.context.user, command_id=goal.command_id)
            except NotFound:
                return None
            if not command.is_open or command.expires_at <= self.context.now:
                return None
            self.context.active_command = command
        return {
            "goal_id": goal.id,
            "kind": goal.kind.value,
            "title": goal.title,
            "missing": list(command.missing) if command else [],
            "command": command_fact(command, self.context.today) if command else None,
        }


def tool_context(context: TurnContext) -> ToolContext:
    return ToolContext(
        user=context.user,
        profile=context.profile,
        now=context.now,
        thread_id=context.thread.id,
        source_turn=context.user_message.id,
        intent_revision=context.state.revision,
        active_command_id=str(context.active_command.id) if context.active_command else None,
        idempotency_prefix=f"t{context.thread.id}:m{context.user_message.id}",
        entities=context.entities,
        memory=MemoryStore(context.user, context.now, context.user_message),
        archive=ArchiveSearch(context.user, context.thread, lambda: [line.id for line in context.segment]),
        tasks=SuspendedTasks(context),
    )


def registry_for(context: TurnContext) -> ToolRegistry:
    """The turn's registry, bound to this person; built once per turn."""
    if context.registry is None:
        context.registry = ToolRegistry(tool_context(context))
    registry = context.registry
    registry.context.active_command_id = str(context.active_command.id) if context.active_command else None
    return registry


def run_tool(context: TurnContext, name: str, raw_arguments: str) -> ToolResult:
    """Run a tool call the MODEL proposed: a write whose values do not come from the person waits for them."""
    started = time.perf_counter()
    registry = registry_for(context)
    try:
        arguments = json.loads(raw_arguments) if raw_arguments else {}
    except ValueError:
        arguments = {"_raw": raw_arguments[:MAX_LOGGED_ARGUMENT_CHARS]}
    arguments = arguments if isinstance(arguments, dict) else {}
    arguments = clean_json(arguments)  # the trace is a JSON column: no NUL, no lone surrogate
    reason = _hold_reason(context, name, raw_arguments)
    if reason is not None:
        result = held_result(registry.context, name, arguments, reason)
        context.flags.append(reason)
    else:
        with transaction.atomic():  # a tool call writes all of its effects or none
            result = registry.execute(name, raw_arguments)
    record_result(context, name, result, arguments, elapsed_ms=(time.perf_counter() - started) * 1000)
    return result


def run_code_tool(
    context: TurnContext,
    name: str,
    arguments: Mapping[str, Any],
    *,
    recorded_as: str | None = None,
    moves_intent: bool = True,
    route: str | None = None,
) -> ToolResult:
    """Run a tool call a STAGE made from the person's own words or buttons (internal tools allowed).

    ``recorded_as`` names the step in the intent and the trace when an internal tool carries
    out a step of a model tool (the fast path's patch continues ``schedule_event``);
    ``moves_intent=False`` records it in the trace only (closing a stub the goal is not on);
    ``route`` names the stage that made the call when it continues a model tool.
    """
    started = time.perf_counter()
    arguments = with_nulls(name, arguments)  # a stage names only what it sets
    result = registry_for(context).execute(name, arguments, internal=True)
    acts = len(context.acts)
    elapsed_ms = (time.perf_counter() - started) * 1000
    record_result(context, recorded_as or name, result, arguments, elapsed_ms, route=route)
    if not moves_intent:
        del context.acts[acts:]
    return result


def _hold_reason(context: TurnContext, name: str, raw_arguments: str) -> str | None:
    spec = spec_for(name)
    if spec is None or not spec.guarded:
        return None  # reads and questions never wait: no parse, no segment read for them
    arguments = parse_arguments(name, raw_arguments)
    if isinstance(arguments, str):
        return None  # the registry answers with what is wrong
    command = context.active_command
    slot_values = [command.slot_value(slot) for slot in ("title", "date", "time")] if command else []
    day = context.entities.day_in_focus()
    texts = current_intent_texts(context)
    provenance = provenance_for(
        # The quick replies code offered for the open request (free slots it computed) are
        # choices put to the person, as if they had typed them.
        person_texts=[*texts, *_offered(context)],
        slot_values=slot_values + _same(context, texts),
        today=context.today,
        focus_days=([str(day["date"])] if day and day["via"] != "assumed" else []) + _that_day(context, texts),
        event_days=[entity.date for entity in context.entities.recent(1)],  # "the evening before" counts from it
        now=context.now.astimezone(context.zone),
    )

    def target() -> Target | None:
        found = events._target(registry_for(context).context, arguments, name)
        if isinstance(found, ToolResult):
            return None
        return Target(found.starts_at.astimezone(context.zone), found.title)

    return hold_reason(
        tool=name,
        arguments=arguments,
        provenance=provenance,
        read_tools=context.untrusted_reads,
        current_text=context.text,
        # "what about 4pm?" answers the open request's question: that is a request, not a query.
        continues_open_request=command is not None and spec.claim_kind in {"create", "change"},
        target=target if "target" in spec.traced.values() else lambda: None,
    )


def _offered(context: TurnContext) -> list[str]:
    command = context.active_command
    if command is None:
        return []
    card = (
        Message.objects.filter(thread=context.thread, role=Role.ASSISTANT, card__command_id=str(command.id))
        .order_by("-created_at", "-id")
        .values_list("card", flat=True)
        .first()
    )
    return [str(reply.get("text") or "") for reply in (card or {}).get("quick_replies") or []]


# Besides a kept write (the talk's writes), a turn that finished one of these ended its goal.
GOAL_ENDING = frozenset({Status.REMINDER_SET.value, Status.CANCELLED.value})


def _day_in_focus_said(context: TurnContext) -> None:
    """The day a read put in focus is the person's only when their words name it: "anything on the
    day of the school play?" read as today leaves today in focus as the product's choice ("assumed"),
    which no later booking takes as its day and no write traces to."""
    day = context.entities.day
    assert day is not None
    provenance = provenance_for(person_texts=current_intent_texts(context), slot_values=[], today=context.today)
    if untraced({"day": "date"}, {"day": day.date}, {}, provenance):
        context.entities.day = dataclasses.replace(day, via="assumed")


def _same(context: TurnContext, texts: list[str]) -> list[object]:
    """ "and another squash monday same time", "same for thursday", "same for the optician": the name and time of the event
    just made or changed at the person's request (never one only shown), and the lead of the reminder just set, count as
    said, as "that day" is the day named last. The event they just had deleted keeps its name ("改约到周日下午三点" books
    it again), and its time with "same time"."""
    gone = context.entities.deleted or {}
    again: list[object] = [gone["title"]] if gone.get("title") else []
    if not any(SAME_TIME.search(text) for text in texts):
        return again
    lead = (context.entities.reminder or {}).get("minutes_before")
    made = [entity for entity in context.entities.recent(1) if entity.via in {"created", "updated"}]
    pointed: list[object] = [value for entity in made for value in (entity.title, entity.start, f"{entity.minutes} minutes" if entity.minutes else "")]
    return pointed + again + [gone[key] for key in ("date", "start") if gone.get(key)] + ([str(lead)] if lead else [])


def _that_day(context: TurnContext, texts: list[str]) -> list[str]:
    """ "dinner at 6pm that day" after a finished request: the day the person named last, in their own words."""
    if not any(THAT_DAY.search(text) for text in texts):
        return []
    cut = context.state.talk_state.last_finished()
    earlier = [line.text for line in context.segment if line.role == Role.USER and line.id <= cut]
    said = (match.date for text in reversed(earlier) if (match := extract_when(text, today=context.today)) and match.date)
    return list(itertools.islice(said, 1))


def current_intent_texts(context: TurnContext) -> list[str]:
    """The person's messages since the last finished goal of this session: the current intent.

    Words said for a goal that is done authorise nothing new ("book the dentist friday 3pm",
    done, then "ok" cannot carry another write to Friday 3pm). The thread's state (its talk) says
    which turn finished last; the trace is a record for admins, never read back.
    """
    cut = context.state.talk_state.last_finished()
    users = [line for line in context.segment if line.role == Role.USER and line.id != context.user_message.id]
    return [*(line.text for line in users if line.id > cut), context.text]


def record_result(
    context: TurnContext,
    name: str,
    result: ToolResult,
    arguments: Mapping[str, Any],
    elapsed_ms: float = 0.0,
    *,
    route: str | None = None,
) -> None:
    context.timings.tool_execute_ms += elapsed_ms
    event = result.data.get("event")
    context.tool_calls.append(
        ToolCallRecord(
            tool=name,
            arguments=dict(arguments) if len(str(arguments)) < MAX_LOGGED_ARGUMENT_CHARS else {"_truncated": True},
            status=result.status.value,
            ms=round(elapsed_ms, 2),
            event=EventSummary.from_fact(event) if event else None,
            overlaps=tuple(str(other["ref"]) for other in result.data.get("overlaps") or ()),
            # A call the registry turned away keeps its reason (bad JSON, a schema error, no such tool).
            problem=(
                str(result.data.get("problem") or result.status.value)[:300]
                if result.status in REJECTED_STATUSES
                else None
            ),
            hold_reason=(
                str(result.data.get("reason")) if result.status == Status.NEEDS_CONFIRMATION else None
            ),
            route=route,
        )
    )
    context.effects.extend(result.effects)
    before = context.entities.day
    context.entities.record(result.status.value, result.data)
    if context.entities.day is not None and context.entities.day != before:
        _day_in_focus_said(context)
    spec = spec_for(name)
    if spec is not None and spec.reads_calendar and result.status in {Status.RESULTS, Status.SUGGESTIONS}:
        context.queried = True
    if spec is not None and spec.untrusted_output and (result.data.get("facts") or result.data.get("messages")):
        context.untrusted_reads.append(name)
    if result.status == Status.NEEDS_CONFIRMATION:
        return
    if is_terminal(name) or name == "confirmation":
        context.acts.append(Act(name, result.status.value, result.data, dict(arguments)))
    command = result.data.get("command")
    if command and command.get("status") in {"needs_title", "needs_date", "needs_time", "conflict"}:
        with contextlib.suppress(NotFound):
            context.active_command = command_get(owner=context.user, command_id=command["command_id"])
    elif command and context.active_command is not None and command.get("command_id") == str(context.active_command.id):
        context.active_command = None


RECEIPT_CLAIMS = {
    Status.CREATED: "create",
    Status.UPDATED: "change",
    Status.DELETED: "delete",
    Status.REMEMBERED: "remember",
}


def receipt_claims(result: ToolResult) -> frozenset[str]:
    """The write a receipt announces: the one its status names, unless it only reports an old one."""
    claim = RECEIPT_CLAIMS.get(result.status)
    return frozenset({claim}) if claim and not result.data.get("already_done") else frozenset()


def reply_for(context: TurnContext, name: str, result: ToolResult) -> Reply:
    """The reply to a terminal result: the receipt, plus a card the page can act on."""
    if result.status == Status.NEEDS_CONFIRMATION:
        text = hold_text(result, context=registry_for(context).context, language=context.language)
    else:
        text = render_receipt(result, context.language, context.today)
    reply = Reply(text, claims=receipt_claims(result))
    command = result.data.get("command")
    if result.status in PENDING_STATUSES and command:
        reply.card = pending_card(result)
    elif result.status == Status.AWAITING_CONFIRMATION and command:
        event = result.data["event"]
        action = {
            "type": "delete_event",
            "event_id": int(event["ref"][1:]),
            "command_id": command["command_id"],
            "title": event["title"],
            "date": event["date"],
            "start": event["start"],
        }
        reply.confirmation = ConfirmationRequest("delete_event", action, event)
    elif result.status == Status.NEEDS_CONFIRMATION:
        reply.confirmation = ConfirmationRequest("write", result.data["action"], result.data.get("event"))
    elif result.status == Status.RESUMED and (task := result.data.get("task") or {}).get("command"):
        # Coming back to a task puts its question, and its card, in front of the person again.
        status = Status(task["command"]["status"])
        reply.card = pending_card(ToolResult(status, {"command": task["command"]}))
    elif result.status == Status.INVITED:
        reply.confirmation = ConfirmationRequest("council", {"type": "council", "days": result.data.get("days", 7)})
    elif result.status == Status.NEEDS_SCOPE and result.data.get("event"):
        reply.card = scope_card(context, name, result)
    return reply


def scope_card(context: TurnContext, name: str, result: ToolResult) -> ScopeCard:
    """Which of a repeating event: three buttons the server answers in code, with the same tool
    call again, naming the occurrence the question named and the scope the person chose."""
    event = result.data["event"]
    asked = next((call.arguments for call in reversed(context.tool_calls) if call.tool == name), {})
    kept = {key: value for key, value in asked.items() if key not in {"scope", "occurrence", "ordinal", "_truncated"}}
    return ScopeCard(
        tool=name,
        event=event,
        arguments={**kept, "event_ref": event["ref"], "occurrence": event["date"]},
        action=result.data.get("action"),
        repeats=result.data.get("repeats") or {},
        choices=SCOPES,
    )


def pending_card(result: ToolResult) -> PendingCard:
    """Known and missing slots, and quick replies the person can tap (sent back as text)."""
    command = result.data["command"]
    quick: list[QuickReply] = []
    for day in result.data.get("candidates") or []:
        quick.append(QuickReply(f"{day['weekday']} {day['date']}", day["date"]))
    for slot in result.data.get("suggestions") or []:
        quick.append(QuickReply(f"{slot['weekday']} {slot['date']} {slot['start']}", f"{slot['date']} {slot['start']}"))
    return PendingCard(
        command_id=command["command_id"],
        status=result.status.value,
        known=command.get("known", {}),
        resolved_dates=command.get("resolved_dates", []),
        missing=command.get("missing", []),
        conflicts=result.data.get("conflicts", []),
        quick_replies=tuple(quick),
    )
