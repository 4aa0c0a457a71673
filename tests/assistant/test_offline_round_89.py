"""Shapes from held-out round 89, each a class: the thing a search for a time was for names the booking even with
questions and talk between ("need to squeeze in a haircut this week, hows wednesday looking" … "what about thursday" …
"ok do 3pm thursday then"); "the same time" copies the event just made to the day or week said; a part of the day beside
"that one" picks the event of a list while the time said is its new one; a request verb said first governs what follows
it ("add the cancel culture podcast …"); a moment said of a name (下午四点的会) is an event already there; a series starts
on its first day still ahead, and its card names that day; a stretch of two days asked for takes whole days; a number
labelled by what it numbers ("room 4", "review 2.0") is no time."""

from __future__ import annotations

import pytest

from assistant.reading import extract_when
from assistant.reading.extract import read_when_or_decline
from assistant.reading.vocabulary import QUESTION_EN
from scheduling.models import Event
from tests.assistant.conftest import Chat, OfflineChat, event_at, local, tool
from tests.conftest import FROZEN_NOW

pytestmark = pytest.mark.django_db

TODAY = FROZEN_NOW.date()  # Monday 7 December 2026


def booked(chat: Chat) -> list[tuple[str, str]]:
    return [(e.title, local(e)) for e in chat.events()]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [(["need to squeeze in a haircut this week, hows wednesday looking", "what about thursday", "ok do 3pm thursday then"], ("Haircut", "Thu 2026-12-10 15:00")),
     (["do i have any time on the 21st? want to get my hair cut", "ok stick it in at 3pm"], ("Get my hair cut", "Mon 2026-12-21 15:00")),
     (["when should i do my car inspection, am i free thursday morning", "hmm let me think", "ok do it at 8:30am thursday"], ("Car inspection", "Thu 2026-12-10 08:30")),
     (["need to check if the 22nd works for getting my nails done", "ok put it in at 2pm"], ("Getting my nails done", "Tue 2026-12-22 14:00"))],
)  # fmt: skip
def test_the_thing_a_search_for_a_time_was_for_names_the_booking(offline: OfflineChat, turns: list[str], expected: tuple[str, str]) -> None:
    event_at(offline, "Standup", "2026-12-09T09:30", 15)
    for message in turns:
        offline.say(message)
    assert expected in booked(offline)


def test_a_booking_after_a_request_that_was_written_takes_no_name_from_before_it(offline: OfflineChat) -> None:
    offline.say("is thursday free for a massage?")
    offline.say("book yoga thursday at 6pm")
    offline.say("ok add it at 3pm friday")
    assert ("Massage", "Fri 2026-12-11 15:00") not in booked(offline)  # the search ended with the booking in between


@pytest.mark.parametrize("message", ["ok do 3pm thursday then", "do it at 4 on friday", "do 10am tomorrow"])
def test_do_before_a_moment_asks_nothing(message: str) -> None:
    assert QUESTION_EN.search(message) is None


@pytest.mark.parametrize("message", ["do you have anything friday", "do i have time on the 21st", "do we meet today"])
def test_do_before_its_subject_asks(message: str) -> None:
    assert QUESTION_EN.search(message) is not None


@pytest.mark.parametrize(
    ("first", "again", "expected"),
    [("book tennis with jake wednesday 6pm", "and same time next week too", ("Tennis with jake", "Wed 2026-12-16 18:00")),
     ("下周一晚上七点半 瑜伽课 帮我加上", "下下周一同一时间也加一个", ("瑜伽课", "Mon 2026-12-21 19:30"))],
)  # fmt: skip
def test_the_same_time_copies_the_event_just_made(offline: OfflineChat, offline_zh: OfflineChat, first: str, again: str, expected: tuple[str, str]) -> None:
    chat = offline_zh if first.isascii() is False else offline
    chat.say(first)
    chat.say(again)
    assert expected in booked(chat) and len(chat.events()) == 2


