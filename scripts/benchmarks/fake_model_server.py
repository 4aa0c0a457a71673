"""A fake OpenAI-compatible model server for load tests: wire format only, no CPU.

Every chat completion waits ``FAKE_MODEL_LATENCY_MS`` (asyncio.sleep, so thousands can wait at
once on one core), then streams a ``query_events`` tool call in pieces with a usage chunk, as
the OpenAI API does (or answers it whole when not streamed). Serve it with uvicorn:

    FAKE_MODEL_LATENCY_MS=1000 uvicorn scripts.benchmarks.fake_model_server:app --port 8766

With ``FAKE_MODEL_MODE=create`` (the fault benchmark), a message "add booking N on YYYY-MM-DD
at HH:MM" is answered with the ``schedule_event`` call that books it, as a model would.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

LATENCY = float(os.environ.get("FAKE_MODEL_LATENCY_MS", "1000")) / 1000
ARGUMENTS = json.dumps({"start": "D+1", "end": None, "event_words": None})
CREATE = os.environ.get("FAKE_MODEL_MODE", "") == "create"
CREATE_NULLS: dict[str, Any] = dict.fromkeys(
    ("duration_minutes", "command_id", "all_day", "end_date", "recurrence", "reminder_minutes", "busy", "allow_overlap")
)
BOOKING = re.compile(r"add (booking \d+) on (\d{4}-\d{2}-\d{2}) at (\d{2}:\d{2})")


def _answer(body: dict[str, Any]) -> tuple[str, str]:
    """The tool call and its arguments: a query, or (create mode) the booking the message asks for."""
    if CREATE:
        found = BOOKING.findall(json.dumps(body.get("messages", [])[-1:]))
        if found:
            title, date, time_of_day = found[-1]  # the current message comes last in the user turn
            # Every property, as a strict-mode model sends them (a call that leaves one out is malformed).
            arguments = {**CREATE_NULLS, "title": title, "date": date, "time": time_of_day}
            return "schedule_event", json.dumps(arguments)
    return "query_events", ARGUMENTS
USAGE = {"prompt_tokens": 1500, "completion_tokens": 20, "total_tokens": 1520, "prompt_tokens_details": {"cached_tokens": 1024}}


def _chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    body = {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": "fake",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return f"data: {json.dumps(body)}\n\n".encode()


async def _json(send: Send, payload: dict[str, Any], status: int = 200) -> None:
    data = json.dumps(payload).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    if scope["type"] != "http":
        return
    path = scope["path"].rstrip("/")
    if scope["method"] == "GET" and path.endswith("/models"):
        await _json(send, {"object": "list", "data": [{"id": "fake", "object": "model", "owned_by": "system"}]})
        return
    if not path.endswith("/chat/completions"):
        await _json(send, {"error": {"message": "not found"}}, 404)
        return
    raw = b""
    while True:
        message = await receive()
        raw += message.get("body", b"")
        if not message.get("more_body"):
            break
    body = json.loads(raw or b"{}")
    await asyncio.sleep(LATENCY)
    name, arguments = _answer(body)
    call: dict[str, Any] = {"index": 0, "id": "call_fake", "type": "function", "function": {"name": name, "arguments": ""}}
    if not body.get("stream"):
        message = {"role": "assistant", "content": None, "tool_calls": [{**call, "function": {**call["function"], "arguments": arguments}}]}
        choice = {"index": 0, "message": message, "finish_reason": "tool_calls"}
        await _json(send, {"id": "x", "object": "chat.completion", "created": 0, "model": "fake", "choices": [choice], "usage": USAGE})
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/event-stream")]})
    pieces = [_chunk({"role": "assistant", "content": ""}), _chunk({"tool_calls": [call]})]
    pieces += [
        _chunk({"tool_calls": [{"index": 0, "function": {"arguments": arguments[i : i + 8]}}]})
        for i in range(0, len(arguments), 8)
    ]
    pieces.append(_chunk({}, "tool_calls"))
    if (body.get("stream_options") or {}).get("include_usage"):
        usage = {"id": "x", "object": "chat.completion.chunk", "created": 0, "model": "fake", "choices": [], "usage": USAGE}
        pieces.append(f"data: {json.dumps(usage)}\n\n".encode())
    pieces.append(b"data: [DONE]\n\n")
    await send({"type": "http.response.body", "body": b"".join(pieces), "more_body": True})
    await send({"type": "http.response.body", "body": b""})
