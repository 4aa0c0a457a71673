"""The planning consultation: read-only advice over the person's next days, from a few
advisors' perspectives. Every figure is computed from the calendar; nothing is written."""

from __future__ import annotations

import datetime
from collections import defaultdict

from django.contrib.auth.models import User

import catalogue
from scheduling.localtime import local_datetime, local_today
from scheduling.models import Event, Profile
from scheduling.selectors import occurrences_in_range

HEAVY_DAY_HOURS = 6.0
FOCUS_BLOCK = datetime.timedelta(hours=2)


def council_reply(*, user: User, profile: Profile, now: datetime.datetime, days: int = 7) -> str:
    zone = profile.zone
    today = local_today(now, zone)
    span = [today + datetime.timedelta(days=offset) for offset in range(days)]
    start = local_datetime(span[0], datetime.time(0, 0), zone)
    end = local_datetime(span[-1] + datetime.timedelta(days=1), datetime.time(0, 0), zone)
    events = occurrences_in_range(owner=user, start=start, end=end, now=now)
    by_day: dict[datetime.date, list[Event]] = defaultdict(list)
    for event in events:
        by_day[event.starts_at.astimezone(zone).date()].append(event)

    def hours(day: datetime.date) -> float:
        return sum((e.ends_at - e.starts_at).total_seconds() for e in by_day[day]) / 3600

    heavy = [day for day in span if hours(day) >= HEAVY_DAY_HOURS]
    busiest = max(span, key=hours)
    no_focus = [day for day in span if day.isoweekday() <= 5 and not _has_focus_block(by_day[day], day, profile)]
    after_hours = [
        e
        for e in events
        if e.starts_at.astimezone(zone).time() < profile.work_start
        or e.ends_at.astimezone(zone).time() > profile.work_end
    ]
    weekend = [e for e in events if e.starts_at.astimezone(zone).isoweekday() >= 6]
    chains = [day for day in span if _back_to_back(by_day[day]) >= 3]

    language = profile.language

    def label(day: datetime.date) -> str:
        weekday, month = (
            catalogue.text(f"weekday_{day.isoweekday()}", language),
            catalogue.text(f"month_{day.month}", language),
        )
        return catalogue.text("council_day", language, weekday=weekday, day=day.day, month=month)

    def listed(days: list[datetime.date]) -> str:
        return catalogue.text("list_comma", language).join(map(label, days))

    lines = [catalogue.text("council_head", language, days=days, total=len(events))]
    lines.append(
        catalogue.text("council_pace", language, day=label(busiest), hours=hours(busiest))
        + (
            catalogue.text("council_heavy", language, limit=HEAVY_DAY_HOURS, days=listed(heavy))
            if heavy
            else catalogue.text("council_no_heavy", language)
        )
    )
    lines.append(
        catalogue.text("council_focus", language)
        + (
            catalogue.text("council_no_focus", language, days=listed(no_focus))
            if no_focus
            else catalogue.text("council_focus_kept", language)
        )
    )
    lines.append(
        catalogue.text("council_balance", language, after_hours=len(after_hours), weekend=len(weekend))
        + (catalogue.text("council_chains", language, days=listed(chains)) if chains else "")
    )
    return "\n".join(lines)


def _has_focus_block(events: list[Event], day: datetime.date, profile: Profile) -> bool:
    zone = profile.zone
    cursor = local_datetime(day, profile.work_start, zone)
    end = local_datetime(day, profile.work_end, zone)
    for event in sorted(events, key=lambda e: e.starts_at):
        if event.starts_at - cursor >= FOCUS_BLOCK:
            return True
        cursor = max(cursor, event.ends_at)
    return end - cursor >= FOCUS_BLOCK


def _back_to_back(events: list[Event]) -> int:
    longest = current = 0
    previous_end = None
    for event in sorted(events, key=lambda e: e.starts_at):
        current = (
            current + 1
            if previous_end is not None and event.starts_at - previous_end <= datetime.timedelta(minutes=10)
            else 1
        )
        longest = max(longest, current)
        previous_end = event.ends_at
    return longest
