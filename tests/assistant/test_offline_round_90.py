"""Shapes from held-out round 90, each a class: courtesy around a request is no part of it ("would you mind moving my
dentist …", "i was wondering if you could add …"); a reminder said with "set up", mistyped ("reminde me"), "prior to",
"2 days before" or "the morning of" an event; a time said in the part of the day a reminder fires in corrects the
reminder, never the event; "the earlier / later / other one" of a list, which a change of one of them leaves standing;
an event named in a clause beside "make it go until 4pm"; a rename's moment names the event; the last of several
requests may be a booking whose moment is asked ("… and dinner with jo") or "and remind me"; 腊月/正月 without 农历;
记错了/看错了 correct; removing a reminder removes the reminder, never the event."""

from __future__ import annotations

import pytest

from assistant.providers.offline.reading import normalize
from tests.assistant.conftest import Chat, OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


def booked(chat: Chat) -> list[tuple[str, str]]:
    return sorted((e.title, local(e)) for e in chat.events())


@pytest.mark.parametrize(
    ("said", "read"),
    [("would you mind moving my dentist to friday at 3pm", "move my dentist to friday at 3pm"),
     ("i was wondering if you could add a call with the accountant", "add a call with the accountant"),
     ("if its not too much trouble could you pop a reminder in", "pop a reminder in"),
     ("hey so i was wondering, could you maybe add my sons match", "add my sons match"),
     ("would you mind cancelling the 3pm", "cancel the 3pm"), ("would you mind rescheduling it", "reschedule it"),
     ("would you mind setting up a call", "set up a call"),
     ("do you think i should go", "do you think i should go"),
     ("i was wondering if i have anything friday", "i was wondering if i have anything friday")],
)  # fmt: skip
def test_courtesy_around_a_request_is_no_part_of_it(said: str, read: str) -> None:
    assert normalize(said) == read


def test_a_move_asked_politely_moves_and_never_books(offline: OfflineChat) -> None:
    event_at(offline, "Dentist", "2026-12-10T15:00")
    offline.say("would you mind moving my dentist to friday at 3pm")
    assert booked(offline) == [("Dentist", "Fri 2026-12-11 15:00")]


@pytest.mark.parametrize(
    ("message", "at"),
    [("set up a reminder for the 23rd at noon to buy the turkey", ("buy the turkey", "12-23 12:00")),
     ("reminde me tomorow at 9am to call the vet", ("call the vet", "12-08 09:00"))],
)  # fmt: skip
def test_a_reminder_said_other_ways_is_a_reminder_never_an_event(offline: OfflineChat, message: str, at: tuple[str, str]) -> None:
    offline.say(message)
    assert offline.reminded_at() == [at] and offline.events() == []


@pytest.mark.parametrize(
    ("message", "lead"),
    [("can u ping me 30 mins prior to the team review", 30), ("pls remind me 2 days before the team review", 2880),
     ("remind me a week before the team review", 10080), ("remind me the morning of the team review at 8am", 120)],
)  # fmt: skip
def test_a_lead_said_other_ways_is_before_the_event(offline: OfflineChat, message: str, lead: int) -> None:
    event_at(offline, "Team review", "2026-12-15T10:00")
    offline.say(message)
    assert offline.reminders() == [("Team review", lead)]


def test_a_time_in_the_part_of_the_day_the_reminder_fires_corrects_the_reminder(offline_zh: OfflineChat) -> None:
    offline_zh.say("下周一上午十点体检 前一天晚上八点提醒我")
    offline_zh.say("改成晚上九点半吧")
    assert booked(offline_zh) == [("体检", "Mon 2026-12-14 10:00")]
    assert offline_zh.reminders() == [("体检", 750)]  # 21:30 the evening before


