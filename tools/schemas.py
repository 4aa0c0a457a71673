"""Building blocks for closed, OpenAI-strict JSON Schemas.

Strict mode wants every object closed (``additionalProperties: false``) and every property
required; an optional value is a union with null. The date and time patterns are the very
ones ``scheduling.symbols`` resolves with.
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


def text(description: str) -> dict[str, Any]:
    return {"type": "string", "description": description}


def date_symbol(description: str) -> dict[str, Any]:
    return {"type": "string", "pattern": DATE_EXPRESSION_PATTERN, "description": description}


def clock_time(description: str) -> dict[str, Any]:
    return {"type": "string", "pattern": TIME_PATTERN, "description": description}


def integer(description: str, minimum: int, maximum: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": minimum, "maximum": maximum, "description": description}


def choice(description: str, values: list[str]) -> dict[str, Any]:
    return {"type": "string", "enum": values, "description": description}


def event_ref(description: str) -> dict[str, Any]:
    return {"type": "string", "pattern": EVENT_REF_PATTERN, "description": description}


def boolean(description: str) -> dict[str, Any]:
    return {"type": "boolean", "description": description}
