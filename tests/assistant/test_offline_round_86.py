"""Shapes from held-out round 86, each a class: two dates said as a span ("block out dec 20 to 27 for my trip",
12月20号到27号去巴厘岛旅游) are the first and last of whole days, never one day with the rest of the span in its name;
weekdays said beside a week are that week's; an interjection is no name; an event only shown is no "it" once the talk
went on; someone else's arranging is theirs; a change said with a self-correction is asked again."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("message", "title", "days"),
    [("block out dec 20 to 27 for my trip to bali", "Trip to bali", ("2026-12-20", "2026-12-27")),
     ("add my trip to bali from december 20 to december 27", "Trip to bali", ("2026-12-20", "2026-12-27")),
     ("put the conference in dec 14-16", "Conference", ("2026-12-14", "2026-12-16")),
     ("12月20号到27号去巴厘岛旅游 帮我记上", "巴厘岛旅游", ("2026-12-20", "2026-12-27")),
     ("帮我加一下 12月20日至12月27日 出差", "出差", ("2026-12-20", "2026-12-27"))],
)  # fmt: skip
def test_two_dates_said_as_a_span_are_whole_days(offline: OfflineChat, message: str, title: str, days: tuple[str, str]) -> None:
    offline.say(message)
    [event] = offline.events()
    zone = ZoneInfo(offline.user.profile.time_zone)
    first, last = (moment.astimezone(zone).date().isoformat() for moment in (event.starts_at, event.ends_at - datetime.timedelta(seconds=1)))
    assert (event.title, event.all_day, first, last) == (title, True, *days)


def test_weekdays_beside_a_week_are_that_weeks(offline: OfflineChat) -> None:
    offline.say("im at a conference in singapore mon to wed next week, put it in pls")
    [event] = offline.events()
    zone = ZoneInfo(offline.user.profile.time_zone)
    assert (event.all_day, event.starts_at.astimezone(zone).date().isoformat(), (event.ends_at - datetime.timedelta(seconds=1)).astimezone(zone).date().isoformat()) == (True, "2026-12-14", "2026-12-16")


def test_an_interjection_is_no_name(offline: OfflineChat, offline_zh: OfflineChat) -> None:
    event_at(offline, "Client call", "2026-12-10T15:00")
    offline.say("is thursday 3pm free for a massage?")
    offline.say("ah damn. what about friday same time")  # a question about Friday, never a booking named "Damn"
    assert [e.title for e in offline.events()] == ["Client call"]
    offline_zh.say("这周五晚上有空没")
    offline_zh.say("哎 周五不行 那就周六晚上七点吧 跟老同学吃个饭 帮我记一下")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("跟老同学吃饭", "Sat 2026-12-12 19:00")]


def test_an_event_only_shown_is_no_it_once_the_talk_went_on(offline: OfflineChat) -> None:
    event_at(offline, "Yoga", "2026-12-11T18:00")
    offline.say("am i free friday evening")
    offline.say("hmm nvm do saturday instead. dinner w priya sat 7pm")
    offline.say("and remind me an hour before pls")
    assert offline.reminders() == []


def test_right_after_a_look_the_event_shown_is_it(offline: OfflineChat) -> None:
    event_at(offline, "Yoga", "2026-12-11T18:00")
    offline.say("whats on friday")
    offline.say("remind me an hour before")
    assert offline.reminders() == [("Yoga", 60)]


@pytest.mark.parametrize(
    "message",
    ["we might push the bbq to sunday if the weather's bad", "they could move the bbq to sunday"],
)
def test_a_move_said_as_possible_changes_nothing(offline: OfflineChat, message: str) -> None:
    event_at(offline, "BBQ", "2026-12-12T12:00", 180)
    offline.say(message)
    assert [local(e) for e in offline.events()] == ["Sat 2026-12-12 12:00"]


@pytest.mark.parametrize(
    ("title", "start", "message", "moved"),
    [("Vet", "2026-12-10T11:00", "vet needs moving to monday at quarter past nine", "Mon 2026-12-14 09:15"),
     ("Standup", "2026-12-08T09:30", "can we make tomorrows standup 9:45 instead", "Tue 2026-12-08 09:45")],
)  # fmt: skip
def test_a_move_said_another_way_moves_never_books(offline: OfflineChat, title: str, start: str, message: str, moved: str) -> None:
    event_at(offline, title, start)
    offline.say(message)
    assert [(e.title, local(e)) for e in offline.events()] == [(title, moved)]


@pytest.mark.parametrize(
    "message",
    ["公司安排下下周一全体去团建 早上七点半公司门口集合 哎又要早起", "学校安排下周五下午三点开家长会"],
)
def test_someone_elses_arranging_is_theirs(offline_zh: OfflineChat, message: str) -> None:
    offline_zh.say(message)
    assert offline_zh.events() == []


@pytest.mark.parametrize(
    ("message", "title", "at"),
    [("领导刚说周二下午四点要开复盘会 给我记一下", "复盘会", "Tue 2026-12-08 16:00"),
     ("公司说下下周一早上九点开年终总结大会 帮我放日历里", "开年终总结大会", "Mon 2026-12-21 09:00")],
)  # fmt: skip
def test_what_someone_said_put_down_when_asked(offline_zh: OfflineChat, message: str, title: str, at: str) -> None:
    offline_zh.say(message)
    assert [(e.title, local(e)) for e in offline_zh.events()] == [(title, at)]


def test_a_change_corrected_in_one_breath_is_asked_again(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "项目评审", "2026-12-08T14:00")
    offline_zh.say("把明天的评审挪到下周一 不对 下周二")
    assert [local(e) for e in offline_zh.events()] == ["Tue 2026-12-08 14:00"]


def test_a_correction_after_an_interjection_moves_what_was_just_made(offline_zh: OfflineChat) -> None:
    offline_zh.say("周五下午两点约了个牙医 帮我记上")
    offline_zh.say("哎等等 不对 是下周五")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("牙医", "Fri 2026-12-18 14:00")]


@pytest.mark.parametrize(
    ("message", "booked"),
    [("除夕晚上六点回老家吃年夜饭 帮我记一下", ("回老家吃年夜饭", "Fri 2027-02-05 18:00")),
     ("冬至那天晚上六点回爸妈家吃饺子 记上", ("回爸妈家吃饺子", "Tue 2026-12-22 18:00")),
     ("农历冬月十五晚上七点回家拜拜 帮我记一下", ("回家拜拜", "Wed 2026-12-23 19:00"))],
)  # fmt: skip
def test_a_lunar_feast_or_date_is_booked_on_its_next_day(offline_zh: OfflineChat, message: str, booked: tuple[str, str]) -> None:
    offline_zh.say(message)
    assert [(e.title, local(e)) for e in offline_zh.events()] == [booked]
