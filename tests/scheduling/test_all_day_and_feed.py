"""All-day and multi-day events (stored, listed, free time), and the feed's RRULE / EXDATE /
RECURRENCE-ID / VALUE=DATE."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from icalendar import Calendar

from scheduling.ics import calendar_feed
from scheduling.models import Event
from scheduling.selectors import event_rows_for_feed
from scheduling.series import series_override, series_skip
from tests.scheduling.test_recurrence import registry, schedule

pytestmark = pytest.mark.django_db


def test_a_birthday_is_all_day_free_time_and_listed_first(person: Any, frozen_now: Any, add_event: Any) -> None:
    reg = registry(person, frozen_now)
    add_event(person, "Breakfast", "2026-12-14T08:00")
    result = schedule(reg, title="Mum's birthday", date="12-14", all_day=True)
    assert result.status == "created", result.data
    assert result.data["event"]["all_day"] is True and result.data["event"]["end_date"] == "2026-12-14"
    event = Event.objects.get(title="Mum's birthday")
    assert event.all_day and not event.busy and event.duration == datetime.timedelta(days=1)
    listed = reg.execute("query_events", {"start": "2026-12-14", "end": None, "event_words": None})
    assert [e["title"] for e in listed.data["events"]] == ["Mum's birthday", "Breakfast"]
    free = reg.execute(
        "suggest_slots", {"date": "2026-12-14", "end_date": None, "duration_minutes": 60, "part_of_day": "morning"}
    )
    assert free.data["suggestions"][0]["start"] == "09:00"  # the birthday blocks nothing


def test_a_busy_all_day_event_blocks_the_working_day(person: Any, frozen_now: Any) -> None:
    reg = registry(person, frozen_now)
    assert schedule(reg, title="Offsite", date="2026-12-15", all_day=True, busy=True).status == "created"
    free = reg.execute(
        "suggest_slots", {"date": "2026-12-15", "end_date": None, "duration_minutes": 60, "part_of_day": "any"}
    )
    assert free.data["suggestions"] == []


def test_a_holiday_covers_every_day_of_it(person: Any, frozen_now: Any) -> None:
    reg = registry(person, frozen_now)
    result = schedule(reg, title="Holiday", date="12-20", end_date="12-27")
    assert result.status == "created", result.data
    assert (result.data["event"]["date"], result.data["event"]["end_date"]) == ("2026-12-20", "2026-12-27")
    for day in ("2026-12-20", "2026-12-23", "2026-12-27"):
        assert [e["title"] for e in reg.execute("query_events", {"start": day, "end": None, "event_words": None}).data["events"]] == [
            "Holiday"
        ]
    assert reg.execute("query_events", {"start": "2026-12-28", "end": None, "event_words": None}).data["events"] == []


def test_a_last_day_before_the_first_is_refused(person: Any, frozen_now: Any) -> None:
    result = schedule(registry(person, frozen_now), title="Trip", date="12-20", end_date="12-18")
    assert result.status == "invalid_expression"
    assert not Event.objects.filter(title="Trip").exists()


def test_the_feed_writes_rules_exceptions_overrides_and_dates(person: Any, frozen_now: Any) -> None:
    reg = registry(person, frozen_now)
    weekly = {"frequency": "weekly", "interval": None, "weekdays": ["TU"], "month_day": None, "until": None,
              "count": None}  # fmt: skip
    assert schedule(reg, title="Standup", date="D+1", time="09:30", recurrence=weekly).status == "created"
    assert schedule(reg, title="Birthday", date="12-14", all_day=True).status == "created"
    series = Event.objects.get(title="Standup")
    second = series.starts_at + datetime.timedelta(days=7)
    series_skip(master=series, occurrence_start=second)
    moved = series_override(master=series, occurrence_start=second + datetime.timedelta(days=7))
    moved.title = "Standup (long)"
    moved.save()
    rows = event_rows_for_feed(
        owner=person, start=frozen_now - datetime.timedelta(days=1), end=frozen_now + datetime.timedelta(days=60)
    )
    calendar = Calendar.from_ical(calendar_feed(rows, calendar_name="Alice", calendar_zone="Asia/Shanghai"))
    events = {str(component["summary"]): component for component in calendar.walk("VEVENT")}
    assert events["Standup"]["rrule"].to_ical() == b"FREQ=WEEKLY;BYDAY=TU"
    assert events["Standup"]["dtstart"].params["TZID"] == "Asia/Shanghai"
    assert events["Standup"]["exdate"].dts[0].dt == second.astimezone(events["Standup"]["dtstart"].dt.tzinfo)
    override = events["Standup (long)"]
    assert override["uid"] == events["Standup"]["uid"] and "recurrence-id" in override
    birthday = events["Birthday"]
    assert birthday["dtstart"].params.get("VALUE") == "DATE" or isinstance(birthday["dtstart"].dt, datetime.date)
    assert birthday["dtstart"].dt == datetime.date(2026, 12, 14) and birthday["dtend"].dt == datetime.date(2026, 12, 15)
    assert birthday["transp"] == "TRANSPARENT"
