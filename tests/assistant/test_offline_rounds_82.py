"""Shapes from held-out round 82 and the classes left open before it, each a class: someone named after the moment who
comes (物业来修水管) is news; a time said of the reminder just asked for is the reminder's; a joke at the end takes a request
back; 每两周一次 is how often; book it after a question about a moment books what it was for; "same time" is the event's."""

from __future__ import annotations

import datetime

import pytest

from assistant.providers.offline.calendar_words import read_calendar_words
from assistant.reading import vocabulary
from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("message", ["下周一上午十点物业来修水管", "周六上午十点妈妈来看我", "明天下午三点王阿姨要过来拿东西", "周五下午两点客户来公司谈合同"])
def test_someone_who_comes_after_the_moment_is_offered_not_booked(offline_zh: OfflineChat, message: str) -> None:
    reply = offline_zh.say(message).reply
    assert offline_zh.events() == [] and "加到日程" in reply


@pytest.mark.parametrize(
    ("message", "title"),
    [("周五下午三点看牙医", "看牙医"), ("明天上午十点带妈妈去医院", "带妈妈去医院"), ("周四下午三点讨论未来规划", "讨论未来规划"),
     ("帮我记一下 下周一上午十点物业来修水管", "物业来修水管")],
)
def test_the_persons_own_plan_or_a_request_is_still_booked(offline_zh: OfflineChat, message: str, title: str) -> None:
    offline_zh.say(message)
    assert [e.title for e in offline_zh.events()] == [title]


@pytest.mark.parametrize(
    ("booking", "correction", "lead"),
    [("root canal appt mon 11am, remind me the night before at 9pm", "wait make the reminder 8pm", 15 * 60),
     ("下周一上午十一点看牙 前一天晚上九点提醒我", "提醒改成晚上八点吧", 15 * 60),
     ("root canal appt mon 11am, remind me an hour before", "make the reminder 10:30am", 30)],
)  # fmt: skip
def test_a_time_said_of_the_reminder_just_asked_for_is_the_reminders_on_the_day_it_fires(
    offline: OfflineChat, booking: str, correction: str, lead: int
) -> None:
    offline.say(booking)
    [event] = offline.events()
    offline.say(correction)
    assert [(e.title, e.starts_at) for e in offline.events()] == [(event.title, event.starts_at)]
    assert offline.reminders() == [(event.title, lead)]


@pytest.mark.parametrize(
    ("words", "taken"),
    [("周六上午九点爬山 帮我记上 哈哈开玩笑的", True), ("book climbing saturday 9am, lol jk", True), ("明天下午三点开会 帮我加上 逗你的", True),
     ("明天下午三点开会 帮我加上", False), ("book climbing saturday 9am", False)],
)  # fmt: skip
def test_a_joke_at_the_end_takes_the_request_back(offline_zh: OfflineChat, words: str, taken: bool) -> None:
    assert vocabulary.taken_back(words) is taken
    offline_zh.say(words)
    assert (offline_zh.events() == []) is taken


@pytest.mark.parametrize(
    ("words", "interval", "weekdays", "count"),
    [("每两周一次的例会 周三下午三点", 2, None, None), ("每周一次 周五下午复盘", None, None, None), ("每周一上午九点例会", None, ["MO"], None),
     ("每两周的周三下午三点例会", 2, ["WE"], None), ("每周二晚上八点羽毛球 连续三周", None, ["TU"], 3), ("每隔一周周四开会", 2, ["TH"], None)],
)  # fmt: skip
def test_how_often_is_never_a_weekday_or_a_count(words: str, interval: int | None, weekdays: list[str] | None, count: int | None) -> None:
    rule = read_calendar_words(words).recurrence or {}
    assert (rule.get("frequency"), rule.get("interval"), rule.get("weekdays"), rule.get("count")) == ("weekly", interval, weekdays, count)


def test_every_two_weeks_starts_on_the_weekday_said(offline_zh: OfflineChat) -> None:
    offline_zh.say("帮我建个每两周一次的例会 周三下午三点")  # said on Monday 7 December
    [event] = offline_zh.events()
    assert (local(event), event.rrule) == ("Wed 2026-12-09 15:00", "FREQ=WEEKLY;INTERVAL=2")


