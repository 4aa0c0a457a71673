"""Shapes from held-out round 93, each a class: a repeat's part of the day stays with its time ("every monday morning
7:30" is 07:30, never 19:30) and "each" repeats like "every"; several requests joined by "then", by a list's commas
before its "and", or a reminder continued by "… and every sunday at 7pm to call grandma"; an alarm beside a booking
is answered by no write while the booking is made; the event just deleted is booked again when a reason is said
first ("the school just called, its friday at 4pm now. can you put it back in"); a reminder set on "the second one"
of a list; the reminder just set removed with a reason beside it (提醒删掉吧 我自己记得); a request put off ("…帮我记一下
等等 我先问问老板 一会再说", "hold on, let me check") takes it back; a reminder counted from the day of an event put down
in the same message (…帮我记一下 前一天晚上八点提醒我) is set with it."""

from __future__ import annotations

import pytest

from scheduling.models import Reminder
from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


def fires(chat: OfflineChat) -> list[tuple[str, str, str]]:
    zone = chat.user.profile.zone
    return [(r.text, f"{r.remind_at.astimezone(zone):%a %H:%M}", r.rrule) for r in Reminder.objects.order_by("remind_at") if r.remind_at]


@pytest.mark.parametrize(
    ("message", "expected"),
    [("every monday morning 7:30 remind me to pack my gym bag", ("pack my gym bag", "Mon 07:30", "FREQ=WEEKLY;BYDAY=MO")),
     ("each sunday night at 9 remind me to put the recycling out", ("put the recycling out", "Sun 21:00", "FREQ=WEEKLY;BYDAY=SU"))],
)  # fmt: skip
def test_a_repeats_part_of_the_day_stays_with_its_time(offline: OfflineChat, message: str, expected: tuple[str, str, str]) -> None:
    offline.say(message)
    assert fires(offline) == [expected]


@pytest.mark.parametrize(
    ("message", "expected"),
    [("tmrw 10am call with the bank for half an hour then lunch with oli at 1",
      [("Call with the bank", "Tue 2026-12-08 10:00"), ("Lunch with oli", "Tue 2026-12-08 13:00")]),
     ("yoga wed 6pm, dentist thurs 11am, and drinks with kate fri 8pm",
      [("Yoga", "Wed 2026-12-09 18:00"), ("Dentist", "Thu 2026-12-10 11:00"), ("Drinks with kate", "Fri 2026-12-11 20:00")]),
     ("set an alarm for 6am and put gym at 7am tomorrow in my calendar", [("Gym", "Tue 2026-12-08 07:00")])],
)  # fmt: skip
def test_several_requests_joined_another_way(offline: OfflineChat, message: str, expected: list[tuple[str, str]]) -> None:
    offline.say(message)
    assert [(e.title, local(e)) for e in offline.events()] == expected


def test_lunch_with_a_list_of_people_is_one_booking(offline: OfflineChat) -> None:
    offline.say("lunch with sam, jo, and kim friday 1pm")
    assert [(e.title, local(e)) for e in offline.events()] == [("Lunch with sam, jo, and kim", "Fri 2026-12-11 13:00")]


def test_a_reminder_continued_with_a_repeat_is_another_reminder(offline: OfflineChat) -> None:
    offline.say("remind me to call dad at 5pm today and every sunday at 7pm to call grandma")
    assert fires(offline) == [("call dad", "Mon 17:00", ""), ("call grandma", "Sun 19:00", "FREQ=WEEKLY;BYDAY=SU")]
    assert offline.events() == []


def test_the_event_just_deleted_is_booked_again_after_a_reason(offline: OfflineChat) -> None:
    event_at(offline, "Parent teacher meeting", "2026-12-08T16:00", minutes=30)
    offline.say("cancel the parent teacher meeting tmrw")
    offline.say("yes cancel it")
    offline.say("ugh the school just called, its friday at 4pm now. can you put it back in")
    assert [(e.title, local(e)) for e in offline.events()] == [("Parent teacher meeting", "Fri 2026-12-11 16:00")]


