"""The import graph of the production packages: dependencies point one way and nothing is circular.

Every import counts, function-local ones and those for type checking only included (a cycle
hidden inside a function or behind ``TYPE_CHECKING`` is still a cycle: the two modules cannot be
read, or changed, apart). The layers, lowest first: catalogue -> scheduling -> tools ->
assistant -> evals (the catalogue, the product's words in both languages, imports nothing of the
product). Inside ``assistant/``, the model providers never import the turn (a model, the offline
stand-in included, proposes; it does not use the guards), and the turn never imports the web
layer (the API and the pages call the turn, not the other way round).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("catalogue", "scheduling", "tools", "assistant", "evals")
LAYER = {name: index for index, name in enumerate(PACKAGES)}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" not in path.parts:
                found[_module_name(path)] = path
    return found


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            candidates = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for candidate in candidates:
            # The longest known module the import names (a name imported from a module is not one).
            while candidate and candidate not in known:
                candidate = candidate.rpartition(".")[0]
            if candidate and candidate != name:
                targets.add(candidate)
    return targets


@functools.cache
def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(path, name, known) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    # A package's __init__ re-exporting its own modules is not a cycle of behaviour.
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target.startswith(node + "."):
                continue
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if state.get(target) is None and (found := visit(target)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if state.get(node) is None and (found := visit(node)):
            return found
    return None


def test_dependencies_point_one_way() -> None:
    wrong = sorted(
        f"{source} imports {target}"
        for source, targets in import_graph().items()
        for target in targets
        if LAYER[target.split(".")[0]] > LAYER[source.split(".")[0]]
    )
    assert wrong == []


def test_no_module_imports_itself_in_a_circle() -> None:
    cycle = _cycle(import_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_the_checker_finds_a_cycle_and_a_wrong_direction(tmp_path: Path) -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    sample = ROOT / "tools" / "spec.py"
    assert "scheduling.symbols" not in _imports(sample, "tools.spec", set(_modules()))
    # An import for type checking only is an import all the same.
    typed = tmp_path / "typed.py"
    typed.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from evals.runner import TurnRecord\n")
    assert _imports(typed, "evals.checks", set(_modules())) == {"evals.runner"}


# Inside assistant/: (importer, imported it must not import, why).
SUB_LAYERS = [
    ("assistant.providers", "assistant.turn", "a model proposes; the turn's stages guard what it proposes"),
    ("assistant.turn", "assistant.api", "the API calls the turn, never the other way round"),
    ("assistant.turn", "assistant.web", "the pages call the turn, never the other way round"),
    ("assistant.intent", "assistant.turn", "the intent state is below the turn that applies it"),
]


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _crossings(importer: str, imported: str) -> list[str]:
    return sorted(
        f"{source} imports {target}"
        for source, targets in import_graph().items()
        if _inside(source, importer)
        for target in targets
        if _inside(target, imported)
    )


@pytest.mark.parametrize(
    ("importer", "imported", "why"),
    [
        *SUB_LAYERS,
    ],
)
def test_sub_layers_inside_assistant(importer: str, imported: str, why: str) -> None:
    assert _crossings(importer, imported) == [], why


def test_the_sub_layer_check_sees_a_crossing() -> None:
    assert "assistant.turn.pipeline imports assistant.turn.exit" in _crossings(
        "assistant.turn.pipeline", "assistant.turn.exit"
    )
    assert _crossings("assistant.turn", "assistant.api") == []


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_is_seen(package: str) -> None:
    assert any(name.startswith(package) for name in import_graph())


def _names_imported(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.add(node.module or "")
    return names


def _imports_tests(source: str) -> bool:
    return any(name == "tests" or name.startswith("tests.") for name in _names_imported(source))


def test_no_production_module_or_script_imports_the_tests() -> None:
    files = [path for package in (*PACKAGES, "scripts") for path in (ROOT / package).rglob("*.py")]
    wrong = sorted(str(path.relative_to(ROOT)) for path in files if _imports_tests(path.read_text()))
    assert wrong == []
    # The checker sees what the phrase benchmark once did, and passes a look-alike name.
    assert _imports_tests("def main():\n    from tests.reading.test_phrases_corpora import judge\n")
    assert not _imports_tests("import testsuite\nfrom evals.phrase_corpora import judge\n")
