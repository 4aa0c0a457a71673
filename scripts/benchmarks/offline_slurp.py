"""Benchmark: what the offline stand-in would do with real English assistant commands (SLURP devel).

Each sentence is one first message (now: Tuesday 2026-12-08 10:00, nothing open). The stand-in's
answer is sorted: a write (a create with title, day and time; a reminder with text and time; a
change), a card or question, a read, "didn't get that", or other talk. A write for a command that is
not a calendar booking is a wrong write; writes for calendar_set are listed beside the annotation
(``--show``) to be judged for date and time.

The moment figure: for calendar_set commands whose annotation states exactly one date and one time,
the annotated spans are resolved on their own (text2num for the number words, dateparser relative to
the same now) and compared with the day and time the stand-in wrote. A span that states no half of
the day ("at five"), that dateparser cannot read, or that it reads as today without saying today, is
undecidable and counted apart; a write at another moment than the annotated one is a wrong moment.

    .venv/bin/python scripts/benchmarks/offline_slurp.py [--show] [--corpus PATH]
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import re
import sys
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings_test")

import django

django.setup()

from assistant.providers.base import ModelRequest  # noqa: E402
from assistant.providers.offline.calls import say  # noqa: E402
from assistant.providers.offline.understand import respond  # noqa: E402
from scheduling.symbols import resolve  # noqa: E402
from scripts.benchmarks.stand_in_context import first_message_context  # noqa: E402
from tools.registry import openai_tools  # noqa: E402

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "slurp-devel" / "slurp_devel.jsonl"
CONTEXT = first_message_context(now="2026-12-08 10:00", weekday="Tuesday")
NOW = datetime.datetime(2026, 12, 8, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))  # CONTEXT's now
_LENGTH = re.compile(r"\b(?:hours?|minutes?|mins?)\b")  # "one hour before": a length, not a moment
_HALF_OF_DAY = re.compile(r"\b(?:am|pm|a\.m\.|p\.m\.|morning|afternoon|evening|night|tonight|noon|midnight)\b")


def annotated_moment(annotation: str) -> tuple[datetime.date, str] | str | None:
    """The one date and time an annotation states, read without the stand-in: (day, "HH:MM"),
    "undecidable", or None when the annotation does not state exactly one of each."""
    import dateparser
    from text_to_num import alpha2digit

    dates = re.findall(r"\[date : ([^\]]+)\]", annotation)
    times = re.findall(r"\[time : ([^\]]+)\]", annotation)
    if len(dates) != 1 or len(times) != 1:
        return None
    parts = re.findall(r"\[timeofday : ([^\]]+)\]", annotation)
    said_time = " ".join([times[0], *parts])
    # dateparser reads wall-clock text: the base is the same now, as the person's wall clock.
    settings: dict[str, Any] = {"RELATIVE_BASE": NOW.replace(tzinfo=None), "PREFER_DATES_FROM": "future"}
    day = dateparser.parse(alpha2digit(dates[0], "en"), languages=["en"], settings=settings)
    clock = dateparser.parse(alpha2digit(said_time, "en"), languages=["en"], settings=settings)
    if day is None or clock is None or not _HALF_OF_DAY.search(said_time) or _LENGTH.search(times[0]):
        return "undecidable"
    if day.date() == NOW.date() and not re.search(r"\b(?:today|tonight)\b", dates[0]):
        return "undecidable"  # dateparser dropped words it could not read ("a week from today")
    return day.date(), f"{clock:%H:%M}"


def written_moment(tool: str, args: dict[str, Any]) -> tuple[datetime.date, str] | None:
    if tool not in ("schedule_event", "set_reminder") or not args.get("time"):
        return None
    try:
        return resolve(str(args.get("date") or "D+0"), NOW.date())[0], str(args["time"])
    except Exception:
        return None


def outcome(sentence: str, language: str = "en") -> tuple[str, str]:
    kind, shown, _ = outcome_with_call(sentence, language)
    return kind, shown


def outcome_with_call(sentence: str, language: str = "en") -> tuple[str, str, tuple[str, dict[str, Any]] | None]:
    context = {**CONTEXT, "language": language}
    request = ModelRequest(
        messages=[{"role": "user", "content": f"<context>{json.dumps(context)}</context>\n{sentence}"}],
        tools=openai_tools(),
    )
    response = respond(request)
    if not response.tool_calls:
        kind = "unclear" if response.text.startswith(say("unclear", language)[:20]) else "talk"
        return kind, response.text[:80], None
    tool = response.tool_calls[0]
    args = json.loads(tool.arguments)
    shown = tool.name + " " + json.dumps({k: v for k, v in args.items() if v is not None}, ensure_ascii=False)
    made = (tool.name, args)
    if tool.name == "schedule_event":
        complete = args.get("title") and args.get("date") and (args.get("time") or args.get("all_day"))
        return ("write" if complete else "ask"), shown, made
    if tool.name == "set_reminder":
        complete = args.get("minutes_before") is not None or (args.get("text") and args.get("time"))
        return ("write" if complete else "ask"), shown, made
    if tool.name == "change_event":
        return "write", shown, made
    if tool.name in ("query_events", "suggest_slots", "search_memory", "search_chat_archive"):
        return "read", shown, made
    return "card", shown, made


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", nargs="?", const="write,unclear", help="list these outcomes (default: write,unclear)")
    parser.add_argument("--corpus", default=str(CORPUS))
    options = parser.parse_args()
    counts: collections.Counter[str] = collections.Counter()
    moments: collections.Counter[str] = collections.Counter()
    for line in Path(options.corpus).read_text().splitlines():
        row = json.loads(line)
        kind, shown, made = outcome_with_call(row["sentence"])
        booking = row["intent"] == "calendar_set"
        counts[("booking " if booking else "other ") + kind] += 1
        if kind == "write" and not booking:
            counts["WRONG (write for a non-booking)"] += 1
        stated = annotated_moment(row["annotation"]) if booking else None
        if stated == "undecidable":
            moments["undecidable"] += 1
        elif stated is not None:
            written = written_moment(*made) if kind == "write" and made else None
            verdict = "not written" if written is None else ("right" if written == stated else "WRONG moment")
            moments[verdict] += 1
            if options.show and verdict != "right":
                print(f"moment {verdict:12} {row['annotation']}\n{'':24} -> {shown}")
        if options.show and kind in options.show.split(",") and (kind == "write" or row["scenario"] == "calendar"):
            print(f"{row['intent']:16} {kind:7} {row['annotation']}\n{'':24} -> {shown}")
    for key in sorted(counts):
        print(f"{key:40} {counts[key]}")
    decidable = moments["right"] + moments["WRONG moment"] + moments["not written"]
    share = f"{100 * moments['right'] / decidable:.0f} %" if decidable else "-"
    print(
        f"one date and one time stated: {decidable} decidable, booked at the right moment {moments['right']} "
        f"({share}), wrong moment {moments['WRONG moment']}, not written {moments['not written']}; "
        f"undecidable {moments['undecidable']}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
