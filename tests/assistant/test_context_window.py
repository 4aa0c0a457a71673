"""The model server's context window: read from each kind of server (played on loopback by the
local server), requests shaped to it, one that cannot fit not sent, and a cut never silent."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.providers import openai_compatible
from assistant.providers import window as windows
from assistant.providers.base import ModelError, ModelRequest
from assistant.providers.local_server import LocalOpenAIServer, QueueBrain
from assistant.providers.openai_compatible import OpenAICompatibleProvider
from assistant.providers.registry import use_provider
from assistant.review import flagged_turn_list
from assistant.turn.inputs import handle_message
from assistant.turn.record import TurnOutcome
from tests.assistant.conftest import Chat, text
from tools.registry import openai_tools

USAGE = {"prompt_tokens": 2600, "completion_tokens": 5, "cached_tokens": 0}
# About 450 cl100k tokens of what a person might paste while thinking aloud.
RAMBLE = "so i was thinking about the week and all the things on it, " * 30


def provider_for(server: LocalOpenAIServer, context_tokens: int | None = None) -> OpenAICompatibleProvider:
    return OpenAICompatibleProvider(
        api_key="k", base_url=server.base_url, model="local-model", server="auto", context_tokens=context_tokens
    )


def say(chat: Chat, provider: OpenAICompatibleProvider, message: str) -> TurnOutcome:
    with use_provider(provider):
        return handle_message(user=chat.user, thread_id=chat.thread.id, text=message)


def long_history(chat: Chat, turns: int = 6) -> None:
    for index in range(turns):
        chat.say(f"{index} {RAMBLE}", text("I see."))


# --- where the window comes from -------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "given", "expected"),
    [
        ("vllm", None, windows.Window(32768, "vllm /v1/models max_model_len")),
        ("vllm", 8192, windows.Window(8192, "vllm /v1/models max_model_len")),
        # Before a request loaded the model, /api/ps lists nothing and /api/show has no num_ctx:
        # Ollama's default, assumed; model_info's trained 131,072 is never taken for the window.
        ("ollama", None, windows.Window(4096, "ollama default below 24 GiB VRAM", assumed=True)),
        ("llamacpp", 8192, windows.Window(8192, "llama.cpp /props n_ctx")),
        ("llamacpp", None, None),  # llama-cpp-python: no /props (set MODEL_CONTEXT_TOKENS)
        ("openai", None, None),
    ],
)
def test_the_window_is_read_from_the_server(profile: str, given: int | None, expected: Any) -> None:
    with LocalOpenAIServer(QueueBrain([]), profile=profile, window=given) as server:
        provider = provider_for(server)
        assert provider.probe() == "ok"
        assert provider.window == expected


def test_ollama_says_its_window_once_the_model_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(openai_compatible, "WINDOW_ASK_SECONDS", 0.0)
    plans = [{"text": "hi", "usage": USAGE}, {"text": "hi", "usage": USAGE}]
    with LocalOpenAIServer(QueueBrain(plans), profile="ollama", window=8192) as server:
        provider = provider_for(server)
        request = ModelRequest(messages=[{"role": "user", "content": "hello"}], tools=openai_tools())
        provider.complete(request)
        assert provider.window is not None and provider.window.assumed  # not loaded before the first call
        provider.complete(request)
        assert provider.window == windows.Window(8192, "ollama /api/ps context_length")


def test_the_setting_wins_and_nothing_is_asked() -> None:
    brain = QueueBrain([])
    with LocalOpenAIServer(brain, profile="ollama") as server:
        provider = provider_for(server, context_tokens=16384)
        assert provider.fits(ModelRequest(messages=[{"role": "user", "content": "hi"}], tools=openai_tools()))
        assert provider.window == windows.Window(16384, "MODEL_CONTEXT_TOKENS")
    assert brain.requests == []


def test_a_modelfile_num_ctx_and_props_are_read() -> None:
    show = {"parameters": 'stop "<|im_end|>"\nnum_ctx 8192\ntemperature 0.7', "model_info": {"llama.context_length": 1}}
    assert windows.from_ollama_show(show) == windows.Window(8192, "ollama /api/show num_ctx")
    assert windows.from_ollama_show({"parameters": "temperature 0.7"}) is None
    assert windows.from_llamacpp_props({"n_ctx": 4096}) == windows.Window(4096, "llama.cpp /props n_ctx")
    ps = {"models": [{"name": "qwen2.5:latest", "model": "qwen2.5:latest", "context_length": 32768}]}
    assert windows.from_ollama_ps(ps, "qwen2.5") == windows.Window(32768, "ollama /api/ps context_length")
    assert windows.from_ollama_ps(ps, "llama3.2") is None


# --- what fits, and what a cut looks like ------------------------------------------------------


def test_a_request_fits_with_room_for_the_answer_and_a_margin() -> None:
    # 2,800 cl100k tokens: 3,080 with the tokenizer margin, 100 for the template, 512 for the answer.
    assert windows.needed(2800, 1024) == 3692 <= 4096 < windows.needed(3200, 1024)


@pytest.mark.parametrize(
    ("reported", "estimate", "cut"),
    [
        (4096, 6000, True),  # filled to Ollama's window
        (2048, 2900, True),  # its older default
        (1500, 3000, True),  # far fewer, whatever the window
        (2600, 2800, False),  # another tokenizer
        (2050, 3000, False),  # a tokenizer that counts a third less: still not a cut
        (4096, 4300, False),  # a full window that is what was sent
        (0, 3000, False),  # no usage: nothing to compare
    ],
)
def test_a_cut_is_told_from_a_tokenizer_difference(reported: int, estimate: int, cut: bool) -> None:
    assert windows.truncated(reported, estimate) is cut


# --- the turn ------------------------------------------------------------------------------------


def test_a_long_conversation_is_shaped_to_ollamas_default_window(chat: Chat) -> None:
    long_history(chat)
    brain = QueueBrain([{"text": "Sure.", "usage": None}])
    with LocalOpenAIServer(brain, profile="ollama") as server:
        outcome = say(chat, provider_for(server), "and what about you")
    sent = brain.requests[0]
    flags = outcome.trace.flags
    assert "prompt_shrunk_to_window" in flags and "prompt_truncated_by_server" not in flags
    assert sent["messages"][0]["role"] == "system" and len(sent["tools"]) == len(openai_tools())
    assert outcome.trace.prompt_tokens <= 4096 and outcome.assistant_message.text == "Sure."


def test_a_request_that_cannot_fit_is_not_sent_and_the_person_is_told(chat: Chat) -> None:
    brain = QueueBrain([{"text": "never sent", "usage": USAGE}])
    with LocalOpenAIServer(brain, profile="ollama") as server:
        outcome = say(chat, provider_for(server, context_tokens=2048), "what's on tomorrow")
    assert brain.requests == []
    assert "model_error_prompt_too_long" in outcome.trace.flags
    assert "context window" in outcome.assistant_message.text and chat.events() == []
    assert outcome.trace in flagged_turn_list(family="prompt_too_long")


def test_a_request_that_grew_past_the_window_is_not_sent() -> None:
    brain = QueueBrain([])
    with LocalOpenAIServer(brain, profile="vllm", window=4096) as server:
        provider = provider_for(server)
        request = ModelRequest(messages=[{"role": "user", "content": RAMBLE * 4}], tools=openai_tools())
        with pytest.raises(ModelError) as error:
            provider.complete(request)
    assert error.value.kind == "prompt_too_long" and brain.requests == []


def test_a_request_the_server_cut_is_flagged_and_said(chat: Chat) -> None:
    # The window set too large for the server: Ollama cuts the request from the front, silently.
    long_history(chat)
    brain = QueueBrain([{"text": "Sure.", "usage": None}])
    with LocalOpenAIServer(brain, profile="ollama") as server:
        outcome = say(chat, provider_for(server, context_tokens=32768), "and what about you")
    assert outcome.trace.prompt_tokens == 4096
    assert "prompt_truncated_by_server" in outcome.trace.flags
    assert outcome.assistant_message.text.startswith("Sure.")
    assert "could not see all of it" in outcome.assistant_message.text
    assert outcome.trace in flagged_turn_list(family="prompt_truncated")


def test_a_cut_is_said_in_chinese_too(chat: Chat) -> None:
    long_history(chat)
    brain = QueueBrain([{"text": "好的。", "usage": None}])
    with LocalOpenAIServer(brain, profile="ollama") as server:
        outcome = say(chat, provider_for(server, context_tokens=32768), "那你觉得呢")
    assert "prompt_truncated_by_server" in outcome.trace.flags
    assert "截断" in outcome.assistant_message.text


@pytest.mark.parametrize("profile", ["openai", "vllm"])
def test_a_server_that_refuses_long_prompts_is_not_read_for_a_cut(profile: str) -> None:
    # OpenAI counts the tool list in its own compact rendering, far below the JSON counted here;
    # it and vLLM answer an over-long prompt with a 400, never with a cut.
    low = {"prompt_tokens": 900, "completion_tokens": 5, "cached_tokens": 0}
    with LocalOpenAIServer(QueueBrain([{"text": "hi", "usage": low}]), profile=profile) as server:
        request = ModelRequest(messages=[{"role": "user", "content": "hello"}], tools=openai_tools())
        response = provider_for(server).complete(request)
    assert "prompt_truncated_by_server" not in response.flags


def test_ollama_reporting_far_less_is_read_as_a_cut() -> None:
    low = {"prompt_tokens": 900, "completion_tokens": 5, "cached_tokens": 0}
    with LocalOpenAIServer(QueueBrain([{"text": "hi", "usage": low}]), profile="ollama") as server:
        request = ModelRequest(messages=[{"role": "user", "content": "hello"}], tools=openai_tools())
        response = provider_for(server).complete(request)
    assert "prompt_truncated_by_server" in response.flags
