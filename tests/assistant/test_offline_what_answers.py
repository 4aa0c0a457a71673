"""What a message answers (issue 22, held-out round 64): the reply to "what time should I remind you?" that
opens with its moment finishes that reminder, its other words no part of it; the time said to "which 8?"
replaces the one asked about; the time before a move's "to" names the event, never a span to the new time;
and a new end is passed as said, for the tool to count the length."""

from __future__ import annotations

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
