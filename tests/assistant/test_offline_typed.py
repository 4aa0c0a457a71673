"""The stand-in on bookings as people type them: courtesy around the request, the request said after
the thing, a moment from now, a time that names what to delete, questions about meetings, and
someone's occasion said rather than asked for. Precision first: what it cannot name, it asks."""

from __future__ import annotations

import json

import pytest

from assistant.providers.offline.understand import respond
from assistant.reading.answers import is_acknowledgement, is_courtesy
from tests.assistant.offline_requests import request, tool_of

pytestmark = pytest.mark.django_db

CREATING_PHYSIO = {"command_id": "c-3", "kind": "create", "status": "needs_time", "known": {"title": "Physio appointment", "date": "W4"}, "missing": ["time"]}  # fmt: skip


@pytest.mark.parametrize(
    "message",
    ["that's all, thank you very much", "Brilliant, cheers!", "yep thats it", "好的，就这样，谢谢", "没有别的了 谢谢", "ok great thanks a lot"],
)
def test_courtesy_alone_asks_for_nothing(message: str) -> None:
    assert is_courtesy(message) and is_acknowledgement(message)
    assert not respond(request(message)).tool_calls, message


@pytest.mark.parametrize("message", ["ok add lunch friday", "thanks, cancel it", "好的 明天三点开会", "great, what's on today"])
def test_courtesy_with_a_request_is_not_courtesy(message: str) -> None:
    assert not is_courtesy(message)


@pytest.mark.parametrize(
    ("message", "title"),
    [
        ("Lovely, thanks. Could you add an event on friday at 4pm?", None),  # nothing named yet: the server asks
        ("ok great add an event friday at 9", None),
        ("好的，帮我周五下午三点加个活动", None),
        ("Perfect. Please put Piano recital on friday at 6pm", "Piano recital"),
        ("周五下午四点家长会 帮我记到日历里", "家长会"),
        ("周五晚上七点和老同学吃饭 安排一下", "和老同学吃饭"),
        ("新建日程：周五上午十点部门例会", "部门例会"),
        ("haircut on friday at 11am can you put it in please", "Haircut"),
        ("帮我周五上午十一点加个活动 地点在人民路3号", None),  # where it is held is not its name
    ],
)
def test_the_title_is_what_the_request_names(message: str, title: str | None) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["title"], arguments["date"]) == ("schedule_event", title, "W5"), message


@pytest.mark.parametrize("message", ["It'll be at 11 in the morning.", "it'd be at 11am", "that'll be 11am"])
def test_words_around_a_time_name_nothing(message: str) -> None:
    name, arguments = tool_of(respond(request(message, active=CREATING_PHYSIO)))
    assert (name, arguments["command_id"], arguments["time"], arguments["title"]) == ("schedule_event", "c-3", "11:00", None)


def test_part_of_the_open_title_continues_the_open_request() -> None:
    name, arguments = tool_of(respond(request("ok then put the physio at 11am", active=CREATING_PHYSIO)))
    assert (name, arguments["command_id"], arguments["time"]) == ("schedule_event", "c-3", "11:00")


@pytest.mark.parametrize(
    ("message", "date", "time"),
    [
        ("set up a call with the landlord in three hours", "D+0", "13:00"),
        ("book a tyre change in 45 minutes", "D+0", "10:45"),
        ("帮我安排一个半小时后和老王视频", "D+0", "11:30"),
    ],
)
def test_a_moment_from_now(message: str, date: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["date"], arguments["time"]) == ("schedule_event", date, time), message
    assert "in" not in (arguments["title"] or "").lower().split() and "后" not in (arguments["title"] or "")
    assert arguments["duration_minutes"] is None  # "in three hours" is when, not how long


def test_a_reminder_from_now_keeps_its_words() -> None:
    name, arguments = tool_of(respond(request("二十分钟后提醒我收快递")))
    assert (name, arguments["date"], arguments["time"], arguments["text"]) == ("set_reminder", "D+0", "10:20", "收快递")


@pytest.mark.parametrize(
    ("message", "time"),
    [("delete my four pm meeting", "16:00"), ("今天下午五点的会不开了 帮我删掉", "17:00"), ("cancel the 9am appointment", "09:00")],
)
def test_a_time_names_what_to_delete(message: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["event_time"], arguments["event_words"]) == ("delete_event", time, None), message


def test_with_nothing_in_focus_the_words_name_the_event_not_it() -> None:
    name, arguments = tool_of(respond(request("i dont need the pottery class anymore delete it")))
    assert name == "delete_event" and "ottery" in (arguments["event_words"] or "")


