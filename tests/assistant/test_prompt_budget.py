"""The static prefix fits the windows local servers run with, and the lean tool list the model
is shown says everything the validated schema does except what the registry checks itself."""

from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.prompts import SYSTEM_PROMPT
from assistant.providers.profiles import PROFILES, adapt_tools
from assistant.turn.prompt import STATIC_PREFIX_BUDGET, static_prefix_tokens
from scheduling.symbols import DATE_EXPRESSION_PATTERN
from tools.definitions import TOOL_SPECS
from tools.registry import ToolRegistry, openai_tools, strict_tools


def test_the_static_prefix_fits_its_budget() -> None:
    # System prompt + tool list as a chat template renders it: 5,603 tokens before the lean list.
    assert static_prefix_tokens() <= STATIC_PREFIX_BUDGET == 2625


def test_the_budget_counts_the_tool_list_a_local_server_is_sent() -> None:
    for name in ("vllm", "ollama", "llamacpp", "generic"):
        assert static_prefix_tokens(adapt_tools(openai_tools(), PROFILES[name])) == static_prefix_tokens()


def _shape(schema: Any) -> Any:
    """What the model must know of a schema: properties, types, enums, required, descriptions."""
    if isinstance(schema, dict):
        return {
            key: _shape(value)
            for key, value in schema.items()
            if key not in {"pattern", "minimum", "maximum", "additionalProperties"} or isinstance(value, dict)
        }
    if isinstance(schema, list):
        return [_shape(value) for value in schema]
    return schema


@pytest.mark.parametrize("spec", TOOL_SPECS, ids=lambda spec: spec.name)
def test_the_lean_view_leaves_out_only_what_the_registry_checks(spec: Any) -> None:
    lean = spec.openai_tool()["function"]
    assert lean["parameters"] == _shape(spec.parameters)
    assert "strict" not in lean and "pattern" not in json.dumps(lean)
    assert lean["parameters"]["required"] == list(spec.parameters["properties"])


def test_a_strict_server_is_sent_the_whole_schema() -> None:
    sent = adapt_tools(openai_tools(), PROFILES["openai"])
    assert [tool["function"]["name"] for tool in sent] == [tool["function"]["name"] for tool in openai_tools()]
    for tool in sent:
        spec = next(spec for spec in TOOL_SPECS if spec.name == tool["function"]["name"])
        assert tool["function"]["strict"] is True and tool["function"]["parameters"] == spec.parameters
    assert json.dumps(DATE_EXPRESSION_PATTERN) in json.dumps(sent) and sent == list(strict_tools().values())


def test_the_grammar_the_lean_view_leaves_out_is_in_the_system_prompt() -> None:
    for symbol in ("D+0", "D+1", "D-1", "W1..W7", "W5+1", "WE", "WE+1", "MM-DD", "YYYY-MM-DD", "HH:MM"):
        assert symbol in SYSTEM_PROMPT


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        ({"start": "next friday", "end": None, "event_words": None}, "start"),
        ({"start": "D+1", "end": "2026-12-5", "event_words": None}, "end"),
    ],
)
def test_a_value_the_lean_view_would_allow_is_still_turned_away(arguments: dict[str, Any], problem: str) -> None:
    result = ToolRegistry(context=None).execute("query_events", json.dumps(arguments))  # type: ignore[arg-type]
    assert result.status == "invalid_arguments" and result.data["problem"].startswith(problem)


def test_a_number_out_of_bounds_is_still_turned_away() -> None:
    arguments = {"text": "call mum", "event_ref": None, "event_words": None, "minutes_before": 20000, "date": None, "time": None,
                 "repeat": None, "days_before": None, "replaces_last": None}  # fmt: skip
    result = ToolRegistry(context=None).execute("set_reminder", json.dumps(arguments))  # type: ignore[arg-type]
    assert result.status == "invalid_arguments" and "minutes_before" in result.data["problem"]
