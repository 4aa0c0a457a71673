"""A short "yes" that answers the one question a stub asks that a yes can settle: "1 Dec has
passed — 1 Dec 2027?". It is state, not a marker on a message: the stub offers exactly one day."""

from __future__ import annotations

import re

from assistant.turn.context import Reply, TurnContext
from assistant.turn.tools import reply_for, run_code_tool
from scheduling.models import CommandStatus

# "delete it" reads as a yes to a delete question; it never accepts a day.
_NOT_A_DAY = re.compile(r"delete|remove|cancel|删|取消", re.IGNORECASE)


def bare_answer(context: TurnContext, answer: str) -> Reply | None:
    """The reply to a "yes" for the stub's one-day question, or None to let the turn go on (a
    "yes" with nothing pending reaches the model, which says so: it never reads as done)."""
    command = context.active_command
    if answer != "yes" or command is None or _NOT_A_DAY.search(context.text):
        return None
    return _accept_offered_day(context) if _asks_one_day(command.status, command.candidates) else None


def _asks_one_day(status: str, candidates: list[object]) -> bool:
    # A stub offers a single day only when it asks whether a passed date means next year's.
    return status == CommandStatus.NEEDS_DATE and len(candidates) == 1 and isinstance(candidates[0], str)


def _accept_offered_day(context: TurnContext) -> Reply:
    command = context.active_command
    assert command is not None
    context.route = "confirmation"
    day = str(command.candidates[0])
    tool = "schedule_event" if command.kind == "create" else "change_event"
    arguments = {"command_id": str(command.id), "date": day, "raw": {"date": context.text}}
    result = run_code_tool(context, "patch_command", arguments, recorded_as=tool, route="confirmation")
    return reply_for(context, tool, result)
