"""Benchmark: range and conflict queries over one person with 10,000 events.

Runs on a throwaway test database of whatever DATABASE_URL names (SQLite by default,
PostgreSQL in CI), so it never touches real data. Prints p50/p95 per query and the plan.
"""

from __future__ import annotations

import datetime
import os
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings_test")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_databases, teardown_databases  # noqa: E402

from scheduling.models import Event, Profile  # noqa: E402
from scheduling.selectors import event_conflicts, event_list_in_range  # noqa: E402
from scripts.benchmarks.timing import p50_p95  # noqa: E402

EVENTS = 10_000
RUNS = 300


def populate() -> User:
    person = get_user_model().objects.create_user(username="busy", password="x")  # noqa: S106
    Profile.objects.create(user=person, time_zone="Asia/Shanghai")
    other = get_user_model().objects.create_user(username="other", password="x")  # noqa: S106
    start = datetime.datetime(2024, 1, 1, 1, 0, tzinfo=datetime.UTC)
    rows = []
    for index in range(EVENTS):
        # About 7 events a day over four years, of 30-90 minutes.
        begins = start + datetime.timedelta(minutes=index * 205)
        rows.append(
            Event(
                owner=person,
                title=f"event {index}",
                starts_at=begins,
                ends_at=begins + datetime.timedelta(minutes=30 + index % 61),
                time_zone="Asia/Shanghai",
            )
        )
        rows.append(
            Event(
                owner=other,
                title=f"other {index}",
                starts_at=begins,
                ends_at=begins + datetime.timedelta(minutes=45),
                time_zone="UTC",
            )
        )
    Event.objects.bulk_create(rows, batch_size=2000)
    return person


def timed(action: Callable[[], object]) -> tuple[float, float]:
    return p50_p95(action, RUNS)


def main() -> int:
    old_config = setup_databases(verbosity=0, interactive=False)
    try:
        person = populate()
        day = datetime.datetime(2026, 3, 10, 0, 0, tzinfo=datetime.UTC)
        week_end = day + datetime.timedelta(days=7)
        day_end = day + datetime.timedelta(days=1)
        print(
            f"range query benchmark on {connection.vendor}: {EVENTS:,} events for the person (+{EVENTS:,} of another)"
        )
        for label, function in [
            ("list one day", lambda: list(event_list_in_range(owner=person, start=day, end=day_end))),
            ("list one week", lambda: list(event_list_in_range(owner=person, start=day, end=week_end))),
            (
                "conflicts for one hour",
                lambda: event_conflicts(owner=person, start=day, end=day + datetime.timedelta(hours=1)),
            ),
        ]:
            p50, p95 = timed(function)
            print(f"  {label:<24} p50 {p50:.2f} ms   p95 {p95:.2f} ms")
        plan = event_list_in_range(owner=person, start=day, end=day_end).explain()
        print("  plan: " + " | ".join(line.strip() for line in plan.splitlines()[:3]))
    finally:
        teardown_databases(old_config, verbosity=0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
