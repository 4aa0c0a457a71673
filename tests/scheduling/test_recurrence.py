"""Recurring events: rules built by code from the closed object, expansion (DST, horizon,
EXDATE, overrides), conflicts across occurrences, and "this one / following / all"."""

from __future__ import annotations

import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings

from scheduling.errors import ValidationFailed
from scheduling.localtime import local_datetime
from scheduling.models import Event
from scheduling.recurrence import Recurrence, build_rule, occurrence_starts, until_instant
from scheduling.selectors import occurrences_in_range, profile_get
from tools.context import ToolContext
from tools.registry import ToolRegistry

pytestmark = pytest.mark.django_db
SHANGHAI = ZoneInfo("Asia/Shanghai")
LONDON = ZoneInfo("Europe/London")
D = datetime.date
NO_EXTRAS = {
    "all_day": None,
    "end_date": None,
    "recurrence": None,
    "reminder_minutes": None,
    "busy": None,
    "allow_overlap": None,
}


def rule(**fields: Any) -> Recurrence:
    return Recurrence.from_mapping(
        {"interval": None, "weekdays": None, "month_day": None, "until": None, "count": None, **fields}
    )


def registry(person: Any, now: datetime.datetime) -> ToolRegistry:
    return ToolRegistry(ToolContext(user=person, profile=profile_get(user=person), now=now))


def schedule(reg: ToolRegistry, **arguments: Any) -> Any:
    base = {"title": None, "date": None, "time": None, "duration_minutes": None, "command_id": None}
    return reg.execute("schedule_event", {**base, **NO_EXTRAS, **arguments})


def local_days(events: list[Event], zone: ZoneInfo = SHANGHAI) -> list[str]:
    return [event.starts_at.astimezone(zone).strftime("%Y-%m-%d %H:%M") for event in events]


# --- the rule is code's: the model's closed object in, RFC 5545 text out ----------------------


def test_rules_are_built_from_the_closed_object() -> None:
    assert build_rule(rule(frequency="weekly", weekdays=["MO"]), until=None) == "FREQ=WEEKLY;BYDAY=MO"
    every_other = rule(frequency="weekly", interval=2, weekdays=["FR"], until="2027-03-01")
    until = until_instant(every_other, today=D(2026, 12, 7), zone=SHANGHAI)
    # UNTIL is the end of 1 March in Shanghai, written in UTC as RFC 5545 asks beside a TZID start.
    assert build_rule(every_other, until=until) == "FREQ=WEEKLY;UNTIL=20270301T155959Z;INTERVAL=2;BYDAY=FR"
    assert build_rule(rule(frequency="monthly", month_day=15, count=6), until=None) == (
        "FREQ=MONTHLY;COUNT=6;BYMONTHDAY=15"
    )


@pytest.mark.parametrize(
    "fields",
    [
        {"frequency": "hourly"},
        {"frequency": "monthly", "weekdays": ["MO"]},
        {"frequency": "weekly", "month_day": 3},
        {"frequency": "weekly", "until": "2027-01-01", "count": 3},
        {"frequency": "weekly", "weekdays": ["XX"]},
        {"frequency": "daily", "interval": 0},
        {"frequency": "monthly", "month_day": 0},
    ],
)
def test_a_rule_that_makes_no_sense_is_refused(fields: dict[str, Any]) -> None:
    with pytest.raises(ValidationFailed):
        rule(**fields)


def test_expansion_keeps_the_wall_clock_across_daylight_saving() -> None:
    first = local_datetime(D(2027, 3, 22), datetime.time(9, 30), LONDON)
    starts = occurrence_starts(
        rule="FREQ=WEEKLY;BYDAY=MO",
        first_start=first,
        zone=LONDON,
        window_start=first,
        window_end=first + datetime.timedelta(days=13),
        duration=datetime.timedelta(minutes=15),
    )
    # Clocks go forward on 28 March 2027: 09:30 GMT, then 09:30 BST (08:30 UTC).
    assert [start.astimezone(LONDON).strftime("%m-%d %H:%M") for start in starts] == ["03-22 09:30", "03-29 09:30"]
    assert [start.astimezone(datetime.UTC).hour for start in starts] == [9, 8]


