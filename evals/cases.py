"""Loading eval cases (format: evals/CASES.md), validated against a JSON Schema."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

FORMAT_VERSION = 1
BUILTIN_CASES = Path(__file__).resolve().parent / "cases"
MODES = ("offline", "live")

_EVENT: dict[str, Any] = {
    "type": "object",
    "properties": {"title": {"type": "string"}, "start": {"type": "string"}, "minutes": {"type": "integer"}},
    "required": ["title", "start"],
    "additionalProperties": False,
}
_EVENT_EXPECT: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string"},
        "title_contains": {"type": "string"},
        "start": {"type": "string"},
        "minutes": {"type": "integer"},
    },
    "additionalProperties": False,
}
_TURN_EXPECT = {
    "type": "object",
    "properties": {
        "route": {"enum": ["model", "fast_path", "confirmation", "council", "error"]},
        "tools": {"type": "array", "items": {"type": "string"}},
        "statuses": {"type": "array", "items": {"type": "string"}},
        "model_calls": {"type": "integer"},
        "flags": {"type": "array", "items": {"type": "string"}},
        "flags_include": {"type": "array", "items": {"type": "string"}},
        "reply_includes": {"type": "array", "items": {"type": "string"}},
        "reply_excludes": {"type": "array", "items": {"type": "string"}},
        "events_count": {"type": "integer"},
        "write": {"type": "boolean"},
    },
    "additionalProperties": False,
}
_REMINDER_EXPECT: dict[str, Any] = {
    "type": "object",
    "properties": {
        "text": {"type": "string"},
        "text_contains": {"type": "string"},
        "at": {"type": ["string", "null"]},  # local wall-clock time of a reminder on its own
        "minutes_before": {"type": ["integer", "null"]},
        "event_title": {"type": ["string", "null"]},
        "rrule": {"type": ["string", "null"]},  # a repeating reminder's rule ("FREQ=DAILY"); null: it does not repeat
    },
    "additionalProperties": False,
}
CASE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string", "minLength": 1},
        "group": {"type": "string"},
        "description": {"type": "string"},
        "modes": {"type": "array", "items": {"enum": list(MODES)}},
        "known_issue": {"type": "string", "minLength": 1},
        "setup": {
            "type": "object",
            "properties": {
                "now": {"type": "string"},
                "zone": {"type": "string"},
                "language": {"enum": ["en", "zh"]},
                "working_hours": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
                "events": {
                    "type": "array",
                    "items": {
                        **_EVENT,
                        "properties": {
                            **_EVENT["properties"],
                            "minutes": {"type": "integer"},
                            "rrule": {"type": "string"},
                            "notes": {"type": "string"},  # data on the event, e.g. an injected instruction
                            "source": {"enum": ["chat", "import"]},  # "import": from a calendar file
                        },
                    },
                },
                "other_people_events": {"type": "array", "items": _EVENT},
                "archive": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "role": {"enum": ["user", "assistant"]},
                            "text": {"type": "string"},
                            "at": {"type": "string"},
                            "thread": {"enum": ["same", "other"]},
                        },
                        "required": ["role", "text", "at"],
                        "additionalProperties": False,
                    },
                },
                "memory": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "topic": {"type": "string"},
                            "fact": {"type": "string"},
                            "source": {"enum": ["user", "inferred"]},
                        },
                        "required": ["fact"],
                        "additionalProperties": False,
                    },
                },
                "active_command": {
                    "type": "object",
                    "properties": {
                        "title": {"type": ["string", "null"]},
                        "date": {"type": ["string", "null"]},
                        "time": {"type": ["string", "null"]},
                        "duration_minutes": {"type": ["integer", "null"]},
                    },
                    "additionalProperties": False,
                },
            },
            "additionalProperties": False,
        },
        "turns": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "properties": {
                    "user": {"type": "string"},
                    "action": {"enum": ["confirm", "keep", "cancel_card"]},
                    "after_minutes": {"type": "number", "minimum": 0},
                    "model": {"type": "array", "items": {"type": "object"}},
                    "expect": _TURN_EXPECT,
                },
                "oneOf": [{"required": ["user"]}, {"required": ["action"]}],
                "additionalProperties": False,
            },
        },
        "expect": {
            "type": "object",
            "properties": {
                "events": {"type": "array", "items": _EVENT_EXPECT},
                "events_count": {"type": "integer"},
                "forbid_events": {"type": "array", "items": _EVENT_EXPECT},
                "commands": {"type": "array", "items": {"type": "object"}},
                "intent": {"type": "object"},
                "memory": {"type": "array", "items": {"type": "object"}},
                "reminders": {"type": "array", "items": _REMINDER_EXPECT},
                "reminders_count": {"type": "integer", "minimum": 0},
                "pending_confirmation": {"type": "boolean"},
                "other_people_untouched": {"type": "boolean"},
            },
            "additionalProperties": False,
        },
    },
    "required": ["id", "turns"],
    "additionalProperties": False,
}
FILE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "version": {"const": FORMAT_VERSION},
        "group": {"type": "string"},
        "description": {"type": "string"},
        "cases": {"type": "array", "items": CASE_SCHEMA},
    },
    "required": ["version", "cases"],
    "additionalProperties": False,
}
_VALIDATOR = Draft202012Validator(FILE_SCHEMA)


class CaseFileError(ValueError):
    pass


@dataclass(frozen=True)
class Case:
    id: str
    group: str
    source: str
    turns: list[dict[str, Any]]
    setup: dict[str, Any] = field(default_factory=dict)
    expect: dict[str, Any] = field(default_factory=dict)
    description: str = ""
    modes: tuple[str, ...] = MODES
    known_issue: str | None = None

    @property
    def is_trajectory(self) -> bool:
        return self.group.startswith("trajectory")


def _files(paths: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in {".yaml", ".yml", ".json"}))
        elif path.is_file():
            found.append(path)
        else:
            raise CaseFileError(f"{path}: no such file or folder")
    return found


def _complete_arguments(turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A scripted call may leave out a nullable property added after the case was written."""
    from tools.registry import with_nulls

    for turn in turns:
        for output in (one for said in turn.get("model") or [] for one in said.get("calls") or [said]):
            if isinstance(output.get("arguments"), dict):
                output["arguments"] = with_nulls(str(output.get("tool")), output["arguments"])
    return turns


