"""Any OpenAI-compatible chat completions endpoint (OpenAI, Azure, vLLM, Ollama, llama.cpp).

One ``openai.AsyncOpenAI`` client per event loop, on a bounded, kept-alive connection pool:
under uvicorn that is one client for the process. ``acomplete`` awaits the model on the
caller's loop and holds no thread; ``complete`` (sync callers: WSGI, Celery, the evals) runs
the same coroutine on one background loop of the process.

What the server supports comes from its profile (``assistant.providers.profiles``): the
request is adapted to it (a non-streamed call where streamed tool calls are unsupported, ``""``
for ``null`` content, tool results as user text where tool-role messages are dropped) and what
comes back is checked (``assistant.providers.answers``): an empty answer, a stream without a finish reason, unparsable tool
arguments, chat-template tokens in the text and missing usage each leave a flag on the
response. A wall-clock deadline bounds the whole call, stream included. Retries happen only
when the server has certainly not started on the request (429, 503, connection refused), so a
retry never queues behind a request the server is still working on.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import weakref
from collections.abc import Coroutine, Sequence
from typing import Any, Literal, TypeVar, overload

import httpx2
import openai
from openai.types.chat import ChatCompletion

from assistant.providers.answers import check_answer
from assistant.providers.base import ModelError, ModelRequest, ModelResponse, TextCallback, ToolCall, Usage
from assistant.providers.profiles import (
    PROFILES,
    ServerProfile,
    adapt_messages,
    adapt_tools,
    detect,
    without_streamed_tools,
)

logger = logging.getLogger(__name__)

RETRY_STATUSES = {429, 503}  # the server turned the request away before working on it
T = TypeVar("T")


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
        server: str = "auto",
        max_tokens: int | None = 1024,
        stop: Sequence[str] = (),
        max_connections: int = 100,
        http_client: Any = None,
    ) -> None:
        self.model = model
        self.base_url = base_url
        self.api_key = api_key
        self.timeout_seconds = timeout_seconds
        self.max_retries = max_retries
        self.server = server
        self.max_tokens = max_tokens
        self.stop = list(stop)
        self.max_connections = max_connections
        self._http_client = http_client
        self._profile: ServerProfile | None = PROFILES.get(server) if server != "auto" else None
        self._clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, openai.AsyncOpenAI] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()

    # --- clients and the server's profile -------------------------------------------------

    def client(self) -> openai.AsyncOpenAI:
        """The client of the running loop: built once, on a bounded keep-alive pool."""
        loop = asyncio.get_running_loop()
        with self._lock:
            client = self._clients.get(loop)
            if client is None:
                http_client = self._http_client or openai.DefaultAsyncHttpxClient(
                    limits=httpx2.Limits(
                        max_connections=self.max_connections, max_keepalive_connections=self.max_connections
                    ),
                )
                client = openai.AsyncOpenAI(
                    api_key=self.api_key,
                    base_url=self.base_url,
                    timeout=self.timeout_seconds,
                    max_retries=0,  # retries are ours: only where the server has not started
                    http_client=http_client,
                )
                self._clients[loop] = client
            return client

    @property
    def profile(self) -> ServerProfile | None:
        """The profile in use, or None while ``auto`` has not met the server yet."""
        return self._profile

    async def aprofile(self) -> ServerProfile:
        if self._profile is not None:
            return self._profile
        try:
            page = await self.client().with_options(timeout=5.0).models.list()
            models: list[dict[str, Any]] | None = [model.model_dump() for model in page.data]
        except openai.OpenAIError:
            models = None
        profile = detect(self.base_url, models)
        if models is not None or profile.name == "openai":
            self._profile = profile  # detected for good; an unreachable server is asked again
            logger.info("model server at %s detected as %s", self.base_url, profile.name)
        return profile

    # --- the call ---------------------------------------------------------------------------

    def complete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse:
        return run_sync(self.acomplete(request, on_text))

    async def acomplete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse:
        began = time.perf_counter()
        deadline = time.monotonic() + self.timeout_seconds
        profile = await self.aprofile()
        attempt = 0
        while True:
            try:
                async with asyncio.timeout_at(asyncio.get_running_loop().time() + _left(deadline)):
                    response = await self._attempt(request, profile, on_text, began)
                    if (
                        response.finish_reason is None
                        and not response.text
                        and not response.tool_calls
                        and self._streamed(request, profile)
                    ):
                        # A 200 with an empty stream: this server cannot stream tool calls.
                        # Ask once more without streaming, and remember it for the next call.
                        self._profile = profile = without_streamed_tools(profile)
                        response = await self._attempt(request, profile, on_text, began)
                        response.flags.append("streamed_tools_unsupported")
                break
            except TimeoutError as error:
                raise ModelError("deadline", f"no complete answer within {self.timeout_seconds:g} s") from error
            except openai.APITimeoutError as error:
                raise ModelError("timeout", str(error)) from error
            except openai.APIStatusError as error:
                if error.status_code in RETRY_STATUSES and attempt < self.max_retries:
                    attempt += 1
                    await asyncio.sleep(min(_retry_after(error, attempt), _left(deadline)))
                    continue
                if error.status_code == 429:
                    raise ModelError("rate_limit", str(error)) from error
                kind = "server" if error.status_code >= 500 else "request"
                raise ModelError(kind, f"HTTP {error.status_code}: {error.message}") from error
            except openai.APIConnectionError as error:
                refused = isinstance(error.__cause__, httpx2.ConnectError)
                if refused and attempt < self.max_retries and _left(deadline) > 0.5:
                    attempt += 1
                    await asyncio.sleep(min(0.25 * 2**attempt, _left(deadline)))
                    continue
                raise ModelError("connection", str(error)) from error
            except openai.OpenAIError as error:
                raise ModelError("bad_response", str(error)) from error
        response.total_ms = (time.perf_counter() - began) * 1000
        response.tool_complete_ms = response.total_ms if response.tool_calls else 0.0
        check_answer(response, request, profile)
        return response

    def _streamed(self, request: ModelRequest, profile: ServerProfile) -> bool:
        return profile.streams_tool_calls or not request.tools

    def _arguments(self, request: ModelRequest, profile: ServerProfile) -> dict[str, Any]:
        arguments: dict[str, Any] = {"model": self.model, "messages": adapt_messages(request.messages, profile)}
        if request.tools:
            arguments["tools"] = adapt_tools(request.tools, profile)
            arguments["tool_choice"] = request.tool_choice
            if profile.parallel_tool_calls:
                arguments["parallel_tool_calls"] = request.parallel_tool_calls
        if self.max_tokens:
            arguments["max_tokens"] = self.max_tokens
        if self.stop:
            arguments["stop"] = self.stop[:4]  # the OpenAI API takes at most four
        return arguments

    async def _attempt(
        self, request: ModelRequest, profile: ServerProfile, on_text: TextCallback | None, began: float
    ) -> ModelResponse:
        arguments = self._arguments(request, profile)
        if not self._streamed(request, profile):
            completion = await self._post(arguments, stream=False)
            return _from_completion(completion, self.model, on_text, began)
        if profile.stream_usage:
            arguments["stream_options"] = {"include_usage": True}
        stream = await self._post(arguments, stream=True)
        response = ModelResponse(model=self.model)
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
                    response.usage = _usage(chunk["usage"])
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

    @overload
    async def _post(self, arguments: dict[str, Any], *, stream: Literal[False]) -> ChatCompletion: ...

    @overload
    async def _post(self, arguments: dict[str, Any], *, stream: Literal[True]) -> openai.AsyncStream[object]: ...

    async def _post(
        self, arguments: dict[str, Any], *, stream: bool
    ) -> ChatCompletion | openai.AsyncStream[object]:
        """``chat.completions.create`` without its walk of the body.

        ``create`` first transforms the whole body against the SDK's TypedDicts (renaming aliased
        keys, encoding dates and files); our body is plain JSON already, with none of those, and
        on a long conversation that walk cost more CPU than the rest of the turn. The request is
        the same: endpoint, JSON body (``stream`` only when streamed, as ``create`` sends it),
        headers and the bearer key of ``create``, and the same parsed answer.
        """
        client = self.client()
        options: openai.RequestOptions = {"security": {"bearer_auth": True}}
        if not stream:
            return await client.post("/chat/completions", body=arguments, cast_to=ChatCompletion, options=options)
        return await client.post(
            "/chat/completions",
            body={**arguments, "stream": True},
            cast_to=ChatCompletion,
            options=options,
            stream=True,
            stream_cls=openai.AsyncStream[object],  # the chunks as JSON, not pydantic models
        )

    async def aprobe(self) -> str:
        try:
            await self.client().with_options(timeout=5.0).models.list()
        except openai.OpenAIError as error:
            return f"unreachable: {error.__class__.__name__}"
        await self.aprofile()
        return "ok"

    def probe(self) -> str:
        """A cheap reachability check for the health endpoint (it also detects the profile)."""
        return run_sync(self.aprobe())


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


def _from_completion(completion: Any, model: str, on_text: TextCallback | None, began: float) -> ModelResponse:
    response = ModelResponse(model=completion.model or model)
    response.ttft_ms = (time.perf_counter() - began) * 1000
    if completion.usage is not None:
        response.usage = _usage(completion.usage)
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


def _left(deadline: float) -> float:
    return max(0.0, deadline - time.monotonic())


def _retry_after(error: openai.APIStatusError, attempt: int) -> float:
    header: str | None = error.response.headers.get("retry-after") if error.response is not None else None
    try:
        return max(0.0, float(header)) if header is not None else 0.25 * 2.0**attempt
    except ValueError:
        return 0.25 * 2.0**attempt


def _usage(usage: Any) -> Usage:
    details = _field(usage, "prompt_tokens_details")
    cached = _field(details, "cached_tokens") if details is not None else 0
    return Usage(
        prompt_tokens=_field(usage, "prompt_tokens") or 0,
        completion_tokens=_field(usage, "completion_tokens") or 0,
        cached_tokens=cached or 0,
    )


# --- sync callers: one background loop per process ---------------------------------------

_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def _background_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _loop_lock:
        if _loop is None or _loop.is_closed():
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="model-client-loop", daemon=True).start()
        return _loop


def run_sync(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine of the provider from sync code, on the process's model-client loop."""
    return asyncio.run_coroutine_threadsafe(coroutine, _background_loop()).result()
