"""Shapes from held-out rounds 75 to 81, each a class: a move verb with a bare length moves the start ("push team
sync 30 mins"), never resizes; "take it off" and 不看了/不去了 cancel (on a card); a Chinese yes typed as one
run (嗯对) answers the card; a hedge before a part of the day is no name ("sometime in the afternoon"); a bare
8 is morning or evening, asked; a repeat's part of the day stays with its hour ("every thursday evening at 8").
Round 76: a bare length right after a reminder before an event is its new lead ("actually make it 10 min"), a
length said as how long something lasts is the event's; "same day" is the day in focus; news of a new time
with "fix it" changes the event named; "下午4点那个会 提前15分钟提醒我" reminds before the event then. Round 77: the reminder asked for with a booking is corrected like
one set alone; a name put right with a cue ("i spelled it wrong", 改一下名字, 名字写错了) renames; "pm pls", "whens"."""

from __future__ import annotations

import datetime

import pytest

from assistant.reading.answers import read_short_answer
from assistant.reading.durations import find_lengths
from scheduling.models import Reminder
from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db





@pytest.mark.parametrize(
    ("words", "kind", "minutes"),
    [
        ("push team sync 30 mins", "later", 30),
        ("bump lunch 30 min", "later", 30),
        ("push my 3pm meeting with dan 30 minutes", "later", 30),
        ("push it to 5 for 30 min", "length", 30),  # a length of its own
        ("do push ups 30 mins tomorrow at 7", "length", 30),
    ],
)
def test_a_move_verb_with_a_bare_length_is_a_shift(words: str, kind: str, minutes: int) -> None:
    assert [(length.kind, length.minutes) for length in find_lengths(words)] == [(kind, minutes)]


def test_push_the_event_a_length_moves_its_start_and_keeps_its_length(offline: OfflineChat) -> None:
    event_at(offline, "Team sync", "2026-12-08T15:00")
    offline.say("push team sync 30 mins")
    assert [(e.title, local(e), e.duration) for e in offline.events()] == [("Team sync", "Tue 2026-12-08 15:30", datetime.timedelta(hours=1))]


@pytest.mark.parametrize(("message", "title"), [("yoga tmrw is cancelled, take it off", "Yoga"), ("今晚的电影不看了 帮我删了", "看电影")])
def test_a_cancel_said_as_news_then_asked_shows_the_card(offline: OfflineChat, message: str, title: str) -> None:
    event_at(offline, "Yoga", "2026-12-08T18:00")
    event_at(offline, "看电影", "2026-12-07T20:00", 120)
    event_at(offline, "晚饭", "2026-12-07T18:00")
    card = offline.say(message).reply
    assert title in card and card.rstrip().endswith(("(yes / no)", "（是 / 否）")) and len(offline.events()) == 3
    offline.say("yes")
    assert title not in [e.title for e in offline.events()] and len(offline.events()) == 2


@pytest.mark.parametrize(("answer", "read"), [("嗯对", "yes"), ("嗯嗯是的", "yes"), ("对对对", "yes"), ("不用不用", "no"), ("好不好", None), ("是不是", None)])
def test_a_chinese_answer_typed_as_one_run(answer: str, read: str | None) -> None:
    assert read_short_answer(answer) == read


def test_a_yes_typed_as_one_run_confirms_the_card(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "健身", "2026-12-12T18:00")
    offline_zh.say("周六的健身帮我取消了吧")
    offline_zh.say("嗯对")
    assert offline_zh.events() == []


def test_a_hedge_before_a_part_of_the_day_is_no_name(offline: OfflineChat) -> None:
    offline.say("need to book a car service on jan 4")
    assert "afternoon" in offline.say("sometime in the afternoon").reply
    offline.say("3pm works")
    assert [(e.title, local(e)) for e in offline.events()] == [("Car service", "Mon 2027-01-04 15:00")]


def test_a_bare_eight_is_asked_and_the_part_said_next_places_it(offline_zh: OfflineChat) -> None:
    offline_zh.say("明天八点去健身 帮我记一下")
    assert offline_zh.events() == []
    offline_zh.say("晚上的")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("健身", "Tue 2026-12-08 20:00")]


