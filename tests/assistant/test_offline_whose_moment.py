"""Whose moment a time is (issue 22, held-out round 57): the person's own clock, never another zone's; the
event's time before a reminder's words, the reminder's after them; the later of two moments said in one
breath; the old time of an event named by it; and a part of the day said for a move, never the event's own
time outside it."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from assistant.providers.offline.titles import title_from
from assistant.providers.offline.understand import respond
from assistant.providers.offline.when import read_when
from assistant.reading.days import days_of
from assistant.reading.extract import read_when_or_decline
from tests.assistant.offline_requests import NOW, assert_honest, request, tool_of, with_history

CALL = [{"ref": "E3", "title": "Call with Priya", "date": "2026-12-07", "start": "15:00", "via": "found"}]
BBQ = [{"ref": "E7", "title": "BBQ", "date": "2026-12-12", "start": "12:00", "via": "found"}]
HAIRCUT = [{"ref": "E5", "title": "Haircut", "date": "2026-12-10", "start": "12:00", "via": "found"}]
PRACTICE_AT_NINE = [{"ref": "E8", "title": "驾校练车", "date": "2026-12-09", "start": "09:00", "via": "found"}]
YOGA_AT_SIX = [{"ref": "E9", "title": "Yoga", "date": "2026-12-09", "start": "18:00", "via": "found"}]


@pytest.mark.parametrize(
    ("message", "language"),
    [("call with the tokyo office tomorrow 9am tokyo time", "en"), ("meeting tomorrow at 9am EST", "en"),
     ("dinner friday at 7pm central time", "en"), ("sync w the nyc team thurs 10am new york time", "en"),
     ("明天美国东部时间早上九点跟纽约同事开会", "zh"), ("东京时间周五上午十点开会", "zh")],
)  # fmt: skip
def test_a_clock_of_another_zone_is_never_booked_as_said(message: str, language: str) -> None:
    response = respond(request(message, language=language))
    assert response.tool_calls == [] and ("zone" in response.text or "时区" in response.text)


@pytest.mark.parametrize(
    ("message", "language"),
    [("pt session tomorrow at 5pm", "en"), ("找个时间明天下午三点开会", "zh"), ("meeting with the pacific team tomorrow at 4pm", "en")],
)
def test_a_word_before_time_that_names_no_zone_is_booked(message: str, language: str) -> None:
    name, _ = tool_of(respond(request(message, language=language)))
    assert name == "schedule_event"


@pytest.mark.parametrize(
    ("message", "language"),
    [("physical next monday 10am remind me the day before", "en"), ("下周一上午十点体检 提前一天提醒我", "zh")],
)
def test_a_time_before_the_reminders_words_is_the_events(message: str, language: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments["time"], arguments["reminder_minutes"]) == ("schedule_event", "10:00", 24 * 60)


def test_a_day_counted_from_an_event_beside_a_day_said_is_a_days_lead() -> None:
    # 前一天 with no time of its own, as "the day before": a lead of a day on the event said, as 提前一天 is.
    name, arguments = tool_of(respond(request("下周一上午十点体检，前一天提醒我", language="zh")))
    assert (name, arguments["time"], arguments["reminder_minutes"]) == ("schedule_event", "10:00", 24 * 60)


@pytest.mark.parametrize(
    ("message", "language", "time"),
    [("change my 3pm call to 3:30", "en", "15:30"), ("move the 3pm call to 4", "en", "16:00"),
     ("move my call at 3 to 5", "en", "17:00")],
)  # fmt: skip
def test_the_old_time_names_the_event_and_the_new_one_is_read_near_it(message: str, language: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language, entities=CALL)))
    assert name == "change_event"
    assert (arguments["time"], arguments["date"]) == (time, None)


@pytest.mark.parametrize(
    ("message", "language", "entities", "asked"),
    [("把练车改到周五下午", "zh", [], "下午几点"), ("把练车改到周五下午", "zh", PRACTICE_AT_NINE, "下午几点"),
     ("move yoga to friday morning", "en", YOGA_AT_SIX, "What time in the morning?"),
     ("move yoga to friday evening", "en", [], "What time in the evening?")],
)  # fmt: skip
def test_a_part_of_the_day_for_a_move_is_asked_unless_the_event_is_in_it(
    message: str, language: str, entities: list[dict[str, Any]], asked: str
) -> None:
    response = respond(request(message, language=language, entities=entities))
    assert response.tool_calls == [] and asked in response.text


def test_a_part_of_the_day_the_shown_event_is_in_keeps_its_time() -> None:
    name, arguments = tool_of(respond(request("move yoga to friday evening", entities=YOGA_AT_SIX)))
    assert (name, arguments["time"], arguments["date"]) == ("change_event", None, "W5")


@pytest.mark.parametrize(("answer", "time"), [("7", "19:00"), ("7:30", "19:30")])
def test_the_time_said_to_what_time_in_the_part_finishes_the_move(answer: str, time: str) -> None:
    said = "move yoga to friday evening"
    asked = respond(request(said)).text
    name, arguments = tool_of(respond(with_history(answer, said, asked)))
    assert (name, arguments["time"], arguments["date"], arguments["event_words"]) == ("change_event", time, "W5", "Yoga")


@pytest.mark.parametrize(
    ("message", "language"),
    [("sorry i meant the dentist, cancel that one", "en"), ("cancel that, i meant the dentist", "en")],
)
def test_the_one_meant_is_named_never_the_one_in_focus(message: str, language: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language, entities=HAIRCUT)))
    assert name == "delete_event"
    assert arguments["event_ref"] is None and arguments["event_words"] in ("Dentist", "牙医")


@pytest.mark.parametrize(
    ("message", "day"),
    [("beach day saturday", "W6"), ("spa day on saturday at 10am", "W6"), ("friday day trip", "W5"), ("my day off friday", "W5")],
)
def test_a_day_in_a_name_is_no_day_left_unread(message: str, day: str) -> None:
    found, declined = read_when_or_decline(message, today=datetime.date(2026, 12, 7))
    assert found is not None and found.date == day and not declined


@pytest.mark.parametrize("message", ["the day after saturday", "saturday for a day", "a day later on saturday", "3 days on friday"])
def test_a_day_counted_is_still_declined(message: str) -> None:
    assert read_when_or_decline(message, today=datetime.date(2026, 12, 7)) == (None, True)


@pytest.mark.parametrize(
    "message", ["the game's on saturday at 8pm btw", "the game's at 8 on saturday", "johns party's on friday at 7"]
)
def test_a_thing_said_to_be_on_a_day_is_told_not_asked(message: str) -> None:
    response = respond(request(message))
    assert response.tool_calls == [] and response.text


def test_a_place_with_an_s_is_no_statement() -> None:
    name, arguments = tool_of(respond(request("dinner at marco's on the 24th 8pm")))
    assert (name, arguments["time"]) == ("schedule_event", "20:00")


def test_the_day_before_at_a_time_counts_from_the_day_said_for_the_event() -> None:
    message = "1月10号我爸生日 提前一天晚上八点提醒我去拿蛋糕"
    name, arguments = tool_of(respond(request(message, language="zh")))
    assert (name, arguments["date"], arguments["time"], arguments["text"]) == ("set_reminder", "2027-01-09", "20:00", "去拿蛋糕")


@pytest.mark.parametrize(
    ("message", "language"),
    [("这个月月底晚上八点提醒我还信用卡", "zh"), ("月底晚上八点提醒我还信用卡", "zh"), ("remind me this month at 8pm to pay rent", "en"),
     ("remind me next week at 8pm to pay rent", "en")],
)  # fmt: skip
def test_a_reminder_with_no_one_day_said_asks_the_day(message: str, language: str) -> None:
    response = respond(request(message, language=language))
    assert response.tool_calls == [] and response.text


@pytest.mark.parametrize(("message", "day"), [("月底31号下午三点开会", "12-31"), ("月底下午三点开会", None)])
def test_the_end_of_the_month_is_a_day_only_with_its_date(message: str, day: str | None) -> None:
    found, declined = read_when_or_decline(message, today=datetime.date(2026, 12, 7))
    assert (found.date if found else None, declined) == (day, day is None)


BOARD = [{"ref": "E2", "title": "Board meeting", "date": "2026-12-07", "start": "10:00", "via": "found"}]
WEEKLY = [{"ref": "E4", "title": "例会", "date": "2026-12-08", "start": "09:30", "via": "found", "recurring": True}]


@pytest.mark.parametrize("message", ["the board meeting runs until 1pm now, please update it", "the board meeting ends at 12 now, change it"])
def test_a_new_end_is_a_new_length_from_its_own_start(message: str) -> None:
    name, arguments = tool_of(respond(request(message, entities=BOARD)))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("change_event", None, None)
    assert arguments["end_time"] in ("13:00", "12:00")  # the tool counts the length from the event's own start


def test_a_new_time_for_the_series_shown_is_read_near_its_time() -> None:
    name, arguments = tool_of(respond(request("把每周的例会改到十点", language="zh", entities=WEEKLY)))
    assert (name, arguments["time"], arguments["scope"]) == ("change_event", "10:00", "all")


PILATES = {"command_id": "c-9", "kind": "create", "status": "needs_time", "known": {"title": "Pilates", "date": "W1+1"}, "missing": ["time"]}


@pytest.mark.parametrize(("said", "part", "time"), [("add pilates monday at 7", "in the morning", "07:00"), ("add pilates monday at 7", "evening", "19:00")])
def test_a_part_of_the_day_after_a_bare_hour_places_that_hour(said: str, part: str, time: str) -> None:
    asked = "What time should 'Pilates' start?"
    name, arguments = tool_of(respond(with_history(part, said, asked, active=PILATES)))
    assert (name, arguments["time"], arguments["command_id"]) == ("schedule_event", time, "c-9")


@pytest.mark.parametrize(("said", "language", "answer", "time"), [("瑜伽课改到八点", "zh", "晚上", "20:00"), ("move yoga to 8", "en", "evening", "20:00")])
def test_the_part_said_to_which_half_finishes_the_move(said: str, language: str, answer: str, time: str) -> None:
    asked = respond(request(said, language=language)).text
    name, arguments = tool_of(respond(with_history(answer, said, asked, language=language)))
    assert (name, arguments["time"]) == ("change_event", time)


@pytest.mark.parametrize(("message", "title"), [("i need to get my annual physical on the calendar", "Annual physical"), ("new appointment", None)])
def test_getting_a_thing_on_the_calendar_and_a_new_appointment_open_a_create(message: str, title: str | None) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", title, None, None)


@pytest.mark.parametrize(
    ("message", "language", "title"),
    [("ok put drinks with the uni lot down for 8pm tomorrow", "en", "Drinks with the uni lot"),
     ("ok put the dog groomer down for sunday 2pm", "en", "Dog groomer"),
     ("i need to see the doctor on wednesday at 10:15am can you pop that in", "en", "See the doctor"),
     ("countdown party friday 9pm", "en", "Countdown party"),
     ("每周三晚上七点打羽毛球 帮我加到日程 每周重复", "zh", "打羽毛球"), ("周日早上六点半去爬山 帮我加上哈 早点睡了", "zh", "爬山"),
     ("28号晚上8点 跨年饭定好了 帮我记一下", "zh", "跨年饭"), ("ok for real, gym tomorrow at 6:30am", "en", "Gym")],
)  # fmt: skip
def test_the_words_around_a_request_are_not_its_name(message: str, language: str, title: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments["title"]) == ("schedule_event", title)


def test_a_day_of_the_month_before_what_to_do_is_read() -> None:
    found, declined = read_when_or_decline("remind me at 10am on the 2nd to grab the tickets", today=datetime.date(2026, 12, 28))
    assert found is not None and (found.date, found.time, declined) == ("01-02", "10:00", False)


@pytest.mark.parametrize("message", ["那我周四晚上七点半去接孩子", "我明天下午三点开会"])
def test_my_own_plan_said_with_a_clock_is_told_not_asked(message: str) -> None:
    response = respond(request(message, language="zh"))
    assert response.tool_calls == [] and response.text


def test_my_own_plan_with_a_request_is_booked() -> None:
    name, arguments = tool_of(respond(request("我明天下午三点开会 帮我记一下", language="zh")))
    assert (name, arguments["time"]) == ("schedule_event", "15:00")


TWO_DAYS = [{"ref": "E1", "title": "家庭聚餐", "date": "2026-12-12", "start": "12:30", "via": "changed"},
            {"ref": "E2", "title": "带狗去打疫苗", "date": "2026-12-13", "start": "10:00", "via": "created"}]  # fmt: skip


@pytest.mark.parametrize(("message", "ref"), [("周日那个提前一小时提醒我", "E2"), ("周六那个提前一小时提醒我", "E1"), ("提前一小时提醒", None)])
def test_a_day_said_for_a_reminder_picks_the_event_on_it(message: str, ref: str | None) -> None:
    # With no day said, "it" is left to the server (the event in focus), never a name made of "提醒".
    name, arguments = tool_of(respond(request(message, language="zh", entities=TWO_DAYS)))
    assert (name, arguments["event_ref"], arguments["minutes_before"]) == ("set_reminder", ref, 60)


def test_a_part_of_the_day_that_names_the_event_renamed_is_not_asked() -> None:
    name, arguments = tool_of(respond(request("明天下午的会议改名叫季度复盘", language="zh")))
    assert (name, arguments["title"], arguments["time"]) == ("change_event", "季度复盘", None)


def test_a_new_end_said_with_make_is_a_change() -> None:
    workshop = [{"ref": "E6", "title": "Workshop", "date": "2026-12-09", "start": "13:00", "via": "found"}]
    name, arguments = tool_of(respond(request("make the workshop go till 4:30pm", entities=workshop)))
    assert (name, arguments["end_time"], arguments["time"]) == ("change_event", "16:30", None)


def test_a_thought_after_a_particle_is_not_what_to_be_reminded_of() -> None:
    name, arguments = tool_of(respond(request("晚上十点提醒我吃药哈 老忘记", language="zh")))
    assert (name, arguments["text"], arguments["time"]) == ("set_reminder", "吃药", "22:00")


def test_a_range_of_bare_hours_takes_the_part_said_after_it() -> None:
    name, arguments = tool_of(respond(request("block out 2 to 4 this afternoon for deep work")))
    assert (name, arguments["title"], arguments["time"], arguments["duration_minutes"]) == ("schedule_event", "Deep work", "14:00", 120)


@pytest.mark.parametrize("message", ["meeting 2 to 4", "meeting friday 2 to 4"])
def test_no_hour_of_a_range_left_unread_is_the_time(message: str) -> None:
    assert read_when(message, today=datetime.date(2026, 12, 7)).time is None


def test_a_dotted_time_after_a_day_and_month_is_no_year() -> None:
    found, _ = read_when_or_decline("add doctor appt 17th dec 11.30 am", today=datetime.date(2026, 12, 7))
    assert found is not None and (found.date, found.time) == ("12-17", "11:30")


def test_a_moment_after_a_look_asks_its_name() -> None:
    looked, shown = "what about friday", "Nothing on your calendar for Fri 11 Dec."
    name, arguments = tool_of(respond(with_history("ok friday at 2pm then", looked, shown)))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", None, "W5", "14:00")


@pytest.mark.parametrize("words", ["帮我占一下", "占个坑", "占个位置"])
def test_holding_a_slot_names_nothing(words: str) -> None:
    assert title_from(words) is None


MADE_AT_TWO = [{"ref": "E3", "title": "跟财务对账", "date": "2026-12-16", "start": "14:00", "via": "created"}]


@pytest.mark.parametrize(("message", "language", "end"), [("改成到四点结束", "zh", "16:00"), ("make it until 6pm", "en", "18:00")])
def test_a_new_end_for_the_event_in_focus_is_its_new_end(message: str, language: str, end: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language, entities=MADE_AT_TWO)))
    assert (name, arguments["end_time"], arguments["time"]) == ("change_event", end, None)


BUDGET = [{"ref": "E4", "title": "Budget meeting", "date": "2026-12-08", "start": "15:00", "via": "found"}]


@pytest.mark.parametrize(("message", "shift"), [("push back my 3pm meeting by an hour", 60), ("push my 3pm back an hour", 60),
                                                ("push back the budget meeting by 30 min", 30)])  # fmt: skip
@pytest.mark.parametrize("entities", [[], BUDGET])
def test_with_a_shift_the_time_said_names_the_event(message: str, shift: int, entities: list[dict[str, Any]]) -> None:
    name, arguments = tool_of(respond(request(message, entities=entities)))
    assert (name, arguments["shift_minutes"], arguments["time"]) == ("change_event", shift, None)


def test_a_change_of_tomorrows_thing_is_asked_for_not_told() -> None:
    name, arguments = tool_of(respond(request("shorten tomorrow's planning meeting to 30 minutes")))
    assert (name, arguments["duration_minutes"]) == ("change_event", 30)


@pytest.mark.parametrize(("message", "title"), [("礼拜六全天公司团建 帮我标一下", "公司团建"), ("后天上午九点半俺要去医院复查 帮俺记上", "医院复查")])
def test_marking_and_northern_forms_are_requests(message: str, title: str) -> None:
    name, arguments = tool_of(respond(request(message, language="zh")))
    assert (name, arguments["title"]) == ("schedule_event", title)


@pytest.mark.parametrize("thanks", ["gracias", "merci", "ta"])
def test_thanks_in_other_words_is_no_name(thanks: str) -> None:
    untitled = {"command_id": "c-2", "kind": "create", "status": "needs_title", "known": {"date": "W6", "time": "10:00"}, "missing": ["title"]}
    response = respond(with_history(thanks, "put it saturday at 10am", "What should I call it?", active=untitled))
    assert response.tool_calls == [] and response.text


@pytest.mark.parametrize(("message", "language"), [("i dont need a reminder for the 3pm vendor meeting", "en"),
                                                   ("dan's off to chicago monday at 7am for the conference", "en"),
                                                   ("定个明早七点的闹中", "zh")])  # fmt: skip
def test_said_not_wanted_or_of_someone_else_writes_nothing(message: str, language: str) -> None:
    response = respond(request(message, language=language))
    assert response.tool_calls == [] and response.text


def test_not_wanted_any_more_is_a_delete() -> None:
    thursday = [{"ref": "E5", "title": "和大学室友视频", "date": "2026-12-10", "start": "20:00", "via": "created"}]
    name, arguments = tool_of(respond(request("周四那个不要了", language="zh", entities=thursday)))
    assert (name, arguments["event_ref"]) == ("delete_event", "E5")


def test_a_word_of_feeling_beside_the_time_asked_is_no_name() -> None:
    untimed = {"command_id": "c-3", "kind": "create", "status": "needs_time", "known": {"title": "Drinks with alex", "date": "D+1"}, "missing": ["time"]}
    asked = "What time should 'Drinks with alex' start?"
    name, arguments = tool_of(respond(with_history("7pm obviously lol", "drinks with alex tomorrow at 7", asked, active=untimed)))
    assert (name, arguments["title"], arguments["time"], arguments["command_id"]) == ("schedule_event", None, "19:00", "c-3")


@pytest.mark.parametrize(("message", "tool"), [("ok wednesday 9am for the dentist", "change_event"), ("ok wednesday 9am then", "change_event"),
                                               ("ok put a haircut wednesday 9am", "schedule_event")])  # fmt: skip
def test_a_move_asked_for_is_answered_after_a_look(message: str, tool: str) -> None:
    built = request(message)
    built.messages[2:4] = [
        {"role": "user", "content": "can i move the dentist"}, {"role": "assistant", "content": "Sure — to which day or time should it move?"},
        {"role": "user", "content": "whats free on wednesday morning"}, {"role": "assistant", "content": "Wed 9 Dec: nothing on your calendar."},
    ]  # fmt: skip
    name, arguments = tool_of(respond(built))
    assert (name, arguments["date"] if tool == "schedule_event" else arguments["event_words"]) == (tool, "W3" if tool == "schedule_event" else "Dentist")


@pytest.mark.parametrize(
    ("message", "language", "field", "said"),
    [("cn u add physio on the 20th at half past two in the afternoon", "en", "title", "Physio"),
     ("那帮我约周五下午三点和刘医生复诊", "zh", "title", "和刘医生复诊"),
     ("那设个提醒吧 明天早上六点半提醒我起床", "zh", "text", "起床")],
)  # fmt: skip
def test_shorthand_verbs_and_particles_are_not_what_is_written(message: str, language: str, field: str, said: str) -> None:
    _, arguments = tool_of(respond(request(message, language=language)))
    assert arguments[field] == said


@pytest.mark.parametrize(
    ("message", "language", "weekday", "time"),
    [
        ("book tennis saturday 10 no wait 11", "en", 5, "11:00"),
        ("lunch with dave wed 12 actually make it 1", "en", 2, "13:00"),
        ("book the gym tmrw 6am no sorry 7am", "en", None, "07:00"),
        ("book the vet for monday no wait tuesday at 10am", "en", 1, "10:00"),
        ("周四下午三点开会，哦不对，是四点", "zh", 3, "16:00"),
        ("设计评审 周三上午十点 哦不对 十一点", "zh", 2, "11:00"),
        ("周四上午十点 哦不对 十一点 去银行办卡", "zh", 3, "11:00"),  # the name after the correction
        ("lunch with ben tomorrow at 12:30 actually make that 1:30", "en", None, "13:30"),
    ],
)
def test_a_moment_corrected_in_passing_is_the_later_one(message: str, language: str, weekday: int | None, time: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == "schedule_event"
    assert arguments["time"] == time
    today = datetime.date.fromisoformat(NOW[:10])
    [day] = days_of(arguments["date"], today)
    assert day.weekday() == weekday if weekday is not None else day == today + datetime.timedelta(days=1)


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("今晚的饭局改到七点半 嗯 算了还是八点吧", "zh"),  # a change: its day may name the event or the new day
        ("dentist friday 3 no wait saturday", "en"),  # a bare hour, then another day: the hour is not carried
        ("dentist friday 3pm no wait, that's the haircut", "en"),
    ],
)
def test_a_moment_corrected_in_passing_is_asked_again_when_unsure(message: str, language: str) -> None:
    response = respond(request(message, language=language, entities=BBQ))
    assert not response.tool_calls, response.tool_calls
    assert_honest(response.text)
