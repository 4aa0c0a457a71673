"""Shapes from held-out round 87, each a class: a part with a time and no day is on the day said before it
(今天下午四点提醒我… 然后晚上七点半健身); a reminder asked for beside another service's word is a reminder
(过二十分钟叫我去拿外卖); "nvm" then a request of its own is that request; a lead's reason after the event's name names
nothing; speech-transcription slips ("to morrow", "at for pm", "in an our"); "yes" with the delete verb answers a delete
card; a reminder before an event corrected to 前一天晚上十点; a reminder with no words of its own is named in the person's
language; one change and one cancel in a message."""

from __future__ import annotations

import pytest

from assistant.reading.answers import read_short_answer
from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


def test_a_part_with_a_time_and_no_day_is_on_the_day_said_before_it(offline_zh: OfflineChat) -> None:
    offline_zh.say("今天下午四点提醒我给我妈打个电话 然后晚上七点半健身")
    assert offline_zh.reminded_at() == [("给我妈打个电话", "12-07 16:00")]
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("健身", "Mon 2026-12-07 19:30")]


def test_a_reminder_beside_another_services_word_is_a_reminder(offline_zh: OfflineChat) -> None:
    offline_zh.say("过二十分钟叫我去拿外卖")
    assert offline_zh.reminded_at() == [("去拿外卖", "12-07 10:20")]


@pytest.mark.parametrize("message", ["nvm. dinner w priya sat 7pm", "never mind, dinner w priya sat 7pm"])
def test_a_request_after_letting_go_is_that_request(offline: OfflineChat, message: str) -> None:
    offline.say(message)
    assert [(e.title, local(e)) for e in offline.events()] == [("Dinner w priya", "Sat 2026-12-12 19:00")]


@pytest.mark.parametrize("message", ["book gym saturday 9am, nah forget it", "nvm"])
def test_letting_go_alone_or_at_the_end_writes_nothing(offline: OfflineChat, message: str) -> None:
    offline.say(message)
    assert offline.events() == []


def test_a_leads_reason_after_the_events_name_names_nothing(offline: OfflineChat) -> None:
    event_at(offline, "Parent teacher meeting", "2026-12-10T18:00")
    offline.say("remind me an hour before the parent teacher meeting so i can leave work on time")
    assert offline.reminders() == [("Parent teacher meeting", 60)]


@pytest.mark.parametrize(
    ("message", "at"),
    [("remind me to morrow at 9am to call the bank", [("call the bank", "12-08 09:00")]),
     ("remid me in an our to check on the cake", [("check on the cake", "12-07 11:00")])],
)  # fmt: skip
def test_speech_transcription_slips_are_read_as_meant(offline: OfflineChat, message: str, at: list[tuple[str, str]]) -> None:
    offline.say(message)
    assert offline.reminded_at() == at


def test_for_pm_is_four_pm(offline: OfflineChat) -> None:
    offline.say("set up a meeting with the team on wednsday at for pm")
    assert [(e.title, local(e)) for e in offline.events()] == [("Meeting with the team", "Wed 2026-12-09 16:00")]


@pytest.mark.parametrize(("answer", "read"), [("yep go ahead cancel it", "yes"), ("对 取消吧", "yes"), ("好 删掉吧", "yes"), ("no cancel it", None)])
def test_yes_with_the_delete_verb_answers_a_delete_card(answer: str, read: str | None) -> None:
    assert read_short_answer(answer, deleting=True) == read


def test_yes_with_the_delete_verb_deletes(offline: OfflineChat) -> None:
    event_at(offline, "Gym", "2026-12-10T18:00")
    offline.say("cancle the gym on thursday")
    offline.say("yep go ahead cancel it")
    assert offline.events() == []


def test_a_reminder_before_an_event_corrected_to_the_evening_before(offline_zh: OfflineChat) -> None:
    offline_zh.say("下周一上午10点体检")
    offline_zh.say("前一天晚上八点提醒我")
    offline_zh.say("不用那么早 改成前一天晚上十点吧")
    assert offline_zh.reminders() == [("体检", 12 * 60)]


def test_a_reminder_with_no_words_of_its_own_is_named_in_the_persons_language(offline_zh: OfflineChat) -> None:
    offline_zh.say("半小时后提醒我")
    assert offline_zh.reminded_at() == [("提醒", "12-07 10:30")]


def test_a_change_and_a_cancel_in_one_message(offline: OfflineChat) -> None:
    event_at(offline, "Sync with Ana", "2026-12-08T15:00", 30)
    event_at(offline, "Gym", "2026-12-08T17:00")
    outcome = offline.say("move my 3pm tomorrow to 4pm and cancel the 5pm")
    assert [(e.title, local(e)) for e in offline.events()] == [("Sync with Ana", "Tue 2026-12-08 16:00"), ("Gym", "Tue 2026-12-08 17:00")]
    assert "Gym" in outcome.reply  # the cancel waits on its card


@pytest.mark.parametrize(
    "message",
    ["move the supplier call to friday 10am, i only fly back thursday night", "move the supplier call to friday 10am, thursday is no good"],
)
def test_a_change_with_its_reason_after_it_in_english(offline: OfflineChat, message: str) -> None:
    event_at(offline, "Supplier call", "2026-12-10T11:00")
    offline.say(message)
    assert [(e.title, local(e)) for e in offline.events()] == [("Supplier call", "Fri 2026-12-11 10:00")]
