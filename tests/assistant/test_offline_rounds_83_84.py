"""Shapes from held-out rounds 83 and 84, each a class: 喊我/叫我 with what to do is a reminder; a reminder put aside for a
look is named again with its moment; changes said with "needs to be", "goes till", a reason beside them; the answer to
"what time?" ends where its reason begins; 的话 names the request put aside; a time said of a reminder with a reason."""

from __future__ import annotations

import datetime

import pytest

from assistant.reading.answers import is_courtesy
from scheduling.models import Reminder
from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


# Round 83.
@pytest.mark.parametrize(
    ("message", "text", "at"),
    [("两个小时以后喊我去接孩子放学", "去接孩子放学", "12-07 12:00"), ("明天下午三点记得叫我去菜鸟驿站取快递", "去菜鸟驿站取快递", "12-08 15:00"),
     ("半小时后提醒我关火 炖着汤呢", "关火", "12-07 10:30")],
)  # fmt: skip
def test_call_me_to_do_something_is_a_reminder_never_an_event(offline_zh: OfflineChat, message: str, text: str, at: str) -> None:
    offline_zh.say(message)
    [(said, fires)] = offline_zh.reminded_at()
    assert text in said and fires == at and offline_zh.events() == []


@pytest.mark.parametrize("message", ["明天早上七点叫我", "七点叫我起床"])
def test_call_me_at_a_time_alone_is_still_an_alarm(offline_zh: OfflineChat, message: str) -> None:
    assert "闹钟" in offline_zh.say(message).reply and offline_zh.events() == []


def test_a_lead_with_call_me_is_a_reminder_before_the_event(offline_zh: OfflineChat) -> None:
    offline_zh.say("明天下午三点去银行办房贷手续 提前20分钟叫我 别让我忘了")
    assert offline_zh.reminders() == [("银行办房贷手续", 20)]


def test_the_event_named_with_its_day_and_a_time_the_day_before(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "带奶奶去医院拿药", "2026-12-10T09:00")
    offline_zh.say("周四去医院拿药那个 前一天晚上八点喊我一声 别让我忘了")
    assert offline_zh.reminders() == [("带奶奶去医院拿药", 13 * 60)]


def test_a_reminder_put_aside_for_a_look_is_named_again_with_its_moment(offline: OfflineChat) -> None:
    offline.say("remind me next week to renew my passport")
    offline.say("oh before that, whats on tomorrow")
    offline.say("ok for the passport thing, tuesday 9am")
    [(said, fires)] = offline.reminded_at()
    assert offline.events() == [] and "passport" in said and fires == "12-15 09:00"


def test_a_day_that_cannot_be_read_with_the_one_asked_stands_alone(offline_zh: OfflineChat) -> None:
    offline_zh.say("月底提醒我交物业费")
    offline_zh.say("31号上午十点")
    assert [at for _, at in offline_zh.reminded_at()] == ["12-31 10:00"]


@pytest.mark.parametrize(
    ("event", "message", "start", "minutes"),
    [(("Gym", "2026-12-14T18:00", 60), "gym monday needs to be 6:45am not 6pm", "Mon 2026-12-14 06:45", 60),
     (("Birthday party", "2026-12-12T14:00", 120), "the birthday party on sat goes till 5pm now, fix it", "Sat 2026-12-12 14:00", 180),
     (("健身", "2026-12-08T19:00", 60), "明晚健身改成八点半到十点", "Tue 2026-12-08 20:30", 90)],
)  # fmt: skip
def test_changes_said_as_needs_goes_till_and_a_range_in_the_part_named(
    offline_zh: OfflineChat, event: tuple[str, str, int], message: str, start: str, minutes: int
) -> None:
    event_at(offline_zh, *event)
    offline_zh.say(message)
    assert [(local(e), e.duration) for e in offline_zh.events()] == [(start, datetime.timedelta(minutes=minutes))]


def test_next_mondays_lesson_is_that_one_lesson(offline: OfflineChat) -> None:
    event_at(offline, "Swim lesson", "2026-12-14T16:00", 45, rrule="FREQ=WEEKLY;BYDAY=MO")
    card = offline.say("cancel next mondays swim lesson, we're away").reply
    assert "Swim lesson" in card and "(yes / no)" in card


