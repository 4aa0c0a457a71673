"""Benchmark: the turn pipeline with the scripted model and a fixed model delay.

Prints model calls per route, server overhead per model turn (wall time minus model time, in
ms and as a share of the turn), and fast-path turn time. Goals: overhead <= 2 % of turn time at
an 800 ms model delay; fast path p50 <= 15 ms. Runs on a throwaway test database.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings_test")

import django

django.setup()

from django.conf import settings  # noqa: E402

# The reply path only: summaries and fact extraction run after the reply, on a worker.
settings.POST_TURN_TASKS = "none"

from django.contrib.auth import get_user_model  # noqa: E402
from django.test.utils import setup_databases, teardown_databases  # noqa: E402
from django.utils import timezone  # noqa: E402

from assistant.models import Thread, TurnTrace  # noqa: E402
from assistant.providers.registry import use_provider  # noqa: E402
from assistant.providers.scripted import ScriptedProvider  # noqa: E402
from assistant.tokens import count_tokens  # noqa: E402
from assistant.turn.inputs import handle_message  # noqa: E402
from scheduling.models import Profile  # noqa: E402
from scheduling.symbols import resolve  # noqa: E402
from tools.registry import with_nulls  # noqa: E402

OVERHEAD_GOAL = 0.02
FAST_PATH_GOAL_MS = 15.0
DAYS = ["W1+1", "W2+1", "W3+1", "W4+1", "W5+1", "W1+2", "W2+2", "W3+2", "W4+2", "W5+2"]
TIMES = ["09:00", "10:30", "13:00", "14:30", "16:00"]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def run(turns: int, delay_ms: float) -> int:
    person = get_user_model().objects.create_user(username="bench")
    Profile.objects.create(user=person, time_zone="Asia/Shanghai")
    count_tokens("warm the tokenizer")
    model_walls: list[float] = []
    model_times: list[float] = []
    fast_walls: list[float] = []
    for index in range(turns):
        thread = Thread.objects.create(owner=person)
        # The day as the person would say it: the authority traces every value to their words.
        day = resolve(DAYS[index % len(DAYS)], timezone.now().date())[0].isoformat()
        first = {
            "tool": "schedule_event",
            # Every property, as a strict-mode model sends them (a missing one is a malformed call).
            "arguments": with_nulls(
                "schedule_event", {"title": f"Meeting {index}", "date": day, "time": None, "duration_minutes": 30}
            ),
        }
        provider = ScriptedProvider([first], delay_ms=delay_ms)
        with use_provider(provider):
            began = time.perf_counter()
            outcome = handle_message(user=person, thread_id=thread.id, text=f"meeting {index} on {day}")
            model_walls.append((time.perf_counter() - began) * 1000)
        model_times.append(outcome.trace.model_ms)
        with use_provider(ScriptedProvider([])):
            began = time.perf_counter()
            fast = handle_message(user=person, thread_id=thread.id, text=TIMES[(index // len(DAYS)) % len(TIMES)])
            fast_walls.append((time.perf_counter() - began) * 1000)
        if fast.trace.route != "fast_path" or fast.trace.tool_calls[-1]["status"] != "created":
            print(f"unexpected fast-path outcome: {fast.trace.route} {fast.trace.tool_calls}")
            return 1

    calls: dict[str, list[int]] = defaultdict(list)
    for trace in TurnTrace.objects.all():
        calls[trace.route].append(trace.model_calls)
    overheads = [wall - model for wall, model in zip(model_walls, model_times, strict=True)]
    share = statistics.median(overheads) / statistics.median(model_walls)
    from django.db import connection

    print(
        f"turn benchmark on {connection.vendor}: {turns} model turns at {delay_ms:.0f} ms model delay + {turns} fast-path turns"
    )
    for route, values in sorted(calls.items()):
        print(f"  model calls per turn, route {route:<10} mean {statistics.mean(values):.2f} (turns: {len(values)})")
    print(
        f"  model turn wall time     p50 {statistics.median(model_walls):8.1f} ms   p95 {percentile(model_walls, 0.95):8.1f} ms"
    )
    print(
        f"  server overhead per turn p50 {statistics.median(overheads):8.1f} ms   p95 {percentile(overheads, 0.95):8.1f} ms"
        f"   = {share:.2%} of turn time (goal <= {OVERHEAD_GOAL:.0%}: {'met' if share <= OVERHEAD_GOAL else 'MISSED'})"
    )
    fast_p50 = statistics.median(fast_walls)
    print(
        f"  fast-path turn           p50 {fast_p50:8.1f} ms   p95 {percentile(fast_walls, 0.95):8.1f} ms"
        f"   (goal p50 <= {FAST_PATH_GOAL_MS:.0f} ms: {'met' if fast_p50 <= FAST_PATH_GOAL_MS else 'MISSED'})"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--delay-ms", type=float, default=800.0)
    args = parser.parse_args()
    old = setup_databases(verbosity=0, interactive=False)
    try:
        return run(args.turns, args.delay_ms)
    finally:
        teardown_databases(old, verbosity=0)


if __name__ == "__main__":
    raise SystemExit(main())
