"""The model server's context window: where it comes from, whether a request fits it, and
whether the server cut a request it was sent.

Where the window comes from, first found wins:

- the ``MODEL_CONTEXT_TOKENS`` setting;
- vLLM: ``GET /v1/models``, each model's ``max_model_len``;
- Ollama: ``GET /api/ps``, the loaded model's ``context_length`` (what its runner was started
  with: ``OLLAMA_CONTEXT_LENGTH``, a Modelfile's ``num_ctx`` or the VRAM default); before the
  model is loaded, ``POST /api/show``'s ``parameters`` (a Modelfile's ``num_ctx``); else Ollama's
  default for most machines, 4,096 tokens (below 24 GiB of VRAM), assumed and asked again.
  ``model_info``'s ``<arch>.context_length`` is what the model was trained for, not the window
  it runs with: never used. Its OpenAI-compatible endpoint ignores ``num_ctx`` in a request.
- llama.cpp's own server: ``GET /props``, ``n_ctx`` (``default_generation_settings.n_ctx``).
  llama-cpp-python has no such endpoint: set ``MODEL_CONTEXT_TOKENS`` to its ``--n_ctx``.

The window is counted in the server's tokens and the request here in cl100k: a request fits
when its count, with a margin for other tokenizers and the chat template's own tokens, leaves
room for the answer.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass
from typing import Any

# Ollama's default below 24 GiB of VRAM (docs/context-length): most laptops, every CPU machine.
OLLAMA_DEFAULT_WINDOW = 4096
# Tokens kept for the answer: a tool call or a brief reply is well under this.
ANSWER_ROOM = 512
# cl100k against the tokenizers of the models people run locally: Llama 3 and Qwen 2.5 count
# this prompt within a few per cent, Gemma 3 counted 5,797 where cl100k counted 5,874; the
# older 32k vocabularies (Mistral 7B, Phi-3) count up to about a tenth more on English text.
TOKENIZER_MARGIN = 1.1
TEMPLATE_TOKENS = 100  # role markers and the template's own words around the tool list
# A server that reports this much less than was counted here has cut the request. Tokenizer
# differences move the count by well under a third (the prompt is mostly the English system
# prompt and JSON; even a conversation all in Chinese, where cl100k counts the most, stays
# above two thirds), and a chat template only adds tokens: 60 % is out of their reach.
TRUNCATED_BELOW = 0.6
# A cut also shows as a prompt filled exactly to a power of two (Ollama cuts to its limit,
# "truncating input prompt limit=2048 prompt=3940 keep=5 new=2048") below nine tenths of the count.
FILLED_BELOW = 0.9


@dataclass(frozen=True)
class Window:
    tokens: int
    source: str
    assumed: bool = False  # a default, not read from the server: asked again later

    def describe(self) -> dict[str, Any]:
        return asdict(self)


def answer_room(max_tokens: int | None) -> int:
    return min(max_tokens or ANSWER_ROOM, ANSWER_ROOM)


def needed(prompt_estimate: int, max_tokens: int | None) -> int:
    """The window a request of ``prompt_estimate`` cl100k tokens needs, its answer included."""
    return math.ceil(round(prompt_estimate * TOKENIZER_MARGIN, 6)) + TEMPLATE_TOKENS + answer_room(max_tokens)


def truncated(reported: int, estimate: int) -> bool:
    """Whether a server that reported ``reported`` prompt tokens was sent ``estimate`` and cut it."""
    if reported <= 0 or estimate <= 0:
        return False
    if reported < TRUNCATED_BELOW * estimate:
        return True
    return reported >= 512 and reported & (reported - 1) == 0 and reported < FILLED_BELOW * estimate


def from_vllm(models: list[dict[str, Any]] | None, model: str) -> Window | None:
    lengths = [m.get("max_model_len") for m in models or [] if m.get("id") == model] or [
        m.get("max_model_len") for m in models or []
    ]
    found = [length for length in lengths if isinstance(length, int) and length > 0]
    return Window(min(found), "vllm /v1/models max_model_len") if found else None


def from_ollama_ps(answer: Any, model: str) -> Window | None:
    running = answer.get("models") if isinstance(answer, dict) else None
    for entry in running or []:
        if not isinstance(entry, dict):
            continue
        names = {str(entry.get("name", "")), str(entry.get("model", ""))}
        if model in names or f"{model}:latest" in names:
            length = entry.get("context_length")
            if isinstance(length, int) and length > 0:
                return Window(length, "ollama /api/ps context_length")
    return None


_NUM_CTX = re.compile(r"^\s*num_ctx\s+(\d+)\s*$", re.MULTILINE)


def from_ollama_show(answer: Any) -> Window | None:
    parameters = answer.get("parameters") if isinstance(answer, dict) else None
    match = _NUM_CTX.search(parameters) if isinstance(parameters, str) else None
    return Window(int(match.group(1)), "ollama /api/show num_ctx") if match else None


def from_llamacpp_props(answer: Any) -> Window | None:
    if not isinstance(answer, dict):
        return None
    settings = answer.get("default_generation_settings")
    for length in (answer.get("n_ctx"), settings.get("n_ctx") if isinstance(settings, dict) else None):
        if isinstance(length, int) and length > 0:
            return Window(length, "llama.cpp /props n_ctx")
    return None
