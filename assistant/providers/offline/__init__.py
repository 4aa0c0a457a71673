"""The offline stand-in: a deterministic understanding of common English and Chinese requests,
emitting the same tool calls through the same pipeline. Named as a stand-in everywhere."""

from __future__ import annotations

import json
import time

from assistant.providers.base import ModelRequest, ModelResponse, TextCallback, Usage
from assistant.providers.offline.understand import respond
from assistant.tokens import count_tokens


def measured_usage(request: ModelRequest, response: ModelResponse) -> Usage:
    """What a real model would have been sent and written, counted with the same tokenizer the
    context budgets use; nothing is cached by the stand-in, so no cached tokens are claimed."""

    sent = json.dumps(request.messages, ensure_ascii=False) + json.dumps(list(request.tools), ensure_ascii=False)
    written = response.text + "".join(call.name + call.arguments for call in response.tool_calls)
    return Usage(prompt_tokens=count_tokens(sent), completion_tokens=count_tokens(written), cached_tokens=0)


class OfflineProvider:
    name = "offline"
    model = "offline-stand-in"
    stand_in = True

    def complete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse:
        began = time.perf_counter()
        response = respond(request)
        response.model = self.model
        response.total_ms = response.ttft_ms = (time.perf_counter() - began) * 1000
        response.tool_complete_ms = response.total_ms if response.tool_calls else 0.0
        response.usage = measured_usage(request, response)
        if on_text is not None and response.text:
            on_text(response.text)
        return response

    async def acomplete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse:
        # A fraction of a millisecond of CPU, no I/O: nothing to await.
        return self.complete(request, on_text)