@pytest.mark.parametrize(
    "message", ["what meetings do i have on friday", "any events next week?", "下周一有几个会", "周五有几场会议"]
)
def test_questions_about_meetings_are_questions(message: str) -> None:
    name, _ = tool_of(respond(request(message)))
    assert name == "query_events", message


@pytest.mark.parametrize(
    ("message", "asked", "date"),
    [
        ("我女儿下周六生日", "帮我安排我女儿下周六生日", "W6+1"),
        ("my sister's birthday is next saturday", "add my sister's birthday next saturday", "W6+1"),
        ("老公周五过生日", "帮我记上老公周五过生日", "W5"),
    ],
)
def test_an_occasion_said_is_talk_until_asked(message: str, asked: str, date: str) -> None:
    assert not respond(request(message)).tool_calls, message
    name, arguments = tool_of(respond(request(asked)))
    assert (name, arguments["date"]) == ("schedule_event", date), asked


def test_a_moment_to_remember_is_an_event() -> None:
    name, arguments = tool_of(respond(request("帮我记一下周六下午两点去取西装")))
    assert (name, arguments["date"], arguments["time"], arguments["title"]) == ("schedule_event", "W6", "14:00", "取西装")


@pytest.mark.parametrize(
    ("message", "date"),
    [("dentist on wednesday the ninth at 5pm", "12-09"), ("piano for the fourth at two pm", "01-04"), ("新建一个日程 周日上午十点复查", "W7")],
)
def test_days_as_typed(message: str, date: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["date"]) == ("schedule_event", date), message


@pytest.mark.parametrize("message", ["note 8pm", "note that tomorrow at 5pm"])
def test_a_moment_with_nothing_to_keep_asks_what_to_note(message: str) -> None:
    response = respond(request(message))
    assert not response.tool_calls, message
    assert "note" in response.text, response.text


# 记一下 is a note of a thing to do as often as of a fact: with a moment and no name, what is asked is its name.
@pytest.mark.parametrize("message", ["记一下 晚上八点", "帮我记一下明天"])
def test_jiyixia_a_moment_asks_what_it_is(message: str) -> None:
    response = respond(request(message, language="zh"))
    if response.tool_calls:
        assert tool_of(response)[0] == "schedule_event" and tool_of(response)[1]["title"] is None
    else:
        assert "要安排什么" in response.text or "记什么" in response.text, response.text


@pytest.mark.parametrize(
    ("message", "tool"),
    [("帮我记一下 去银行办事", "schedule_event"), ("帮我记一下 我的车位是B12", "remember_fact"), ("帮我记下 老王喜欢喝茶", "remember_fact")],
)
def test_jiyixia_a_thing_to_do_is_a_booking_a_fact_is_kept(message: str, tool: str) -> None:
    assert tool_of(respond(request(message, language="zh")))[0] == tool


@pytest.mark.parametrize("message", ["at 21 park lane", "it's at 21 Park Lane", "21 park lane", "地点在中山路12号"])
def test_an_address_in_an_open_request_is_a_place_not_a_time(message: str) -> None:
    response = respond(request(message, active=CREATING_PHYSIO))
    assert not response.tool_calls, message  # never 21:00, never a new name


def test_an_address_beside_the_time_stays_in_the_name_and_is_no_time() -> None:
    name, arguments = tool_of(respond(request("dinner with ana friday at 7pm at 21 park lane")))
    assert (name, arguments["date"], arguments["time"]) == ("schedule_event", "W5", "19:00")
    assert arguments["title"] == "Dinner with ana at 21 park lane"  # the product keeps no place: the name does


@pytest.mark.parametrize(
    ("message", "start", "end"),
    [
        ("what do i have in december", "2026-12-01", "2026-12-31"),
        ("whats on in jan", "2027-01-01", "2027-01-31"),
        ("十二月还有什么安排", "2026-12-01", "2026-12-31"),
        ("一月份有什么安排", "2027-01-01", "2027-01-31"),
    ],
)
def test_a_month_by_name_is_asked_about_whole(message: str, start: str, end: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["start"], arguments["end"]) == ("query_events", start, end), message


@pytest.mark.parametrize("message", ["book dentist in january at 3pm", "一月份下午三点看牙医"])
def test_a_month_by_name_is_no_day_to_book(message: str) -> None:
    for call in respond(request(message)).tool_calls:  # asked, or a request with no day yet: never a day of it
        assert call.name != "schedule_event" or json.loads(call.arguments)["date"] is None, call


