"""Benchmark: turn cost as a thread and a calendar grow (10 to 20,000 messages, 10 to 100,000 events).

For each size: the session-segment read (the bounded, index-ordered query of
``assistant.turn.load.current_segment``) next to the id-bounded read it replaced, in the same
run, and a whole turn (scripted model, no delay) on that thread. Goal: flat cost in thread
length. Runs on a throwaway test database (SQLite by default, DATABASE_URL's server when set).
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings_test")

import django

django.setup()

from django.conf import settings  # noqa: E402

settings.POST_TURN_TASKS = "none"

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_databases, teardown_databases  # noqa: E402
from django.utils import timezone  # noqa: E402

from assistant.models import Message, Thread  # noqa: E402
from assistant.providers.registry import use_provider  # noqa: E402
from assistant.providers.scripted import ScriptedProvider  # noqa: E402
from assistant.turn.inputs import handle_message  # noqa: E402
from assistant.turn.load import SEGMENT_SCAN_LIMIT, current_segment  # noqa: E402
from scheduling.models import Event, Profile  # noqa: E402

SIZES = [(10, 10), (2_000, 10_000), (20_000, 100_000)]


def timed(function: object, repeat: int) -> float:
    walls = []
    for _ in range(repeat):
        began = time.perf_counter()
        function()  # type: ignore[operator]
        walls.append((time.perf_counter() - began) * 1000)
    return statistics.median(walls)


def grow(person: Any, thread: Thread, messages: int, events: int) -> None:
    now = timezone.now()
    have = Message.objects.filter(thread=thread).count()
    # Oldest first, ten minutes apart, as a thread grows: one long session, so only the scan
    # limit bounds the read. The largest thread ends just before the benchmark's own turns.
    base = now - datetime.timedelta(minutes=10 * SIZES[-1][0])
    Message.objects.bulk_create(
        [
            Message(
                thread=thread,
                role="user" if index % 2 == 0 else "assistant",
                text=f"message {index} about plans for the week",
                created_at=base + datetime.timedelta(minutes=10 * index),
            )
            for index in range(have, messages)
        ],
        batch_size=2000,
    )
    have = Event.objects.filter(owner=person).count()
    start = now - datetime.timedelta(days=3 * 365)
    Event.objects.bulk_create(
        [
            Event(
                owner=person,
                title=f"Event {index}",
                starts_at=start + datetime.timedelta(minutes=47 * index),
                ends_at=start + datetime.timedelta(minutes=47 * index + 30),
                time_zone="Asia/Shanghai",
            )
            for index in range(have, events)
        ],
        batch_size=2000,
    )
    if connection.vendor == "postgresql":
        # What autovacuum does within a minute of a bulk load: without table statistics the
        # planner guesses, and the benchmark would measure a database no server runs with.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE assistant_message, scheduling_event")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=10)
    args = parser.parse_args()
    old = setup_databases(verbosity=0, interactive=False)
    try:
        person = get_user_model().objects.create_user(username="growth")
        Profile.objects.create(user=person, time_zone="Asia/Shanghai")
        thread = Thread.objects.create(owner=person)
        print(f"growth benchmark on {connection.vendor} (segment scan limit {SEGMENT_SCAN_LIMIT})")
        print(f"  {'messages':>8} {'events':>8} | segment read p50: id-bounded (before)  indexed (now) | turn p50")
        plan = ""
        for messages, events in SIZES:
            grow(person, thread, messages, events)
            last = Message.objects.filter(thread=thread, text__startswith="message ").order_by("-created_at", "-id").first()

            def before(last: Message | None = last) -> None:
                recent = Message.objects.filter(thread=thread, id__lte=last.id if last else 0)
                list(recent.order_by("-created_at", "-id")[:SEGMENT_SCAN_LIMIT])

            def now(last: Message | None = last) -> None:
                current_segment(thread=thread, until=last)

            if connection.vendor == "sqlite" and last is not None:
                query = Message.objects.filter(thread=thread, created_at__lte=last.created_at)
                read = query.order_by("-created_at", "-id").values_list("id", "role", "text", "created_at")
                sql, params = read[:SEGMENT_SCAN_LIMIT].query.sql_with_params()
                with connection.cursor() as cursor:
                    cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
                    plan = "; ".join(str(row[-1]) for row in cursor.fetchall())
            before_ms = timed(before, 15)
            now_ms = timed(now, 15)
            walls = []
            for index in range(args.turns):
                provider = ScriptedProvider([{"text": f"Sure, noted {index}."}])
                with use_provider(provider):
                    began = time.perf_counter()
                    handle_message(user=person, thread_id=thread.id, text=f"just a note {index}")
                    walls.append((time.perf_counter() - began) * 1000)
            print(
                f"  {messages:>8} {events:>8} | {before_ms:>31.2f} ms {now_ms:>11.2f} ms |"
                f" {statistics.median(walls):6.1f} ms"
            )
            if connection.vendor == "sqlite":
                print(f"           plan of the segment read: {plan}")
        return 0
    finally:
        teardown_databases(old, verbosity=0)


if __name__ == "__main__":
    raise SystemExit(main())