@pytest.mark.parametrize(
    ("message", "title", "reminded"),
    [("school drop off every weekday 7:50am starting monday", "School drop off", []),
     ("clinical skills exam wed 1pm, heads up the day before pls", "Clinical skills exam", [("Clinical skills exam", 1440)])],
)  # fmt: skip
def test_drop_off_is_a_name_and_heads_up_asks_for_a_reminder(offline: OfflineChat, message: str, title: str, reminded: list[tuple[str, int]]) -> None:
    offline.say(message)
    assert [e.title for e in offline.events()] == [title] and offline.reminders() == reminded


def test_heads_up_before_my_shift(offline: OfflineChat) -> None:
    event_at(offline, "Night shift", "2026-12-08T19:00", 720)
    offline.say("heads up an hour before my shift tmrw")
    assert offline.reminders() == [("Night shift", 60)]


@pytest.mark.parametrize(
    ("booking", "follow_up", "left"),
    [("周五上午10点 物业来修水管 帮我记上", "算了 删掉吧 他们改天了", 0), ("下周二晚上七点跟老同学吃火锅 记一下", "哦搞错了 周三才对", 1)],
)
def test_a_drop_with_its_reason_and_a_weekday_that_is_right(offline_zh: OfflineChat, booking: str, follow_up: str, left: int) -> None:
    offline_zh.say(booking)
    offline_zh.say(follow_up)
    if left == 0:
        offline_zh.say("是")
        assert offline_zh.events() == []
    else:
        assert [local(e) for e in offline_zh.events()] == ["Wed 2026-12-16 19:00"]


@pytest.mark.parametrize(
    ("first", "second", "title", "start"),
    [("squash sunday 10am", "and another squash monday same time", "Squash", "Mon 2026-12-14 10:00"),
     ("book dentist friday 3pm", "and the same time on monday for the vet", "Vet", "Mon 2026-12-14 15:00")],
)  # fmt: skip
def test_same_time_is_the_time_of_the_event_just_made_for_every_model(offline: OfflineChat, first: str, second: str, title: str, start: str) -> None:
    offline.say(first)
    offline.say(second)
    assert (offline.events()[-1].title, local(offline.events()[-1])) == (title, start)


def test_it_before_a_comma_is_no_part_of_the_name(offline: OfflineChat) -> None:
    offline.say("book squash sunday 10am, nah forget it")
    offline.say("hmm actually yeah do book it, sunday 10am squash")
    assert [e.title for e in offline.events()] == ["Squash"]


# Round 84.
def test_as_for_the_request_put_aside_de_hua_resumes_it_on_its_own_day(offline_zh: OfflineChat) -> None:
    offline_zh.say("周五帮我约个牙医")
    offline_zh.say("等一下 先看看周六有什么安排")
    offline_zh.say("周六上午十点加个游泳课")
    offline_zh.say("牙医的话 下午两点")
    assert sorted((e.title, local(e)) for e in offline_zh.events()) == [("游泳课", "Sat 2026-12-12 10:00"), ("牙医", "Fri 2026-12-11 14:00")]


@pytest.mark.parametrize(
    ("booking", "follow_up", "expected"),
    [("这周五晚上七点半和大学同学聚餐", "算了 他们又改期了 取消吧", "card"), ("下周一晚上七点和李总吃饭 帮我记一下", "哎打错了 应该是黎总", "和黎总吃饭"),
     ("周五晚上八点半请客户吃饭", "顺便说下 这顿饭得吃两个小时 你改一下", "2h")],
)  # fmt: skip
def test_follow_ups_with_a_reason_or_an_interjection(offline_zh: OfflineChat, booking: str, follow_up: str, expected: str) -> None:
    offline_zh.say(booking)
    reply = offline_zh.say(follow_up).reply
    [event] = offline_zh.events()
    if expected == "card":
        assert "（是 / 否）" in reply
    elif expected == "2h":
        assert event.duration == datetime.timedelta(hours=2)
    else:
        assert event.title == expected


@pytest.mark.parametrize(
    ("event", "message", "start"),
    [(("复查", "2026-12-14T10:00"), "那个复查往后推一天吧 周一去不了", "Tue 2026-12-15 10:00"), (("进货", "2026-12-10T10:00"), "进货改到周五上午十点 周四有事", "Fri 2026-12-11 10:00")],
)
def test_a_change_with_a_day_said_as_its_reason(offline_zh: OfflineChat, event: tuple[str, str], message: str, start: str) -> None:
    event_at(offline_zh, *event)
    offline_zh.say(message)
    assert [local(e) for e in offline_zh.events()] == [start]


