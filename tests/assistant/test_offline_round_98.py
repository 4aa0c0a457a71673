"""Shapes from held-out round 98, each a class: a comment beside a new lead ("hmm thats too early, make it 2 hours")
corrects the reminder just set, never the event's length; talk before a complete request (no moment, nothing asked) is
no part of it, and a hedge inside someone's reason after a plainly asked request holds nothing; an answer to "what
time?" with a bare 6, 7 or 8 takes the half of the day the request said, else it is asked again; a request said once
covers Chinese phrases set apart by spaces; a note that opens with its moment alone is put down; "same time next week"
is a week after the event it copies; a reason with a time of its own after a change is a reason; a look at a day in
Chinese (帮我看看后天) is a look, never a booking named 看看."""

from __future__ import annotations

import pytest

from assistant.reading.vocabulary import hedged_request
from scheduling.models import Reminder
from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("said", "correction", "language", "lead"),
    [("remind me 3 hours before my flight", "hmm thats too early, make it 2 hours", "en", 120),
     ("remind me 3 hours before my flight", "ugh no way, 90 min", "en", 90),
     ("航班前三个小时提醒我", "太早了吧 改成两个小时", "zh", 120)],
)  # fmt: skip
def test_a_comment_beside_a_new_lead_corrects_the_reminder_never_the_event(
    request: pytest.FixtureRequest, said: str, correction: str, language: str, lead: int
) -> None:
    chat: OfflineChat = request.getfixturevalue("offline_zh" if language == "zh" else "offline")
    event_at(chat, "航班" if language == "zh" else "Flight to Denver", "2026-12-12T08:40", minutes=240)
    chat.say(said)
    chat.say(correction)
    (event,) = chat.events()
    assert (local(event), round((event.ends_at - event.starts_at).total_seconds() / 60)) == ("Sat 2026-12-12 08:40", 240)
    assert [minutes for _, minutes in chat.reminders()] in ([lead], [180])  # corrected, or left as it was; never the flight


@pytest.mark.parametrize(
    ("message", "expected"),
    [("也没有啊 那我记错了 那就后天晚上七点加个瑜伽课吧", [("瑜伽课", "Wed 2026-12-09 19:00")]),
     ("唉 最近太忙了 帮我约个周四下午三点的理发", [("理发", "Thu 2026-12-10 15:00")]),
     ("ugh crazy week lol, can you add physio on friday at 10am", [("Physio", "Fri 2026-12-11 10:00")])],
)  # fmt: skip
def test_talk_before_a_complete_request_is_no_part_of_it(request: pytest.FixtureRequest, message: str, expected: list[tuple[str, str]]) -> None:
    chat: OfflineChat = request.getfixturevalue("offline" if message.isascii() else "offline_zh")
    reply = chat.say(message).reply
    assert [(e.title, local(e)) for e in chat.events()] == expected, reply


def test_a_correction_before_a_request_is_never_talk(offline: OfflineChat) -> None:
    offline.say("dentist on thursday at 3pm")
    offline.say("no wait, put the dentist on friday at 3 instead")
    assert [local(e) for e in offline.events()] in (["Thu 2026-12-10 15:00"], ["Fri 2026-12-11 15:00"])  # moved or kept, never two


def test_someones_hedged_reason_after_a_plain_request_holds_nothing(offline: OfflineChat) -> None:
    offline.say("ugh i keep forgetting, can you remind me on friday at 12:30pm to send the invoice to the hendersons, "
                "they said theyd pay before the holidays if i get it to them by then")  # fmt: skip
    assert [(r.text, r.remind_at.astimezone(offline.user.profile.zone).strftime("%a %H:%M")) for r in Reminder.objects.all()] == [
        ("send the invoice to the hendersons", "Fri 12:30")
    ]


@pytest.mark.parametrize(
    ("words", "hedged"),
    [("can you remind me on friday at 12:30pm to send the invoice, they said theyd pay if i get it to them", False),
     ("might need to move the dentist to friday, not sure yet", True),
     ("book dinner friday at 7, we might move it to saturday", True),  # no plain request before the hedge
     ("ugh i keep forgetting, might need to move the dentist", True)],
)  # fmt: skip
def test_a_hedge_after_a_plain_request_is_beside_it(words: str, hedged: bool) -> None:
    assert hedged_request(words) is hedged


@pytest.mark.parametrize(
    ("request_words", "answer", "expected"),
    [("明儿一早要去火车站接我姑 帮我记上", "六点四十吧 她的车七点到", ["Tue 2026-12-08 06:40"]),
     ("明天晚上要去接孩子 帮我记上", "七点半吧", ["Tue 2026-12-08 19:30"]),
     ("明天要去火车站接我姑 帮我记上", "六点四十吧", [])],  # no half said: asked, never guessed
)  # fmt: skip
def test_a_bare_hour_answered_takes_the_half_the_request_said(offline_zh: OfflineChat, request_words: str, answer: str, expected: list[str]) -> None:
    offline_zh.say(request_words)
    offline_zh.say(answer)
    assert [local(e) for e in offline_zh.events()] == expected


