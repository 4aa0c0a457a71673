"""Range queries, conflicts and free slots, in the person's zone."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scheduling.localtime import day_bounds, local_datetime
from scheduling.models import Event
from scheduling.selectors import event_conflicts, event_list_in_range
from scheduling.slots import PartOfDay, Slot, free_slots

pytestmark = pytest.mark.django_db
SHANGHAI = ZoneInfo("Asia/Shanghai")
D = datetime.date


def clock(slots: list[Slot], zone: ZoneInfo = SHANGHAI) -> list[str]:
    return [f"{s.start.astimezone(zone):%a %H:%M}-{s.end.astimezone(zone):%H:%M}" for s in slots]


def test_range_lists_overlapping_events_of_the_owner_only(
    person: Any, other_person: Any, add_event: Callable[..., Event]
) -> None:
    before = add_event(person, "Night shift", "2026-12-07T22:00", 180)  # runs past midnight
    inside = add_event(person, "Lunch", "2026-12-08T12:00")
    add_event(person, "Next day", "2026-12-09T09:00")
    add_event(other_person, "Not yours", "2026-12-08T12:00")
    start, end = day_bounds(D(2026, 12, 8), SHANGHAI)
    assert list(event_list_in_range(owner=person, start=start, end=end)) == [before, inside]


def test_conflicts_is_one_query_and_touching_is_not_a_clash(person: Any, add_event: Callable[..., Event]) -> None:
    lunch = add_event(person, "Lunch", "2026-12-08T12:00")
    start = local_datetime(D(2026, 12, 8), datetime.time(13, 0), SHANGHAI)
    with CaptureQueriesContext(connection) as queries:
        assert event_conflicts(owner=person, start=start, end=start + datetime.timedelta(hours=1)) == []
    assert len(queries) == 1
    overlapping = event_conflicts(owner=person, start=start - datetime.timedelta(minutes=30), end=start)
    assert overlapping == [lunch]
    assert (
        event_conflicts(owner=person, start=start - datetime.timedelta(minutes=30), end=start, exclude_ids=[lunch.id])
        == []
    )


def test_free_slots_earliest_first_inside_working_hours(
    person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    add_event(person, "Standup", "2026-12-08T09:00", 30)
    add_event(person, "Review", "2026-12-08T10:30", 60)
    slots = free_slots(
        owner=person,
        profile=person.profile,
        days=[D(2026, 12, 8)],
        duration=datetime.timedelta(hours=1),
        part=PartOfDay.ANY,
        now=frozen_now,
        limit=4,
    )
    assert clock(slots) == ["Tue 09:30-10:30", "Tue 11:30-12:30", "Tue 12:30-13:30", "Tue 13:30-14:30"]


def test_over_several_days_each_day_is_offered_before_a_second_slot_of_one(
    person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    add_event(person, "Offsite", "2026-12-09T09:00", 540)  # Wednesday is full
    def offered(limit: int) -> list[str]:
        days = [D(2026, 12, 8), D(2026, 12, 9), D(2026, 12, 10), D(2026, 12, 11)]
        return clock(free_slots(owner=person, profile=person.profile, days=days, duration=datetime.timedelta(hours=1),
                                part=PartOfDay.MORNING, now=frozen_now, limit=limit))  # fmt: skip

    assert offered(3) == ["Tue 09:00-10:00", "Thu 09:00-10:00", "Fri 09:00-10:00"]
    # more than there are days with room: the earliest of the rest fill in, in order
    assert offered(4) == ["Tue 09:00-10:00", "Tue 10:00-11:00", "Thu 09:00-10:00", "Fri 09:00-10:00"]


def test_parts_of_day(person: Any, frozen_now: datetime.datetime) -> None:
    def first(part: PartOfDay) -> list[str]:
        return clock(
            free_slots(
                owner=person,
                profile=person.profile,
                days=[D(2026, 12, 8)],
                duration=datetime.timedelta(hours=2),
                part=part,
                now=frozen_now,
                limit=5,
            )
        )

    assert first(PartOfDay.MORNING) == ["Tue 09:00-11:00"]
    assert first(PartOfDay.AFTERNOON) == ["Tue 12:00-14:00", "Tue 14:00-16:00", "Tue 16:00-18:00"]
    assert first(PartOfDay.EVENING) == ["Tue 18:00-20:00", "Tue 20:00-22:00"]


def test_no_slot_in_the_past_or_outside_the_days_asked(person: Any, frozen_now: datetime.datetime) -> None:
    # Now is Monday 10:00 in Shanghai: today's first free hour is 10:00, never 09:00.
    slots = free_slots(
        owner=person,
        profile=person.profile,
        days=[D(2026, 12, 7), D(2026, 12, 8)],
        duration=datetime.timedelta(hours=4),
        part=PartOfDay.ANY,
        now=frozen_now + datetime.timedelta(minutes=5),
        limit=10,
    )
    assert clock(slots) == ["Mon 10:30-14:30", "Tue 09:00-13:00", "Tue 13:00-17:00"]
    assert all(s.start >= frozen_now for s in slots)


def test_slots_never_overlap_events_or_each_other(
    person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    for start, minutes in [
        ("2026-12-08T09:15", 20),
        ("2026-12-08T11:00", 90),
        ("2026-12-08T14:10", 5),
        ("2026-12-08T16:45", 60),
    ]:
        add_event(person, "busy", start, minutes)
    slots = free_slots(
        owner=person,
        profile=person.profile,
        days=[D(2026, 12, 8)],
        duration=datetime.timedelta(minutes=45),
        part=PartOfDay.ANY,
        now=frozen_now,
        limit=10,
    )
    busy = [(e.starts_at, e.ends_at) for e in Event.objects.all()]
    for index, slot in enumerate(slots):
        assert all(not (slot.start < end and slot.end > start) for start, end in busy)
        assert all(not (slot.start < other.end and slot.end > other.start) for other in slots[index + 1 :])
        assert slot.start.astimezone(SHANGHAI).time() >= datetime.time(9, 0)
        assert slot.end.astimezone(SHANGHAI).time() <= datetime.time(18, 0)
    assert [s.start for s in slots] == sorted(s.start for s in slots)
    assert len(slots) >= 5


def test_working_hours_come_from_the_profile(make_person: Callable[..., Any], frozen_now: datetime.datetime) -> None:
    night_owl = make_person(
        time_zone="America/New_York", work_start=datetime.time(13, 0), work_end=datetime.time(21, 0)
    )
    slots = free_slots(
        owner=night_owl,
        profile=night_owl.profile,
        days=[D(2026, 12, 8)],
        duration=datetime.timedelta(hours=3),
        part=PartOfDay.ANY,
        now=frozen_now,
        limit=5,
    )
    assert clock(slots, ZoneInfo("America/New_York")) == ["Tue 13:00-16:00", "Tue 16:00-19:00"]
    assert (
        free_slots(
            owner=night_owl,
            profile=night_owl.profile,
            days=[D(2026, 12, 8)],
            duration=datetime.timedelta(hours=1),
            part=PartOfDay.MORNING,
            now=frozen_now,
        )
        == []
    )


def test_local_times_across_a_daylight_saving_change(make_person: Callable[..., Any]) -> None:
    zone = ZoneInfo("Europe/Berlin")
    # 2027-03-28 02:30 does not exist in Berlin: it is moved forward by the gap, as calendars do.
    assert local_datetime(D(2027, 3, 28), datetime.time(2, 30), zone).astimezone(zone).strftime("%H:%M") == "03:30"
    start, end = day_bounds(D(2027, 3, 28), zone)
    assert end - start == datetime.timedelta(hours=23)
    start, end = day_bounds(D(2027, 10, 31), zone)
    assert end - start == datetime.timedelta(hours=25)
