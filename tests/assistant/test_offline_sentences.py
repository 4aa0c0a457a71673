"""A sentence is not a name (issue 22): what is left for a title must be the name of an appointment.

The stand-in books without a request word only what reads as a name and a moment ("lunch w sam
tmrw 1pm"). Words a name never holds — a subject, a modal or an auxiliary, a negation, a hedge, a
question particle, the perfective 了, hearsay, a colon before someone's words, a reminder's word —
make the message a sentence about something: offered or not understood, never written. These are
closed classes, so one table (``vocabulary.CLAUSE``) holds them all, for every phrasing.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from assistant.providers.offline.understand import respond
from assistant.reading import extract_when, vocabulary
from assistant.reading.durations import find_lengths
from assistant.reading.quoted import own_words, quotes
from tests.assistant.offline_requests import assert_honest, request, tool_of, with_history

WRITES = {"schedule_event", "set_reminder", "change_event", "remember_fact"}

# Monday 2026-12-07 10:00. Each has a day or a time, and none asks for anything to be written.
SENTENCES: list[tuple[str, str]] = [
    ("i dont think ill make the gym thursday at 6", "en"),
    ("we might do drinks friday around 8 not sure", "en"),
    ("could be a late one tmrw at the office till 9", "en"),
    ("did the plumber say wednesday at 10", "en"),
    ("they're doing the fire alarm test tmrw at 11", "en"),
    ("probably a team lunch friday at 12 if budget allows", "en"),
    ("pasted from slack: retro moved to thu 3pm", "en"),
    ("wasn't the offsite on the 18th at 9", "en"),
    ("haven't booked the vet for saturday 10am yet", "en"),
    ("she's picking me up sunday at noon", "en"),
    ("周三晚上我们可能去唱歌", "zh"),
    ("昨天早上八点开了个会", "zh"),
    ("周五下午三点的会你能帮我看看冲不冲突吗", "zh"),
    ("下周一我不去健身房了", "zh"),
    ("听说周六上午九点停电", "zh"),
    ("他们明天下午两点到", "zh"),
    ("我们周四晚上聚餐", "zh"),
    ("明天下午要是有空就去理发", "zh"),
    # Hearsay, text-speak and notices: someone else's words with a moment in them.
    ("library shuts early fri at 4 my teacher said", "en"),
    ("parcel arrives tmrw between 9 and 11 says the tracking page", "en"),
    ("jo n sam r flying out sun at 7", "en"),
    ("学校通知 周五下午三点家长会 请准时参加", "zh"),
    ("停电通知 明天上午九点到十一点 三号楼", "zh"),
    # A question without its mark, and another app's work.
    ("how busy is the gym usually tmrw at 7pm", "en"),
    ("whats on at the cinema sat at 8pm", "en"),
    ("use resy to grab us a table for 6 sat 7pm", "en"),
    ("use the uber app to get me to the airport at 6am tomorrow", "en"),
    ("lakers vs celtics sat 8:30pm", "en"),
    ("周六晚上八点半湖人对阵凯尔特人", "zh"),
    ("grab me a didi to the airport fri 6am", "en"),
    ("mum's bus gets in at 5:40 tmrw", "en"),
    ("新剧周五晚上十点在腾讯视频上线", "zh"),
    ("帮我抢一张周日下午两点去南京的高铁票", "zh"),
    # When something is, said of it: offered, like "the office party is on the 18th at 7pm".
    ("公司年会在1月15号晚上六点", "zh"),
    ("下周三的体检在上午九点", "zh"),
    ("the bins get collected every tuesday at 7 in the morning round here", "en"),  # no series for the world's habits
    ("今晚十一点小熊座流星雨极大", "zh"),
    ("add milk and eggs to my shopping list", "en"),  # another app's list
    ("add call the plumber to my to do list", "en"),
]


@pytest.mark.parametrize(("message", "language"), SENTENCES, ids=[case[0] for case in SENTENCES])
def test_a_sentence_with_a_moment_is_never_written(message: str, language: str) -> None:
    response = respond(request(message, language=language))
    assert not {call.name for call in response.tool_calls} & WRITES, response.tool_calls
    if response.text:
        assert_honest(response.text)


# A name and a moment, with or without a request word: booked as before.
NAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("lunch w sam tmrw 1pm", "en", {"title": "Lunch w sam", "date": "D+1", "time": "13:00"}),
    ("1:1 with Sam on Wednesday at 10am", "en", {"title": "1:1 with Sam", "date": "W3", "time": "10:00"}),
    ("could we schedule a call on friday at 2pm", "en", {"title": "Call", "date": "W5", "time": "14:00"}),
    ("put something in for me tomorrow, can u", "en", {"title": None, "date": "D+1"}),
    ("can you add dentist thursday 4pm", "en", {"title": "Dentist", "date": "W4", "time": "16:00"}),
    ("周五下午两点 体检", "zh", {"title": "体检", "date": "W5", "time": "14:00"}),
    ("明天下午三点和王总开会", "zh", {"title": "和王总开会", "date": "D+1", "time": "15:00"}),
    ("帮我安排一下下周五下午三点 季度总结会", "zh", {"title": "季度总结会", "date": "W5+1", "time": "15:00"}),
    ("周六上午十点约了理发，帮我加上", "zh", {"date": "W6", "time": "10:00"}),  # 约了: arranged, still ahead
    # Wake words, request parts set apart by spaces, pinyin for a request word: none of it is the name.
    ("嘿Siri 周五晚上六点看电影 加到日程", "zh", {"title": "看电影", "date": "W5", "time": "18:00"}),
    ("小爱同学明天早上九点开会", "zh", {"title": "开会", "date": "D+1", "time": "09:00"}),
    ("hey siri add dentist friday 3pm", "en", {"title": "Dentist", "date": "W5", "time": "15:00"}),
    ("帮我加个richeng 周日下午三点 牙医", "zh", {"title": "牙医", "date": "W7", "time": "15:00"}),
    ("帮我把这个放进日历 周五下午三点 述职答辩 两个小时", "zh", {"title": "述职答辩", "date": "W5", "duration_minutes": 120}),
    ("1月4号早上9点 开工会议 帮我记一下", "zh", {"title": "开工会议", "time": "09:00"}),  # 开工 is the name's
    ("block out time for a workshop on tuesday at 9am", "en", {"title": "Workshop", "date": "W2", "time": "09:00"}),
    ("hey can u slot in a call with the bank tmrw at 11am", "en", {"title": "Call with the bank", "date": "D+1"}),
    ("mark down team lunch dec 17 at 12:30", "en", {"title": "Team lunch", "time": "12:30"}),
    ("book a massage sometime next week", "en", {"title": "Massage"}),
    ("再帮我加个周二上午九点半做头发", "zh", {"title": "做头发", "date": "W2", "time": "09:30"}),
    ("一月四号早上八点半 新年第一次例会 半小时，帮我建上", "zh", {"title": "新年第一次例会", "time": "08:30"}),
    ("帮我设置每周二四晚上八点游泳，一小时", "zh", {"title": "游泳", "time": "20:00", "duration_minutes": 60}),
    ("ok i need an hour-long call with the landlord tomorrow at 2pm", "en", {"title": "Call with the landlord", "duration_minutes": 60}),
    ("bins go out every tuesday night at 8pm put it in the calendar", "en", {"title": "Bins go out", "time": "20:00"}),
    # Verbs of fitting something in, filler, "calendar it", a diary: none of it is the name.
    ("gotta schedule a call with the bank friday morning at 10", "en", {"title": "Call with the bank", "time": "10:00"}),
    ("throw in a dentist appointment next tuesday 4:30pm", "en", {"title": "Dentist appointment", "time": "16:30"}),
    ("get me down for spin class tomorrow at 6:30 am", "en", {"title": "Spin class", "date": "D+1"}),
    ("set up a recurring 1 on 1 with priya every other thursday at 3pm", "en", {"title": "1 on 1 with priya"}),
    ("calendar it flu shot at the pharmacy saturday 10am", "en", {"title": "Flu shot at the pharmacy", "date": "W6"}),
    ("add to diary mums birthday dinner on the 23rd at 7pm", "en", {"title": "Mums birthday dinner", "time": "19:00"}),
    ("umm add uh doctors appointment at 9 40 this morning", "en", {"title": "Doctors appointment", "time": "09:40"}),
    ("check in with mom friday 5pm", "en", {"title": "Check in with mom", "time": "17:00"}),  # a name, not "put in"
    ("周四下午两点开一场两个小时的项目启动会，帮我安排", "zh", {"title": "项目启动会", "duration_minutes": 120}),
    ("明天早上九点到十一点 培训，记得帮我加上", "zh", {"title": "培训", "time": "09:00"}),
    ("每个工作日上午九点半开十五分钟站会，建个日程", "zh", {"title": "站会", "duration_minutes": 15}),
    ("我想预约一次洗牙 下周一下午两点", "zh", {"title": "洗牙", "time": "14:00"}),
    ("三点到五点开会 明天", "zh", {"date": "D+1", "time": "15:00", "duration_minutes": 120}),  # never 03:00
    ("明早八点三刻有个客户电话会议，建个日程吧", "zh", {"title": "客户电话会议", "time": "08:45"}),
    ("每周五下午四点到五点 一对一沟通 设成每周重复", "zh", {"title": "一对一沟通", "time": "16:00"}),
    ("每天早上七点 背单词 放进日程", "zh", {"title": "背单词", "time": "07:00"}),
    ("id appreciate it if you could add a skype call with grandma on sunday at 5 pm", "en", {"title": "Skype call with grandma"}),
    ("put grandpas 80th birthday party in the calendar jan 9 at 1 pm", "en", {"date": "01-09", "time": "13:00"}),  # "80th" is no day
    ("do the needful and block 2 hrs for quarterly review on monday 3pm", "en", {"title": "Quarterly review"}),
    ("set a meeting for tmrw 9am with HR", "en", {"title": "Meeting with HR", "date": "D+1"}),
    ("ok let's try. lunch with Grace on thursday 12:15", "en", {"title": "Lunch with Grace", "time": "12:15"}),
    ("fortnightly catch up with my mentor on wednesdays at 1pm", "en", {"title": "Catch up with my mentor"}),
    ("帮我在下周四下午两点加个客户拜访，大概俩小时", "zh", {"title": "客户拜访", "duration_minutes": 120}),
    ("帮我安牌明天上午十点 洗牙", "zh", {"title": "洗牙", "time": "10:00"}),
    ("请在本周五下午16:00添加日程：供应商电话会议，时长30分钟", "zh", {"title": "供应商电话会议", "duration_minutes": 30}),
    ("安排一个会：下周二上午9点半 项目评审，一个半小时", "zh", {"title": "项目评审", "duration_minutes": 90}),
    ("那帮我记上明天晚上六点半家庭聚餐", "zh", {"title": "家庭聚餐", "time": "18:30"}),
    ("chuck footy training in for thursday arvo at 4", "en", {"title": "Footy training", "date": "W4", "time": "16:00"}),
    ("put it in my calendar dentist friday 3pm", "en", {"title": "Dentist", "date": "W5"}),
    ("帮我约周一早上九点的理发", "zh", {"title": "理发", "time": "09:00"}),
    ("帮我天加明天上午十点的周会", "zh", {"title": "周会", "date": "D+1"}),
    ("以后每个礼拜六下午两点的钢琴课帮我排上", "zh", {"title": "钢琴课", "time": "14:00"}),
    ("你好小度，帮我记一下周六上午十点带孩子打疫苗", "zh", {"title": "带孩子打疫苗", "date": "W6"}),
]


@pytest.mark.parametrize(("message", "language", "expected"), NAMES, ids=[case[0] for case in NAMES])
def test_a_name_and_a_moment_is_still_booked(message: str, language: str, expected: dict[str, Any]) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == "schedule_event"
    assert {key: arguments.get(key) for key in expected} == expected


def test_when_it_is_said_then_asked_for_is_booked_under_its_name() -> None:
    said = "公司年会在1月15号晚上六点"
    offered = respond(request(said, language="zh"))
    assert offered.tool_calls == [] and offered.text
    name, arguments = tool_of(respond(with_history("帮我加到日历里", said, offered.text, language="zh")))
    assert (name, arguments["title"], arguments["time"]) == ("schedule_event", "公司年会", "18:00")


def test_a_sentence_offered_is_booked_once_asked() -> None:
    offered = respond(request("we should grab coffee friday at 10", language="en"))
    assert offered.tool_calls == [] and "add it to my calendar" in offered.text
    added = respond(with_history("add it to my calendar", "we should grab coffee friday at 10", offered.text))
    name, arguments = tool_of(added)
    assert (name, arguments["date"], arguments["time"]) == ("schedule_event", "W5", "10:00")


@pytest.mark.parametrize(
    "title",
    ["I dont want to book anything", "Can i fit a haircut", "Would work for a call w sam", "Copying from slack: party",
     "跑了五公里", "能约人吃饭吗", "我们部门聚餐", "听说挺好看", "设个提醒 给客户回邮件", "不去了"],
)  # fmt: skip
def test_what_a_name_never_holds(title: str) -> None:
    assert title in vocabulary.CLAUSE


@pytest.mark.parametrize(
    "title",
    ["Lunch with Will", "1:1 with Sam", "Dentist appointment", "Can you add it", "和王总开会", "约了理发", "给妈妈过生日",
     "我妈生日", "Team dinner at Marco's", "季度总结会", "Stand-up"],
)  # fmt: skip
def test_names_hold_none_of_it(title: str) -> None:
    assert title not in vocabulary.CLAUSE


def test_a_quoted_chinese_instruction_is_someones_words() -> None:
    # Ten characters of Chinese are a sentence; its day and time are not the person's to write.
    message = '老板刚发的 "周五的会挪到下午四点"'
    assert "四点" not in own_words(message) and quotes(message) == ['"周五的会挪到下午四点"']
    assert quotes("add “看牙” on friday") == []  # a short name stays the person's


def test_yixia_then_next_week() -> None:
    today = datetime.date(2026, 12, 7)
    found = extract_when("帮我安排一下下周五下午三点", today=today)
    assert found is not None and (found.date, found.time) == ("W5+1", "15:00")
    found = extract_when("安排一下周五下午三点", today=today)
    assert found is not None and found.date == "W5"


@pytest.mark.parametrize(("text", "minutes"), [("过二十分钟提醒我喝水", 20), ("再过半小时提醒我关火", 30)])
def test_guo_is_from_now(text: str, minutes: int) -> None:
    assert [(length.minutes, length.kind) for length in find_lengths(text)] == [(minutes, "offset")]


def test_stop_a_series_is_a_cancel_never_a_new_one() -> None:
    name, arguments = tool_of(respond(request("stop my daily standup at 9:30 starting next week")))
    assert (name, arguments["event_words"]) == ("delete_event", "Standup")
    name, _ = tool_of(respond(request("stop by the bank tomorrow at 3pm")))
    assert name == "schedule_event"


def test_filler_before_a_question_by_name() -> None:
    name, arguments = tool_of(respond(request("uh when is yoga")))
    assert (name, arguments["event_words"]) == ("query_events", "Yoga")


def test_the_same_day_is_the_day_of_the_booking_before() -> None:
    said = with_history("then a dentist appointment at 2pm the same day", "book a haircut tomorrow at 10am", "Added.")
    name, arguments = tool_of(respond(said))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", "Dentist appointment", "D+1", "14:00")


def test_courtesy_before_add_it() -> None:
    offered = respond(request("new season of severance drops friday at 9pm"))
    added = respond(with_history("oh nice add it to my calendar", "new season of severance drops friday at 9pm", offered.text))
    name, arguments = tool_of(added)
    assert (name, arguments["date"], arguments["time"]) == ("schedule_event", "W5", "21:00")


# The words that asked are not the name: a request clause apart, a date word the reader left, a particle.
@pytest.mark.parametrize(
    ("message", "tool", "field", "value"),
    [("帮我加个日程，十二月二十号下午三点半 季度复盘", "schedule_event", "title", "季度复盘"),
     ("二十二号晚上六点家长会，帮我加进去吧", "schedule_event", "title", "家长会"),
     ("月底31号下午三点帮我约个年终总结会", "schedule_event", "title", "年终总结会"),
     ("提醒我下午三点给老妈打电话", "set_reminder", "text", "给老妈打电话"),
     ("麻烦二十分钟后提醒我取快递", "set_reminder", "text", "取快递"),
     ("后天中午十二点提醒我订机票吧", "set_reminder", "text", "订机票"),
     ("周五晚上去酒吧提醒我", "set_reminder", "text", "去酒吧")],
)  # fmt: skip
def test_the_asking_words_are_not_the_name(message: str, tool: str, field: str, value: str) -> None:
    name, arguments = tool_of(respond(request(message, language="zh")))
    assert (name, arguments[field]) == (tool, value)


def test_the_time_a_change_names_is_the_events_start() -> None:
    # "把明天下午两点的会改到四点": the meeting at two, not whichever meeting is tomorrow.
    name, arguments = tool_of(respond(request("把明天下午两点的会改到四点", language="zh")))
    assert (name, arguments["event_date"], arguments["event_time"], arguments["time"]) == ("change_event", "D+1", "14:00", "16:00")


@pytest.mark.parametrize("message", ["check dec 18 3pm for me", "can you check the 21st for me", "pls look at jan 5"])
def test_check_a_day_is_a_look_at_it(message: str) -> None:
    assert tool_of(respond(request(message)))[0] == "query_events"


@pytest.mark.parametrize("message", ["it's going to last 3 hours", "itll take about 2 hours", "大概三个小时吧"])
def test_a_length_after_a_booking_is_its_new_length(message: str) -> None:
    made = [{"ref": "E3", "title": "Workshop", "date": "2026-12-16", "start": "14:00", "via": "created"}]
    language = "zh" if message.startswith("大概") else "en"
    response = respond(request(message, language=language, goal={"kind": "create", "status": "done"}, entities=made))
    name, arguments = tool_of(response)
    assert (name, arguments["duration_minutes"]) == ("change_event", 180 if "3" in message or "三" in message else 120)


def test_yue_yixia_with_a_space_before_the_name() -> None:
    name, arguments = tool_of(respond(request("约一下周六下午三点和小王喝咖啡", language="zh")))
    assert (name, arguments["title"], arguments["date"], arguments["time"]) == ("schedule_event", "和小王喝咖啡", "W6", "15:00")


# Who does it is no bar once the write is asked for in so many words; the name is the thing.
@pytest.mark.parametrize(
    ("message", "title"),
    [("I have a job interview on Wednesday the 16th at 3 pm, please put it in my calendar.", "Job interview"),
     ("Ah, I see. Then please book a grocery run on saturday at 11 in the morning.", "Grocery run"),
     ("we've got the school play on the 17th at 6pm, can you add it", "School play")],
)  # fmt: skip
def test_a_sentence_asked_to_be_written_is_written_under_its_name(message: str, title: str) -> None:
    name, arguments = tool_of(respond(request(message)))
    assert (name, arguments["title"]) == ("schedule_event", title)


def test_zai_is_no_event_name() -> None:
    made = [{"ref": "E3", "title": "家长会", "date": "2026-12-20", "start": "10:00", "via": "created"}]
    said = request("再提前半小时提醒我一下。", language="zh", entities=made, goal={"kind": "create", "status": "done"})
    name, arguments = tool_of(respond(said))
    assert (name, arguments["event_words"], arguments["minutes_before"]) == ("set_reminder", None, 30)


@pytest.mark.parametrize(("message", "language"), [("Thanks, that helps a lot.", "en"), ("thanks for all the help!", "en"), ("谢啦", "zh")])
def test_thanks_in_other_words_is_thanks(message: str, language: str) -> None:
    response = respond(request(message, language=language))
    assert response.tool_calls == [] and "didn't quite get" not in response.text and "没太明白" not in response.text


@pytest.mark.parametrize(
    ("message", "title"), [("帮我在日历上添加周三上午十点和设计团队开会", "和设计团队开会"), ("在日历上安排后天上午九点半的钢琴课", "钢琴课")]
)
def test_on_the_calendar_is_not_the_name(message: str, title: str) -> None:
    assert tool_of(respond(request(message, language="zh")))[1]["title"] == title


def test_a_reason_before_a_change_names_no_event() -> None:
    made = [{"ref": "E3", "title": "Call with Dana", "date": "2026-12-08", "start": "11:00", "via": "created"}]
    said = request("oh she's in London, that's way too early for her. move it to 4pm", entities=made,
                   goal={"kind": "create", "status": "done"})  # fmt: skip
    name, arguments = tool_of(respond(said))
    assert (name, arguments["event_words"], arguments["time"]) == ("change_event", None, "16:00")