def test_a_request_said_once_covers_phrases_set_apart_by_spaces(offline_zh: OfflineChat) -> None:
    offline_zh.say("周六上午十点带娃上钢琴课 周日下午2点半去游泳 都帮我加上")
    assert sorted(local(e) for e in offline_zh.events()) == ["Sat 2026-12-12 10:00", "Sun 2026-12-13 14:30"]


@pytest.mark.parametrize(
    ("message", "text", "at"),
    [("半小时后叫我给客户回个电话", "给客户回个电话", "10:30"), ("一刻钟以后提醒我关火 在炖汤呢", "关火", "10:15")],
)  # fmt: skip
def test_a_relative_time_then_call_me_is_a_reminder(offline_zh: OfflineChat, message: str, text: str, at: str) -> None:
    offline_zh.say(message)
    assert offline_zh.events() == []
    assert [(r.text, r.remind_at.astimezone(offline_zh.user.profile.zone).strftime("%H:%M")) for r in Reminder.objects.all()] == [(text, at)]


@pytest.mark.parametrize(
    ("message", "expected"),
    [("周三早上九点 牙医 洗牙 半小时", ("Wed 2026-12-09 09:00", 30)), ("今天下午五点半 健身房 练腿 一小时", ("Mon 2026-12-07 17:30", 60))],
)  # fmt: skip
def test_a_note_that_opens_with_its_moment_is_put_down(offline_zh: OfflineChat, message: str, expected: tuple[str, int]) -> None:
    offline_zh.say(message)
    assert [(local(e), round((e.ends_at - e.starts_at).total_seconds() / 60)) for e in offline_zh.events()] == [expected]


@pytest.mark.parametrize("message", ["周日晚上九点德比战，肯定很精彩", "物业通知 本周四上午9点到12点停水", "刚才一直在开会 累死了"])
def test_a_comment_or_a_notice_is_still_not_put_down(offline_zh: OfflineChat, message: str) -> None:
    offline_zh.say(message)
    assert offline_zh.events() == []


def test_same_time_next_week_is_a_week_after_the_event_it_copies(offline: OfflineChat) -> None:
    offline.say("pls add a client call with Bluefin on monday 11am")
    offline.say("same time next week too")
    assert sorted(local(e) for e in offline.events()) == ["Mon 2026-12-14 11:00", "Mon 2026-12-21 11:00"]


def test_a_reason_with_a_time_of_its_own_after_a_change_is_a_reason(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "组会", "2026-12-08T16:00")
    offline_zh.say("明天的组会往前提半个钟 导师四点半有事")
    assert [local(e) for e in offline_zh.events()] == ["Tue 2026-12-08 15:30"]


def test_the_same_time_said_with_a_part_of_the_day_keeps_its_time(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "跑步", "2026-12-08T07:00")
    offline_zh.say("明天早上的跑步挪到后天早上 同一时间 明天说是有雨")
    assert [local(e) for e in offline_zh.events()] == ["Wed 2026-12-09 07:00"]


def test_a_look_at_a_day_in_chinese_is_never_a_booking(offline_zh: OfflineChat) -> None:
    offline_zh.say("你帮我看看后天")
    offline_zh.say("那就后天晚上七点加个瑜伽课吧")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("瑜伽课", "Wed 2026-12-09 19:00")]


@pytest.mark.parametrize(
    ("message", "expected"),
    [("im taking friday off, can you put a day off in the calendar", ("Day off", True)),
     ("18号周五 公司年会 全天 帮我标成全天", ("公司年会", True))],
)  # fmt: skip
def test_a_day_off_and_marking_a_day_whole_are_all_day_bookings(request: pytest.FixtureRequest, message: str, expected: tuple[str, bool]) -> None:
    chat: OfflineChat = request.getfixturevalue("offline" if message.isascii() else "offline_zh")
    chat.say(message)
    assert [(e.title, e.all_day) for e in chat.events()] == [expected]


def test_a_day_said_beside_that_week_is_the_day(offline: OfflineChat) -> None:
    offline.say("hey am i free on the 21st? the dentist wants to see me sometime that week")
    offline.say("ok put the dentist at 3pm then")
    assert [(e.title, local(e)) for e in offline.events()] == [("Dentist", "Mon 2026-12-21 15:00")]


def test_talk_with_then_before_a_lead_is_the_event_just_made(offline_zh: OfflineChat) -> None:
    offline_zh.say("下周二下午三点去社区医院量血压 帮我记一下")
    offline_zh.say("我老是忘事 到时候提前一个钟头提醒我")
    assert offline_zh.reminders() == [("社区医院量血压", 60)]