@pytest.mark.parametrize("message", ["hmm what about tuesday", "hmm tuesday then", "oh and tuesday?"])
def test_a_day_after_a_look_asks_about_that_day_and_moves_nothing(message: str) -> None:
    shown = [{"ref": "E4", "title": "Workshop", "date": "2026-12-07", "start": "13:00", "via": "found"}]
    looked = {"kind": "query", "status": "done"}
    response = respond(request(message, entities=shown, listed=["E4"], goal=looked))
    assert [call.name for call in response.tool_calls] in ([], ["query_events"]), (message, response)


def test_a_correction_after_a_booking_still_moves_it() -> None:
    made = [{"ref": "E3", "title": "Dentist", "date": "2026-12-11", "start": "15:00", "via": "created"}]
    goal = {"kind": "create", "status": "done", "event_id": 3}
    name, arguments = tool_of(respond(request("hmm saturday", entities=made, goal=goal)))
    assert (name, arguments["date"]) == ("change_event", "W6")


@pytest.mark.parametrize("message", ["算了不开了 删掉吧", "算了 删掉吧"])
def test_never_mind_names_nothing_to_delete(message: str) -> None:
    made = [{"ref": "E3", "title": "组会", "date": "2026-12-08", "start": "14:00", "via": "created"}]
    name, arguments = tool_of(respond(request(message, language="zh", entities=made)))
    assert (name, arguments["event_words"]) == ("delete_event", None), message


def test_a_long_story_that_asks_to_check_a_day_is_a_question() -> None:
    message = "so my sister wants to do her birthday thing and she said maybe saturday but i might have the plumber coming, can you check saturday for me"
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["start"]) == ("query_events", "W6")


def test_a_whole_sentence_left_over_is_no_name() -> None:
    # Said as possible ("i might"), and no request in it: talk, never a booking, nor one opened to be named.
    message = "so my sister wants to do her birthday thing and she said maybe saturday but i think i might have the plumber coming"
    response = respond(request(message))
    assert response.tool_calls == [] and "add it to my calendar" in response.text


@pytest.mark.parametrize(
    ("message", "words", "start"),
    [
        ("when does the hockey game start on friday", "Hockey game", "W5"),
        ("what time does the dinner party start tonight", "Dinner party", "D+0"),
        ("when will the match start", "Match", "D+0"),
    ],
)
def test_when_does_an_event_start_asks_about_that_event(message: str, words: str, start: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["event_words"], arguments["start"]) == ("query_events", words, start), message


@pytest.mark.parametrize(
    "message", ["latest events", "tell me about my events", "up coming events", "my work schedule", "最近的安排", "看看我的日程", "我的行程"]
)
def test_asking_for_the_list_shows_the_coming_days(message: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["start"], arguments["end"]) == ("query_events", "D+0", "D+13"), message


@pytest.mark.parametrize("message", ["帮我安排", "安排一下"])
def test_arranging_is_not_listing(message: str) -> None:
    assert [call.name for call in respond(request(message)).tool_calls] != ["query_events"], message


@pytest.mark.parametrize(
    ("message", "text", "time"),
    [
        ("set a notification for sixth march that there is a society meeting at eleven am", "there is a society meeting", "11:00"),
        ("new notification for meeting in two hours", "meeting", "12:00"),
        ("alert me at 5pm to call mum", "call mum", "17:00"),
        ("i need a reminder to call mum at 6pm", "call mum", "18:00"),
    ],
)
def test_notifications_and_alerts_are_reminders_never_events(message: str, text: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["text"], arguments["time"]) == ("set_reminder", text, time), message


@pytest.mark.parametrize(
    ("message", "title"),
    [
        ("add to calendar may two is mary's birthday repeat every year", "Mary's birthday"),
        ("in the calendar put that we are having dinner with frank at eight pm on the ninth of august", "Dinner with frank"),
    ],
)
def test_a_name_said_in_a_sentence_loses_the_sentence(message: str, title: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["title"]) == ("schedule_event", title), message


SERIES = [{"ref": "E5", "title": "Standup", "date": "2026-12-07", "start": "09:30", "via": "found", "repeats": "every Monday"}]


@pytest.mark.parametrize(
    ("message", "scope"),
    [
        ("cancel my weekly standup", "all"),
        ("取消每周一的站会", "all"),
        ("no more standups cancel them all", "all"),
        ("cancel the standup on monday", "this"),
        ("以后不用开站会了 帮我删掉", "following"),
    ],
)
def test_a_delete_says_which_occurrences_in_its_own_words(message: str, scope: str) -> None:
    name, arguments = tool_of(respond(request(message, entities=SERIES)))
    assert (name, arguments["scope"]) == ("delete_event", scope), message


@pytest.mark.parametrize("message", ["when is badminton", "what time is yoga again", "um events for next week pls", "list todays schedule"])
def test_plain_questions_are_questions(message: str) -> None:
    name, _ = tool_of(respond(request(message)))
    assert name == "query_events", message


