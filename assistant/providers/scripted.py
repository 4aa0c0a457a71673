"""Replays the model outputs a test or an eval case lists: one output per model call.

An output is {"text": "..."} or {"tool": name, "arguments": {...}} (or a JSON string), or
{"error": kind} to simulate a failure, and may carry {"delay_ms": n}. Every request is kept,
so a test can assert what the model was shown; a call beyond the script is an error, and so
is an output the turn never asked for (``unused``: a turn that ended early must not pass).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

from assistant.providers.base import ModelError, ModelRequest, ModelResponse, TextCallback, ToolCall, Usage


class ScriptExhausted(ModelError):
    def __init__(self) -> None:
        super().__init__("script_exhausted", "the model was called more often than the script allows")


class ScriptedProvider:
    name = "scripted"
    stand_in = False

    def __init__(self, outputs: Sequence[Mapping[str, Any]], *, model: str = "scripted", delay_ms: float = 0.0) -> None:
        self.outputs = list(outputs)
        self.model = model
        self.delay_ms = delay_ms
        self.requests: list[ModelRequest] = []

    @property
    def calls(self) -> int:
        return len(self.requests)

    @property
    def unused(self) -> list[Mapping[str, Any]]:
        """The scripted outputs no model call asked for."""
        return self.outputs[len(self.requests) :]

    def unused_problem(self) -> str | None:
        """What is wrong when outputs were left over, in words; None when every one was used."""
        left = self.unused
        if not left:
            return None
        shown = ", ".join(str(output.get("tool") or output.get("text") or output.get("error"))[:40] for output in left)
        return f"{len(left)} scripted model output(s) never used (the turn made {self.calls} model call(s)): {shown}"

    def _next(self, request: ModelRequest) -> Mapping[str, Any]:
        self.requests.append(request)
        if len(self.requests) > len(self.outputs):
            raise ScriptExhausted()
        return self.outputs[len(self.requests) - 1]

    def complete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse:
        output = self._next(request)
        began = time.perf_counter()
        delay = float(output.get("delay_ms", self.delay_ms))
        if delay:
            time.sleep(delay / 1000)
        return self._answer(output, began, on_text)

    async def acomplete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse:
        output = self._next(request)
        began = time.perf_counter()
        delay = float(output.get("delay_ms", self.delay_ms))
        if delay:
            await asyncio.sleep(delay / 1000)
        return self._answer(output, began, on_text)

    def _answer(self, output: Mapping[str, Any], began: float, on_text: TextCallback | None) -> ModelResponse:
        if "error" in output:
            raise ModelError(str(output["error"]), "scripted failure")
        response = ModelResponse(model=self.model, usage=Usage(**output.get("usage", {})), finish_reason="stop")
        calls = output.get("calls") or ([output] if "tool" in output else [])  # "calls": several in one answer
        if calls:
            response.tool_calls = [
                ToolCall(id=f"call_{len(self.requests)}" + (f"_{n}" if n else ""), name=str(one["tool"]), arguments=_raw(one.get("arguments", {})))
                for n, one in enumerate(calls)
            ]
            response.finish_reason = "tool_calls"
        else:
            response.text = str(output.get("text", ""))
            if on_text is not None and response.text:
                on_text(response.text)
        elapsed = (time.perf_counter() - began) * 1000
        response.ttft_ms = response.total_ms = elapsed
        response.tool_complete_ms = elapsed if response.tool_calls else 0.0
        return response


def _raw(arguments: Any) -> str:
    return arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