def test_a_reminder_on_the_second_one_of_a_list(offline: OfflineChat) -> None:
    event_at(offline, "Vet appointment", "2026-12-09T09:30", minutes=30)
    event_at(offline, "Vet appointment", "2026-12-12T11:00", minutes=30)
    offline.say("when are my vet appts")
    offline.say("set a reminder for the second one, 2 hours before pls")
    assert [(r.event.starts_at, r.minutes_before) for r in Reminder.objects.all() if r.event] == [(offline.events()[1].starts_at, 120)]


def test_the_reminder_just_set_goes_with_a_reason_beside_it(offline_zh: OfflineChat) -> None:
    offline_zh.say("明天早上七点半提醒我带身份证")
    offline_zh.say("算了 提醒删掉吧 我自己记得")
    assert not Reminder.objects.exists()


@pytest.mark.parametrize("message", ["明天下午三点开会 帮我记一下 等等 我先问问老板时间定没定 一会再说", "book the team lunch friday 1pm, hold on, let me check with sam"])
def test_a_request_put_off_is_taken_back(offline: OfflineChat, message: str) -> None:
    offline.say(message)
    assert offline.events() == []


def test_a_reminder_counted_from_an_event_put_down_is_set_with_it(offline_zh: OfflineChat) -> None:
    offline_zh.say("下周二上午10点半 牙医复诊 帮我记一下 前一天晚上八点提醒我")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("牙医复诊", "Tue 2026-12-15 10:30")]
    assert offline_zh.reminders() == [("牙医复诊", 870)]  # Monday 20:00


@pytest.mark.parametrize(
    ("message", "expected"),
    [("book me in for a blood test on wednesday at five past ten in the morning", ("Blood test", "Wed 2026-12-09 10:05")),
     ("hi there, i was wondering if you could add yoga for me on saturday morning at 10, thanks so much!", ("Yoga", "Sat 2026-12-12 10:00"))],
)  # fmt: skip
def test_a_spoken_time_and_a_greeting_before_a_courteous_request(offline: OfflineChat, message: str, expected: tuple[str, str]) -> None:
    offline.say(message)
    assert [(e.title, local(e)) for e in offline.events()] == [expected]


def test_an_event_in_the_list_named_beside_a_booking_gets_its_reminder(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "圣诞聚会", "2026-12-25T19:00", minutes=180)
    offline_zh.say("圣诞节那天下午我有空吗")
    offline_zh.say("那下午两点约小王打球 顺便圣诞聚会提前一小时提醒我")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("小王打球", "Fri 2026-12-25 14:00"), ("圣诞聚会", "Fri 2026-12-25 19:00")]
    assert offline_zh.reminders() == [("圣诞聚会", 60)]


@pytest.mark.parametrize(("message", "expected"), [("push the morning one to 11am", "Wed 2026-12-09 11:00"), ("move the other one to 4:30pm", "Wed 2026-12-09 16:30")])
def test_one_before_to_is_the_event_never_a_minute_before_the_hour(offline: OfflineChat, message: str, expected: str) -> None:
    event_at(offline, "Design review", "2026-12-09T09:00")
    event_at(offline, "Design review", "2026-12-09T15:00")
    offline.say("what's on wednesday")
    if "other" in message:
        offline.say("push the morning one back an hour")
    offline.say(message)
    assert expected in [local(e) for e in offline.events()]


def test_an_event_named_by_its_time_gets_the_reminder_never_a_second_booking(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "面试", "2026-12-09T15:00")
    offline_zh.say("后天下午三点的面试 提前一小时提醒我 前一天晚上九点再提醒一次")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("面试", "Wed 2026-12-09 15:00")]
    offline_zh.say("前一天晚上那个提醒就不用了 删掉")  # names no reminder that was set: the hour-before one stays
    assert offline_zh.reminders() == [("面试", 60)]
