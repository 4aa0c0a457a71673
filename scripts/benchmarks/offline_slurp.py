"""Benchmark: what the offline stand-in would do with real English assistant commands (SLURP devel).

Each sentence is one first message (now: Tuesday 2026-12-08 10:00, nothing open). The stand-in's
answer is sorted: a write (a create with title, day and time; a reminder with text and time; a
change), a card or question, a read, "didn't get that", or other talk. A write for a command that is
not a calendar booking is a wrong write; writes for calendar_set are listed beside the annotation
(``--show``) to be judged for date and time.

    .venv/bin/python scripts/benchmarks/offline_slurp.py [--show] [--corpus PATH]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings_test")

import django

django.setup()

from assistant.providers.base import ModelRequest  # noqa: E402
from assistant.providers.offline.replies import say  # noqa: E402
from assistant.providers.offline.understand import respond  # noqa: E402
from scripts.benchmarks.stand_in_context import first_message_context  # noqa: E402
from tools.registry import openai_tools  # noqa: E402

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "slurp-devel" / "slurp_devel.jsonl"
CONTEXT = first_message_context(now="2026-12-08 10:00", weekday="Tuesday")


def outcome(sentence: str, language: str = "en") -> tuple[str, str]:
    context = {**CONTEXT, "language": language}
    request = ModelRequest(
        messages=[{"role": "user", "content": f"<context>{json.dumps(context)}</context>\n{sentence}"}],
        tools=openai_tools(),
    )
    response = respond(request)
    if not response.tool_calls:
        kind = "unclear" if response.text.startswith(say("unclear", language)[:20]) else "talk"
        return kind, response.text[:80]
    tool = response.tool_calls[0]
    args = json.loads(tool.arguments)
    shown = tool.name + " " + json.dumps({k: v for k, v in args.items() if v is not None}, ensure_ascii=False)
    if tool.name == "schedule_event":
        complete = args.get("title") and args.get("date") and (args.get("time") or args.get("all_day"))
        return ("write" if complete else "ask"), shown
    if tool.name == "set_reminder":
        complete = args.get("minutes_before") is not None or (args.get("text") and args.get("time"))
        return ("write" if complete else "ask"), shown
    if tool.name == "change_event":
        return "write", shown
    if tool.name in ("query_events", "suggest_slots", "search_memory", "search_chat_archive"):
        return "read", shown
    return "card", shown


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", nargs="?", const="write,unclear", help="list these outcomes (default: write,unclear)")
    parser.add_argument("--corpus", default=str(CORPUS))
    options = parser.parse_args()
    counts: collections.Counter[str] = collections.Counter()
    for line in Path(options.corpus).read_text().splitlines():
        row = json.loads(line)
        kind, shown = outcome(row["sentence"])
        booking = row["intent"] == "calendar_set"
        counts[("booking " if booking else "other ") + kind] += 1
        if kind == "write" and not booking:
            counts["WRONG (write for a non-booking)"] += 1
        if options.show and kind in options.show.split(",") and (kind == "write" or row["scenario"] == "calendar"):
            print(f"{row['intent']:16} {kind:7} {row['annotation']}\n{'':24} -> {shown}")
    for key in sorted(counts):
        print(f"{key:40} {counts[key]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
