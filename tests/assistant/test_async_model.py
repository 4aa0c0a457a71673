"""The async model path: awaited calls that hold no thread, one shared client per event loop."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from assistant.providers.base import ModelRequest
from assistant.providers.local_server import LocalOpenAIServer, QueueBrain
from assistant.providers.offline import OfflineProvider
from assistant.providers.openai_compatible import OpenAICompatibleProvider
from assistant.providers.scripted import ScriptedProvider
from assistant.turn.drivers import arun_turn
from assistant.turn.inputs import message_turn
from tools.registry import openai_tools, with_nulls

CREATE = with_nulls(
    "schedule_event", {"title": "Dentist", "date": "W5", "time": "15:00"}
)  # every property, as strict mode sends


def request(text: str = "hello") -> ModelRequest:
    return ModelRequest(
        messages=[{"role": "system", "content": "s"}, {"role": "user", "content": text}], tools=openai_tools()
    )


def test_concurrent_awaited_calls_share_one_client_and_overlap() -> None:
    brain = QueueBrain([{"text": f"answer {n}", "delay_ms": 400} for n in range(12)])
    with LocalOpenAIServer(brain) as server:
        provider = OpenAICompatibleProvider(api_key="k", base_url=server.base_url, model="m", max_connections=16)

        async def run() -> tuple[list[str], int, float]:
            began = time.monotonic()
            answers = await asyncio.gather(*(provider.acomplete(request()) for _ in range(12)))
            return [a.text for a in answers], len(provider._clients), time.monotonic() - began

        texts, clients, seconds = asyncio.run(run())
    assert sorted(texts) == sorted(f"answer {n}" for n in range(12))
    assert clients == 1
    # Twelve 0.4 s answers awaited together take about one of them, not twelve.
    assert seconds < 2.5


def test_every_provider_offers_acomplete() -> None:
    scripted = ScriptedProvider([{"text": "hi", "delay_ms": 10}])
    assert asyncio.run(scripted.acomplete(request())).text == "hi"
    offline = OfflineProvider()
    awaited = asyncio.run(offline.acomplete(request("what's on tomorrow?")))
    # The stand-in's awaited answer is its blocking one: the query of tomorrow, and no text.
    assert [(call.name, json.loads(call.arguments)) for call in awaited.tool_calls] == [
        ("query_events", {"start": "D+1", "end": None, "event_words": None})
    ]
    assert awaited.text == ""
    blocking = offline.complete(request("what's on tomorrow?"))
    assert [(call.name, call.arguments) for call in awaited.tool_calls] == [
        (call.name, call.arguments) for call in blocking.tool_calls
    ]


@pytest.mark.django_db(transaction=True)
def test_the_async_turn_runs_with_the_model_awaited(person: Any, frozen_now: Any) -> None:
    from assistant.models import Thread

    thread = Thread.objects.create(owner=person)
    provider = ScriptedProvider(
        [{"tool": "search_memory", "arguments": {"query": "dentist"}}, {"tool": "schedule_event", "arguments": CREATE}]
    )
    # The whole turn on the async driver: database stages in worker threads, the model awaited.
    outcome = asyncio.run(
        arun_turn(message_turn(user=person, thread_id=thread.id, text="dentist on friday at 3pm"), provider=provider)
    )
    assert [call["name"] for call in outcome.trace.tool_calls] == ["search_memory", "schedule_event"]
    assert outcome.trace.model_calls == 2 and provider.calls == 2
    from scheduling.models import Event

    assert Event.objects.filter(owner=person, title="Dentist").count() == 1


class _Stuck(ScriptedProvider):
    """A model that never answers, and says when it has been asked."""

    def __init__(self, asked: asyncio.Event) -> None:
        super().__init__([])
        self.asked = asked

    async def acomplete(self, request: ModelRequest, on_text: Any = None) -> Any:
        self.asked.set()
        await asyncio.Event().wait()


@pytest.mark.django_db(transaction=True)
def test_the_async_turn_gives_the_thread_lock_back_done_or_cancelled(person: Any) -> None:
    from django.core.cache import cache

    from assistant.models import Thread

    thread = Thread.objects.create(owner=person)
    key = f"thread-lock:{thread.id}"
    provider = ScriptedProvider([{"tool": "schedule_event", "arguments": CREATE}])
    asyncio.run(
        arun_turn(message_turn(user=person, thread_id=thread.id, text="dentist on friday at 3pm"), provider=provider)
    )
    assert cache.get(key) is None

    async def cancelled_while_the_model_thinks() -> None:
        asked = asyncio.Event()
        turn = asyncio.create_task(
            arun_turn(
                message_turn(user=person, thread_id=thread.id, text="what's on tomorrow?"), provider=_Stuck(asked)
            )
        )
        await asked.wait()
        assert cache.get(key) is not None  # held while the model is awaited
        turn.cancel()
        with pytest.raises(asyncio.CancelledError):
            await turn

    asyncio.run(cancelled_while_the_model_thinks())
    assert cache.get(key) is None


QUERY = {"tool": "query_events", "arguments": {"start": "D+1", "end": None, "event_words": None}}


@pytest.mark.django_db(transaction=True)
def test_many_waiting_turns_share_a_small_bounded_pool_of_database_threads(make_person: Any, settings: Any) -> None:
    from assistant.models import Thread
    from assistant.turn import threads

    # One thread (the test database is an in-memory SQLite that takes no two writers at once).
    settings.DATABASE_THREADS = 1
    people = [make_person() for _ in range(10)]
    conversations = [Thread.objects.create(owner=someone) for someone in people]
    provider = ScriptedProvider([{**QUERY, "delay_ms": 500} for _ in people])

    async def everyone() -> tuple[list[Any], float]:
        began = time.monotonic()
        outcomes = await asyncio.gather(
            *(
                arun_turn(
                    message_turn(user=someone, thread_id=thread.id, text="what's on tomorrow?"), provider=provider
                )
                for someone, thread in zip(people, conversations, strict=True)
            )
        )
        return outcomes, time.monotonic() - began

    outcomes, seconds = asyncio.run(everyone())
    assert [o.trace.tool_calls[0]["name"] for o in outcomes] == ["query_events"] * 10
    # Ten half-second model waits overlap: the one thread only ever does the short database steps.
    assert seconds < 3.0
    assert len(threads.executor()._threads) == 1


@pytest.mark.django_db(transaction=True)
def test_a_turn_waiting_for_its_threads_lock_holds_no_database_thread(make_person: Any, settings: Any) -> None:
    from assistant.models import Thread
    from assistant.turn.lock import thread_lock

    settings.DATABASE_THREADS = 1
    first, second = make_person(), make_person()
    busy, free = Thread.objects.create(owner=first), Thread.objects.create(owner=second)
    lock = thread_lock(busy.id)
    lock.acquire()  # another message of that thread is still being answered

    async def both() -> tuple[Any, Any]:
        waiting = asyncio.create_task(
            arun_turn(
                message_turn(user=first, thread_id=busy.id, text="what's on tomorrow?"),
                provider=ScriptedProvider([QUERY]),
            )
        )
        await asyncio.sleep(0.2)
        # The one database thread is not taken by the waiting turn: another person's turn runs.
        other = await asyncio.wait_for(
            arun_turn(
                message_turn(user=second, thread_id=free.id, text="what's on tomorrow?"),
                provider=ScriptedProvider([QUERY]),
            ),
            timeout=10,
        )
        assert not waiting.done()
        await asyncio.to_thread(lock.release)
        return await asyncio.wait_for(waiting, timeout=10), other

    waited, other = asyncio.run(both())
    assert waited.trace.route == other.trace.route == "model"


@pytest.mark.django_db(transaction=True)
def test_a_turn_cancelled_during_a_database_hop_frees_its_lock(person: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from django.core.cache import cache

    from assistant.models import Message, Thread
    from assistant.turn import pipeline

    thread = Thread.objects.create(owner=person)
    real = pipeline._load_and_gate
    in_hop = threading.Event()

    def slow_load_and_gate(*args: Any) -> Any:
        in_hop.set()
        time.sleep(0.3)  # the hop is still running in its thread when the cancel comes
        return real(*args)

    monkeypatch.setattr(pipeline, "_load_and_gate", slow_load_and_gate)

    async def cancelled_mid_hop() -> None:
        turn = asyncio.create_task(
            arun_turn(
                message_turn(user=person, thread_id=thread.id, text="what's on tomorrow?"),
                provider=ScriptedProvider([QUERY]),
            )
        )
        await asyncio.to_thread(in_hop.wait, 5)
        turn.cancel()
        with pytest.raises(asyncio.CancelledError):
            await turn

    asyncio.run(cancelled_mid_hop())
    # The hop finished (the message is archived), then the steps were ended and the lock freed.
    assert list(Message.objects.filter(thread=thread).values_list("role", flat=True)) == ["user"]
    assert cache.get(f"thread-lock:{thread.id}") is None


@pytest.mark.django_db(transaction=True)
def test_a_failure_after_the_caller_went_away_is_logged(
    person: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from assistant.turn import drivers

    async def failing(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.2)
        raise RuntimeError("broke after the client left")

    monkeypatch.setattr(drivers, "arun_turn", failing)

    async def hang_up() -> None:
        caller = asyncio.create_task(
            drivers.arun_turn_to_the_end(message_turn(user=person, thread_id=1, text="what's on tomorrow?"))
        )
        await asyncio.sleep(0.05)
        caller.cancel()
        with pytest.raises(asyncio.CancelledError):
            await caller
        while drivers._unfinished:
            await asyncio.sleep(0.05)

    asyncio.run(hang_up())
    assert [r.getMessage() for r in caplog.records if r.name == "assistant.turn.drivers"] == [
        "a turn whose caller had gone failed"
    ]


@pytest.mark.django_db(transaction=True)
def test_a_shutdown_waits_for_a_turn_whose_client_went_away(person: Any) -> None:
    from assistant import asgi
    from assistant.models import Message, Thread
    from assistant.turn import drivers

    thread = Thread.objects.create(owner=person)
    slow = ScriptedProvider([{**QUERY, "delay_ms": 400}])

    async def serve_then_stop() -> list[str]:
        caller = asyncio.create_task(
            drivers.arun_turn_to_the_end(
                message_turn(user=person, thread_id=thread.id, text="what's on tomorrow?"), provider=slow
            )
        )
        await asyncio.sleep(0.15)
        caller.cancel()  # the client went away while the model thinks
        with pytest.raises(asyncio.CancelledError):
            await caller
        lifespan = iter([{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}])
        sent: list[str] = []

        async def receive() -> dict[str, str]:
            return next(lifespan)

        async def send(message: dict[str, str]) -> None:
            sent.append(message["type"])

        await asgi.application({"type": "lifespan"}, receive, send)
        return sent

    sent = asyncio.run(serve_then_stop())
    assert sent == ["lifespan.startup.complete", "lifespan.shutdown.complete"]
    # The shutdown came only after the turn had recorded its reply.
    assert list(Message.objects.filter(thread=thread).values_list("role", flat=True)) == ["user", "assistant"]
