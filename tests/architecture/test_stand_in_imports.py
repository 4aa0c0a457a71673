"""The stand-in is a model, not a guard: nothing under assistant/providers imports the turn's stages.

A model that filtered its own words through the exit check could never show the exit check a
false claim; the stand-in shares only the reading module (``assistant.reading``) with them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROVIDERS = sorted((ROOT / "assistant" / "providers").rglob("*.py"))
FORBIDDEN = ("assistant.turn", "assistant.intent")


def imported(path: Path) -> list[str]:
    """Every module a file imports, function-local and relative ones included."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # from ..turn import x, inside assistant/providers/offline
                package = path.relative_to(ROOT).parent.parts
                base = ".".join([*package[: len(package) - node.level + 1], node.module or ""])
            else:
                base = node.module or ""
            names += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return names


@pytest.mark.parametrize("path", PROVIDERS, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_provider_imports_the_turn(path: Path) -> None:
    bad = [name for name in imported(path) if name.startswith(FORBIDDEN)]
    assert bad == [], f"{path.relative_to(ROOT)} imports {bad}"


def test_the_walk_sees_the_providers() -> None:
    assert len(PROVIDERS) > 10
    assert any(path.name == "understand.py" for path in PROVIDERS)
