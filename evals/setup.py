"""Building a case's world: the person, their calendar, archive, memory and an active stub."""

from __future__ import annotations

import datetime
import uuid
from typing import Any
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User

from assistant.intent.derive import Act, derive
from assistant.intent.store import state_apply, state_get
from assistant.models import MemoryFact, Message, Thread
from evals.cases import Case
from scheduling.models import Event, Profile
from tools.context import ToolContext
from tools.registry import ToolRegistry, with_nulls

DEFAULT_NOW = "2026-12-07T10:00"
DEFAULT_ZONE = "Asia/Shanghai"


def case_zone(case: Case) -> ZoneInfo:
    return ZoneInfo(case.setup.get("zone", DEFAULT_ZONE))


def local(value: str, zone: ZoneInfo) -> datetime.datetime:
    return datetime.datetime.fromisoformat(value).replace(tzinfo=zone)


def case_start(case: Case) -> datetime.datetime:
    return local(case.setup.get("now", DEFAULT_NOW), case_zone(case)).astimezone(datetime.UTC)


def _person(case: Case, label: str) -> User:
    setup = case.setup
    user = get_user_model().objects.create_user(username=f"eval-{label}-{uuid.uuid4().hex[:10]}")
    hours = setup.get("working_hours", ["09:00", "18:00"])
    Profile.objects.create(
        user=user,
        time_zone=setup.get("zone", DEFAULT_ZONE),
        language=setup.get("language", "en"),
        work_start=datetime.time.fromisoformat(hours[0]),
        work_end=datetime.time.fromisoformat(hours[1]),
    )
    return user


def _events(owner: User, events: list[dict[str, Any]], zone: ZoneInfo) -> None:
    for event in events:
        start = local(event["start"], zone)
        Event.objects.create(
            owner=owner,
            title=event["title"],
            starts_at=start.astimezone(datetime.UTC),
            ends_at=(start + datetime.timedelta(minutes=event.get("minutes", 60))).astimezone(datetime.UTC),
            time_zone=str(zone),
            rrule=event.get("rrule", ""),
            notes=event.get("notes", ""),
            source=event.get("source", "chat"),
        )


def build_world(case: Case, now: datetime.datetime) -> tuple[User, Thread, User | None]:
    """The person, their thread, and (when the case has one) another person."""
    zone = case_zone(case)
    user = _person(case, "person")
    thread = Thread.objects.create(owner=user, title=case.id[:200])
    _events(user, case.setup.get("events", []), zone)
    other = None
    if case.setup.get("other_people_events"):
        other = _person(case, "other")
        _events(other, case.setup["other_people_events"], zone)
    other_thread = None
    for entry in case.setup.get("archive", []):
        target = thread
        if entry.get("thread", "other") == "other":
            other_thread = other_thread or Thread.objects.create(owner=user, title="earlier conversation")
            target = other_thread
        Message.objects.create(
            thread=target,
            role=entry["role"],
            text=entry["text"],
            created_at=local(entry["at"], zone).astimezone(datetime.UTC),
        )
    for fact in case.setup.get("memory", []):
        MemoryFact.objects.create(
            owner=user,
            topic=fact.get("topic", ""),
            fact=fact["fact"],
            source=fact.get("source", "user"),
            created_at=now,
            updated_at=now,
        )
    if case.setup.get("active_command"):
        _active_command(user, thread, case.setup["active_command"], now)
    return user, thread, other


def _active_command(user: User, thread: Thread, slots: dict[str, Any], now: datetime.datetime) -> None:
    """An open stub made the way an earlier turn would have made it, intent included."""
    context = ToolContext(user=user, profile=user.profile, now=now, thread_id=thread.id)
    arguments = {"title": None, "date": None, "time": None, "duration_minutes": None, "command_id": None, **slots}
    result = ToolRegistry(context).execute("schedule_event", with_nulls("schedule_event", arguments))
    state = state_get(thread=thread)
    transitions = derive(
        state.intent_state, state.revision, [Act("schedule_event", result.status.value, result.data, arguments)]
    )
    state_apply(thread=thread, transitions=transitions, message=None, now=now)