@pytest.mark.parametrize(
    ("turns", "expected"),
    [(["what does tomorrow look like", "push the later design review to 4:30pm", "and the earlier one, make it 2 hours long"],
      [("Design review", "Tue 2026-12-08 10:00", 120), ("Design review", "Tue 2026-12-08 16:30", 60)]),
     (["what's on tomorrow", "push the earlier one back a day", "and rename the other one to final round"],
      [("Design review", "Wed 2026-12-09 10:00", 60), ("Final round", "Tue 2026-12-08 15:00", 60)])],
)  # fmt: skip
def test_the_earlier_later_or_other_one_of_a_list_shown(offline: OfflineChat, turns: list[str], expected: list[tuple[str, str, int]]) -> None:
    event_at(offline, "Design review", "2026-12-08T10:00")
    event_at(offline, "Design review", "2026-12-08T15:00")
    for message in turns:
        offline.say(message)
    assert sorted((e.title, local(e), int((e.ends_at - e.starts_at).total_seconds() // 60)) for e in offline.events()) == expected


@pytest.mark.parametrize(
    ("zh", "look", "change", "expected"),
    [(False, "what do i have tomorrow", "the workshop is gonna run long, make it go until 4pm", ("Workshop", 180)),
     (True, "明天都有什么", "培训那个要到四点半才结束 帮我改一下", ("培训", 210))],
)  # fmt: skip
def test_an_event_named_in_a_clause_beside_the_change(offline: OfflineChat, offline_zh: OfflineChat, zh: bool, look: str, change: str, expected: tuple[str, int]) -> None:
    chat = offline_zh if zh else offline
    event_at(chat, expected[0], "2026-12-08T13:00")
    event_at(chat, "Dinner with Jo", "2026-12-08T19:30", 90)
    chat.say(look)
    chat.say(change)
    assert expected in [(e.title, int((e.ends_at - e.starts_at).total_seconds() // 60)) for e in chat.events()]


def test_a_renames_moment_names_the_event(offline: OfflineChat) -> None:
    event_at(offline, "Meeting", "2026-12-08T10:00")
    event_at(offline, "Meeting", "2026-12-08T14:00")
    offline.say("rename the 2pm meeting tomorrow to budget review")
    assert booked(offline) == [("Budget review", "Tue 2026-12-08 14:00"), ("Meeting", "Tue 2026-12-08 10:00")]


@pytest.mark.parametrize(
    ("first", "answer", "expected"),
    [("gym at 6pm tomorrow and dinner with jo", "friday at 8pm", [("Dinner with jo", "Fri 2026-12-11 20:00"), ("Gym", "Tue 2026-12-08 18:00")]),
     ("book haircut tmrw at 4pm and gym on thursday", "6pm", [("Gym", "Thu 2026-12-10 18:00"), ("Haircut", "Tue 2026-12-08 16:00")])],
)  # fmt: skip
def test_the_last_of_several_may_be_a_booking_whose_moment_is_asked(offline: OfflineChat, first: str, answer: str, expected: list[tuple[str, str]]) -> None:
    offline.say(first)
    assert len(offline.events()) == 1  # the whole one at once; the other's moment is asked, never borrowed
    offline.say(answer)
    assert booked(offline) == expected


@pytest.mark.parametrize("message", ["meeting with bob at 3pm tomorrow and alice", "call mum at 6pm tomorrow and tell her about the party"])
def test_who_else_or_what_for_after_and_stays_in_the_one_booking(offline: OfflineChat, message: str) -> None:
    offline.say(message)
    assert len(offline.events()) == 1 and " and " in offline.events()[0].title.lower()


def test_and_remind_me_after_a_booking_is_before_it(offline: OfflineChat) -> None:
    offline.say("dentist at 3pm friday and remind me")
    assert booked(offline) == [("Dentist", "Fri 2026-12-11 15:00")] and offline.reminders()[0][0] == "Dentist"


@pytest.mark.parametrize(
    ("message", "expected"),
    [("腊月二十三小年 晚上六点半全家一起吃饭 帮我记上", "Sat 2027-01-30 18:30"), ("除夕下午三点去机场接我姐 帮我记一下", "Fri 2027-02-05 15:00")],
)  # fmt: skip
def test_lunar_months_and_new_years_eve_with_a_time(offline_zh: OfflineChat, message: str, expected: str) -> None:
    offline_zh.say(message)
    assert [local(e) for e in offline_zh.events()] == [expected]


@pytest.mark.parametrize("fix", ["是下午三点 我记错了", "哦不对 是下午三点 我看错了"])
def test_i_misremembered_corrects_what_was_just_booked(offline_zh: OfflineChat, fix: str) -> None:
    offline_zh.say("周二下午两点约了房东看房 帮我记上")
    offline_zh.say(fix)
    assert booked(offline_zh) == [("房东看房", "Tue 2026-12-08 15:00")]


@pytest.mark.parametrize(
    ("zh", "turns", "title"),
    [(False, ["book physio on tuesday at 11am and remind me the day before", "actually scrap the reminder, i'll remember it"], "Physio"),
     (True, ["明天上午十点去银行办事 帮我记上", "提前半小时提醒我", "提醒删掉吧 我自己记得"], "银行办事"),
     (False, ["dentist friday 3pm", "remind me 30 min before", "nah remove that reminder"], "Dentist")],
)  # fmt: skip
def test_the_stand_in_removes_the_reminder_never_the_event(offline: OfflineChat, offline_zh: OfflineChat, zh: bool, turns: list[str], title: str) -> None:
    chat = offline_zh if zh else offline
    for message in turns:
        outcome = chat.say(message)
    assert [e.title for e in chat.events()] == [title]
    assert chat.reminders() == [] and not [f for f in outcome.trace.flags if "unverified" in f]


def test_a_named_event_without_a_reminder_is_said_plainly(offline: OfflineChat) -> None:
    event_at(offline, "Dentist appointment", "2026-12-10T15:00")
    outcome = offline.say("remove the reminder for my dentist appointment")
    assert "no reminder" in outcome.reply and len(offline.events()) == 1
