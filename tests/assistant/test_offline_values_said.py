"""The values a change or a reminder takes from the person's words (issue 22): a new length, a new end,
a length added, an offset, a rename and the event it names, and what is no value at all ("1:1", "another one").
"""

from __future__ import annotations

import json

import pytest

from assistant.providers.offline.calls import say
from assistant.providers.offline.understand import respond
from tests.assistant.offline_requests import request, tool_of, with_history

MADE = [{"ref": "E3", "title": "Pedicure", "date": "2026-12-12", "start": "15:00", "via": "created"}]
MADE_GOAL = {"kind": "create", "status": "done", "event_id": 3}


@pytest.mark.parametrize(
    ("message", "language"),
    [("提前一天提醒我一下", "zh"), ("remind me a day before", "en"), ("remind me one day ahead", "en")],
)
def test_a_reminder_a_day_ahead_of_the_event_in_focus(message: str, language: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language, entities=MADE, goal=MADE_GOAL)))
    assert (name, arguments["minutes_before"]) == ("set_reminder", 1440)


def test_a_day_is_a_length_only_as_how_far_ahead() -> None:
    response = respond(request("take a day off friday"))
    assert all("1440" not in call.arguments for call in response.tool_calls)


def test_a_length_and_a_request_for_it_in_two_clauses_lengthen_the_event_in_focus() -> None:
    name, arguments = tool_of(respond(request("it'll run 2 hours, can you extend it", entities=MADE, goal=MADE_GOAL)))
    assert (name, arguments["event_words"], arguments["duration_minutes"]) == ("change_event", None, 120)


@pytest.mark.parametrize(
    ("message", "minutes"), [("and it'll run 90 minutes", 90), ("that'll be 2 hours", 120), ("and it's only 45 min", 45)]
)
def test_a_new_length_said_of_what_was_just_made(message: str, minutes: int) -> None:
    name, arguments = tool_of(respond(request(message, entities=MADE, goal=MADE_GOAL)))
    assert (name, arguments["event_words"], arguments["duration_minutes"]) == ("change_event", None, minutes)


@pytest.mark.parametrize(
    ("message", "words", "minutes"), [("到时候提前二十分钟提醒我", None, 20), ("健身前20分钟叫我一声", "健身", 20)]
)
def test_a_reminder_ahead_of_the_event_in_focus_or_named(message: str, words: str | None, minutes: int) -> None:
    name, arguments = tool_of(respond(request(message, language="zh", entities=MADE, goal=MADE_GOAL)))
    assert (name, arguments["event_words"], arguments["minutes_before"]) == ("set_reminder", words, minutes)


@pytest.mark.parametrize("message", ["move the 1:1 to 4pm", "push my 1:1 to 4 pm"])
def test_a_one_to_one_is_a_name_not_a_time_or_a_range(message: str) -> None:
    one_to_one = [{"ref": "E5", "title": "1:1 with Ana", "date": "2026-12-08", "start": "11:00", "via": "found"}]
    name, arguments = tool_of(respond(request(message, entities=one_to_one)))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("change_event", "16:00", None)


@pytest.mark.parametrize(
    ("message", "language", "title"),
    [
        ("rename thursday's meeting to budget review", "en", "Budget review"),
        ("rename project review to budget review", "en", "Budget review"),
        ("周五和老王吃饭那个 名字改成 和老王团建", "zh", "和老王团建"),
        ("change the name of lunch with mia to lunch with mia and tom", "en", "Lunch with mia and tom"),
    ],
)
def test_a_rename_of_a_named_event_is_a_change_of_its_title(message: str, language: str, title: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments["title"], arguments["time"], arguments["duration_minutes"]) == ("change_event", title, None, None)


@pytest.mark.parametrize(("message", "minutes"), [("make the workshop 2 hours long", 120), ("make the dentist an hour long", 60)])
def test_a_new_length_of_a_named_event_changes_it(message: str, minutes: int) -> None:
    workshop = [{"ref": "E4", "title": "Workshop", "date": "2026-12-11", "start": "13:00", "via": "found"},
                {"ref": "E5", "title": "Dentist", "date": "2026-12-09", "start": "15:00", "via": "found"}]  # fmt: skip
    name, arguments = tool_of(respond(request(message, entities=workshop)))
    assert (name, arguments["duration_minutes"], arguments["time"]) == ("change_event", minutes, None)


def test_a_new_offset_after_a_reminder_was_set_is_not_read_as_the_first_one() -> None:
    previous, reply = "周六的航班提前一小时提醒我", "好的，会在「航班」开始前1小时提醒你。"
    response = respond(with_history("还是提前两小时吧", previous, reply, language="zh"))
    calls = [(call.name, json.loads(call.arguments)) for call in response.tool_calls]
    assert not [args for name, args in calls if name == "set_reminder" and args.get("minutes_before") != 120], calls


