"""Authority for values computed from what was said (held-out rounds 67–69): a reminder's lead said as a time on a
day counted from the event, a bare weekday said of the event just made, and a request taken back at its end."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from assistant.turn.authority import hold_reason, provenance_for
from scheduling.models import Event
from tests.assistant.conftest import Chat, tool
from tests.assistant.test_authority import TODAY, reason


@pytest.mark.parametrize(
    ("tool_name", "arguments", "starts", "held"),
    [
        ("schedule_event", {"title": "年度体检", "date": "W1+1", "time": "10:00", "reminder_minutes": 840}, None, False),  # Sun 20:00
        ("schedule_event", {"title": "年度体检", "date": "W1+1", "time": "10:00", "reminder_minutes": 900}, None, True),  # Sun 19:00: not said
        ("set_reminder", {"event_ref": "E1", "minutes_before": 840}, "2026-12-14T10:00", False),
        ("set_reminder", {"event_ref": "E1", "minutes_before": 2280}, "2026-12-14T10:00", True),  # two days before: not what was said
    ],
)
def test_a_lead_said_as_a_time_on_a_day_counted_from_the_event_is_traced(
    tool_name: str, arguments: dict[str, object], starts: str | None, held: bool
) -> None:
    # "前一天晚上八点提醒我": the lead is the time from that moment to the event's start, computed by code.
    assert (reason(tool_name, arguments, "下周一上午十点 年度体检 前一天晚上八点提醒我", starts=starts) is not None) is held


@pytest.mark.parametrize(
    ("message", "held"),
    [("周六上午九点爬山 帮我记上 算了", True), ("book climbing saturday 9am, nah forget it", True),
     ("算了不管了 周六上午九点爬山 帮我记上", False), ("book climbing saturday 9am", False)],
)  # fmt: skip
def test_a_request_taken_back_at_its_end_authorises_no_write(message: str, held: bool) -> None:
    # For every model: what the last phrase takes back is asked on a card, never written.
    arguments = {"title": "爬山" if "爬山" in message else "Climbing", "date": "W6", "time": "09:00", "duration_minutes": None}
    assert (reason("schedule_event", arguments, message) == "unasked") is held


@pytest.mark.parametrize(("date", "held"), [("2026-12-17", False), ("2026-12-24", True)])
def test_a_weekday_said_of_the_event_just_made_is_that_weeks(date: str, held: bool) -> None:
    # Dinner was booked for next Wednesday (the 16th); "不对 是周四" is that week's Thursday, the 17th.
    provenance = provenance_for(person_texts=["不对 是周四"], slot_values=[], today=TODAY, event_days=["2026-12-16"])
    arguments = {"event_ref": "E1", "date": date, "time": None}
    found = hold_reason(tool="change_event", arguments=arguments, provenance=provenance, read_tools=(), current_text="不对 是周四")
    assert (found is not None) is held, found


@pytest.mark.parametrize(
    ("message", "days_before", "held"),
    [("remind me the night before the flight at 8pm", 1, False), ("体检前一天晚上八点提醒我一下", 1, False),
     ("remind me at 8pm about the flight", 1, True),  # no day counted from the event was said: asked on a card
     ("remind me two days before the flight at 8pm", 1, True)],
)  # fmt: skip
def test_days_counted_back_from_the_event_trace_to_the_words_that_count_them(message: str, days_before: int, held: bool) -> None:
    arguments = {"event_words": "flight", "time": "20:00", "days_before": days_before}
    assert (reason("set_reminder", arguments, message) is not None) is held


@pytest.mark.parametrize(
    ("said", "title", "time", "lead", "held"),
    [("and another squash monday same time", "Squash", "10:00", None, False), ("and another squash monday", "Squash", "10:00", None, True),
     ("and another squash monday same time", "Squash", "11:00", None, True), ("same for monday", "Squash", "10:00", None, False),
     ("same for the optician", None, None, 60, False), ("and the optician", None, None, 60, True)],
)  # fmt: skip
def test_same_points_at_the_event_and_reminder_just_talked_about_for_every_model(
    chat: Chat, add_event: Callable[..., Event], said: str, title: str | None, time: str | None, lead: int | None, held: bool
) -> None:
    # Squash was booked for Sunday at 10:00 with a reminder an hour before: "same" is its name, time and lead, traced by code.
    optician = add_event(chat.user, "Optician", "2026-12-17T11:00", 30)
    chat.say("squash sunday 10am, remind me an hour before",
             tool("schedule_event", title="Squash", date="W7", time="10:00", duration_minutes=None, command_id=None, reminder_minutes=60))  # fmt: skip
    call = (tool("schedule_event", title=title, date="W1+1", time=time, duration_minutes=None, command_id=None) if title
            else tool("set_reminder", event_ref=f"E{optician.id}", minutes_before=lead))  # fmt: skip
    outcome = chat.say(said, call)
    assert ([c["status"] for c in outcome.trace.tool_calls] == ["needs_confirmation"]) is held


def test_same_never_points_at_an_event_only_shown(chat: Chat, add_event: Callable[..., Event]) -> None:
    # An event only listed (its title is data, perhaps imported) is no name the person said: a copy of it asks first.
    add_event(chat.user, "Squash", "2026-12-13T10:00", 60)
    chat.say("what's on sunday", tool("query_events", start="W7", end=None, event_words=None))
    outcome = chat.say("same for monday", tool("schedule_event", title="Squash", date="W1+1", time="10:00", duration_minutes=None, command_id=None))
    assert [c["status"] for c in outcome.trace.tool_calls] == ["needs_confirmation"]
