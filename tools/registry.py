"""The registry: static tool list for the model, per-request handlers bound to one person."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any

from jsonschema import Draft202012Validator

from scheduling.errors import ValidationFailed
from scheduling.symbols import InvalidExpression
from tools.context import ToolContext
from tools.definitions import TOOL_SPECS
from tools.handlers import conversation, events, reminders, schedule
from tools.spec import Status, ToolResult, ToolSpec

HANDLERS: dict[str, Callable[[ToolContext, Mapping[str, Any]], ToolResult]] = {
    "schedule_event": schedule.schedule_event,
    "query_events": events.query_events,
    "suggest_slots": events.suggest_slots,
    "cancel_command": schedule.cancel_command,
    "change_event": events.change_event,
    "delete_event": events.delete_event,
    "search_memory": conversation.search_memory,
    "remember_fact": conversation.remember_fact,
    "search_chat_archive": conversation.search_chat_archive,
    "resume_task": conversation.resume_task,
    "offer_planning_consultation": conversation.offer_planning_consultation,
    "set_reminder": reminders.set_reminder,
}
SPECS: dict[str, ToolSpec] = {spec.name: spec for spec in TOOL_SPECS}
_VALIDATORS = {spec.name: Draft202012Validator(spec.parameters) for spec in TOOL_SPECS}
MAX_ARGUMENT_BYTES = 8192


@functools.cache
def openai_tools() -> tuple[dict[str, Any], ...]:
    """The tool list sent to the model: the same objects, in the same order, every time."""
    return tuple(spec.openai_tool() for spec in TOOL_SPECS)


def is_terminal(name: str) -> bool:
    spec = SPECS.get(name)
    return spec is None or spec.terminal


def parse_arguments(name: str, raw: str | Mapping[str, Any]) -> dict[str, Any] | str:
    """Validated arguments, or a message saying what is wrong with them."""
    spec = SPECS.get(name)
    if spec is None:
        return f"there is no tool named {name!r}"
    if isinstance(raw, str):
        if len(raw.encode()) > MAX_ARGUMENT_BYTES:
            return "arguments are too long"
        try:
            arguments = json.loads(raw or "{}")
        except json.JSONDecodeError as error:
            return f"arguments are not valid JSON: {error.msg}"
    else:
        arguments = dict(raw)
    if not isinstance(arguments, dict):
        return "arguments must be a JSON object"
    for field in spec.absent_is_null:
        arguments.setdefault(field, None)
    for field, schema in spec.parameters.get("properties", {}).items():
        value = arguments.get(field)
        kinds = schema.get("type")
        # JSON Schema counts 90.0 as an integer; the server keeps integers as integers.
        if isinstance(value, float) and "integer" in (kinds if isinstance(kinds, list) else [kinds]):
            if not value.is_integer():
                return f"{field}: {value} is not a whole number"
            arguments[field] = int(value)
    errors = sorted(_VALIDATORS[name].iter_errors(arguments), key=lambda error: list(error.path))
    if errors:
        where = "/".join(str(part) for part in errors[0].path) or "(root)"
        return f"{where}: {errors[0].message}"[:300]
    for field, limit in spec.max_lengths.items():
        value = arguments.get(field)
        if isinstance(value, str) and len(value) > limit:
            return f"{field}: at most {limit} characters"
    return arguments


class ToolRegistry:
    """Handlers closed over one request's context; the model never sees the context."""

    def __init__(self, context: ToolContext) -> None:
        self.context = context
        self._handlers = {name: functools.partial(handler, context) for name, handler in HANDLERS.items()}

    def execute(self, name: str, raw_arguments: str | Mapping[str, Any]) -> ToolResult:
        if name not in self._handlers:
            return ToolResult(Status.UNKNOWN_TOOL, {"problem": f"there is no tool named {name!r}"})
        arguments = parse_arguments(name, raw_arguments)
        if isinstance(arguments, str):
            return ToolResult(Status.INVALID_ARGUMENTS, {"problem": arguments})
        try:
            return self._handlers[name](arguments)
        except InvalidExpression as error:
            return ToolResult(Status.INVALID_EXPRESSION, {"problem": str(error)})
        except ValidationFailed as error:
            return ToolResult(Status.INVALID_ARGUMENTS, {"problem": error.message})
