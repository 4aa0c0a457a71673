"""The planning consultation: read-only advice over the person's next days, from a few
advisors' perspectives. Every figure is computed from the calendar; nothing is written."""

from __future__ import annotations

import datetime
from collections import defaultdict

from django.contrib.auth.models import User

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

    zh = profile.language == "zh"
    label = (lambda d: f"{d.month}月{d.day}日") if zh else (lambda d: d.strftime("%a %d %b"))
    total = len(events)
    if zh:
        lines = [f"规划咨询（未来{days}天，只读，没有改动任何安排）：共{total}个安排。"]
        lines.append(
            f"· 节奏顾问：最忙的是{label(busiest)}（{hours(busiest):.1f}小时）。"
            + (
                f"超过{HEAVY_DAY_HOURS:.0f}小时的日子：{'、'.join(map(label, heavy))}。"
                if heavy
                else "没有超负荷的日子。"
            )
        )
        lines.append(
            "· 专注顾问："
            + (
                f"这些工作日没有连续两小时的空档：{'、'.join(map(label, no_focus))}。"
                if no_focus
                else "每个工作日都有至少两小时的专注时间。"
            )
        )
        balance = f"工作时间以外的安排{len(after_hours)}个，周末{len(weekend)}个。"
        lines.append(
            "· 平衡顾问：" + balance + (f"{'、'.join(map(label, chains))}有连续三个以上紧挨着的会。" if chains else "")
        )
        return "\n".join(lines)
    lines = [
        f"Planning consultation for your next {days} days (read-only: nothing was changed). {total} events in all."
    ]
    lines.append(
        f"- Pace advisor: the busiest day is {label(busiest)} ({hours(busiest):.1f} h). "
        + (f"Days over {HEAVY_DAY_HOURS:.0f} h: {', '.join(map(label, heavy))}." if heavy else "No day is overloaded.")
    )
    lines.append(
        "- Focus advisor: "
        + (
            f"no two-hour free block on {', '.join(map(label, no_focus))}."
            if no_focus
            else "every weekday keeps at least two free hours in a row."
        )
    )
    lines.append(
        f"- Balance advisor: {len(after_hours)} events outside working hours, {len(weekend)} at the weekend."
        + (f" Three or more back-to-back meetings on {', '.join(map(label, chains))}." if chains else "")
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
