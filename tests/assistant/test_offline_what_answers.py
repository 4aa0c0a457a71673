"""What a message answers (issue 22, held-out round 64): the reply to "what time should I remind you?" that
opens with its moment finishes that reminder, its other words no part of it; the time said to "which 8?"
replaces the one asked about; the time before a move's "to" names the event, never a span to the new time;
and a new end is passed as said, for the tool to count the length."""

from __future__ import annotations

import re

import pytest

import catalogue
from assistant.providers.offline.understand import respond
from assistant.reading.durations import find_lengths
from tests.assistant.offline_requests import request, tool_of, with_history

REVIEW = {"ref": "E3", "title": "Design review", "date": "2026-12-07", "start": "11:00", "via": "found"}
LUNCH = {"ref": "E4", "title": "Lunch", "date": "2026-12-07", "start": "12:30", "via": "found"}


@pytest.mark.parametrize(
    ("message", "listed", "time"),
    [("move the 11am to 2pm", [REVIEW], "14:00"), ("move the 11am to 2pm", [REVIEW, LUNCH], "14:00"),
     ("move my 12:30 to 3pm please", [REVIEW, LUNCH], "15:00")],
)  # fmt: skip
def test_the_time_before_a_moves_to_names_the_event_and_is_no_span(message: str, listed: list[dict[str, str]], time: str) -> None:
    built = with_history(message, "whats on today", "Mon 7 Dec: events.", entities=listed, listed=[e["ref"] for e in listed])
    name, arguments = tool_of(respond(built))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("change_event", time, None)


def test_a_span_said_after_the_moves_to_is_its_new_length() -> None:
    name, arguments = tool_of(respond(request("move the 11am on monday to 2 to 4pm", entities=[REVIEW])))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("change_event", "14:00", 120)


@pytest.mark.parametrize(
    ("previous", "message", "language", "text", "time"),
    [
        ("remind me to buy milk", "tomorrow at lunch, say 12:30", "en", "buy milk", "12:30"),
        ("提醒我买牛奶", "明天下午下班的时候 六点吧", "zh", "买牛奶", "18:00"),
        ("提醒我交房租", "周五吃完午饭 一点半", "zh", "交房租", "13:30"),
        ("明天7点提醒我去跑步", "早上的", "zh", "去跑步", "07:00"),  # the half of the bare hour asked
    ],
)
def test_an_answer_that_opens_with_its_moment_finishes_the_reminder(
    previous: str, message: str, language: str, text: str, time: str
) -> None:
    asked = catalogue.text("needs_reminder_time", language)
    name, arguments = tool_of(respond(with_history(message, previous, asked, language=language)))
    assert (name, arguments["text"], arguments["time"]) == ("set_reminder", text, time)


@pytest.mark.parametrize(
    ("previous", "message"),
    [("Set a reminder before the lunch", "lunch with Sam next Wednesday at 1pm at the noodle bar"),  # a name first
     ("remind me to buy milk", "tomorrow 6pm add dinner with jo")],  # a request of its own
)  # fmt: skip
def test_a_request_of_its_own_is_no_answer_to_the_reminders_question(previous: str, message: str) -> None:
    asked = catalogue.text("needs_reminder_time", "en")
    name, arguments = tool_of(respond(with_history(message, previous, asked)))
    assert name == "schedule_event" and arguments["title"].lower().startswith(("lunch with sam", "dinner with jo"))


@pytest.mark.parametrize(("said", "answer"), [("move pilates to 8", "8pm"), ("move my pilates on thursday to 8", "8pm 🙂")])
def test_the_time_said_to_which_half_replaces_the_hour_asked_about(said: str, answer: str) -> None:
    asked = respond(request(said)).text
    assert "morning or evening" in asked
    name, arguments = tool_of(respond(with_history(answer, said, asked)))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("change_event", "20:00", None)


def test_making_a_named_event_start_at_a_time_is_a_change() -> None:
    dinner = [{"ref": "E5", "title": "Team dinner", "date": "2026-12-10", "start": "19:00", "via": "found"}]
    for entities in (dinner, []):
        name, arguments = tool_of(respond(request("make the team dinner start at 7:30pm instead", entities=entities)))
        assert (name, arguments["time"], arguments["title"]) == ("change_event", "19:30", None)