@pytest.mark.parametrize(
    ("message", "title"),
    [("周五下午两点和王总吃饭 帮我约上", "和王总吃饭"), ("明天下午三点半去理发 帮我约上", "理发"), ("下周一上午十点跟老板1:1 帮我约上", "跟老板1:1")],
)
def test_yue_shang_after_the_thing_asks_to_book_it(offline_zh: OfflineChat, message: str, title: str) -> None:
    offline_zh.say(message)
    assert [e.title for e in offline_zh.events()] == [title]


def test_a_cancel_with_a_reason_after_a_look_is_a_delete_never_a_report(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "家长会", "2026-12-17T19:00", 90)
    offline_zh.say("家长会是哪天来着")
    card = offline_zh.say("取消吧 那天去不了").reply
    assert "家长会" in card and "（是 / 否）" in card and len(offline_zh.events()) == 1
    offline_zh.say("嗯对")
    assert offline_zh.events() == []


def test_cant_go_with_a_reason_cancels_the_event_named_first(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "周会", "2026-12-07T10:00")
    event_at(offline_zh, "健身", "2026-12-07T18:30")
    card = offline_zh.say("今天健身去不了了 感冒了 帮我删掉").reply
    assert "健身" in card and "周会" not in card
    offline_zh.say("好的")
    assert [e.title for e in offline_zh.events()] == ["周会"]


def test_a_lead_said_before_the_request_to_book_is_booked_with_it(offline_zh: OfflineChat) -> None:
    offline_zh.say("下周一上午十点半 签合同 提前两小时提醒我 帮我安排")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("签合同", "Mon 2026-12-14 10:30")]
    assert offline_zh.reminders() == [("签合同", 120)]


def test_a_time_on_the_day_of_an_event_named_before_na_tian(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "家长会", "2026-12-09T18:30", 90)
    offline_zh.say("家长会那天下午五点提醒我早点下班")
    assert offline_zh.reminders() == [("家长会", 90)]


@pytest.mark.parametrize("lead", ["前一天", "提前一天"])
def test_the_day_before_a_date_said_is_counted_from_it(offline_zh: OfflineChat, lead: str) -> None:
    card = offline_zh.say(f"12月20号我妈生日 {lead}晚上七点提醒我买花").reply
    assert "12月19日" in card and "19:00" in card
    offline_zh.say("是")
    assert [at for _, at in offline_zh.reminded_at()] == ["12-19 19:00"]


@pytest.mark.parametrize(
    ("question", "answer", "title", "start"),
    [("is thursday 3pm free for a massage?", "ok book it then", "Massage", "Thu 2026-12-10 15:00"),
     ("am i free at 3pm tmrw for a call with dan", "great book it", "Call with dan", "Tue 2026-12-08 15:00"),
     ("do i have time for a haircut friday at 4", "nice, book it then", "Haircut", "Fri 2026-12-11 16:00")],
)  # fmt: skip
def test_book_it_after_a_question_about_a_moment_books_what_it_was_for(offline: OfflineChat, question: str, answer: str, title: str, start: str) -> None:
    offline.say(question)
    assert offline.events() == []
    offline.say(answer)
    assert [(e.title, local(e)) for e in offline.events()] == [(title, start)]


@pytest.mark.parametrize(("question", "answer", "title"), [("周五下午四点能塞个理发进去吗", "好 那就约上吧", "理发"), ("明天下午三点有空去看牙吗", "那就约上", "看牙")])
def test_yue_shang_after_a_question_about_a_moment_books_what_it_was_for(offline_zh: OfflineChat, question: str, answer: str, title: str) -> None:
    offline_zh.say(question)
    offline_zh.say(answer)
    assert [e.title for e in offline_zh.events()] == [title]  # never 「约上」


def test_remind_me_about_my_4pm_a_lead_ahead_is_before_the_event_at_4(offline: OfflineChat) -> None:
    event_at(offline, "1:1 with Marcus", "2026-12-07T16:00")
    offline.say("can u remind me abt my 4pm 15 mins ahead")
    assert offline.reminders() == [("1:1 with Marcus", 15)] and len(offline.events()) == 1


@pytest.mark.parametrize(("message", "start"), [("the 2pm should be 3pm", "Tue 2026-12-08 15:00"), ("the 2pm tomorrow should be at 3:30", "Tue 2026-12-08 15:30")])
def test_the_event_named_by_its_time_should_be_another_time(offline: OfflineChat, message: str, start: str) -> None:
    event_at(offline, "Design review", "2026-12-08T14:00")
    offline.say(message)
    assert [(e.title, local(e)) for e in offline.events()] == [("Design review", start)]