@pytest.mark.parametrize(
    ("zh", "look", "move", "moved"),
    [(True, "下周一都有什么", "下午那个改到四点半", ("面试候选人", "Mon 2026-12-14 16:30")),
     (False, "what's on next monday", "move the afternoon one to 4:30pm", ("面试候选人", "Mon 2026-12-14 16:30"))],
)  # fmt: skip
def test_a_part_of_the_day_beside_that_one_picks_the_event_and_the_time_is_its_new_one(
    offline: OfflineChat, offline_zh: OfflineChat, zh: bool, look: str, move: str, moved: tuple[str, str]
) -> None:
    chat = offline_zh if zh else offline
    event_at(chat, "产品评审", "2026-12-14T10:00")
    event_at(chat, "面试候选人", "2026-12-14T15:00")
    chat.say(look)
    chat.say(move)
    assert sorted(booked(chat)) == sorted([("产品评审", "Mon 2026-12-14 10:00"), moved])


@pytest.mark.parametrize(
    ("message", "title"),
    [("add the cancel culture podcast recording on tuesday at 3pm", "cancel culture"), ("add clear out the garage to saturday at 10am", "clear out the garage")],
)  # fmt: skip
def test_a_request_verb_said_first_governs_the_words_after_it(offline: OfflineChat, message: str, title: str) -> None:
    event_at(offline, "Podcast recording", "2026-12-08T11:00")
    offline.say(message)
    assert len(offline.events()) == 2 and any(title in e.title.lower() for e in offline.events())


def test_cancel_then_book_still_cancels_first(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-08T15:00")
    offline.say("cancel my dentist tomorrow")
    assert offline.last_trace().tool_calls[0]["name"] == "delete_event"


@pytest.mark.parametrize(
    ("zh", "message", "event"),
    [(True, "明天下午三点的牙医 提前半小时提醒我", ("牙医", "2026-12-08T15:00")),
     (True, "下午四点的会 提前十分钟提醒我下", ("周会", "2026-12-07T16:00")),
     (False, "remind me 30 min before my dentist tomorrow at 3pm", ("Dentist", "2026-12-08T15:00"))],
)  # fmt: skip
def test_a_moment_said_of_a_name_is_an_event_already_there(
    offline: OfflineChat, offline_zh: OfflineChat, zh: bool, message: str, event: tuple[str, str]
) -> None:
    chat = offline_zh if zh else offline
    event_at(chat, *event)
    chat.say(message)
    assert len(chat.events()) == 1 and chat.reminders()[0][0] == event[0]


def test_a_moment_said_with_a_booking_word_still_books_with_its_reminder(offline_zh: OfflineChat) -> None:
    offline_zh.say("明天下午三点开会，提前一小时提醒我")
    assert booked(offline_zh) == [("开会", "Tue 2026-12-08 15:00")] and offline_zh.reminders() == [("开会", 60)]


def test_tonight_before_a_quarter_to_is_read(offline_zh: OfflineChat) -> None:
    offline_zh.say("今晚差一刻十点提醒我吃药")
    assert offline_zh.reminded_at() == [("吃药", "12-07 21:45")]


def test_a_reminder_continued_with_to_is_a_second_reminder(offline: OfflineChat) -> None:
    offline.say("remind me to call the plumber at 11am and to buy wrapping paper at 5pm")
    assert offline.reminded_at() == [("call the plumber", "12-07 11:00"), ("buy wrapping paper", "12-07 17:00")]
    assert offline.events() == []


def test_a_reminder_part_takes_the_day_of_the_part_before(offline_zh: OfflineChat) -> None:
    offline_zh.say("提醒我明天上午十点交报告 还有下午三点取快递")
    assert offline_zh.reminded_at() == [("交报告", "12-08 10:00")]
    assert booked(offline_zh) == [("取快递", "Tue 2026-12-08 15:00")]


@pytest.mark.parametrize(
    ("zh", "message", "days"),
    [(False, "block out dec 28 to 31 for skiing", ("2026-12-28", "2027-01-01")), (True, "12月24号到27号回老家 帮我记上", ("2026-12-24", "2026-12-28"))],
)  # fmt: skip
def test_a_stretch_of_two_days_asked_for_takes_whole_days(
    offline: OfflineChat, offline_zh: OfflineChat, zh: bool, message: str, days: tuple[str, str]
) -> None:
    chat = offline_zh if zh else offline
    chat.say(message)
    (event,) = chat.events()
    zone = chat.user.profile.zone
    assert event.all_day and (f"{event.starts_at.astimezone(zone):%Y-%m-%d}", f"{event.ends_at.astimezone(zone):%Y-%m-%d}") == days


@pytest.mark.parametrize("message", ["schedule physio next week", "block out january for the project", "add a team meeting dec 28 to 31"])
def test_a_week_a_month_or_a_meeting_over_days_is_asked_about(offline: OfflineChat, message: str) -> None:
    offline.say(message)
    assert offline.events() == []


def test_someone_elses_news_asked_for_is_booked_by_its_own_name(offline: OfflineChat) -> None:
    offline.say("my manager just told me there's an all hands on thursday at 10")
    assert offline.events() == []
    offline.say("hr told me theres a fire drill on thursday at 10:30am can you put it in my calendar")
    assert booked(offline) == [("Fire drill", "Thu 2026-12-10 10:30")]


@pytest.mark.parametrize(
    ("message", "expected", "rule"),
    [("今天下午4点半 开个电话会 跟供应商", "Mon 2026-12-07 16:30", ""),
     ("每两周一次 周六上午十点 心理咨询", "Sat 2026-12-12 10:00", "INTERVAL=2"),
     ("隔周一次 周六上午十点 心理咨询", "Sat 2026-12-12 10:00", "INTERVAL=2")],
)  # fmt: skip
def test_short_chinese_phrases_with_whom_or_how_often_are_one_booking(offline_zh: OfflineChat, message: str, expected: str, rule: str) -> None:
    offline_zh.say(message)
    (event,) = offline_zh.events()
    assert local(event) == expected and rule in event.rrule


@pytest.mark.parametrize("message", ["物业通知 本周四上午9点到12点停水", "周日晚上九点德比战，肯定很精彩"])
def test_two_phrases_that_each_name_something_stay_a_notice(offline_zh: OfflineChat, message: str) -> None:
    offline_zh.say(message)
    assert offline_zh.events() == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [("schedule review 2.0 on monday at 10am", ("review 2.0", "Mon 2026-12-14 10:00")),
     ("sprint planning in room 4 tomorrow at 2pm", ("room 4", "Tue 2026-12-08 14:00"))],
)  # fmt: skip
def test_a_number_labelled_by_what_it_numbers_is_no_time(offline: OfflineChat, message: str, expected: tuple[str, str]) -> None:
    offline.say(message)
    ((title, when),) = booked(offline)
    assert expected[0] in title.lower() and when == expected[1]


