"""The async model path: awaited calls that hold no thread, one shared client per event loop."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from assistant.providers.base import ModelRequest
from assistant.providers.local_server import LocalOpenAIServer, QueueBrain
from assistant.providers.offline import OfflineProvider
from assistant.providers.openai_compatible import OpenAICompatibleProvider
from assistant.providers.scripted import ScriptedProvider
from assistant.turn.pipeline import ahandle_message
from tools.registry import openai_tools

CREATE = {"title": "Dentist", "date": "W5", "time": "15:00", "duration_minutes": None, "command_id": None}


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
    offline = asyncio.run(OfflineProvider().acomplete(request("what's on tomorrow?")))
    assert offline.tool_calls or offline.text


@pytest.mark.django_db(transaction=True)
def test_the_async_turn_runs_with_the_model_awaited(person: Any) -> None:
    from assistant.models import Thread

    thread = Thread.objects.create(owner=person)
    provider = ScriptedProvider(
        [{"tool": "search_memory", "arguments": {"query": "dentist"}}, {"tool": "schedule_event", "arguments": CREATE}]
    )
    # The whole turn on the async driver: database stages in worker threads, the model awaited.
    outcome = asyncio.run(
        ahandle_message(user=person, thread_id=thread.id, text="dentist on friday at 3pm", provider=provider)
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
    asyncio.run(ahandle_message(user=person, thread_id=thread.id, text="dentist on friday at 3pm", provider=provider))
    assert cache.get(key) is None

    async def cancelled_while_the_model_thinks() -> None:
        asked = asyncio.Event()
        turn = asyncio.create_task(
            ahandle_message(user=person, thread_id=thread.id, text="what's on tomorrow?", provider=_Stuck(asked))
        )
        await asked.wait()
        assert cache.get(key) is not None  # held while the model is awaited
        turn.cancel()
        with pytest.raises(asyncio.CancelledError):
            await turn

    asyncio.run(cancelled_while_the_model_thinks())
    assert cache.get(key) is None
