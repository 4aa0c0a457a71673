"""Receipts say only what the result holds, and never trip the exit invariant when true."""

from __future__ import annotations

import pytest

from assistant.turn.exit import claimed_writes, states_schedule_facts
from tools.receipts import RENDERERS, render_receipt, repeat_words
from tools.spec import Status, ToolResult

EVENT = {
    "ref": "E7",
    "title": "Dentist",
    "date": "2026-12-11",
    "weekday": "Fri",
    "start": "15:00",
    "end": "16:00",
    "end_date": "2026-12-11",
    "minutes": 60,
}
COMMAND = {
    "command_id": "c1",
    "kind": "create",
    "status": "needs_time",
    "known": {"title": "Dentist", "date": "W5"},
    "missing": ["time"],
}
SERIES = {
    **EVENT,
    "repeats": {
        "frequency": "weekly",
        "interval": 1,
        "weekdays": ["FR"],
        "month_day": None,
        "until": None,
        "count": None,
    },
}
SAMPLES = {
    Status.NEEDS_SCOPE: {
        "action": "delete",
        "event": {**SERIES, "occurrence": "2026-12-11"},
        "repeats": SERIES["repeats"],
    },
    Status.REMINDER_SET: {"reminder": {"text": "call mum", "date": "2026-12-11", "time": "17:00"}},
    Status.REMINDER_REMOVED: {"removed": 1, "text": None, "event": EVENT},
    Status.CREATED: {"event": EVENT, "command": {**COMMAND, "status": "created"}},
    Status.UPDATED: {"event": EVENT, "command": {**COMMAND, "status": "updated"}},
    Status.DELETED: {"event": EVENT},
    Status.NEEDS_TITLE: {"command": COMMAND},
    Status.NEEDS_DATE: {
        "command": COMMAND,
        "candidates": [{"date": "2026-12-12", "weekday": "Sat"}, {"date": "2026-12-13", "weekday": "Sun"}],
    },
    Status.NEEDS_TIME: {"command": COMMAND},
    Status.CONFLICT: {
        "command": COMMAND,
        "conflicts": [EVENT],
        "suggestions": [{"date": "2026-12-11", "weekday": "Fri", "start": "16:00", "end": "17:00"}],
    },
    Status.IN_PAST: {"command": COMMAND},
    Status.INVALID_EXPRESSION: {},
    Status.INVALID_ARGUMENTS: {},
    Status.EXPIRED: {"command": COMMAND},
    Status.RESULTS: {
        "range": {"from": {"date": "2026-12-11"}, "to": {"date": "2026-12-11"}},
        "events": [EVENT],
        "count": 1,
    },
    Status.SUGGESTIONS: {
        "suggestions": [{"date": "2026-12-11", "weekday": "Fri", "start": "16:00", "end": "17:00"}],
        "duration_minutes": 60,
    },
    Status.CANCELLED: {"command": COMMAND},
    Status.NO_ACTIVE_COMMAND: {},
    Status.NOT_FOUND: {},
    Status.AMBIGUOUS_REFERENCE: {"candidates": [EVENT, {**EVENT, "ref": "E8", "title": "Gym"}]},
    Status.AWAITING_CONFIRMATION: {"event": EVENT, "command": COMMAND},
    Status.REMEMBERED: {"topic": "mum", "fact": "Mum's birthday is 14 March."},
    Status.INVITED: {"days": 7},
    Status.RESUMED: {"task": {"title": "Dinner", "missing": ["time"]}},
    Status.NOTHING_TO_RESUME: {},
    Status.UNKNOWN_TOOL: {},
}
WRITES = {
    Status.CREATED: {"create"},
    Status.UPDATED: {"change"},
    Status.DELETED: {"delete"},
    Status.REMEMBERED: {"remember"},
    Status.REMINDER_REMOVED: {"delete"},  # a reminder removed: a delete the exit stage verifies (assistant/turn/exit.py)
}


