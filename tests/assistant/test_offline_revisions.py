"""The offline stand-in reads corrections and revisions of what was just made or is being made."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.providers.offline.understand import respond
from tests.assistant.offline_requests import SUSPENDED, SUSPENDED_ZH, assert_honest, request, tool_of, with_history

pytestmark = pytest.mark.django_db


# --- (a) corrections and revisions: of the event just made, and of the request still open -----

SUBJECTS: dict[str, tuple[dict[str, Any], str]] = {
    "dinner": ({"ref": "E5", "title": "Dinner with Lin", "date": "2026-12-12", "start": "19:00", "via": "created"}, "en"),
    "dinner_zh": ({"ref": "E6", "title": "和林吃晚饭", "date": "2026-12-12", "start": "19:00", "via": "created"}, "zh"),
    "dentist_zh": ({"ref": "E4", "title": "牙医", "date": "2026-12-11", "start": "15:00", "via": "created"}, "zh"),
}  # fmt: skip
UNCHANGED_EVENT = {
    "event_ref": None,
    "ordinal": None,
    "event_words": None,
    "event_date": None,
    "event_time": None,
    "title": None,
    "date": None,
    "time": None,
    "duration_minutes": None,
    "end_time": None,
    "shift_minutes": None,
    "extend_minutes": None,
}
UNCHANGED_VALUES = {"title": None, "date": None, "time": None, "duration_minutes": None}
UNCHANGED_REQUEST = {"title": None, "date": None, "time": None, "duration_minutes": None, "allow_overlap": None}


def just_made(subject: str) -> dict[str, Any]:
    """The context right after the event was created: it is in focus, and the create is done."""
    entity, language = SUBJECTS[subject]
    goal = {"id": "g2", "kind": "create", "status": "done", "command_id": "c-4", "event_id": int(entity["ref"][1:]), "title": entity["title"]}  # fmt: skip
    return {"language": language, "entities": [entity], "goal": goal}


def being_made(subject: str) -> dict[str, Any]:
    """The same appointment still being made: its title and time known, its day still missing."""
    entity, language = SUBJECTS[subject]
    known = {"title": entity["title"], "time": entity["start"]}
    active = {"command_id": "c-5", "kind": "create", "status": "needs_date", "known": known, "missing": ["date"]}
    return {"language": language, "active": active}


def assert_revises(subject: str, message: str, changes: dict[str, Any], *, ref: str | None = None) -> None:
    """Just made: a change to the event in focus. Still open: a patch of only what changed."""
    made = tool_of(respond(request(message, **just_made(subject))))
    assert made == ("change_event", UNCHANGED_EVENT | {"event_ref": ref} | changes), message
    still_open = tool_of(respond(request(message, **being_made(subject))))
    assert still_open == ("schedule_event", UNCHANGED_REQUEST | changes | {"command_id": "c-5"}), message


@pytest.mark.parametrize(
    ("subject", "message", "changes"),
    [
        ("dinner", "actually 4", {"time": "16:00"}),
        ("dinner", "actually make it 4pm", {"time": "16:00"}),
        ("dinner", "no no, I meant 4pm not 3", {"time": "16:00"}),
        ("dinner", "change the time to 3:30", {"time": "15:30"}),
        ("dinner", "wait, make it 7:30", {"time": "19:30"}),
        ("dentist_zh", "其实四点更好", {"time": "16:00"}),
        ("dentist_zh", "其实五点比较好", {"time": "17:00"}),
        ("dentist_zh", "改成下午三点半", {"time": "15:30"}),
        ("dentist_zh", "还是四点吧", {"time": "16:00"}),
        ("dentist_zh", "哦不对，四点", {"time": "16:00"}),
    ],
)
def test_actually_another_time(subject: str, message: str, changes: dict[str, Any]) -> None:
    assert_revises(subject, message, changes)


@pytest.mark.parametrize(
    ("subject", "message", "changes"),
    [
        ("dinner", "can we do 5 instead?", {"time": "17:00"}),
        ("dinner", "let's say Friday instead", {"date": "W5"}),
        ("dinner", "push it back to 6", {"time": "18:00"}),
        ("dinner", "let's make it 6 instead of 7", {"time": "18:00"}),
        ("dinner", "how about 8 instead?", {"time": "20:00"}),
        ("dinner", "8 would be better", {"time": "20:00"}),
        ("dentist_zh", "推迟到六点", {"time": "18:00"}),
        ("dentist_zh", "要不改成四点", {"time": "16:00"}),
        ("dentist_zh", "能不能改到四点", {"time": "16:00"}),
        ("dentist_zh", "改四点吧", {"time": "16:00"}),
    ],
)
def test_a_proposal_instead(subject: str, message: str, changes: dict[str, Any]) -> None:
    assert_revises(subject, message, changes)


@pytest.mark.parametrize(
    ("subject", "message", "changes"),
    [
        ("dinner", "no, Sunday", {"date": "W7"}),
        ("dinner", "I meant Tuesday", {"date": "W2"}),
        ("dinner", "hmm, actually make it Sunday instead, if that's ok", {"date": "W7"}),
        ("dinner", "not Saturday, Sunday", {"date": "W7"}),
        ("dinner", "oops, I meant Saturday next week", {"date": "W6+1"}),
        ("dinner", "I said Sunday", {"date": "W7"}),
        ("dentist_zh", "还是周日吧", {"date": "W7"}),
        ("dentist_zh", "我说的是周二", {"date": "W2"}),
        ("dentist_zh", "我的意思是周二", {"date": "W2"}),
        ("dentist_zh", "其实周日更合适", {"date": "W7"}),
        ("dentist_zh", "不是周五，是周六", {"date": "W6"}),
    ],
)
def test_i_meant_another_day(subject: str, message: str, changes: dict[str, Any]) -> None:
    assert_revises(subject, message, changes)


@pytest.mark.parametrize(
    ("subject", "message", "changes"),
    [
        ("dinner", "make it an hour later", {"time": "20:00"}),
        ("dinner", "push it back 30 minutes", {"time": "19:30"}),
        ("dinner", "an hour earlier please", {"time": "18:00"}),
        ("dentist_zh", "晚一个小时", {"time": "16:00"}),
        ("dentist_zh", "提前半小时", {"time": "14:30"}),
        ("dentist_zh", "往后推半小时", {"time": "15:30"}),
    ],
)
def test_later_or_earlier_by(subject: str, message: str, changes: dict[str, Any]) -> None:
    # Counted from the event's own time, so the event that time belongs to is named.
    assert_revises(subject, message, changes, ref=SUBJECTS[subject][0]["ref"])


@pytest.mark.parametrize(
    ("subject", "message", "changes"),
    [
        ("dinner", "make it 90 minutes", {"duration_minutes": 90}),
        ("dinner", "it should be 45 minutes", {"duration_minutes": 45}),
        ("dinner", "actually 2 hours", {"duration_minutes": 120}),
        ("dentist_zh", "改成一个半小时", {"duration_minutes": 90}),
        ("dentist_zh", "只要半小时", {"duration_minutes": 30}),
        ("dentist_zh", "时长改成一个小时", {"duration_minutes": 60}),
    ],
)
def test_another_length(subject: str, message: str, changes: dict[str, Any]) -> None:
    assert_revises(subject, message, changes)


@pytest.mark.parametrize(
    ("subject", "message", "changes"),
    [
        ("dinner", "rename it to Team sync", {"title": "Team sync"}),
        ("dentist_zh", "名字改成团队会", {"title": "团队会"}),
        ("dentist_zh", "标题改成洗牙", {"title": "洗牙"}),
    ],
)
def test_another_name(subject: str, message: str, changes: dict[str, Any]) -> None:
    assert_revises(subject, message, changes)


@pytest.mark.parametrize(
    ("subject", "message", "changes"),
    [
        ("dinner", "make it lunch at noon", {"title": "Lunch with Lin", "time": "12:00"}),
        ("dinner", "actually let's make it lunch at noon", {"title": "Lunch with Lin", "time": "12:00"}),
        ("dinner", "lunch instead", {"title": "Lunch with Lin"}),
        ("dinner", "change it to breakfast at 8", {"title": "Breakfast with Lin", "time": "08:00"}),
        ("dinner_zh", "改成午饭", {"title": "和林吃午饭"}),
        ("dinner_zh", "改成中午吃午饭，十二点", {"title": "和林吃午饭", "time": "12:00"}),
        ("dinner_zh", "还是吃午饭吧", {"title": "和林吃午饭"}),
    ],
)
def test_another_kind_of_meal(subject: str, message: str, changes: dict[str, Any]) -> None:
    assert_revises(subject, message, changes)


@pytest.mark.parametrize(
    ("subject", "message", "changes"),
    [
        ("dinner", "sorry, 6pm works better", {"time": "18:00"}),
        ("dinner", "actually, can we move it to Sunday?", {"date": "W7"}),
        ("dinner", "could we make it 6:30?", {"time": "18:30"}),
        ("dentist_zh", "时间改成下午四点吧，地点不变", {"time": "16:00"}),
        ("dentist_zh", "四点不行，五点吧", {"time": "17:00"}),
        ("dentist_zh", "算了还是周六吧", {"date": "W6"}),
        ("dentist_zh", "不好意思 是五点半", {"time": "17:30"}),  # an apology says it corrects
    ],
)
def test_a_correction_among_other_words(subject: str, message: str, changes: dict[str, Any]) -> None:
    assert_revises(subject, message, changes)


@pytest.mark.parametrize("how", ["made", "open"])
def test_questions_detours_and_new_requests_are_not_revisions(how: str) -> None:
    setup = just_made("dinner") if how == "made" else being_made("dinner")
    setup_zh = just_made("dinner_zh") if how == "made" else being_made("dinner_zh")
    before = tool_of(respond(request("before that, what's on Saturday?", **setup)))
    assert before == ("query_events", {"start": "W6", "end": None})
    assert tool_of(respond(request("先看看周六有什么安排", **setup_zh))) == (
        "query_events",
        {"start": "W6", "end": None},
    )
    sunday = with_history("what about Sunday?", "what's on Saturday?", "Sat 12 Dec: 1 event.", **setup)
    assert tool_of(respond(sunday)) == ("query_events", {"start": "W7", "end": None})
    sunday_zh = with_history("那周日呢？", "周六有什么安排", "12月12日（周六）有 1 个安排。", **setup_zh)
    assert tool_of(respond(sunday_zh)) == ("query_events", {"start": "W7", "end": None})
    new = tool_of(respond(request("and lunch with Sam on Thursday at 12:30", **setup)))
    assert new == ("schedule_event", {"title": "Lunch with Sam", "date": "W4", "time": "12:30", "duration_minutes": None, "command_id": None, "allow_overlap": None})  # fmt: skip
    new_zh = tool_of(respond(request("周四中午十二点半和小王吃午饭", **setup_zh)))
    assert new_zh == ("schedule_event", {"title": "和小王吃午饭", "date": "W4", "time": "12:30", "duration_minutes": None, "command_id": None, "allow_overlap": None})  # fmt: skip
    assert tool_of(respond(request("actually, what's on Friday?", **setup))) == ("query_events", {"start": "W5", "end": None})  # fmt: skip
    for look in ("no, show me Sunday", "can you check Sunday instead?"):
        assert tool_of(respond(request(look, **setup))) == ("query_events", {"start": "W7", "end": None}), look
    back = respond(request("ok, back to the dinner", suspended=SUSPENDED, **setup))
    assert tool_of(back) == ("resume_task", {"task_ref": "T2", **UNCHANGED_VALUES})
    back_zh = respond(request("回到刚才的晚饭", suspended=SUSPENDED_ZH, **setup_zh))
    assert tool_of(back_zh) == ("resume_task", {"task_ref": "T2", **UNCHANGED_VALUES})


@pytest.mark.parametrize(
    ("subject", "message"),
    [
        ("dinner", "sorry, I meant next week"),
        ("dinner", "push it to the afternoon"),
        ("dinner", "a bit later"),
        ("dentist_zh", "往后推一点"),  # 一点 here is "a little", not one o'clock
        ("dentist_zh", "改到下午"),
    ],
)
def test_no_one_day_or_time_yet_is_asked_for(subject: str, message: str) -> None:
    for setup in (just_made(subject), being_made(subject)):
        vague = respond(request(message, **setup))
        assert vague.tool_calls == [] and ("which day" in vague.text or "哪天" in vague.text), message
        assert_honest(vague.text)


def test_after_a_look_at_the_calendar_a_correction_is_of_the_event_just_made() -> None:
    # "what's on Saturday?" listed the gym and the dinner: "it" no longer points at the dinner.
    listed = [
        {"ref": "E9", "title": "Gym", "date": "2026-12-12", "start": "10:00", "via": "found"},
        {"ref": "E5", "title": "Dinner with Lin", "date": "2026-12-12", "start": "19:00", "via": "found"},
    ]
    setup = {
        "entities": listed,
        "listed": ["E9", "E5"],
        "goal": {
            "id": "g3",
            "kind": "query",
            "status": "done",
            "command_id": None,
            "event_id": None,
            "title": "2026-12-12..2026-12-12",
        },
        "completed": [{"kind": "create", "title": "Dinner with Lin", "status": "done"}],
    }
    actually = tool_of(respond(request("actually make it 8pm", **setup)))
    assert actually == ("change_event", UNCHANGED_EVENT | {"event_ref": "E5", "time": "20:00"})
    zh = tool_of(respond(request("其实八点更好", **setup)))
    assert zh == ("change_event", UNCHANGED_EVENT | {"event_ref": "E5", "time": "20:00"})
    # Without a correction word "it" is the server's to resolve: it asks which of the two.
    assert tool_of(respond(request("move it to 8pm", **setup))) == ("change_event", UNCHANGED_EVENT | {"time": "20:00"})
    assert tool_of(respond(request("move the gym to 11", **setup)))[1]["event_ref"] == "E9"


# A weekday alone corrects the day within the week of the day it corrects ("下周三 …" then "不对 是周四").
@pytest.mark.parametrize(
    ("message", "language", "day", "date"),
    [("不对 是周四", "zh", "2026-12-16", "W4+1"), ("actually thursday", "en", "2026-12-16", "W4+1"),
     ("no wait make it monday", "en", "2026-12-23", "W1+2"), ("actually thursday", "en", "2026-12-09", "W4")],
)  # fmt: skip
def test_a_weekday_alone_keeps_the_week_it_corrects(message: str, language: str, day: str, date: str) -> None:
    made = {"ref": "E7", "title": "Dinner", "date": day, "start": "19:00", "via": "created"}
    goal = {"id": "g2", "kind": "create", "status": "done", "command_id": "c-4", "event_id": 7, "title": "Dinner"}
    name, arguments = tool_of(respond(request(message, language=language, entities=[made], goal=goal)))
    assert (name, arguments["date"]) == ("change_event", date)
