"""A message of several phrases (held-out rounds 67–69): the phrase that asks is read with what it asks about; a
statement before "put it down" is put down without who told it or why; the reasons said beside a request, assent before
it and a take-back after it are no part of it; a message to send is another service's work."""

from __future__ import annotations

import json

import pytest

from assistant.providers.offline.understand import respond
from tests.assistant.offline_requests import request, tool_of, with_history


@pytest.mark.parametrize(
    ("message", "language", "title", "date", "time"),
    [
        ("老师刚在群里说下周二下午四点开家长会 帮我记一下 到时候得请假", "zh", "家长会", "W2+1", "16:00"),
        ("hey so my boss just told me we have a quarterly review next wednesday at 2pm, can you put that in my calendar pls", "en",
         "Quarterly review", "W3+1", "14:00"),
        ("my wife has a doctor appt friday at 10am. can you put it in my calendar too, i'm driving her", "en", "Doctor appt", "W5", "10:00"),
    ],
)  # fmt: skip
def test_a_statement_then_a_request_to_put_it_down_is_put_down(message: str, language: str, title: str, date: str, time: str) -> None:
    # The phrases before "帮我记一下" are the thing; the reason after the request is no part of it.
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", title, date, time)


@pytest.mark.parametrize(
    ("message", "language"),
    [("if it rains saturday i might go to the cinema at 5pm, add it", "en"), ("周六下午三点去爬山 算了 别记了", "zh"),
     ("明天上午十点开会 不用记", "zh")],
)  # fmt: skip
def test_a_hedge_or_a_take_back_beside_the_request_puts_nothing_down(message: str, language: str) -> None:
    response = respond(request(message, language=language))
    assert [json.loads(c.arguments).get("title") for c in response.tool_calls if c.name == "schedule_event"] in ([], [None])


@pytest.mark.parametrize(
    ("said", "then", "title"),
    [("fyi the plumber is coming tmrw at 9am", "yeah add it", "Plumber"), ("my wife has a doctor appt friday at 10am", "put it in my calendar", "Doctor appt")],
)  # fmt: skip
def test_the_offer_takes_the_thing_from_the_statements_frame(said: str, then: str, title: str) -> None:
    first = respond(request(said))
    name, arguments = tool_of(respond(with_history(then, said, first.text)))
    assert (name, arguments["title"]) == ("schedule_event", title)


HAIRCUT = {"ref": "E6", "title": "理发", "date": "2026-12-08", "start": "10:00", "via": "found"}
VISIT = {"ref": "E7", "title": "客户拜访", "date": "2026-12-09", "start": "10:00", "via": "found"}


@pytest.mark.parametrize(
    ("message", "date", "time"),
    [("理发改到后天下午四点吧 明天没空", "D+2", "16:00"), ("客户拜访往后推到下午两点 他们上午来不了", None, "14:00")],
)
def test_the_reasons_day_is_not_the_changes(message: str, date: str | None, time: str) -> None:
    # The phrase that asks is read alone when the moments of the whole do not read together.
    name, arguments = tool_of(respond(request(message, language="zh", entities=[HAIRCUT, VISIT])))
    assert (name, arguments.get("date"), arguments["time"]) == ("change_event", date, time)


def test_a_spaced_no_between_two_times_corrects_the_first() -> None:
    name, arguments = tool_of(respond(request("周四晚上七点 不是 七点半 跟老婆吃饭", language="zh")))
    assert (name, arguments["title"], arguments["time"]) == ("schedule_event", "跟老婆吃饭", "19:30")


def test_a_series_with_a_request_beside_it_is_still_one_request() -> None:
    name, arguments = tool_of(respond(request("每周一早上九点例会 帮我加上", language="zh")))
    assert (name, arguments["title"], arguments["time"], arguments["recurrence"]["frequency"]) == ("schedule_event", "例会", "09:00", "weekly")


@pytest.mark.parametrize("message", ["周六上午九点爬山 帮我记上 算了", "周六上午九点爬山 算了", "book gym saturday 9am, nah forget it"])
def test_a_request_taken_back_at_its_end_writes_nothing(message: str) -> None:
    response = respond(request(message, language="zh" if "爬山" in message else "en"))
    assert response.tool_calls == [] and response.text


