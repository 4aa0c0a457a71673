"""What the fault benchmark reports: the turns as the people saw them, the database as it was
left (orphans, events vs "Added:" replies) and the reminders delivered 0, 1 or 2+ times."""

from __future__ import annotations

import collections
import re
import time
from pathlib import Path
from typing import Any

from scripts.benchmarks.faults_traffic import Tally

REPORT = """
import collections, json
from assistant.models import Message, Thread
from scheduling.models import Event, ReminderDelivery
def unanswered():
    count = 0
    for thread in Thread.objects.all():
        roles = list(Message.objects.filter(thread=thread).order_by("created_at", "id").values_list("role", flat=True))
        count += sum(1 for i, role in enumerate(roles) if role == "user" and (i + 1 == len(roles) or roles[i + 1] != "assistant"))
    return count
replies = list(Message.objects.filter(role="assistant").values_list("text", "flags"))
titles = list(Event.objects.values_list("owner_id", "title"))
print("REPORT=" + json.dumps({
    "orphans": unanswered(),
    "events": len(titles),
    "duplicate_events": len(titles) - len(set(titles)),
    "added_replies": sum(1 for text, flags in replies if text.startswith("Added:")),
    "record_failed": sum(1 for text, flags in replies if "record_failed" in flags),
    "lost": sum(1 for text, flags in replies if "turn_lost" in flags),
    "lost_naming_an_add": sum(1 for text, flags in replies if "turn_lost" in flags and "added “" in text),
    "deliveries": dict(collections.Counter(ReminderDelivery.objects.values_list("status", flat=True))),
}))
"""


def deliveries_per_reminder(mail: Path, reminders: int) -> collections.Counter[int]:
    sent: collections.Counter[str] = collections.Counter()
    for path in mail.glob("*"):
        sent.update(re.findall(r"Subject: Reminder: (bench-reminder-\d+)", path.read_text(errors="replace")))
    return collections.Counter(sent.get(f"bench-reminder-{index}", 0) for index in range(reminders))


def settle_reminders(mail: Path, reminders: int, seconds: float = 30) -> None:
    """Reminders still due, or being recovered, get their chance."""
    settle = time.monotonic() + seconds
    while time.monotonic() < settle:
        done = deliveries_per_reminder(mail, reminders)
        if reminders and done.get(0, 0) == 0:
            break
        time.sleep(1)


def print_report(
    tally: Tally, before: dict[str, Any], after: dict[str, Any], delivered: collections.Counter[int], reminders: int
) -> None:
    print("\nfaults:")
    for line in tally.faults:
        print(f"  {line}")
    print(
        f"\nturns sent {tally.sent} / answered {tally.answered} / honest errors {tally.honest} / "
        f"5xx {tally.server_errors} / dropped connections {tally.dropped} / "
        f"orphans {before['orphans']} before the threads were read, {after['orphans']} after"
    )
    ordered = sorted(tally.seconds) or [0.0]
    print(
        f"  time per turn: p50 {ordered[len(ordered) // 2]:.2f} s, p95 {ordered[int(0.95 * (len(ordered) - 1))]:.2f} s, "
        f"max {ordered[-1]:.2f} s"
    )
    for kind, count in sorted(tally.honest_kinds.items(), key=lambda item: -item[1]):
        if count:
            print(f"  honest error: {count:>3} x {kind}")
    for kind, count in tally.dropped_kinds.items():
        print(f"  dropped: {count:>3} x {kind}")
    for kind, count in tally.server_error_kinds.items():
        print(f"  5xx: {count:>3} x HTTP {kind}")
    print(
        f'events {after["events"]} vs "Added:" replies {after["added_replies"]} '
        f"(+ {after['lost_naming_an_add']} lost-turn replies naming what they added; "
        f"{after['lost']} lost-turn replies in all); duplicate events {after['duplicate_events']}; "
        f"record_failed replies {after['record_failed']}"
    )
    twice = sum(count for times, count in delivered.items() if times >= 2)
    print(
        f"reminders delivered 0 times: {delivered.get(0, 0)}, once: {delivered.get(1, 0)}, twice or more: {twice}"
        f" (of {reminders}; delivery rows by status: {after['deliveries']})"
    )
