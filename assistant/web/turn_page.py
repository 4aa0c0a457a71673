"""A turn trace as a reviewer reads it: a waterfall drawn to scale, the calls as a table, the intent
transitions in words, and where to go next (thread, command, event).

Everything here is computed from the stored trace; the SVG is built from numbers and escaped
labels only, so no message or model text can become markup.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from assistant.models import IntentTransition, TurnTrace
from scheduling.models import CommandChange, Event, ScheduleCommand

SEGMENT_LABELS = {
    "archive_ms": "archive",
    "prompt_build_ms": "prompt build",
    "llm_ttft_ms": "first token",
    "llm_tool_complete_ms": "tool call complete",
    "tool_execute_ms": "tool execution",
    "response_complete_ms": "whole reply",
}
SEGMENT_COLOURS = {
    "archive_ms": "#8a94a6",
    "prompt_build_ms": "#6b8fd6",
    "llm_ttft_ms": "#9a6bd6",
    "llm_tool_complete_ms": "#c56bd6",
    "tool_execute_ms": "#d6a04b",
    "response_complete_ms": "#3f9d6b",
}
CHART_WIDTH = 820
LABEL_WIDTH = 150
VALUE_WIDTH = 80
ROW_HEIGHT = 26
DIGEST_SHOWN = 12


def format_ms(value: float) -> str:
    """Milliseconds a person can read: one decimal below 10 ms, whole numbers above."""
    if value <= 0:
        return "0 ms"
    if value < 10:
        return f"{value:.1f} ms"
    return f"{round(value):,} ms"


@dataclass(frozen=True)
class Segment:
    name: str
    label: str
    start: float
    length: float

    @property
    def caption(self) -> str:
        return format_ms(self.length)


def segments(trace: TurnTrace) -> list[Segment]:
    """Each stage placed where it ran: the model's segments start when the prompt is built,
    tool execution after the tool call completed; the whole reply spans the turn."""
    archive = trace.archive_ms
    prompt = trace.prompt_build_ms
    model_start = archive + prompt
    tool_start = model_start + trace.llm_tool_complete_ms
    return [
        Segment("archive_ms", SEGMENT_LABELS["archive_ms"], 0.0, archive),
        Segment("prompt_build_ms", SEGMENT_LABELS["prompt_build_ms"], archive, prompt),
        Segment("llm_ttft_ms", SEGMENT_LABELS["llm_ttft_ms"], model_start, trace.llm_ttft_ms),
        Segment(
            "llm_tool_complete_ms", SEGMENT_LABELS["llm_tool_complete_ms"], model_start, trace.llm_tool_complete_ms
        ),
        Segment("tool_execute_ms", SEGMENT_LABELS["tool_execute_ms"], tool_start, trace.tool_execute_ms),
        Segment("response_complete_ms", SEGMENT_LABELS["response_complete_ms"], 0.0, trace.response_complete_ms),
    ]


def waterfall_svg(parts: list[Segment]) -> str:
    span = max((part.start + part.length for part in parts), default=0.0) or 1.0
    track = CHART_WIDTH - LABEL_WIDTH - VALUE_WIDTH
    height = 24 + len(parts) * ROW_HEIGHT
    out = [
        f'<svg class="waterfall" role="img" aria-label="time per segment, to scale" viewBox="0 0 {CHART_WIDTH} {height}" '
        f'width="{CHART_WIDTH}" height="{height}" xmlns="http://www.w3.org/2000/svg">'
    ]
    for tick in range(5):
        x = LABEL_WIDTH + track * tick / 4
        out.append(
            f'<line x1="{x:.1f}" y1="0" x2="{x:.1f}" y2="{height - 18}" stroke="#e3e6ec" stroke-width="1"></line>'
        )
        anchor = "start" if tick == 0 else "end" if tick == 4 else "middle"
        out.append(
            f'<text x="{x:.1f}" y="{height - 4}" font-size="11" fill="#6b7280" text-anchor="{anchor}">'
            f"{html.escape(format_ms(span * tick / 4))}</text>"
        )
    for index, part in enumerate(parts):
        y = 4 + index * ROW_HEIGHT
        x = LABEL_WIDTH + track * part.start / span
        width = track * part.length / span
        if part.length > 0:
            width = max(width, 2.0)
        out.append(
            f'<text x="0" y="{y + 14}" font-size="12" fill="#1f2937" data-segment="{part.name}">'
            f"{html.escape(part.label)}</text>"
        )
        out.append(
            f'<rect x="{x:.1f}" y="{y + 2}" width="{width:.1f}" height="16" rx="3" fill="{SEGMENT_COLOURS[part.name]}">'
            f"<title>{html.escape(part.label)}: {html.escape(part.caption)}</title></rect>"
        )
        out.append(
            f'<text x="{CHART_WIDTH - 4}" y="{y + 14}" font-size="12" fill="#1f2937" text-anchor="end">'
            f"{html.escape(part.caption)}</text>"
        )
    out.append("</svg>")
    return "".join(out)


def pretty_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=False, default=str)


def tool_rows(trace: TurnTrace) -> list[dict[str, Any]]:
    rows = []
    for call in trace.tool_calls:
        arguments = call.get("arguments")
        event = call.get("event") or {}
        rows.append(
            {
                "name": call.get("name", "?"),
                "arguments": pretty_json(arguments) if arguments else "",
                "status": call.get("status") or call.get("verdict") or "",
                "ms": format_ms(float(call["ms"])) if isinstance(call.get("ms"), int | float) else "—",
                "route": call.get("route", ""),
                "rolled_back": bool(call.get("rolled_back")),
                "event_ref": event.get("ref", ""),
                "extra": {
                    key: value
                    for key, value in call.items()
                    if key not in {"name", "arguments", "status", "verdict", "ms", "route", "event", "rolled_back"}
                },
            }
        )
    return rows


def _changes(value: Any, path: str = "") -> list[str]:
    """A patch in words: "to.title = Dentist", "slots.time = 15:00"."""
    if isinstance(value, dict) and set(value) == {"old", "new"}:
        return [f"{path}: {_shown(value['old'])} → {_shown(value['new'])}"]
    if isinstance(value, dict) and value:
        lines: list[str] = []
        for key, item in value.items():
            lines.extend(_changes(item, f"{path}.{key}" if path else str(key)))
        return lines
    return [f"{path} = {_shown(value)}" if path else _shown(value)]


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def transition_rows(trace: TurnTrace) -> list[dict[str, Any]]:
    revisions = [
        int(entry["revision"]) for entry in trace.transitions if isinstance(entry, dict) and entry.get("revision")
    ]
    digests = dict(
        IntentTransition.objects.filter(thread_id=trace.thread_id, revision__in=revisions).values_list(
            "revision", "digest"
        )
    )
    rows = []
    for entry in trace.transitions:
        if not isinstance(entry, dict):
            continue
        digest = digests.get(int(entry.get("revision") or 0), "")
        rows.append(
            {
                "revision": entry.get("revision"),
                "kind": entry.get("type", ""),
                "changes": _changes(entry.get("patch") or {}),
                "digest": digest,
                "digest_short": digest[:DIGEST_SHOWN],
            }
        )
    return rows


def _command_ids(trace: TurnTrace) -> list[str]:
    ids: list[str] = []
    for call in trace.tool_calls:
        arguments = call.get("arguments") or {}
        if isinstance(arguments, dict) and arguments.get("command_id"):
            ids.append(str(arguments["command_id"]))
    for entry in trace.transitions:
        for found in _find_key(entry, "command_id"):
            ids.append(str(found))
    card = trace.assistant_message.card if trace.assistant_message else None
    if isinstance(card, dict) and card.get("command_id"):
        ids.append(str(card["command_id"]))
    ids.extend(
        str(command_id)
        for command_id in CommandChange.objects.filter(source_turn=trace.user_message_id).values_list(
            "command_id", flat=True
        )
    )
    return list(dict.fromkeys(ids))


def _find_key(value: Any, key: str) -> list[Any]:
    if isinstance(value, dict):
        found = [value[key]] if value.get(key) else []
        for item in value.values():
            found.extend(_find_key(item, key))
        return found
    if isinstance(value, list):
        return [found for item in value for found in _find_key(item, key)]
    return []


def links(trace: TurnTrace) -> dict[str, list[dict[str, str]]]:
    thread_url = reverse("admin:assistant_thread_change", args=[trace.thread_id])
    commands = ScheduleCommand.objects.filter(id__in=_command_ids(trace), owner_id=trace.thread.owner_id)
    event_ids = [
        int(str(call["event"]["ref"])[1:])
        for call in trace.tool_calls
        if isinstance(call.get("event"), dict) and str(call["event"].get("ref", "")).startswith("E")
    ]
    events = Event.objects.filter(id__in=event_ids, owner_id=trace.thread.owner_id)
    return {
        "thread": [{"url": f"{thread_url}#message-{trace.user_message_id}", "label": str(trace.thread)}],
        "commands": [
            {
                "url": reverse("admin:scheduling_schedulecommand_change", args=[command.id]),
                "label": f"{str(command.id)[:8]} · {command.kind} {command_title(command)} [{command.status}]",
            }
            for command in commands
        ],
        "events": [
            {"url": reverse("admin:scheduling_event_change", args=[event.id]), "label": f"E{event.id} · {event.title}"}
            for event in events
        ],
    }


def command_title(command: ScheduleCommand) -> str:
    """A create names its title slot; a change or delete names the event it acts on."""
    value = command.slot_value("title")
    if value:
        return str(value)
    if command.kind != "create":
        target = command.target_event
        if target is not None:
            return f"{command.kind} “{target.title}”"
        if command.target_event_id is not None:
            return f"{command.kind} (event #{command.target_event_id}, gone)"
        return f"{command.kind} (no event chosen yet)"
    return "untitled"
