"""Tools the turn's own stages call (the fast path, the card buttons, a declined question).

They go through the same registry as the model's tools — validated arguments, one result
status, effects named for the exit check — but they are never offered to the model: their
arguments come from code that read the person's words or pressed buttons, not from a model.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scheduling.commands import SlotPatch, command_apply, command_cancel, command_confirm_delete
from scheduling.errors import NotFound
from scheduling.models import CommandKind
from scheduling.selectors import command_get
from tools.context import ToolContext
from tools.facts import event_fact
from tools.handlers.schedule import outcome_result
from tools.schemas import clock_time, closed_object, date_symbol, integer, nullable, text
from tools.spec import Status, ToolResult, ToolSpec

COMMAND_ID = text("The id of the person's own command stub.")


def patch_command(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    """Merge a patch that code read from the person's message into their open stub."""
    try:
        command = command_get(owner=context.user, command_id=arguments["command_id"])
    except NotFound:
        return ToolResult(Status.NOT_FOUND, {"problem": "no such command"})
    values = {name: arguments.get(name) for name in ("title", "date", "time", "duration_minutes")}
    raw = arguments.get("raw") or {}
    patch = SlotPatch(
        **values,
        raw={name: str(raw.get(name, value)) for name, value in values.items() if value is not None},
        confidence=float(arguments.get("confidence") or 1.0),
    )
    outcome = command_apply(
        owner=context.user,
        patch=patch,
        now=context.now,
        command_id=command.id,
        source_turn=context.source_turn,
        intent_revision=context.intent_revision,
    )
    result = outcome_result(context, outcome)
    if command.kind == CommandKind.CHANGE and command.target_event is not None:
        result.data.setdefault("previous", event_fact(command.target_event, context.zone))
    return result


def confirm_delete(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    """Carry out a delete the person confirmed; the confirmation was checked before this runs."""
    outcome = command_confirm_delete(owner=context.user, command_id=arguments["command_id"], now=context.now)
    return outcome_result(context, outcome)


def discard_command(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    """Close one named stub of the person's (the card's Cancel button, a declined delete)."""
    try:
        outcome = command_cancel(owner=context.user, command_id=arguments["command_id"], now=context.now)
    except NotFound:
        return ToolResult(Status.NO_ACTIVE_COMMAND)
    if outcome.status != Status.CANCELLED or outcome.already_done:
        return ToolResult(Status.NO_ACTIVE_COMMAND)  # finished or closed already: nothing to cancel
    return outcome_result(context, outcome)


INTERNAL_SPECS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="patch_command",
        description="Merge the slots code read from the person's message into their open stub.",
        parameters={
            **closed_object(
                {
                    "command_id": COMMAND_ID,
                    "title": nullable(text("New title.")),
                    "date": nullable(date_symbol("Date symbol.")),
                    "time": nullable(clock_time("HH:mm.")),
                    "duration_minutes": nullable(integer("Minutes.", 5, 1440)),
                    "raw": {"type": "object", "additionalProperties": {"type": "string"}},
                    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                }
            ),
            "required": ["command_id"],
        },
        terminal=True,
        side_effect="write",
        handler=patch_command,
        internal=True,
        exempt="its values are the patch code read from the person's own reply (every word a slot value or filler)",
        max_lengths={"title": 200, "command_id": 64},
    ),
    ToolSpec(
        name="confirm_delete",
        description="Carry out a confirmed delete.",
        parameters=closed_object({"command_id": COMMAND_ID}),
        terminal=True,
        side_effect="write",
        handler=confirm_delete,
        internal=True,
        exempt="runs only on a yes the person gave to a delete card bound to the current intent revision",
        claim_kind="delete",
        max_lengths={"command_id": 64},
    ),
    ToolSpec(
        name="discard_command",
        description="Close a named stub.",
        parameters=closed_object({"command_id": COMMAND_ID}),
        terminal=True,
        side_effect="state",
        handler=discard_command,
        internal=True,
        exempt="the person's own Cancel button, a declined delete, or a held cancel they confirmed",
        max_lengths={"command_id": 64},
    ),
)
