"""A write held for the person's confirmation: what exactly would be written, and how to say it.

The held call is stored with its target resolved now (an event by its reference, never "it"),
so a later "yes" writes exactly what the card named, under the state it was asked in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scheduling import symbols
from scheduling.selectors import command_get
from tools.context import ToolContext
from tools.facts import event_fact
from tools.handlers import events
from tools.spec import Status, ToolResult

WHAT = {
    "schedule_event": ("add {title}{when}", "添加{title}{when}"),
    "change_event": ("change {event} to {changes}", "把{event}改为{changes}"),
    "remember_fact": ("save to memory: {fact}", "保存到记忆：{fact}"),
    "discard_command": ("drop your unfinished request{title}", "放弃未完成的请求{title}"),
}
LEAD = (
    "I haven't done this: it comes from data I read rather than from your own words, so please confirm first — ",
    "这一步还没有做：它来自我读到的资料，而不是你本人的话，请先确认——",
)


ZH_WEEKDAYS = "一二三四五六日"


def _day(symbol: str | None, context: ToolContext, zh: bool) -> str:
    if not symbol:
        return ""
    try:
        day = symbols.resolve(symbol, context.today)[0]
    except symbols.InvalidExpression:
        return symbol
    other_year = day.year != context.today.year
    if zh:
        year = f"{day.year}年" if other_year else ""
        return f"{year}{day.month}月{day.day}日（周{ZH_WEEKDAYS[day.weekday()]}）"
    return day.strftime("%a %d %b %Y") if other_year else day.strftime("%a %d %b")


def held_result(context: ToolContext, tool: str, arguments: Mapping[str, Any], reason: str) -> ToolResult:
    """The held call as a result: its exact action (bound into the card's digest) and a preview."""
    action_arguments = dict(arguments)
    data: dict[str, Any] = {"reason": reason}
    if tool == "change_event":
        target = events._target(context, arguments, tool)
        if isinstance(target, ToolResult):
            return target  # not found / ambiguous: nothing to hold, the answer says so
        # Bound to the event found now, by its reference: a later yes cannot land on another.
        action_arguments.update(
            {"event_ref": f"E{target.id}", "ordinal": None, "event_words": None, "event_date": None, "event_time": None}
        )
        data["event"] = event_fact(target, context.zone)
    if tool == "cancel_command":
        # Bound to the request open now: a later yes closes exactly that one, by its id.
        if not context.active_command_id:
            return ToolResult(Status.NO_ACTIVE_COMMAND)
        command = command_get(owner=context.user, command_id=context.active_command_id)
        tool, action_arguments = "discard_command", {"command_id": str(command.id)}
        data["request"] = {"title": command.slot_value("title"), "kind": command.kind}
    data["action"] = {"type": "write", "tool": tool, "arguments": action_arguments}
    return ToolResult(Status.NEEDS_CONFIRMATION, data)


def hold_text(result: ToolResult, *, context: ToolContext, language: str) -> str:
    action = result.data["action"]
    tool, arguments = action["tool"], action["arguments"]
    zh = language == "zh"

    def quote(value: str) -> str:
        return f"「{value}」" if zh else f"'{value}'"

    date = _day(arguments.get("date"), context, zh)
    time = arguments.get("time") or ""
    when = " ".join(part for part in (date, time) if part)
    fields: dict[str, str] = {
        "title": quote(arguments["title"]) if arguments.get("title") else "",
        "when": (f"（{when}）" if zh else f" on {when}") if when else "",
        "fact": quote(arguments.get("fact") or ""),
    }
    if tool == "change_event":
        event = result.data.get("event") or {}
        fields["event"] = quote(f"{event.get('title', '')} {event.get('date', '')} {event.get('start', '')}".strip())
        changes = [quote(arguments["title"])] if arguments.get("title") else []
        changes += [when] if when else []
        if arguments.get("duration_minutes"):
            changes.append(f"{arguments['duration_minutes']}分钟" if zh else f"{arguments['duration_minutes']} minutes")
        fields["changes"] = "，".join(changes) if zh else ", ".join(changes)
    if tool == "discard_command":
        title = (result.data.get("request") or {}).get("title")
        fields["title"] = (quote(title) if zh else f" {quote(title)}") if title else ""
    what = WHAT[tool][1 if zh else 0].format(**fields)
    return LEAD[1 if zh else 0] + what + ("？" if zh else "?")
