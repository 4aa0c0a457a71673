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
from tests.assistant.conftest import Chat, OfflineChat, local

pytestmark = pytest.mark.django_db


@pytest.fixture
def chat(person: Any, clock: Any) -> OfflineChat:
    return OfflineChat(person, clock)


def _event(chat: Chat, title: str, start: str, minutes: int = 60, rrule: str = "") -> Event:
    begins = datetime.datetime.fromisoformat(start).replace(tzinfo=chat.user.profile.zone)
    ends = begins + datetime.timedelta(minutes=minutes)
    return Event.objects.create(owner=chat.user, title=title, starts_at=begins, ends_at=ends, rrule=rrule, time_zone="Asia/Shanghai")


def _standups(chat: Chat, days: int = 3) -> list[str]:
    start = datetime.datetime(2026, 12, 7, 0, 0, tzinfo=chat.user.profile.zone)
    found = occurrences_in_range(owner=chat.user, start=start, end=start + datetime.timedelta(days=days), now=start)
    return [local(e) for e in found if e.title == "Standup"]


@pytest.fixture
def series(chat: OfflineChat) -> Event:
    _event(chat, "Client call", "2026-12-08T10:00")
    return _event(chat, "Standup", "2026-12-07T09:30", 15, rrule="FREQ=DAILY")


def test_a_clash_for_one_occurrence_writes_no_row_and_the_next_time_moves_only_it(chat: OfflineChat, series: Event, clock: Any) -> None:
    clock.move_to(datetime.datetime(2026, 12, 7, 0, 0, tzinfo=datetime.UTC))  # 08:00 local: today's standup is ahead
    chat.say("move tomorrow's standup to 10am")
    clashed = chat.say("just this one")
    assert "clashes" in clashed.reply and "09:30" in clashed.reply  # its own old time is free for it
    assert Event.objects.filter(owner=chat.user).count() == 2
    chat.say("9:45 then")
    assert _standups(chat) == ["Mon 2026-12-07 09:30", "Tue 2026-12-08 09:45", "Wed 2026-12-09 09:30"]


def test_a_change_left_at_its_clash_leaves_the_series_whole_for_a_change_of_all(chat: OfflineChat, series: Event, clock: Any) -> None:
    clock.move_to(datetime.datetime(2026, 12, 7, 0, 0, tzinfo=datetime.UTC))
    chat.say("move tomorrow's standup to 10am")
    chat.say("just this one")
    chat.say("never mind")
    chat.say("move all the standups to 11am")
    assert _standups(chat) == ["Mon 2026-12-07 11:00", "Tue 2026-12-08 11:00", "Wed 2026-12-09 11:00"]


def test_a_clash_for_the_following_ones_splits_nothing(chat: OfflineChat, series: Event, clock: Any) -> None:
    clock.move_to(datetime.datetime(2026, 12, 7, 0, 0, tzinfo=datetime.UTC))
    chat.say("move tomorrow's standup to 10am")
    assert "clashes" in chat.say("this one and the following ones").reply
    series.refresh_from_db()
    assert Event.objects.filter(owner=chat.user).count() == 2 and series.rrule == "FREQ=DAILY"


def test_book_it_anyway_after_a_changes_clash_moves_the_event(chat: OfflineChat) -> None:
    _event(chat, "Client call", "2026-12-08T10:00")
    _event(chat, "Dentist", "2026-12-09T09:30", 30)
    chat.say("move the dentist to 10am tomorrow")
    assert chat.say("book it anyway").reply.startswith("Changed:")
    assert [(e.title, local(e)) for e in chat.events()] == [("Client call", "Tue 2026-12-08 10:00"), ("Dentist", "Tue 2026-12-08 10:00")]


def test_a_bare_yes_after_a_changes_clash_gets_a_card_naming_the_change(chat: OfflineChat, make_person: Callable[..., Any]) -> None:
    _event(chat, "Client call", "2026-12-08T10:00")
    _event(chat, "Dentist", "2026-12-09T09:30", 30)
    chat.say("move the dentist to 10am tomorrow")
    card = chat.say("yes").reply
    assert "change 'Dentist" in card and "clashes" in card and "add " not in card
    assert [local(e) for e in chat.events() if e.title == "Dentist"] == ["Wed 2026-12-09 09:30"]
