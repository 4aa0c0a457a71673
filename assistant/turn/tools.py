"""Stage 4, tools: run a tool call for this person, record what it did, and turn a terminal
result into the reply (written by code, never by a second generation)."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Mapping
from typing import Any

from assistant.intent.derive import Act
from assistant.memory import ArchiveSearch, MemoryStore
from assistant.turn.context import Reply, TurnContext
from scheduling.errors import NotFound
from scheduling.selectors import command_get
from scheduling.text import clean_json
from tools.context import ToolContext
from tools.facts import command_fact
from tools.receipts import render_receipt
from tools.registry import ToolRegistry, is_terminal
from tools.spec import Status, ToolResult

MAX_LOGGED_ARGUMENT_CHARS = 500
PENDING_STATUSES = {Status.NEEDS_TITLE, Status.NEEDS_DATE, Status.NEEDS_TIME, Status.CONFLICT, Status.IN_PAST}


class SuspendedTasks:
    """The tools' view of the suspended stack (resume_task)."""

    def __init__(self, context: TurnContext) -> None:
        self.context = context

    def suspended(self) -> list[dict[str, Any]]:
        entries = self.context.state.intent.get("suspended") or []
        return [
            {
                "ref": f"T{index}",
                "goal_id": entry["goal"]["id"],
                "kind": entry["goal"]["kind"],
                "title": entry["goal"].get("title"),
            }
            for index, entry in enumerate(entries, 1)
        ]

    def resume(self, task_ref: str | None) -> dict[str, Any] | None:
        entries = self.context.state.intent.get("suspended") or []
        index = int(task_ref[1:]) - 1 if task_ref else 0
        if not 0 <= index < len(entries):
            return None
        goal = entries[index]["goal"]
        command = None
        if goal.get("command_id"):
            try:
                command = command_get(owner=self.context.user, command_id=goal["command_id"])
            except NotFound:
                return None
            if not command.is_open or command.expires_at <= self.context.now:
                return None
            self.context.active_command = command
        return {
            "goal_id": goal["id"],
            "kind": goal["kind"],
            "title": goal.get("title"),
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
        archive=ArchiveSearch(context.user, context.thread, lambda: context.segment),
        tasks=SuspendedTasks(context),
    )


def run_tool(context: TurnContext, registry: ToolRegistry, name: str, raw_arguments: str) -> ToolResult:
    started = time.perf_counter()
    registry.context.active_command_id = str(context.active_command.id) if context.active_command else None
    result = registry.execute(name, raw_arguments)
    elapsed = (time.perf_counter() - started) * 1000
    try:
        arguments = json.loads(raw_arguments) if raw_arguments else {}
    except ValueError:
        arguments = {"_raw": raw_arguments[:MAX_LOGGED_ARGUMENT_CHARS]}
    arguments = clean_json(arguments)  # the trace is a JSON column: no NUL, no lone surrogate
    record_result(context, name, result, arguments if isinstance(arguments, dict) else {}, elapsed_ms=elapsed)
    return result


def record_result(
    context: TurnContext, name: str, result: ToolResult, arguments: Mapping[str, Any], elapsed_ms: float = 0.0
) -> None:
    context.timings.tool_execute_ms += elapsed_ms
    event = result.data.get("event")
    context.tool_calls.append(
        {
            **({"event": {k: event[k] for k in ("ref", "title", "date", "start", "end")}} if event else {}),
            "name": name,
            "arguments": dict(arguments) if len(str(arguments)) < MAX_LOGGED_ARGUMENT_CHARS else {"_truncated": True},
            "status": result.status.value,
            "ms": round(elapsed_ms, 2),
        }
    )
    context.effects.extend(result.effects)
    context.entities.record(result.status.value, result.data)
    if name in {"query_events", "suggest_slots"} and result.status in {Status.RESULTS, Status.SUGGESTIONS}:
        context.queried = True
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
    reply = Reply(render_receipt(result, context.language), claims=receipt_claims(result))
    command = result.data.get("command")
    if result.status in PENDING_STATUSES and command:
        reply.card = pending_card(result)
    elif result.status == Status.AWAITING_CONFIRMATION and command:
        event = result.data["event"]
        reply.confirmation = {
            "kind": "delete_event",
            "action": {
                "type": "delete_event",
                "event_id": int(event["ref"][1:]),
                "command_id": command["command_id"],
                "title": event["title"],
                "date": event["date"],
                "start": event["start"],
            },
            "event": event,
        }
    elif result.status == Status.INVITED:
        reply.confirmation = {"kind": "council", "action": {"type": "council", "days": result.data.get("days", 7)}}
    return reply


def pending_card(result: ToolResult) -> dict[str, Any]:
    """Known and missing slots, and quick replies the person can tap (sent back as text)."""
    command = result.data["command"]
    quick: list[dict[str, str]] = []
    for day in result.data.get("candidates") or []:
        quick.append({"label": f"{day['weekday']} {day['date']}", "text": day["date"]})
    for slot in result.data.get("suggestions") or []:
        quick.append(
            {"label": f"{slot['weekday']} {slot['date']} {slot['start']}", "text": f"{slot['date']} {slot['start']}"}
        )
    return {
        "type": "pending_command",
        "command_id": command["command_id"],
        "status": result.status.value,
        "known": command.get("known", {}),
        "resolved_dates": command.get("resolved_dates", []),
        "missing": command.get("missing", []),
        "conflicts": result.data.get("conflicts", []),
        "quick_replies": quick,
    }