@pytest.mark.parametrize(
    ("message", "language", "words", "time"),
    [
        ("can u remind me to book flights on friday at noon", "en", "book flights", "12:00"),
        ("hey pls remind me tmrw at 11am to send the invoice", "en", "send the invoice", "11:00"),
        ("remind me at 5 to take it", "en", "take it", "17:00"),
        ("嗯 那个 记得明晚七点提醒我给老王回电话啊", "zh", "给老王回电话", "19:00"),
        ("后天中午十二点提醒我订机票吧", "zh", "订机票", "12:00"),
        ("每天早上八点提醒我吃药哈", "zh", "吃药", "08:00"),
        ("um remind me at 3pm to move the car pls", "en", "move the car", "15:00"),
        ("please remind me for take medicine at 9 in the evening", "en", "take medicine", "21:00"),
        ("yo remind me sat 11am grab flowers for jen 💐", "en", "grab flowers for jen", "11:00"),
        ("周五下午5点提醒我 交周报哈🙏", "zh", "交周报", "17:00"),
        ("please remember me tomorrow 9 o clock to pay the electricity bill", "en", "pay the electricity bill", "09:00"),
        ("pls remind me 2 pick up dry cleaning at 6pm", "en", "pick up dry cleaning", "18:00"),
        ("Could you please remind me on Friday at 10 in the morning to telephone my sister? Thank you.", "en",
         "telephone my sister", "10:00"),
        ("麻烦每天早上七点提醒我吃降压药，谢谢。", "zh", "吃降压药", "07:00"),
        ("那提醒我明早七点吃药", "zh", "吃药", "07:00"),
        ("you can remind me on wednesday 3 pm for call the electrician", "en", "call the electrician", "15:00"),
        ("ugh so tired today. btw remind me tonight at 9 to charge my laptop, thx", "en", "charge my laptop", "21:00"),
        ("买牛奶 明天早上八点提醒我", "zh", "买牛奶", "08:00"),
        ("please set a reminder for me to go to work at 10:10", "en", "go to work", "10:10"),
        ("对了 后天上午十点记得提醒我去取快递哈", "zh", "去取快递", "10:00"),
    ],
)
def test_a_reminder_keeps_only_what_to_remember(message: str, language: str, words: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert (name, arguments["text"], arguments["time"]) == ("set_reminder", words, time)


@pytest.mark.parametrize("message", ["and remind me the day before", "提前一天提醒我"])
def test_a_day_ahead_reminder_on_what_was_just_made(message: str) -> None:
    language = "zh" if "提" in message else "en"
    name, arguments = tool_of(respond(request(message, language=language, entities=MADE, goal=MADE_GOAL)))
    assert (name, arguments["minutes_before"], arguments["text"]) == ("set_reminder", 1440, None)


def test_the_day_before_yesterday_is_a_day_not_a_reminder() -> None:
    name, arguments = tool_of(respond(request("what did i have the day before yesterday")))
    assert (name, arguments["start"]) == ("query_events", "D-2")


@pytest.mark.parametrize("message", ["and another one a week later, same time", "and another one next friday"])
def test_one_after_another_is_no_time(message: str) -> None:
    response = respond(request(message, entities=MADE, goal=MADE_GOAL))
    times = [json.loads(call.arguments).get("time") for call in response.tool_calls]
    assert "13:00" not in times and "01:00" not in times, response


def test_the_event_a_rename_names_is_the_one_changed() -> None:
    name, arguments = tool_of(respond(request("rename team sync to weekly sync")))
    assert (name, arguments["event_words"], arguments["title"]) == ("change_event", "Team sync", "Weekly sync")


def test_a_new_end_is_passed_as_said_for_the_tool_to_count() -> None:
    meeting = [{"ref": "E6", "title": "部门会议", "date": "2026-12-09", "start": "10:00", "via": "found"}]
    for entities in (meeting, []):  # shown or not: the tool counts the length from the event's own start
        name, arguments = tool_of(respond(request("把周三的部门会议延长到十二点", language="zh", entities=entities)))
        assert (name, arguments["time"], arguments["duration_minutes"], arguments["end_time"]) == ("change_event", None, None, "12:00")


def test_actually_after_a_request_not_understood_corrects_nothing_listed() -> None:
    listed = [{"ref": "E2", "title": "Client call", "date": "2026-12-09", "start": "13:00", "via": "found"}]
    unclear = say("unclear", "en")
    built = with_history("actually make it 3:30 to 4:30", "grab 3-4 for a haircut", unclear, entities=listed, listed=["E2"])
    response = respond(built)
    assert not response.tool_calls and "Which event" in response.text, response
    # Right after the listing, "it" is the one event listed, and 3:30 to 4:30 is the afternoon.
    name, arguments = tool_of(respond(with_history("actually make it 3:30 to 4:30", "what is on wed", "Wed 9 Dec: 1 event.", entities=listed, listed=["E2"])))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("change_event", "15:30", 60)


YOGA = [{"ref": "E5", "title": "Yoga", "date": "2026-12-07", "start": "18:00", "via": "found"}]


@pytest.mark.parametrize(
    ("message", "language", "time"),
    [
        ("pls move yoga from 6 to 7:30", "en", "19:30"),
        ("move yoga from 6pm to 7pm", "en", "19:00"),
        ("把瑜伽从六点改到七点半", "zh", "19:30"),
    ],
)
def test_from_one_time_to_another_moves_the_event_and_keeps_its_length(message: str, language: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language, entities=YOGA)))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("change_event", time, None)

