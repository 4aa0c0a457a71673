"""A saved turn stays a saved turn when what runs after its commit fails, and a turn whose
process died leaves the person's message with an honest reply the next time the thread is read."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client

from assistant.celery import app
from assistant.models import MemoryFact, Message, Thread, TurnTrace
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from assistant.turn import record
from assistant.turn.orphans import TURN_LOST
from tests.assistant.conftest import Chat, text, tool

pytestmark = pytest.mark.django_db(transaction=True)
CREATE = tool("schedule_event", title="Dentist", date="D+1", time="15:00", duration_minutes=None, command_id=None)


def post_the_dentist(person: Any) -> tuple[Client, Thread, HttpResponse]:
    """The person, logged in, books the dentist over the JSON endpoint in a new thread."""
    client = Client()
    client.force_login(person)
    thread = Thread.objects.create(owner=person)
    with use_provider(ScriptedProvider([CREATE])):
        response = client.post(
            f"/api/threads/{thread.id}/messages/", {"text": "dentist tomorrow at 3pm"}, content_type="application/json"
        )
    return client, thread, response


@pytest.fixture
def dead_broker(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, int]]]:
    """Celery publishes to a broker that refuses connections (nothing listens on port 1)."""
    import assistant.tasks

    settings.POST_TURN_TASKS = "celery"
    saved = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url="redis://127.0.0.1:1/0", task_always_eager=False)
    # A producer pool an earlier test opened still talks to the broker it named (the embedded
    # memory:// one, which takes everything): publish through the dead broker from the start.
    app._pool = None
    app.amqp._producer_pool = None
    ran_here: list[tuple[int, int]] = []
    monkeypatch.setattr(assistant.tasks, "_run_in_background", lambda *ids: ran_here.append(ids))
    yield ran_here
    app.conf.update(saved)
    app._pool = None  # the next user of the app connects to the broker it names again


def test_a_turn_whose_post_commit_work_the_broker_refuses_has_one_true_reply(
    chat: Chat, dead_broker: list[tuple[int, int]]
) -> None:
    outcome = chat.say("dentist tomorrow at 3pm", CREATE)
    assert outcome.reply.startswith("Added:")
    replies = [m for m in chat.messages() if m.role == "assistant"]
    assert [m.text for m in replies] == [outcome.reply]
    assert "record_failed" not in replies[0].flags
    assert TurnTrace.objects.get(thread=chat.thread).error == ""
    assert len(chat.events()) == 1
    # The summary and the fact extraction still run, in this process instead of a worker.
    assert dead_broker == [(chat.thread.id, outcome.user_message.id)]


def test_the_json_endpoint_answers_201_when_the_broker_refuses_after_the_commit(
    person: Any, clock: Any, dead_broker: list[tuple[int, int]]
) -> None:
    _client, thread, response = post_the_dentist(person)
    assert response.status_code == 201
    assert response.json()["flags"] == []
    assert Message.objects.filter(thread=thread, role="assistant").count() == 1


@pytest.fixture
def dying_record(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """While armed, the process 'dies' in the record stage: SystemExit is no Exception, so
    nothing of the turn catches it, as nothing can catch a SIGKILL."""
    switch = {"armed": True}
    original = record.record_turn

    def die(*args: Any, **kwargs: Any) -> Any:
        if switch["armed"]:
            raise SystemExit("killed")
        return original(*args, **kwargs)

    monkeypatch.setattr("assistant.turn.pipeline.record_turn", die)
    return switch


def read_thread(chat: Chat) -> list[dict[str, Any]]:
    client = Client()
    client.force_login(chat.user)
    response = client.get(f"/api/threads/{chat.thread.id}/messages/")
    assert response.status_code == 200
    return list(response.json())


def test_a_message_whose_turn_died_is_answered_when_the_thread_is_read(chat: Chat, dying_record: Any) -> None:
    with pytest.raises(SystemExit):
        chat.say("what's on tomorrow", tool("query_events", start="D+1", end=None))
    assert [m.role for m in chat.messages()] == ["user"]
    shown = read_thread(chat)
    assert [m["role"] for m in shown] == ["user", "assistant"]
    assert shown[1]["text"].startswith("This message was not answered")
    assert "nothing was changed" in shown[1]["text"]
    assert TURN_LOST in shown[1]["flags"]
    assert [m["role"] for m in read_thread(chat)] == ["user", "assistant"]  # answered once


def test_a_lost_turn_that_had_written_says_what_it_wrote(chat: Chat, dying_record: Any) -> None:
    with pytest.raises(SystemExit):
        chat.say("dentist tomorrow at 3pm", CREATE)
    assert len(chat.events()) == 1  # the event committed; the reply never did
    reply = read_thread(chat)[1]["text"]
    assert "added “Dentist”" in reply and "nothing was changed" not in reply


def test_a_lost_turn_in_chinese_is_answered_in_chinese_when_the_next_message_comes(
    chat: Chat, dying_record: dict[str, bool]
) -> None:
    create = tool("schedule_event", title="看牙医", date="D+1", time="15:00", duration_minutes=None, command_id=None)
    with pytest.raises(SystemExit):
        chat.say("明天下午三点看牙医", create)
    assert len(chat.events()) == 1
    dying_record["armed"] = False
    chat.later(minutes=1)
    chat.say("你好", text("你好！"))
    texts = [(m.role, m.text) for m in chat.messages()]
    assert [role for role, _ in texts] == ["user", "assistant", "user", "assistant"]
    assert texts[1][1].startswith("这条消息没有得到回答") and "添加了“看牙医”" in texts[1][1]
    assert texts[3][1] == "你好！"


def test_a_lost_turn_that_saved_a_memory_says_so(chat: Chat, dying_record: Any) -> None:
    with pytest.raises(SystemExit):
        chat.say("remember that my dentist is dr wu", tool("remember_fact", topic="dentist", fact="dr wu"))
    assert MemoryFact.objects.count() == 1
    assert "saved a note to memory" in read_thread(chat)[1]["text"]


def test_a_message_still_being_answered_is_not_an_orphan(chat: Chat) -> None:
    from assistant.turn.lock import thread_lock

    Message.objects.create(thread=chat.thread, role="user", text="hello", created_at=chat.thread.created_at)
    with thread_lock(chat.thread.id):  # its turn is running
        assert [m["role"] for m in read_thread(chat)] == ["user"]
    assert [m["role"] for m in read_thread(chat)] == ["user", "assistant"]


@pytest.fixture
def redis_down(settings: Any) -> None:
    """Redis configured but not answering (nothing listens on port 1): cache, locks, broker."""
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": settings.REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
    }
    settings.MESSAGE_RATE_BURST = "20/min"


def test_while_redis_is_down_a_turn_still_runs_and_health_says_why(
    person: Any, clock: Any, redis_down: None, dead_broker: list[tuple[int, int]]
) -> None:
    client, thread, response = post_the_dentist(person)
    assert response.status_code == 201, response.content
    assert response.json()["assistant_message"]["text"].startswith("Added:")
    assert Message.objects.filter(thread=thread, role="assistant").count() == 1
    health = client.get("/api/health/")
    assert health.status_code == 503 and health.json()["status"] == "degraded"
    assert health.json()["checks"]["cache"].startswith("error")
    assert any("turns still run" in line for line in health.json()["degraded"])


def test_the_lock_falls_back_to_the_process_when_redis_is_down(redis_down: None) -> None:
    from assistant.turn.lock import ThreadBusy, thread_lock

    with thread_lock(77), pytest.raises(ThreadBusy), thread_lock(77, wait_seconds=0.1):
        pass  # still one turn at a time within this process
    lock = thread_lock(77)
    assert lock.try_acquire() and not lock.shared
    lock.release()