def test_a_repeats_part_of_the_day_stays_with_its_hour(offline: OfflineChat) -> None:
    offline.say("every thursday evening at 8 book club")
    assert [(e.title, local(e), e.rrule) for e in offline.events()] == [("Book club", "Thu 2026-12-10 20:00", "FREQ=WEEKLY;BYDAY=TH")]


def test_a_bare_length_after_a_reminder_is_its_lead_not_the_events_length(offline: OfflineChat) -> None:
    offline.say("flu shot at the pharmacy thursday 5pm")
    offline.say("remind me 20 mins before")
    offline.say("actually make it 10 min")
    assert offline.reminders() == [("Flu shot at the pharmacy", 10)]
    assert [e.duration for e in offline.events()] == [datetime.timedelta(hours=1)]
    offline.say("it only needs 30 min")
    assert [e.duration for e in offline.events()] == [datetime.timedelta(minutes=30)] and offline.reminders() == [("Flu shot at the pharmacy", 10)]


def test_a_lead_said_with_remind_in_chinese(offline_zh: OfflineChat) -> None:
    offline_zh.say("下周一上午9点开部门例会")
    offline_zh.say("提前十五分钟提醒我")
    offline_zh.say("提前十分钟提醒就行")
    assert offline_zh.reminders() == [("部门例会", 10)]


def test_same_day_is_the_day_in_focus(offline: OfflineChat) -> None:
    event_at(offline, "Car service", "2026-12-11T09:00")
    offline.say("when is my car service")
    offline.say("can you move it to 2pm same day")
    offline.say("book brunch with kate tomorrow 11am")
    offline.say("and a movie with her at 4pm same day")
    assert [(e.title, local(e)) for e in offline.events()] == [
        ("Brunch with kate", "Tue 2026-12-08 11:00"), ("Movie with her", "Tue 2026-12-08 16:00"), ("Car service", "Fri 2026-12-11 14:00")]  # fmt: skip


@pytest.mark.parametrize(
    ("message", "title", "start"),
    [("dinner with the smiths is at 8 now not 7, fix it pls", "Dinner with the Smiths", "Sat 2026-12-12 20:00"),
     ("bring the 1:1 with sara forward to 2pm", "1:1 with Sara", "Fri 2026-12-11 14:00")],
)  # fmt: skip
def test_news_of_a_new_time_with_fix_it_and_bring_forward_move_the_event(offline: OfflineChat, message: str, title: str, start: str) -> None:
    event_at(offline, "Dinner with the Smiths", "2026-12-12T19:00")
    event_at(offline, "1:1 with Sara", "2026-12-11T15:00", 30)
    offline.say(message)
    assert (title, start) in [(e.title, local(e)) for e in offline.events()]


def test_that_meeting_at_a_time_gets_the_reminder_not_a_new_booking(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "客户会议", "2026-12-07T16:00")
    offline_zh.say("下午4点那个会 提前15分钟提醒我")
    assert offline_zh.reminders() == [("客户会议", 15)] and len(offline_zh.events()) == 1


def test_another_lead_before_the_event_named_after_a_reminder_is_another_reminder(offline: OfflineChat) -> None:
    event_at(offline, "Flight to Denver", "2026-12-12T08:15", 240)
    offline.say("when's my flight")
    offline.say("remind me the night before at 8pm to pack")
    offline.say("also 3 hours before the flight")
    assert offline.reminders() == [("", None), ("Flight to Denver", 180)]
    offline.say("remind me at 5pm to call dad")
    offline.say("in 2 hours")  # no lead: never a reminder with no words
    assert len(offline.reminders()) == 3


@pytest.mark.parametrize(
    ("booking", "correction", "language"),
    [("interview on tuesday at 10am, remind me an hour before", "actually make it 30 min", "en"),
     ("明天上午10点面试 提前一小时提醒我", "嗯 还是提前半小时就行", "zh")],
)  # fmt: skip
def test_the_reminder_asked_for_with_a_booking_is_corrected_never_the_event(
    offline: OfflineChat, offline_zh: OfflineChat, booking: str, correction: str, language: str
) -> None:
    chat = offline if language == "en" else offline_zh
    chat.say(booking)
    start = [local(e) for e in chat.events()]
    chat.say(correction)
    assert [r for _, r in chat.reminders()] == [30]
    assert [local(e) for e in chat.events()] == start and [e.duration for e in chat.events()] == [datetime.timedelta(hours=1)]


