"""Benchmark: canonical date symbol resolutions per second on one core (goal >= 100,000/s)."""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scheduling.symbols import parse_time, resolve

GOAL_PER_SECOND = 100_000
MIX = ["D+0", "D+1", "D-3", "W3", "W5+1", "W1-1", "WE", "WE+1", "12-25", "2027-03-14", "D+365", "W7+52"]


def measure(seconds: float) -> tuple[float, float]:
    today = datetime.date(2026, 11, 29)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for expression in MIX:
            resolve(expression, today)
        count += len(MIX)
    resolutions = count / (time.perf_counter() - start)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds / 2
    while time.perf_counter() < deadline:
        for text in ("09:00", "15:30", "23:59", "00:00"):
            parse_time(text)
        count += 4
    return resolutions, count / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--enforce", action="store_true", help="exit 1 when the goal is missed")
    args = parser.parse_args()
    resolutions, times = measure(args.seconds)
    met = resolutions >= GOAL_PER_SECOND
    print(
        f"symbols.resolve: {resolutions:,.0f} resolutions/s (goal {GOAL_PER_SECOND:,}/s: {'met' if met else 'MISSED'})"
    )
    print(f"symbols.parse_time: {times:,.0f} parses/s")
    return 0 if met or not args.enforce else 1


if __name__ == "__main__":
    raise SystemExit(main())
