"""A local HTTP server that speaks the OpenAI chat-completions wire format.

It exists so the `openai` provider can be exercised end to end with no paid API: the tests
use it to check streaming (tool-call deltas split across chunks, the usage chunk, `[DONE]`,
errors, retries), and the live eval can point OPENAI_BASE_URL at it. What it answers comes
from a "brain":

- ``offline``: the offline stand-in's understanding, streamed as a real model would stream it;
- ``queue``: a list of planned responses (text, tool call, HTTP error, delay), one per request.

It also plays the server the product talks to (``--profile``), reproducing each one's
documented behaviour, so the provider's tests run the same conversations against all of them:

- ``openai``: tool-call arguments streamed in pieces, usage in a last chunk with no choices
  when ``stream_options.include_usage`` is set, ``null`` content accepted.
- ``vllm``: the same stream shape (first tool delta with id and name, then argument pieces),
  ``"owned_by": "vllm"``, and a planned ``reasoning`` streamed as ``reasoning_content`` deltas
  before the answer.
- ``ollama``: a tool call streamed whole in one chunk (with ``finish_reason`` in it),
  ``"owned_by": "library"``, usage when asked (since 0.5.2).
- ``llamacpp`` (llama-cpp-python): ``stream`` with tools and ``tool_choice: auto`` answers 200
  and an empty body; an assistant ``content: null`` is a 500; no usage in streams; ``strict``
  and ``parallel_tool_calls`` ignored; its chat template renders the tool list once per system
  message (counted in the usage) and drops ``tool``-role messages; ``"owned_by": "me"``. As its
  ``chatml-function-calling`` format does, a text answer to a request with tools and
  ``tool_choice: auto`` comes back as ``""`` (its follow-up grammar admits only a function
  marker, ``functions.<name>:``, or the end of the turn: a planned marker is sent as it is).

A plan may also ask for ``delay_ms`` (before the answer), ``ping_ms`` (SSE keep-alive comments
while it waits, as sse-starlette sends), ``chunk_delay_ms`` and ``no_finish`` (a stream cut
before its finish reason).

Run it: ``python -m assistant.providers.local_server --port 8765 --brain offline --profile openai``.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CHUNK_CHARS = 7  # tool arguments are cut into pieces this long, as real servers do
PROFILES = ("openai", "vllm", "ollama", "llamacpp")
OWNED_BY = {"openai": "system", "vllm": "vllm", "ollama": "library", "llamacpp": "me"}


class Brain:
    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        """A planned response: {"text"} | {"tool", "arguments"} | {"status", "error"}, plus "delay_ms"."""
        raise NotImplementedError

    def seen(self, body: dict[str, Any]) -> None:
        """Every request, as it arrived (before the server's template changed it)."""


class QueueBrain(Brain):
    def __init__(self, plans: list[dict[str, Any]] | None = None) -> None:
        self.plans = list(plans or [])
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    def seen(self, body: dict[str, Any]) -> None:
        with self.lock:
            self.requests.append(body)

    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            if not self.plans:
                return {"status": 500, "error": "no planned response left"}
            return self.plans.pop(0)


class OfflineBrain(Brain):
    """The offline stand-in's understanding behind the wire format."""

    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        from assistant.providers.base import ModelRequest
        from assistant.providers.offline.understand import respond

        response = respond(ModelRequest(messages=body.get("messages", []), tools=body.get("tools", [])))
        if response.tool_calls:
            call = response.tool_calls[0]
            return {"tool": call.name, "arguments": call.arguments}
        return {"text": response.text}


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
    prompt = sum(len(str(m.get("content") or "")) for m in messages) // 4
    tools = len(json.dumps(body.get("tools") or [])) // 4
    if profile == "llamacpp":
        # Its template renders the tool list once per system message.
        tools *= max(1, sum(1 for m in messages if m.get("role") == "system"))
    usage = plan.get("usage") or {"prompt_tokens": prompt + tools, "completion_tokens": 20, "cached_tokens": 0}
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


def make_handler(brain: Brain, profile: str = "openai") -> type[BaseHTTPRequestHandler]:
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r} (one of {', '.join(PROFILES)})")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            return

        def _json(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                model = {"id": "local", "object": "model", "owned_by": OWNED_BY[profile]}
                self._json(200, {"object": "list", "data": [model]})
            else:
                self._json(404, {"error": {"message": "not found"}})

        def _send(self, data: bytes) -> None:
            self.wfile.write(data)
            self.wfile.flush()

        def do_POST(self) -> None:
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._json(404, {"error": {"message": "not found"}})
                return
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            brain.seen(body)
            problem = rejection(body, profile)
            if problem:
                self._json(500, {"error": {"message": problem, "type": "internal_server_error"}})
                return
            streamed = bool(body.get("stream"))
            if streamed and profile == "llamacpp" and body.get("tools") and body.get("tool_choice", "auto") == "auto":
                # "Automatic streaming tool choice is not supported": the error is raised inside
                # the stream, after the 200, so the body ends with nothing in it.
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                return
            plan = brain.answer(as_seen(body, profile))
            if plan.get("delay_ms") and not (streamed and plan.get("ping_ms")):
                time.sleep(plan["delay_ms"] / 1000)
            if "status" in plan:
                headers = {"Retry-After": "0"} if plan["status"] == 429 else {}
                self._json(
                    plan["status"], {"error": {"message": plan.get("error", "error"), "type": "server_error"}}, headers
                )
                return
            if not streamed:
                self._json(200, completion(body, plan, profile))
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            try:
                if plan.get("ping_ms"):
                    waited = 0.0
                    while waited < plan.get("delay_ms", 0):
                        time.sleep(plan["ping_ms"] / 1000)
                        waited += plan["ping_ms"]
                        self._send(b": ping\n\n")
                for event in stream_events(body, plan, profile):
                    self._send(f"data: {json.dumps(event, ensure_ascii=False)}\n\n".encode())
                    if plan.get("chunk_delay_ms"):
                        time.sleep(plan["chunk_delay_ms"] / 1000)
                if not plan.get("no_finish"):
                    self._send(b"data: [DONE]\n\n")
            except (BrokenPipeError, ConnectionResetError):
                return  # the client gave up (its deadline): nothing more to send

    return Handler


class LocalOpenAIServer:
    """The server in a background thread: `with LocalOpenAIServer(brain) as server: server.base_url`."""

    def __init__(self, brain: Brain, host: str = "127.0.0.1", port: int = 0, profile: str = "openai") -> None:
        self.brain = brain
        self.profile = profile
        self.httpd = ThreadingHTTPServer((host, port), make_handler(brain, profile))
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def __enter__(self) -> LocalOpenAIServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--brain", choices=["offline"], default="offline")
    parser.add_argument("--profile", choices=PROFILES, default="openai", help="which server's behaviour to play")
    args = parser.parse_args()
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings")
    os.environ.setdefault("DEBUG", "1")
    django.setup()
    server = ThreadingHTTPServer((args.host, args.port), make_handler(OfflineBrain(), args.profile))
    print(
        f"OpenAI-compatible server on http://{args.host}:{args.port}/v1 (brain: {args.brain}, profile: {args.profile})",
        flush=True,
    )
    server.serve_forever()


if __name__ == "__main__":
    main()
