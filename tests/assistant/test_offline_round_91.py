"""Shapes from held-out round 91, each a class: a take-back anywhere after the request takes it back ("add gym tmrw
7am, nah forget it, i'll go sunday instead", "… hmm actually leave it where it is"), for every model's guard as for
the stand-in, and it takes back only that message's request, never the booking before it; a hedge in the clause that
asks holds the write ("might need to move the dentist to friday, not sure yet"), one beside it does not ("…, i promised
id go"); a request to delete a whole day is declined, never booked (明天的安排全给我删了吧); someone else's event
("小刘把他的体检改到…了", "my boss moved his dentist …") is news; "it" is the event the message before named; a
question about an event's reminders keeps it in focus; holidays named with "day" or "eve" are days; "X is now 11am"
moves X; a labelled pier is no time."""

from __future__ import annotations

import pytest

from assistant.turn.authority import hold_reason, provenance_for
from tests.assistant.conftest import Chat, OfflineChat, event_at, local, tool
from tests.conftest import FROZEN_NOW

pytestmark = pytest.mark.django_db


def booked(chat: Chat) -> list[tuple[str, str]]:
    return sorted((e.title, local(e)) for e in chat.events())


@pytest.mark.parametrize(
    "message",
    ["add gym tmrw 7am, nah forget it, i'll go sunday instead", "帮我约周六下午三点打羽毛球 算了 那天估计要加班", "book the vet friday 10am... hmm actually leave it"],
)
def test_a_take_back_after_the_request_takes_it_back(offline: OfflineChat, message: str) -> None:
    offline.say(message)
    assert offline.events() == []


