"""Any OpenAI-compatible chat completions endpoint (OpenAI, Azure, vLLM, Ollama, llama.cpp).

The reply is streamed; tool-call deltas arrive in pieces and are assembled by their index.
Retries on 429, 5xx and timeouts are the SDK's own (``max_retries``, exponential backoff), so
they are bounded and happen before any output is used.
"""

from __future__ import annotations

import time
from typing import Any

import openai

from assistant.providers.base import ModelError, ModelRequest, ModelResponse, TextCallback, ToolCall, Usage


class OpenAICompatibleProvider:
    name = "openai"
    stand_in = False

    def __init__(
        self,
        *,
        api_key: str,
        base_url: str,
        model: str,
        timeout_seconds: float = 30.0,
        max_retries: int = 2,
        http_client: Any = None,
    ) -> None:
        self.model = model
        self.base_url = base_url
        self.client = openai.OpenAI(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout_seconds,
            max_retries=max_retries,
            http_client=http_client,
        )

    def complete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse:
        began = time.perf_counter()
        response = ModelResponse(model=self.model)
        calls: dict[int, dict[str, str]] = {}
        text_parts: list[str] = []
        try:
            # The SDK's overloads want TypedDicts; our messages and tools are plain dicts of that shape.
            create: Any = self.client.chat.completions.create
            stream = create(
                model=self.model,
                messages=request.messages,
                tools=list(request.tools),
                tool_choice=request.tool_choice,
                parallel_tool_calls=request.parallel_tool_calls,
                stream=True,
                stream_options={"include_usage": True},
            )
            for chunk in stream:
                if chunk.usage is not None:
                    response.usage = _usage(chunk.usage)
                if chunk.model:
                    response.model = chunk.model
                for choice in chunk.choices or []:
                    delta = choice.delta
                    if delta is None:
                        continue
                    if (delta.content or delta.tool_calls) and not response.ttft_ms:
                        response.ttft_ms = (time.perf_counter() - began) * 1000
                    if delta.content:
                        text_parts.append(delta.content)
                        if on_text is not None:
                            on_text(delta.content)
                    for piece in delta.tool_calls or []:
                        call = calls.setdefault(piece.index, {"id": "", "name": "", "arguments": ""})
                        if piece.id:
                            call["id"] = piece.id
                        if piece.function is not None:
                            if piece.function.name:
                                call["name"] += piece.function.name
                            if piece.function.arguments:
                                call["arguments"] += piece.function.arguments
        except openai.APITimeoutError as error:
            raise ModelError("timeout", str(error)) from error
        except openai.RateLimitError as error:
            raise ModelError("rate_limit", str(error)) from error
        except openai.APIStatusError as error:
            kind = "server" if error.status_code >= 500 else "request"
            raise ModelError(kind, f"HTTP {error.status_code}: {error.message}") from error
        except openai.APIConnectionError as error:
            raise ModelError("connection", str(error)) from error
        except openai.OpenAIError as error:
            raise ModelError("bad_response", str(error)) from error
        response.total_ms = (time.perf_counter() - began) * 1000
        response.tool_complete_ms = response.total_ms if calls else 0.0
        response.text = "".join(text_parts)
        response.tool_calls = [
            ToolCall(id=call["id"] or f"call_{index}", name=call["name"], arguments=call["arguments"])
            for index, call in sorted(calls.items())
            if call["name"]
        ]
        return response

    def probe(self) -> str:
        """A cheap reachability check for the health endpoint."""
        try:
            self.client.with_options(timeout=5.0, max_retries=0).models.list()
        except openai.OpenAIError as error:
            return f"unreachable: {error.__class__.__name__}"
        return "ok"


def _usage(usage: Any) -> Usage:
    details = getattr(usage, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", 0) if details is not None else 0
    return Usage(
        prompt_tokens=usage.prompt_tokens or 0,
        completion_tokens=usage.completion_tokens or 0,
        cached_tokens=cached or 0,
    )
