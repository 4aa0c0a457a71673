"""The benchmarks' fake model server answers with calls a strict model would send.

A call that leaves out a required property is malformed; the fault benchmark's bookings would then
never create an event, and its "events vs Added:" figure would measure nothing.
"""

from __future__ import annotations

import json

import pytest

from scripts.benchmarks import fake_model_server
from tools.registry import parse_arguments


def _body(text: str) -> dict[str, object]:
    return {"messages": [{"role": "user", "content": text}]}


def test_the_default_query_is_a_valid_call() -> None:
    name, arguments = fake_model_server._answer(_body("hello"))
    assert name == "query_events"
    assert isinstance(parse_arguments(name, arguments), dict)


def test_a_booking_in_create_mode_is_a_complete_schedule_event_call(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fake_model_server, "CREATE", True)
    name, arguments = fake_model_server._answer(_body("add booking 7 on 2027-01-04 at 09:15"))
    assert name == "schedule_event"
    parsed = parse_arguments(name, arguments)
    assert isinstance(parsed, dict), parsed
    assert (parsed["title"], parsed["date"], parsed["time"]) == ("booking 7", "2027-01-04", "09:15")
    assert json.loads(arguments)["command_id"] is None
