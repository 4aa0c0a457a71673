"""What each server the product talks to sends back, and what it does to a request first: the
stream's shape, the usage, the window (cut or refused) and what its chat template drops."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

CHUNK_CHARS = 7  # tool arguments are cut into pieces this long, as real servers do
PROFILES = ("openai", "vllm", "ollama", "llamacpp")
OWNED_BY = {"openai": "system", "vllm": "vllm", "ollama": "library", "llamacpp": "me"}
# Each server's context window when none is given: Ollama's default below 24 GiB of VRAM, a
# vLLM server started with --max-model-len 32768; the others say nothing of theirs.
DEFAULT_WINDOWS: dict[str, int | None] = {"openai": None, "vllm": 32768, "ollama": 4096, "llamacpp": None}
OLLAMA_TRAINED_LENGTH = 131072  # model_info's "<arch>.context_length": not the window it runs with


def _tokens(text: str) -> int:
    from assistant.tokens import count_tokens

    return count_tokens(text)


def _parts(body: dict[str, Any]) -> list[tuple[str, Any]]:
    """The request in the order a chat template renders it: the tool list, then the messages."""
    parts: list[tuple[str, Any]] = [("tools", body["tools"])] if body.get("tools") else []
    return parts + [("message", message) for message in body.get("messages", [])]


def _part_tokens(kind: str, value: Any) -> int:
    if kind == "tools":
        return _tokens(json.dumps(value, ensure_ascii=False))
    return _tokens(str(value.get("content") or "")) + 4


def prompt_tokens(body: dict[str, Any]) -> int:
    return sum(_part_tokens(kind, value) for kind, value in _parts(body))


def front_truncated(body: dict[str, Any], limit: int) -> dict[str, Any]:
    """The request as Ollama's runner keeps it when it is longer than its window: cut from the
    front (whole parts here: the tool list first, then the oldest messages), with no error."""
    parts = _parts(body)
    total = sum(_part_tokens(kind, value) for kind, value in parts)
    while parts and total > limit and len(parts) > 1:
        kind, value = parts.pop(0)
        total -= _part_tokens(kind, value)
    kept = dict(body)
    kept["tools"] = parts[0][1] if parts and parts[0][0] == "tools" else []
    kept["messages"] = [value for kind, value in parts if kind == "message"]
    return kept


def _chunk(model: str, delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-local",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def _usage(body: dict[str, Any], plan: dict[str, Any], profile: str = "openai") -> dict[str, Any]:
    messages = body.get("messages", [])
    prompt = body["_prompt_tokens"] if "_prompt_tokens" in body else prompt_tokens(body)
    if profile == "llamacpp" and body.get("tools"):
        # Its template renders the tool list once per system message.
        systems = sum(1 for m in messages if m.get("role") == "system")
        prompt += _tokens(json.dumps(body["tools"], ensure_ascii=False)) * max(0, systems - 1)
    usage = plan.get("usage") or {"prompt_tokens": prompt, "completion_tokens": 20, "cached_tokens": 0}
    return {
        "prompt_tokens": usage["prompt_tokens"],
        "completion_tokens": usage["completion_tokens"],
        "total_tokens": usage["prompt_tokens"] + usage["completion_tokens"],
        "prompt_tokens_details": {"cached_tokens": usage.get("cached_tokens", 0)},
    }


def _arguments_text(plan: dict[str, Any]) -> str:
    arguments = plan["arguments"]
    return arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)


def stream_events(body: dict[str, Any], plan: dict[str, Any], profile: str = "openai") -> Iterator[dict[str, Any]]:
    model = body.get("model", "local")
    finish = None if plan.get("no_finish") else ("tool_calls" if "tool" in plan else "stop")
    yield _chunk(model, {"role": "assistant", "content": ""})
    if plan.get("reasoning") and profile in {"vllm", "openai"}:
        for word in str(plan["reasoning"]).split(" "):
            yield _chunk(model, {"reasoning_content": word + " "})
    if "tool" in plan:
        arguments = _arguments_text(plan)
        call_id = plan.get("call_id", "call_local_1")
        if profile == "ollama":
            # The whole call in one chunk, finish reason included.
            yield _chunk(
                model,
                {
                    "content": "",
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": call_id,
                            "type": "function",
                            "function": {"name": plan["tool"], "arguments": arguments},
                        }
                    ],
                },
                finish,
            )
        else:
            yield _chunk(
                model,
                {
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": call_id,
                            "type": "function",
                            "function": {"name": plan["tool"], "arguments": ""},
                        }
                    ]
                },
            )
            for start in range(0, len(arguments), CHUNK_CHARS):
                piece = arguments[start : start + CHUNK_CHARS]
                yield _chunk(model, {"tool_calls": [{"index": 0, "function": {"arguments": piece}}]})
            if finish:
                yield _chunk(model, {}, finish)
    else:
        words = str(plan.get("text", "")).split(" ")
        for index, word in enumerate(words):
            yield _chunk(model, {"content": word if index == 0 else " " + word})
        if finish:
            yield _chunk(model, {}, finish)
    include = (body.get("stream_options") or {}).get("include_usage")
    if include and profile != "llamacpp" and not plan.get("no_usage"):
        yield {
            "id": "chatcmpl-local",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": model,
            "choices": [],
            "usage": _usage(body, plan, profile),
        }


def server_text(body: dict[str, Any], plan: dict[str, Any], profile: str) -> str | None:
    """The text this server sends for a planned text answer."""
    text = plan.get("text")
    if profile == "llamacpp" and body.get("tools") and body.get("tool_choice", "auto") == "auto":
        return text if str(text or "").startswith("functions.") else ""
    return text


def completion(body: dict[str, Any], plan: dict[str, Any], profile: str = "openai") -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": server_text(body, plan, profile)}
    if plan.get("reasoning") and profile in {"vllm", "openai"}:
        message["reasoning_content"] = plan["reasoning"]
    finish = "stop"
    if "tool" in plan:
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": plan.get("call_id", "call_local_1"),
                    "type": "function",
                    "function": {"name": plan["tool"], "arguments": _arguments_text(plan)},
                }
            ],
        }
        finish = "tool_calls"
    return {
        "id": "chatcmpl-local",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "local"),
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": _usage(body, plan, profile),
    }


def rejection(body: dict[str, Any], profile: str) -> str | None:
    """What this server refuses outright (as an HTTP 500), or None."""
    if profile != "llamacpp":
        return None
    for message in body.get("messages", []):
        if message.get("role") == "assistant" and message.get("content") is None:
            return "1 validation error: messages.content Input should be a valid string"
    return None


def as_seen(body: dict[str, Any], profile: str) -> dict[str, Any]:
    """The request as the model sees it after the server's template (what a brain is shown)."""
    if profile != "llamacpp":
        return body
    messages = [m for m in body.get("messages", []) if m.get("role") != "tool"]
    tools = [
        {**tool, "function": {k: v for k, v in tool.get("function", {}).items() if k != "description"}}
        for tool in body.get("tools") or []
    ]
    return {**body, "messages": messages, "tools": tools}