def test_expansion_is_bounded_by_the_window_and_the_horizon(person: Any) -> None:
    now = datetime.datetime(2026, 12, 7, 2, 0, tzinfo=datetime.UTC)
    first = local_datetime(D(2026, 12, 8), datetime.time(8, 0), SHANGHAI)
    Event.objects.create(
        owner=person, title="Pills", starts_at=first, ends_at=first + datetime.timedelta(minutes=5),
        time_zone="Asia/Shanghai", rrule="FREQ=DAILY;COUNT=3650",
    )  # fmt: skip
    week = occurrences_in_range(owner=person, start=first, end=first + datetime.timedelta(days=7), now=now)
    assert len(week) == 7
    with override_settings(RECURRENCE_HORIZON_DAYS=30):
        ten_years = occurrences_in_range(owner=person, start=first, end=first + datetime.timedelta(days=3650), now=now)
    assert 29 <= len(ten_years) <= 31


# --- through the tool: create, query, conflicts ----------------------------------------------


@pytest.mark.parametrize(
    ("date", "weekdays", "first"),
    [("2026-12-10", ["WE"], "2026-12-16"), ("D+0", ["SU"], "2026-12-13"), ("2026-12-10", ["TH"], "2026-12-10")],
)
def test_every_other_week_starts_on_the_first_day_it_names_from_the_day_said(
    person: Any, frozen_now: Any, date: str, weekdays: list[str], first: str
) -> None:
    # "every other Wednesday from Thursday 10 Dec" starts Wednesday 16 Dec, not a fortnight after it.
    recurrence = {"frequency": "weekly", "interval": 2, "weekdays": weekdays, "month_day": None, "until": None, "count": None}
    result = schedule(registry(person, frozen_now), title="Therapy", date=date, time="17:00", recurrence=recurrence)
    assert (result.status, result.data["event"]["date"]) == ("created", first)


def test_weekdays_at_930_said_on_a_monday_after_930_starts_tomorrow(person: Any, frozen_now: Any) -> None:
    reg = registry(person, frozen_now)
    result = schedule(
        reg, title="Standup", time="09:30", duration_minutes=15,
        recurrence={"frequency": "weekly", "interval": None, "weekdays": ["MO", "TU", "WE", "TH", "FR"],
                    "month_day": None, "until": None, "count": None},
    )  # fmt: skip
    assert result.status == "created", result.data
    event = Event.objects.get(owner=person)
    assert event.rrule == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
    assert event.series_ends_at is None
    assert result.data["event"]["date"] == "2026-12-08"  # it is 10:00 on Monday 7 Dec
    listed = reg.execute("query_events", {"start": "D+0", "end": "D+13", "event_words": None})
    assert [e["date"] for e in listed.data["events"]] == [
        "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11",
        "2026-12-14", "2026-12-15", "2026-12-16", "2026-12-17", "2026-12-18",
    ]  # fmt: skip
    assert all(e["ref"] == f"E{event.id}" and e["repeats"]["weekdays"] for e in listed.data["events"])


def test_a_series_that_clashes_names_its_first_clash(person: Any, frozen_now: Any, add_event: Any) -> None:
    add_event(person, "Dentist", "2026-12-21T10:00")
    add_event(person, "Later clash", "2027-01-04T10:30")
    result = schedule(
        registry(person, frozen_now), title="Team sync", date="W1+1", time="10:00",
        recurrence={"frequency": "weekly", "interval": None, "weekdays": None, "month_day": None, "until": None,
                    "count": 8},
    )  # fmt: skip
    assert result.status == "conflict"
    assert result.data["first_clash"]["date"] == "2026-12-21"
    assert [c["title"] for c in result.data["conflicts"]] == ["Dentist"]
    assert not Event.objects.filter(title="Team sync").exists()