@pytest.mark.parametrize("message", ["ugh the plumber said hed come by around ten tmrw", "the dentist said hed see me thursday at 10"])
def test_what_someone_said_writes_nothing(message: str) -> None:
    assert not respond(request(message)).tool_calls, message


def test_book_club_is_a_name() -> None:
    name, arguments = tool_of(respond(request("every thursday evening at 8 book club")))
    assert (name, arguments["title"]) == ("schedule_event", "Book club")


@pytest.mark.parametrize(("message", "language"), [("what time is it", "en"), ("现在几点了", "zh")])
def test_the_time_now_is_read_off_the_clock(message: str, language: str) -> None:
    response = respond(request(message, language=language))
    assert not response.tool_calls and "10:00" in response.text, response.text


def test_assent_after_a_booking_is_not_told_nothing_waits() -> None:
    made = [{"ref": "E3", "title": "Dentist", "date": "2026-12-11", "start": "15:00", "via": "created"}]
    response = respond(request("yes that's right", entities=made, goal={"kind": "create", "status": "done", "event_id": 3}))
    assert not response.tool_calls and "nothing" not in response.text.lower(), response.text


@pytest.mark.parametrize(
    ("message", "language", "scope"),
    [("站会改到下午三点 以后都这样", "zh", "following"), ("move the standup to 3pm from now on", "en", "following")],
)
def test_which_occurrences_said_with_a_change_is_no_part_of_its_time(message: str, language: str, scope: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language, entities=SERIES)))
    assert (name, arguments["time"], arguments["scope"]) == ("change_event", "15:00", scope), message


@pytest.mark.parametrize(
    ("message", "time", "minutes"),
    [("put study group thursday at six pm till eight pm", "18:00", 120), ("gym thursday from seven to eight thirty pm", "19:00", 90)],
)
def test_a_spelled_clock_range_is_its_start_and_length(message: str, time: str | None, minutes: int | None) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["time"], arguments["duration_minutes"]) == ("schedule_event", time, minutes), message


@pytest.mark.parametrize(
    "message",
    ["remind me in january at 9pm to renew my passport", "1月份晚上9点提醒我续签护照", "周六晚上8点五月天演唱会", "book my haircut in february at 11am"],
)
def test_a_month_by_name_never_lands_on_today(message: str) -> None:
    for call in respond(request(message)).tool_calls:
        arguments = json.loads(call.arguments)
        assert arguments.get("date") in (None, "W6"), (message, call)  # asked; 五月天 is a band on Saturday


@pytest.mark.parametrize(
    "message",
    ["dental check tomorrow at 3pm", "pls schedule tomorrow 10am team sync", "hey, meeting on friday at 2pm with the design team", "alerts review meeting friday at 10am"],
)
def test_a_booking_that_starts_like_a_look_is_still_a_booking(message: str) -> None:
    name, _ = tool_of(respond(request(message)))
    assert name == "schedule_event", message


@pytest.mark.parametrize("message", ["make it 7pm even if thats late", "can you find another time, even if its later", "no dont book it anyway"])
def test_only_insisting_books_over_the_clash(message: str) -> None:
    clash = {"command_id": "c-9", "kind": "create", "status": "conflict", "known": {"title": "Gym", "date": "D+1", "time": "18:00"}, "missing": []}  # fmt: skip
    for call in respond(request(message, active=clash)).tool_calls:
        assert not json.loads(call.arguments).get("allow_overlap"), (message, call)


@pytest.mark.parametrize(
    "message",
    [
        "cancel the monthly review in january",
        "cancel the weekly standup over the holidays",
        "cancel weekly standup but keep next monday's",
        "cancel standup starting next week",
        "cancel my every monday standup on the 14th",
        "每周一的站会下周一取消",
        "cancel standup next monday and the week after",
    ],
)
def test_some_of_a_series_is_asked_never_guessed(message: str) -> None:
    name, arguments = tool_of(respond(request(message, entities=SERIES)))
    assert (name, arguments.get("scope")) == ("delete_event", None), message


@pytest.mark.parametrize("message", ["yes book it anyway, it's not a problem", "照样安排，不用改时间"])
def test_insisting_with_more_words_still_insists(message: str) -> None:
    clash = {"command_id": "c-9", "kind": "create", "status": "conflict", "known": {"title": "Gym", "date": "D+1", "time": "18:00"}, "missing": []}  # fmt: skip
    name, arguments = tool_of(respond(request(message, active=clash)))
    assert (name, arguments["allow_overlap"]) == ("schedule_event", True), message