def load_file(path: Path) -> list[Case]:
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except (OSError, ValueError, yaml.YAMLError) as error:
        raise CaseFileError(f"{path}: cannot read: {error}") from error
    errors = sorted(_VALIDATOR.iter_errors(data), key=lambda error: list(error.absolute_path))
    if errors:
        where = "/".join(str(part) for part in errors[0].absolute_path)
        raise CaseFileError(f"{path}: {where or '(top)'}: {errors[0].message[:300]}")
    group = data.get("group", path.stem)
    return [
        Case(
            id=raw["id"],
            group=raw.get("group", group),
            source=str(path),
            turns=_complete_arguments(raw["turns"]),
            setup=raw.get("setup", {}),
            expect=raw.get("expect", {}),
            description=raw.get("description", ""),
            modes=tuple(raw.get("modes", MODES)),
            known_issue=raw.get("known_issue"),
        )
        for raw in data["cases"]
    ]


def load_cases(paths: Sequence[Path | str] | None = None) -> list[Case]:
    cases: list[Case] = []
    for path in _files([Path(p) for p in (paths or [BUILTIN_CASES])]):
        cases.extend(load_file(path))
    seen: dict[str, str] = {}
    for case in cases:
        if case.id in seen:
            raise CaseFileError(f"case id {case.id!r} appears in {seen[case.id]} and {case.source}")
        seen[case.id] = case.source
    return cases
