"""Moving an event by whole days (issue 22, held-out round 70): "a day later", "push it back two days",
"往后推一天" count from the event's own day, never from today. The reader reads them as a shift only; the
tool moves the event's start by whole days at its own time; a model's date counted from today instead is
untraced, so asked on a card."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from assistant.reading import extract_when
from assistant.reading.durations import find_lengths
from scheduling.models import Event
from tests.assistant.conftest import OfflineChat, local
from tests.assistant.test_authority import TODAY, reason

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("text", "minutes", "kind"),
    [
        ("move the checkup a day later", 1440, "later"),
        ("push the dentist back a day", 1440, "later"),
        ("push it back two days", 2880, "later"),
        ("can we do it 3 days earlier", 4320, "earlier"),
        ("move it a week later", 10080, "later"),
        ("体检往后推一天吧", 1440, "later"),
        ("把体检往后挪两天", 2880, "later"),
        ("推迟一周", 10080, "later"),
        ("提前两天", 2880, "earlier"),
    ],
)
def test_whole_days_said_with_a_direction_are_a_shift(text: str, minutes: int, kind: str) -> None:
    assert [(length.minutes, length.kind) for length in find_lengths(text)] == [(minutes, kind)]


@pytest.mark.parametrize("text", ["two days", "i need two days off", "3天", "a week"])
def test_whole_days_without_a_direction_are_no_length(text: str) -> None:
    assert find_lengths(text) == []  # a length of days is no event's length and no shift


@pytest.mark.parametrize("text", ["move it a day later", "2 weeks back", "the party is 3 days later"])
def test_days_later_is_never_a_day_counted_from_today(text: str) -> None:
    match = extract_when(text, today=TODAY)
    assert match is None or match.date is None


@pytest.mark.parametrize(("text", "day"), [("in 2 days", "D+2"), ("2 days ago", "D-2"), ("3 days from now", "D+3")])
def test_days_from_now_are_still_read(text: str, day: str) -> None:
    match = extract_when(text, today=TODAY)
    assert match is not None and match.date == day


@pytest.mark.parametrize(
    ("date", "held"),
    [("2026-12-10", False), ("D+1", True)],  # the event's next day; tomorrow, counted from today (Monday 7 Dec)
)
def test_a_day_later_traces_to_the_events_next_day_only(date: str, held: bool) -> None:
    arguments = {"event_words": "checkup", "date": date, "time": None, "shift_minutes": None}
    found = reason("change_event", arguments, "move the checkup a day later", starts="2026-12-09T09:00")
    assert (found is not None) is held


@pytest.fixture
def talk(make_person: Callable[..., Any], clock: Any, request: pytest.FixtureRequest) -> OfflineChat:
    chat = OfflineChat(make_person(language=request.param), clock)
    starts = datetime.datetime(2026, 12, 9, 9, 0, tzinfo=chat.user.profile.zone)  # Wednesday
    Event.objects.create(owner=chat.user, title="Checkup", starts_at=starts, ends_at=starts + datetime.timedelta(hours=1))
    return chat


@pytest.mark.parametrize(
    ("talk", "message", "start"),
    [
        ("en", "move the checkup a day later", "Thu 2026-12-10 09:00"),
        ("en", "push the checkup back two days", "Fri 2026-12-11 09:00"),
        ("en", "move the checkup a day earlier", "Tue 2026-12-08 09:00"),
        ("zh", "Checkup往后推一天吧", "Thu 2026-12-10 09:00"),
        ("zh", "把Checkup提前一天", "Tue 2026-12-08 09:00"),
    ],
    indirect=["talk"],
)
def test_the_event_moves_by_whole_days_at_its_own_time(talk: OfflineChat, message: str, start: str) -> None:
    outcome = talk.say(message)
    assert outcome.trace.flags == [], outcome.reply
    assert [local(event) for event in talk.events()] == [start]
