"""Exactly one event, even when two threads execute the same stub at once on PostgreSQL."""

from __future__ import annotations

from typing import Any

from scheduling.commands import SlotPatch, Status, command_apply, command_execute
from scheduling.models import Event, ScheduleCommand
from tests.integration.together import run_together


def test_two_threads_executing_one_stub_create_one_event(postgres: None, person: Any, frozen_now: Any) -> None:
    waiting = command_apply(owner=person, patch=SlotPatch(title="Dentist", date="D+1"), now=frozen_now)
    command = waiting.command
    ScheduleCommand.objects.filter(id=command.id).update(
        slots={**command.slots, "time": {"value": "15:00", "raw": "3pm", "source_turn": None, "confidence": 1.0}}
    )

    results = run_together(4, lambda _: command_execute(owner=person, command_id=command.id, now=frozen_now))

    assert not [r for r in results if isinstance(r, Exception)], results
    assert sorted(r.status for r in results) == [Status.CREATED] * 4
    assert [r.already_done for r in results].count(False) == 1
    assert Event.objects.filter(owner=person).count() == 1
    assert len({r.event.id for r in results}) == 1


def test_two_threads_continuing_one_stub_create_one_event(postgres: None, person: Any, frozen_now: Any) -> None:
    waiting = command_apply(owner=person, patch=SlotPatch(title="Dinner", date="D+2"), now=frozen_now)
    times = ["19:00", "19:30", "20:00", "20:30"]

    results = run_together(
        4,
        lambda i: command_apply(
            owner=person, patch=SlotPatch(time=times[i]), now=frozen_now, command_id=waiting.command.id
        ),
    )

    assert not [r for r in results if isinstance(r, Exception)], results
    assert Event.objects.filter(owner=person).count() == 1
    assert [r.wrote for r in results].count(True) == 1


def test_concurrent_retries_with_one_idempotency_key_open_one_stub(
    postgres: None, person: Any, frozen_now: Any
) -> None:
    results = run_together(
        4,
        lambda _: command_apply(
            owner=person,
            patch=SlotPatch(title="Gym", date="D+1", time="07:00"),
            now=frozen_now,
            idempotency_key="turn-42",
        ),
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    assert ScheduleCommand.objects.filter(owner=person).count() == 1
    assert Event.objects.filter(owner=person).count() == 1
