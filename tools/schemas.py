"""Building blocks for closed, OpenAI-strict JSON Schemas.

Strict mode wants every object closed (``additionalProperties: false``) and every property
required; an optional value is a union with null. The date and time patterns are the very
ones ``scheduling.symbols`` resolves with.

A tool's schema is the one the registry validates with, patterns included, and the one a server
that enforces strict mode (OpenAI) is sent. Every other server is sent the lean view
(``for_model``): the date-symbol grammar is stated once, in the system prompt, instead of as a
70-token regular expression in every date parameter of every tool, and a value that does not
match is still turned away, with its reason, before any handler runs. A description is given
only where the name and the system prompt do not say it already.
"""

from __future__ import annotations

from typing import Any

from scheduling.symbols import DATE_EXPRESSION_PATTERN, TIME_PATTERN

EVENT_REF_PATTERN = r"^E[0-9]{1,12}$"
TASK_REF_PATTERN = r"^T[0-9]{1,3}$"


def closed_object(properties: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    result = dict(schema)
    kind = result["type"]
    result["type"] = [kind, "null"] if isinstance(kind, str) else [*kind, "null"]
    if "enum" in result:
        result["enum"] = [*result["enum"], None]
    return result


def _described(schema: dict[str, Any], description: str | None) -> dict[str, Any]:
    return schema if description is None else {**schema, "description": description}


def text(description: str | None = None) -> dict[str, Any]:
    return _described({"type": "string"}, description)


def date_symbol(description: str | None = None) -> dict[str, Any]:
    return _described({"type": "string", "pattern": DATE_EXPRESSION_PATTERN}, description)


def clock_time(description: str | None = None) -> dict[str, Any]:
    return _described({"type": "string", "pattern": TIME_PATTERN}, description)


def integer(description: str | None, minimum: int, maximum: int) -> dict[str, Any]:
    return _described({"type": "integer", "minimum": minimum, "maximum": maximum}, description)


def choice(description: str | None, values: list[str]) -> dict[str, Any]:
    return _described({"type": "string", "enum": values}, description)


def event_ref(description: str | None = None) -> dict[str, Any]:
    return _described({"type": "string", "pattern": EVENT_REF_PATTERN}, description)


def boolean(description: str | None = None) -> dict[str, Any]:
    return _described({"type": "boolean"}, description)


# The keywords the lean view leaves out (a property of that name keeps its schema, a dict).
LEAN_OUT = frozenset({"pattern", "minimum", "maximum", "additionalProperties"})


def for_model(schema: Any) -> Any:
    """The schema as a server that does not enforce strict mode is shown it: without ``pattern``
    (checked by the registry, the grammar stated once in the system prompt) and without
    ``additionalProperties`` (the registry rejects an unknown property all the same)."""
    if isinstance(schema, dict):
        return {
            key: for_model(value)
            for key, value in schema.items()
            if not (key in LEAN_OUT and not isinstance(value, dict))
        }
    if isinstance(schema, list):
        return [for_model(value) for value in schema]
    return schema
