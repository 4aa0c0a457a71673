"""Expectations of a turn and of a case's end state, checked mostly on the database."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol
from zoneinfo import ZoneInfo

from django.contrib.auth.models import User

from assistant.models import MemoryFact, ThreadState
from scheduling.models import Event, Reminder, ScheduleCommand

if TYPE_CHECKING:
    from evals.cases import Case


class TurnRecord(Protocol):
    """What a check reads of a turn the runner recorded (``evals.runner.TurnRecord``); a
    protocol, so the checks do not import the runner that imports them."""

    route: str
    tools: list[str]
    statuses: list[str]
    flags: list[str]
    reply: str
    model_calls: int
    wrote: bool
    failures: list[str]


def _norm(text: str) -> str:
    return " ".join(str(text).split()).casefold()


def check_turn(expect: dict[str, Any], record: TurnRecord, user: User, index: int) -> list[str]:
    where = f"turn {index + 1}"
    if record.failures:
        return record.failures
    failures: list[str] = []

    def compare(name: str, actual: Any) -> None:
        if name in expect and expect[name] != actual:
            failures.append(f"{where}: {name} expected {expect[name]!r}, got {actual!r}")

    compare("route", record.route)
    compare("tools", record.tools)
    compare("statuses", record.statuses)
    compare("model_calls", record.model_calls)
    compare("flags", record.flags)
    for flag in expect.get("flags_include", []):
        if flag not in record.flags:
            failures.append(f"{where}: flag {flag!r} missing (flags: {record.flags})")
    reply = _norm(record.reply)
    for text in expect.get("reply_includes", []):
        if _norm(text) not in reply:
            failures.append(f"{where}: reply lacks {text!r}: {record.reply[:160]!r}")
    for text in expect.get("reply_excludes", []):
        if _norm(text) in reply:
            failures.append(f"{where}: reply contains {text!r}: {record.reply[:160]!r}")
    if "events_count" in expect:
        count = Event.objects.filter(owner=user).count()
        if count != expect["events_count"]:
            failures.append(f"{where}: {count} events, expected {expect['events_count']}")
    wanted_write = expected_write(expect)
    if wanted_write is not None and wanted_write != record.wrote:
        failures.append(
            f"{where}: {'no write happened' if wanted_write else 'a write happened'} (expected write={wanted_write})"
        )
    return failures


def expected_write(expect: dict[str, Any]) -> bool | None:
    if "write" in expect:
        return bool(expect["write"])
    if "statuses" in expect:
        return any(
            status in {"created", "updated", "deleted", "remembered", "reminder_set", "reminder_removed"} for status in expect["statuses"]
        )
    return None


def _event_view(event: Event, zone: ZoneInfo) -> dict[str, Any]:
    return {
        "title": event.title,
        "start": event.starts_at.astimezone(zone).strftime("%Y-%m-%dT%H:%M"),
        "minutes": int((event.ends_at - event.starts_at).total_seconds() // 60),
    }


def _matches(view: dict[str, Any], wanted: dict[str, Any]) -> bool:
    for key, value in wanted.items():
        if key == "title" and _norm(view["title"]) != _norm(value):
            return False
        if key == "title_contains" and _norm(value) not in _norm(view["title"]):
            return False
        if key == "start" and view["start"] != value:
            return False
        if key == "minutes" and view["minutes"] != value:
            return False
    return True


def check_end(
    case: Case,
    user: User,
    zone: ZoneInfo,
    other: User | None,
    other_before: Any,
    snapshot: Callable[[User], Any],
) -> list[str]:
    expect = case.expect
    failures: list[str] = []
    events = [_event_view(event, zone) for event in Event.objects.filter(owner=user).order_by("starts_at", "id")]
    if "events" in expect:
        remaining = list(events)
        for wanted in expect["events"]:
            found = next((view for view in remaining if _matches(view, wanted)), None)
            if found is None:
                failures.append(f"end: no event like {wanted} (events: {events})")
            else:
                remaining.remove(found)
        if remaining and "events_count" not in expect:
            failures.append(f"end: unexpected events {remaining}")
    if "events_count" in expect and len(events) != expect["events_count"]:
        failures.append(f"end: {len(events)} events, expected {expect['events_count']}: {events}")
    for forbidden in expect.get("forbid_events", []):
        for view in events:
            if _matches(view, forbidden):
                failures.append(f"end: stale or forbidden event {view}")
    if "commands" in expect:
        commands = list(ScheduleCommand.objects.filter(owner=user).order_by("created_at"))
        if len(commands) != len(expect["commands"]):
            failures.append(
                f"end: {len(commands)} commands, expected {len(expect['commands'])}: {[c.status for c in commands]}"
            )
        for command, wanted in zip(commands, expect["commands"], strict=False):
            for key, value in wanted.items():
                actual = (
                    command.status if key == "status" else command.kind if key == "kind" else command.slot_value(key)
                )
                if actual != value:
                    failures.append(f"end: command {key} {actual!r}, expected {value!r}")
    if "intent" in expect:
        failures.extend(_intent(expect["intent"], user))
    for wanted in expect.get("memory", []):
        facts = MemoryFact.objects.filter(owner=user)
        if "topic_contains" in wanted:
            facts = facts.filter(topic__icontains=wanted["topic_contains"])
        if "fact_contains" in wanted:
            facts = facts.filter(fact__icontains=wanted["fact_contains"])
        if "source" in wanted:
            facts = facts.filter(source=wanted["source"])
        if not facts.exists():
            failures.append(f"end: no memory fact like {wanted}")
    failures.extend(_reminders(expect, user, zone))
    if other is not None and expect.get("other_people_untouched", True) and snapshot(other) != other_before:
        failures.append("end: another person's data changed")
    return failures


def _reminder_view(reminder: Reminder, zone: ZoneInfo) -> dict[str, Any]:
    # When it fires: its own moment, or (before an event) the event's first start less its lead.
    fires = reminder.remind_at or (
        reminder.event.starts_at - datetime.timedelta(minutes=reminder.minutes_before)
        if reminder.event and reminder.minutes_before is not None
        else None
    )
    return {
        "text": reminder.text,
        "at": fires.astimezone(zone).strftime("%Y-%m-%dT%H:%M") if fires else None,
        "minutes_before": reminder.minutes_before,
        "event_title": reminder.event.title if reminder.event else None,
        "rrule": reminder.rrule or None,
    }


def _reminders(expect: dict[str, Any], user: User, zone: ZoneInfo) -> list[str]:
    """``reminders: [...]`` — exactly these (text or text_contains, at, minutes_before, event_title, rrule)."""
    if "reminders" not in expect and "reminders_count" not in expect:
        return []
    views = [
        _reminder_view(r, zone) for r in Reminder.objects.filter(owner=user).select_related("event").order_by("id")
    ]
    failures = []
    if "reminders_count" in expect and len(views) != expect["reminders_count"]:
        failures.append(f"end: {len(views)} reminders, expected {expect['reminders_count']}: {views}")
    remaining = list(views)
    for wanted in expect.get("reminders", []):
        found = next((view for view in remaining if _reminder_matches(view, wanted)), None)
        if found is None:
            failures.append(f"end: no reminder like {wanted} (reminders: {views})")
        else:
            remaining.remove(found)
    if "reminders" in expect and remaining and "reminders_count" not in expect:
        failures.append(f"end: unexpected reminders {remaining}")
    return failures


def _reminder_matches(view: dict[str, Any], wanted: dict[str, Any]) -> bool:
    for key, value in wanted.items():
        if key == "text_contains":
            if _norm(value) not in _norm(view["text"]):
                return False
        elif key in {"text", "event_title"}:
            if _norm(view[key] or "") != _norm(value):
                return False
        elif view.get(key) != value:
            return False
    return True


def _intent(wanted: dict[str, Any], user: User) -> list[str]:
    state = ThreadState.objects.filter(thread__owner=user).order_by("-revision").first()
    if state is None:
        return ["end: no intent state"]
    intent = state.intent_state
    actual = {
        "goal_kind": intent.goal.kind.value if intent.goal else None,
        "goal_status": intent.goal.status.value if intent.goal else None,
        "suspended": len(intent.suspended),
        "revision": state.revision,
    }
    failures = []
    for key in ("goal_kind", "goal_status", "suspended", "revision"):
        if key in wanted and wanted[key] != actual[key]:
            failures.append(f"end: intent {key} {actual[key]!r}, expected {wanted[key]!r}")
    if "min_revision" in wanted and state.revision < wanted["min_revision"]:
        failures.append(f"end: intent revision {state.revision} < {wanted['min_revision']}")
    for name, value in (wanted.get("constraints") or {}).items():
        if intent.constraints.get(name) != value:
            failures.append(f"end: constraint {name} is {intent.constraints.get(name)!r}, expected {value!r}")
    return failures