@pytest.mark.parametrize(
    ("reminder", "correction", "at"),
    [("remind me abt the parcel pickup tmrw at 5pm", "ugh make that 5:30pm, the locker opens late", "12-08 17:30"),
     ("提醒我明天下午五点去取快递", "改成五点半吧 快递柜那边五点才放件", "12-08 17:30")],
)  # fmt: skip
def test_a_reminder_corrected_with_its_reason_after(offline: OfflineChat, reminder: str, correction: str, at: str) -> None:
    offline.say(reminder)
    offline.say(correction)
    assert [fires for _, fires in offline.reminded_at()] == [at]


def test_a_lead_with_a_reason_after_it_is_on_the_event_just_made(offline: OfflineChat) -> None:
    offline.say("can you put airport pickup tomorrow at 10pm")
    offline.say("remind me an hour before, i always forget")
    assert offline.reminders() == [("Airport pickup", 60)]


def test_also_at_a_time_to_do_something_after_a_reminder_is_another_reminder(offline: OfflineChat) -> None:
    event_at(offline, "Flight to Sanya", "2026-12-13T07:50", 180)
    offline.say("pls remind me 2 hrs before the sanya flight")
    offline.say("oh and also sat at 10pm to pack")
    assert len(offline.events()) == 1 and Reminder.objects.filter(owner=offline.user, text="pack").count() == 1


def test_the_3pm_one_after_a_look_at_that_day(offline: OfflineChat) -> None:
    event_at(offline, "Supplier call", "2026-12-08T15:00")
    event_at(offline, "Lunch", "2026-12-08T12:00")
    offline.say("what do i have tmrw")
    offline.say("remind me 20 mins before the 3pm one")
    assert offline.reminders() == [("Supplier call", 20)]


@pytest.mark.parametrize(
    ("request_", "answer", "title", "start"),
    [("can u book me a dentist appt on friday", "umm 10:30 in the morning i think, they open at 10 so should be ok", "Dentist appt", "Fri 2026-12-11 10:30"),
     ("dinner w the chens on saturday", "around 7 i guess, they have little kids so not too late", "Dinner w the chens", "Sat 2026-12-12 19:00"),
     ("帮我约个体检 下周二", "嗯 早上八点半吧 要空腹去 越早越好", "体检", "Tue 2026-12-15 08:30")],
)  # fmt: skip
def test_the_answer_to_what_time_ends_where_its_reason_begins(offline: OfflineChat, request_: str, answer: str, title: str, start: str) -> None:
    offline.say(request_)
    offline.say(answer)
    assert [(e.title, local(e)) for e in offline.events()] == [(title, start)]


@pytest.mark.parametrize(("text", "courtesy"), [("👍", True), ("ok 👍", True), ("👍 book it", False)])
def test_an_emoji_alone_is_courtesy(text: str, courtesy: bool) -> None:
    assert is_courtesy(text) is courtesy


@pytest.mark.parametrize(
    ("asked", "answer", "title", "start"),
    [("call with the ny office tue 9am EST", "oh right, just put it at 10pm my time", "Call with the ny office", "Tue 2026-12-08 22:00"),
     ("纽约时间明天上午十点跟客户开电话会 帮我加上", "换算过来是晚上十点", "跟客户开电话会", "Tue 2026-12-08 22:00")],
)  # fmt: skip
def test_the_time_said_after_another_zone_was_asked_about_books_the_request(offline: OfflineChat, asked: str, answer: str, title: str, start: str) -> None:
    offline.say(asked)
    assert offline.events() == []
    offline.say(answer)
    assert [(e.title, local(e)) for e in offline.events()] == [(title, start)]


def test_another_zone_again_is_asked_again(offline: OfflineChat) -> None:
    offline.say("call with the ny office tue 9am EST")
    offline.say("sorry i meant 10am EST")
    assert offline.events() == []


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [("book physio mon 9am", "same for thursday", [("Physio", "Mon 2026-12-14 09:00"), ("Physio", "Thu 2026-12-10 09:00")]),
     ("remind me an hour before the dentist", "same for the optician", [])],
)  # fmt: skip
def test_same_for_another_day_or_event(offline: OfflineChat, first: str, second: str, expected: list[tuple[str, str]]) -> None:
    if not expected:
        event_at(offline, "Dentist", "2026-12-09T10:00")
        event_at(offline, "Optician", "2026-12-11T11:00", 30)
    offline.say(first)
    offline.say(second)
    if expected:
        assert sorted((e.title, local(e)) for e in offline.events()) == sorted(expected)
    else:
        assert offline.reminders() == [("Dentist", 60), ("Optician", 60)]