def test_every_status_has_a_renderer_and_a_sample() -> None:
    # Intermediate results feed the model; a held write is worded by the turn (assistant/turn/holds.py).
    assert (
        set(RENDERERS)
        == set(SAMPLES)
        == {status for status in Status if status not in {Status.MEMORY_RESULTS, Status.ARCHIVE_RESULTS, Status.NEEDS_CONFIRMATION}}
    )


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("status", list(SAMPLES), ids=str)
def test_receipts_claim_exactly_the_writes_their_result_made(status: Status, language: str) -> None:
    text = render_receipt(ToolResult(status, SAMPLES[status]), language)
    assert text.strip()
    assert claimed_writes(text) <= WRITES.get(status, set()), text
    if status not in {Status.RESULTS, Status.SUGGESTIONS}:
        assert not states_schedule_facts(text), text


def test_receipts_quote_the_results_values() -> None:
    text = render_receipt(ToolResult(Status.CREATED, SAMPLES[Status.CREATED]), "en")
    assert text == "Added: Fri 11 Dec 15:00–16:00 'Dentist'."
    assert (
        render_receipt(ToolResult(Status.CREATED, SAMPLES[Status.CREATED]), "zh")
        == "已添加：12月11日（周五） 15:00–16:00 「Dentist」。"
    )
    assert "Sat 12 Dec or Sun 13 Dec" in render_receipt(ToolResult(Status.NEEDS_DATE, SAMPLES[Status.NEEDS_DATE]), "en")


def test_a_reminder_without_a_time_is_asked_when_to_remind_not_when_it_starts() -> None:
    asked = ToolResult(Status.NEEDS_TIME, {"reminder": {"text": "交报告"}, "problem": "what time to remind"})
    assert render_receipt(asked, "zh") == "几点提醒你？"
    assert render_receipt(asked, "en") == "What time should I remind you?"
    assert "start" in render_receipt(ToolResult(Status.NEEDS_TIME, SAMPLES[Status.NEEDS_TIME]), "en")


@pytest.mark.parametrize(
    ("found", "language", "expected"),
    [
        (True, "en", "'dentist', Fri 11 Dec:\n1. 15:00–16:00 'Dentist'"),
        (False, "en", "Nothing called 'Tandarts' for Fri 11 Dec. Everything on then:\n1. 15:00–16:00 'Dentist'"),
        (False, "zh", "12月11日（周五）没有叫「Tandarts」的安排。这段时间的全部安排：\n1. 15:00–16:00 「Dentist」"),
    ],
)
def test_a_named_question_says_whether_the_name_was_found(found: bool, language: str, expected: str) -> None:
    day = {"date": "2026-12-11", "weekday": "Fri"}
    named = "dentist" if found else "Tandarts"
    data = {"range": {"from": day, "to": day}, "events": [EVENT], "count": 1, "named": named, "named_found": found}
    text = render_receipt(ToolResult(Status.RESULTS, data), language)
    assert text == expected
    assert not claimed_writes(text)


def test_a_named_question_with_nothing_in_range_says_so() -> None:
    day = {"date": "2026-12-11", "weekday": "Fri"}
    data = {"range": {"from": day, "to": day}, "events": [], "count": 0, "named": "gym", "named_found": False}
    assert render_receipt(ToolResult(Status.RESULTS, data), "en") == "Nothing called 'gym' for Fri 11 Dec."


@pytest.mark.parametrize(
    ("weekdays", "interval", "language", "expected"),
    [
        (["MO", "WE", "FR"], 1, "en", "every Monday, Wednesday and Friday"),
        (["TU", "TH"], 1, "en", "every Tuesday and Thursday"),
        (["MO", "WE", "FR"], 1, "zh", "每周一、三、五"),
        (["MO", "WE", "FR"], 2, "zh", "每2周的周一、周三、周五"),
    ],
)
def test_a_rules_weekdays_read_as_a_list(weekdays: list[str], interval: int, language: str, expected: str) -> None:
    assert repeat_words({"frequency": "weekly", "interval": interval, "weekdays": weekdays}, language) == expected
