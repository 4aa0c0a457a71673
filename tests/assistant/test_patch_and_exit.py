"""Code reads field patches for the fast path; the exit invariant tells claims from honest text."""

from __future__ import annotations

import datetime

import pytest

from assistant.turn.exit import claimed_writes, states_schedule_facts
from assistant.turn.patch import read_patch

MONDAY = datetime.date(2026, 12, 7)


@pytest.mark.parametrize(
    ("text", "date", "time", "duration", "title"),
    [
        ("3pm", None, "15:00", None, None),
        ("Saturday at 3pm", "W6", "15:00", None, None),
        ("make it 4", None, "16:00", None, None),
        ("4点吧", None, "16:00", None, None),
        ("周六下午三点", "W6", "15:00", None, None),
        ("明天上午十点", "D+1", "10:00", None, None),
        ("actually make it Sunday", "W7", None, None, None),
        ("how about next Friday at 10:30", "W5+1", "10:30", None, None),
        ("那周日吧", "W7", None, None, None),
        ("for 2 hours", None, None, 120, None),
        ("90 minutes", None, None, 90, None),
        ("一个半小时", None, None, 90, None),
        ("call it Dentist", None, None, None, "Dentist"),
        ("叫它团队午餐", None, None, None, "团队午餐"),
        ("2026-12-12", "2026-12-12", None, None, None),
        ("2026-12-08 14:00", "2026-12-08", "14:00", None, None),
        ("15h", None, "15:00", None, None),
    ],
)
def test_patches_are_read(
    text: str, date: str | None, time: str | None, duration: int | None, title: str | None
) -> None:
    reading = read_patch(text, today=MONDAY, prefer_near=datetime.time(15, 0))
    assert reading is not None, text
    patch = reading.patch
    assert (patch.date, patch.time, patch.duration_minutes, patch.title) == (date, time, duration, title)


@pytest.mark.parametrize(
    "text",
    [
        "what's on Saturday?",
        "what is on Sunday",
        "and on Sunday?",
        "那周日呢？",
        "how about 4pm?",
        "before that, what's on Saturday?",
        "cancel the meeting on Friday",
        "delete it",
        "周六有什么安排？",
        "明天我有空吗",
        "remember that mum's birthday is 14 March",
        "book a dentist appointment on Friday at 3pm with Dr Li",
        "never mind",
        "yes",
        "",
        "x" * 200,
    ],
)
def test_anything_more_than_a_patch_goes_to_the_model(text: str) -> None:
    assert read_patch(text, today=MONDAY) is None


def test_a_bare_reply_is_never_a_title() -> None:
    # Only an explicit naming gives a title; "Team lunch" alone goes to the model, which asked.
    for not_a_title in ("Team lunch", "Sounds good.", "never mind", "what?", "算了", "cancel", "你好"):
        assert read_patch(not_a_title, today=MONDAY) is None


FAKE = [
    "I've booked your dentist for Friday at 3pm.",
    "Done! It's on your calendar.",
    "All set — the meeting has been scheduled.",
    "Your lunch is now on your calendar.",
    "I have added the gym session for tomorrow morning.",
    "已经帮你安排好了。",
    "已添加到日程。",
    "好的，约好了，周五下午三点。",
    "I moved it to 4pm.",
    "The meeting has been rescheduled to Friday.",
    "已经改到周五了。",
    "I've deleted the dentist appointment.",
    "It has been removed from your calendar.",
    "已经删除了。",
    "I'll remember that.",
    "Noted! Your mum's birthday is 14 March.",
    "记住了。",
    "Added the dentist for Friday at 3pm.",
    "Your dentist appointment is booked for Friday at 3pm.",
    "Dentist on Friday at 3pm has been added.",
    "Booked the dentist for Friday 3pm.",
    "Cancelled the gym.",
    "Gym deleted.",
    "Dentist moved to Saturday.",
    "健身已取消。",
    "Confirmed: dentist on Friday at 3pm.",
]
HONEST = [
    "Would you like me to book it?",
    "要我帮你安排吗？",
    "Once you tell me the time, I'll add it.",
    "I haven't scheduled anything yet.",
    "还没有添加任何安排。",
    "I can create, move and cancel appointments.",
    "What time should it start?",
    "I can't delete other people's events.",
    "Sorry, I didn't catch that. Could you say it again?",
    "If you want, I can move it to 4pm.",
    "Shall I add it to your calendar?",
    "Nothing has been added to your calendar yet.",
    "我可以帮你安排会议。",
    "你想安排在几点？",
    "Booked, moved, cancelled — I handle all of these for your calendar.",
    "Lin's table has been booked for 19:30, according to what you said. Should I add dinner?",
    "After the flight has been booked, send me the arrival time and I'll add it.",
    "Is it booked already?",
]