def test_a_reminder_corrected_in_passing_keeps_what_to_be_reminded_of() -> None:
    name, arguments = tool_of(respond(request("提醒我明天早上七点 不对 七点半 去取体检报告", language="zh")))
    assert (name, arguments["time"], arguments["text"]) == ("set_reminder", "07:30", "去取体检报告")


@pytest.mark.parametrize(("text", "minutes"), [("开会 一个钟", [60]), ("两个钟", [120]), ("三点钟开会", []), ("闹钟", [])])
def test_an_hour_said_as_a_clock_is_a_length_only_after_a_count(text: str, minutes: list[int]) -> None:
    assert [length.minutes for length in find_lengths(text)] == minutes


BUDGET_CALL = {"ref": "E6", "title": "Budget call", "date": "2026-12-07", "start": "15:00", "via": "found"}


@pytest.mark.parametrize(
    ("message", "time", "end"),
    [("make today's 3pm start at 3:30 instead", "15:30", None), ("can you make my 3pm run until 5pm", None, "17:00")],
)
def test_the_old_time_names_the_event_before_a_new_start_or_end(message: str, time: str | None, end: str | None) -> None:
    for entities in ([BUDGET_CALL], []):
        name, arguments = tool_of(respond(request(message, entities=entities)))
        assert (name, arguments["time"], arguments["end_time"]) == ("change_event", time, end)
        assert arguments["event_time"] == "15:00" or (entities and arguments["event_ref"] == "E6")  # named by its time


@pytest.mark.parametrize(
    ("message", "language", "tool"),
    [("周六好像要下雨 把羽毛球取消吧", "zh", "delete_event"), ("rain on sat, cancel the bbq", "en", "delete_event")],
)
def test_a_cancel_beside_the_weather_is_a_cancel(message: str, language: str, tool: str) -> None:
    name, _ = tool_of(respond(request(message, language=language)))
    assert name == tool  # the weather is the reason, not a service asked for; a delete only ever shows its card


def test_a_cancel_is_never_put_down_after_an_offer() -> None:
    said = "周六下雨 羽毛球取消"
    response = respond(with_history("好的", said, catalogue.text("service_offer", "zh"), language="zh"))
    assert all(call.name != "schedule_event" for call in response.tool_calls)


LISTED = [{"ref": "E1", "title": "牙医", "date": "2026-12-14", "start": "10:00", "via": "candidate"},
          {"ref": "E2", "title": "周会", "date": "2026-12-14", "start": "15:00", "via": "candidate"}]  # fmt: skip
CHOOSING = {"tool": "set_reminder", "values": {"minutes_before": 15}}


@pytest.mark.parametrize(("answer", "ref"), [("1", "E1"), ("第一个", "E1"), ("上午那个", "E1"), ("最后一个", "E2")])
def test_the_answer_to_a_reminders_which_one_sets_it_never_moves_the_event(answer: str, ref: str) -> None:
    said = "下周一看牙 提前15分钟提醒我一下"  # 提前 would read as a shift if the two were read together
    built = with_history(answer, said, "你指的是哪一个？", language="zh", entities=LISTED, listed=["E1", "E2"], choosing=CHOOSING)
    name, arguments = tool_of(respond(built))
    assert (name, arguments["event_ref"], arguments["minutes_before"]) == ("set_reminder", ref, 15)


def test_an_infinitive_to_is_no_time_asked_about() -> None:
    # "i need to reschedule my yoga class" … "where to?" … "tuesday at 7:30pm": the class, never words cut at "to".
    said = "i need to reschedule my yoga class"
    name, arguments = tool_of(respond(with_history("tuesday at 7:30pm", said, respond(request(said)).text)))
    assert (name, arguments["event_words"], arguments["time"]) == ("change_event", "Yoga class", "19:30")


@pytest.mark.parametrize(
    ("message", "tool", "title"),
    [("pick up dry cleaning thursday at 5pm", "schedule_event", "Pick up dry cleaning"),  # an errand, not "pick up where we were"
     ("ok lets pick up where we left off", "resume_task", None),
     ("add dentist friday 3pm so i don't forget", "schedule_event", "Dentist")],  # why it is asked is no part of its name
)  # fmt: skip
def test_what_the_message_asks_for(message: str, tool: str, title: str | None) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert name == tool and arguments.get("title") == title


def test_put_on_the_calendar_without_a_particle_takes_the_offer() -> None:
    said = "周日下午三点 国安对申花"
    name, arguments = tool_of(respond(with_history("帮我加到日历吧", said, respond(request(said, language="zh")).text, language="zh")))
    assert (name, arguments["title"], arguments["time"]) == ("schedule_event", "国安对申花", "15:00")


