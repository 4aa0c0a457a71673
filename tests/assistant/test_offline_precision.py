"""The offline default's precision (issue 22): alarms, statements, cancels and bare hours never
become bookings; reminders said from now; a complete request of its own is not an open request's
patch; the readers share one vocabulary."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

import catalogue
from assistant.providers.offline.understand import respond
from assistant.reading import vocabulary
from assistant.reading.vocabulary import part_of_day
from assistant.turn import authority, claim_request, patch
from tests.assistant.offline_requests import CREATING_LUNCH, assert_honest, request, tool_of, with_history

# Monday 2026-12-07 10:00 (offline_requests.NOW).
TALK: list[tuple[str, dict[str, Any], str]] = [
    ("set an alarm for 6am", {}, "06:00"),
    ("wake me up at 7", {}, "07:00"),
    ("pls set alarm tomorrow at six am", {}, "06:00 tomorrow"),
    ("can u set an alram for 5 tmrw morning", {}, "05:00 tomorrow"),
    ("七点叫我起床", {"language": "zh"}, "07:00"),
    ("明早六点的闹钟", {"language": "zh"}, "明天06:00"),
    ("设置一个闹钟", {"language": "zh"}, "闹钟"),
    ("七点", {"language": "zh"}, "7点"),
    ("my flight lands at 6", {}, "add it to my calendar"),
    ("the show airs on friday at 8pm", {}, "add it to my calendar"),
    ("我坐的火车明天早上九点出发", {"language": "zh"}, "加到日程里"),
    ("航班明天下午三点到达", {"language": "zh"}, "加到日程里"),
    ("i need a taxi tomorrow at eight in the morning", {}, "can't do that"),
    ("which reminders are set?", {}, "can't list"),
    ("do i have anything on the 21st, the one after the party, with everybody", {}, "Which day"),
    ("what's my availability on the last day of this month?", {}, "Which day"),  # no free time of another day
    # A sentence about someone or something with a time is talk; so is a request said as not wanted.
    ("the plumber is coming thursday at 10", {}, "add it to my calendar"),
    ("i have a dentist appointment friday at 3", {}, "add it to my calendar"),
    ("my sister's flying in friday at 6pm", {}, "add it to my calendar"),
    ("我老闆明天下午三點要來我們公司", {"language": "zh"}, "加到日程里"),
    ("水管工周四上午十点来", {"language": "zh"}, "加到日程里"),
    ("聽日三點有個會，好攰", {"language": "zh"}, "加到日程里"),  # "there is a meeting": said, not asked
    ("don't book dinner friday at 7pm", {}, "no problem"),
    ("no need to schedule the standup tomorrow at 9am", {}, "no problem"),
    ("不要安排明天下午三点的会", {"language": "zh"}, "没问题"),
    ("blorp fizzle wibble", {}, '"what\'s on tomorrow?"'),
    ("嗯嗯那个啥", {"language": "zh"}, "“明天有什么安排”"),
    # "X is Y" with a day is said, not asked; a question word is never a title.
    ("下个月五号是我妈生日", {"language": "zh"}, "加到日程里"),
    ("周五是公司年会", {"language": "zh"}, "加到日程里"),
    ("明天会下雨吗", {"language": "zh"}, "做不了"),
    # A world event said with a contraction or a release verb, and someone else's appointment.
    ("the game's on tv saturday at 8pm", {}, "add it to my calendar"),
    ("the new season drops on netflix march 20 at 9pm", {}, "add it to my calendar"),
    ("小李明天下午三点有个面试", {"language": "zh"}, "加到日程里"),
    ("比赛今晚九点开始", {"language": "zh"}, "加到日程里"),
    # Said as possible, told, negated or quoted: talk, whatever day and time it names.
    ("if it rains saturday i might go to the cinema at 3", {}, "add it to my calendar"),
    ("in theory i could squeeze a haircut in friday at 4", {}, "add it to my calendar"),
    ("fyi the pharmacy opens at 10 tmrw", {}, "add it to my calendar"),
    ("not booking the dentist for monday 9am yet, gonna wait till i get paid", {}, "no problem"),
    ("也许周四晚上七点和朋友喝一杯吧，还不确定", {"language": "zh"}, "加到日程里"),
    ("要是客户回电话，我就周三下午两点见他们", {"language": "zh"}, "加到日程里"),
    ("周一早上九点的牙医我先不约了", {"language": "zh"}, "没问题"),
    ("新一集周五晚上九点更新", {"language": "zh"}, "加到日程里"),
    ("我儿子每周四下午四点踢球", {"language": "zh"}, "加到日程里"),
    ("医生说周五上午十一点给我回电话", {"language": "zh"}, "加到日程里"),
    ("the farmers market runs 8 to 1 on saturdays", {}, "add it to my calendar"),
    ("小张周一上午十点面试", {"language": "zh"}, "加到日程里"),  # someone named, then what they do: whose plan?
]


@pytest.mark.parametrize(("message", "setup", "phrase"), TALK, ids=[case[0] for case in TALK])
def test_no_booking_is_guessed(message: str, setup: dict[str, Any], phrase: str) -> None:
    response = respond(request(message, **setup))
    assert response.tool_calls == [], response.tool_calls
    assert phrase in response.text and "19:00" not in response.text
    assert_honest(response.text)


CALLS: list[tuple[str, dict[str, Any], str, dict[str, Any]]] = [
    # A day of the month before "and" and a clause of its own is that day (before "and 13th", "and main": no).
    ("Look at my calendar on the 15th and tell me if I'm free in the evening", {}, "query_events", {"start": "12-15"}),
    # A cancel word anywhere closes the paths that write at once: a delete asks first.
    ("i can't make it, cancel lunch tomorrow at 1pm", {}, "delete_event", {}),
    ("取消明天下午三点提醒我打电话", {"language": "zh"}, "delete_event", {"event_words": "打电话"}),
    ("逢星期一早上九點開會", {"language": "zh"}, "schedule_event", {"title": "開會", "time": "09:00"}),  # their script
    ("聽朝八點提我食藥", {"language": "zh"}, "set_reminder", {"text": "食藥", "date": "D+1", "time": "08:00"}),
    ("逢週末上午十點打波", {"language": "zh"}, "schedule_event", {"title": "打波", "time": "10:00"}),
    ("我聽日有咩約？", {"language": "zh"}, "query_events", {"start": "D+1"}),
    ("whats my week look like", {}, "query_events", {"start": "W1", "end": "W7"}),
    ("remind me 20 minutes before the dentist", {}, "set_reminder", {"event_words": "Dentist", "minutes_before": 20}),
    ("看牙醫前半小時提醒我", {"language": "zh"}, "set_reminder", {"event_words": "看牙医", "minutes_before": 30}),
    ("取消我的每周三的瑜伽课", {"language": "zh"}, "delete_event", {"event_words": "瑜伽课"}),
    ("cancel my weekly yoga class on wednesdays", {}, "delete_event", {"event_words": "Yoga class"}),
    ("remind me in forty minutes to call mum", {}, "set_reminder", {"text": "call mum", "time": "10:40"}),
    ("remind me to stretch after two hours", {}, "set_reminder", {"text": "stretch", "time": "12:00"}),
    ("半小时后提醒我喝水", {"language": "zh"}, "set_reminder", {"text": "喝水", "date": "D+0", "time": "10:30"}),
    ("set a reminder for the meeting friday at 3pm", {}, "set_reminder", {"text": "the meeting", "date": "W5"}),
    ("remind me 30 minutes before lunch with Sam", {"entities": [{"ref": "E9", "title": "Lunch with Sam",
     "date": "2026-12-08", "start": "12:00"}]}, "set_reminder", {"event_ref": "E9", "minutes_before": 30}),
    ("anything coming up?", {}, "query_events", {"start": "D+0", "end": "D+13"}),
    ("my next event", {}, "query_events", {"start": "D+0", "end": "D+13"}),
    ("list today's schedule", {}, "query_events", {"start": "D+0"}),
    ("最近有什么安排吗", {"language": "zh"}, "query_events", {"start": "D+0", "end": "D+13"}),
    ("do i have anything on the 21st of this month", {}, "query_events", {"start": "2026-12-21"}),
    ("move tomorrow's meeting to 4pm", {}, "change_event", {"event_words": "Meeting", "event_date": "D+1", "date": None}),
    ("把明天的瑜伽改到晚上八点", {"language": "zh"}, "change_event", {"event_words": "瑜伽", "event_date": "D+1"}),
    ("haircut apr nine at 11am", {}, "schedule_event", {"title": "Haircut", "date": "04-09", "time": "11:00"}),
    ("dentist on dec twelve at 3pm", {}, "schedule_event", {"date": "12-12", "time": "15:00"}),
    ("add event baseball practice tonight at 5 pm", {}, "schedule_event", {"title": "Baseball practice"}),
    ("olly schedule my doctors appointment on friday at two pm", {}, "schedule_event",
     {"title": "Doctors appointment", "date": "W5", "time": "14:00"}),
    ("add birthday with mom for next month", {}, "schedule_event", {"date": None, "end_date": None}),
    ("breakfast with ann tomorrow at 7", {}, "schedule_event", {"time": "07:00"}),
    ("dinner with ann tomorrow at 7", {}, "schedule_event", {"time": "19:00"}),
    ("明天7点开会", {"language": "zh"}, "schedule_event", {"title": "开会", "date": "D+1", "time": None}),
    ("gym tomorrow at 6", {}, "schedule_event", {"time": None}),
    ("yoga every wednesday in march at 7pm", {}, "schedule_event", {"title": "Yoga", "date": "2027-03-01"}),
    ("三月份每周三晚上七点瑜伽", {"language": "zh"}, "schedule_event", {"title": "瑜伽", "time": "19:00"}),
    # A change word beside a repeat word moves the series, never books a new one; every day said repeats.
    ("move my weekly standup to 10am", {}, "change_event", {"event_words": "Standup", "time": "10:00", "scope": "all"}),
    ("把每周的例会改到十点", {"language": "zh"}, "change_event", {"event_words": "例会", "time": "10:00", "scope": "all"}),
    ("每周三和周五晚上七点跑步", {"language": "zh"}, "schedule_event",
     {"title": "跑步", "time": "19:00", "date": None, "recurrence": {"frequency": "weekly", "interval": None,
      "weekdays": ["WE", "FR"], "month_day": None, "until": None, "count": None}}),
    ("pls cancel the daily scrum at 9:30", {}, "delete_event", {"event_words": "Scrum", "event_time": "09:30", "scope": "all"}),
    ("hold on am i free thursday afternoon", {"active": CREATING_LUNCH}, "query_events", {"start": "W4"}),
    ("add an event tomorrow for 3 pm called Weekly planning", {}, "schedule_event",
     {"title": "Weekly planning", "recurrence": None, "time": "15:00"}),  # the name's own words repeat nothing
    ("don't let me forget the parcel pickup at 5 today, remind me", {}, "set_reminder",
     {"text": "the parcel pickup", "date": "D+0", "time": "17:00"}),  # a reminder, never an event
    ("my flight on sunday got moved to 8:15pm, can you update it", {}, "change_event",
     {"event_date": "W7", "time": "20:15"}),  # the flight moved, never a second one booked
    ("pick up the kids from school at 3:15pm on friday", {}, "schedule_event", {"date": "W5", "time": "15:15"}),
    ("dinner at marco's on the 24th 8pm", {}, "schedule_event", {"title": "Dinner at marco's", "date": "12-24"}),
    ("好 老张那个下午三点", {"language": "zh", "suspended": [{"ref": "T1", "title": "和老张吃饭"}]}, "resume_task",
     {"task_ref": "T1", "time": "15:00"}),
    ("ok the vet appt is saturday 9:30am", {"suspended": [{"ref": "T1", "title": "Vet appt for biscuit"}]}, "resume_task",
     {"task_ref": "T1", "date": "W6", "time": "09:30"}),  # its answer, by its name: no statement
    ("hows the 5th looking", {}, "query_events", {"start": "01-05"}),  # the coming 5th
    ("reminder for monday at 10 am submit the report", {}, "set_reminder",
     {"text": "submit the report", "time": "10:00"}),  # "10 am" is no "am" of a statement
    ("clear the client call tomorrow", {}, "delete_event", {"event_words": "Client call", "event_date": "D+1"}),
    ("Could you pull up my agenda for the 15th?", {}, "query_events", {"start": "12-15"}),
    ("Hi there, I'm trying to plan my week and wondered whether I have anything going on this coming Friday.", {},
     "query_events", {"start": "W5"}),
    ("别让我忘了交电费，周一早上9点提醒我", {"language": "zh"}, "set_reminder", {"text": "交电费", "time": "09:00"}),
    ("remind我明天早上7点带护照", {"language": "zh"}, "set_reminder", {"text": "带护照", "date": "D+1", "time": "07:00"}),
    ("Hi, I'd like to see what's free on friday afternoon", {}, "suggest_slots", {"date": "W5"}),  # "i'd like" asks
    ("牙医周五下午三点", {"language": "zh"}, "schedule_event", {"title": "牙医", "date": "W5", "time": "15:00"}),
    ("另外周六晚上七点和老王吃饭", {"language": "zh"}, "schedule_event", {"date": "W6", "time": "19:00"}),
    ("查一下我今天的日程", {"language": "zh"}, "query_events", {"start": "D+0"}),
    # A request put aside, named again with its missing time, is resumed with its own day.
    ("ok the dentist at 3pm", {"suspended": [{"ref": "T1", "title": "Dentist"}]}, "resume_task",
     {"task_ref": "T1", "time": "15:00", "date": None}),
    # A complete request of its own while lunch is open starts anew; a bare patch continues it.
    ("dinner with tom on saturday at 7pm", {"active": CREATING_LUNCH}, "schedule_event", {"command_id": None}),
    ("lunch with Sam next Wednesday at 1pm", {"active": CREATING_LUNCH}, "schedule_event",
     {"title": "Lunch with Sam", "command_id": None}),
    ("next wednesday at 1pm", {"active": CREATING_LUNCH}, "schedule_event", {"command_id": "c-1"}),
    # Called off is cancelled, said or asked: a delete (which asks first), never a rename to "Off".
    ("hey the vendor meeting tomorrow got called off, take it off my calendar", {}, "delete_event",
     {"event_words": "Vendor meeting", "event_date": "D+1"}),
    ("the dentist on friday got called off", {}, "delete_event", {"event_words": "Dentist", "event_date": "W5"}),
    ("take lunch with sam off my calendar", {}, "delete_event", {"event_words": "Lunch with sam"}),
    ("reminder: pay rent dec 20 9am", {}, "set_reminder", {"text": "pay rent", "time": "09:00"}),
    # "all" before a name is every occurrence of that series; before "events" or a day it is many events.
    ("cancel all standups", {}, "delete_event", {"event_words": "Standups", "scope": "all"}),
    ("move all my monday team syncs to 11 am", {}, "change_event", {"time": "11:00", "scope": "all"}),
    ("make the meeting with hr an hour and a half long", {}, "change_event", {"duration_minutes": 90, "date": None}),
    # A request said after the name, however it is put.
    ("明天晚上七点圣诞聚会，记到我日程里", {"language": "zh"}, "schedule_event", {"title": "圣诞聚会", "time": "19:00"}),
    ("帮忙在日程里加上：周日中午十二点 奶奶生日宴", {"language": "zh"}, "schedule_event", {"title": "奶奶生日宴", "date": "W7"}),
    ("每周一上午十点 项目例会 帮我设成重复日程", {"language": "zh"}, "schedule_event", {"title": "项目例会", "time": "10:00"}),
    # A change to a span: its start and its new length, never the span's end as the start.
    ("明天的培训改成九点到十二点", {"language": "zh"}, "change_event", {"event_words": "培训", "time": "09:00", "duration_minutes": 180}),
    ("rename that meeting to supplier negotiation", {}, "change_event", {"event_words": "Meeting", "title": "Supplier negotiation"}),
    ("吉他课不学了，所有的都帮我取消掉", {"language": "zh"}, "delete_event", {"scope": "all"}),  # the name is the other clause's
    ("take off the meeting with lee on monday from my calendar", {}, "delete_event", {"event_words": "Meeting with lee"}),
    ("题醒我今晚九点给车充电", {"language": "zh"}, "set_reminder", {"text": "给车充电", "time": "21:00"}),
]  # fmt: skip


@pytest.mark.parametrize(("message", "setup", "tool", "expected"), CALLS, ids=[case[0] for case in CALLS])
def test_the_request_is_read(message: str, setup: dict[str, Any], tool: str, expected: dict[str, Any]) -> None:
    name, arguments = tool_of(respond(request(message, **setup)))
    assert name == tool
    assert {key: arguments.get(key) for key in expected} == expected


def test_a_fact_about_the_world_is_booked_once_asked() -> None:
    offered = catalogue.text("statement", "en")  # the stand-in's own offer, the reply before
    added = respond(with_history("ok add it to my calendar", "the train to shanghai leaves tomorrow at 9", offered))
    arguments = tool_of(added)[1]
    assert (arguments["date"], arguments["time"], arguments["command_id"]) == ("D+1", "09:00", None)
    nothing_before = respond(with_history("add it to my calendar", "what's on friday?", "Friday is free."))
    assert tool_of(nothing_before)[1]["date"] is None


@pytest.mark.parametrize("reply", ["七点", "7", "七点半", "6:30"])
def test_a_bare_hour_of_either_half_is_not_a_patch(reply: str) -> None:
    assert patch.read_patch(reply, today=datetime.date(2026, 12, 7)) is None
    assert patch.read_patch("晚上" + reply, today=datetime.date(2026, 12, 7)) is not None


def test_one_vocabulary_for_every_reader() -> None:
    assert authority._QUESTION is vocabulary.ASKS
    assert patch._QUESTION is vocabulary.QUESTION_WORD
    assert claim_request._QUESTION_WORDS is vocabulary.ASKS_OR_AVAILABILITY
    # 中午 is noon for the stand-in too (it was "afternoon"), and a free-time search takes no part for it.
    assert part_of_day("中午找个空") == "noon"
    assert part_of_day("下午有空吗") == "afternoon"
    assert vocabulary.WEEKDAYS_ZH["天"] == vocabulary.WEEKDAYS_EN["sunday"] == 7


@pytest.mark.parametrize(
    ("message", "title", "date"),
    [("3月14号是妈妈生日，每年都记一下", "妈妈生日", "03-14"), ("周五是公司年会，帮我记一下", "公司年会", "W5")],
)
def test_a_statement_asked_to_be_noted_is_written_under_its_own_name(message: str, title: str, date: str) -> None:
    name, arguments = tool_of(respond(request(message, language="zh")))
    assert (name, arguments["title"], arguments["date"]) == ("schedule_event", title, date), message


def test_a_days_possessive_is_not_in_the_title() -> None:
    name, arguments = tool_of(respond(request("我想看今晚的新闻联播", language="zh")))
    assert (name, arguments["title"], arguments["date"]) == ("schedule_event", "看新闻联播", "D+0")


def test_what_day_it_is_is_answered_with_the_day_and_nothing_written() -> None:
    # "今天星期几": a question that names only a day is answered with that day (its weekday shown).
    name, arguments = tool_of(respond(request("今天星期几", language="zh")))
    assert (name, arguments["start"]) == ("query_events", "D+0")


@pytest.mark.parametrize("message", ["delete all my events tomorrow", "cancel everything tomorrow", "remove all of my appointments next week"])
def test_all_of_many_events_is_never_one_call(message: str) -> None:
    response = respond(request(message))
    assert response.tool_calls == [] and response.text


def test_a_cancel_naming_nothing_beside_a_reason_is_the_event_in_focus() -> None:
    made = [{"ref": "E7", "title": "健身", "date": "2027-01-13", "start": "19:00", "via": "created"}]
    name, arguments = tool_of(respond(request("算了，明天要加班，删掉吧", language="zh", entities=made)))
    assert (name, arguments["event_words"]) == ("delete_event", None)
