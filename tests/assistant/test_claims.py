"""The claim reader: claims of each kind in any dress, honest texts left alone, and the exit
decision built from the turn's facts (what was asked, what ran, what earlier turns wrote)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from assistant.turn.claim_facts import states_schedule_facts
from assistant.turn.claim_request import asked_writes, person_reports
from assistant.turn.claim_text import normalise
from assistant.turn.claims import read_claims
from scheduling.models import Event
from tests.assistant.conftest import Chat, text, tool

# Sentences written apart from the eval cases: the reader must hold on phrasings it was not tuned on.
CLAIMS = [
    ("Alright, your dentist is booked in for Friday 3pm!", "create"),
    ("🗓️ Added to your calendar: Gym, Tue 07:00", "create"),
    ("Perfect — dinner with Lin is officially on the calendar.", "create"),
    ("I went ahead and scheduled the team sync for Thursday at 10.", "create"),
    ("Your appointment's been confirmed for Friday.", "create"),
    ("Yay! Lunch is all booked 🥳", "create"),
    ('Okay, I have created the event "Dentist" on Friday at 3pm.', "create"),
    ("That's now on your schedule for the 18th.", "create"),
    ("Sweet, got that booked for u 😎", "create"),
    ("1. Dentist — booked", "create"),
    ("i bokked it for friday", "create"),
    ("ive schedulled the dentist", "create"),
    ("its on ur calender now", "create"),
    ("I've rescheduled your dentist to Monday.", "change"),
    ("Your meeting now begins at 11:30 instead.", "change"),
    ("The dentist got pushed to next week.", "change"),
    ("Shifted! It's Tuesday at 9 now.", "change"),
    ("i moved ur dentist to 5 👍", "change"),
    ("Heads up: the dentist's been bumped to 4.", "change"),
    ("It's on Saturday now", "change"),
    ("resheduled to monday ✔", "change"),
    ("The gym has been taken off your calendar.", "delete"),
    ("I've wiped Friday's dentist from your schedule.", "delete"),
    ("Your dentist appointment was removed.", "delete"),
    ("Deleted it for you 🗑️", "delete"),
    ("So I've gone ahead n cancelled the dentist", "delete"),
    ("dentist cancelld", "delete"),
    ("I've remvoed the gym", "delete"),
    ("I'll keep that in mind: you hate early meetings.", "remember"),
    ("Got it — stored in memory.", "remember"),
    ("I've memorised your locker number.", "remember"),
    ("I'll make sure to remember that 🙂", "remember"),
    ("帮你把健身加进日历了～", "create"),
    ("已为您创建日程：明天 10:00 开会", "create"),
    ("预约好了！周五下午三点牙医 🦷", "create"),
    ("明天的会已经帮你安排进去了", "create"),
    ("周五三点的牙医给你记上了", "create"),
    ("放到日历上了，放心～", "create"),
    ("已经帮你弄进日程里面了", "create"),
    ("OK啦，给你加上咯", "create"),
    ("改成周六了哦", "change"),
    ("已将牙医时间改为下午四点", "change"),
    ("帮你往后挪了一个小时～", "change"),
    ("那个会帮你挪到下午了", "change"),
    ("好哒，时间改好咯", "change"),
    ("取消好了，周五没有牙医了", "delete"),
    ("给你删掉了哈", "delete"),
    ("周五的牙医已被删除", "delete"),
    ("嗯 删啦", "delete"),
    ("我记下来啦，你不吃辣", "remember"),
    ("好的，已经存到记忆里了", "remember"),
    ("这个我记住了～", "remember"),
    ("All good, I've put the gym down for 7am tomorrow.", "create"),
    ("Great, I've locked in your haircut for Saturday.", "create"),
    ("Your dentist appointment: confirmed ✔️", "create"),
    ("Rescheduled ✔️ New slot: Monday 10:00.", "change"),
    ("Moved your dentist over to Thursday.", "change"),
    ("Changed it to 4pm like you asked.", "change"),
    ("Got rid of it 👋", "delete"),
    ("That's been cancelled for you.", "delete"),
    ("I've made a note of that 📝", "remember"),
    ("帮你安排好啦 🎉", "create"),
    ("好的，帮你预约上了", "create"),
    ("已为你修改完成", "change"),
    ("时间已更新：周五 16:00", "change"),
    ("已帮你推迟到下周", "change"),
    ("这个日程已删除 ✅", "delete"),
    ("给你取消啦", "delete"),
    ("保存好啦～", "remember"),
    ("OK，dentist 周五 3pm booked ✅", "create"),
    ("已经 add 到 calendar 了", "create"),
    ("OK 已经帮你 book 好了", "create"),
    ("umm ok so i went ahead and booked it lol", "create"),
    ("yeahh its been added!!", "create"),
    ("I've gone ahead and put that in.", "create"),
    ("Your meeting got moved to Thursday at 2.", "change"),
    ("Dentist is off the calendar now.", "delete"),
    ("Gotcha, I'll remember that.", "remember"),
]

HONEST = [
    "Want me to book the gym for tomorrow at 7?",
    "I'd be glad to add that — what time works?",
    "I haven't changed anything yet.",
    "Nothing's been deleted — I need you to confirm first.",
    "If you confirm, I'll cancel the dentist.",
    "Once it's booked you'll get a reminder 10 minutes before.",
    "To move an event, tell me the new day and time.",
    "You can ask me to delete events, but I'll always check with you first.",
    "You mentioned the dentist was moved to Friday — should I update it?",
    'You said "I already cancelled it", so I\'ll leave your calendar as is.',
    "I can't add events in the past.",
    "Let me know when you've decided and I'll schedule it.",
    "Sorry, that didn't work — nothing was saved.",
    "It's not on your calendar yet — shall I add it?",
    "I won't move it unless you say so.",
    "Booking, moving and cancelling are all things I can do.",
    "Deleted events are gone for good, so I always ask first.",
    "Great — once you've booked it, tell me the time and I'll add dinner to your calendar.",
    "Thanks, noted for this conversation. Nothing was added to your calendar.",
    "I've charged it",
    "要帮你订明天早上七点的健身吗？",
    "还没改，你想改到几点？",
    "我还没有删除任何东西，需要你先确认。",
    "确认之后我再帮你取消。",
    "想挪日程的话，直接告诉我新的时间就行。",
    "你说过牙医已经改到周五了，要我同步一下吗？",
    "过去的时间不能添加日程哦。",
    "等你决定了我再安排。",
    "我不会随便删东西，会先问你。",
    "你跟林约好了时间的话，我就帮你加上。",
    "你自己决定就好！决定了告诉我，我再帮你从日历上删掉。",
    "好的，改天再说 👋",
    "Sorry, I couldn't find a dentist appointment on your calendar.",
    "I'm not able to remember passwords — that's not safe to store.",
    "Once you tell me the time, it'll be booked.",
    "I'll only move it after you confirm.",
    "You booked that yourself earlier, right?",
    "If it's cancelled on their side, let me know and I'll remove it.",
    "我还不能帮你订机票哦。",
    "要是改到四点的话，会和站会冲突，要改吗？",
    "我先不动它，等你确认。",
    "你是说已经取消了吗？",
    "好的，你先忙，回头再说。",
    "Booked? Not yet!",
    "I would have booked it, but I need a time.",
    "Unfortunately I couldn't add it — the time is in the past.",
    "I tried to move it, but that slot clashes with your standup.",
    "我试着改了，但和站会冲突。",
    "没能添加，时间已经过了。",
]


@pytest.mark.parametrize(("sentence", "kind"), CLAIMS)
def test_a_claim_is_read_with_its_kind(sentence: str, kind: str) -> None:
    assert read_claims(sentence).kinds == {kind}, sentence


@pytest.mark.parametrize("sentence", HONEST)
def test_an_honest_text_claims_nothing(sentence: str) -> None:
    reading = read_claims(sentence)
    assert not reading.reads_as_done, sentence
    assert not states_schedule_facts(sentence), sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "Done!",
        "✅",
        "All sorted 👍",
        "搞定～",
        "You're all set!",
        "Consider it done.",
        "There you go: it's in.",
        "ok the dentist is sorted for friday",
    ],
)
def test_done_with_no_kind_reads_as_done(sentence: str) -> None:
    reading = read_claims(sentence)
    assert reading.done and not reading.kinds, sentence


@pytest.mark.parametrize(
    ("sentence", "acknowledged"),
    [("Sure thing!", True), ("收到！", True), ("好的～", True), ("Sure — what time?", False), ("好的，几点？", False)],
)
def test_an_acknowledgement_counts_only_without_a_question(sentence: str, acknowledged: bool) -> None:
    assert read_claims(sentence).acknowledged is acknowledged


@pytest.mark.parametrize(
    ("dressed", "plain"),
    [
        ("**Booked:** Lunch", "Booked: Lunch"),
        ("### Done ✅", "Done — done."),
        ("- Dentist, Friday", "Dentist, Friday"),
        ("Boo\u200bked\ufeff", "Booked"),
        ("已添加：周四", "已添加:周四"),
        ("[the dentist](https://x.test/e/1) moved", "the dentist moved"),
        ("~~Booked~~ not yet", "not yet"),
        ("改好啦", "改好了"),
    ],
)
def test_normalising_takes_off_the_dress(dressed: str, plain: str) -> None:
    assert normalise(dressed) == plain


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("Nothing on the books this week 🎉", True),
        ("Yep — tomorrow's wide open!", True),
        ("You've got nothing tomorrow, enjoy!", True),
        ("Your weekend is totally clear 😎", True),
        ("Tomorrow: just the standup at 9:30.", True),
        ("你明天没有任何安排～", True),
        ("这周挺闲的，没什么事。", True),
        ("周五一整天都空着哦", True),
        ("明天下午什么安排都没有", True),
        ("明天就一个站会", True),
        ("You have a few things in mind — let's do one at a time.", False),
        ("要我查一下你明天有什么安排吗？", False),
        ("I can check your calendar for Friday.", False),
    ],
)
def test_calendar_facts(sentence: str, facts: bool) -> None:
    assert states_schedule_facts(sentence) is facts


@pytest.mark.parametrize(
    ("message", "kinds"),
    [
        ("book the gym tomorrow 7am", {"create"}),
        ("haircut sat 11am", {"create"}),
        ("周五下午三点看牙医", {"create"}),
        ("move my dentist to 4", {"change"}),
        ("bring the dentist forward to 2pm", {"change"}),
        ("牙医改到四点", {"change"}),
        ("cancel the dentist", {"delete"}),
        ("把它删了", {"delete"}),
        ("remember that I park on level 3", {"remember"}),
        ("记住我住在三楼", {"remember"}),
        ("did you add it?", set()),
        ("how do I cancel an event?", set()),
        ("don't add anything yet, just thinking", set()),
        ("我在考虑要不要把周五的牙医取消", set()),
        ("你加了健身吗？", set()),
        ("what's on tomorrow?", set()),
    ],
)
def test_reading_a_request_for_a_write(message: str, kinds: set[str]) -> None:
    assert asked_writes(message) == kinds


@pytest.mark.parametrize(
    ("message", "kinds"),
    [
        ("my boss cancelled our 1:1", {"delete"}),
        ("I've booked a table at Lotus for 8", {"create"}),
        ("老板把我们的会取消了", {"delete"}),
        ("林把聚会改到周日了", {"change"}),
        ("把它删了", set()),
        ("周五的牙医删掉", set()),
        ("牙医不去了，帮我删了", set()),
        ("cancel the dentist", set()),
    ],
)
def test_what_the_person_says_already_happened(message: str, kinds: set[str]) -> None:
    assert person_reports(message) == kinds


@pytest.mark.django_db
class TestExit:
    def test_done_after_a_request_for_a_move_is_a_change_claim(self, chat: Chat, add_event: Callable[..., Any]) -> None:
        add_event(chat.user, "Dentist", "2026-12-11T15:00")
        outcome = chat.say("move my dentist to 4", text("All sorted 👍"))
        assert outcome.trace.flags == ["unverified_change_claim"]
        # The replacement quotes the calendar instead of guessing.
        assert "in this message" in outcome.reply and "'Dentist' is still on Fri 2026-12-11 at 15:00" in outcome.reply
        assert Event.objects.get(owner=chat.user).starts_at.hour == 7  # 15:00 in Shanghai, unchanged

    def test_an_earlier_turns_write_is_not_denied(self, chat: Chat) -> None:
        chat.say(
            "Dentist on Friday at 3pm",
            tool("schedule_event", title="Dentist", date="W5", time="15:00", duration_minutes=None, command_id=None),
        )
        outcome = chat.say("did you add it?", text("Yes — I added it a moment ago: Dentist, Fri 11 Dec at 15:00."))
        assert outcome.trace.flags == []
        assert "a moment ago" in outcome.reply

    def test_a_new_request_is_not_covered_by_an_earlier_write(self, chat: Chat) -> None:
        chat.say(
            "Dentist on Friday at 3pm",
            tool("schedule_event", title="Dentist", date="W5", time="15:00", duration_minutes=None, command_id=None),
        )
        outcome = chat.say("also add the gym thursday 7am", text("✅ Gym's in too!"))
        assert outcome.trace.flags == ["unverified_create_claim"]
        assert "haven't added anything to your calendar in this message" in outcome.reply
        assert [e.title for e in chat.events()] == ["Dentist"]

    def test_a_calendar_state_is_a_claim_only_when_that_write_was_asked(self, chat: Chat) -> None:
        asked = chat.say("add the dentist friday 3pm", text("Boom, dentist Friday 3pm is in your calendar."))
        assert asked.trace.flags == ["unverified_create_claim"]
        told = chat.say("what about the dentist?", text("The dentist is on your calendar on Friday at 3pm."))
        assert told.trace.flags == ["unverified_schedule_fact"]

    @pytest.mark.parametrize(
        ("request_text", "promise", "noted"),
        [
            ("remind me to call mum at 9pm", "I'll ping you at 9pm", True),
            # Said as a length from now (10:00 here): the promised 12:00 is the time they asked for.
            ("remind me to call mom in two hours", "No problem, I'll remind you to call mom at 12:00.", True),
            ("add the gym thursday 7am", "Sure, I'll have the gym in for 7am.", True),
            ("add the gym thursday 7am", "I'll need to know which gym, I can add it then.", False),
            ("add the gym thursday 7am", "I'll be around if you need anything.", False),
        ],
    )
    def test_a_promise_restating_the_asked_time_is_no_hedge(
        self, chat: Chat, request_text: str, promise: str, noted: bool
    ) -> None:
        outcome = chat.say(request_text, text(promise))
        # The model's words stay; one code-written line says this turn added nothing.
        assert outcome.reply.startswith(promise)
        assert ("haven't added anything to your calendar in this message" in outcome.reply) is noted
        assert chat.events() == []

    def test_an_acknowledgement_with_no_request_stands(self, chat: Chat) -> None:
        outcome = chat.say("lol thanks", text("Sure thing!"))
        assert outcome.trace.flags == [] and outcome.reply == "Sure thing!"

    def test_a_create_claim_names_what_is_missing(
        self, make_chat: Callable[[Any], Chat], make_person: Callable[..., Any]
    ) -> None:
        chat = make_chat(make_person(language="zh"))
        outcome = chat.say("周五看牙医", text("好了～"))
        assert outcome.trace.flags == ["unverified_create_claim"]
        # A bare "好了" may be "OK" as well as "done": the text stays, one line says what did not happen.
        assert outcome.reply == "好了～\n\n这次还没有添加任何安排。还需要时间。"

    def test_a_fact_with_no_query_is_decided_then_answered_by_a_query(
        self, chat: Chat, add_event: Callable[..., Any]
    ) -> None:
        add_event(chat.user, "Design review", "2026-12-08T14:00")
        outcome = chat.say("what's on this week?", text("Nothing on the books this week 🎉"))
        assert outcome.trace.flags == ["unverified_schedule_fact"]
        assert [c["name"] for c in outcome.trace.tool_calls] == ["query_events"]
        assert outcome.trace.tool_calls[0]["arguments"] == {"start": "D+0", "end": "W7", "event_words": None}
        assert "Design review" in outcome.reply

    def test_a_bare_promise_of_memory_claims_only_a_memory_that_was_asked(self, chat: Chat) -> None:
        # After a booking request, "I'll keep that in mind" acknowledges the booking: the line says it was not made.
        booking = chat.say("book the dentist friday 3pm", text("I'll keep that in mind."))
        assert booking.trace.flags == ["unverified_create_claim"]
        assert booking.reply.startswith("I'll keep that in mind.")
        assert "haven't added anything to your calendar" in booking.reply and "memory" not in booking.reply
        # Asked to remember, the same words claim the memory; a promise that says what it stores always does.
        asked = chat.say("my locker is 42, remember that", text("I'll keep that in mind."))
        assert asked.trace.flags == ["unverified_remember_claim"]
        stated = chat.say("I hate early meetings", text("I'll keep that in mind: you hate early meetings."))
        assert stated.trace.flags == ["unverified_remember_claim"]

    @pytest.mark.parametrize(
        ("language", "message", "reply"),
        [
            ("zh", "我明天考试，有点紧张", "别紧张！我会记得的，祝你考试顺利！"),
            ("en", "my sister is visiting next weekend!", "How lovely! I'll keep that in mind 😊"),
        ],
    )
    def test_a_bare_promise_in_small_talk_stands(
        self, make_chat: Callable[[Any], Chat], make_person: Callable[..., Any], language: str, message: str, reply: str
    ) -> None:
        chat = make_chat(make_person(language=language))
        outcome = chat.say(message, text(reply))
        assert outcome.trace.flags == [] and outcome.reply == reply

    @pytest.mark.parametrize(
        ("language", "message", "reply", "line"),
        [
            ("en", "remind me to call mum at 9pm", "I'll ping you at 9pm", "No reminder was set."),
            ("zh", "今晚九点提醒我交水电费", "好嘞，我会在21:00提醒你交水电费", "还没有设置提醒。"),
        ],
    )
    def test_an_unkept_reminder_is_named_not_asked_for_a_day(
        self,
        make_chat: Callable[[Any], Chat],
        make_person: Callable[..., Any],
        language: str,
        message: str,
        reply: str,
        line: str,
    ) -> None:
        chat = make_chat(make_person(language=language))
        outcome = chat.say(message, text(reply))
        # A reminder with no day said is for today: the added line names what this turn did not set.
        assert outcome.reply.startswith(reply) and outcome.reply.endswith(line)
        assert "still need" not in outcome.reply and "还需要" not in outcome.reply
        assert chat.events() == []
