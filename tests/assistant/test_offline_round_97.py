"""Shapes from held-out round 97, each a class: a write complete in its first clause with only reasons after it ("…,
they finally had a slot after like 3 weeks", "…cause he's been limping since the weekend", 每天晚上十点提醒我吃药 医生说…)
is that write, while a second request, a correction or a hedge after it keeps the message whole; an all-day kind said in
a reason ("she's back from maternity leave") makes no booking all-day; a day counted from a day said (1月10号我妈生日
前一天晚上八点提醒我…) traces for every model; "and another on jan 7" is another of the same; a pronoun is no title; a
bare hour is never put in the small hours by nearness; "actually 4 is better" to a card not answered moves nothing."""

from __future__ import annotations

import pytest

from scheduling.models import Reminder
from tests.assistant.conftest import Chat, OfflineChat, event_at, local, tool

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("message", "language", "expected"),
    [("dentist next tues 4.30pm pls, they finally had a slot after like 3 weeks of waiting", "en", ["Tue 2026-12-15 16:30"]),
     ("vet for biscuit fri 9.45am cause he's been limping since the weekend", "en", ["Fri 2026-12-11 09:45"]),
     ("add court hearing jan 12 9:30am, probably takes the whole morning", "en", ["Tue 2027-01-12 09:30"]),
     ("1月3号下午4点带儿子去游泳 他最近爱上这个了", "zh", ["Sun 2027-01-03 16:00"])],
)  # fmt: skip
def test_a_write_then_only_reasons_is_that_write(request: pytest.FixtureRequest, message: str, language: str, expected: list[str]) -> None:
    chat: OfflineChat = request.getfixturevalue("offline_zh" if language == "zh" else "offline")
    reply = chat.say(message).reply
    assert [local(e) for e in chat.events()] == expected, reply


def test_a_reminder_then_a_reason_keeps_the_reason_out_of_its_words(offline_zh: OfflineChat) -> None:
    offline_zh.say("每天晚上十点提醒我吃药 医生说要连着吃一个月")
    assert [(r.text, r.rrule) for r in Reminder.objects.all()] == [("吃药", "FREQ=DAILY")]


@pytest.mark.parametrize(
    ("message", "expected"),
    [("明天上午十点半去剪头发 还有周日下午两点去看电影", 2), ("明天上午十点拜访人民医院心内科 下午三点去中心医院", 2),
     ("gym thursday 6pm, if i'm not too tired", 0)],
)  # fmt: skip
def test_a_second_request_or_a_hedge_is_no_reason(request: pytest.FixtureRequest, message: str, expected: int) -> None:
    chat: OfflineChat = request.getfixturevalue("offline" if message.isascii() else "offline_zh")
    chat.say(message)
    assert len(chat.events()) in ({0} if expected == 0 else {0, expected})  # never one of two, never a hedge's


def test_a_correction_after_the_request_is_never_dropped_as_a_reason(offline: OfflineChat) -> None:
    offline.say("lunch with ana tomorrow at 1, actually make it 1:30")
    assert [local(e) for e in offline.events()] in ([], ["Tue 2026-12-08 13:30"])


def test_an_all_day_kind_in_a_reason_makes_nothing_all_day(offline: OfflineChat) -> None:
    offline.say("book a catch-up w/ lena on wednesday, she's back from maternity leave")
    assert offline.events() == []
    offline.say("11am")
    assert [(e.all_day, local(e)) for e in offline.events()] == [(False, "Wed 2026-12-09 11:00")]


def test_a_day_counted_from_a_day_said_traces(chat: Chat) -> None:
    chat.say("1月10号我妈生日 前一天晚上八点提醒我去拿蛋糕",
             tool("set_reminder", text="去拿蛋糕", date="2027-01-09", time="20:00", event_ref=None, event_words=None, minutes_before=None))  # fmt: skip
    assert [r.text for r in Reminder.objects.all()] == ["去拿蛋糕"]


def test_another_on_a_day_is_another_of_the_same(offline: OfflineChat) -> None:
    offline.say("add a study session on jan 6 at 7pm and another on jan 7 at 7pm")
    assert [(e.title, local(e)) for e in offline.events()] == [("Study session", "Wed 2027-01-06 19:00"), ("Study session", "Thu 2027-01-07 19:00")]


def test_a_pronoun_is_no_title(offline: OfflineChat) -> None:
    offline.say("is wednesday afternoon free?")
    offline.say("ok book him at 3:30")
    assert [e.title for e in offline.events()] != ["Him"]


def test_a_bare_hour_is_never_the_small_hours_by_nearness(offline: OfflineChat) -> None:
    offline.say("add court hearing jan 12 9:30am")
    offline.say("hmm actually 4 is better")
    assert [local(e) for e in offline.events()] in (["Tue 2027-01-12 16:00"], ["Tue 2027-01-12 09:30"])


def test_a_correction_to_a_card_not_answered_moves_nothing_else(offline: OfflineChat) -> None:
    offline.say("add court hearing jan 12 9:30am")
    offline.say("put prep with the paralegal the afternoon before at 3")
    offline.say("hmm actually 4 is better")
    assert ("Court hearing", "Tue 2027-01-12 09:30") in [(e.title, local(e)) for e in offline.events()]


@pytest.mark.parametrize(
    ("message", "expected"),
    [("工作日早上七点二十提醒我吃早饭 胃不好 医生让按时吃", ("吃早饭", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")), ("下个工作日上午十点提醒我交表", ("交表", ""))],
)  # fmt: skip
def test_workdays_said_alone_repeat_and_the_next_workday_does_not(offline_zh: OfflineChat, message: str, expected: tuple[str, str]) -> None:
    offline_zh.say(message)
    assert [(r.text, r.rrule) for r in Reminder.objects.all()] == [expected]


def test_a_lead_after_a_change_is_before_the_event_changed(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "家长会", "2026-12-10T15:00")
    offline_zh.say("家长会改到下周四同一时间 然后提前一个小时提醒我")
    assert [local(e) for e in offline_zh.events()] == ["Thu 2026-12-17 15:00"] and offline_zh.reminders() == [("家长会", 60)]


def test_whose_session_names_it_never_the_one_just_made(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "私教课-张", "2026-12-09T19:00")
    event_at(offline_zh, "私教课-刘", "2026-12-09T20:00")
    offline_zh.say("那周三晚上六点帮我排一节私教课 学员姓王")
    offline_zh.say("刘的那节挪到周四同一时间")
    at = {e.title: local(e) for e in offline_zh.events()}
    assert (at["私教课-刘"], at["私教课-张"]) == ("Thu 2026-12-10 20:00", "Wed 2026-12-09 19:00")


def test_talk_before_the_request_and_the_thing_after_it(offline_zh: OfflineChat) -> None:
    offline_zh.say("老板又要开会 烦死了 帮我记一下 明天下午三点一刻 项目复盘会")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("项目复盘会", "Tue 2026-12-08 15:15")]
