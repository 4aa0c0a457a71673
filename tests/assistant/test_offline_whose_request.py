"""Whose request a write is (issue 22): the person's own, said as decided, for the calendar.

A moment in a message is not enough for a write. Someone else's plan ("老婆周四晚上加班到九点"),
a side in a fixture ("arsenal play chelsea saturday 8pm"), a plan said as possible ("if it rains
saturday we might move the bbq to sunday"), another service's work (a table, a ride, a meal, an
e-mail) and a time in another zone are talk: answered, offered, never written. An open request
takes only what names it, and "don't add that" after a booking offers to delete what was made.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.providers.offline.understand import respond
from assistant.reading.quoted import own_words
from tests.assistant.offline_requests import assert_honest, request, tool_of

WRITES = {"schedule_event", "set_reminder", "change_event", "remember_fact", "delete_event"}


STANDUP = [{"ref": "E7", "title": "BBQ", "date": "2026-12-12", "start": "12:00", "via": "found"}]

# Monday 2026-12-07 10:00. Each names a moment; none is the person's decided request for the calendar.


NOT_THEIRS: list[tuple[str, str]] = [
    ("老婆周四晚上加班到九点", "zh"),
    ("我妈说她15号上午十点去医院复查 😟", "zh"),
    ("健身app显示周三晚上七点的瑜伽课已经满了", "zh"),
    ("小时候每周三下午四点上钢琴课 哈哈哈", "zh"),
    ("国足周二晚上八点打日本", "zh"),
    ("曼联对利物浦 周日晚上十点", "zh"),
    ("arsenal play chelsea saturday 8pm", "en"),
    ("lakers warriors sunday 9am our time", "en"),
    ("my wife works late thurs till 9", "en"),
    ("if it rains saturday we might move the bbq to sunday, we'll see", "en"),
    ("maybe push the bbq to sunday", "en"),
    ("如果下周一下雨 可能把烧烤改到周日", "zh"),
    # Another service's work, with its moment.
    ("book a table for 4 at the thai place fri 7pm", "en"),
    ("reserve a table for 2 at nopa sat 8", "en"),
    ("order us a pizza tonight at 7", "en"),
    ("send the team an email saying standup is at 9:45 tomorrow", "en"),
    ("订一桌 周五晚上六点半 海底捞 四个人", "zh"),
    ("周六晚上七点海底捞订个四人桌", "zh"),
    ("周三早上五点帮我叫个车去浦东机场", "zh"),
    ("今晚七点帮我点个披萨", "zh"),
    ("帮我给团队发个邮件 说明天站会改成九点四十五", "zh"),
    ("can u email my landlord that the plumber comes wed at 10", "en"),
    ("tell jack the bbq is at 4 on saturday", "en"),
    ("跟老李说一下 烧烤改到四点了", "zh"),
    # Someone else's words, a rerun, a memory asked about.
    ("牙医诊所前台说明天上午十点给我回电话 说改期的事", "zh"),
    ("the clinic said they'd move the bbq to friday at 2", "en"),
    ("world cup final rerun on espn sat 2pm", "en"),
    ("周六下午两点重播世界杯决赛", "zh"),
    ("remember that 6am flight last december? never again", "en"),
    # A plan taken back in its own clause; a checkup the person has, said and not asked for.
    ("本来想约周日下午四点理发的 算了吧", "zh"),
    ("我周四下午三点有个体检", "zh"),
    ("我们下周一上午十点有个面试", "zh"),
    # The world's, someone else's, a programme's air time, an alarm however typed.
    ("theres a meteor shower tonight around 11pm", "en"),
    ("sarah booked the vet for the 15th at 11", "en"),
    ("新闻联播每天晚上七点", "zh"),
    ("帮我设个nao钟 明早6点", "zh"),
    ("set个alarm 明早6点", "zh"),
    ("明天早上7点wake me up", "zh"),
    ("今晚八点的电视剧大结局", "zh"),
    ("the game's on at 8 tonight, cant wait", "en"),
    ("oh and my sister's birthday party is saturday at 7pm", "en"),
    ("周五下午三点我要去4S店保养车", "zh"),
    ("the bin men come every wednesday at 7am", "en"),
    ("湖南台那个综艺周六晚上十点播", "zh"),
    # A repeat said in another clause than the request: not this booking's rule.
    ("so my week is kind of insane, ive got stuff every day, but anyway can you put a call with the accountant on wednesday at 11am thanks", "en"),
    # Request words the title reader could not take off: no name to write under.
    ("明天下午三点 开会 帮我几下", "zh"),
    ("grab 2 tickets for the 8pm dune showing on friday", "en"),
    ("帮我订周六晚上七点海底捞四个人的位子", "zh"),
    ("election results get announced thursday around 9pm", "en"),
    ("iPhone发布会周三凌晨两点", "zh"),
    ("apple event tuesday 2am our time", "en"),
    ("grab me a table for 4 at nobu sat 8pm", "en"),
    ("帮我打个车 明早七点去机场", "zh"),
    ("下周一早上九点的航班 帮我值机", "zh"),
    ("帮我订周六晚上七点的海底捞 四个人", "zh"),
    ("家长会要是改到周六上午就好了", "zh"),
    ("boss is in singapore til thurs, back in the office fri 9am", "en"),
    ("went to the gym sat at 7am, first time in months 💪", "en"),
    ("metro line 2 shuts at 10pm saturday for works, ugh", "en"),
    # Someone else's routine, repeat word and all: never a series on the person's calendar.
    ("the neighbours start drilling at 8am every day 😩", "en"),
    ("our neighbour mows the lawn every sunday at 8 its so annoying", "en"),
    ("the bus comes at 7:10 every weekday morning", "en"),
    ("楼下每天早上八点装修", "zh"),
    ("宝宝每天下午一点午睡", "zh"),
    # Someone else's words or wish, whatever follows.
    ("the plumber told my landlord hed come tuesday at 10", "en"),
    ("my boss wants me to move the bbq to 3pm but i said no", "en"),
    # Whether it can be, asked: a question, not a request.
    # The world's times in the plural, a joke, errands done elsewhere.
    ("coldplay tickets go on sale thursday at 9am", "en"),
    ("polls close at 10pm on thursday", "en"),
    ("lol imagine a meeting at 3am on christmas day", "en"),
    ("check me in for my ba flight on thursday at 6am", "en"),
    ("register me at the new gp surgery on wednesday at 10am", "en"),
    ("周六晚上八点电视上有球赛", "zh"),
    ("帮我挂个明天上午九点的专家号", "zh"),
    ("my coworker's standup moved to 10am tomorrow", "en"),
    ("the election results come out on the 15th at 9pm", "en"),
    ("get pizza delivered at 7pm tonight", "en"),
    ("book me a flight to shenzhen on the 20th at 9am", "en"),
    ("同事小刘周五下午两点要去见客户", "zh"),
    ("隔壁老张周日上午十点搬家", "zh"),
    ("帮我寄个快递，明天上午十点上门取件", "zh"),
    ("transfer 200 dollars to Ravi tomorrow at noon", "en"),
    ("Ma's train from Chennai reaches at 5.45 am on 12th", "en"),
    ("dinner with tom friday 7pm jk", "en"),
    ("帮我点一份明天中午12点送到的麦当劳", "zh"),
    ("帮我安排明天下午三点去火星出差，哈哈逗你的", "zh"),
    ("add a dentist appt thursday at 2 - actually no, forget it", "en"),
    ("the Lakers play tonight at 8", "en"),
    ("schedule gym tomorrow at 7pm - wait no, scratch that", "en"),
    ("我老豆星期六下晝兩點返鄉下", "zh"),
    # Taken back in the same message.
    ("add drinks with ben friday 7pm... actually no dont", "en"),
    ("schedule a call with hr tomorrow at 4pm, wait never mind", "en"),
    # What someone else did, with a change word in it.
    ("我姐给猫约了15号上午十一点看兽医", "zh"),
    ("同事把她的牙医改到周五下午四点了", "zh"),
    ("my sister booked the vet for the cat on the 15th at 11", "en"),
    ("my boss moved the bbq to 10 tomorrow", "en"),
    # A length beside something that "should be" is no change of an event.
    ("my facebook update in every three hour should be available", "en"),
]


@pytest.mark.parametrize(("message", "language"), NOT_THEIRS)
def test_a_moment_in_someone_elses_plan_or_another_service_is_never_written(message: str, language: str) -> None:
    response = respond(request(message, language=language, entities=STANDUP))
    assert not {call.name for call in response.tool_calls} & WRITES, (message, response.tool_calls)
    assert_honest(response.text)


@pytest.mark.parametrize(
    ("message", "language", "title", "date", "time"),
    [
        ("add arsenal play chelsea saturday 8pm to my calendar", "en", "Arsenal play chelsea", "W6", "20:00"),
        ("周日晚上十点曼联对利物浦 帮我记上", "zh", "曼联对利物浦", "W7", "22:00"),
        ("周四下午三点体检 记上", "zh", "体检", "W4", "15:00"),
        ("明天下午四点牙医 加上吧", "zh", "牙医", "D+1", "16:00"),
        ("和老王周六下午三点打球", "zh", "和老王打球", "W6", "15:00"),
        ("play tennis with sam saturday 3pm", "en", "Play tennis with sam", "W6", "15:00"),
        ("put dentist on thurs at 4pm pls", "en", "Dentist", "W4", "16:00"),
        ("周五下午四点 剪头发 帮我排上", "zh", "剪头发", "W5", "16:00"),
        ("周六晚上7点和小美看电影 记到日程上", "zh", "和小美看电影", "W6", "19:00"),
        ("周五晚上七点和客户吃饭 帮我计一下", "zh", "和客户吃饭", "W5", "19:00"),
        ("vet appt fri 11am, pop it in pls", "en", "Vet appt", "W5", "11:00"),
        ("周二下午四点 和小张开个会 帮我", "zh", "和小张开会", "W2", "16:00"),
        ("Please create a new event on friday at 4pm: Parent teacher meeting.", "en", "Parent teacher meeting", "W5", "16:00"),
        ("先把明天中午十二点和老汤吃饭加上", "zh", "和老汤吃饭", "D+1", "12:00"),
        ("可以帮我加个周五下午三点的体检吗", "zh", "体检", "W5", "15:00"),
        ("1:1 with ana tomorrow at 3pm", "en", "1:1 with ana", "D+1", "15:00"),
        ("yoga every wednesday at 7pm", "en", "Yoga", None, "19:00"),
        ("明天上午九点去医院挂号", "zh", "医院挂号", "D+1", "09:00"),
        ("close the deal friday 3pm", "en", "Close the deal", "W5", "15:00"),
        # The request words are no part of the name.
        ("yo add football practice wed 5:30pm", "en", "Football practice", "W3", "17:30"),
        ("i need a doctors appt on the 21st at 10am can u add it", "en", "Doctors appt", "12-21", "10:00"),
        ("create an event called quarterly planning on 17 december at 10am", "en", "Quarterly planning", "12-17", "10:00"),
        ("明天下午两点 理发，加个日程吧", "zh", "理发", "D+1", "14:00"),
        ("帮我安拍明天上午11点开项目会", "zh", "项目会", "D+1", "11:00"),
        ("同事聚餐周五晚上七点", "zh", "同事聚餐", "W5", "19:00"),
        ("flight to tokyo friday 9am", "en", "Flight to tokyo", "W5", "09:00"),
        ("oh first, put lunch with tom tomorrow at 12pm", "en", "Lunch with tom", "D+1", "12:00"),
        ("no worries. just put dinner at nandos friday 7pm in my calendar then", "en", "Dinner at nandos", "W5", "19:00"),
        ("rebook the haircut for the 14th at 5pm", "en", "Haircut", "12-14", "17:00"),
        ("📅 pls add 'tax prep' on dec 21 at 10am", "en", "Tax prep", "12-21", "10:00"),
        ("周日晚上八点跟爸妈视频，帮我建个日程", "zh", "跟爸妈视频", "W7", "20:00"),
        ("平安夜晚上七点 家庭聚餐 订个日程", "zh", "家庭聚餐", "12-24", "19:00"),
        ("明儿下午四点约了王医生复诊，帮我记下来", "zh", "王医生复诊", "D+1", "16:00"),
        ("下周二下午3点 交季度报表 放日历里", "zh", "交季度报表", "W2+1", "15:00"),
        ("gym tomorrow 7am pls 💪", "en", "Gym", "D+1", "07:00"),
        ("jot down vet appt for max on friday at 4pm", "en", "Vet appt for max", "W5", "16:00"),
        ("ok put me down for a dentist appt thursday at 4pm then", "en", "Dentist appt", "W4", "16:00"),
        ("anyway book drinks with jon friday at 6pm", "en", "Drinks with jon", "W5", "18:00"),
        ("建个日程 周三下午三点 图书馆小组讨论", "zh", "图书馆小组讨论", "W3", "15:00"),
        ("聽日朝早八點帶仔仔去游水", "zh", "帶仔仔去游水", "D+1", "08:00"),
        ("那牙医就定周五下午两点", "zh", "牙医", "W5", "14:00"),
        ("那你帮我把周五下午三点的全员大会记上", "zh", "全员大会", "W5", "15:00"),
        ("set up a 45 minute catch up with Mei Ling on wednesday at 4.30pm can", "en", "Catch up with Mei Ling", "W3", "16:30"),
        ("Tax appointment with accountant Friday 11am, add to calendar thx", "en", "Tax appointment with accountant", "W5", "11:00"),
        ("Plz book hair appt 4 me on 19th dec 1pm", "en", "Hair appt", "12-19", "13:00"),
        ("Saturday 19th at noon - Ella's birthday lunch. add pls", "en", "Ella's birthday lunch", "12-19", "12:00"),
        ("oh before i forget, gym with jess tmrw 7am", "en", "Gym with jess", "D+1", "07:00"),
        ("禮拜六早上八點 帶小孩去打疫苗 幫我排進行事曆", "zh", "帶小孩去打疫苗", "W6", "08:00"),
        ("星期五朝早十點見客，幫我入落日曆", "zh", "見客", "W5", "10:00"),
        ("周五4pm code review 帮我加到calendar", "zh", "Code review", "W5", "16:00"),
        ("那周三下午两点帮我加个在家办公", "zh", "在家办公", "W3", "14:00"),
        ("mark tuesday 15th 8pm as date night", "en", "Date night", "12-15", "20:00"),
        ("小林啊，帮我记一下，礼拜四上午九点去医院复查", "zh", "医院复查", "W4", "09:00"),
        ("yeah actually add it, hiking saturday 8am", "en", "Hiking", "W6", "08:00"),
        ("明天上午十点理疗，帮我记下来哈", "zh", "理疗", "D+1", "10:00"),
        ("等下，先帮我加明天上午十点的电话会议", "zh", "电话会议", "D+1", "10:00"),
        # Northern day words: 今儿, 明儿个, 后儿个.
        ("后儿个下午两点半去银行办卡，记上", "zh", "银行办卡", "D+2", "14:30"),
        ("今儿晚上八点和我妈视频通话 帮我加到日历里", "zh", "和我妈视频通话", "D+0", "20:00"),
        # What the person has, asked for: "有" is no part of the name; a filler before it neither.
        ("我下周四晚上七点半有钢琴课 帮我记一下", "zh", "钢琴课", "W4+1", "19:30"),
        ("我下周三有个面试，下午两点，帮我记一下", "zh", "面试", "W3+1", "14:00"),
        ("嗯 后天下午两点半 体检", "zh", "体检", "D+2", "14:30"),
        ("周六上午十点有氧运动", "zh", "有氧运动", "W6", "10:00"),
        ("my vet appointment is thursday at 4pm please add it to my calendar", "en", "Vet appointment", "W4", "16:00"),
        # A part of the day said after a word is the name's: "parents evening", "coffee morning".
        ("parents evening thursday 5.30pm", "en", "Parents evening", "W4", "17:30"),
        ("add coffee morning at the school fri 10am", "en", "Coffee morning at the school", "W5", "10:00"),
        ("got an eye exam thursday at 2:15 can u put it in my calendar", "en", "Eye exam", "W4", "14:15"),
        ("k add coffee with jen thurs 10am", "en", "Coffee with jen", "W4", "10:00"),
        ("cna you shedule the dentist on wendesday at 10am", "en", "Dentist", "W3", "10:00"),
        ("um so i need to go to the pta meeting wednesday at 6:30 pm can you put that in", "en", "Pta meeting", "W3", "18:30"),
        ("帮我再日历上加个周五下午三点的牙医", "zh", "牙医", "W5", "15:00"),
        ("hi 明天中午十二点半 午餐会 帮忙加下", "zh", "午餐会", "D+1", "12:30"),
        ("明天 下午 三点 牙医", "zh", "牙医", "D+1", "15:00"),
        ("小助手 周三下午三点健身", "zh", "健身", "W3", "15:00"),
        ("hey um can you put uh a call with the bank on wednesday at like 2 pm", "en", "Call with the bank", "W3", "14:00"),
        ("i want make appointment with doctor on tuesday 10 o'clock morning please", "en", "Appointment with doctor", "W2", "10:00"),
        ("就是 后天上午十点 然后 体检 帮我记一下", "zh", "体检", "D+2", "10:00"),
        ("下周二下午三点 家长会 记得帮我加到日历", "zh", "家长会", "W2+1", "15:00"),
        ("说正经的 周六上午十点和小李喝咖啡 帮我记一下", "zh", "和小李喝咖啡", "W6", "10:00"),
        ("周四晚上八点 羽毛球 帮我记一下 顺便提前一小时提醒我", "zh", "羽毛球", "W4", "20:00"),
        ("周5下午四点半 健身 两个小时", "zh", "健身", "W5", "16:30"),
        ("so my week is kind of crazy but anyway could you put a pedicure on saturday at two p m thanks", "en", "Pedicure", "W6", "14:00"),
        ("帮我约一下明天下午三点理发", "zh", "理发", "D+1", "15:00"),
        ("明早七点晨跑 帮我记着", "zh", "晨跑", "D+1", "07:00"),
        ("need haircut sun 11am pls add", "en", "Haircut", "W7", "11:00"),
        ("vet appointment sat 9am ugh", "en", "Vet appointment", "W6", "09:00"),
        ("Good morning. Could you please add an appointment with Dr. Harris on Wednesday, December 9th at 10:30 in the morning? "
         "Thank you kindly.", "en", "Appointment with Dr. Harris", "12-09", "10:30"),
        ("Would you be so kind as to book the church choir rehearsal for Tuesday evening at 7 o clock?", "en",
         "Church choir rehearsal", "W2", "19:00"),
        ("Please schedule physiotherapy on Monday the 14th at 11 am. Many thanks.", "en", "Physiotherapy", "12-14", "11:00"),
        ("帮我book一个周五上午十点的client call", "zh", "Client call", "W5", "10:00"),
        ("嗯就是后天早上九点那个驾校练车你帮我记上", "zh", "驾校练车", "D+2", "09:00"),
        ("周五下午三点我要去4S店保养车 帮我记一下", "zh", "4S店保养车", "W5", "15:00"),
        ("no need to add that. but can you add pick up leo on tuesday at 6:30pm", "en", "Pick up leo", "W2", "18:30"),
        ("劳驾，下周二下午三点加一个客户拜访", "zh", "客户拜访", "W2+1", "15:00"),
        ("帮我按排一下明天上午十点 牙医", "zh", "牙医", "D+1", "10:00"),
        ("帮我加个日成 周四下午三点 复诊", "zh", "复诊", "W4", "15:00"),
        ("请于本周五下午三点为我安排季度总结会议。", "zh", "季度总结会议", "W5", "15:00"),
        ("小爱同学 明天上午十一点交房租", "zh", "交房租", "D+1", "11:00"),
        ("schedule a study session with mike tomorrow from three to five p m", "en", "Study session with mike", "D+1", "15:00"),
        ("so she said the quarterly review got pushed again, which is annoying, anyway could you put the quarterly review "
         "on the 17th at 10am for me", "en", "Quarterly review", "12-17", "10:00"),
        ("帮我记个事 周五下午三点 牙医复诊", "zh", "牙医复诊", "W5", "15:00"),
        ("so my week is insane, but anyway can you put a call with the accountant on wednesday at 11am", "en",
         "Call with the accountant", "W3", "11:00"),
    ],
)
def test_the_same_words_asked_for_or_said_as_a_name_are_booked(
    message: str, language: str, title: str, date: str, time: str
) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == "schedule_event"
    assert arguments["time"] == time
    assert (arguments.get("recurrence") is None) == (date is not None)  # "thurs" is one Thursday; "every wednesday" a series
    assert (arguments["title"], arguments["date"]) == (title, date)


def test_a_quote_in_plain_single_quotes_is_someone_elses_words() -> None:
    assert "改到" not in own_words("老板刚发消息：'明天的周会改到下午三点'")
    assert own_words("add 'Gym' on friday") == "add 'Gym' on friday"  # a short quote is a name


CAR_SERVICE: dict[str, Any] = {
    "command_id": "c-1", "kind": "create", "status": "needs_time",
    "known": {"title": "Car service", "date": "W6"}, "missing": ["time"],
}  # fmt: skip


@pytest.mark.parametrize("message", ["actually first, move my gym session tomorrow to 7pm", "move my gym to 7pm"])
def test_an_open_request_is_not_patched_by_a_change_that_names_another_event(message: str) -> None:
    name, arguments = tool_of(respond(request(message, active=CAR_SERVICE)))
    assert (name, arguments["event_words"], arguments["time"]) == (
        "change_event",
        message.split("my ")[1].split(" t")[0].capitalize(),
        "19:00",
    )


@pytest.mark.parametrize("message", ["move the car service to 9am", "move it to 9am", "ok do the car service at 9am"])
def test_an_open_request_takes_a_change_that_names_it_or_nothing(message: str) -> None:
    name, arguments = tool_of(respond(request(message, active=CAR_SERVICE)))
    assert (name, arguments["command_id"], arguments["time"], arguments["title"]) == (
        "schedule_event",
        "c-1",
        "09:00",
        None,
    )


MADE = [{"ref": "E3", "title": "Pedicure", "date": "2026-12-12", "start": "15:00", "via": "created"}]


MADE_GOAL = {"kind": "create", "status": "done", "event_id": 3}


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("wait no, don't add that", "en"),
        ("no no just telling you", "en"),
        ("不用不用 就跟你说一声", "zh"),
        ("actually scratch that, I can't afford it this month", "en"),
        ("hmm actually forget it, don't put that in", "en"),
        ("算了，别加了", "zh"),
        ("等等，先不要了，不用加", "zh"),
    ],
)
def test_taking_back_a_booking_just_made_asks_to_delete_it(message: str, language: str) -> None:
    name, arguments = tool_of(respond(request(message, language=language, entities=MADE, goal=MADE_GOAL)))
    assert (name, arguments["event_ref"]) == ("delete_event", "E3")  # the server shows its card


def test_taking_back_with_nothing_made_deletes_nothing() -> None:
    response = respond(request("wait no, don't add that", entities=[{**MADE[0], "via": "found"}]))
    assert not response.tool_calls


@pytest.mark.parametrize(
    ("message", "title"),
    [
        ("先等一下，明天上午十点和老陈开会", "和老陈开会"),
        ("好了 明天下午三点牙医约", "牙医"),
        ("明天下午三点牙医预约 记上", "牙医预约"),
    ],
)
def test_interjections_and_a_trailing_appointment_word_are_not_in_the_title(message: str, title: str) -> None:
    _, arguments = tool_of(respond(request(message, language="zh")))
    assert arguments["title"] == title


UNTITLED: dict[str, Any] = {
    "command_id": "c-2", "kind": "create", "status": "needs_title",
    "known": {"date": "W2+1", "time": None}, "missing": ["title", "time"],
}  # fmt: skip


UNTIMED: dict[str, Any] = {
    "command_id": "c-3", "kind": "create", "status": "needs_time",
    "known": {"title": "Daughter's piano recital", "date": "12-18"}, "missing": ["time"],
}  # fmt: skip


def test_a_name_and_a_time_said_to_an_untitled_request_finish_it_on_its_day() -> None:
    # "Let's do Tuesday the 15th then" … "Add Lunch with Maria at 12:30": Tuesday's, not the day looked at.
    name, arguments = tool_of(respond(request("Add Lunch with Maria at 12:30.", active=UNTITLED)))
    assert (name, arguments["command_id"], arguments["title"], arguments["time"]) == ("schedule_event", "c-2", "Lunch with Maria", "12:30")


@pytest.mark.parametrize(
    ("message", "time"),
    [("It starts at 6pm, at the Concert Hall on King Street.", "18:00"), ("At seven thirty in the evening, at Golden Dragon restaurant.", "19:30")],
)
def test_where_it_is_held_said_with_the_time_answers_the_open_request(message: str, time: str) -> None:
    name, arguments = tool_of(respond(request(message, active=UNTIMED)))
    assert (name, arguments["command_id"], arguments["title"], arguments["time"]) == ("schedule_event", "c-3", None, time)


def test_a_long_name_with_its_place_answers_what_should_i_call_it() -> None:
    message = "It's a Vet appointment for my dog, at the Pet Clinic on Oak Avenue."
    name, arguments = tool_of(respond(request(message, active=UNTITLED)))
    assert (name, arguments["command_id"], arguments["title"]) == ("schedule_event", "c-2", "Vet appointment for my dog")


@pytest.mark.parametrize("message", ["i don't know", "no idea", "dunno"])
def test_not_knowing_is_no_name(message: str) -> None:
    assert not respond(request(message, active=UNTITLED)).tool_calls


def test_a_name_and_a_time_after_a_look_at_a_day_are_booked_there_not_looked_up_in_memory() -> None:
    built = request("Okay, please put in a Birthday party for Emma at 6:30 in the evening.")
    focus = json.dumps({"date": "2026-12-12", "weekday": "Saturday", "via": "query"})
    built.messages[1]["content"] = built.messages[1]["content"].replace('"choosing":null', f'"choosing":null,"day_in_focus":{focus}')
    name, arguments = tool_of(respond(built))
    assert (name, arguments["time"]) == ("schedule_event", "18:30")


def test_tomorrows_calendar_is_the_persons_own() -> None:
    lunch = [{"ref": "E5", "title": "Lunch with Mary", "date": "2026-12-08", "start": "12:00", "via": "found"}]
    name, _ = tool_of(respond(request("delete lunch with mary from tomorrow's calendar", entities=lunch)))
    assert name == "delete_event"


@pytest.mark.parametrize(
    ("message", "arguments"),
    [
        ("nudge me wednesday at 2pm to send the invoice to acme", {"text": "send the invoice to acme", "date": "W3", "time": "14:00"}),
        ("give me a heads up an hour before the pedicure", {"event_ref": "E3", "minutes_before": 60}),
    ],
)
def test_other_words_for_remind_me_set_a_reminder_not_an_event(message: str, arguments: dict[str, Any]) -> None:
    name, called = tool_of(respond(request(message, entities=MADE)))
    assert name == "set_reminder" and {key: called[key] for key in arguments} == arguments


def test_a_hedged_answer_to_what_time_is_the_time_not_a_name() -> None:
    name, arguments = tool_of(respond(request("uh 3pm i guess", active=CAR_SERVICE)))
    assert (name, arguments["command_id"], arguments["title"], arguments["time"]) == ("schedule_event", "c-1", None, "15:00")


def test_an_event_named_before_a_change_that_points_at_it() -> None:
    name, arguments = tool_of(respond(request("hey the team lunch on wed, can we make it 1pm instead")))
    assert (name, arguments["event_words"], arguments["time"]) == ("change_event", "Team lunch", "13:00")


@pytest.mark.parametrize("message", ["👍 thanks", "thank u", "ok tysm"])
def test_thanks_however_typed(message: str) -> None:
    response = respond(request(message))
    assert not response.tool_calls and response.text == "You're welcome! Anything else?"


def test_a_request_put_aside_is_taken_up_by_its_name_with_a_time() -> None:
    aside = [{"ref": "T1", "kind": "create", "title": "牙医", "constraints": {}}]
    name, arguments = tool_of(respond(request("好，牙医定在下午三点", language="zh", suspended=aside)))
    assert (name, arguments["task_ref"], arguments["time"]) == ("resume_task", "T1", "15:00")


def test_a_request_of_its_own_after_a_remark_is_not_taken_by_the_open_one() -> None:
    response = respond(request("oh before I forget, add a call with mum tonight at 8", active=CAR_SERVICE))
    name, arguments = tool_of(response)
    assert (name, arguments["command_id"], arguments["time"]) == ("schedule_event", None, "20:00")


@pytest.mark.parametrize(("message", "language"), [("ok thanks bye", "en"), ("great thanks, bye!", "en"), ("好的，拜拜", "zh")])
def test_thanks_and_goodbye_together_is_a_goodbye(message: str, language: str) -> None:
    response = respond(request(message, language=language))
    assert not response.tool_calls and response.text in {"Bye! Talk to you soon.", "再见！"}


@pytest.mark.parametrize(
    "message",
    ["actually forget the massage, put a team dinner thursday at 7pm instead", "add a dentist appt thursday at 2 - actually no, forget it"],
)
def test_a_take_back_beside_a_booking_is_never_part_of_a_title(message: str) -> None:
    for call in respond(request(message)).tool_calls:
        assert "forget" not in str(json.loads(call.arguments).get("title") or "").lower(), call
