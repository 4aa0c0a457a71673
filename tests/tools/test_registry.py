"""The tool contract: closed strict schemas, no way to name a person, validation at execution."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

import pytest

from assistant.prompts import SYSTEM_PROMPT
from scheduling.symbols import DATE_EXPRESSION_PATTERN, TIME_PATTERN
from tools.definitions import TOOL_SPECS
from tools.registry import SPECS, ToolRegistry, openai_tools, parse_arguments

FORBIDDEN = {
    "user",
    "user_id",
    "userid",
    "owner",
    "owner_id",
    "email",
    "account",
    "account_id",
    "person",
    "person_id",
    "username",
    "customer",
    "member",
    "uid",
    "profile",
    "tenant",
}


def walk(schema: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    yield path, schema
    for name, child in (schema.get("properties") or {}).items():
        yield from walk(child, f"{path}/{name}")
    if isinstance(schema.get("items"), dict):
        yield from walk(schema["items"], f"{path}[]")


@pytest.mark.parametrize("spec", TOOL_SPECS, ids=lambda spec: spec.name)
def test_every_schema_is_closed_and_strict(spec: Any) -> None:
    for path, node in walk(spec.parameters):
        types = node.get("type")
        if types == "object" or (isinstance(types, list) and "object" in types):
            assert node.get("additionalProperties") is False, f"{spec.name}{path} is open"
            assert sorted(node.get("required", [])) == sorted(node.get("properties", {})), (
                f"{spec.name}{path}: strict mode needs every property required"
            )
        assert "maxLength" not in node and "default" not in node, (
            f"{spec.name}{path} uses a keyword strict mode rejects"
        )
    assert spec.openai_tool(strict=True)["function"]["strict"] is True
    assert callable(spec.handler)


def test_internal_tools_are_never_offered_to_the_model_nor_run_for_it() -> None:
    internal = {name for name, spec in SPECS.items() if spec.internal}
    assert internal == {"patch_command", "confirm_delete", "discard_command"}
    offered = {tool["function"]["name"] for tool in openai_tools()}
    assert not internal & offered
    registry = ToolRegistry(context=None)  # type: ignore[arg-type]
    for name in internal:
        assert registry.execute(name, "{}").status == "unknown_tool"


@pytest.mark.parametrize("spec", TOOL_SPECS, ids=lambda spec: spec.name)
def test_no_schema_can_name_a_person_or_account(spec: Any) -> None:
    for path, _node in walk(spec.parameters):
        name = path.rsplit("/", 1)[-1].lower()
        assert name not in FORBIDDEN, f"{spec.name} has a property {path!r} that could name a person"
        assert not any(word in name for word in ("user", "owner", "email", "account")), path


def test_date_and_time_properties_use_the_symbol_patterns() -> None:
    patterns = {
        node.get("pattern") for spec in TOOL_SPECS for _path, node in walk(spec.parameters) if node.get("pattern")
    }
    assert DATE_EXPRESSION_PATTERN in patterns and TIME_PATTERN in patterns


def test_the_tool_list_is_the_same_object_every_time() -> None:
    assert openai_tools() is openai_tools()


def static_prefix() -> bytes:
    """The static prefix every request starts with, the system message and then the tool list,
    as UTF-8 JSON: what a server's prefix cache keys on (each turn's request is checked to start
    with exactly this in tests/assistant/test_pipeline.py)."""
    system = {"role": "system", "content": SYSTEM_PROMPT}
    return json.dumps([system, openai_tools()], ensure_ascii=False, separators=(",", ":")).encode()


# Pinned: a change here is a change of every request's prefix (see the failure message).
PINNED_PREFIX_SHA256 = "75dd460c0501ed7fef1d89f78275318406f2ff628005cdd7065afb14b94ebfd8"
PINNED_PREFIX_BYTES = 9022


def test_the_static_prefix_is_pinned_byte_for_byte() -> None:
    prefix = static_prefix()
    digest = hashlib.sha256(prefix).hexdigest()
    assert (digest, len(prefix)) == (PINNED_PREFIX_SHA256, PINNED_PREFIX_BYTES), (
        "The static prefix (system prompt + tool list) changed, so every server's prefix cache misses once "
        "for every person after the deploy, and the token budget test should be looked at too. If the change "
        "is meant, pin it in tests/tools/test_registry.py:\n"
        f"PINNED_PREFIX_SHA256 = {digest!r}\nPINNED_PREFIX_BYTES = {len(prefix)}"
    )


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        ('{"title": "x", "date": "D+1", "time": "15:00", "duration_minutes": null}', "command_id"),
        (
            '{"title": "x", "date": "tomorrow", "time": "15:00", "duration_minutes": null, "command_id": null, "allow_overlap": null, "all_day": null, "end_date": null, "recurrence": null, "reminder_minutes": null, "busy": null}',
            "date",
        ),
        (
            '{"title": "x", "date": "D+1", "time": "3pm", "duration_minutes": null, "command_id": null, "allow_overlap": null, "all_day": null, "end_date": null, "recurrence": null, "reminder_minutes": null, "busy": null}',
            "time",
        ),
        (
            '{"title": "x", "date": "D+1", "time": "15:00", "duration_minutes": 0, "command_id": null, "allow_overlap": null, "all_day": null, "end_date": null, "recurrence": null, "reminder_minutes": null, "busy": null}',
            "duration_minutes",
        ),
        (
            '{"title": "x", "date": "D+1", "time": "15:00", "duration_minutes": null, "command_id": null, "allow_overlap": null, "all_day": null, "end_date": null, "recurrence": null, "reminder_minutes": null, "busy": null, "user_id": 2}',
            "Additional properties",
        ),
        (
            '{"title": "'
            + "x" * 201
            + '", "date": null, "time": null, "duration_minutes": null, "command_id": null, "allow_overlap": null, "all_day": null, "end_date": null, "recurrence": null, "reminder_minutes": null, "busy": null}',
            "at most 200",
        ),
        ('{"title": ', "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
    ],
)
def test_arguments_are_validated_with_the_same_schema(arguments: str, problem: str) -> None:
    result = parse_arguments("schedule_event", arguments)
    assert isinstance(result, str) and problem in result


def test_unknown_tools_are_refused() -> None:
    assert "no tool named" in str(parse_arguments("drop_database", "{}"))


def test_whole_floats_become_integers_and_fractions_are_refused() -> None:
    base = '{"title": "x", "date": "D+1", "time": "15:00", "command_id": null, "allow_overlap": null, "all_day": null, "end_date": null, "recurrence": null, "reminder_minutes": null, "busy": null, "duration_minutes": %s}'
    parsed = parse_arguments("schedule_event", base % "90.0")
    assert isinstance(parsed, dict) and parsed["duration_minutes"] == 90 and isinstance(parsed["duration_minutes"], int)
    assert "whole number" in str(parse_arguments("schedule_event", base % "90.5"))
