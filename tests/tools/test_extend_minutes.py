"""A length said as more or less than an event lasts ("30 minutes longer", "缩短一刻钟"): change_event's extend_minutes,
added to the event's own length by the tool (never a length the model computed); an event left too short or over a
day long is refused with nothing written. The event just deleted at the person's word is remembered for "book it
again" (the stand-in's turns: tests/assistant/test_offline_round_92.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from assistant.intent.entities import EntityStack
from scheduling.models import Event
from tests.tools.test_named_targets import context_for
from tools.handlers.events import change_event
from tools.registry import ToolRegistry
from tools.spec import Status

pytestmark = pytest.mark.django_db

WHICH = {"event_ref": None, "ordinal": None, "event_date": None, "event_time": None}
NOTHING = {"title": None, "date": None, "time": None, "duration_minutes": None, "end_time": None, "shift_minutes": None, "scope": None, "occurrence": None}


def minutes(event: Event) -> int:
    event.refresh_from_db()
    return int((event.ends_at - event.starts_at).total_seconds() // 60)


@pytest.mark.parametrize(("extend", "expected"), [(30, 90), (-15, 45), (1380, 1440)])
def test_the_tool_adds_it_to_the_events_own_length(person: Any, add_event: Callable[..., Event], frozen_now: Any, extend: int, expected: int) -> None:
    dentist = add_event(person, "Dentist", "2026-12-11T15:00")
    start = dentist.starts_at
    result = change_event(context_for(person, frozen_now), {**WHICH, **NOTHING, "event_words": "dentist", "extend_minutes": extend})
    assert result.status == Status.UPDATED, result.data
    assert minutes(dentist) == expected and dentist.starts_at == start


@pytest.mark.parametrize("extend", [-58, 1381])
def test_too_short_or_over_a_day_is_refused_and_nothing_written(person: Any, add_event: Callable[..., Event], frozen_now: Any, extend: int) -> None:
    dentist = add_event(person, "Dentist", "2026-12-11T15:00")
    result = change_event(context_for(person, frozen_now), {**WHICH, **NOTHING, "event_words": "dentist", "extend_minutes": extend})
    assert result.status == Status.INVALID_ARGUMENTS and "too short" in result.data["problem"]
    assert minutes(dentist) == 60 and result.effects == []


def test_a_length_said_wins_over_one_more(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    dentist = add_event(person, "Dentist", "2026-12-11T15:00")
    result = change_event(context_for(person, frozen_now), {**WHICH, **NOTHING, "event_words": "dentist", "duration_minutes": 45, "extend_minutes": 30})
    assert result.status == Status.UPDATED and minutes(dentist) == 45


def test_the_schema_bounds_it(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    add_event(person, "Dentist", "2026-12-11T15:00")
    registry = ToolRegistry(context_for(person, frozen_now))
    result = registry.execute("change_event", {**WHICH, **NOTHING, "event_words": "dentist", "extend_minutes": 5000})
    assert result.status == Status.INVALID_ARGUMENTS


def test_the_event_deleted_is_remembered_until_the_next_write() -> None:
    stack = EntityStack()
    fact = {"ref": "E7", "title": "Yoga", "date": "2026-12-11", "weekday": "Fri", "start": "18:30", "minutes": 90, "end": "20:00"}
    stack.record("deleted", {"event": fact})
    assert stack.deleted == {"title": "Yoga", "date": "2026-12-11", "start": "18:30", "minutes": 90}
    stack.record("results", {"events": []})
    assert EntityStack.from_json(stack.to_json()).deleted == stack.deleted  # a look at the calendar keeps it
    stack.record("created", {"event": {**fact, "ref": "E8", "date": "2026-12-12"}})
    assert stack.deleted is None and "deleted" not in stack.to_json()


def test_nothing_deleted_leaves_nothing_to_book_again() -> None:
    assert EntityStack.from_json({}).deleted is None