MOVIE = {"ref": "E5", "title": "看电影", "date": "2026-12-12", "start": "19:00", "via": "created"}


@pytest.mark.parametrize(
    ("message", "language", "minutes"),
    [("提前一个小时提醒我，买票", "zh", 60), ("提前两个小时提醒我 我得先回家换衣服", "zh", 120),
     ("remind me 45 minutes before so i leave in time", "en", 45), ("remind me an hour before to grab the tickets", "en", 60)],
)  # fmt: skip
def test_what_a_lead_time_reminder_is_for_names_no_event(message: str, language: str, minutes: int) -> None:
    # The words after the lead time and "remind me" say what for: the reminder is on the event just made.
    name, arguments = tool_of(respond(request(message, language=language, entities=[MOVIE])))
    assert (name, arguments["event_words"], arguments["minutes_before"]) == ("set_reminder", None, minutes)


@pytest.mark.parametrize("message", ["remind me 30 minutes before lunch with sam", "remind me 30 minutes before my lunch", "提前30分钟提醒我和Sam吃午饭"])
def test_the_words_after_before_name_the_event(message: str) -> None:
    name, arguments = tool_of(respond(request(message, entities=[MOVIE])))
    assert name == "set_reminder" and re.search("lunch|午饭", str(arguments["event_words"]).lower())


@pytest.mark.parametrize(("message", "title"), [("周四晚上八点左右跟客户吃饭 帮我加一下", "跟客户吃饭"), ("明天下午三点半前后去取快递 记一下", "取快递")])
def test_a_hedge_after_a_clock_time_is_the_times(message: str, title: str) -> None:
    name, arguments = tool_of(respond(request(message, language="zh")))
    assert (name, arguments["title"]) == ("schedule_event", title)


def test_at_a_time_that_day_is_the_day_of_the_event_just_made() -> None:
    dinner = {"ref": "E8", "title": "Dinner with the smiths", "date": "2026-12-12", "start": "20:00", "via": "created"}
    name, arguments = tool_of(respond(request("and remind me at 6pm that day to buy wine", entities=[dinner])))
    assert (name, arguments["date"], arguments["time"], arguments["text"]) == ("set_reminder", "2026-12-12", "18:00", "buy wine")


BUDGET = {"ref": "E9", "title": "Budget meeting", "date": "2026-12-10", "start": "16:00", "via": "found"}


def test_the_budget_one_is_a_pronoun_never_a_span_from_one() -> None:
    name, arguments = tool_of(respond(request("and push the budget one to 5pm", entities=[BUDGET])))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("change_event", "17:00", None)


@pytest.mark.parametrize(
    ("message", "language", "title", "time", "minutes"),
    [("block 2 hours for focus time on thursday from 2pm", "en", "Focus time", "14:00", 120),
     ("明天下午3点有个call 帮我add一下", "zh", "Call", "15:00", None),
     ("帮我安排下周一早上9点的1on1", "zh", "1on1", "09:00", None),
     ("那你在日历上帮我记一下 周五早上八点的车", "zh", "车", "08:00", None)],
)  # fmt: skip
def test_common_shapes_of_a_booking_are_read(message: str, language: str, title: str, time: str, minutes: int | None) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments["title"], arguments["time"], arguments["duration_minutes"]) == ("schedule_event", title, time, minutes)


def test_someone_elses_word_then_a_request_to_change_it_changes_the_event_in_focus() -> None:
    coffee = {"ref": "E11", "title": "Coffee with mia", "date": "2026-12-11", "start": "10:00", "via": "created"}
    name, arguments = tool_of(respond(request("oh wait she said 11am can u change it", entities=[coffee])))
    assert (name, arguments.get("event_words"), arguments["time"]) == ("change_event", None, "11:00")  # "it": the one in focus


@pytest.mark.parametrize(
    ("message", "words", "date"),
    [("can u remind me abt the team lunch on friday", "team lunch", "W5"), ("remind me about my dentist appointment on wednesday", "dentist appointment", "W3")],
)  # fmt: skip
def test_a_reminder_about_an_event_named_on_a_day_is_before_that_event(message: str, words: str, date: str) -> None:
    # No time or lead said: the event named on that day, with the person's default lead (the tool's).
    name, arguments = tool_of(respond(request(message)))
    assert (name, str(arguments["event_words"]).lower(), arguments["date"], arguments["minutes_before"]) == ("set_reminder", words, date, None)


