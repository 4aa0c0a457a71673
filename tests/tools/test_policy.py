"""Write policy is data on the tool: a walk over the registry, not a list of names."""

from __future__ import annotations

import ast
import pathlib

import pytest

from tools.registry import SPECS
from tools.spec import ToolSpec

ROOT = pathlib.Path(__file__).resolve().parents[2]


def unguarded_writes() -> list[str]:
    """Tools that change the person's data (or state) with neither a guard nor a written reason."""
    return [
        name
        for name, spec in SPECS.items()
        if spec.side_effect != "read" and not spec.guarded and len(spec.exempt.split()) < 5
    ]


def test_every_tool_that_writes_is_guarded_or_exempt_with_a_reason() -> None:
    assert unguarded_writes() == []


@pytest.mark.parametrize("spec", SPECS.values(), ids=lambda spec: spec.name)
def test_a_tool_is_guarded_or_exempt_never_both_and_reads_are_neither(spec: ToolSpec) -> None:
    assert not (spec.guarded and spec.exempt), "a guarded tool needs no exemption"
    if spec.side_effect == "read":
        assert not spec.guarded and not spec.exempt and not spec.traced and spec.claim_kind is None


@pytest.mark.parametrize("spec", [spec for spec in SPECS.values() if spec.authority == "values"], ids=lambda spec: spec.name)
def test_a_guard_that_traces_values_knows_every_argument_a_write_takes_from_words(spec: ToolSpec) -> None:
    properties = spec.parameters["properties"]
    assert set(spec.traced) <= set(properties)
    # A title, a text, a fact, a day, a time or a length the model could write from data is traced.
    for name, schema in properties.items():
        pattern = str(schema.get("pattern", ""))
        worded = name in {"title", "text", "fact", "reminder_minutes", "minutes_before"}
        if worded or name in {"date", "time", "end_date"} or ("HH" in str(schema.get("description")) and pattern):
            assert name in spec.traced, f"{spec.name}.{name} is written from words but not traced"


def test_set_reminder_needs_the_persons_authority() -> None:
    spec = SPECS["set_reminder"]
    assert spec.authority == "values" and spec.traced["text"] == "text" and spec.traced["minutes_before"] == "minutes"


def test_untrusted_outputs_are_the_memory_and_the_archive() -> None:
    assert {name for name, spec in SPECS.items() if spec.untrusted_output} == {"search_memory", "search_chat_archive"}


GUARD_MODULES = [
    "assistant/turn/authority.py",
    "assistant/turn/exit.py",
    "assistant/turn/gates.py",
    "assistant/turn/tools.py",
    "assistant/intent/derive.py",
]


@pytest.mark.parametrize("module", GUARD_MODULES)
def test_no_guard_keeps_a_set_of_tool_names(module: str) -> None:
    """A set, frozenset or dict literal holding two or more tool names is a policy list in disguise."""
    tree = ast.parse((ROOT / module).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Set | ast.Dict):
            items = node.elts if isinstance(node, ast.Set) else [key for key in node.keys if key is not None]
            names = [item.value for item in items if isinstance(item, ast.Constant) and item.value in SPECS]
            assert len(names) < 2, f"{module}:{node.lineno} keeps tool names {names}"