def test_leave_it_where_it_is_changes_nothing(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-18T10:00")
    offline.say("move the dentist to 4pm... hmm actually leave it where it is")
    assert booked(offline) == [("Dentist", "Fri 2026-12-18 10:00")]


def test_the_guard_holds_a_write_taken_back_in_the_middle(chat: Chat) -> None:
    chat.say(
        "add gym tmrw 7am, nah forget it, i'll go sunday instead",
        tool("schedule_event", title="Gym", date="D+1", time="07:00", duration_minutes=None, command_id=None),
    )
    assert chat.events() == []


@pytest.mark.parametrize(
    ("text", "arguments", "held"),
    [("might need to move the dentist to friday, not sure yet", {"title": "Dentist", "date": "W5"}, True),
     ("if it rains saturday we might book the bbq for sunday at 1pm", {"title": "Bbq", "date": "W7", "time": "13:00"}, True),
     ("hey so i was wondering, could you maybe add my sons football match on saturday at 10am, i promised id go",
      {"title": "Sons football match", "date": "W6", "time": "10:00"}, False),
     ("ugh this week is gonna be crazy, could you add the presentation thursday at 2pm", {"title": "Presentation", "date": "W4", "time": "14:00"}, False),
     ("if its not too much trouble could you pop in a vet visit saturday at 10am", {"title": "Vet visit", "date": "W6", "time": "10:00"}, False)],
)  # fmt: skip
def test_the_guard_holds_a_hedge_only_in_the_clause_that_asks(text: str, arguments: dict[str, str], held: bool) -> None:
    provenance = provenance_for(person_texts=[text], slot_values=[], today=FROZEN_NOW.date())
    reason = hold_reason(tool="schedule_event", arguments=arguments, provenance=provenance, read_tools=[], current_text=text)
    assert (reason is not None) == held


def test_a_hedged_move_moves_nothing(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-16T10:00")
    offline.say("might need to move the dentist to friday, not sure yet")
    assert booked(offline) == [("Dentist", "Wed 2026-12-16 10:00")]


def test_a_take_back_of_its_own_request_leaves_the_booking_before(offline: OfflineChat) -> None:
    offline.say("book gym tomorrow at 9am")
    outcome = offline.say("and pilates wednesday at 6pm, nah forget it")
    assert booked(offline) == [("Gym", "Tue 2026-12-08 09:00")] and "?" not in outcome.reply.split("\n")[0][:0]
    assert not [c for c in outcome.trace.tool_calls if c.get("name") == "delete_event"]


def test_deleting_a_whole_day_is_declined_and_never_booked(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "周会", "2026-12-08T10:00")
    offline_zh.say("我明天请假了 明天的安排全给我删了吧")
    assert booked(offline_zh) == [("周会", "Tue 2026-12-08 10:00")]


@pytest.mark.parametrize(("zh", "message"), [(True, "隔壁组小刘把他的体检改到周五下午四点了"), (False, "my boss moved his dentist to friday at 4pm")])
def test_someone_elses_event_is_news(offline: OfflineChat, offline_zh: OfflineChat, zh: bool, message: str) -> None:
    chat = offline_zh if zh else offline
    title = "体检" if zh else "Dentist"
    event_at(chat, title, "2026-12-09T10:00")
    chat.say(message)
    assert booked(chat) == [(title, "Wed 2026-12-09 10:00")]


def test_it_is_the_event_the_message_before_named(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-11T10:00")
    offline.say("whats my week looking like")
    offline.say("and add gym tuesday 7am")
    offline.say("did you put a reminder on the dentist?")
    offline.say("ok remind me about it the day before at 6pm")
    assert offline.reminders() == [("Dentist", 960)]


def test_a_question_about_an_events_reminders_keeps_it_in_focus(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-10T15:00")
    offline.say("when is my dentist")
    offline.say("did u set a reminder for that?")
    offline.say("ok set one for 2 hours before")
    offline.say("actually make it 90 min")
    assert offline.reminders() == [("Dentist", 90)] and booked(offline) == [("Dentist", "Thu 2026-12-10 15:00")]


@pytest.mark.parametrize(
    ("message", "expected"),
    [("family dinner xmas day 6pm", ("Family dinner", "Fri 2026-12-25 18:00")), ("nye party at jess's 9pm", ("Party at jess's", "Thu 2026-12-31 21:00")),
     ("meet tom at pier 39 fri 2pm", ("Meet tom at pier 39", "Fri 2026-12-11 14:00"))],
)  # fmt: skip
def test_days_named_with_day_or_eve_and_labelled_numbers(offline: OfflineChat, message: str, expected: tuple[str, str]) -> None:
    offline.say(message)
    assert booked(offline) == [expected]


@pytest.mark.parametrize("message", ["design review is now 11am", "the design review is now at 11am"])
def test_news_of_your_own_events_new_time_moves_it(offline: OfflineChat, message: str) -> None:
    event_at(offline, "Design review", "2026-12-08T15:00")
    offline.say("what's on tomorrow")
    offline.say(message)
    assert booked(offline) == [("Design review", "Tue 2026-12-08 11:00")]


def test_though_names_nothing(offline: OfflineChat) -> None:
    event_at(offline, "Brunch with Leo", "2026-12-13T11:00", 90)
    offline.say("what's on sunday")
    offline.say("can you move it to 11:30 tho")
    assert booked(offline) == [("Brunch with Leo", "Sun 2026-12-13 11:30")]


def test_a_forecast_then_a_request_is_a_request(offline: OfflineChat) -> None:
    event_at(offline, "BBQ at Tom's", "2026-12-12T13:00", 180)
    offline.say("ok forecast says rain all day sat. move the bbq to sunday, same time")
    assert booked(offline) == [("BBQ at Tom's", "Sun 2026-12-13 13:00")]


def test_a_time_before_the_verb_names_another_event_than_the_one_just_changed(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "和小陈喝咖啡", "2026-12-07T10:00", 45)
    event_at(offline_zh, "和老板一对一", "2026-12-07T16:00", 30)
    offline_zh.say("今天有啥")
    offline_zh.say("咖啡那个推后一小时")
    offline_zh.say("下午4点那个改到明天同一时间")
    assert booked(offline_zh) == [("和小陈喝咖啡", "Mon 2026-12-07 11:00"), ("和老板一对一", "Tue 2026-12-08 16:00")]


def test_set_one_after_a_question_about_its_reminder_then_corrected(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "体检", "2026-12-10T08:30", 120)
    offline_zh.say("我的体检是哪天")
    offline_zh.say("你给它设提醒了吗")
    offline_zh.say("设一个 前一天晚上八点提醒我")
    offline_zh.say("改成晚上九点半吧")
    assert booked(offline_zh) == [("体检", "Thu 2026-12-10 08:30")] and offline_zh.reminders() == [("体检", 660)]
