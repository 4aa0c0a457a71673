"""Shapes from held-out round 96 and the requests left from round 94, each a class. A request said once after several
things ("… pls add both", "…都帮我记下来") is asked of every one; a day-before reminder with no time (交稿前一天提醒我)
is a day's lead; 算了 followed by a request of its own is that request (back to Wednesday, that reminder removed); what
was told before names a booking whose moment is said now (期末考试 … 确定是下周一上午八点半 帮我加上); a length said with
the name of the event just made is its new length; the end said after the name is the end of one event; "one with X"
is another of the thing just made; "same time" copies the length too; "in that slot" after a delete is that slot; a
weather clause beside a booking takes nothing from it; "between 10 and 12" is a span (not "between 7 and 9")."""

from __future__ import annotations

import pytest

from scheduling.models import Reminder
from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


def _at(chat: OfflineChat) -> dict[str, str]:
    return {e.title: f"{local(e)[:3]} {local(e)[-5:]}" for e in chat.events()}


@pytest.mark.parametrize(
    ("message", "language", "expected"),
    [("tmrw 10am bank, and thursday 3pm dentist, pls add both", "en", {"Bank": "Tue 10:00", "Dentist": "Thu 15:00"}),
     ("haircut friday 4pm and gym saturday 9am - add them both", "en", {"Haircut": "Fri 16:00", "Gym": "Sat 09:00"}),
     ("明天上午十点要去银行办卡 还有后天下午三点有个牙医复诊 都帮我记下来", "zh", {"银行办卡": "Tue 10:00", "牙医复诊": "Wed 15:00"}),
     ("周五下午四点理发 然后周六早上九点健身 两个都帮我加上", "zh", {"理发": "Fri 16:00", "健身": "Sat 09:00"})],
)  # fmt: skip
def test_a_request_said_once_is_asked_of_every_part(request: pytest.FixtureRequest, message: str, language: str, expected: dict[str, str]) -> None:
    chat: OfflineChat = request.getfixturevalue("offline_zh" if language == "zh" else "offline")
    reply = chat.say(message).reply
    assert _at(chat) == expected, reply


@pytest.mark.parametrize("message", ["交稿前一天提醒我", "交稿的前一天提醒我"])
def test_the_day_before_with_no_time_is_a_days_lead(offline_zh: OfflineChat, message: str) -> None:
    event_at(offline_zh, "交稿", "2026-12-10T18:00")
    offline_zh.say(message)
    assert offline_zh.reminders() == [("交稿", 1440)]


def test_never_mind_then_a_request_of_its_own_is_that_request(offline_zh: OfflineChat) -> None:
    offline_zh.say("周三上午十点跟客户开视频会")
    offline_zh.say("改成周五吧")
    offline_zh.say("算了 还是周三吧 客户说周五不行")
    assert _at(offline_zh) == {"跟客户开视频会": "Wed 10:00"}
    event_at(offline_zh, "交稿", "2026-12-10T18:00")
    offline_zh.say("交稿提前一天提醒我")
    assert Reminder.objects.count() == 1
    offline_zh.say("算了 那个提醒不要了 我记得住")
    assert Reminder.objects.count() == 0 and len(offline_zh.events()) == 2


@pytest.mark.parametrize(
    ("told", "confirmed", "language", "expected"),
    [("听说期末考试可能提前到下周一", "教务处刚发通知了 确定是下周一上午八点半 帮我加上", "zh", {"期末考试": "Mon 08:30"}),
     ("the book fair might move to thursday", "ok it's confirmed, thursday at 4pm, add it", "en", {"Book fair": "Thu 16:00"})],
)  # fmt: skip
def test_what_was_told_before_names_the_moment_said_now(request: pytest.FixtureRequest, told: str, confirmed: str, language: str, expected: dict[str, str]) -> None:
    chat: OfflineChat = request.getfixturevalue("offline_zh" if language == "zh" else "offline")
    assert chat.say(told) and chat.events() == []
    reply = chat.say(confirmed).reply
    assert _at(chat) == expected, reply


@pytest.mark.parametrize(
    ("booking", "length", "minutes"),
    [("下周一上午八点半期末考试", "考试两个小时", 120), ("周二下午三点跟汪经理开会", "开会一个半小时", 90)],
)
def test_the_name_of_the_event_just_made_with_a_length_is_its_length(offline_zh: OfflineChat, booking: str, length: str, minutes: int) -> None:
    offline_zh.say(booking)
    offline_zh.say(length)
    [event] = offline_zh.events()
    assert (event.ends_at - event.starts_at).total_seconds() // 60 == minutes


def test_a_table_at_a_hotpot_place_is_offered_never_booked(offline_zh: OfflineChat) -> None:
    offline_zh.say("帮我订个明晚七点的火锅")
    assert offline_zh.events() == []


