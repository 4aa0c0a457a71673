"""Multi-turn conversations that reveal, revise, switch and return, in English and Chinese,
through the real pipeline with the scripted model."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.utils import timezone

from assistant.intent.confirmations import confirmation_create
from assistant.intent.state import Goal, IntentState
from assistant.intent.store import state_get
from assistant.models import Message, PendingConfirmation
from scheduling.models import CommandChange, CommandStatus, Event
from tests.assistant.conftest import Chat, local, text, tool

pytestmark = pytest.mark.django_db

# Monday 2026-12-07 10:00 in Asia/Shanghai.


def create(title: str | None = None, date: str | None = None, time: str | None = None, **rest: Any) -> dict[str, Any]:
    return tool(
        "schedule_event",
        title=title,
        date=date,
        time=time,
        duration_minutes=rest.get("duration_minutes"),
        command_id=rest.get("command_id"),
    )


def change(**fields: Any) -> dict[str, Any]:
    base = {"event_ref": None, "ordinal": None, "title": None, "date": None, "time": None, "duration_minutes": None}
    return tool("change_event", **{**base, **fields})


def intent(chat: Chat) -> IntentState:
    return state_get(thread=chat.thread).intent_state


def goal(chat: Chat) -> Goal:
    current = intent(chat).goal
    assert current is not None
    return current


@pytest.fixture
def zh_chat(make_chat: Callable[[Any], Chat], make_person: Callable[..., Any]) -> Chat:
    return make_chat(make_person("li", language="zh"))


def test_reveal_and_revise_before_creation(chat: Chat) -> None:
    chat.say("Dinner with Lin on Saturday", create("Dinner with Lin", "W6"))
    revised = chat.say("actually make it Sunday")
    assert revised.trace.route == "fast_path" and chat.events() == []
    assert [t["type"] for t in revised.trace.transitions] == ["revise"]
    done = chat.say("7:30pm")
    assert [t["type"] for t in done.trace.transitions] == ["reveal", "continue"]
    [event] = chat.events()
    assert local(event) == "Sun 2026-12-13 19:30"
    change = CommandChange.objects.get(kind="revise")
    assert (change.field, change.old_value, change.new_value, change.note) == ("date", "W6", "W7", "superseded")
    superseded = intent(chat).superseded[0]
    assert (superseded.goal, superseded.slot, superseded.old, superseded.new) == ("g1", "date", "W6", "W7")


def test_revise_after_creation_moves_the_event_and_leaves_one_time(chat: Chat) -> None:
    chat.say("Dentist Friday 3pm", create("Dentist", "W5", "15:00"))
    moved = chat.say("actually 4pm", change(time="16:00"))
    [event] = chat.events()
    assert local(event) == "Fri 2026-12-11 16:00"
    assert "Changed" in moved.reply and "16:00" in moved.reply
    [revise] = [t for t in moved.trace.transitions if t["type"] == "revise"]
    assert revise["patch"]["slots"] == {"time": {"old": "15:00", "new": "16:00"}}
    assert intent(chat).constraints["time"] == "16:00"


def test_switch_to_a_query_then_resume_by_name(chat: Chat, add_event: Callable[..., Event]) -> None:
    add_event(chat.user, "Yoga", "2026-12-12T09:00")
    chat.say("Dinner with Lin on Saturday", create("Dinner with Lin", "W6"))
    detour = chat.say("before that, what's on Saturday?", tool("query_events", start="W6", end=None))
    assert "'Yoga'" in detour.reply
    assert len(intent(chat).suspended) == 1 and goal(chat).kind == "query"
    back = chat.say("ok, back to the dinner", tool("resume_task", task_ref=None))
    assert "back to 'Dinner with Lin'" in back.reply and "What time?" in back.reply
    assert intent(chat).suspended == () and intent(chat).constraints == {
        "title": "Dinner with Lin",
        "date": "W6",
        "duration_minutes": 60,
    }
    done = chat.say("7pm")
    assert done.trace.route == "fast_path"
    assert [local(e) for e in chat.events()] == ["Sat 2026-12-12 09:00", "Sat 2026-12-12 19:00"]


def test_chinese_switch_and_resume(zh_chat: Chat) -> None:
    zh_chat.say("周六和林一起吃晚饭", create("和林一起吃晚饭", "W6"))
    zh_chat.say("等一下，周六我还有什么安排？", tool("query_events", start="W6", end=None))
    back = zh_chat.say("继续刚才那个", tool("resume_task", task_ref=None))
    assert "回到「和林一起吃晚饭」" in back.reply
    zh_chat.say("晚上7点")
    [event] = zh_chat.events()
    assert (event.title, local(event)) == ("和林一起吃晚饭", "Sat 2026-12-12 19:00")


def test_a_bare_patch_after_a_detour_continues_the_put_aside_task(chat: Chat) -> None:
    chat.say("Lunch with Sam tomorrow", create("Lunch with Sam", "D+1"))
    chat.say("what else is on tomorrow?", tool("query_events", start="D+1", end=None))
    done = chat.say("12:30")
    assert done.trace.route == "fast_path" and chat.model_calls == 0
    assert done.trace.transitions[0]["type"] == "switch"
    [event] = chat.events()
    assert local(event) == "Tue 2026-12-08 12:30"
    assert goal(chat).title == "Lunch with Sam" and intent(chat).suspended == ()


def test_that_one_after_a_single_result_then_yes(chat: Chat, add_event: Callable[..., Event]) -> None:
    add_event(chat.user, "Dentist", "2026-12-11T15:00")
    chat.say("what's on Friday?", tool("query_events", start="W5", end=None))
    ask = chat.say("delete that one", tool("delete_event", event_ref=None, ordinal=None))
    assert ask.reply == "Delete Fri 11 Dec 15:00–16:00 'Dentist'? (yes / no)"
    assert len(chat.events()) == 1
    done = chat.say("yes")
    assert done.trace.route == "confirmation" and chat.events() == []
    assert "Deleted" in done.reply


def test_ambiguous_it_asks_and_the_second_one_resolves(chat: Chat, add_event: Callable[..., Event]) -> None:
    add_event(chat.user, "Standup", "2026-12-08T09:30", 15)
    add_event(chat.user, "Review", "2026-12-08T14:00")
    chat.say("what's on tomorrow?", tool("query_events", start="D+1", end=None))
    which = chat.say("cancel it", tool("delete_event", event_ref=None, ordinal=None))
    assert "Which one do you mean?" in which.reply and "'Standup'" in which.reply and "'Review'" in which.reply
    chat.say("the second one", tool("delete_event", event_ref=None, ordinal=2))
    chat.say("yes")
    assert [e.title for e in chat.events()] == ["Standup"]


def test_an_approval_goes_stale_after_a_switch(chat: Chat, add_event: Callable[..., Event]) -> None:
    add_event(chat.user, "Dentist", "2026-12-11T15:00")
    chat.say("delete the dentist on friday", tool("query_events", start="W5", end=None))
    ask = chat.say("delete it", tool("delete_event", event_ref=None, ordinal=None))
    card = ask.assistant_message.card
    chat.say("wait, what's on Saturday?", tool("query_events", start="W6", end=None))
    typed = chat.say("yes", text("Sorry — yes to what? Tell me what you'd like to do."))
    assert typed.trace.route == "model" and len(chat.events()) == 1
    from assistant.turn.inputs import handle_confirmation

    pressed = handle_confirmation(
        user=chat.user, confirmation_id=card["confirmation_id"], decision="confirm", action_digest=card["action_digest"]
    )
    assert "stale_confirmation" in pressed.trace.flags
    assert "ask again" in pressed.reply and len(chat.events()) == 1
    assert PendingConfirmation.objects.get(id=card["confirmation_id"]).status == "stale"


def test_chinese_memory_is_read_before_writing(zh_chat: Chat) -> None:
    zh_chat.say("记住我妈妈的生日是3月14日", tool("remember_fact", topic="妈妈的生日", fact="妈妈的生日是3月14日"))
    outcome = zh_chat.say(
        "妈妈生日那天晚上7点安排吃饭",
        tool("search_memory", query="妈妈 生日"),
        create("妈妈生日晚饭", "03-14", "19:00"),
    )
    assert [c["name"] for c in outcome.trace.tool_calls] == ["search_memory", "schedule_event"]
    assert zh_chat.events() == [] and "确认" in outcome.reply
    zh_chat.say("好")
    [event] = zh_chat.events()
    assert local(event) == "Sun 2027-03-14 19:00"


def test_nothing_in_memory_means_asking_not_guessing(chat: Chat) -> None:
    outcome = chat.say(
        "dinner on dad's birthday", tool("search_memory", query="dad birthday"), text("When is your dad's birthday?")
    )
    assert outcome.trace.flags == [] and chat.events() == [] and chat.commands() == []
    assert '"facts": []' in chat.provider.requests[1].messages[-1]["content"]  # type: ignore[union-attr]


def test_chinese_two_revisions_after_creation(zh_chat: Chat) -> None:
    zh_chat.say("明天下午三点开会", create("开会", "D+1", "15:00"))
    zh_chat.say("改到四点", change(time="16:00"))
    last = zh_chat.say("再改到五点", change(time="17:00"))
    [event] = zh_chat.events()
    assert local(event) == "Tue 2026-12-08 17:00"
    assert "已改好" in last.reply
    superseded = [(s.old, s.new) for s in intent(zh_chat).superseded]
    assert superseded == [("15:00", "16:00"), ("16:00", "17:00")]


def test_a_yes_from_an_older_session_never_executes(chat: Chat, add_event: Callable[..., Event]) -> None:
    event = add_event(chat.user, "Dentist", "2026-12-11T15:00")
    state = state_get(thread=chat.thread)
    confirmation = confirmation_create(
        thread=chat.thread,
        state=state,
        kind="delete_event",
        action={
            "type": "delete_event",
            "event_id": event.id,
            "command_id": "00000000-0000-0000-0000-000000000000",
            "title": "Dentist",
        },
        now=timezone.now(),
    )
    Message.objects.create(
        thread=chat.thread,
        role="assistant",
        text="Delete 'Dentist'? (yes / no)",
        created_at=datetime.datetime(2026, 12, 6, 2, 0, tzinfo=datetime.UTC),
        marker={"kind": "delete_event", "confirmation_id": str(confirmation.id)},
    )
    outcome = chat.say(
        "yes",
        tool("search_chat_archive", query="delete dentist"),
        text("Earlier you asked about deleting the dentist. Do you want to delete it now?"),
    )
    assert outcome.trace.route == "model"
    assert Event.objects.filter(id=event.id).exists()
    found = chat.provider.requests[1].messages[-1]["content"]  # type: ignore[union-attr]
    assert '"history": true' in found


def test_chinese_cancel_then_start_over(zh_chat: Chat) -> None:
    zh_chat.say("帮我约周五吃饭", create("吃饭", "W5"))
    cancelled = zh_chat.say("算了", tool("cancel_command"))
    assert "不安排了" in cancelled.reply
    zh_chat.say("那约周六中午12点吃饭吧", create("吃饭", "W6", "12:00"))
    [event] = zh_chat.events()
    assert local(event) == "Sat 2026-12-12 12:00"
    assert [c.status for c in zh_chat.commands()] == [CommandStatus.CANCELLED, CommandStatus.CREATED]
    assert intent(zh_chat).completed[0].status == "cancelled"


def test_conflict_then_a_new_time_on_the_fast_path(chat: Chat, add_event: Callable[..., Event]) -> None:
    add_event(chat.user, "Team sync", "2026-12-11T15:00")
    clash = chat.say("Dentist Friday 3pm", create("Dentist", "W5", "15:00"))
    assert "clashes" in clash.reply and "'Team sync'" in clash.reply
    assert clash.assistant_message.card["quick_replies"]
    done = chat.say("make it 5")
    assert done.trace.route == "fast_path"
    assert sorted(local(e) for e in chat.events()) == ["Fri 2026-12-11 15:00", "Fri 2026-12-11 17:00"]


def test_a_yes_never_deletes_an_event_that_changed_since_the_question(
    chat: Chat, add_event: Callable[..., Event], make_chat: Any
) -> None:
    event = add_event(chat.user, "Dentist", "2026-12-11T15:00")
    chat.say("what's on Friday?", tool("query_events", start="W5", end=None))
    chat.say("delete it", tool("delete_event", event_ref=None, ordinal=None))
    moved = datetime.timedelta(days=1)
    Event.objects.filter(id=event.id).update(
        title="Board review", starts_at=event.starts_at + moved, ends_at=event.ends_at + moved
    )
    again = chat.say("yes")
    assert Event.objects.filter(id=event.id).exists()
    assert "stale_confirmation" in again.trace.flags and "'Board review'" in again.reply and "ask again" in again.reply
    done = chat.say("yes")
    assert not Event.objects.filter(id=event.id).exists() and "Deleted" in done.reply


def test_a_confirm_button_goes_stale_after_other_messages_like_a_typed_yes(
    chat: Chat, add_event: Callable[..., Event]
) -> None:
    from assistant.turn.inputs import handle_confirmation

    event = add_event(chat.user, "Dentist", "2026-12-11T15:00")
    chat.say("what's on Friday?", tool("query_events", start="W5", end=None))
    card = chat.say("delete it", tool("delete_event", event_ref=None, ordinal=None)).assistant_message.card
    chat.say("thanks, how are you?", text("I'm well, thanks!"))
    pressed = handle_confirmation(
        user=chat.user, confirmation_id=card["confirmation_id"], decision="confirm", action_digest=card["action_digest"]
    )
    assert "stale_confirmation" in pressed.trace.flags and Event.objects.filter(id=event.id).exists()


def test_delete_then_actually_move_it_drops_the_delete(chat: Chat, add_event: Callable[..., Event]) -> None:
    add_event(chat.user, "Dentist", "2026-12-11T15:00")
    chat.say("what's on Friday?", tool("query_events", start="W5", end=None))
    chat.say("delete it", tool("delete_event", event_ref=None, ordinal=None))
    chat.say(
        "actually, just move it to 5pm",
        tool("change_event", event_ref=None, ordinal=None, title=None, date=None, time="17:00", duration_minutes=None),
    )
    [event] = chat.events()
    assert local(event) == "Fri 2026-12-11 17:00"
    state = intent(chat)
    assert state.goal is not None and (state.goal.kind, state.goal.status) == ("change", "done")
    assert state.suspended == ()
    assert (state.completed[-2].kind, state.completed[-2].status) == ("delete", "cancelled")
    assert [c.status for c in chat.commands() if c.kind == "delete"] == [CommandStatus.CANCELLED]


def test_a_state_that_moved_during_the_turn_is_read_again_not_lost(chat: Chat) -> None:
    """Should a turn ever run beside another (a lock that expired), its reply and log survive."""
    from assistant.intent.state import Continue, GoalChanges
    from assistant.intent.store import state_apply
    from assistant.providers.base import ModelRequest, ModelResponse, ToolCall
    from assistant.providers.registry import use_provider

    chat.say("Dinner with Lin on Saturday", create("Dinner with Lin", "W6"))

    class Interleaving:
        name, model, stand_in = "interleaving", "interleaving", False

        def complete(self, request: ModelRequest, on_text: Any = None) -> ModelResponse:
            # Another turn lands while this one waits for the model.
            state_apply(
                thread=chat.thread,
                transitions=[Continue(goal="g1", changes=GoalChanges(title="Dinner with Lin"))],
                message=None,
                now=timezone.now(),
            )
            arguments = '{"start": "W6", "end": null, "event_words": null}'
            return ModelResponse(tool_calls=[ToolCall(id="c1", name="query_events", arguments=arguments)])

    from assistant.turn.inputs import handle_message

    with use_provider(Interleaving()):
        outcome = handle_message(user=chat.user, thread_id=chat.thread.id, text="what's on Saturday?")
    assert "intent_state_moved" in outcome.trace.flags
    assert outcome.reply.startswith("Nothing on your calendar")
    assert goal(chat).kind == "query" and len(intent(chat).suspended) == 1
    revisions = list(chat.thread.transitions.values_list("revision", flat=True))
    assert revisions == list(range(1, len(revisions) + 1))


def test_a_fourth_task_on_hold_drops_the_oldest_and_says_so(chat: Chat) -> None:
    for title in ("Dentist", "Gym", "Lunch", "Haircut"):
        last = chat.say(f"{title} on Friday", create(title, "W5"))
    assert [task.goal.title for task in intent(chat).suspended] == ["Lunch", "Gym", "Dentist"]
    assert "Still waiting" not in last.reply
    fifth = chat.say("Yoga on Friday", create("Yoga", "W5"))
    assert "'Dentist', was set aside for good" in fifth.reply and "'Haircut', 'Lunch', 'Gym'" in fifth.reply
    assert [task.goal.title for task in intent(chat).suspended] == ["Haircut", "Lunch", "Gym"]
