"""Removing a reminder (held-out round 90: "actually scrap the reminder, i'll remember it", 提醒删掉吧 我自己记得): the
reminder just set, or the reminders before the event named, go; the event stays; with nothing to remove nothing is
written and the reply says so (the stand-in's turns: tests/assistant/test_offline_round_90.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scheduling.models import Event, Reminder
from tests.tools.test_named_targets import context_for
from tools.handlers.reminders import cancel_reminder
from tools.spec import Status

pytestmark = pytest.mark.django_db

NONE = {"event_ref": None, "event_words": None}


def test_the_reminders_before_the_event_named_go_and_the_event_stays(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    physio = add_event(person, "Physio", "2026-12-08T11:00")
    other = add_event(person, "Dentist", "2026-12-09T11:00")
    Reminder.objects.create(owner=person, event=physio, minutes_before=1440)
    kept = Reminder.objects.create(owner=person, event=other, minutes_before=30)
    result = cancel_reminder(context_for(person, frozen_now), {**NONE, "event_words": "physio"})
    assert result.status == Status.REMINDER_REMOVED and result.data["event"]["title"] == "Physio"
    assert list(Reminder.objects.filter(owner=person)) == [kept]
    assert Event.objects.filter(id=physio.id).exists()
    assert [(e.kind, e.model) for e in result.effects] == [("delete", "reminder")]


def test_an_event_without_a_reminder_changes_nothing_and_says_so(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    add_event(person, "Physio", "2026-12-08T11:00")
    result = cancel_reminder(context_for(person, frozen_now), {**NONE, "event_words": "physio"})
    assert result.status == Status.NOT_FOUND and result.data["no_reminder"]["title"] == "Physio"
    assert result.effects == []


def test_nothing_named_and_nothing_just_set_removes_nothing(person: Any, frozen_now: Any) -> None:
    result = cancel_reminder(context_for(person, frozen_now), NONE)
    assert result.status in {Status.NOT_FOUND, Status.AMBIGUOUS_REFERENCE} and result.effects == []


def test_someone_elses_reminder_is_never_removed(person: Any, make_person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    stranger = make_person()
    theirs = add_event(stranger, "Physio", "2026-12-08T11:00")
    Reminder.objects.create(owner=stranger, event=theirs, minutes_before=60)
    result = cancel_reminder(context_for(person, frozen_now), {**NONE, "event_words": "physio"})
    assert result.status != Status.REMINDER_REMOVED and Reminder.objects.filter(owner=stranger).count() == 1


def test_words_that_name_no_event_remove_nothing_not_the_focus(person: Any, add_event: Callable[..., Event], frozen_now: Any) -> None:
    interview = add_event(person, "面试", "2026-12-09T15:00")
    kept = Reminder.objects.create(owner=person, event=interview, minutes_before=60)
    context = context_for(person, frozen_now)
    context.entities.focus = interview.id  # "it" would be the interview; "前一天晚上那个" names no event
    result = cancel_reminder(context, {**NONE, "event_words": "前一天晚上"})
    assert result.status == Status.NOT_FOUND and list(Reminder.objects.all()) == [kept] and result.effects == []
