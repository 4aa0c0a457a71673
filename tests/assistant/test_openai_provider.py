"""The `openai` provider over real HTTP, against a local server speaking the OpenAI wire format."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx2
import openai
import pytest

from assistant.providers.base import ModelError, ModelRequest
from assistant.providers.local_server import LocalOpenAIServer, QueueBrain, stream_events
from assistant.providers.openai_compatible import OpenAICompatibleProvider
from assistant.providers.profiles import PROFILES
from assistant.providers.registry import use_provider
from assistant.turn.inputs import handle_message
from tests.assistant.conftest import Chat, local
from tools.registry import openai_tools


def provider_for(server: LocalOpenAIServer, **options: Any) -> OpenAICompatibleProvider:
    return OpenAICompatibleProvider(
        api_key="local-test-key",
        base_url=server.base_url,
        model="test-model",
        timeout_seconds=options.get("timeout", 5.0),
        max_retries=options.get("retries", 2),
    )


def request(text: str = "hello") -> ModelRequest:
    return ModelRequest(
        messages=[{"role": "system", "content": "s"}, {"role": "user", "content": text}], tools=openai_tools()
    )


def test_tool_call_deltas_split_across_chunks_are_assembled() -> None:
    arguments = {
        "title": "Dentist appointment with Dr. Müller",
        "date": "W5",
        "time": "15:00",
        "duration_minutes": None,
        "command_id": None,
    }
    brain = QueueBrain(
        [
            {
                "tool": "schedule_event",
                "arguments": arguments,
                "usage": {"prompt_tokens": 1200, "completion_tokens": 40, "cached_tokens": 1024},
            }
        ]
    )
    chunks = list(stream_events({"stream_options": {"include_usage": True}}, brain.plans[0]))
    assert sum(1 for c in chunks if c["choices"] and "tool_calls" in c["choices"][0]["delta"]) > 5
    with LocalOpenAIServer(brain) as server:
        response = provider_for(server).complete(request("dentist friday 3pm"))
    [call] = response.tool_calls
    assert call.name == "schedule_event"
    assert json.loads(call.arguments) == arguments
    assert (response.usage.prompt_tokens, response.usage.completion_tokens, response.usage.cached_tokens) == (
        1200,
        40,
        1024,
    )
    assert response.ttft_ms > 0 and response.tool_complete_ms >= response.ttft_ms
    sent = brain.requests[0]
    assert sent["stream"] is True and sent["tool_choice"] == "auto" and sent["parallel_tool_calls"] is False
    assert sent["stream_options"] == {"include_usage": True}
    assert sent["tools"][0]["function"]["name"] == "schedule_event"


def test_streamed_text_is_delivered_and_assembled() -> None:
    pieces: list[str] = []
    with LocalOpenAIServer(QueueBrain([{"text": "Hello there, how can I help?"}])) as server:
        response = provider_for(server).complete(request(), on_text=pieces.append)
    assert response.text == "Hello there, how can I help?"
    assert len(pieces) > 3 and "".join(pieces) == response.text
    assert response.tool_calls == []


def test_rate_limit_and_server_errors_are_retried_a_bounded_number_of_times() -> None:
    brain = QueueBrain([{"status": 429, "error": "slow down"}, {"status": 503, "error": "busy"}, {"text": "ok"}])
    with LocalOpenAIServer(brain) as server:
        response = provider_for(server, retries=2).complete(request())
    assert response.text == "ok"
    assert len(brain.requests) == 3


def test_a_server_error_is_not_retried_behind_itself() -> None:
    # A 500 means the server took the request and failed on it: the same payload fails again,
    # and on a one-slot server a retry queues behind whatever it is still doing.
    brain = QueueBrain([{"status": 500, "error": "boom"}] * 3)
    with LocalOpenAIServer(brain) as server, pytest.raises(ModelError) as caught:
        provider_for(server, retries=2).complete(request())
    assert caught.value.kind == "server"
    assert len(brain.requests) == 1


def test_a_slow_answer_hits_the_deadline_and_is_not_retried() -> None:
    brain = QueueBrain([{"text": "late", "delay_ms": 1500}, {"text": "second"}])
    with LocalOpenAIServer(brain) as server, pytest.raises(ModelError) as caught:
        provider_for(server, timeout=0.3, retries=2).complete(request())
    assert caught.value.kind in {"deadline", "timeout"}
    assert len(brain.requests) == 1


def test_keep_alive_pings_do_not_stretch_the_deadline() -> None:
    # The server pings every 100 ms for 3 s: each read succeeds, only the wall clock stops it.
    brain = QueueBrain([{"text": "late", "delay_ms": 3000, "ping_ms": 100}])
    began = time.monotonic()
    with LocalOpenAIServer(brain) as server, pytest.raises(ModelError) as caught:
        provider_for(server, timeout=0.6, retries=0).complete(request())
    assert caught.value.kind == "deadline"
    assert time.monotonic() - began < 1.5


def test_unreachable_endpoint_is_a_connection_error() -> None:
    provider = OpenAICompatibleProvider(
        api_key="k", base_url="http://127.0.0.1:9/v1", model="m", timeout_seconds=1, max_retries=0
    )
    with pytest.raises(ModelError) as caught:
        provider.complete(request())
    assert caught.value.kind in {"connection", "timeout"}


@pytest.mark.django_db
def test_the_pipeline_over_the_wire_creates_through_the_tool(chat: Chat) -> None:
    brain = QueueBrain(
        [
            {
                "tool": "schedule_event",
                "arguments": {
                    "title": "Dentist",
                    "date": "W5",
                    "time": "15:00",
                    "duration_minutes": None,
                    "command_id": None,
                    "allow_overlap": None,
                    **dict.fromkeys(("all_day", "end_date", "recurrence", "reminder_minutes", "busy")),
                },
                "usage": {"prompt_tokens": 2000, "completion_tokens": 30, "cached_tokens": 1536},
            }
        ]
    )
    with LocalOpenAIServer(brain) as server, use_provider(provider_for(server)):
        outcome = handle_message(user=chat.user, thread_id=chat.thread.id, text="dentist on friday at 3pm")
    [event] = chat.events()
    assert local(event) == "Fri 2026-12-11 15:00"
    trace = outcome.trace
    assert (trace.provider, trace.model_name, trace.model_calls) == ("openai", "test-model", 1)
    assert (trace.prompt_tokens, trace.cached_tokens) == (2000, 1536)
    assert trace.llm_ttft_ms > 0 and trace.llm_tool_complete_ms > 0


@pytest.mark.django_db
def test_a_model_outage_over_the_wire_is_an_honest_reply(chat: Chat) -> None:
    with (
        LocalOpenAIServer(QueueBrain([{"status": 500, "error": "down"}] * 3)) as server,
        use_provider(provider_for(server, retries=1)),
    ):
        outcome = handle_message(user=chat.user, thread_id=chat.thread.id, text="dentist on friday at 3pm")
    assert outcome.trace.route == "error"
    assert "model_error_server" in outcome.trace.flags
    assert chat.events() == [] and chat.commands() == []


def test_configuration_problems_are_named(settings: Any) -> None:
    from django.core.exceptions import ImproperlyConfigured

    from assistant.providers.registry import check_configuration, configuration_problem

    settings.MODEL_PROVIDER = "openai"
    settings.OPENAI_API_KEY = ""
    assert "OPENAI_API_KEY" in (configuration_problem() or "")
    with pytest.raises(ImproperlyConfigured):
        check_configuration()
    settings.OPENAI_API_KEY = "k"
    settings.OPENAI_BASE_URL = "ftp://nowhere"
    assert "OPENAI_BASE_URL" in (configuration_problem() or "")
    settings.MODEL_PROVIDER = "gpt"
    assert "MODEL_PROVIDER" in (configuration_problem() or "")
    settings.MODEL_PROVIDER = "offline"
    assert configuration_problem() is None


def test_a_misconfigured_model_stops_start_up_loudly() -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "assistant.settings",
        "SECRET_KEY": "x",
        "MODEL_PROVIDER": "openai",
        "OPENAI_API_KEY": "",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "model provider misconfigured" in result.stderr and "OPENAI_API_KEY" in result.stderr


@pytest.mark.parametrize("server", ["openai", "llamacpp"])  # streamed with tools / not streamed, adapted
def test_the_request_is_the_one_the_sdk_create_call_sends(server: str) -> None:
    # The provider posts the body as it is, without the SDK's per-call walk of it: the wire
    # request must be exactly what ``chat.completions.create`` sends for the same arguments.
    sent: list[httpx2.Request] = []
    message = {"role": "assistant", "content": "ok"}
    answer = {"id": "x", "object": "chat.completion", "created": 0, "model": "m", "choices": []}
    answer["choices"] = [{"index": 0, "message": message, "finish_reason": "stop"}]
    chunk = {
        **answer,
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": message, "finish_reason": "stop"}],
    }

    def handler(http_request: httpx2.Request) -> httpx2.Response:
        sent.append(http_request)
        if json.loads(http_request.content).get("stream"):
            return httpx2.Response(
                200,
                text=f"data: {json.dumps(chunk)}\n\ndata: [DONE]\n\n",
                headers={"content-type": "text/event-stream"},
            )
        return httpx2.Response(200, json=answer)

    def http_client() -> httpx2.AsyncClient:
        return httpx2.AsyncClient(transport=httpx2.MockTransport(handler))

    provider = OpenAICompatibleProvider(
        api_key="key", base_url="http://model.test/v1", model="m", server=server, http_client=http_client()
    )
    conversation = ModelRequest(
        messages=[
            {"role": "system", "content": "s"},
            {"role": "user", "content": '<context>{"now":"2026-12-01 09:00"}</context>\nwhat\'s on tomorrow?'},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "c1", "type": "function", "function": {"name": "query_events", "arguments": "{}"}}
                ],
            },
            {"role": "tool", "tool_call_id": "c1", "content": '{"events": []}'},
        ],
        tools=openai_tools(),
    )
    profile = PROFILES[server]
    arguments = provider._arguments(conversation, profile)
    if provider._streamed(conversation, profile) and profile.stream_usage:
        arguments["stream_options"] = {"include_usage": True}
    streamed = provider._streamed(conversation, profile)
    assert provider.complete(conversation).text == "ok"

    async def through_create() -> None:
        sdk = openai.AsyncOpenAI(
            api_key="key", base_url="http://model.test/v1", max_retries=0, http_client=http_client()
        )
        create: Any = sdk.chat.completions.create
        result = await create(**arguments, stream=True) if streamed else await create(**arguments)
        if streamed:
            await result.close()

    asyncio.run(through_create())
    ours, sdks = [request for request in sent if request.url.path.endswith("/chat/completions")]
    assert (ours.method, ours.url) == (sdks.method, sdks.url) == ("POST", "http://model.test/v1/chat/completions")
    assert json.loads(ours.content) == json.loads(sdks.content)
    assert json.loads(ours.content).get("stream") is (True if streamed else None)
    varying = {"x-stainless-retry-count", "x-stainless-read-timeout", "content-length"}
    assert {k: v for k, v in ours.headers.items() if k not in varying} == {
        k: v for k, v in sdks.headers.items() if k not in varying
    }
    assert ours.headers["authorization"] == "Bearer key"