@pytest.mark.parametrize("text", ["in room 4 tomorrow", "gate 12 on friday", "version 2.1 on monday"])
def test_a_labelled_number_beside_a_day_is_not_read_as_its_time(text: str) -> None:
    found, declined = read_when_or_decline(text, today=TODAY)
    assert found is not None and found.time is None and not declined


def test_a_number_beside_a_day_is_still_declined_unlabelled() -> None:
    assert read_when_or_decline("3 on friday", today=TODAY) == (None, True)
    assert extract_when("dentist 4 tomorrow", today=TODAY) is not None  # a bare hour beside a day is a time


def test_a_weekday_after_a_week_said_in_the_part_before_is_that_weeks(offline_zh: OfflineChat) -> None:
    offline_zh.say("下周一 10am 跟client开会，顺便周三下午2点 加个牙医")
    assert set(booked(offline_zh)) == {("跟client开会", "Mon 2026-12-14 10:00"), ("牙医", "Wed 2026-12-16 14:00")}


def test_a_series_said_to_start_this_week_starts_on_its_first_day_ahead(offline: OfflineChat) -> None:
    offline.later(days=3)  # Thursday
    offline.say("the 5k run every saturday at 8am starting this week")
    assert booked(offline) == [("5k run", "Sat 2026-12-12 08:00")]


def test_a_held_series_card_names_the_day_it_would_begin(chat: Chat) -> None:
    chat.later(days=3)  # Thursday 10 December; the week's Monday is past
    outcome = chat.say(
        "put the 5k run in, every saturday",
        tool("schedule_event", title="5k run", date="W1", time="08:00", duration_minutes=None, command_id=None,
             recurrence={"frequency": "weekly", "interval": None, "weekdays": ["SA"], "month_day": None, "until": None, "count": None}),
    )  # fmt: skip
    assert Event.objects.count() == 0
    assert "Sat 12 Dec" in outcome.reply and "Mon 07 Dec" not in outcome.reply
