"""Shapes from held-out round 99, each a class: a work shift is a thing, not the verb ("night shift on saturday 7pm to
7am", "shift at the cafe fri 12 till 5pm"), and a shift that ends the next morning is one span; an end said after the
name (…十一点半结束) is its end, never a second booking; "and a ski lesson saturday" right after a booking for a later
week is that week's Saturday; a request with a moment of its own is never the name an open request asked for, and one
whose moment was not read writes nothing; a reminder's new time is read without the reason said after it; a change
then a reason is that change."""

from __future__ import annotations

import pytest

from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


def _span(chat: OfflineChat) -> list[tuple[str, int]]:
    return [(local(e), round((e.ends_at - e.starts_at).total_seconds() / 60)) for e in chat.events()]


@pytest.mark.parametrize(
    ("message", "expected"),
    [("shift at the cafe fri 12 till 5pm", ("Fri 2026-12-11 12:00", 300)),
     ("can you add my late shift on thursday 10pm to 6am", ("Thu 2026-12-10 22:00", 480))],
)  # fmt: skip
def test_a_work_shift_is_a_thing_and_a_night_ends_the_next_morning(offline: OfflineChat, message: str, expected: tuple[str, int]) -> None:
    reply = offline.say(message).reply
    assert _span(offline) == [expected], reply


def test_a_night_shift_is_never_read_as_moving_something(offline: OfflineChat) -> None:
    event_at(offline, "Shift", "2026-12-12T09:00")
    offline.say("night shift on saturday 7pm to 7am")
    assert [local(e) for e in offline.events()] in (["Sat 2026-12-12 09:00"], ["Sat 2026-12-12 09:00", "Sat 2026-12-12 19:00"])


@pytest.mark.parametrize("message", ["shift the dentist to 4pm", "can you shift my dentist to friday"])
def test_shift_said_of_an_event_still_moves_it(offline: OfflineChat, message: str) -> None:
    event_at(offline, "Dentist", "2026-12-09T15:00")
    offline.say(message)
    assert [local(e) for e in offline.events()] != ["Wed 2026-12-09 15:00"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [("礼拜六上午十点带儿子去上游泳课 十一点半结束 帮我记一下", ("Sat 2026-12-12 10:00", 90)),
     ("周日下午两点同学聚会 五点结束 帮我加上", ("Sun 2026-12-13 14:00", 180))],
)  # fmt: skip
def test_an_end_said_after_the_name_is_its_end(offline_zh: OfflineChat, message: str, expected: tuple[str, int]) -> None:
    offline_zh.say(message)
    assert _span(offline_zh) == [expected]


def test_a_weekday_after_a_booking_in_a_later_week_is_that_weeks(offline: OfflineChat) -> None:
    offline.say("put the drive up on friday the 18th at 2pm")
    offline.say("and a ski lesson saturday at half past nine in the morning")
    assert sorted(local(e) for e in offline.events()) == ["Fri 2026-12-18 14:00", "Sat 2026-12-19 09:30"]


def test_a_request_whose_moment_was_not_read_is_never_the_name_asked_for(offline: OfflineChat) -> None:
    offline.say("ok kids stuff for next week ugh. emma has swim practice monday at 4:30pm")
    offline.say("yeah add it to my calendar")
    offline.say("and book jakes piano drop off on wednesday at quarter past 5 after school")
    assert [e.title for e in offline.events() if "piano" in e.title.lower() and "wednesday" in e.title.lower()] == []


def test_a_reminders_new_time_is_read_without_the_reason_after_it(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "体检", "2026-12-12T08:00")
    offline_zh.say("体检前一天晚上八点提醒我别吃东西")
    offline_zh.say("哎 改成晚上九点半吧 八点我还在吃饭呢")
    assert offline_zh.reminders() == [("体检", 630)]  # Friday 21:30, before Saturday 08:00


@pytest.mark.parametrize(
    ("message", "expected"),
    [("周五的聚餐改成晚上七点 有几个人下班来不及", "Fri 2026-12-11 19:00"),
     ("周五的聚餐改到晚上七点半 因为老板六点还有别的会", "Fri 2026-12-11 19:30")],
)  # fmt: skip
def test_a_change_then_a_reason_is_that_change(offline_zh: OfflineChat, message: str, expected: str) -> None:
    event_at(offline_zh, "部门聚餐", "2026-12-11T18:00", minutes=120)
    offline_zh.say(message)
    assert [local(e) for e in offline_zh.events()] == [expected]


@pytest.mark.parametrize(
    "message",
    ["my grandson's school play is on friday at 6pm, could you add that for me dear",
     "my grandson's school play is on friday at 6pm, could you put that in for me dear"],
)  # fmt: skip
def test_a_pronoun_or_a_request_is_never_part_of_the_name(offline: OfflineChat, message: str) -> None:
    offline.say(message)
    assert [(e.title, local(e)) for e in offline.events()] in ([], [("Grandson's school play", "Fri 2026-12-11 18:00")])


def test_a_length_said_with_the_name_of_one_of_two_just_made(offline_zh: OfflineChat) -> None:
    offline_zh.say("礼拜六上午九点半带我妈去做理疗 帮我记上")
    offline_zh.say("那天下午三点再约个按摩")
    offline_zh.say("理疗要两个钟头")
    assert sorted(_span(offline_zh)) == [("Sat 2026-12-12 09:30", 120), ("Sat 2026-12-12 15:00", 60)]


@pytest.mark.parametrize("message", ["哦刚想起来 我妈说三点太早了 改到四点半吧", "我妈说三点太早了 改到四点半吧"])
def test_someones_words_then_a_correction_is_that_correction(offline_zh: OfflineChat, message: str) -> None:
    offline_zh.say("周五下午三点 带我妈去配眼镜")
    offline_zh.say(message)
    assert [local(e) for e in offline_zh.events()] == ["Fri 2026-12-11 16:30"]


def test_someones_news_after_a_note_is_a_reason(offline_zh: OfflineChat) -> None:
    offline_zh.say("今天下午四点半去接孩子 学校说今天提前放学 我差点忘了")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("接孩子", "Mon 2026-12-07 16:30")]