def test_a_time_after_a_booking_with_a_reminder_moves_the_event(offline: OfflineChat) -> None:
    offline.say("interview on tuesday at 10am, remind me an hour before")
    offline.say("actually make it 11")
    assert [local(e) for e in offline.events()] == ["Tue 2026-12-08 11:00"] and [r for _, r in offline.reminders()] == [60]


@pytest.mark.parametrize(
    ("message", "renamed"),
    [("change call with marco to call with marcus, i spelled it wrong", "Call with marcus"),
     ("跟老王吃饭那个改一下名字 改成部门午餐", "部门午餐"),
     ("把和小王吃饭改成和小黄吃饭 名字写错了", "和小黄吃饭")],
)  # fmt: skip
def test_a_name_put_right_with_a_cue_renames(offline_zh: OfflineChat, message: str, renamed: str) -> None:
    event_at(offline_zh, "Call with Marco", "2026-12-09T11:00", 30)
    event_at(offline_zh, "跟老王吃饭", "2026-12-09T12:00")
    event_at(offline_zh, "和小王吃饭", "2026-12-10T12:00")
    offline_zh.say(message)
    assert renamed in [e.title for e in offline_zh.events()] and len(offline_zh.events()) == 3


def test_a_new_name_with_no_cue_is_asked_about(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "周会", "2026-12-11T10:00")
    offline_zh.say("把周会改成项目复盘")  # a new name, or "online"? not written on a guess
    assert [e.title for e in offline_zh.events()] == ["周会"]


def test_pm_pls_answers_the_half_and_whens_asks_when(offline: OfflineChat) -> None:
    offline.say("gym tmrw at 7")
    offline.say("pm pls")
    assert [(e.title, local(e)) for e in offline.events()] == [("Gym", "Tue 2026-12-08 19:00")]
    event_at(offline, "Project sync", "2026-12-09T14:00")
    assert "Project sync" in offline.say("whens project sync").reply


def test_take_the_event_off_with_a_reason_shows_its_card(offline: OfflineChat) -> None:
    event_at(offline, "Gym", "2026-12-08T18:00")
    assert "'Gym'" in offline.say("take the gym off tmrw, im sick").reply
    offline.say("yes do it")
    assert offline.events() == []
    offline.say("im taking the day off friday")  # a day off is no event to take off
    assert offline.events() == []


def test_the_day_answered_for_a_reminder_sets_it(offline: OfflineChat) -> None:
    offline.say("remind me next week to book flights")
    offline.say("monday 9am")
    assert [(r.text, r.remind_at.astimezone(offline.user.profile.zone).strftime("%a %Y-%m-%d %H:%M")) for r in Reminder.objects.filter(owner=offline.user)] == [
        ("book flights", "Mon 2026-12-14 09:00")]  # fmt: skip


def test_a_time_that_names_the_event_listed_and_a_shift_move_it(offline: OfflineChat) -> None:
    event_at(offline, "Call with Dev", "2026-12-07T15:00", 30)
    offline.say("whats today look like")
    offline.say("push the 3pm back an hour")
    assert [local(e) for e in offline.events()] == ["Mon 2026-12-07 16:00"]


@pytest.mark.parametrize(
    ("booking", "fix", "title"),
    [("book a meeting with marco monday 10am", "sorry i spelled it wrong, its marcus not marco", "Meeting with marcus"),
     ("coffee with mia tuesday 10am", "oops its coffee with maya not mia, fix the name", "Coffee with maya")],
)  # fmt: skip
def test_a_name_put_right_beside_words_that_say_so(offline: OfflineChat, booking: str, fix: str, title: str) -> None:
    offline.say(booking)
    offline.say(fix)
    assert [e.title for e in offline.events()] == [title]


@pytest.mark.parametrize(
    ("news", "start"),
    [("yoga is now at 4", "Mon 2026-12-07 16:00"), ("yoga is at 5pm now", "Mon 2026-12-07 17:00")],
)
def test_news_of_ones_own_events_new_moment_moves_it(offline: OfflineChat, news: str, start: str) -> None:
    event_at(offline, "Yoga", "2026-12-07T10:00")
    offline.say(news)
    assert [local(e) for e in offline.events()] == [start]


