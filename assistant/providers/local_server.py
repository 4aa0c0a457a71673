"""A local HTTP server that speaks the OpenAI chat-completions wire format.

It exists so the `openai` provider can be exercised end to end with no paid API: the tests
use it to check streaming (tool-call deltas split across chunks, the usage chunk, `[DONE]`,
errors, retries), and the live eval can point OPENAI_BASE_URL at it. What it answers comes
from a "brain":

- ``offline``: the offline stand-in's understanding, streamed as a real model would stream it;
- ``queue``: a list of planned responses (text, tool call, HTTP error, delay), one per request.

Run it: ``python -m assistant.providers.local_server --port 8765 --brain offline``.
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


class Brain:
    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        """A planned response: {"text"} | {"tool", "arguments"} | {"status", "error"}, plus "delay_ms"."""
        raise NotImplementedError


class QueueBrain(Brain):
    def __init__(self, plans: list[dict[str, Any]] | None = None) -> None:
        self.plans = list(plans or [])
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            self.requests.append(body)
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


def _usage(body: dict[str, Any], plan: dict[str, Any]) -> dict[str, Any]:
    prompt = sum(len(str(m.get("content") or "")) for m in body.get("messages", [])) // 4
    usage = plan.get("usage") or {"prompt_tokens": prompt, "completion_tokens": 20, "cached_tokens": 0}
    return {
        "prompt_tokens": usage["prompt_tokens"],
        "completion_tokens": usage["completion_tokens"],
        "total_tokens": usage["prompt_tokens"] + usage["completion_tokens"],
        "prompt_tokens_details": {"cached_tokens": usage.get("cached_tokens", 0)},
    }


def stream_events(body: dict[str, Any], plan: dict[str, Any]) -> Iterator[dict[str, Any]]:
    model = body.get("model", "local")
    yield _chunk(model, {"role": "assistant", "content": ""})
    if "tool" in plan:
        arguments = (
            plan["arguments"]
            if isinstance(plan["arguments"], str)
            else json.dumps(plan["arguments"], ensure_ascii=False)
        )
        call_id = plan.get("call_id", "call_local_1")
        yield _chunk(
            model,
            {
                "tool_calls": [
                    {"index": 0, "id": call_id, "type": "function", "function": {"name": plan["tool"], "arguments": ""}}
                ]
            },
        )
        for start in range(0, len(arguments), CHUNK_CHARS):
            piece = arguments[start : start + CHUNK_CHARS]
            yield _chunk(model, {"tool_calls": [{"index": 0, "function": {"arguments": piece}}]})
        yield _chunk(model, {}, "tool_calls")
    else:
        words = str(plan.get("text", "")).split(" ")
        for index, word in enumerate(words):
            yield _chunk(model, {"content": word if index == 0 else " " + word})
        yield _chunk(model, {}, "stop")
    if (body.get("stream_options") or {}).get("include_usage"):
        yield {
            "id": "chatcmpl-local",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": model,
            "choices": [],
            "usage": _usage(body, plan),
        }


def completion(body: dict[str, Any], plan: dict[str, Any]) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": plan.get("text")}
    finish = "stop"
    if "tool" in plan:
        arguments = (
            plan["arguments"]
            if isinstance(plan["arguments"], str)
            else json.dumps(plan["arguments"], ensure_ascii=False)
        )
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "call_local_1", "type": "function", "function": {"name": plan["tool"], "arguments": arguments}}
            ],
        }
        finish = "tool_calls"
    return {
        "id": "chatcmpl-local",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "local"),
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": _usage(body, plan),
    }


def make_handler(brain: Brain) -> type[BaseHTTPRequestHandler]:
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
                self._json(200, {"object": "list", "data": [{"id": "local", "object": "model", "owned_by": "local"}]})
            else:
                self._json(404, {"error": {"message": "not found"}})

        def do_POST(self) -> None:
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._json(404, {"error": {"message": "not found"}})
                return
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            plan = brain.answer(body)
            if plan.get("delay_ms"):
                time.sleep(plan["delay_ms"] / 1000)
            if "status" in plan:
                headers = {"Retry-After": "0"} if plan["status"] == 429 else {}
                self._json(
                    plan["status"], {"error": {"message": plan.get("error", "error"), "type": "server_error"}}, headers
                )
                return
            if not body.get("stream"):
                self._json(200, completion(body, plan))
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            for event in stream_events(body, plan):
                self.wfile.write(f"data: {json.dumps(event, ensure_ascii=False)}\n\n".encode())
                self.wfile.flush()
                if plan.get("chunk_delay_ms"):
                    time.sleep(plan["chunk_delay_ms"] / 1000)
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()
            self.close_connection = True

    return Handler


class LocalOpenAIServer:
    """The server in a background thread: `with LocalOpenAIServer(brain) as server: server.base_url`."""

    def __init__(self, brain: Brain, host: str = "127.0.0.1", port: int = 0) -> None:
        self.brain = brain
        self.httpd = ThreadingHTTPServer((host, port), make_handler(brain))
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
    args = parser.parse_args()
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings")
    os.environ.setdefault("DEBUG", "1")
    django.setup()
    server = ThreadingHTTPServer((args.host, args.port), make_handler(OfflineBrain()))
    print(f"OpenAI-compatible server on http://{args.host}:{args.port}/v1 (brain: {args.brain})", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
