"""Building requests for the offline stand-in the way assistant.turn.prompt does."""

from __future__ import annotations

import json
from typing import Any

from assistant.providers.base import ModelRequest, ModelResponse
from assistant.turn.exit import claimed_writes, states_schedule_facts
from tools.registry import openai_tools, parse_arguments

# Monday 2026-12-07 10:00 in Asia/Shanghai, as in every story of this suite.
NOW = "2026-12-07 10:00"

CREATING_LUNCH = {"command_id": "c-1", "kind": "create", "status": "needs_date", "known": {"title": "Lunch"}, "missing": ["date", "time"]}  # fmt: skip
CREATING_UNTITLED = {"command_id": "c-2", "kind": "create", "status": "needs_title", "known": {"date": "W5"}, "missing": ["title", "time"]}  # fmt: skip
ENTITIES = [
    {"ref": "E3", "title": "Dentist", "date": "2026-12-11", "start": "15:00", "via": "created"},
    {"ref": "E7", "title": "周会", "date": "2026-12-08", "start": "09:00", "via": "found"},
    {"ref": "E9", "title": "Lunch with Sam", "date": "2026-12-08", "start": "12:00", "via": "found"},
]
SUSPENDED = [
    {"ref": "T1", "kind": "create", "title": "Dentist", "constraints": {}},
    {"ref": "T2", "kind": "create", "title": "Dinner with Tom", "constraints": {}},
]
SUSPENDED_ZH = [
    {"ref": "T1", "kind": "create", "title": "牙医", "constraints": {}},
    {"ref": "T2", "kind": "create", "title": "和王总吃晚饭", "constraints": {}},
]


# --- building requests the way assistant.turn.prompt does -----------------------------------


def context(
    *,
    language: str = "en",
    active: dict[str, Any] | None = None,
    entities: list[dict[str, Any]] | None = None,
    listed: list[str] | None = None,
    suspended: list[dict[str, Any]] | None = None,
    goal: dict[str, Any] | None = None,
    completed: list[dict[str, Any]] | None = None,
    choosing: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "now": NOW,
        "weekday": "Monday",
        "time_zone": "Asia/Shanghai",
        "language": language,
        "this_week": "2026-12-07..2026-12-13 (W1..W7)",
        "working_hours": "09:00-18:00",
        "intent": {
            "goal": goal,
            "constraints": {},
            "completed": completed or [],
            "suspended": suspended or [],
            "revision": 3,
        },
        "active_command": active,
        "recent_entities": entities or [],
        "last_listed": listed or [],
        "choosing": choosing,
    }


def request(message: str, **setup: Any) -> ModelRequest:
    dynamic = json.dumps(context(**setup), ensure_ascii=False, separators=(",", ":"))
    return ModelRequest(
        messages=[
            {"role": "system", "content": "You are a schedule assistant."},
            {"role": "system", "content": f"<context>{dynamic}</context>"},
            {"role": "user", "content": "an earlier message"},
            {"role": "assistant", "content": "an earlier reply"},
            {"role": "user", "content": message},
        ],
        tools=openai_tools(),
    )


def after_tool(
    message: str, tool: str, arguments: dict[str, Any], result: dict[str, Any], **setup: Any
) -> ModelRequest:
    """The request of the second call: the first call and its result appended, as model.py does."""
    built = request(message, **setup)
    call = {"id": "offline_call_1", "type": "function", "function": {"name": tool, "arguments": json.dumps(arguments)}}
    built.messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
    built.messages.append(
        {"role": "tool", "tool_call_id": "offline_call_1", "content": json.dumps(result, ensure_ascii=False)}
    )
    return built


def tool_of(response: ModelResponse) -> tuple[str, dict[str, Any]]:
    """The one tool call, with arguments that pass the tool's own schema."""
    assert not response.text and len(response.tool_calls) == 1, response
    call = response.tool_calls[0]
    parsed = parse_arguments(call.name, call.arguments)
    assert isinstance(parsed, dict), parsed
    assert set(parsed) == set(json.loads(call.arguments))  # every property present, none extra
    # The calendar fields (repeat, all-day, reminder, scope) read as null when left out: the
    # expectations below name them only where they are said.
    added = CALENDAR_FIELDS & ADDED_LATER.get(call.name, frozenset())
    return call.name, {key: value for key, value in parsed.items() if not (key in added and value is None)}


CALENDAR_FIELDS = frozenset({"all_day", "end_date", "recurrence", "reminder_minutes", "busy", "scope", "occurrence", "event_words"})
# The properties each tool gained after these expectations were written.
ADDED_LATER = {
    "schedule_event": frozenset({"all_day", "end_date", "recurrence", "reminder_minutes", "busy"}),
    "change_event": frozenset({"scope", "occurrence"}),
    "delete_event": frozenset({"scope", "occurrence"}),
    "query_events": frozenset({"event_words"}),
}


def assert_honest(reply: str) -> None:
    assert reply.strip()
    assert claimed_writes(reply) == set(), reply
    assert not states_schedule_facts(reply), reply


def with_history(message: str, previous: str, reply: str, **setup: Any) -> ModelRequest:
    """A request whose window holds the person's previous message and the assistant's reply."""
    built = request(message, **setup)
    built.messages[2:4] = [{"role": "user", "content": previous}, {"role": "assistant", "content": reply}]
    return built