def test_news_of_a_moment_for_no_event_of_theirs_writes_nothing(offline: OfflineChat) -> None:
    offline.say("the flight is now at 9pm")
    assert offline.events() == []


@pytest.mark.parametrize("message", ["羽毛球不去了 取消掉", "羽毛球不去了"])
def test_not_going_any_more_is_a_cancel_not_a_report(offline_zh: OfflineChat, message: str) -> None:
    event_at(offline_zh, "羽毛球", "2026-12-09T19:00")
    assert "羽毛球" in offline_zh.say(message).reply and len(offline_zh.events()) == 1
    offline_zh.say("好")
    assert offline_zh.events() == []


def test_a_shift_said_with_tuihou_moves_the_event(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "客户会议", "2026-12-08T15:00")
    offline_zh.say("客户会议推后20分钟")
    assert [local(e) for e in offline_zh.events()] == ["Tue 2026-12-08 15:20"]


def test_a_lead_said_as_not_so_early_corrects_the_reminder(offline_zh: OfflineChat) -> None:
    offline_zh.say("周三下午两点去看牙 提前一小时提醒我")
    offline_zh.say("不用那么早 提前二十分钟就行")
    assert offline_zh.reminders() == [("看牙", 20)]


def test_take_a_name_off_a_day_cancels_and_a_day_off_is_not(offline: OfflineChat) -> None:
    event_at(offline, "Piano", "2026-12-12T10:00")
    assert "'Piano'" in offline.say("take piano off saturday, we're away").reply
    offline.say("im taking friday off")
    assert len(offline.events()) == 1


@pytest.mark.parametrize(
    ("message", "start"),
    [("book club is now on friday", "Fri 2026-12-11 19:00"),
     ("book club should be 8pm not 7", "Wed 2026-12-09 20:00"),
     ("vet needs to be moved to monday at 9:15", "Mon 2026-12-14 09:15")],
)  # fmt: skip
def test_a_new_moment_said_as_news_or_as_what_it_should_be_moves_the_event(offline: OfflineChat, message: str, start: str) -> None:
    title = "Vet" if "vet" in message else "Book club"
    event_at(offline, title, "2026-12-09T10:00" if title == "Vet" else "2026-12-09T19:00")  # 9:15 is read near its own time
    offline.say(message)
    assert [(e.title, local(e)) for e in offline.events()] == [(title, start)]


def test_a_heads_up_before_an_event_at_a_time_is_a_reminder_on_it(offline: OfflineChat) -> None:
    event_at(offline, "Call with Bob", "2026-12-07T16:00")
    offline.say("need a heads up 10 mins before the 4pm call")
    assert offline.reminders() == [("Call with Bob", 10)]


def test_the_event_a_reminder_was_set_on_is_the_one_the_next_reminder_counts_from(offline: OfflineChat) -> None:
    event_at(offline, "Flight", "2026-12-12T08:00")
    offline.say("remind me 3 hours before my flight")
    offline.say("also the night before at 9pm")
    assert offline.reminders() == [("Flight", 180), ("Flight", 660)]


def test_a_lead_correction_with_a_reason_after_it(offline: OfflineChat) -> None:
    offline.say("interview tuesday 10am, remind me an hour before")
    offline.say("actually 2 hours before, i need to commute")
    assert offline.reminders() == [("Interview", 120)]


def test_make_the_event_another_time_instead_moves_it_never_books_another(offline: OfflineChat) -> None:
    event_at(offline, "Standup", "2026-12-08T09:30", 15)
    offline.say("can we make the standup tomorrow 9:45 instead")
    assert [(e.title, local(e)) for e in offline.events()] == [("Standup", "Tue 2026-12-08 09:45")]


@pytest.mark.parametrize("answer", ["yes cancel it", "yep delete", "yes pls cancel it", "yes just delete it please"])
def test_a_yes_with_the_deleting_verb_confirms_the_delete_card(offline: OfflineChat, answer: str) -> None:
    event_at(offline, "Demo", "2026-12-11T10:00")
    offline.say("cancel the demo on friday")
    offline.say(answer)
    assert offline.events() == []


def test_a_bare_cancel_to_the_delete_card_keeps_it(offline: OfflineChat) -> None:
    event_at(offline, "Demo", "2026-12-11T10:00")
    offline.say("cancel the demo on friday")
    offline.say("cancel")
    assert len(offline.events()) == 1