@pytest.mark.parametrize("text", FAKE)
def test_write_claims_are_recognised(text: str) -> None:
    assert claimed_writes(text), text


@pytest.mark.parametrize("text", HONEST)
def test_honest_texts_claim_nothing(text: str) -> None:
    assert claimed_writes(text) == set(), text
    assert not states_schedule_facts(text), text


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("Your calendar is clear tomorrow.", True),
        ("You have two meetings on Friday.", True),
        ("You're free all afternoon on Tuesday.", True),
        ("There's nothing scheduled for tomorrow.", True),
        ("你明天有两个会。", True),
        ("你周五下午有空。", True),
        ("Nothing tomorrow.", True),
        ("Tomorrow you have two meetings.", True),
        ("There's a standup at 9 tomorrow.", True),
        ("The dentist is on Friday at 3pm.", True),
        ("Do you have anything on Friday? I can check.", False),
        ("I can check your calendar for tomorrow.", False),
        ("你想查哪一天的安排？", False),
    ],
)
def test_schedule_facts_are_recognised(text: str, facts: bool) -> None:
    assert states_schedule_facts(text) is facts


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("yes", "yes"),
        ("Yes, go ahead", "yes"),
        ("好的，删吧", "yes"),
        ("确定删除", "yes"),
        ("对，删掉", "yes"),
        ("可以的", "yes"),
        ("sure", "yes"),
        ("OK!", "yes"),
        ("yes please", "yes"),
        ("no", "no"),
        ("no, keep it", "no"),
        ("不用了", "no"),
        ("不要了", "no"),
        ("不需要", "no"),
        ("别删了", "no"),
        ("不删了", "no"),
        ("不用了，谢谢", "no"),
        ("nope", "no"),
        ("yes but move it to 4pm", None),
        ("no, delete the other one", None),
        ("maybe", None),
        ("thanks", None),
        ("yes pls", "yes"),
        ("no thx", "no"),
        ("pls", None),
        ("yes no", None),
        ("what do you mean?", None),
        ("", None),
        ("ok " * 30, None),
    ],
)
def test_short_answers(text: str, answer: str | None) -> None:
    from assistant.reading.answers import read_short_answer

    assert read_short_answer(text) == answer


@pytest.mark.parametrize(
    "text",
    [
        "call it off",
        "call it a day",
        "叫停",
        "in 2 hours",
        "in 30 minutes",
        "move it an hour",
        "push it an hour",
        "an hour later",
    ],
)
def test_idioms_and_shifts_are_not_patches(text: str) -> None:
    assert read_patch(text, today=MONDAY) is None


@pytest.mark.parametrize(
    "text",
    [
        "not now",
        "nah",
        "wait",
        "hold on",
        "leave it",
        "skip",
        "I don't know",
        "no idea",
        "whatever",
        "不知道",
        "随便",
        "等一下",
    ],
)
def test_hesitations_are_not_titles(text: str) -> None:
    assert read_patch(text, today=MONDAY) is None
