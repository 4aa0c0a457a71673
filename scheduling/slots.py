"""Free slots: where a meeting of a given length fits, earliest (or nearest) first."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from zoneinfo import ZoneInfo

from django.contrib.auth.models import User

from scheduling.localtime import local_datetime
from scheduling.models import Profile
from scheduling.selectors import occurrences_in_range

STEP = datetime.timedelta(minutes=30)
MAX_SUGGESTIONS = 10


class PartOfDay(StrEnum):
    MORNING = "morning"
    AFTERNOON = "afternoon"
    EVENING = "evening"
    ANY = "any"


NOON = datetime.time(12, 0)
EVENING_START = datetime.time(18, 0)
EVENING_END = datetime.time(22, 0)


@dataclass(frozen=True)
class Slot:
    start: datetime.datetime
    end: datetime.datetime

    def as_dict(self) -> dict[str, str]:
        return {"start": self.start.isoformat(), "end": self.end.isoformat()}


def day_window(
    day: datetime.date, part: PartOfDay, profile: Profile
) -> tuple[datetime.datetime, datetime.datetime] | None:
    """The part of a day to search, in UTC.

    Morning and afternoon are the working hours before and after noon; "any" is the whole
    working day; evening (18:00-22:00, or from the end of work if later) is outside working
    hours by definition, so it is the one part not clipped to them.
    """
    zone = profile.zone
    work_start, work_end = profile.work_start, profile.work_end
    if part is PartOfDay.MORNING:
        bounds = (work_start, min(work_end, NOON))
    elif part is PartOfDay.AFTERNOON:
        bounds = (max(work_start, NOON), work_end)
    elif part is PartOfDay.EVENING:
        bounds = (max(work_end, EVENING_START), EVENING_END)
    else:
        bounds = (work_start, work_end)
    if bounds[0] >= bounds[1]:
        return None
    return local_datetime(day, bounds[0], zone), local_datetime(day, bounds[1], zone)


def free_slots(
    *,
    owner: User,
    profile: Profile,
    days: Sequence[datetime.date],
    duration: datetime.timedelta,
    part: PartOfDay,
    now: datetime.datetime,
    limit: int = 3,
) -> list[Slot]:
    """Free slots on the given days, never overlapping an event or each other: over several days the
    earliest of each day first ("find me time to rest this week" offers three days, not one morning),
    then the next ones, all earliest first."""
    windows = [w for w in (day_window(day, part, profile) for day in sorted(set(days))) if w]
    if len(windows) < 2:
        return _fit(owner=owner, windows=windows, duration=duration, now=now, limit=limit)
    firsts: list[Slot] = []
    for window in windows:
        firsts += _fit(owner=owner, windows=[window], duration=duration, now=now, limit=1)
        if len(firsts) == limit:
            return firsts
    rest = _fit(owner=owner, windows=windows, duration=duration, now=now, limit=limit * 2)
    return sorted(firsts + [slot for slot in rest if slot not in firsts][: limit - len(firsts)], key=lambda s: s.start)


def nearest_free_slots(
    *,
    owner: User,
    profile: Profile,
    wanted_start: datetime.datetime,
    duration: datetime.timedelta,
    now: datetime.datetime,
    limit: int = 3,
    search_days: int = 7,
    ignore_ids: Sequence[int] = (),
    moving: tuple[int, datetime.datetime] | None = None,
) -> list[Slot]:
    """Free slots closest to a wanted start, for the answer to a conflict.

    ``ignore_ids`` are events that do not count as busy (the event being moved); ``moving``, the
    occurrence of a series being moved (its id and original start).

    The wanted day is searched over its working hours widened to include the wanted time
    (a 20:00 dinner looks around 20:00, not only inside 09:00-18:00); when that day has no
    room, the following days' working hours are searched, earliest first.
    """
    zone: ZoneInfo = profile.zone
    local_start = wanted_start.astimezone(zone)
    day = local_start.date()
    local_end = (wanted_start + duration).astimezone(zone)
    start_clock = min(profile.work_start, local_start.time())
    end_clock = profile.work_end if local_end.date() != day else max(profile.work_end, local_end.time())
    window = (local_datetime(day, start_clock, zone), local_datetime(day, end_clock, zone))
    same_day = _fit(
        owner=owner, windows=[window], duration=duration, now=now, limit=MAX_SUGGESTIONS * 4, ignore_ids=ignore_ids, moving=moving
    )
    if same_day:
        same_day.sort(key=lambda slot: (abs(slot.start - wanted_start), slot.start))
        return sorted(same_day[:limit], key=lambda slot: slot.start)
    later_days = [day + datetime.timedelta(days=offset) for offset in range(1, search_days + 1)]
    windows = [w for w in (day_window(day, PartOfDay.ANY, profile) for day in later_days) if w]
    return _fit(owner=owner, windows=windows, duration=duration, now=now, limit=limit, ignore_ids=ignore_ids, moving=moving)


def _fit(
    *,
    owner: User,
    windows: Iterable[tuple[datetime.datetime, datetime.datetime]],
    duration: datetime.timedelta,
    now: datetime.datetime,
    limit: int,
    ignore_ids: Sequence[int] = (),
    moving: tuple[int, datetime.datetime] | None = None,
) -> list[Slot]:
    windows = sorted(windows)
    if not windows or duration <= datetime.timedelta(0) or limit <= 0:
        return []
    # Only busy time blocks a slot: an all-day birthday leaves the working day free.
    busy = [
        (event.starts_at, event.ends_at)
        for event in occurrences_in_range(
            owner=owner, start=windows[0][0], end=windows[-1][1], now=now, exclude_ids=ignore_ids, busy_only=True, moving=moving
        )
    ]
    slots: list[Slot] = []
    for window_start, window_end in windows:
        candidate = max(window_start, _ceil_to_step(now, window_start))
        while candidate + duration <= window_end and len(slots) < limit:
            candidate_end = candidate + duration
            clash_end = _latest_clash_end(busy, candidate, candidate_end)
            if clash_end is None:
                slots.append(Slot(candidate, candidate_end))
                candidate = candidate_end
            else:
                candidate = _ceil_to_step(clash_end, window_start)
        if len(slots) >= limit:
            break
    return slots


def _latest_clash_end(
    busy: Sequence[tuple[datetime.datetime, datetime.datetime]],
    start: datetime.datetime,
    end: datetime.datetime,
) -> datetime.datetime | None:
    ends = [busy_end for busy_start, busy_end in busy if busy_start < end and busy_end > start]
    return max(ends) if ends else None


def _ceil_to_step(moment: datetime.datetime, origin: datetime.datetime) -> datetime.datetime:
    """The first point at or after ``moment`` on the STEP grid that starts at ``origin``."""
    if moment <= origin:
        return origin
    steps = -(-(moment - origin) // STEP)
    return origin + steps * STEP