def test_a_put_aside_before_the_request_is_about_the_talk_before() -> None:
    name, arguments = tool_of(respond(request("算了不管了 周六上午九点爬山 帮我记上", language="zh")))
    assert (name, arguments["title"], arguments["time"]) == ("schedule_event", "爬山", "09:00")


def test_weather_words_beside_a_change_leave_it_a_change() -> None:
    bbq = {"ref": "E10", "title": "BBQ", "date": "2026-12-12", "start": "16:00", "via": "found"}
    message = "just checked the forecast, it's def raining. move the bbq to sunday same time pls"
    name, arguments = tool_of(respond(request(message, entities=[bbq])))
    assert (name, arguments["date"]) == ("change_event", "W7")


def test_a_reminder_beside_a_question_about_the_hour_is_set_at_its_own_time() -> None:
    name, arguments = tool_of(respond(request("八点是吧 七点五十提醒我看", language="zh")))
    assert (name, arguments["time"], arguments["text"]) == ("set_reminder", "19:50", "看")


@pytest.mark.parametrize(("message", "language"), [("发短信给张总 说会议改到三点了", "zh"), ("text sam saying the meeting moved to 4pm", "en")])
def test_a_message_to_send_is_another_services_work(message: str, language: str) -> None:
    meeting = {"ref": "E12", "title": "会议" if language == "zh" else "Meeting", "date": "2026-12-07", "start": "14:00", "via": "found"}
    assert respond(request(message, language=language, entities=[meeting])).tool_calls == []


@pytest.mark.parametrize(
    ("message", "language", "title", "date", "time"),
    [("行吧 那周六上午九点 去爬山 帮我记一下", "zh", "爬山", "W6", "09:00"),
     ("明儿一早八点 送孩子去学校 记一下", "zh", "送孩子去学校", "D+1", "08:00"),
     ("后儿后晌三点 看房子", "zh", "看房子", "D+2", "15:00"),
     ("老板刚通知 明天上午十点开全员大会 帮我加一下", "zh", "全员大会", "D+1", "10:00"),
     ("ugh the plumber is coming tomorrow between 9 and 11am, can you block that off", "en", "Plumber", "D+1", "09:00"),
     ("my daughter has her school play on thursday evening at 6:30 and I absolutely cannot miss it so please put it in my calendar",
      "en", "Her school play", "W4", "18:30")],
)  # fmt: skip
def test_the_thing_is_named_without_assent_dialect_or_who_said_so(message: str, language: str, title: str, date: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", title, date, time)


def test_a_reminders_text_is_never_the_assent_before_it() -> None:
    name, arguments = tool_of(respond(request("好吧 那下午三点提醒我收衣服", language="zh")))
    assert (name, arguments["text"], arguments["time"]) == ("set_reminder", "收衣服", "15:00")


@pytest.mark.parametrize(
    ("message", "language", "time"),
    [("明天下午三点跟王总的会 能不能改到四点", "zh", "16:00"), ("oh the book club got moved to saturday at 3pm, can u update it", "en", "15:00")],
)  # fmt: skip
def test_a_change_asked_beside_what_names_the_event_finds_it(message: str, language: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == "change_event" and arguments["time"] == time and arguments["event_words"], arguments


@pytest.mark.parametrize(("said", "then", "title"), [("my sister jess lands at pudong thursday 6:40pm", "oh can you add that to my calendar, gotta pick her up", "Jess at pudong"),
                                                    ("my buddy tom is having his bday party saturday night at 8", "ya put it in my calendar pls", "His bday party")])  # fmt: skip
def test_a_statement_put_down_on_request_keeps_its_own_words(said: str, then: str, title: str) -> None:
    # Asked for in so many words, a statement's words are the name, someone else's plan or not.
    first = respond(request(said))
    name, arguments = tool_of(respond(with_history(then, said, first.text)))
    assert (name, arguments["title"]) == ("schedule_event", title)
