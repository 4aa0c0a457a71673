"""Benchmark: the tokens every model request starts with, and the prompt tokens per model call
of the offline eval's turns, before and after the lean tool list, side by side.

"Before" is recomputed here from a frozen copy of the old system prompt and tool list
(data/static_prefix_before.json, main before issue 23): each recorded request with its static
prefix swapped for the old one. Counted in cl100k, the tool list as the JSON a local server's
chat template renders (what vLLM, Ollama and llama.cpp are sent). Also: how many of those calls
fit Ollama's default 4,096-token window with room for the answer. Runs on a throwaway database.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings_test")

import django

django.setup()

from django.conf import settings  # noqa: E402

settings.POST_TURN_TASKS = "none"

from django.test.utils import setup_databases, teardown_databases  # noqa: E402

from assistant.prompts import SYSTEM_PROMPT  # noqa: E402
from assistant.providers import window as windows  # noqa: E402
from assistant.providers.answers import estimate_prompt  # noqa: E402
from assistant.providers.base import ModelRequest, ModelResponse, TextCallback  # noqa: E402
from assistant.providers.profiles import PROFILES  # noqa: E402
from assistant.providers.scripted import ScriptedProvider  # noqa: E402
from assistant.tokens import count_tokens  # noqa: E402
from assistant.turn.prompt import STATIC_PREFIX_BUDGET, static_prefix_tokens  # noqa: E402
from evals import runner  # noqa: E402
from evals.cases import load_cases  # noqa: E402
from tools.registry import openai_tools  # noqa: E402

BEFORE = Path(__file__).resolve().parent / "data" / "static_prefix_before.json"
LOCAL = PROFILES["ollama"]  # a server that does not enforce strict mode: the lean list
OLLAMA_WINDOW = windows.OLLAMA_DEFAULT_WINDOW


def percentile(values: list[int], fraction: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


class Recording(ScriptedProvider):
    """The scripted model of the offline eval, keeping every request it is sent."""

    seen: list[ModelRequest] = []

    def complete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse:
        Recording.seen.append(ModelRequest(messages=[dict(m) for m in request.messages], tools=request.tools))
        return super().complete(request, on_text)


def main() -> int:
    frozen: dict[str, Any] = json.loads(BEFORE.read_text())
    old_system = count_tokens(frozen["system_prompt"])
    old_prefix = old_system + count_tokens(json.dumps(frozen["tools"], ensure_ascii=False))
    new_system = count_tokens(SYSTEM_PROMPT)
    new_prefix = static_prefix_tokens()
    new_tools = count_tokens(json.dumps(list(openai_tools()), ensure_ascii=False))

    databases = setup_databases(verbosity=0, interactive=False)
    runner.ScriptedProvider = Recording  # type: ignore[attr-defined]
    try:
        for case in load_cases():
            if "offline" in case.modes:
                runner.run_case(case, mode="offline")
    finally:
        teardown_databases(databases, verbosity=0)

    after = [estimate_prompt(request, LOCAL) for request in Recording.seen]
    before = [tokens - new_prefix + old_prefix for tokens in after]
    fits_before = sum(windows.needed(tokens, settings.MODEL_MAX_TOKENS) <= OLLAMA_WINDOW for tokens in before)
    fits_after = sum(windows.needed(tokens, settings.MODEL_MAX_TOKENS) <= OLLAMA_WINDOW for tokens in after)
    calls = len(after)
    print("prompt tokens (cl100k; the tool list as a local server's chat template renders it)")
    print(f"{'':34} {'before':>8} {'after':>8}")
    print(f"{'system prompt':34} {old_system:>8} {new_system:>8}")
    print(f"{'tool list':34} {old_prefix - old_system:>8} {new_tools:>8}")
    print(f"{f'static prefix (budget {STATIC_PREFIX_BUDGET:,})':34} {old_prefix:>8} {new_prefix:>8}")
    print(f"{'per call, p50':34} {percentile(before, 0.5):>8} {percentile(after, 0.5):>8}")
    print(f"{'per call, p95':34} {percentile(before, 0.95):>8} {percentile(after, 0.95):>8}")
    print(f"{'per call, mean':34} {statistics.mean(before):>8.0f} {statistics.mean(after):>8.0f}")
    print(f"{'calls fitting a 4,096 window':34} {fits_before:>8} {fits_after:>8}   (of {calls} calls)")
    return 0 if new_prefix <= STATIC_PREFIX_BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
