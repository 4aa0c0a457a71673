"""A reminder just set is corrected, never doubled (issue 22, held-out round 74): "actually make it 8:30",
改成晚上九点半吧. The reminder the last result set is state (``reminder_just_set``); ``set_reminder`` with
``replaces_last`` sets it again with what the call says and the rest as it was, and the old one goes only
once the new one is set. Also from round 74: a name that fits no title but comes close ("看牙" for 「牙医」)
is offered as a numbered choice, and "it" after a list of one event moves that event by whole days."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from scheduling.models import Event, Reminder
from tests.assistant.conftest import Chat, OfflineChat, event_at, local
from tests.tools.test_named_targets import context_for
from tools.handlers.reminders import set_reminder
from tools.spec import Status

pytestmark = pytest.mark.django_db

REMINDER = {
    "text": None, "event_ref": None, "event_words": None, "minutes_before": None, "date": None, "time": None,
    "repeat": None, "days_before": None, "replaces_last": None,
}  # fmt: skip





def _reminders(offline: Chat) -> list[tuple[str, str, str]]:
    zone = offline.user.profile.zone
    return [
        (r.text, r.remind_at.astimezone(zone).strftime("%a %Y-%m-%d %H:%M") if r.remind_at else "", r.rrule)
        for r in Reminder.objects.filter(owner=offline.user).order_by("id")
    ]


# --- the conversation: one reminder, corrected ----------------------------------------------------


@pytest.mark.parametrize(
    ("first", "correction", "expected"),
    [
        ("remind me tmrw at 8am to call the insurance co", "actually make it 8:30", ("call the insurance co", "Tue 2026-12-08 08:30")),
        ("remind me to take out the trash tonight at 8", "no wait 9", ("take out the trash", "Mon 2026-12-07 21:00")),
        ("remind me friday at 3pm to pick up the cake", "actually thursday", ("pick up the cake", "Thu 2026-12-10 15:00")),
    ],
)
def test_a_correction_right_after_sets_the_reminder_again(offline: OfflineChat, first: str, correction: str, expected: tuple[str, str]) -> None:
    offline.say(first)
    reply = offline.say(correction).reply
    assert [(text, at) for text, at, _ in _reminders(offline)] == [expected]
    assert reply.startswith("Changed: the reminder is now")


def test_a_correction_in_chinese_keeps_the_text_and_the_rule(offline_zh: OfflineChat) -> None:
    offline_zh.say("明天早上8点提醒我交房租")
    offline_zh.say("改成晚上九点半吧")
    assert [(text, at) for text, at, _ in _reminders(offline_zh)] == [("交房租", "Tue 2026-12-08 21:30")]
    offline_zh.say("每天早上八点提醒我吃药")
    offline_zh.say("改成七点半")
    assert _reminders(offline_zh)[-1] == ("吃药", "Tue 2026-12-08 07:30", "FREQ=DAILY")
    assert len(_reminders(offline_zh)) == 2


def test_another_time_is_no_correction_of_the_reminder(offline: OfflineChat) -> None:
    offline.say("remind me at 5pm to call dad")
    offline.say("also at 9pm")
    assert [(text, at) for text, at, _ in _reminders(offline)] == [("call dad", "Mon 2026-12-07 17:00")]


def test_a_reminder_before_an_event_is_not_read_as_corrected_by_a_time(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-09T15:00")
    offline.say("remind me 30 min before the dentist")
    offline.say("actually make it 4pm")
    assert [(r.event.title if r.event else "", r.minutes_before) for r in Reminder.objects.filter(owner=offline.user)] == [("Dentist", 30)]


# --- the tool: what it keeps, and when it writes nothing --------------------------------------------


def _just_set(context: Any, result: Any) -> Any:
    context.entities.reminder = result.data["reminder"]
    return context


def test_replaces_last_with_nothing_just_set_writes_nothing(person: Any, frozen_now: Any) -> None:
    result = set_reminder(context_for(person, frozen_now), {**REMINDER, "time": "09:00", "replaces_last": True})
    assert result.status == Status.NOT_FOUND and not Reminder.objects.filter(owner=person).exists()


def test_a_correction_that_fails_keeps_the_reminder_as_it_was(person: Any, frozen_now: Any) -> None:
    context = context_for(person, frozen_now)
    first = set_reminder(context, {**REMINDER, "text": "call mum", "date": "D+1", "time": "08:00"})
    # 2026-12-07 10:00 now: 08:00 on the 7th has passed, so nothing is set and the first one stays.
    result = set_reminder(_just_set(context, first), {**REMINDER, "date": "D+0", "time": "08:00", "replaces_last": True})
    assert result.status == Status.IN_PAST
    assert [(r.text, r.remind_at) for r in Reminder.objects.filter(owner=person)] == [
        ("call mum", datetime.datetime(2026, 12, 8, 0, 0, tzinfo=datetime.UTC))]  # fmt: skip


def test_a_reminder_before_an_event_takes_a_new_lead_or_a_time_on_its_day(
    person: Any, add_event: Callable[..., Event], frozen_now: Any
) -> None:
    event = add_event(person, "Dentist", "2026-12-09T15:00")
    context = context_for(person, frozen_now)
    first = set_reminder(context, {**REMINDER, "event_ref": f"E{event.id}", "minutes_before": 30})
    second = set_reminder(_just_set(context, first), {**REMINDER, "minutes_before": 60, "replaces_last": True})
    assert second.data["replaced"] and [(r.event_id, r.minutes_before) for r in Reminder.objects.filter(owner=person)] == [(event.id, 60)]
    set_reminder(_just_set(context, second), {**REMINDER, "time": "09:00", "replaces_last": True})
    assert [(r.event_id, r.minutes_before) for r in Reminder.objects.filter(owner=person)] == [(event.id, 360)]


# --- round 74's other classes ---------------------------------------------------------------------


def test_a_name_that_comes_close_is_offered_never_acted_on(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "牙医", "2026-12-17T15:00")
    event_at(offline_zh, "瑜伽课", "2026-12-18T19:00")
    asked = offline_zh.say("看牙前一个小时提醒我")
    assert "回复 1" in asked.reply and "牙医" in asked.reply and "瑜伽" not in asked.reply
    assert not Reminder.objects.filter(owner=offline_zh.user).exists()
    offline_zh.say("1")
    assert [(r.event.title if r.event else "", r.minutes_before) for r in Reminder.objects.filter(owner=offline_zh.user)] == [("牙医", 60)]


def test_a_name_that_shares_nothing_is_not_found(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-09T15:00")
    reply = offline.say("cancel the yoga").reply
    assert "couldn't find" in reply and len(offline.events()) == 1


def test_it_after_a_list_of_one_moves_that_event_by_whole_days(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-15T09:00")
    offline.say("when's my dentist again")
    offline.say("push it back a day")
    assert [(e.title, local(e)) for e in offline.events()] == [("Dentist", "Wed 2026-12-16 09:00")]


def test_a_statement_that_names_the_event_says_what_it_to_remove_is(offline: OfflineChat) -> None:
    event_at(offline, "Call with Raj", "2026-12-09T16:00", 30)
    asked = offline.say("call with raj is off, pls remove it")
    assert "Call with Raj" in asked.reply and len(offline.events()) == 1  # asked, on a card
    offline.say("yes")
    assert offline.events() == []


@pytest.mark.parametrize("correction", ["actually 45 mins before is better", "make it 45 min before instead"])
def test_a_new_lead_right_after_corrects_the_reminder_before_the_event(offline: OfflineChat, correction: str) -> None:
    event_at(offline, "Interview", "2026-12-11T14:00")
    offline.say("remind me 30 mins before the interview")
    offline.say(correction)
    assert [(r.event.title if r.event else "", r.minutes_before) for r in Reminder.objects.filter(owner=offline.user)] == [("Interview", 45)]


def test_a_new_lead_in_chinese_corrects_it_too(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "牙医", "2026-12-10T15:00")
    offline_zh.say("牙医前半小时提醒我")
    offline_zh.say("改成提前一小时")
    assert [(r.event.title if r.event else "", r.minutes_before) for r in Reminder.objects.filter(owner=offline_zh.user)] == [("牙医", 60)]


def test_a_correction_that_names_the_event_is_the_events_not_the_reminders(offline: OfflineChat) -> None:
    offline.say("add dinner at moms on sunday at 7pm")
    offline.say("oh and remind me to buy wine saturday at 5pm")
    offline.say("actually dinner is at 7:30pm not 7")
    assert [(e.title, local(e)) for e in offline.events()] == [("Dinner at moms", "Sun 2026-12-13 19:30")]
    assert [(text, at) for text, at, _ in _reminders(offline)] == [("buy wine", "Sat 2026-12-12 17:00")]


def test_a_lead_for_another_event_is_no_correction(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-09T15:00")
    event_at(offline, "Flight", "2026-12-11T09:00")
    offline.say("remind me 30 min before the dentist")
    offline.say("actually 45 min before the flight")
    assert [(r.event.title if r.event else "", r.minutes_before) for r in Reminder.objects.filter(owner=offline.user)] == [("Dentist", 30)]
