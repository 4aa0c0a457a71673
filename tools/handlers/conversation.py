"""Tools over the conversation itself: memory, the chat archive, suspended tasks, the council."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scheduling.commands import command_apply
from tools.context import ToolContext
from tools.handlers.schedule import outcome_result, patch_from_arguments
from tools.spec import Effect, Status, ToolResult

SEARCH_LIMIT = 5


def search_memory(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    # Facts found here are evidence for the model, never instructions and never current state.
    return ToolResult(Status.MEMORY_RESULTS, {"facts": context.memory.search(arguments["query"], SEARCH_LIMIT)})


def remember_fact(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    fact_id = context.memory.remember(arguments.get("topic"), arguments["fact"], context.source_turn)
    return ToolResult(
        Status.REMEMBERED,
        {"topic": arguments.get("topic"), "fact": arguments["fact"]},
        [Effect(kind="remember", model="memory", object_id=fact_id)],
    )


def search_chat_archive(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    return ToolResult(Status.ARCHIVE_RESULTS, {"messages": context.archive.search(arguments["query"], SEARCH_LIMIT)})


def resume_task(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    resumed = context.tasks.resume(arguments.get("task_ref"))
    if resumed is None:
        return ToolResult(Status.NOTHING_TO_RESUME, {"suspended": context.tasks.suspended()})
    patch = patch_from_arguments(arguments)
    command = resumed.get("command")
    if not patch.values() or not command:
        return ToolResult(Status.RESUMED, {"task": resumed})
    # "back to the retro, 4pm": the values said with the resume go into the task at once.
    outcome = command_apply(
        owner=context.user,
        patch=patch,
        now=context.now,
        command_id=command["command_id"],
        source_turn=context.source_turn,
        intent_revision=context.intent_revision,
    )
    result = outcome_result(context, outcome)
    result.data["task"] = resumed
    return result


def offer_planning_consultation(context: ToolContext, arguments: Mapping[str, Any]) -> ToolResult:
    # Only an invitation: the consultation itself starts when an in-time "yes" passes the gate.
    return ToolResult(Status.INVITED, {"days": arguments.get("days") or 7})
