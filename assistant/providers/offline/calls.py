"""Building the one tool call a response carries, against the tool list the request offers, and
the stand-in's own lines (``catalogue.STAND_IN``) with the person's words made safe to quote.

Like a real model, the stand-in can only call a tool it was shown, and fills every property of
that tool's schema (strict mode: all required, unknown ones null). A value that would not pass
the schema's pattern is left null, so the server asks for it instead of rejecting the call.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import catalogue
from assistant.providers.base import ModelResponse, ToolCall
from assistant.providers.offline.reading import Turn

_SENTENCE_ENDS = str.maketrans(dict.fromkeys(".!?。！？\n", " "))
# Placeholders holding the person's own words (quotes of facts and history are vetted whole instead).
_THEIR_WORDS = frozenset({"title", "subject"})


def say(key: str, language: str, **values: str) -> str:
    """A fixed line with the person's words filled in. Their words lose sentence punctuation, so a
    title like "done. booked" can never become a sentence of its own inside our reply."""
    safe = {
        name: " ".join(value.translate(_SENTENCE_ENDS).split()) if name in _THEIR_WORDS else value
        for name, value in values.items()
    }
    return catalogue.text(key, language, **safe)


def _offered(tools: Sequence[dict[str, Any]], name: str) -> dict[str, Any] | None:
    for tool in tools:
        function = tool.get("function") or {}
        if function.get("name") == name:
            parameters = function.get("parameters") or {}
            return parameters if isinstance(parameters, dict) else {}
    return None


def _fits(schema: dict[str, Any], value: Any) -> bool:
    if value is None:
        return True
    pattern = schema.get("pattern")
    if pattern and not (isinstance(value, str) and re.search(pattern, value)):
        return False
    if isinstance(value, int) and not isinstance(value, bool):
        return bool(schema.get("minimum", value) <= value <= schema.get("maximum", value))
    enum = schema.get("enum")
    return not enum or value in enum


def text(content: str) -> ModelResponse:
    return ModelResponse(text=content)


def call(turn: Turn, tools: Sequence[dict[str, Any]], name: str, **arguments: Any) -> ModelResponse:
    parameters = _offered(tools, name)
    if parameters is None:
        return text(say("no_such_tool", turn.language))
    properties: dict[str, Any] = parameters.get("properties") or {}
    filled = {
        key: (arguments.get(key) if _fits(schema, arguments.get(key)) else None) for key, schema in properties.items()
    }
    # Ids count the calls already in this turn, so the same request always gets the same id.
    tool_call = ToolCall(
        id=f"offline_call_{turn.calls_so_far + 1}",
        name=name,
        arguments=json.dumps(filled, ensure_ascii=False),
    )
    return ModelResponse(tool_calls=[tool_call])