def test_a_clash_months_ahead_is_found_past_the_first_windows(person: Any, frozen_now: Any, add_event: Any) -> None:
    # The check widens its window month by month: a clash 20 weeks out is still named, and a
    # busy event just before an occurrence's window edge is still seen.
    add_event(person, "Conference", "2027-05-03T09:30", minutes=120)
    add_event(person, "Not a clash", "2027-05-03T08:00", minutes=60)
    result = schedule(
        registry(person, frozen_now), title="Team sync", date="W1+1", time="10:00",
        recurrence={"frequency": "weekly", "interval": None, "weekdays": None, "month_day": None, "until": None,
                    "count": None},
    )  # fmt: skip
    assert result.status == "conflict"
    assert result.data["first_clash"]["date"] == "2027-05-03"
    assert [c["title"] for c in result.data["conflicts"]] == ["Conference"]


def test_a_single_event_clashes_with_an_occurrence(person: Any, frozen_now: Any) -> None:
    reg = registry(person, frozen_now)
    recurrence = {"frequency": "weekly", "interval": None, "weekdays": ["TH"], "month_day": None, "until": None,
                  "count": None}  # fmt: skip
    assert schedule(reg, title="Yoga", date="D+1", time="19:00", recurrence=recurrence).status == "created"
    clash = schedule(registry(person, frozen_now), title="Dinner", date="W4+2", time="19:30")
    assert clash.status == "conflict"
    assert clash.data["conflicts"][0]["title"] == "Yoga" and clash.data["conflicts"][0]["date"] == "2026-12-24"


# --- change and delete: this one, this and following, all ------------------------------------


@pytest.fixture
def weekly(person: Any, frozen_now: Any) -> Event:
    result = schedule(
        registry(person, frozen_now), title="Standup", date="D+1", time="09:30", duration_minutes=15,
        recurrence={"frequency": "weekly", "interval": None, "weekdays": None, "month_day": None, "until": None,
                    "count": None},
    )  # fmt: skip
    assert result.status == "created"
    return Event.objects.get(title="Standup")


def three_weeks(person: Any, now: datetime.datetime) -> list[str]:
    start = local_datetime(D(2026, 12, 7), datetime.time(0, 0), SHANGHAI)
    return local_days(occurrences_in_range(owner=person, start=start, end=start + datetime.timedelta(days=21), now=now))


def which(event: Event, **more: Any) -> dict[str, Any]:
    return {
        "event_ref": f"E{event.id}",
        "ordinal": None,
        "event_words": None,
        "event_date": None,
        "event_time": None,
        **more,
    }


def test_a_change_without_a_scope_asks_and_writes_nothing(person: Any, frozen_now: Any, weekly: Event) -> None:
    reg = registry(person, frozen_now)
    result = reg.execute(
        "change_event", which(weekly, title=None, date=None, time="10:00", duration_minutes=None, end_time=None, shift_minutes=None, extend_minutes=None, scope=None,
                              occurrence="D+8"),
    )  # fmt: skip
    assert result.status == "needs_scope"
    assert result.data["event"]["date"] == "2026-12-15"
    assert three_weeks(person, frozen_now) == ["2026-12-08 09:30", "2026-12-15 09:30", "2026-12-22 09:30"]
    # What was asked is kept, so "just that one" is this call with its scope, for any model.
    choosing = result.data["choosing"]
    assert choosing == {"tool": "change_event", "values": {"time": "10:00", "event_ref": f"E{weekly.id}", "occurrence": "2026-12-15"}}  # fmt: skip
    answered = reg.execute("change_event", which(weekly, title=None, date=None, duration_minutes=None, end_time=None, shift_minutes=None, extend_minutes=None) | choosing["values"] | {"scope": "this"})  # fmt: skip
    assert answered.status == "updated", answered.data
    assert three_weeks(person, frozen_now) == ["2026-12-08 09:30", "2026-12-15 10:00", "2026-12-22 09:30"]


def test_the_scope_question_waits_in_the_thread_until_something_else_happens() -> None:
    from assistant.intent.entities import EntityStack

    stack = EntityStack()
    choosing = {"tool": "delete_event", "values": {"event_ref": "E1", "occurrence": "2026-12-15"}}
    stack.record("needs_scope", {"event": {"ref": "E1"}, "choosing": choosing})
    assert EntityStack.from_json(stack.to_json()).choosing == choosing
    stack.record("results", {"events": []})
    assert stack.choosing is None


