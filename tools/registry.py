"""The registry: static tool list for the model, per-request handlers bound to one person."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from jsonschema import Draft202012Validator

from scheduling.errors import ValidationFailed
from scheduling.symbols import InvalidExpression
from scheduling.text import clean_json, is_blank
from tools.context import ToolContext
from tools.definitions import TOOL_SPECS
from tools.internal import INTERNAL_SPECS
from tools.spec import Status, ToolResult, ToolSpec

SPECS: dict[str, ToolSpec] = {spec.name: spec for spec in (*TOOL_SPECS, *INTERNAL_SPECS)}
_VALIDATORS = {name: Draft202012Validator(spec.parameters) for name, spec in SPECS.items()}
MAX_ARGUMENT_BYTES = 8192


@functools.cache
def openai_tools() -> tuple[dict[str, Any], ...]:
    """The tool list sent to the model: the same objects, in the same order, every time."""
    return tuple(spec.openai_tool() for spec in TOOL_SPECS if not spec.internal)


@functools.cache
def strict_tools() -> dict[str, dict[str, Any]]:
    """Each offered tool as a server that enforces strict mode is sent it, by name."""
    return {spec.name: spec.openai_tool(strict=True) for spec in TOOL_SPECS if not spec.internal}


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
    # Required means required: a call that leaves a property out is malformed, exactly as the
    # schema says (the model gets the retry hop), never read as if it had sent null.
    arguments = clean_arguments(spec, arguments)
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


def is_write(name: str) -> bool:
    spec = SPECS.get(name)
    return spec is not None and spec.side_effect != "read"


def spec_for(name: str) -> ToolSpec | None:
    """The spec (and so the policy) of a tool by name; None for a name no tool has."""
    return SPECS.get(name)


def claim_kind(name: str) -> str | None:
    spec = SPECS.get(name)
    return spec.claim_kind if spec else None


def with_nulls(name: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """``arguments`` with every nullable property it leaves out set to null, the way a strict-mode
    model sends them: scripted outputs written before a property existed stay valid."""
    completed = dict(arguments)
    spec = SPECS.get(name)
    for field, schema in (spec.parameters.get("properties", {}) if spec else {}).items():
        kinds = schema.get("type")
        if field not in completed and isinstance(kinds, list) and "null" in kinds:
            completed[field] = None
    return completed


def clean_arguments(spec: ToolSpec, arguments: dict[str, Any]) -> dict[str, Any]:
    """Every string cleaned (``scheduling.text``); a blank one where null is allowed is null.

    A title of zero-width characters only is no title: the stub asks for one instead of
    storing an invisible event.
    """
    cleaned: dict[str, Any] = clean_json(arguments)
    for field, schema in spec.parameters.get("properties", {}).items():
        value = cleaned.get(field)
        kinds = schema.get("type")
        if isinstance(value, str) and is_blank(value) and "null" in (kinds if isinstance(kinds, list) else [kinds]):
            cleaned[field] = None
    return cleaned


class ToolRegistry:
    """Handlers closed over one request's context; the model never sees the context.

    The model may call only the tools it is offered; the turn's own stages may also call the
    internal ones (``internal=True``), whose arguments come from code.
    """

    def __init__(self, context: ToolContext) -> None:
        self.context = context

    def execute(self, name: str, raw_arguments: str | Mapping[str, Any], *, internal: bool = False) -> ToolResult:
        spec = SPECS.get(name)
        if spec is None or (spec.internal and not internal):
            return ToolResult(Status.UNKNOWN_TOOL, {"problem": f"there is no tool named {name!r}"})
        arguments = parse_arguments(name, raw_arguments)
        if isinstance(arguments, str):
            return ToolResult(Status.INVALID_ARGUMENTS, {"problem": arguments})
        try:
            return spec.handler(self.context, arguments)
        except InvalidExpression as error:
            return ToolResult(Status.INVALID_EXPRESSION, {"problem": str(error)})
        except ValidationFailed as error:
            return ToolResult(Status.INVALID_ARGUMENTS, {"problem": error.message})
