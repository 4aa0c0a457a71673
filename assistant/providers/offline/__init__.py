"""The offline stand-in: a deterministic understanding of common English and Chinese requests,
emitting the same tool calls through the same pipeline. Named as a stand-in everywhere."""

from __future__ import annotations

import time

from assistant.providers.base import ModelRequest, ModelResponse, TextCallback
from assistant.providers.offline.understand import respond


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
        if on_text is not None and response.text:
            on_text(response.text)
        return response
