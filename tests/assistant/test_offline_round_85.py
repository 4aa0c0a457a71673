"""Shapes from held-out round 85, each a class: a correction with its reason after it ("hmm no 8:30 is better, he doesnt
open till then", 哎不行 改成下午两点吧 中午要开会, 不用那么早 提前半小时就行 反正就在楼上); after a reminder, one more counted
from the event; "让我想想" names nothing; a name put right with the old one after; "shove"; a request put aside named
again with a change word ("right so the vet, make it 11am")."""

from __future__ import annotations

import pytest

from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


def _at(chat: OfflineChat) -> list[str]:
    return [at for _, at in chat.reminded_at()]


@pytest.mark.parametrize(
    ("reminder", "correction", "at"),
    [("hey remind me tmrw at 8am to call the plumber", "hmm no 8:30 is better, he doesnt open till then", ["12-08 08:30"]),
     ("remind me at 7am tomorrow to leave", "actually 6:45am, taxis are slow in the rain", ["12-08 06:45"]),
     ("提醒我明天中午十二点交物业费", "哎不行 改成下午两点吧 中午要开会", ["12-08 14:00"])],
)  # fmt: skip
def test_a_reminder_corrected_with_its_reason_after_it(offline: OfflineChat, reminder: str, correction: str, at: list[str]) -> None:
    offline.say(reminder)
    offline.say(correction)
    assert _at(offline) == at and offline.events() == []


def test_a_lead_corrected_with_its_reason_after_it(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "和王总开会", "2026-12-14T15:00")
    offline_zh.say("周一和王总的会 提前一小时提醒我")
    offline_zh.say("不用那么早 提前半小时就行 反正就在楼上")
    assert offline_zh.reminders() == [("和王总开会", 30)]


def test_after_a_corrected_reminder_the_evening_before_is_one_more(offline: OfflineChat) -> None:
    event_at(offline, "Flight to Chengdu", "2026-12-11T07:40", 180)
    offline.say("can u ping me 90 min before the chengdu flight")
    offline.say("ugh make that 2 hours, pudong security is a nightmare")
    offline.say("oh and the evening before at 8:30pm so i pack")
    assert ("Flight to Chengdu", 120) in offline.reminders() and _at(offline) == ["12-10 20:30"] and len(offline.events()) == 1


def test_let_me_think_names_nothing(offline_zh: OfflineChat) -> None:
    offline_zh.say("后天帮我安排个理发")
    offline_zh.say("嗯 让我想想")
    offline_zh.say("下午四点半吧")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("理发", "Wed 2026-12-09 16:30")]


@pytest.mark.parametrize(
    ("booking", "fix", "title"),
    [("周五上午十点和章总开会", "打错字了 应该是张总不是章总", "和张总开会")],
)
def test_a_name_put_right_with_the_old_one_after(offline_zh: OfflineChat, booking: str, fix: str, title: str) -> None:
    offline_zh.say(booking)
    offline_zh.say(fix)
    assert [e.title for e in offline_zh.events()] == [title]


def test_shove_the_3pm_after_a_look(offline: OfflineChat) -> None:
    event_at(offline, "Budget review", "2026-12-07T15:00")
    event_at(offline, "Coffee with Lena", "2026-12-07T11:00")
    offline.say("what's on today")
    offline.say("can u shove the 3pm to 4:30pm, finance isnt ready")
    assert sorted((e.title, local(e)) for e in offline.events()) == [("Budget review", "Mon 2026-12-07 16:30"), ("Coffee with Lena", "Mon 2026-12-07 11:00")]


def test_push_a_day_after_a_look_with_a_reason_that_names_a_day(offline_zh: OfflineChat) -> None:
    event_at(offline_zh, "看牙医", "2026-12-10T10:30")
    offline_zh.say("我看牙医是哪天来着")
    offline_zh.say("往后推一天吧 周四走不开")
    assert [local(e) for e in offline_zh.events()] == ["Fri 2026-12-11 10:30"]


def test_a_request_put_aside_named_with_a_change_word_goes_on(offline: OfflineChat) -> None:
    offline.say("schedule a vet visit for luna thursday")
    offline.say("wait before i forget, coffee w jen tmrw 9:30am")
    offline.say("right so the vet, make it 11am")
    assert sorted((e.title, local(e)) for e in offline.events()) == [("Coffee w jen", "Tue 2026-12-08 09:30"), ("Vet visit for luna", "Thu 2026-12-10 11:00")]


def test_the_zone_answer_with_book_it_after(offline: OfflineChat) -> None:
    offline.say("set up a call w the nyc office thu 9am EST")
    offline.say("right thats 10pm here, book it for then")
    assert [(e.title, local(e)) for e in offline.events()] == [("Call w the nyc office", "Thu 2026-12-10 22:00")]


def test_pi_gai_is_a_name_never_a_change(offline_zh: OfflineChat) -> None:
    offline_zh.say("今天下午三点到五点批改作业 帮我占个时间")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("批改作业", "Mon 2026-12-07 15:00")]


def test_a_drop_with_a_reason_after_it_cancels_what_was_just_made_on_a_card(offline_zh: OfflineChat) -> None:
    offline_zh.say("周六下午两点去看装修材料")
    card = offline_zh.say("哎 算了 那天去不了了").reply
    assert "看装修材料" in card and "（是 / 否）" in card
    offline_zh.say("是")
    assert offline_zh.events() == []
