"""What an OpenAI-compatible server answered, read into a ``ModelResponse``: a streamed answer
chunk by chunk (tool-call pieces assembled, text passed on as it comes) or a whole completion."""

from __future__ import annotations

import time
from typing import Any

import openai

from assistant.providers.base import ModelResponse, TextCallback, ToolCall, Usage


async def from_stream(
    stream: openai.AsyncStream[object], *, model: str, on_text: TextCallback | None, began: float
) -> ModelResponse:
    response = ModelResponse(model=model)
    calls: dict[int, dict[str, str]] = {}
    text_parts: list[str] = []
    usage_seen = False
    try:
        # Each chunk as the JSON the server sent (the SDK decodes the SSE stream; building a
        # pydantic model per chunk was most of the stream's CPU and nothing here needs it).
        async for chunk in stream:
            if not isinstance(chunk, dict):
                continue
            if chunk.get("usage") is not None:
                response.usage = usage_of(chunk["usage"])
                usage_seen = True
            if chunk.get("model"):
                response.model = str(chunk["model"])
            for choice in chunk.get("choices") or []:
                if choice.get("finish_reason"):
                    response.finish_reason = str(choice["finish_reason"])
                delta = choice.get("delta")
                if not isinstance(delta, dict):
                    continue
                reasoning = _reasoning(delta)
                content = delta.get("content")
                pieces = delta.get("tool_calls") or []
                if (content or pieces or reasoning) and not response.ttft_ms:
                    response.ttft_ms = (time.perf_counter() - began) * 1000
                response.reasoning_chars += len(reasoning)
                if isinstance(content, str) and content:
                    text_parts.append(content)
                    if on_text is not None:
                        on_text(content)
                for piece in pieces:
                    if isinstance(piece, dict):
                        _assemble(calls, piece)
    finally:
        await stream.close()
    if not usage_seen:
        response.usage = Usage()
    response.text = "".join(text_parts)
    response.tool_calls = [
        ToolCall(id=call["id"] or f"call_{index}", name=call["name"], arguments=call["arguments"])
        for index, call in sorted(calls.items())
        if call["name"]
    ]
    return response


def _assemble(calls: dict[int, dict[str, str]], piece: dict[str, Any]) -> None:
    index = piece.get("index")
    if not isinstance(index, int):
        index = 0
    piece_id = piece.get("id") or ""
    call = calls.get(index)
    if call is not None and piece_id and call["id"] and piece_id != call["id"]:
        # Some servers number every call 0: a new id at a used index is a new call.
        index = max(calls) + 1
        call = None
    if call is None:
        call = calls[index] = {"id": "", "name": "", "arguments": ""}
    if piece_id:
        call["id"] = str(piece_id)
    function = piece.get("function")
    if isinstance(function, dict):
        if function.get("name"):
            call["name"] += str(function["name"])
        if function.get("arguments"):
            call["arguments"] += str(function["arguments"])


def from_completion(completion: Any, model: str, on_text: TextCallback | None, began: float) -> ModelResponse:
    response = ModelResponse(model=completion.model or model)
    response.ttft_ms = (time.perf_counter() - began) * 1000
    if completion.usage is not None:
        response.usage = usage_of(completion.usage)
    if completion.choices:
        choice = completion.choices[0]
        response.finish_reason = choice.finish_reason
        message = choice.message
        response.reasoning_chars = len(_reasoning(message))
        response.text = message.content or ""
        response.tool_calls = [
            ToolCall(id=call.id or f"call_{index}", name=call.function.name, arguments=call.function.arguments or "")
            for index, call in enumerate(message.tool_calls or [])
            if getattr(call, "function", None) is not None and call.function.name
        ]
        if response.text and on_text is not None:
            on_text(response.text)
    return response


def _field(value: Any, name: str) -> Any:
    """A field of the answer, whether it came as JSON (streamed) or as the SDK's model."""
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)


def _reasoning(delta: Any) -> str:
    # vLLM and DeepSeek-style servers: "reasoning_content"; newer vLLM: "reasoning".
    for name in ("reasoning_content", "reasoning"):
        value = _field(delta, name)
        if isinstance(value, str):
            return value
    return ""


def usage_of(usage: Any) -> Usage:
    details = _field(usage, "prompt_tokens_details")
    cached = _field(details, "cached_tokens") if details is not None else 0
    return Usage(
        prompt_tokens=_field(usage, "prompt_tokens") or 0,
        completion_tokens=_field(usage, "completion_tokens") or 0,
        cached_tokens=cached or 0,
    )