def test_a_shift_of_whole_days_with_pls_after_it(offline: OfflineChat) -> None:
    event_at(offline, "Piano lesson", "2026-12-08T16:00", 45)
    offline.say("bump piano lesson back 2 days pls")
    assert [(e.title, local(e)) for e in offline.events()] == [("Piano lesson", "Thu 2026-12-10 16:00")]


def test_can_we_do_the_event_on_another_day_instead_moves_it(offline: OfflineChat) -> None:
    event_at(offline, "Coffee with Lena", "2026-12-10T10:00", 45)
    offline.say("can we do coffee w lena on friday instead, same time")
    assert [(e.title, local(e)) for e in offline.events()] == [("Coffee with Lena", "Fri 2026-12-11 10:00")]


@pytest.mark.parametrize(("first", "part", "start"), [("gym tmrw at 7, put it down", "morning", "Tue 2026-12-08 07:00"),
                                                      ("gym tmrw at 7, put it down", "evening", "Tue 2026-12-08 19:00")])
def test_the_part_of_the_day_answered_places_the_hour_said_before(offline: OfflineChat, first: str, part: str, start: str) -> None:
    offline.say(first)
    assert offline.events() == []
    offline.say(part)
    assert [(e.title, local(e)) for e in offline.events()] == [("Gym", start)]


def test_a_day_then_a_space_then_a_name_that_starts_with_a_year_word(offline_zh: OfflineChat) -> None:
    offline_zh.say("明天下午四点到六点 年终总结会 帮我放日历上")
    assert [(e.title, local(e), e.duration) for e in offline_zh.events()] == [("年终总结会", "Tue 2026-12-08 16:00", datetime.timedelta(hours=2))]


def test_that_meeting_of_a_name_ends_later(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "年终述职", "2026-12-10T14:00")
    offline_zh.say("述职那个会到四点结束")
    assert [(e.title, local(e), e.duration) for e in offline_zh.events()] == [("年终述职", "Thu 2026-12-10 14:00", datetime.timedelta(hours=2))]


@pytest.mark.parametrize(("booking", "length"), [("下周一上午九点体检 帮我记一下", "体检大概要两个小时"), ("physical monday 9am", "the physical only needs 2 hours")])
def test_a_new_length_said_of_the_event_just_made_by_its_name(offline_zh: OfflineChat, booking: str, length: str) -> None:
    offline_zh.say(booking)
    offline_zh.say(length)
    assert [e.duration for e in offline_zh.events()] == [datetime.timedelta(hours=2)]


@pytest.mark.parametrize(
    ("asked", "answer", "text", "at"),
    [("下周找一天提醒我去银行办卡", "周二上午十点", "去银行办卡", "12-15 10:00"),
     ("remind me to pay the car insurance sometime next week", "thursday 6pm", "pay the car insurance", "12-17 18:00")],
)  # fmt: skip
def test_a_day_picked_later_in_the_week_said_sets_the_reminder(offline: OfflineChat, asked: str, answer: str, text: str, at: str) -> None:
    offline.say(asked)
    offline.say(answer)
    assert offline.reminded_at() == [(text, at)]


def test_a_time_said_of_a_reminder_before_an_event_is_read_near_when_it_goes_off(offline: OfflineChat) -> None:
    offline.say("book the car service for friday at 10am")
    offline.say("remind me the evening before at 8")
    offline.say("hmm make the reminder 8:30")
    assert offline.reminders() == [("Car service", 13 * 60 + 30)]  # 20:30 the evening before, never 08:30


@pytest.mark.parametrize(
    "message",
    ["jakes bus gets back from the field trip at 4:50 pm friday", "fyi the hospital put me on nights starting monday 7pm",
     "my flight gets in at 6pm tomorrow", "我闺女这周六上午十点有钢琴比赛", "下周二早上十点 跟老板谈加薪 帮我记上。。。算了 再想想"],
)  # fmt: skip
def test_news_of_someone_and_a_request_taken_back_write_nothing(offline: OfflineChat, message: str) -> None:
    offline.say(message)
    assert offline.events() == []


@pytest.mark.parametrize(("message", "title"), [("fyi dentist fri 3pm, pls add it", "Dentist"), ("周六上午十点陪我闺女去钢琴比赛", "陪我闺女去钢琴比赛")])
def test_told_then_asked_is_still_booked(offline: OfflineChat, message: str, title: str) -> None:
    offline.say(message)
    assert [e.title for e in offline.events()] == [title]