@pytest.mark.parametrize(
    ("message", "language", "expected"),
    [("大后天下午三点公司年会 一直到晚上九点", "zh", ("公司年会", "Thu 15:00", 360)),
     ("friday 3pm office party until 9pm", "en", ("Office party", "Fri 15:00", 360))],
)  # fmt: skip
def test_the_end_said_after_the_name_ends_one_event(request: pytest.FixtureRequest, message: str, language: str, expected: tuple[str, str, int]) -> None:
    chat: OfflineChat = request.getfixturevalue("offline_zh" if language == "zh" else "offline")
    chat.say(message)
    assert [(e.title, f"{local(e)[:3]} {local(e)[-5:]}", (e.ends_at - e.starts_at).total_seconds() // 60) for e in chat.events()] == [expected]


def test_one_with_someone_is_another_of_what_was_just_made(offline: OfflineChat) -> None:
    offline.say("um can you book a call with the acme client wednesday 11am, 45 mins")
    offline.say("actually they want thursday")
    offline.say("and one with bluebird friday quarter to 3 pm")
    assert _at(offline) == {"Call with the acme client": "Thu 11:00", "Call with bluebird": "Fri 14:45"}


@pytest.mark.parametrize(
    ("message", "expected"),
    [("can you add my sons school play on wednesday at 6pm, dont want to forget it", {"Sons school play": "Wed 18:00"}),
     ("forecast looks good, add hiking tomorrow 9am to 1pm", {"Hiking": "Tue 09:00"}),
     ("the fridge repair guy is coming friday between 10 and 12, block that for me", {"Fridge repair guy": "Fri 10:00"})],
)  # fmt: skip
def test_a_reason_a_forecast_or_a_span_beside_a_booking(offline: OfflineChat, message: str, expected: dict[str, str]) -> None:
    reply = offline.say(message).reply
    assert _at(offline) == expected, reply


def test_between_seven_and_nine_is_never_guessed(offline: OfflineChat) -> None:
    offline.say("the plumber is coming friday between 7 and 9, block that for me")
    assert offline.events() == []


def test_a_weekday_reminder_to_log_my_hours(offline: OfflineChat) -> None:
    offline.say("remind me every weekday at 5:30pm to log my hours")
    assert [(r.text, r.rrule) for r in Reminder.objects.all()] == [("log my hours", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]


def test_same_time_copies_the_length_too(offline: OfflineChat) -> None:
    offline.say("add revision with sam on wednesday 10am to 12")
    offline.say("and thursday same time")
    assert [(local(e), (e.ends_at - e.starts_at).total_seconds() // 60) for e in offline.events()] == [("Wed 2026-12-09 10:00", 120), ("Thu 2026-12-10 10:00", 120)]


def test_in_that_slot_after_a_delete_is_that_slot(offline: OfflineChat) -> None:
    event_at(offline, "Supplier call", "2026-12-08T10:00", minutes=30)
    offline.say("the supplier cancelled on me, delete the supplier call tomorrow")
    offline.say("yes")
    offline.say("put stocktake in that slot instead")
    assert [(e.title, local(e), (e.ends_at - e.starts_at).total_seconds() // 60) for e in offline.events()] == [("Stocktake", "Tue 2026-12-08 10:00", 30)]


def test_the_request_points_at_the_event_named_before_it(offline: OfflineChat) -> None:
    for day in ("2026-12-09", "2026-12-10"):
        event_at(offline, "Night shift", f"{day}T19:00", minutes=720)
    offline.say("what do i have this week")
    offline.say("swapped thursday's shift with a coworker, can you move it to saturday same time")
    assert [local(e) for e in offline.events()] == ["Wed 2026-12-09 19:00", "Sat 2026-12-12 19:00"]


def test_i_need_to_see_someone_asks_when_and_the_answer_books_it(offline: OfflineChat) -> None:
    offline.say("Good morning dear. I need to see Dr Patel.")
    assert offline.events() == []
    offline.say("Next Tuesday at half past ten in the morning please")
    offline.say("And could you remind me the day before, around 6 in the evening?")
    assert [local(e) for e in offline.events()] == ["Tue 2026-12-15 10:30"]
    assert [r.minutes_before for r in Reminder.objects.all()] == [990]


def test_moved_a_bit_asks_how_far(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "家长会", "2026-12-10T13:00")
    offline_zh.say("把家长会往后挪一挪")
    assert offline_zh.events()[0].title == "家长会" and len(offline_zh.events()) == 1
    offline_zh.say("挪到三点吧")
    assert _at(offline_zh) == {"家长会": "Thu 15:00"}


@pytest.mark.parametrize(
    ("message", "expected"),
    [("大年初三中午去外婆家吃饭", {"外婆家吃饭": "Mon 12:00"}), ("周六早上七点半去爬山 帮我定一下", {"爬山": "Sat 07:30"})],
)  # fmt: skip
def test_lunar_new_year_days_and_settle_it_for_me(offline_zh: OfflineChat, message: str, expected: dict[str, str]) -> None:
    offline_zh.say(message)
    assert _at(offline_zh) == expected


def test_the_one_moment_said_beside_a_named_request_is_its(offline: OfflineChat) -> None:
    event_at(offline, "Bridge club", "2026-12-17T14:00", minutes=120)
    offline.say("is my thursday the 17th free? the grandkids want to visit")
    offline.say("oh dear, bridge is at 2. lets have them at 11 in the morning then, put the grandkids visit down")
    assert _at(offline) == {"Grandkids visit": "Thu 11:00", "Bridge club": "Thu 14:00"}


def test_a_correction_naming_one_of_two_just_made_moves_that_one(offline: OfflineChat) -> None:
    offline.say("swim lesson tuesday 4pm and piano thursday 5pm")
    offline.say("wait the swim thing is 4:30")
    assert _at(offline) == {"Swim lesson": "Tue 16:30", "Piano": "Thu 17:00"}
