"""Timing helpers shared by the benchmark scripts."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def p50_p95(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """The median and 95th-percentile wall time of ``action``, in milliseconds, over ``runs`` calls."""
    samples = []
    for _ in range(runs):
        began = time.perf_counter()
        action()
        samples.append((time.perf_counter() - began) * 1000)
    samples.sort()
    return statistics.median(samples), samples[max(0, int(len(samples) * 0.95) - 1)]
