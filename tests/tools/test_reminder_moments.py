"""Every value a write's arguments carry is used, in code (issue 22, held-out rounds 70–71): a reminder's lead
with a time and no words is before the event that starts then; with words, it is counted back from the time;
a shift of whole days moves the event to another day at its own time."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from scheduling.models import Event, Reminder
from tests.tools.test_named_targets import NO_VALUES, context_for
from tools.handlers.events import change_event
from tools.handlers.reminders import set_reminder
from tools.spec import Status

pytestmark = pytest.mark.django_db

REMINDER = {"text": None, "event_ref": None, "event_words": None, "minutes_before": None, "date": None, "time": None, "repeat": None}


def test_a_lead_before_a_time_is_before_the_event_that_starts_then(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    meeting = add_event(person, "Team meeting", "2026-12-08T16:00")
    add_event(person, "Dentist", "2026-12-08T11:00")
    result = set_reminder(context_for(person, frozen_now), {**REMINDER, "minutes_before": 15, "date": "D+1", "time": "16:00"})
    assert result.status == Status.REMINDER_SET and result.data["event"]["title"] == "Team meeting"
    assert [(r.event_id, r.minutes_before, r.remind_at) for r in Reminder.objects.filter(owner=person)] == [(meeting.id, 15, None)]


def test_no_event_then_writes_nothing_and_says_where_it_looked(person: Any, frozen_now: Any) -> None:
    result = set_reminder(context_for(person, frozen_now), {**REMINDER, "minutes_before": 15, "date": "D+1", "time": "16:00"})
    assert result.status == Status.NOT_FOUND and result.data["looked"]["from"]["date"] == "2026-12-08"
    assert not Reminder.objects.filter(owner=person).exists()


def test_several_events_then_ask_which_keeping_the_lead(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    add_event(person, "Call", "2026-12-08T16:00")
    add_event(person, "Review", "2026-12-08T16:00")
    result = set_reminder(context_for(person, frozen_now), {**REMINDER, "minutes_before": 15, "date": "D+1", "time": "16:00"})
    assert result.status == Status.AMBIGUOUS_REFERENCE and len(result.data["candidates"]) == 2
    assert result.data["choosing"] == {"tool": "set_reminder", "values": {"minutes_before": 15}}
    assert not Reminder.objects.filter(owner=person).exists()


def test_a_lead_with_words_is_counted_back_from_the_time(person: Any, frozen_now: Any) -> None:
    # "remind me to call mum 15 minutes before 4pm tomorrow": 15:45, the lead never dropped.
    arguments = {**REMINDER, "text": "call mum", "minutes_before": 15, "date": "D+1", "time": "16:00"}
    result = set_reminder(context_for(person, frozen_now), arguments)
    assert result.status == Status.REMINDER_SET and (result.data["reminder"]["date"], result.data["reminder"]["time"]) == ("2026-12-08", "15:45")


@pytest.mark.parametrize(("minutes", "start"), [(1440, "2026-12-10 09:00"), (-1440, "2026-12-08 09:00"), (10080, "2026-12-16 09:00")])
def test_a_shift_of_whole_days_keeps_the_events_own_time(
    person: Any, add_event: Callable[..., Event], frozen_now: Any, minutes: int, start: str
) -> None:
    event = add_event(person, "Checkup", "2026-12-09T09:00")
    result = change_event(context_for(person, frozen_now), {**NO_VALUES, "event_words": "checkup", "shift_minutes": minutes})
    event.refresh_from_db()
    assert result.status == Status.UPDATED and f"{event.starts_at.astimezone(person.profile.zone):%Y-%m-%d %H:%M}" == start


def test_a_shift_across_midnight_that_is_not_whole_days_is_still_refused(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    add_event(person, "Late call", "2026-12-09T23:00")
    result = change_event(context_for(person, frozen_now), {**NO_VALUES, "event_words": "late call", "shift_minutes": 120})
    assert result.status == Status.INVALID_ARGUMENTS


@pytest.mark.parametrize(("days_before", "time", "at"), [(1, "20:00", "2026-12-18 20:00"), (0, "07:00", "2026-12-19 07:00")])
def test_a_time_days_before_a_named_event_is_a_lead_kept_with_it(
    person: Any, add_event: Callable[..., Event], frozen_now: Any, days_before: int, time: str, at: str
) -> None:
    flight = add_event(person, "Flight to Denver", "2026-12-19T10:00")
    arguments = {**REMINDER, "event_words": "flight", "time": time, "days_before": days_before, "text": "pack"}
    result = set_reminder(context_for(person, frozen_now), arguments)
    [reminder] = Reminder.objects.filter(owner=person)
    fires = flight.starts_at - datetime.timedelta(minutes=reminder.minutes_before or 0)
    assert result.status == Status.REMINDER_SET and reminder.event_id == flight.id and reminder.text == "pack"
    assert f"{fires.astimezone(person.profile.zone):%Y-%m-%d %H:%M}" == at


def test_a_time_days_before_that_is_after_the_event_writes_nothing(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    add_event(person, "Flight to Denver", "2026-12-19T07:00")
    arguments = {**REMINDER, "event_words": "flight", "time": "09:00", "days_before": 0}
    assert set_reminder(context_for(person, frozen_now), arguments).status == Status.INVALID_ARGUMENTS
    assert not Reminder.objects.filter(owner=person).exists()


def test_whole_days_of_a_repeating_event_are_asked_never_counted_from_its_first_day(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    yoga = add_event(person, "Yoga", "2026-12-02T18:00")
    Event.objects.filter(id=yoga.id).update(rrule="FREQ=WEEKLY;BYDAY=WE")
    result = change_event(context_for(person, frozen_now), {**NO_VALUES, "event_words": "yoga", "shift_minutes": 1440, "scope": "this"})
    assert result.status == Status.INVALID_ARGUMENTS
    assert list(Event.objects.filter(owner=person).values_list("starts_at", "rrule")) == [(yoga.starts_at, "FREQ=WEEKLY;BYDAY=WE")]
