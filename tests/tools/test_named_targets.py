"""An event named in words is found in code, among the person's own events only."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from scheduling.models import Event
from scheduling.selectors import profile_get
from tools.context import ToolContext
from tools.handlers.events import change_event, delete_event, query_events
from tools.handlers.reminders import set_reminder
from tools.handlers.targets import Named, events_named, title_score
from tools.spec import Status

pytestmark = pytest.mark.django_db

NO_VALUES = {"event_ref": None, "ordinal": None, "title": None, "date": None, "time": None, "duration_minutes": None}


def context_for(user: Any, now: Any) -> ToolContext:
    return ToolContext(user=user, profile=profile_get(user=user), now=now)


@pytest.mark.parametrize(
    ("words", "title", "fits"),
    [
        ("yoga", "Yoga class", True),
        ("my dentist appointment", "Dentist", True),
        ("dentst", "Dentist", True),  # a typo
        ("standups", "Standup", True),
        ("瑜伽", "瑜伽课", True),
        ("瑜伽课程", "瑜伽", True),
        ("会议", "會議", True),  # either script names the same event
        ("聽日嘅會議", "会议", True),
        ("piano lesson", "Yoga class", False),
        ("钢琴课", "瑜伽", False),
        ("the appointment", "Dentist", False),  # no word that names an event
    ],
)
def test_title_words_name_an_event_in_both_languages(words: str, title: str, fits: bool) -> None:
    assert (title_score(words, title) > 0) is fits


def test_only_the_persons_own_events_are_searched(
    person: Any, other_person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    add_event(other_person, "Yoga", "2026-12-09T18:00")
    mine = add_event(person, "Yoga", "2026-12-10T18:00")
    found = events_named(context_for(person, frozen_now), Named(words="yoga"))
    assert found.events == [mine]


def test_a_day_and_a_time_narrow_the_match(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    add_event(person, "Gym", "2026-12-09T07:00")
    evening = add_event(person, "Gym", "2026-12-09T18:00")
    friday = add_event(person, "Gym", "2026-12-11T18:00")
    context = context_for(person, frozen_now)
    assert events_named(context, Named(words="gym", date="W3", time="18:00")).events == [evening]
    assert events_named(context, Named(words="gym", date="W5")).events == [friday]
    assert events_named(context, Named(time="18:00")).events == [evening, friday]


def test_one_match_moves_several_ask_none_says_so(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    yoga = add_event(person, "Yoga", "2026-12-09T18:00")
    add_event(person, "Team meeting", "2026-12-08T09:00")
    add_event(person, "Team meeting", "2026-12-10T14:00")
    context = context_for(person, frozen_now)
    moved = change_event(context, {**NO_VALUES, "event_words": "yoga", "date": "W7"})
    assert moved.status == Status.UPDATED and moved.data["event"]["date"] == "2026-12-13"
    yoga.refresh_from_db()
    several = change_event(context, {**NO_VALUES, "event_words": "team meeting", "time": "16:00"})
    assert several.status == Status.AMBIGUOUS_REFERENCE
    assert [c["date"] for c in several.data["candidates"]] == ["2026-12-08", "2026-12-10"]
    assert several.data["choosing"] == {"tool": "change_event", "values": {"time": "16:00"}}
    none = delete_event(
        context, {"event_ref": None, "ordinal": None, "event_words": "piano", "event_date": None, "event_time": None}
    )
    assert none.status == Status.NOT_FOUND and none.data["named"] == {"words": "piano"}


def test_a_named_delete_only_asks(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    add_event(person, "Dentist", "2026-12-10T15:00")
    result = delete_event(context_for(person, frozen_now), {"event_words": "dentist"})
    assert result.status == Status.AWAITING_CONFIRMATION and result.data["event"]["title"] == "Dentist"
    assert Event.objects.filter(owner=person).count() == 1


def test_a_repeating_event_is_found_by_its_name_once(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    standup = add_event(person, "Standup", "2026-11-02T09:00", 15)
    Event.objects.filter(id=standup.id).update(rrule="FREQ=WEEKLY;BYDAY=MO")
    context = context_for(person, frozen_now)
    found = events_named(context, Named(words="standup"))
    assert [(event.id, event.rrule) for event in found.events] == [(standup.id, "FREQ=WEEKLY;BYDAY=MO")]
    assert found.events[0].starts_at == standup.starts_at  # the series row, not a moved copy
    asked = change_event(context, {**NO_VALUES, "event_words": "standup", "time": "10:00"})
    assert asked.status == Status.NEEDS_SCOPE


def test_none_fits_but_the_day_was_named_offers_that_days_events(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    add_event(person, "Yoga", "2026-12-09T19:00")
    add_event(person, "Dentist", "2026-12-10T15:00")
    context = context_for(person, frozen_now)
    offered = change_event(context, {**NO_VALUES, "event_words": "瑜伽", "event_date": "2026-12-09", "time": "20:00"})
    assert offered.status == Status.AMBIGUOUS_REFERENCE
    assert [c["title"] for c in offered.data["candidates"]] == ["Yoga"]
    assert offered.data["choosing"] == {"tool": "change_event", "values": {"time": "20:00"}}
    none = change_event(context, {**NO_VALUES, "event_words": "瑜伽", "time": "20:00"})
    assert none.status == Status.NOT_FOUND


def test_a_shift_moves_the_events_own_start_computed_by_the_tool(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    # "push the project review back an hour", the event not in focus: the tool reads its start.
    review = add_event(person, "Project review", "2026-12-22T16:00")
    context = context_for(person, frozen_now)
    later = change_event(context, {**NO_VALUES, "event_words": "project review", "shift_minutes": 60})
    assert later.status == Status.UPDATED and later.data["event"]["start"] == "17:00"
    earlier = change_event(context, {**NO_VALUES, "event_words": "project review", "shift_minutes": -90})
    assert earlier.data["event"]["start"] == "15:30" and earlier.data["event"]["date"] == "2026-12-22"
    review.refresh_from_db()
    assert review.ends_at - review.starts_at == datetime.timedelta(hours=1)  # the length is kept


def test_a_new_end_is_counted_from_the_events_own_start_or_the_new_one(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    # "the workshop runs until 5pm", the event not in focus: the tool reads its start and counts the length.
    workshop = add_event(person, "Workshop", "2026-12-22T14:00")
    context = context_for(person, frozen_now)
    longer = change_event(context, {**NO_VALUES, "event_words": "workshop", "end_time": "17:00"})
    assert longer.status == Status.UPDATED and (longer.data["event"]["start"], longer.data["event"]["end"]) == ("14:00", "17:00")
    moved = change_event(context, {**NO_VALUES, "event_words": "workshop", "time": "15:00", "end_time": "16:30"})
    assert (moved.data["event"]["start"], moved.data["event"]["end"]) == ("15:00", "16:30")
    before = change_event(context, {**NO_VALUES, "event_words": "workshop", "end_time": "09:00"})
    assert before.status == Status.INVALID_ARGUMENTS and "not after its start" in before.data["problem"]
    workshop.refresh_from_db()
    assert workshop.ends_at - workshop.starts_at == datetime.timedelta(minutes=90)  # the refused end wrote nothing


def test_a_shift_past_midnight_changes_nothing_and_says_why(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    late = add_event(person, "Late call", "2026-12-22T22:00")
    before = (late.starts_at, late.ends_at)
    result = change_event(
        context_for(person, frozen_now), {**NO_VALUES, "event_words": "late call", "shift_minutes": 180}
    )
    assert result.status == Status.INVALID_ARGUMENTS and "another day" in result.data["problem"]
    late.refresh_from_db()
    assert (late.starts_at, late.ends_at) == before


def test_a_shift_waits_through_which_one_and_a_said_time_wins(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    add_event(person, "Design review", "2026-12-15T11:00")
    add_event(person, "Design review", "2026-12-17T11:00")
    context = context_for(person, frozen_now)
    several = change_event(context, {**NO_VALUES, "event_words": "design review", "shift_minutes": 60})
    assert several.data["choosing"] == {"tool": "change_event", "values": {"shift_minutes": 60}}
    said = change_event(
        context,
        {**NO_VALUES, "event_words": "design review", "event_date": "2026-12-15", "time": "09:00", "shift_minutes": 60},
    )
    assert said.data["event"]["start"] == "09:00"  # a time said is the new time; the shift is not added to it


def _asked(context: ToolContext, words: str | None, start: str = "D+0", end: str | None = "D+61") -> dict[str, Any]:
    return query_events(context, {"start": start, "end": end, "event_words": words}).data


def test_when_is_a_named_event_lists_that_event_only(
    person: Any, other_person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    add_event(person, "Yoga", "2026-12-10T18:00")
    add_event(person, "Dentist", "2026-12-22T15:00")
    add_event(other_person, "Dentist", "2026-12-11T09:00")
    data = _asked(context_for(person, frozen_now), "my dentist")
    assert [(e["title"], e["date"]) for e in data["events"]] == [("Dentist", "2026-12-22")]
    assert (data["named"], data["named_found"], data["truncated"]) == ("my dentist", True, False)


def test_a_repeating_event_asked_by_name_shows_its_next_occurrences(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    standup = add_event(person, "Standup", "2026-12-07T09:30", 15)
    Event.objects.filter(id=standup.id).update(rrule="FREQ=DAILY")
    add_event(person, "Lunch", "2026-12-08T12:00")
    data = _asked(context_for(person, frozen_now), "standup")
    assert {e["title"] for e in data["events"]} == {"Standup"}
    assert len(data["events"]) == 5 and data["truncated"]  # the next five, not two months of them


def test_a_name_that_fits_nothing_shows_the_range_and_says_so(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    add_event(person, "Yoga", "2026-12-10T18:00")  # asked about as 瑜伽: found by the person in the list
    data = _asked(context_for(person, frozen_now), "瑜伽")
    assert [e["title"] for e in data["events"]] == ["Yoga"]
    assert (data["named"], data["named_found"]) == ("瑜伽", False)
    assert "named" not in _asked(context_for(person, frozen_now), None)


@pytest.mark.parametrize("scope", [None, "this"])
def test_the_day_a_repeating_event_is_named_by_is_the_occurrence_meant(
    person: Any, add_event: Callable[..., Event], frozen_now: Any, scope: str | None
) -> None:
    yoga = add_event(person, "Yoga", "2026-12-07T19:00")  # Mondays, from today (Mon 7 Dec)
    Event.objects.filter(id=yoga.id).update(rrule="FREQ=WEEKLY;BYDAY=MO")
    arguments = {"event_words": "yoga", "event_date": "W1+1", "scope": scope}  # "next monday's yoga"
    result = delete_event(context_for(person, frozen_now), arguments)
    meant = result.data.get("occurrence") or result.data["event"]
    assert meant["date"] == "2026-12-14", result.data  # asked or carded: the 14th, never today's


@pytest.mark.parametrize(
    ("words", "title", "found"),
    [
        ("meeting with bob", "Meeting with Alice", False),  # with someone else: another event
        ("meeting with alice", "Meeting with Alice", True),
        ("my meeting", "Meeting with Alice", True),
        ("和小王吃饭", "和小李吃饭", False),
        ("和小李吃饭", "和小李吃饭", True),
        ("dinner with my parents", "Dinner with parents", True),  # "my" says whose, not who
        ("开会", "项目周会", True),  # to have a meeting names a meeting
        ("dinner with my parents", "Dinner with the Smiths", False),
    ],
)
def test_an_event_with_someone_else_is_not_the_one_named(
    person: Any, add_event: Callable[..., Event], frozen_now: Any, words: str, title: str, found: bool
) -> None:
    add_event(person, title, "2026-12-09T10:00")
    result = events_named(context_for(person, frozen_now), Named(words=words))
    assert bool(result.events) is found


def test_a_kind_of_event_on_a_named_day_asks_which_one(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    # "把周二的会挪到下午四点": 周会 holds 会, but 产品评审 that day may be the meeting meant.
    add_event(person, "产品评审", "2026-12-08T10:00")
    add_event(person, "周会", "2026-12-08T14:00")
    context = context_for(person, frozen_now)
    assert len(events_named(context, Named(words="会", date="2026-12-08")).events) == 2
    assert [e.title for e in events_named(context, Named(words="周会", date="2026-12-08")).events] == ["周会"]



def test_a_reminder_named_on_a_day_where_no_title_fits_offers_that_days_events(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    # "下周一看牙 提前15分钟提醒我" for 「牙医」: the day's events as a numbered choice that keeps the lead time.
    add_event(person, "牙医", "2026-12-14T10:00")
    add_event(person, "周会", "2026-12-14T15:00")
    context = context_for(person, frozen_now)
    offered = set_reminder(context, {"event_words": "看牙", "date": "2026-12-14", "minutes_before": 15})
    assert offered.status == Status.AMBIGUOUS_REFERENCE
    assert [c["title"] for c in offered.data["candidates"]] == ["牙医", "周会"]
    assert offered.data["choosing"] == {"tool": "set_reminder", "values": {"minutes_before": 15}}
    elsewhere = set_reminder(context, {"event_words": "看牙", "date": "2026-12-15", "minutes_before": 15})
    assert elsewhere.status == Status.NOT_FOUND  # nothing on that day: said plainly, nothing set


def test_words_that_fit_no_title_at_a_time_said_offer_the_events_then(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    # "push my 3pm meeting back an hour" when the 3pm is 'Design review': asked, never moved unasked.
    review = add_event(person, "Design review", "2026-12-22T15:00")
    add_event(person, "Lunch", "2026-12-22T12:00")
    context = context_for(person, frozen_now)
    asked = change_event(context, {**NO_VALUES, "event_words": "meeting", "event_time": "15:00", "shift_minutes": 60})
    assert asked.status == Status.AMBIGUOUS_REFERENCE
    assert [c["title"] for c in asked.data["candidates"]] == ["Design review"]
    assert asked.data["choosing"] == {"tool": "change_event", "values": {"shift_minutes": 60}}
    review.refresh_from_db()
    assert review.starts_at.astimezone(context.zone).hour == 15  # nothing moved yet
    nothing = change_event(context, {**NO_VALUES, "event_words": "meeting", "event_time": "09:00", "shift_minutes": 60})
    assert nothing.status == Status.NOT_FOUND
