"""The HTTP side of the local server: one handler class per brain and profile, and the server in a
background thread for tests."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from assistant.providers.local_server.brains import Brain
from assistant.providers.local_server.emulation import (
    DEFAULT_WINDOWS,
    OLLAMA_TRAINED_LENGTH,
    OWNED_BY,
    PROFILES,
    as_seen,
    completion,
    front_truncated,
    prompt_tokens,
    rejection,
    stream_events,
)


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
