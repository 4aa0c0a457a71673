"""Shapes from held-out round 94, each a class: a request held off in its next sentence ("… Actually, no, hold off until
I hear back") is taken back; what a club or a newsletter arranged ("the club has put …, according to the newsletter")
is news, never booked; "give me a reminder that morning at 10" is a reminder; 七点叫我背单词 is a reminder, never an
event titled 叫我…; an untitled request waiting for its name never absorbs another complete booking (for every
model: the server starts that booking); "and every evening at 8 too" after a reminder asks on a card for that
reminder again, never an event."""

from __future__ import annotations

import pytest

from scheduling.models import Reminder
from tests.assistant.conftest import Chat, OfflineChat, event_at, local, tool

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "message",
    ["Please book the quarterly review for Tuesday at 11 am. Actually, no, hold off until I hear back from finance.",
     "The club has put the annual dinner on the 14th of February at 7 pm, according to the newsletter.",
     "the school has moved sports day to friday 9am"],
)  # fmt: skip
def test_held_off_or_arranged_by_others_is_never_booked(offline: OfflineChat, message: str) -> None:
    offline.say(message)
    assert offline.events() == []


def test_give_me_a_reminder_that_morning(offline: OfflineChat) -> None:
    offline.say("lunch with margaret tuesday 1pm")
    offline.say("and give me a reminder that morning at 10 so i dont forget to bring her book back")
    zone = offline.user.profile.zone
    assert [f"{r.remind_at.astimezone(zone):%a %H:%M}" for r in Reminder.objects.all() if r.remind_at] == ["Tue 10:00"]


def test_call_me_after_a_time_is_a_reminder(offline_zh: OfflineChat) -> None:
    offline_zh.say("每天早上七点叫我背单词")
    assert offline_zh.events() == []
    assert [(r.text, r.rrule) for r in Reminder.objects.all()] == [("背单词", "FREQ=DAILY")]


def test_an_untitled_request_never_absorbs_another_booking(chat: Chat) -> None:
    first = chat.say("tomorrow at 8pm", tool("schedule_event", title=None, date="D+1", time="20:00", duration_minutes=None, command_id=None))
    assert chat.commands(), first.reply
    stub = chat.commands()[-1]
    chat.say("book lunch with sam friday 1pm",
             tool("schedule_event", title="Lunch with sam", date="W5", time="13:00", duration_minutes=None, command_id=str(stub.id)))  # fmt: skip
    assert [(e.title, local(e)) for e in chat.events()] == [("Lunch with sam", "Fri 2026-12-11 13:00")]
    stub.refresh_from_db()
    assert stub.slot_value("title") is None and stub.slot_value("time") == "20:00"


def test_the_same_reminder_again_at_another_time_is_asked_on_a_card(offline: OfflineChat) -> None:
    offline.say("Please remind me to take my blood pressure pills every morning at 8.")
    reply = offline.say("and every evening at 8 too").reply
    assert offline.events() == [] and Reminder.objects.count() == 1
    assert "take my blood pressure pills" in reply and "20:00" in reply


@pytest.mark.parametrize(
    ("message", "expected"),
    [("儿子每周六上午九点半上钢琴课 帮我加到日程里", ("Sat 2026-12-12 09:30", "FREQ=WEEKLY;BYDAY=SA")),
     ("老年大学书法课 这礼拜四下午两点 帮我添上 别忘了啊", ("Thu 2026-12-10 14:00", ""))],
)  # fmt: skip
def test_a_plan_said_then_asked_to_be_put_down(offline_zh: OfflineChat, message: str, expected: tuple[str, str]) -> None:
    offline_zh.say(message)
    assert [(local(e), e.rrule) for e in offline_zh.events()] == [expected]


def test_a_name_changed_in_two_phrases(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "看病", "2026-12-15T09:00")
    offline_zh.say("下周二那个看病 名字改一下 改成去人民医院复查")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("人民医院复查", "Tue 2026-12-15 09:00")]


@pytest.mark.parametrize(
    ("cancel", "again", "expected"),
    [("cancel physio on wednesday", "actually can u rebook it for friday at 9am", ("Physio", "Fri 2026-12-11 09:00")),
     ("周三的理发取消吧", "那帮我重新约到周六上午十点吧", ("理发", "Sat 2026-12-12 10:00"))],
)  # fmt: skip
def test_rebook_it_books_the_event_just_deleted_never_a_title_of_request_words(offline: OfflineChat, cancel: str, again: str, expected: tuple[str, str]) -> None:
    event_at(offline, expected[0], "2026-12-09T09:00")
    offline.say(cancel)
    offline.say("yes")
    offline.say(again)
    assert [(e.title, local(e)) for e in offline.events()] == [expected]


def test_the_request_said_first_is_no_title(offline_zh: OfflineChat) -> None:
    offline_zh.say("帮我订个明晚七点的餐厅")
    offline_zh.say("哦 那你就在日历上记一下吧 明晚七点跟老婆吃饭")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("跟老婆吃饭", "Tue 2026-12-08 19:00")]


def test_like_and_ish_around_an_answer_are_filler(offline: OfflineChat) -> None:
    offline.say("can u help me book a haircut")
    offline.say("thursday")
    offline.say("like 4pm ish")
    assert [(e.title, local(e)) for e in offline.events()] == [("Haircut", "Thu 2026-12-10 16:00")]


def test_put_it_at_a_time_after_asking_for_a_gap_books_the_thing_asked_about(offline: OfflineChat) -> None:
    event_at(offline, "Team meeting", "2026-12-09T10:00")
    offline.say("is there any gap on wednesday for a quick call with the landlord")
    offline.say("ok put it at 11:30 then")
    assert [(e.title, local(e)) for e in offline.events()] == [("Team meeting", "Wed 2026-12-09 10:00"), ("Quick call with the landlord", "Wed 2026-12-09 11:30")]


def test_heads_up_before_news_is_no_reminder(offline: OfflineChat) -> None:
    event_at(offline, "Dinner with the Parkers", "2026-12-12T19:00", minutes=120)
    offline.say("heads up dinner w the parkers got pushed to 8:30, can you update it")
    assert not Reminder.objects.exists()
    assert [local(e) for e in offline.events()] == ["Sat 2026-12-12 20:30"]  # the news asked to be put in: moved, never a reminder


def test_n_between_weekdays_is_and(offline: OfflineChat) -> None:
    offline.say("add gym every tues n thurs 7am starting this week")
    assert [(e.title, e.rrule) for e in offline.events()] == [("Gym", "FREQ=WEEKLY;BYDAY=TU,TH")]
