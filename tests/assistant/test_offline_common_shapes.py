"""Common shapes of both languages (issue 22, held-out round 71): a request's verb alone is no name; "that
same day" and 同一天 are the day named last; a holiday's name said alone answers "which day?"; a numbered
street is a place; a day of the month before "and" and a clause of its own is read; a change said with
推到 is a change; "every morning" repeats daily at that part of the day; "make the review 90 mins" is a new
length; closings, greetings and other services get their plain answers."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from assistant.providers.offline.understand import respond
from assistant.reading import extract_when
from scheduling.models import Event, Reminder
from tests.assistant.conftest import OfflineChat, local
from tests.assistant.offline_requests import request, tool_of, with_history
from tests.assistant.test_authority import TODAY

pytestmark = pytest.mark.django_db


@pytest.fixture
def talk(make_person: Callable[..., Any], clock: Any, request: pytest.FixtureRequest) -> OfflineChat:
    return OfflineChat(make_person(language=getattr(request, "param", "en")), clock)


def test_a_requests_verb_alone_is_no_name(talk: OfflineChat) -> None:
    talk.say("when am i free on wednesday")
    held = talk.say("ok grab 11am for me")
    assert talk.events() == [] and "call it" in held.reply  # the name is asked, never 'Grab'
    talk.say("call it gift returns")
    assert [(e.title, local(e)) for e in talk.events()] == [("gift returns", "Wed 2026-12-09 11:00")]


@pytest.mark.parametrize(
    ("talk", "turns", "second"),
    [("en", ["book a vet appt for biscuit on monday at 11am", "also add grocery run that same day at 5pm"], ("Grocery run", "Mon 2026-12-14 17:00")),
     ("zh", ["帮我约一下周五上午十点的项目评审", "同一天下午三点再加个客户电话"], ("客户电话", "Fri 2026-12-11 15:00"))],
    indirect=["talk"],
)  # fmt: skip
def test_the_same_day_is_the_day_named_last(talk: OfflineChat, turns: list[str], second: tuple[str, str]) -> None:
    for message in turns:
        outcome = talk.say(message)
    assert outcome.trace.flags == [] and second in [(e.title, local(e)) for e in talk.events()]


def test_a_holidays_name_said_alone_answers_which_day(talk: OfflineChat) -> None:
    for message in ("i wanna add a coffee with sam", "uh new years eve", "like 10am"):
        talk.say(message)
    assert [(e.title, local(e)) for e in talk.events()] == [("Coffee with sam", "Thu 2026-12-31 10:00")]


@pytest.mark.parametrize(
    ("text", "date"),
    [("christmas party friday 7pm", "W5"),  # in a sentence, a holiday's name needs "on": here it names the party
     ("add team lunch on friday at 12:30pm at the thai place on 5th street", "W5"),  # a numbered street is a place
     ("my cousin is flying in on the 12th and i cant remember if i said yes to something", "12-12"),
     ("Look at my calendar on the 15th and tell me if I'm free in the evening", "12-15")],
)  # fmt: skip
def test_the_day_said_is_read_and_nothing_else(text: str, date: str) -> None:
    match = extract_when(text, today=TODAY)
    assert match is not None and match.date == date


@pytest.mark.parametrize("text", ["at 7th and main", "on the 12th and 13th"])
def test_a_day_of_the_month_before_and_another_is_not_read_alone(text: str) -> None:
    assert extract_when(text, today=TODAY) is None


def test_a_day_said_as_the_months_end_and_its_number_is_read() -> None:
    name, arguments = tool_of(respond(request("月底那天 就是31号下午三点 公司年会 帮我记上", language="zh")))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", "公司年会", "12-31", "15:00")


@pytest.mark.parametrize("talk", ["zh"], indirect=True)
def test_a_move_said_with_tui_dao_moves_the_event_just_made(talk: OfflineChat) -> None:
    for message in ("明天上午十点和王总开会", "往后推到十一点半吧", "改成两个小时"):
        talk.say(message)
    [event] = talk.events()
    assert (local(event), (event.ends_at - event.starts_at).seconds // 60) == ("Tue 2026-12-08 11:30", 120)


@pytest.mark.parametrize("talk", ["zh"], indirect=True)
def test_before_it_starts_is_a_lead_on_the_event_just_made(talk: OfflineChat) -> None:
    talk.say("下周一下午两点培训")
    talk.say("开始前十分钟提醒我")
    [event] = talk.events()
    assert [(r.event_id, r.minutes_before) for r in Reminder.objects.filter(owner=talk.user)] == [(event.id, 10)]


@pytest.mark.parametrize(
    ("message", "tool", "values"),
    [("every morning at 8 remind me to take my vitamins", "set_reminder", {"time": "08:00", "repeat": "daily", "text": "take my vitamins"}),
     ("remind me every night at 10 to lock the door", "set_reminder", {"time": "22:00", "repeat": "daily", "text": "lock the door"}),
     ("standup every morning at 9:30", "schedule_event", {"time": "09:30", "title": "Standup"}),
     ("yoga every evening at 7pm", "schedule_event", {"time": "19:00", "title": "Yoga"})],
)  # fmt: skip
def test_every_morning_repeats_daily_at_that_part_of_the_day(message: str, tool: str, values: dict[str, str]) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert name == tool and {key: arguments[key] for key in values} == values
    assert arguments.get("repeat") == "daily" or (arguments.get("recurrence") or {}).get("frequency") == "daily"


@pytest.mark.parametrize(("message", "minutes"), [("make the design review 90 mins", 90), ("can you make the design review 2 hours", 120)])
def test_make_the_event_a_length_is_a_new_length(message: str, minutes: int) -> None:
    review = {"ref": "E3", "title": "Design review", "date": "2026-12-08", "start": "14:00", "via": "found"}
    name, arguments = tool_of(respond(request(message, entities=[review])))
    assert (name, arguments["duration_minutes"], arguments["date"], arguments["time"]) == ("change_event", minutes, None, None)


@pytest.mark.parametrize(
    ("message", "title", "time", "minutes"),
    [("can you block off friday afternoon 2 to 4 for deep work", "Deep work", "14:00", 120),
     ("tomorrow morning 9 to 11 dentist", "Dentist", "09:00", 120),
     ("so my sister's graduation is happening, it's on the 22nd at 10:45 in the main hall, could you save that",
      "Sister's graduation in the main hall", "10:45", None)],
)  # fmt: skip
def test_a_span_after_its_part_of_the_day_and_a_happening_said_plainly(message: str, title: str, time: str, minutes: int | None) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["title"], arguments["time"], arguments["duration_minutes"]) == ("schedule_event", title, time, minutes)


@pytest.mark.parametrize(
    ("message", "language", "says"),
    [("hiii", "en", "Hi"), ("how r u", "en", "Hi"), ("love u thx", "en", "welcome"), ("thanks, bummer", "en", "welcome"),
     ("tnx", "en", "welcome"), ("ok night", "en", "Bye"), ("帮我看看腾讯的股票涨了没", "zh", "做不了"),
     ("帮我查一下顺丰单号SF1234567890", "zh", "做不了"), ("放首周杰伦的晴天", "zh", "做不了"), ("CA1831今天晚点了吗", "zh", "做不了")],
)  # fmt: skip
def test_talk_and_other_services_get_their_plain_answer(message: str, language: str, says: str) -> None:
    response = respond(with_history(message, "what's on friday", "Nothing on your calendar.", language=language))
    assert response.tool_calls == [] and says in (response.text or "")


def test_thanks_beside_a_request_is_the_request() -> None:
    assert tool_of(respond(request("thanks can you add dentist friday 3pm")))[0] == "schedule_event"


def test_an_event_on_the_day_said_keeps_its_time_when_moved_by_days(talk: OfflineChat) -> None:
    starts = datetime.datetime(2026, 12, 9, 9, 0, tzinfo=talk.user.profile.zone)
    Event.objects.create(owner=talk.user, title="Checkup", starts_at=starts, ends_at=starts + datetime.timedelta(hours=1))
    talk.say("push the checkup back a week")
    assert [local(e) for e in talk.events()] == ["Wed 2026-12-16 09:00"]


@pytest.mark.parametrize(
    ("message", "title", "minutes"),
    [("ping me 15 min before my 4pm tomorrow", "Team meeting", 15), ("remind me 30 min before the 3pm on friday", "Dentist", 30)],
)
def test_a_lead_before_an_event_named_by_its_start(talk: OfflineChat, message: str, title: str, minutes: int) -> None:
    for name, start in (("Team meeting", (2026, 12, 8, 16)), ("Dentist", (2026, 12, 11, 15))):
        begins = datetime.datetime(*start, tzinfo=talk.user.profile.zone)
        Event.objects.create(owner=talk.user, title=name, starts_at=begins, ends_at=begins + datetime.timedelta(hours=1))
    outcome = talk.say(message)
    assert outcome.trace.flags == [], outcome.reply
    assert [(r.event.title if r.event else "", r.minutes_before) for r in Reminder.objects.filter(owner=talk.user)] == [(title, minutes)]


# --- held-out round 72 -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "start", "language"),
    [("move the dentist to next week same time", "Thu 2026-12-17 15:00", "en"),
     ("牙医改到下周同一时间", "Thu 2026-12-17 15:00", "zh")],
)  # fmt: skip
def test_next_week_same_time_moves_a_week_at_its_own_time(
    make_person: Callable[..., Any], clock: Any, message: str, start: str, language: str
) -> None:
    chat = OfflineChat(make_person(language=language), clock)
    begins = datetime.datetime(2026, 12, 10, 15, 0, tzinfo=chat.user.profile.zone)
    Event.objects.create(owner=chat.user, title="Dentist" if language == "en" else "牙医", starts_at=begins, ends_at=begins + datetime.timedelta(hours=1))
    assert chat.say(message).trace.flags == [] and [local(e) for e in chat.events()] == [start]


def test_the_weekday_after_is_counted_from_the_event(talk: OfflineChat) -> None:
    begins = datetime.datetime(2026, 12, 9, 10, 30, tzinfo=talk.user.profile.zone)  # a Wednesday
    Event.objects.create(owner=talk.user, title="Dentist", starts_at=begins, ends_at=begins + datetime.timedelta(minutes=45))
    talk.say("whens my dentist again")
    talk.say("can u move it to the friday after, same time")
    talk.say("and remind me that morning at 8am")
    assert [local(e) for e in talk.events()] == ["Fri 2026-12-11 10:30"]
    assert [r.minutes_before for r in Reminder.objects.filter(owner=talk.user)] == [150]  # 08:00 that Friday


@pytest.mark.parametrize(
    ("message", "tool", "values", "language"),
    [("ugh and scratch the dinner saturday, not going anymore", "delete_event", {"event_words": "Dinner"}, "en"),
     ("im travelling wednesday, can u skip spin class just that day", "delete_event", {"scope": "this"}, "en"),
     ("make the team lunch on thursday 2 hours long", "change_event", {"duration_minutes": 120, "date": None}, "en"),
     ("at 3:45 pm on the 15th add the school nativity play", "schedule_event", {"date": "12-15", "time": "15:45"}, "en"),
     ("周四下午差一刻五点 去幼儿园接孩子", "schedule_event", {"date": "W4", "time": "16:45"}, "zh"),
     ("下周末 周日下午三点 家庭聚会 帮我安排上", "schedule_event", {"date": "2026-12-20", "time": "15:00"}, "zh"),
     ("明天下午三點 跟房東簽約 幫我記一下", "schedule_event", {"title": "跟房東簽約"}, "zh"),
     ("禮拜五夜晚七點半同屋企人食飯 記低佢", "schedule_event", {"date": "W5", "time": "19:30"}, "zh"),
     ("下周四下午两点要去给儿子开家长会 帮我记下来 提前一个小时提醒我一下", "schedule_event", {"reminder_minutes": 60}, "zh"),
     ("明天下午那个改个名 叫产品评审", "change_event", {"title": "产品评审", "date": None}, "zh"),
     ("將聽日十點嗰個會改去十一點", "change_event", {"time": "11:00", "date": None}, "zh")],
)  # fmt: skip
def test_round_72_shapes_are_read(message: str, tool: str, values: dict[str, Any], language: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == tool and {key: arguments.get(key) for key in values} == values


@pytest.mark.parametrize("text", ["差一刻八点", "八点差五分"])
def test_a_quarter_to_an_hour_whose_half_is_unsaid_is_not_read(text: str) -> None:
    assert extract_when(text, today=TODAY) is None


def test_a_time_and_a_name_after_free_times_book_the_slot(talk: OfflineChat) -> None:
    talk.say("when am i free thursday afternoon")
    talk.say("3pm works, call it design sync")
    talk.say("make it 45 min")
    [event] = talk.events()
    assert (event.title, local(event), (event.ends_at - event.starts_at).seconds // 60) == ("Design sync", "Thu 2026-12-10 15:00", 45)


@pytest.mark.parametrize(
    ("talk", "turns", "start"),
    [("en", ["need to fit in lunch with priya next week, tuesday or wednesday whichever is free", "lets do wednesday at 12:30pm"], "Wed 2026-12-16 12:30"),
     ("zh", ["我下周要去看牙", "周三下午三点吧"], "Wed 2026-12-16 15:00")],
    indirect=["talk"],
)  # fmt: skip
def test_an_answer_to_the_offer_books_it_in_the_week_said(talk: OfflineChat, turns: list[str], start: str) -> None:
    for message in turns:
        outcome = talk.say(message)
    assert outcome.trace.flags == [] and [local(e) for e in talk.events()] == [start]


# --- held-out round 73 -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "tool", "values", "language"),
    [("帮我建个提醒 明天上午11点给房东转房租", "set_reminder", {"text": "给房东转房租", "time": "11:00"}, "zh"),  # a reminder, never an event
     ("那个家长会 提前一天晚上八点提醒我", "set_reminder", {"event_words": "家长会", "days_before": 1, "time": "20:00"}, "zh"),
     ("the standup tmrw should only be 15 min", "change_event", {"duration_minutes": 15, "event_date": "D+1", "date": None}, "en"),
     ("the piano recital on the 19th got called off, pls cancel it", "delete_event", {"event_ref": None}, "en")],
)  # fmt: skip
def test_round_73_shapes_are_read(message: str, tool: str, values: dict[str, Any], language: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == tool and {key: arguments.get(key) for key in values} == values


def test_a_time_every_few_hours_said_should_be_is_no_new_length() -> None:
    response = respond(request("my facebook update in every three hour should be available"))
    assert not any(call.name == "change_event" for call in response.tool_calls)


def test_a_reminder_the_night_before_at_a_bare_hour_is_its_own_time_not_near_the_event(talk: OfflineChat) -> None:
    talk.say("flight to chengdu friday at 7am, add it")
    outcome = talk.say("and remind me the night before at 9 to pack")
    assert outcome.trace.flags == []  # 21:00 the night before: traced, never read near the 07:00 flight
    [reminder] = Reminder.objects.filter(owner=talk.user)
    assert (reminder.text, f"{reminder.remind_at.astimezone(talk.user.profile.zone):%a %H:%M}") == ("pack", "Thu 21:00")


def test_grab_the_first_one_asks_for_the_first_slot_offered_on_a_card(talk: OfflineChat) -> None:
    talk.say("any free time tomorrow afternoon?")
    outcome = talk.say("grab the first one for a haircut")
    assert talk.events() == [] and "'Haircut'" in outcome.reply and "12:00" in outcome.reply  # a time the product chose: a card
    talk.say("yes")
    assert [(e.title, local(e)) for e in talk.events()] == [("Haircut", "Tue 2026-12-08 12:00")]
