"""The per-person write lock: taken on every create and move path, never outside a transaction.

The concurrency itself (real threads, PostgreSQL) is in tests/integration/test_person_write_lock.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scheduling.commands import SlotPatch, Status, command_apply
from scheduling.commands.locks import person_write_lock
from scheduling.models import CommandKind

pytestmark = pytest.mark.django_db


def lock_statements(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"]
        for q in queries.captured_queries
        if "scheduling_profile" in q["sql"] and ("FOR UPDATE" in q["sql"] or q["sql"].startswith("UPDATE"))
    ]


def test_a_create_takes_the_persons_lock_before_it_checks_and_writes(person: Any, frozen_now: Any) -> None:
    with CaptureQueriesContext(connection) as queries:
        outcome = command_apply(
            owner=person, patch=SlotPatch(title="Dentist", date="D+1", time="15:00"), now=frozen_now
        )
    assert outcome.status == Status.CREATED
    assert len(lock_statements(queries)) == 1
    first_event_query = next(i for i, q in enumerate(queries.captured_queries) if "scheduling_event" in q["sql"])
    lock_at = next(i for i, q in enumerate(queries.captured_queries) if q["sql"] in lock_statements(queries))
    assert lock_at < first_event_query


def test_a_move_takes_the_same_lock(person: Any, frozen_now: Any, add_event: Any) -> None:
    standup = add_event(person, "Standup", "2026-12-08 09:00")
    with CaptureQueriesContext(connection) as queries:
        outcome = command_apply(
            owner=person,
            patch=SlotPatch(time="10:00"),
            now=frozen_now,
            kind=CommandKind.CHANGE,
            target_event_id=standup.id,
        )
    assert outcome.status == Status.UPDATED
    assert len(lock_statements(queries)) == 1


def test_a_stub_still_missing_a_slot_takes_no_lock(person: Any, frozen_now: Any) -> None:
    with CaptureQueriesContext(connection) as queries:
        outcome = command_apply(owner=person, patch=SlotPatch(title="Dentist", date="D+1"), now=frozen_now)
    assert outcome.status == Status.NEEDS_TIME
    assert lock_statements(queries) == []


@pytest.mark.django_db(transaction=True)
def test_the_lock_outside_a_transaction_is_a_bug(person: Any) -> None:
    with pytest.raises(RuntimeError):
        person_write_lock(profile=person.profile)
