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
  before the answer; ``max_model_len`` in ``/v1/models`` and a 400 for a longer prompt.
- ``ollama``: a tool call streamed whole in one chunk (with ``finish_reason`` in it),
  ``"owned_by": "library"``, usage when asked (since 0.5.2). Its window is its default below
  24 GiB of VRAM, 4,096 tokens, and a longer prompt is cut from the front with no error (the
  system prompt and the tool list go first; the brain is shown what is left, and the usage
  says 4,096). ``GET /api/ps`` lists the model with its ``context_length`` once a request has
  loaded it; ``POST /api/show`` gives the trained length in ``model_info`` and no ``num_ctx``.
- ``llamacpp`` (llama-cpp-python): ``stream`` with tools and ``tool_choice: auto`` answers 200
  and an empty body; an assistant ``content: null`` is a 500; no usage in streams; ``strict``
  and ``parallel_tool_calls`` ignored; its chat template renders the tool list once per system
  message (counted in the usage) and drops ``tool``-role messages; ``"owned_by": "me"``. As its
  ``chatml-function-calling`` format does, a text answer to a request with tools and
  ``tool_choice: auto`` comes back as ``""`` (its follow-up grammar admits only a function
  marker, ``functions.<name>:``, or the end of the turn: a planned marker is sent as it is).
  Given a window, it answers ``GET /props`` with ``n_ctx`` as llama.cpp's own server does
  (llama-cpp-python has no such endpoint) and a longer prompt with a 400.

Prompt tokens are counted with cl100k over the rendered request (the tool list as JSON, each
message's content), as the product counts them.

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


def make_handler(brain: Brain, profile: str = "openai", window: int | None = None) -> type[BaseHTTPRequestHandler]:
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r} (one of {', '.join(PROFILES)})")
    limit = window if window is not None else DEFAULT_WINDOWS[profile]
    loaded: list[str] = []  # Ollama: the model a request loaded, as /api/ps lists it

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
            path = self.path.rstrip("/")
            if path.endswith("/models"):
                model: dict[str, Any] = {"id": "local", "object": "model", "owned_by": OWNED_BY[profile]}
                if profile == "vllm" and limit:
                    model["max_model_len"] = limit
                self._json(200, {"object": "list", "data": [model]})
            elif profile == "ollama" and path == "/api/ps":
                running = [{"name": name, "model": name, "context_length": limit} for name in loaded[-1:]]
                self._json(200, {"models": running})
            elif profile == "llamacpp" and path == "/props" and window is not None:
                self._json(200, {"default_generation_settings": {"n_ctx": window}, "total_slots": 1})
            else:
                self._json(404, {"error": {"message": "not found"}})

        def _too_long(self, body: dict[str, Any]) -> bool:
            """vLLM and llama.cpp refuse a prompt longer than their window (a 400); Ollama cuts it."""
            if profile not in {"vllm", "llamacpp"} or not limit or prompt_tokens(body) <= limit:
                return False
            message = f"This model's maximum context length is {limit} tokens."
            self._json(400, {"error": {"message": message, "type": "BadRequestError"}})
            return True

        def _send(self, data: bytes) -> None:
            self.wfile.write(data)
            self.wfile.flush()

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            if profile == "ollama" and self.path.rstrip("/") == "/api/show":
                info = {"general.architecture": "llama", "llama.context_length": OLLAMA_TRAINED_LENGTH}
                self._json(200, {"parameters": "temperature 0.7", "model_info": info})
                return
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._json(404, {"error": {"message": "not found"}})
                return
            brain.seen(body)
            problem = rejection(body, profile)
            if problem:
                self._json(500, {"error": {"message": problem, "type": "internal_server_error"}})
                return
            if self._too_long(body):
                return
            if profile == "ollama":
                loaded.append(str(body.get("model", "local")))
                if limit and prompt_tokens(body) > limit:
                    # Only a warning in the server's log: "truncating input prompt limit=4096 ...".
                    body = {**front_truncated(body, limit), "_prompt_tokens": limit}
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
            plan = brain.answer({k: v for k, v in as_seen(body, profile).items() if k != "_prompt_tokens"})
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

    def __init__(
        self, brain: Brain, host: str = "127.0.0.1", port: int = 0, profile: str = "openai", window: int | None = None
    ) -> None:
        self.brain = brain
        self.profile = profile
        self.httpd = ThreadingHTTPServer((host, port), make_handler(brain, profile, window))
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
    parser.add_argument("--window", type=int, default=None, help="its context window in tokens (default: the profile's)")
    args = parser.parse_args()
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings")
    os.environ.setdefault("DEBUG", "1")
    django.setup()
    server = ThreadingHTTPServer((args.host, args.port), make_handler(OfflineBrain(), args.profile, args.window))
    print(
        f"OpenAI-compatible server on http://{args.host}:{args.port}/v1 (brain: {args.brain}, profile: {args.profile})",
        flush=True,
    )
    server.serve_forever()


if __name__ == "__main__":
    main()
