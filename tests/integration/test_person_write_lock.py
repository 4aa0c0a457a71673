"""One booking per slot per person: the same create sent at once from several chat threads.

The thread lock orders the messages of ONE thread; these creates come from different threads
(two tabs, two devices), so only the per-person lock around the conflict check and the insert
keeps the slot single. Real threads, a barrier, PostgreSQL; no mocks.
"""

from __future__ import annotations

from typing import Any

from assistant.models import Thread
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from assistant.turn.inputs import handle_message
from scheduling.commands import SlotPatch, Status, command_apply
from scheduling.models import CommandKind, Event
from tests.integration.together import run_together
from tools.registry import with_nulls

WORKERS = 8
ROUNDS = 5


def create_call(title: str, date: str, time: str) -> dict[str, Any]:
    return {
        "tool": "schedule_event",
        # Every property, as a strict-mode model sends them (a missing one is a malformed call).
        "arguments": with_nulls("schedule_event", {"title": title, "date": date, "time": time, "duration_minutes": 60}),
    }


def test_identical_creates_from_eight_threads_book_the_slot_once(postgres: None, person: Any) -> None:
    rounds = []
    for round_index in range(ROUNDS):
        hour = f"{9 + round_index:02d}:00"
        threads = [Thread.objects.create(owner=person) for _ in range(WORKERS)]

        def send(index: int, threads: list[Thread] = threads, hour: str = hour) -> Any:
            with use_provider(ScriptedProvider([create_call("Dentist", "D+1", hour)])):
                return handle_message(user=person, thread_id=threads[index].id, text=f"dentist tomorrow at {hour}")

        rounds.append(run_together(WORKERS, send))
    created = [
        Event.objects.filter(owner=person, title="Dentist", starts_at__hour=1 + i).count() for i in range(ROUNDS)
    ]
    print(f"events created per round by {WORKERS} concurrent identical creates: {created}")

    for outcomes in rounds:
        assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
        statuses = sorted(outcome.trace.tool_calls[0]["status"] for outcome in outcomes)
        assert statuses.count("created") == 1, statuses
        assert statuses.count("conflict") == WORKERS - 1, statuses
        for outcome in outcomes:
            # Every reply is honest about what happened to it, and none is an error.
            assert "internal_error" not in outcome.trace.flags
            assert bool(outcome.trace.tool_calls[0].get("event")) == (
                outcome.trace.tool_calls[0]["status"] == "created"
            )
    assert created == [1] * ROUNDS


def test_a_move_and_a_create_into_one_slot_at_once_leave_it_single(
    postgres: None, person: Any, frozen_now: Any, add_event: Any
) -> None:
    # The change path takes the same lock as the create path.
    standup = add_event(person, "Standup", "2026-12-08 09:00")
    jobs = [
        lambda: command_apply(owner=person, patch=SlotPatch(title="Lunch", date="D+1", time="12:00"), now=frozen_now),
        lambda: command_apply(
            owner=person,
            patch=SlotPatch(date="D+1", time="12:00"),
            now=frozen_now,
            kind=CommandKind.CHANGE,
            target_event_id=standup.id,
        ),
    ]
    for _ in range(ROUNDS):
        Event.objects.filter(owner=person).exclude(id=standup.id).delete()
        Event.objects.filter(id=standup.id).update(starts_at=standup.starts_at, ends_at=standup.ends_at)
        results = run_together(2, lambda index: jobs[index]())
        assert not [r for r in results if isinstance(r, Exception)], results
        assert sorted(r.status for r in results) in (
            sorted([Status.CREATED, Status.CONFLICT]),
            sorted([Status.UPDATED, Status.CONFLICT]),
        ), [r.status for r in results]
