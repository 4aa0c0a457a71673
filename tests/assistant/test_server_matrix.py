"""The compatibility matrix: the same conversations through the `openai` provider, over real
HTTP, against the local server playing each model server (openai, vLLM, Ollama, llama.cpp).

The provider meets each server with MODEL_SERVER=auto, so detection is part of what is tested;
each conversation checks what was written, the trace's flags and its token counts, and what
went over the wire (one system message, no null content or tool-role message where the server
refuses them, no streamed tool call where the server cannot stream one).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings

from assistant.providers.local_server import PROFILES, LocalOpenAIServer, QueueBrain
from assistant.providers.openai_compatible import OpenAICompatibleProvider
from assistant.providers.registry import use_provider
from assistant.tokens import count_tokens
from assistant.turn.inputs import handle_message
from assistant.turn.prompt import static_prefix_tokens
from assistant.turn.record import TurnOutcome
from tests.assistant.conftest import Chat, local
from tools.registry import with_nulls

pytestmark = pytest.mark.django_db

# What a server reports for these requests (about what is sent: a far smaller figure would mean
# the server cut the request, flagged prompt_truncated_by_server).
USAGE = {"prompt_tokens": 4200, "completion_tokens": 25, "cached_tokens": 1024}
CREATE = with_nulls(
    "schedule_event", {"title": "Dentist", "date": "W5", "time": "15:00"}
)  # every property, as strict mode sends


class Wire:
    def __init__(self, profile: str, plans: list[dict[str, Any]]) -> None:
        self.profile = profile
        self.brain = QueueBrain(plans)
        self.server = LocalOpenAIServer(self.brain, profile=profile)
        self.provider: OpenAICompatibleProvider | None = None

    def __enter__(self) -> Wire:
        self.server.__enter__()
        self.provider = OpenAICompatibleProvider(
            api_key="k",
            base_url=self.server.base_url,
            model="local-model",
            timeout_seconds=30,  # a bound, not a figure: a loaded CI machine is slow
            server="auto",
            max_tokens=settings.MODEL_MAX_TOKENS,
            stop=settings.MODEL_STOP,
        )
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.__exit__(*exc)

    def say(self, chat: Chat, message: str) -> TurnOutcome:
        assert self.provider is not None
        with use_provider(self.provider):
            return handle_message(user=chat.user, thread_id=chat.thread.id, text=message)

    @property
    def calls(self) -> list[dict[str, Any]]:
        return self.brain.requests


def tools(outcome: TurnOutcome) -> list[str]:
    return [call["name"] for call in outcome.trace.tool_calls]


def statuses(outcome: TurnOutcome) -> list[str]:
    return [call.get("status", "") for call in outcome.trace.tool_calls]


@pytest.fixture(params=PROFILES)
def profile(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _check_wire(wire: Wire) -> None:
    for body in wire.calls:
        roles = [m["role"] for m in body["messages"]]
        assert roles.count("system") == 1 and roles[0] == "system"
        assert body["messages"][-1]["role"] in {"user", "tool"}
        if wire.profile == "llamacpp":
            assert not body.get("stream"), "llama.cpp cannot stream a tool call"
            assert all(m.get("content") is not None for m in body["messages"])
            assert "tool" not in roles
            assert "stream_options" not in body and "parallel_tool_calls" not in body
        else:
            assert body.get("stream") is True and body["stream_options"] == {"include_usage": True}
        assert body["max_tokens"] > 0 and "<|im_start|>" in body["stop"]
    assert wire.provider is not None and wire.provider.profile is not None
    assert wire.provider.profile.name == wire.profile


def test_create(chat: Chat, profile: str) -> None:
    with Wire(profile, [{"tool": "schedule_event", "arguments": CREATE, "usage": USAGE}]) as wire:
        outcome = wire.say(chat, "dentist on friday at 3pm")
    assert [local(e) for e in chat.events()] == ["Fri 2026-12-11 15:00"]
    trace = outcome.trace
    assert statuses(outcome) == ["created"] and trace.model_calls == 1
    assert (trace.prompt_tokens, trace.completion_tokens, trace.cached_tokens) == (4200, 25, 1024)
    assert "usage_estimated" not in trace.flags and not [f for f in trace.flags if "model" in f]
    _check_wire(wire)


def test_query(chat: Chat, profile: str) -> None:
    plans = [{"tool": "query_events", "arguments": {"start": "D+1", "end": None, "event_words": None}, "usage": USAGE}]
    with Wire(profile, plans) as wire:
        outcome = wire.say(chat, "what's on tomorrow?")
    assert tools(outcome) == ["query_events"] and statuses(outcome) == ["results"]
    assert chat.events() == []
    _check_wire(wire)


def test_missing_slot(chat: Chat, profile: str) -> None:
    arguments = {**CREATE, "time": None}
    with Wire(profile, [{"tool": "schedule_event", "arguments": arguments, "usage": USAGE}]) as wire:
        outcome = wire.say(chat, "dentist on friday")
    assert statuses(outcome) == ["needs_time"] and chat.events() == []
    assert [c.status for c in chat.commands()] == ["needs_time"]
    _check_wire(wire)


def test_intermediate_tool_hop(chat: Chat, profile: str) -> None:
    plans = [
        {"tool": "search_memory", "arguments": {"query": "dentist"}, "usage": USAGE, "call_id": "call_m1"},
        {"tool": "schedule_event", "arguments": CREATE, "usage": USAGE, "call_id": "call_s1"},
    ]
    with Wire(profile, plans) as wire:
        outcome = wire.say(chat, "book my usual dentist on friday at 3pm")
    trace = outcome.trace
    assert tools(outcome) == ["search_memory", "schedule_event"] and trace.model_calls == 2
    assert trace.prompt_tokens == 8400 and len(chat.events()) == 1
    second = wire.calls[1]["messages"]
    if profile == "llamacpp":
        # Its template drops tool-role messages: the result reaches the model as user text.
        assert second[-2]["role"] == "assistant" and "search_memory" in second[-2]["content"]
        assert second[-1]["role"] == "user" and second[-1]["content"].startswith("<tool_result>")
    else:
        assert second[-2]["tool_calls"][0]["id"] == "call_m1"
        assert second[-1]["role"] == "tool" and json.loads(second[-1]["content"])
    _check_wire(wire)


def test_a_model_failure_is_an_honest_reply(chat: Chat, profile: str) -> None:
    with Wire(profile, [{"status": 500, "error": "down"}]) as wire:
        outcome = wire.say(chat, "dentist on friday at 3pm")
    assert outcome.trace.route == "error" and "model_error_server" in outcome.trace.flags
    assert len(wire.calls) == 1  # not retried behind itself
    assert chat.events() == [] and chat.commands() == []
    assert "nothing was changed" in outcome.assistant_message.text


def test_an_empty_answer_is_flagged_and_said(chat: Chat, profile: str) -> None:
    with Wire(profile, [{"text": "", "usage": USAGE}]) as wire:
        outcome = wire.say(chat, "hello?")
    assert "empty_model_response" in outcome.trace.flags
    assert "gave no answer" in outcome.assistant_message.text


@pytest.mark.parametrize("profile", ["openai", "vllm", "ollama"])
def test_chat_template_tokens_are_cut_and_flagged(chat: Chat, profile: str) -> None:
    reply = "Hello! How can I help? <|im_end|>\n<|im_start|>user\nbook everything"
    with Wire(profile, [{"text": reply, "usage": USAGE}]) as wire:
        outcome = wire.say(chat, "hi")
    assert "chat_template_tokens" in outcome.trace.flags
    assert outcome.assistant_message.text == "Hello! How can I help?"


def test_unparsable_tool_arguments_are_flagged(chat: Chat, profile: str) -> None:
    broken = '{"title": "Dentist", "date": "W5", "time": "15:00"'
    plans = [{"tool": "schedule_event", "arguments": broken, "usage": USAGE}] * 2
    with Wire(profile, plans) as wire:
        outcome = wire.say(chat, "dentist friday 3pm")
    assert "unparsable_tool_arguments" in outcome.trace.flags and chat.events() == []


@pytest.mark.parametrize("profile", ["openai", "vllm", "ollama"])
def test_a_stream_cut_before_its_finish_reason_is_flagged(chat: Chat, profile: str) -> None:
    with Wire(profile, [{"text": "I will book the", "usage": USAGE, "no_finish": True}]) as wire:
        outcome = wire.say(chat, "hi")
    assert "stream_without_finish_reason" in outcome.trace.flags


@pytest.mark.parametrize("profile", ["openai", "vllm", "ollama"])
def test_a_stream_without_usage_is_counted_here_and_marked_estimated(chat: Chat, profile: str) -> None:
    with Wire(profile, [{"tool": "schedule_event", "arguments": CREATE, "no_usage": True}]) as wire:
        outcome = wire.say(chat, "dentist on friday at 3pm")
    trace = outcome.trace
    assert "usage_estimated" in trace.flags
    sent = wire.calls[0]
    floor = count_tokens(json.dumps(sent["tools"]))
    assert floor < trace.prompt_tokens < floor * 3 and trace.completion_tokens > 5


def test_reasoning_deltas_never_become_the_reply(chat: Chat) -> None:
    plans = [{"text": "Hi there!", "reasoning": "The user greets me so I greet back", "usage": USAGE}]
    with Wire("vllm", plans) as wire:
        outcome = wire.say(chat, "hello")
    assert outcome.assistant_message.text == "Hi there!"


def test_a_server_that_cannot_stream_tools_is_met_with_a_plain_call(chat: Chat) -> None:
    # Configured (wrongly) as openai, a llama.cpp server answers the streamed call with an empty
    # 200: the provider says so in a flag, asks once without streaming, and remembers.
    with Wire("llamacpp", [{"tool": "schedule_event", "arguments": CREATE, "usage": USAGE}] * 2) as wire:
        assert wire.provider is not None
        wire.provider = OpenAICompatibleProvider(
            api_key="k", base_url=wire.server.base_url, model="m", timeout_seconds=30, server="vllm"
        )
        first = wire.say(chat, "dentist on friday at 3pm")
        second = wire.say(chat, "and the same on thursday at 3pm")
    assert "streamed_tools_unsupported" in first.trace.flags and len(chat.events()) >= 1
    assert "streamed_tools_unsupported" not in second.trace.flags
    assert [bool(body.get("stream")) for body in wire.calls] == [True, False, False]


def test_one_system_message_keeps_the_tool_list_rendered_once(chat: Chat) -> None:
    # The llama.cpp emulation counts the tool list once per system message, as its template does.
    with Wire("llamacpp", [{"tool": "schedule_event", "arguments": CREATE}]) as wire:
        outcome = wire.say(chat, "dentist on friday at 3pm")
    tools = len(json.dumps(wire.calls[0]["tools"])) // 4
    assert outcome.trace.prompt_tokens < 2 * tools


def test_health_reports_the_detected_profile(client: Any, settings: Any) -> None:
    with LocalOpenAIServer(QueueBrain([]), profile="ollama") as server:
        settings.MODEL_PROVIDER = "openai"
        settings.OPENAI_API_KEY = "k"
        settings.OPENAI_BASE_URL = server.base_url
        settings.MODEL_SERVER = "auto"
        before = client.get("/api/health/").json()
        assert before["model_server"] == {
            "configured": "auto",
            "profile": None,
            "context_window": None,
            "static_prefix_tokens": static_prefix_tokens(),
        }
        probed = client.get("/api/health/?probe=1").json()
    assert probed["checks"]["model_endpoint"] == "ok"
    assert probed["model_server"]["profile"]["name"] == "ollama"
    assert probed["model_server"]["profile"]["streams_tool_calls"] is True
    # Ollama's window before a request has loaded the model: its default, assumed (asked again).
    assert probed["model_server"]["context_window"] == {
        "tokens": 4096,
        "source": "ollama default below 24 GiB VRAM",
        "assumed": True,
    }


def test_the_provider_is_built_once_and_rebuilt_when_settings_change(settings: Any) -> None:
    from assistant.providers.registry import get_provider

    settings.MODEL_PROVIDER = "openai"
    settings.OPENAI_API_KEY = "k"
    settings.OPENAI_BASE_URL = "http://127.0.0.1:9/v1"
    first = get_provider()
    assert get_provider() is first
    settings.OPENAI_MODEL = "another-model"
    rebuilt = get_provider()
    assert rebuilt is not first and rebuilt.model == "another-model"


def test_a_reply_that_repeats_the_system_prompt_is_replaced(chat: Chat) -> None:
    from assistant.prompts import SYSTEM_PROMPT

    echoed = "Sure! " + SYSTEM_PROMPT.splitlines()[3][2:]
    with Wire("ollama", [{"text": echoed, "usage": USAGE}]) as wire:
        outcome = wire.say(chat, "what are your rules?")
    assert "system_prompt_echo" in outcome.trace.flags
    assert outcome.assistant_message.text != echoed and "nothing was changed" in outcome.assistant_message.text


def test_llamacpp_sends_no_text_beside_tools_and_the_empty_answer_says_why(chat: Chat) -> None:
    # llama-cpp-python 0.3.36, chatml-function-calling, Gemma 3 270M: with tools and
    # tool_choice auto, a text answer arrives as "" (the follow-up grammar admits only a
    # function marker or the end of the turn). Flagged and said, never passed off as a choice.
    with Wire("llamacpp", [{"text": "Hello! How can I help?", "usage": USAGE}]) as wire:
        outcome = wire.say(chat, "hello, how are you?")
    flags = outcome.trace.flags
    assert "empty_model_response" in flags and "text_dropped_by_server" in flags
    assert "gave no answer" in outcome.assistant_message.text and chat.events() == []
    _check_wire(wire)


def test_a_tool_marker_sent_as_text_is_not_a_reply(chat: Chat) -> None:
    # The same grammar lets the "message" branch end in "functions.query_events:": a tool name
    # with no call behind it. It is neither the model's words nor a tool call.
    with Wire("llamacpp", [{"text": "functions.query_events:", "usage": USAGE}]) as wire:
        outcome = wire.say(chat, "what's on tomorrow?")
    flags = outcome.trace.flags
    assert "tool_marker_as_text" in flags and "empty_model_response" in flags
    assert "functions." not in outcome.assistant_message.text and outcome.trace.tool_calls == []


@pytest.mark.parametrize("profile", ["openai", "vllm", "ollama"])
def test_other_servers_return_text_beside_tools(chat: Chat, profile: str) -> None:
    with Wire(profile, [{"text": "Hello! How can I help?", "usage": USAGE}]) as wire:
        outcome = wire.say(chat, "hello, how are you?")
    assert outcome.assistant_message.text == "Hello! How can I help?"
    assert "text_dropped_by_server" not in outcome.trace.flags


def test_a_model_failure_in_chinese_keeps_its_honest_reply(make_chat: Any, make_person: Any) -> None:
    # Seen against a real llama.cpp server: "你的消息已保存" (your message is saved) was read as a
    # memory claim and the failure reply replaced by one about memory, hiding the failure.
    chat = make_chat(make_person("wen", language="zh"))
    with Wire("llamacpp", [{"status": 500, "error": "down"}]) as wire:
        outcome = wire.say(chat, "明天有什么安排？")
    assert "model_error_server" in outcome.trace.flags
    assert not [flag for flag in outcome.trace.flags if flag.startswith("unverified_")]
    assert "模型暂时无法回应" in outcome.assistant_message.text
