"""Benchmark: expanding a person's calendar of 500 repeating events over a year, beside a
baseline of the same occurrences stored as plain events, in the same run.

Runs on a throwaway test database of whatever DATABASE_URL names (SQLite by default).
Prints p50/p95 for: a year of occurrences, one week, one day, and a conflict check of a new
weekly series across the horizon. First, with no database: one day of a rule started a year
ago, read the old way (dateutil walking every occurrence from the rule's start) beside the
product's way (the expansion starts at most one period before the window), for a legacy
every-minute rule and a daily one; both ways must give the same occurrences.
"""

from __future__ import annotations

import datetime
import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from unittest import mock
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings_test")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.test.utils import setup_databases, teardown_databases  # noqa: E402

from scheduling import recurrence  # noqa: E402
from scheduling.models import Event, Profile  # noqa: E402
from scheduling.selectors import occurrences_in_range, series_conflict  # noqa: E402
from scripts.benchmarks.timing import p50_p95  # noqa: E402

SERIES = 500
RUNS = 7
ZONE = "Europe/London"  # with DST changes inside the year
START = datetime.datetime(2027, 1, 4, 8, 0, tzinfo=datetime.UTC)
YEAR = datetime.timedelta(days=365)
RULES = ["FREQ=WEEKLY;BYDAY=MO", "FREQ=WEEKLY;BYDAY=TU,TH", "FREQ=DAILY;INTERVAL=3", "FREQ=MONTHLY;BYMONTHDAY=15",
         "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR"]  # fmt: skip


def person(name: str) -> User:
    user = get_user_model().objects.create_user(username=name, password="x")  # noqa: S106
    Profile.objects.create(user=user, time_zone=ZONE)
    return user


def populate() -> tuple[User, User, int]:
    recurring, plain = person("recurring"), person("plain")
    rows = []
    for index in range(SERIES):
        begins = START + datetime.timedelta(minutes=(index % 40) * 15, days=index % 7)
        rows.append(Event(owner=recurring, title=f"series {index}", starts_at=begins,
                          ends_at=begins + datetime.timedelta(minutes=30), time_zone=ZONE,
                          rrule=RULES[index % len(RULES)]))  # fmt: skip
    Event.objects.bulk_create(rows)
    # The baseline: every occurrence of that year stored as a row of its own.
    year = occurrences_in_range(owner=recurring, start=START, end=START + YEAR, now=START)
    Event.objects.bulk_create(
        [Event(owner=plain, title=o.title, starts_at=o.starts_at, ends_at=o.ends_at, time_zone=ZONE) for o in year],
        batch_size=2000,
    )
    return recurring, plain, len(year)


def timed(action: Callable[[], object]) -> tuple[float, float]:
    return p50_p95(action, RUNS)


# Rules started a year before the day that is read: the old way's cost grows with that year.
AGED_RULES = [("an every-minute (legacy, sub-daily)", "FREQ=MINUTELY"), ("a daily", "FREQ=DAILY")]
OLD_WAY_RUNS = 3


def one_day_of(rule: str, first: datetime.datetime, day: datetime.datetime) -> list[datetime.datetime]:
    return recurrence.occurrence_starts(
        rule=rule, first_start=first, zone=ZoneInfo(ZONE), window_start=day,
        window_end=day + datetime.timedelta(days=1), duration=datetime.timedelta(minutes=1),
    )  # fmt: skip


def walked_from_the_start(rule: str, local_first: datetime.datetime, search_from: datetime.datetime) -> object:
    """The old expansion: the rule as stored, which dateutil walks from its first occurrence."""
    return recurrence._parsed(rule, local_first)


def aged_rules() -> None:
    first = START - YEAR
    day = START
    for label, rule in AGED_RULES:
        new_way = one_day_of(rule, first, day)
        new_p50, new_p95 = timed(lambda rule=rule: one_day_of(rule, first, day))  # type: ignore[misc]
        with mock.patch.object(recurrence, "expansion", walked_from_the_start):
            old_way = one_day_of(rule, first, day)
            old_p50, old_p95 = p50_p95(lambda rule=rule: one_day_of(rule, first, day), OLD_WAY_RUNS)  # type: ignore[misc]
        same = "same" if old_way == new_way else "DIFFERENT"
        print(f"one day of {label} rule a year old ({len(new_way)} occurrence{'s' if len(new_way) != 1 else ''}, {same} both ways): "
              f"from the rule's start p50 {old_p50:.1f} ms p95 {old_p95:.1f} ms; "
              f"from a period before the day p50 {new_p50:.2f} ms p95 {new_p95:.2f} ms")  # fmt: skip


def main() -> int:
    aged_rules()
    old_config = setup_databases(verbosity=0, interactive=False)
    try:
        recurring, plain, occurrences = populate()
        print(f"{SERIES} repeating events = {occurrences} occurrences in a year (zone {ZONE}); "
              f"baseline: the same {occurrences} as plain rows")  # fmt: skip
        week, day = datetime.timedelta(days=7), datetime.timedelta(days=1)
        middle = START + datetime.timedelta(days=180)
        for label, start, span in (("one year", START, YEAR), ("one week", middle, week), ("one day", middle, day)):
            for who, owner in (("repeating", recurring), ("plain (baseline)", plain)):
                p50, p95 = timed(
                    functools.partial(occurrences_in_range, owner=owner, start=start, end=start + span, now=START)
                )
                print(f"{label:9} {who:17} p50 {p50:8.1f} ms  p95 {p95:8.1f} ms")
        p50, p95 = timed(lambda: series_conflict(
            owner=recurring, rule="FREQ=WEEKLY;BYDAY=WE", first_start=middle, duration=datetime.timedelta(hours=1),
            zone=ZoneInfo(ZONE), now=START))  # fmt: skip
        print(f"conflict check of a new weekly series, a year ahead: p50 {p50:.1f} ms  p95 {p95:.1f} ms")
    finally:
        teardown_databases(old_config, verbosity=0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
