"""Which event, said the way people answer "which one?": by the part of the day or the day of the list
just shown ("the evening one", "下午那个", "thursday's", "周四那个"); and a shift of an event the context
does not show ("push the project review back an hour"), handed to the tool, which reads its start; the
answer to "to which day or time should it move?"; and a span of days that runs forward from its first."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from assistant.providers.offline.understand import respond
from assistant.providers.offline.when import read_when
from assistant.reading.days import days_of
from tests.assistant.offline_requests import request, tool_of, with_history

pytestmark = pytest.mark.django_db

LISTED = [
    {"ref": "E1", "title": "Pilates", "date": "2026-12-14", "start": "07:30", "via": "candidate"},
    {"ref": "E2", "title": "Call with Tom", "date": "2026-12-14", "start": "15:00", "via": "candidate"},
    {"ref": "E3", "title": "Book club", "date": "2026-12-10", "start": "19:00", "via": "candidate"},
]


def _choosing(message: str, tool: str, language: str = "en", listed: list[dict[str, Any]] = LISTED) -> Any:
    return respond(
        request(
            message,
            language=language,
            entities=listed,
            listed=[str(e["ref"]) for e in listed],
            choosing={"tool": tool, "values": {}},
        )
    )


@pytest.mark.parametrize(
    ("message", "language", "tool", "ref"),
    [
        ("the evening one", "en", "delete_event", "E3"),
        ("the morning one pls", "en", "change_event", "E1"),
        ("下午那个", "zh", "delete_event", "E2"),
        ("晚上的那个", "zh", "change_event", "E3"),
        ("thursday's", "en", "change_event", "E3"),
        ("周四那个", "zh", "change_event", "E3"),
        ("delete the evening one, cant make it", "en", "delete_event", "E3"),
        ("早上那个删了吧", "zh", "delete_event", "E1"),
        ("不是这个，是下午那个", "zh", "delete_event", "E2"),
        # Or the words of its name: "the one with tom".
        ("the one with tom", "en", "change_event", "E2"),
        ("book club pls", "en", "delete_event", "E3"),
    ],
)
def test_a_part_of_the_day_or_a_day_picks_one_of_the_list(message: str, language: str, tool: str, ref: str) -> None:
    name, arguments = tool_of(_choosing(message, tool, language))
    assert (name, arguments["event_ref"]) == (tool, ref)


@pytest.mark.parametrize(("message", "language"), [("the afternoon one", "en"), ("下午那个", "zh")])
def test_two_in_that_part_of_the_day_pick_none(message: str, language: str) -> None:
    both = [{**LISTED[0], "start": "14:00"}, LISTED[1]]
    response = _choosing(message, "delete_event", language, listed=both)
    assert not any(call.arguments and '"E' in call.arguments for call in response.tool_calls)


def test_nothing_in_that_part_of_the_day_picks_none_and_writes_nothing() -> None:
    response = _choosing("the afternoon one", "delete_event", listed=[LISTED[0], LISTED[2]])
    assert response.tool_calls == []


@pytest.mark.parametrize(
    ("message", "language", "words", "shift"),
    [
        ("push the project review back an hour", "en", "project review", 60),
        ("move the project review 30 minutes earlier", "en", "project review", -30),
        ("项目评审往后推一个小时", "zh", "项目评审", 60),
        ("项目评审提前半小时", "zh", "项目评审", -30),
    ],
)
def test_a_shift_of_an_event_not_in_focus_goes_to_the_tool(message: str, language: str, words: str, shift: int) -> None:
    name, arguments = tool_of(respond(request(message, language=language)))
    assert name == "change_event" and words in str(arguments["event_words"]).lower()
    assert (arguments["shift_minutes"], arguments["time"]) == (shift, None)


def test_a_shift_of_the_event_in_focus_is_computed_from_its_start() -> None:
    focus = [{"ref": "E9", "title": "Dentist", "date": "2026-12-11", "start": "15:00", "via": "created"}]
    name, arguments = tool_of(respond(request("make it an hour later", entities=focus)))
    assert (name, arguments["time"], arguments["shift_minutes"]) == ("change_event", "16:00", None)


def test_a_shift_with_nothing_named_asks() -> None:
    response = respond(request("an hour later"))
    assert response.tool_calls == []


@pytest.mark.parametrize(
    ("asked", "answer", "language", "values"),
    [
        ("can i move the dentist", "friday at 11am", "en", {"date": "W5", "time": "11:00"}),
        ("i need to reschedule my dentist", "to next monday pls", "en", {"date": "W1+1", "time": None}),
        ("move the dentist", "make it 4pm", "en", {"date": None, "time": "16:00"}),
        ("能把牙医挪一下吗", "周五上午十一点", "zh", {"date": "W5", "time": "11:00"}),
        ("帮我改一下牙医", "改到下周二下午三点", "zh", {"date": "W2+1", "time": "15:00"}),
    ],
)
def test_the_answer_to_where_it_should_move_finishes_that_change(
    asked: str, answer: str, language: str, values: dict[str, Any]
) -> None:
    question = respond(request(asked, language=language))
    assert question.text and not question.tool_calls  # "Sure — to which day or time should it move?"
    name, arguments = tool_of(respond(with_history(answer, asked, question.text, language=language)))
    assert name == "change_event" and arguments["event_words"] in {"Dentist", "牙医", "My dentist"}
    assert {key: arguments[key] for key in values} == values


@pytest.mark.parametrize(
    ("answer", "tool"),
    [("what do i have friday?", "query_events"), ("cancel the dentist", "delete_event"), ("lunch with sam friday 1pm", "schedule_event")],
)
def test_another_request_after_that_question_is_its_own(answer: str, tool: str) -> None:
    question = respond(request("can i move the dentist"))
    assert tool_of(respond(with_history(answer, "can i move the dentist", question.text or "")))[0] == tool


@pytest.mark.parametrize(
    ("message", "days"),
    [
        ("what's on between monday and wednesday", ("2026-12-14", "2026-12-16")),
        ("周一到周三有什么安排", ("2026-12-14", "2026-12-16")),
        ("from friday to monday", ("2026-12-11", "2026-12-14")),
        ("between wednesday and friday", ("2026-12-09", "2026-12-11")),
    ],
)
def test_a_span_said_on_a_tuesday_runs_forward_from_its_first_day(message: str, days: tuple[str, str]) -> None:
    tuesday = datetime.date(2026, 12, 8)
    when = read_when(message, today=tuesday)
    resolved = (days_of(when.date, tuesday)[0].isoformat(), days_of(when.end, tuesday)[-1].isoformat())
    assert resolved == days


@pytest.mark.parametrize(
    ("asked", "answer", "language", "tool"),
    [
        ("cancel my pilates", "2", "en", "delete_event"),
        ("move my pilates to 5pm", "#2", "en", "change_event"),
        ("取消健身", "2", "zh", "delete_event"),
        ("cancel my pilates", "2 pls", "en", "delete_event"),
        ("move my pilates to 5pm", "the second", "en", "change_event"),
        ("cancel my pilates", "the 2nd one", "en", "delete_event"),
        # Words that read as nothing once the request is read again with them: the list still answers.
        ("my 11am on monday got pushed to 11:30, update pls", "2", "en", "change_event"),
    ],
)
def test_a_number_alone_answers_the_numbered_list_not_a_time(asked: str, answer: str, language: str, tool: str) -> None:
    # The second one listed goes on with the request, whose values the tool kept; no time or day is read from "2".
    listed = {"entities": LISTED, "listed": [str(e["ref"]) for e in LISTED], "choosing": {"tool": tool, "values": {}}}
    name, arguments = tool_of(respond(with_history(answer, asked, "Which one do you mean?", language=language, **listed)))
    assert (name, arguments["event_ref"], arguments.get("time"), arguments.get("date")) == (tool, "E2", None, None)


def test_a_number_alone_with_no_list_waiting_is_no_choice() -> None:
    response = respond(with_history("2", "cancel my pilates", "Deleted."))
    assert not any('"ordinal": 2' in (call.arguments or "") for call in response.tool_calls)
