"""Benchmark: date/time phrase extraction, corpus accuracy per file and time per typical reply.

The corpus figures are judged exactly as in tests/reading/test_phrases_corpora.py (same
loader, same product conventions), so the two cannot drift apart. Goal: no phrase read wrong,
and extraction well under 2 ms p50 per typical reply (the fast path's turn budget is 15 ms).
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from assistant.reading import extract_when
from evals.phrase_corpora import CORPUS_DIR, judge, load_corpora, read

GOAL_P50_MS = 2.0
TYPICAL_REPLIES = [
    "Saturday 3pm", "周六下午三点", "make it 4", "4点吧", "明天", "next Friday at 10:30", "this weekend",
    "下周三上午十点", "tomorrow afternoon", "周六下午三点吧", "what's on Saturday?", "actually make it 5:30",
    "Dec 5th at 2pm", "12月5日下午3点", "in 3 days", "okay, Monday morning then", "晚上8点", "at noon",
    "下个周末", "3:30pm tomorrow",
]  # fmt: skip


def corpus_table() -> tuple[list[str], int]:
    rows = [f"{'file':28} {'phrases':>7} {'right':>6} {'None':>6} {'wrong':>6}   in scope: right/all"]
    wrong_total = 0
    entries = load_corpora()
    for file in sorted({entry.file for entry in entries}):
        outcomes: Counter[str] = Counter()
        in_scope: Counter[str] = Counter()
        for entry in (entry for entry in entries if entry.file == file):
            outcome = judge(entry, read(entry))
            outcomes[outcome] += 1
            if entry.in_scope and entry.expected is not None:
                in_scope[outcome] += 1
        wrong_total += outcomes["wrong"]
        total = sum(outcomes.values())
        rows.append(
            f"{file:28} {total:>7} {outcomes['right']:>6} {outcomes['none']:>6} {outcomes['wrong']:>6}"
            f"   {in_scope['right']}/{sum(in_scope.values())}"
        )
    return rows, wrong_total


def timings(rounds: int) -> tuple[float, float]:
    today = datetime.date(2026, 12, 2)
    for reply in TYPICAL_REPLIES:  # warm: the first call compiles nothing, but caches do fill
        extract_when(reply, today=today)
    samples: list[float] = []
    for _ in range(rounds):
        for reply in TYPICAL_REPLIES:
            start = time.perf_counter()
            extract_when(reply, today=today)
            samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--enforce", action="store_true", help="exit 1 on a wrong reading or a missed goal")
    args = parser.parse_args()
    wrong = 0
    if CORPUS_DIR.is_dir():
        rows, wrong = corpus_table()
        print("\n".join(rows))
    else:
        print(f"corpora not found at {CORPUS_DIR}: accuracy skipped")
    p50, p95 = timings(args.rounds)
    met = p50 < GOAL_P50_MS
    print(
        f"extract_when: p50 {p50:.3f} ms, p95 {p95:.3f} ms over {len(TYPICAL_REPLIES)} typical replies"
        f" x {args.rounds} (goal p50 < {GOAL_P50_MS} ms: {'met' if met else 'MISSED'})"
    )
    return 0 if (met and wrong == 0) or not args.enforce else 1


if __name__ == "__main__":
    raise SystemExit(main())
