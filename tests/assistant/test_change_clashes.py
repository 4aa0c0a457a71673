"""A change that stops at a clash writes nothing, and insisting on it goes on with that change.

One occurrence of a series (or the series from it) is split off only when the change is written: a clash
or a time gone leaves the series as it was, so a later change of all of them moves that day's too. The
change's own stub carries which occurrence it means. "book it anyway" after a change's clash (the reply
offers it) moves the event over the clash; a bare "yes" gets a card naming that change."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from scheduling.models import Event
from scheduling.selectors import occurrences_in_range
from tests.assistant.conftest import Chat, OfflineChat, event_at, local

pytestmark = pytest.mark.django_db




def _standups(offline: Chat, days: int = 3) -> list[str]:
    start = datetime.datetime(2026, 12, 7, 0, 0, tzinfo=offline.user.profile.zone)
    found = occurrences_in_range(owner=offline.user, start=start, end=start + datetime.timedelta(days=days), now=start)
    return [local(e) for e in found if e.title == "Standup"]


@pytest.fixture
def series(offline: OfflineChat) -> Event:
    event_at(offline, "Client call", "2026-12-08T10:00")
    return event_at(offline, "Standup", "2026-12-07T09:30", 15, rrule="FREQ=DAILY")


def test_a_clash_for_one_occurrence_writes_no_row_and_the_next_time_moves_only_it(offline: OfflineChat, series: Event, clock: Any) -> None:
    clock.move_to(datetime.datetime(2026, 12, 7, 0, 0, tzinfo=datetime.UTC))  # 08:00 local: today's standup is ahead
    offline.say("move tomorrow's standup to 10am")
    clashed = offline.say("just this one")
    assert "clashes" in clashed.reply and "09:30" in clashed.reply  # its own old time is free for it
    assert Event.objects.filter(owner=offline.user).count() == 2
    offline.say("9:45 then")
    assert _standups(offline) == ["Mon 2026-12-07 09:30", "Tue 2026-12-08 09:45", "Wed 2026-12-09 09:30"]


def test_a_change_left_at_its_clash_leaves_the_series_whole_for_a_change_of_all(offline: OfflineChat, series: Event, clock: Any) -> None:
    clock.move_to(datetime.datetime(2026, 12, 7, 0, 0, tzinfo=datetime.UTC))
    offline.say("move tomorrow's standup to 10am")
    offline.say("just this one")
    offline.say("never mind")
    offline.say("move all the standups to 11am")
    assert _standups(offline) == ["Mon 2026-12-07 11:00", "Tue 2026-12-08 11:00", "Wed 2026-12-09 11:00"]


def test_a_clash_for_the_following_ones_splits_nothing(offline: OfflineChat, series: Event, clock: Any) -> None:
    clock.move_to(datetime.datetime(2026, 12, 7, 0, 0, tzinfo=datetime.UTC))
    offline.say("move tomorrow's standup to 10am")
    assert "clashes" in offline.say("this one and the following ones").reply
    series.refresh_from_db()
    assert Event.objects.filter(owner=offline.user).count() == 2 and series.rrule == "FREQ=DAILY"


def test_book_it_anyway_after_a_changes_clash_moves_the_event(offline: OfflineChat) -> None:
    event_at(offline, "Client call", "2026-12-08T10:00")
    event_at(offline, "Dentist", "2026-12-09T09:30", 30)
    offline.say("move the dentist to 10am tomorrow")
    assert offline.say("book it anyway").reply.startswith("Changed:")
    assert [(e.title, local(e)) for e in offline.events()] == [("Client call", "Tue 2026-12-08 10:00"), ("Dentist", "Tue 2026-12-08 10:00")]


def test_a_bare_yes_after_a_changes_clash_gets_a_card_naming_the_change(offline: OfflineChat, make_person: Callable[..., Any]) -> None:
    event_at(offline, "Client call", "2026-12-08T10:00")
    event_at(offline, "Dentist", "2026-12-09T09:30", 30)
    offline.say("move the dentist to 10am tomorrow")
    card = offline.say("yes").reply
    assert "change 'Dentist" in card and "clashes" in card and "add " not in card
    assert [local(e) for e in offline.events() if e.title == "Dentist"] == ["Wed 2026-12-09 09:30"]