def test_change_this_one_moves_one_occurrence(person: Any, frozen_now: Any, weekly: Event) -> None:
    result = registry(person, frozen_now).execute(
        "change_event", which(weekly, title=None, date=None, time="11:00", duration_minutes=None, end_time=None, shift_minutes=None, extend_minutes=None, scope="this",
                              occurrence="D+8"),
    )  # fmt: skip
    assert result.status == "updated", result.data
    assert three_weeks(person, frozen_now) == ["2026-12-08 09:30", "2026-12-15 11:00", "2026-12-22 09:30"]


def test_change_this_and_following_splits_the_series(person: Any, frozen_now: Any, weekly: Event) -> None:
    result = registry(person, frozen_now).execute(
        "change_event", which(weekly, title=None, date=None, time="08:00", duration_minutes=None, end_time=None, shift_minutes=None, extend_minutes=None,
                              scope="following", occurrence="D+8"),
    )  # fmt: skip
    assert result.status == "updated", result.data
    assert three_weeks(person, frozen_now) == ["2026-12-08 09:30", "2026-12-15 08:00", "2026-12-22 08:00"]
    assert Event.objects.filter(title="Standup").exclude(rrule="").count() == 2


def test_change_all_moves_every_occurrence(person: Any, frozen_now: Any, weekly: Event) -> None:
    result = registry(person, frozen_now).execute(
        "change_event", which(weekly, title="Daily scrum", date=None, time="09:00", duration_minutes=None, end_time=None, shift_minutes=None, extend_minutes=None,
                              scope="all", occurrence=None),
    )  # fmt: skip
    assert result.status == "updated", result.data
    assert three_weeks(person, frozen_now) == ["2026-12-08 09:00", "2026-12-15 09:00", "2026-12-22 09:00"]


@pytest.mark.parametrize(
    ("scope", "left"),
    [
        ("this", ["2026-12-08 09:30", "2026-12-22 09:30"]),
        ("following", ["2026-12-08 09:30"]),
        ("all", []),
    ],
)
def test_delete_asks_with_the_scope_then_does_exactly_that(
    person: Any, frozen_now: Any, weekly: Event, scope: str, left: list[str]
) -> None:
    from scheduling.commands import command_confirm_delete

    reg = registry(person, frozen_now)
    asked = reg.execute("delete_event", which(weekly, scope=None, occurrence="D+8"))
    assert asked.status == "needs_scope"
    card = reg.execute("delete_event", which(weekly, scope=scope, occurrence="D+8"))
    assert card.status == "awaiting_confirmation" and card.data.get("scope") == scope
    assert len(three_weeks(person, frozen_now)) == 3  # nothing deleted before the yes
    outcome = command_confirm_delete(owner=person, command_id=card.data["command"]["command_id"], now=frozen_now)
    assert outcome.status == "deleted"
    assert three_weeks(person, frozen_now) == left


@pytest.mark.parametrize(
    "rule_text", ["FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;BYDAY=SU;COUNT=80"]
)
def test_a_window_far_from_the_start_sees_what_a_full_walk_sees(rule_text: str) -> None:
    from dateutil.rrule import rrulestr

    first = local_datetime(D(2027, 1, 5), datetime.time(1, 30), LONDON)  # 01:30: inside the DST gap on 28 Mar
    window_start = first + datetime.timedelta(days=400)
    window_end = window_start + datetime.timedelta(days=60)
    fast = occurrence_starts(
        rule=rule_text, first_start=first, zone=LONDON, window_start=window_start, window_end=window_end,
        duration=datetime.timedelta(minutes=30),
    )  # fmt: skip
    walked = [
        local_datetime(moment.date(), moment.time().replace(tzinfo=None), LONDON)
        for moment in rrulestr(rule_text, dtstart=first.astimezone(LONDON)).between(
            first.astimezone(LONDON), (window_end + datetime.timedelta(days=2)).astimezone(LONDON), inc=True
        )
    ]
    expected = [s for s in walked if window_start - datetime.timedelta(minutes=30) < s < window_end]
    assert fast == expected
    assert rule_text.endswith("COUNT=80") or fast  # the endless rules do reach the window
