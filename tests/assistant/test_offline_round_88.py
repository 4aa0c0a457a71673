"""Shapes from held-out round 88, each a class: the thing a question about a day was for ("i need to see if i have time on
the 21st for a haircut", 21号有没有空 想去剪个头发) names the booking that gives only a time ("ok add it at 3pm", 那就下午3点吧
帮我加上); "i need to see if i have time …" asks; "pm lol" answers the half of the day; a moment then 要 ("28号下午两点要开
家长会") is told, offered, and booked when asked, while a name that holds 准备 ("周四下午两点准备会") is booked."""

from __future__ import annotations

import pytest

from tests.assistant.conftest import OfflineChat, event_at, local

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("question", "booking", "booked"),
    [("hey so i need to see if i have time on the 21st of this month for a haircut", "ok add it at 3pm", ("Haircut", "Mon 2026-12-21 15:00")),
     ("i need to see if i have time on thursday for a haircut", "ok book it for 2pm", ("Haircut", "Thu 2026-12-10 14:00")),
     ("我想看看21号有没有空 想去剪个头发", "那就下午3点吧 帮我加上", ("剪个头发", "Mon 2026-12-21 15:00"))],
)  # fmt: skip
def test_the_thing_a_question_was_for_names_the_booking(offline: OfflineChat, question: str, booking: str, booked: tuple[str, str]) -> None:
    event_at(offline, "Team offsite", "2026-12-21T10:00", 120)
    offline.say(question)
    offline.say(booking)
    assert booked in [(e.title, local(e)) for e in offline.events()]


def test_a_question_that_was_for_nothing_names_nothing(offline: OfflineChat) -> None:
    offline.say("am i free on the 21st")
    offline.say("ok add it at 3pm")
    assert offline.events() == []  # the name is asked


def test_pm_with_a_laugh_answers_the_half_of_the_day(offline: OfflineChat) -> None:
    offline.say("ok add bowling with sam tomorrow at 7")
    offline.say("pm lol")
    assert [(e.title, local(e)) for e in offline.events()] == [("Bowling with sam", "Tue 2026-12-08 19:00")]


def test_a_moment_then_yao_is_told_and_booked_when_asked(offline_zh: OfflineChat) -> None:
    offline_zh.say("28号下午两点要开家长会")
    assert offline_zh.events() == []
    offline_zh.say("嗯 帮我记上")
    assert [(e.title, local(e)) for e in offline_zh.events()] == [("家长会", "Mon 2026-12-28 14:00")]


@pytest.mark.parametrize(("message", "title"), [("周四下午两点准备会", "准备会"), ("明天下午三点开会", "开会")])
def test_a_moment_and_a_name_is_booked(offline_zh: OfflineChat, message: str, title: str) -> None:
    offline_zh.say(message)
    assert [e.title for e in offline_zh.events()] == [title]