@pytest.mark.parametrize("message", ["remind me about the dentist", "remind me to call mum on friday", "remind me about calling the bank on friday"])
def test_a_reminder_about_a_task_or_with_no_day_asks_its_time(message: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["event_words"], arguments["time"]) == ("set_reminder", None, None)


@pytest.mark.parametrize(
    ("message", "language", "title", "lead"),
    [("下周一上午十点 年度体检 前一天晚上八点提醒我别吃东西", "zh", "年度体检", 840),
     ("dentist friday at 3pm, remind me the evening before at 8", "en", "Dentist", 1140),
     ("flight saturday 7am remind me the night before at 9", "en", "Flight", 600)],
)  # fmt: skip
def test_an_event_said_with_a_reminder_on_a_day_counted_from_it_is_booked_with_that_lead(message: str, language: str, title: str, lead: int) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments["title"], arguments["reminder_minutes"]) == ("schedule_event", title, lead)


@pytest.mark.parametrize(("answer", "time"), [("pm", "19:00"), ("am", "07:00"), ("in the pm", "19:00")])
def test_half_of_the_day_answered_to_what_time_reads_the_hour_said_before(answer: str, time: str) -> None:
    active = {"kind": "create", "command_id": "c-1", "status": "needs_time", "missing": ["time"], "known": {"title": "Tennis w dave", "date": "W5"}}
    built = with_history(answer, "tennis w dave fri at 7", "What time should 'Tennis w dave' start?", active=active)
    name, arguments = tool_of(respond(built))
    assert (name, arguments["time"]) == ("schedule_event", time)


MEI = {"ref": "E13", "title": "Call with Mei", "date": "2026-12-08", "start": "16:00", "via": "found"}


def test_an_infinitive_before_a_move_leaves_from_and_to_the_old_and_new_times() -> None:
    # "need to shift … from 4 to 5pm" moves the call to 17:00; it is never a span from 4 to 5.
    name, arguments = tool_of(respond(request("need to shift my call with mei tmrw from 4 to 5pm", entities=[MEI])))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("change_event", "17:00", None)


@pytest.mark.parametrize(("message", "tool"), [("20号那个同学聚会 cancel掉", "delete_event"), ("明天跟Lisa的call push到下午2点", "change_event")])
def test_english_verbs_in_chinese_requests_are_read(message: str, tool: str) -> None:
    assert tool_of(respond(request(message, language="zh")))[0] == tool


def test_a_bare_hour_after_asking_about_tonight_is_tonights() -> None:
    said = "今晚八点多我有空吗 同事约我喝酒"
    first = respond(request(said, language="zh"))
    name, arguments = tool_of(respond(with_history("那就八点半吧 帮我加上 跟同事喝酒", said, first.text, language="zh")))
    assert (name, arguments["title"], arguments["time"]) == ("schedule_event", "跟同事喝酒", "20:30")


@pytest.mark.parametrize(("question", "title"), [("could i squeeze in a haircut friday at 4?", "Haircut"), ("am i free thursday at 3?", None)])
def test_booking_it_after_asking_room_for_a_thing_books_that_thing(question: str, title: str | None) -> None:
    first = respond(request(question))
    name, arguments = tool_of(respond(with_history("nice, book it then", question, first.text)))
    assert (name, arguments["title"]) == ("schedule_event", title)  # never 'Am i free'


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("could i squeeze in a haircut on friday at 4pm?", "en"),
        ("could i squeeze in a haircut on friday at 4pm", "en"),
        ("can i fit a haircut in tmrw at 4", "en"),
        ("should i book the dentist friday at 4?", "en"),
        ("明天下午三点能约人吗", "zh"),
        ("明天下午两点我能约人喝咖啡吗", "zh"),
    ],
)
def test_asking_whether_there_is_room_at_a_moment_is_answered_by_that_day(message: str, language: str) -> None:
    # The person asks whether it fits ("could i …", "能…吗"): a look at the day, never a booking.
    name, arguments = tool_of(respond(request(message, language=language, entities=[REVIEW])))
    assert name == "query_events" and arguments["start"] in {"W5", "D+1"}, arguments


def test_asking_the_assistant_to_squeeze_it_in_books_it() -> None:
    name, arguments = tool_of(respond(request("can you squeeze in a haircut on friday at 4pm")))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", "Haircut", "W5", "16:00")
