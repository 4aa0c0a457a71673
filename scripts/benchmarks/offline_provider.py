"""Benchmark: the offline stand-in's time per model call, over every user message in the eval cases."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings_test")

import django

django.setup()

from assistant.prompts import SYSTEM_PROMPT  # noqa: E402
from assistant.providers.base import ModelRequest  # noqa: E402
from assistant.providers.offline.understand import respond  # noqa: E402
from evals.cases import load_cases  # noqa: E402
from scripts.benchmarks.stand_in_context import first_message_context  # noqa: E402
from tools.registry import openai_tools  # noqa: E402

GOAL_MS = 5.0


def main() -> int:
    context = first_message_context(now="2026-12-07 10:00", weekday="Monday")
    messages = [turn["user"] for case in load_cases() for turn in case.turns if "user" in turn]
    requests = []
    for message in messages:
        language = "zh" if any("\u4e00" <= char <= "\u9fff" for char in message) else "en"
        dynamic = json.dumps({**context, "language": language}, ensure_ascii=False)
        requests.append(
            ModelRequest(
                messages=[
                    {"role": "system", "content": SYSTEM_PROMPT},
                    {"role": "system", "content": f"<context>{dynamic}</context>"},
                    {"role": "user", "content": message},
                ],
                tools=openai_tools(),
            )
        )
    respond(requests[0])
    samples = []
    for request in requests:
        began = time.perf_counter()
        respond(request)
        samples.append((time.perf_counter() - began) * 1000)
    samples.sort()
    p50, p95 = statistics.median(samples), samples[int(len(samples) * 0.95) - 1]
    print(
        f"offline stand-in: {len(samples)} messages, p50 {p50:.2f} ms, p95 {p95:.2f} ms, max {samples[-1]:.2f} ms "
        f"(goal p50 < {GOAL_MS:.0f} ms: {'met' if p50 < GOAL_MS else 'MISSED'})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
