"""The README's configuration table names every environment variable the settings read, and no
variable they do not: the table stays true as settings come and go."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ROOT / "assistant" / "settings.py"
README = ROOT / "README.md"
# The settings' own readers (env_str, env_int, ...) and the standard library's.
READERS = re.compile(r"^(env_[a-z]+|os\.environ\.get|os\.getenv|os\.environ\.setdefault)$")


def names_read(source: str) -> set[str]:
    tree = ast.parse(source)
    # Inside the readers themselves (env_int(name) reads os.environ.get(name)) the name is a parameter.
    parameters = {
        id(node.args[0])
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name)
        and node.args[0].id in {argument.arg for argument in function.args.args}
    }  # fmt: skip
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and READERS.match(ast.unparse(node.func)) and node.args:
            first = node.args[0]
            if id(first) in parameters:
                continue
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                f"line {node.lineno}: a variable's name is a literal, so it can be documented"
            )
            names.add(first.value)
        elif isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ":
            assert isinstance(node.slice, ast.Constant), f"line {node.lineno}: a literal name"
            names.add(str(node.slice.value))
    return names


def names_documented(readme: str) -> set[str]:
    section = readme.split("\n## Configuration\n", 1)[1].split("\n#", 1)[0]
    names: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            names |= set(re.findall(r"`([A-Z][A-Z0-9_]*)`", line.split("|")[1]))
    return names


def test_the_walk_finds_every_kind_of_read() -> None:
    source = (
        'def env_int(name, default):\n    return int(os.environ.get(name, default))\n'
        'A = env_int("ONE", 1)\nB = os.environ.get("TWO")\nC = os.environ["THREE"]\nD = env_bool("FOUR")\n'
    )
    assert names_read(source) == {"ONE", "TWO", "THREE", "FOUR"}


def test_every_variable_the_settings_read_is_in_the_readme_table() -> None:
    missing = names_read(SETTINGS.read_text()) - names_documented(README.read_text())
    assert not missing, f"add these to README.md's configuration table: {sorted(missing)}"


def test_the_readme_table_names_only_variables_that_are_read() -> None:
    product = {*names_read(SETTINGS.read_text()), "REMINDER_TICKER"}  # read by scheduling/apps.py
    stale = names_documented(README.read_text()) - product
    assert not stale, f"README.md documents variables nothing reads: {sorted(stale)}"
