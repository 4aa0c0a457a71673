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
response. The server's context window (``assistant.providers.window``) is read from the server
or the settings: a request that does not fit is not sent, and a server that reports far fewer
prompt tokens than were sent has cut it (``prompt_truncated_by_server``). A wall-clock deadline
bounds the whole call, stream included. Retries happen only when the server has certainly not
started on the request (``assistant.providers.openai_retry``); the answer is read by
``assistant.providers.openai_answer``.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import weakref
from collections.abc import Sequence
from typing import Any, Literal, overload

import httpx2
import openai
from openai.types.chat import ChatCompletion

from assistant.providers import window as windows
from assistant.providers.answers import check_answer, estimate_prompt
from assistant.providers.background_loop import run_sync
from assistant.providers.base import ModelError, ModelRequest, ModelResponse, TextCallback
from assistant.providers.openai_answer import from_completion, from_stream
from assistant.providers.openai_retry import model_error, retry_delay, seconds_left
from assistant.providers.profiles import (
    PROFILES,
    ServerProfile,
    adapt_messages,
    adapt_tools,
    detect,
    without_streamed_tools,
)

logger = logging.getLogger(__name__)

WINDOW_ASK_SECONDS = 30.0  # how long an assumed or missing window stands before asking again


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
        context_tokens: int | None = None,
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
        self._models: list[dict[str, Any]] | None = None  # the last /models answer
        self._window: windows.Window | None = (
            windows.Window(context_tokens, "MODEL_CONTEXT_TOKENS") if context_tokens else None
        )
        self._window_asked = 0.0  # monotonic time of the last question to the server
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
        self._models = models
        profile = detect(self.base_url, models)
        if models is not None or profile.name == "openai":
            self._profile = profile  # detected for good; an unreachable server is asked again
            logger.info("model server at %s detected as %s", self.base_url, profile.name)
        return profile

    # --- the server's context window ------------------------------------------------------

    @property
    def window(self) -> windows.Window | None:
        """The window in use, or None while it is not known (the server says nothing of it)."""
        return self._window

    async def awindow(self) -> windows.Window | None:
        """The server's window: from the settings, or asked of the server (once it answered;
        an assumed default again after a while, when the model may have been loaded)."""
        known = self._window
        if known is not None and (not known.assumed or time.monotonic() - self._window_asked < WINDOW_ASK_SECONDS):
            return known
        if known is None and self._window_asked and time.monotonic() - self._window_asked < WINDOW_ASK_SECONDS:
            return None
        profile = await self.aprofile()
        self._window_asked = time.monotonic()
        found = await self._ask_window(profile)
        if found is not None or known is None:
            self._window = found
        if found is not None and not found.assumed:
            logger.info("model server at %s: context window %d tokens (%s)", self.base_url, found.tokens, found.source)
        return self._window

    async def _ask_window(self, profile: ServerProfile) -> windows.Window | None:
        root = self.base_url.rstrip("/").removesuffix("/v1")
        if profile.name == "vllm":
            return windows.from_vllm(self._models, self.model)
        if profile.name == "ollama":
            found = windows.from_ollama_ps(await self._ask("GET", f"{root}/api/ps"), self.model)
            found = found or windows.from_ollama_show(await self._ask("POST", f"{root}/api/show", {"model": self.model}))
            return found or windows.Window(windows.OLLAMA_DEFAULT_WINDOW, "ollama default below 24 GiB VRAM", True)
        if profile.name == "llamacpp":
            return windows.from_llamacpp_props(await self._ask("GET", f"{root}/props"))
        return None

    async def _ask(self, method: str, url: str, body: dict[str, Any] | None = None) -> Any:
        """The JSON a server's own endpoint answers, or None (absent, refused, unreachable)."""
        client = self.client().with_options(timeout=5.0)
        try:
            if method == "GET":
                answer = await client.get(url, cast_to=httpx2.Response)
            else:
                answer = await client.post(url, body=body, cast_to=httpx2.Response)
            return answer.json()
        except (openai.OpenAIError, ValueError):
            return None

    def fits(self, request: ModelRequest) -> bool:
        """Whether ``request`` fits the server's window with room for the answer (True when the
        window is not known). Sync callers only (the turn's steps run in a database thread)."""
        window = self._window if self._window is not None and not self._window.assumed else run_sync(self.awindow())
        profile = self._profile or PROFILES["generic"]
        return window is None or windows.needed(estimate_prompt(request, profile), self.max_tokens) <= window.tokens

    # --- the call ---------------------------------------------------------------------------

    def complete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse:
        return run_sync(self.acomplete(request, on_text))

    async def acomplete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse:
        began = time.perf_counter()
        deadline = time.monotonic() + self.timeout_seconds
        profile = await self.aprofile()
        window = await self.awindow()
        estimate = estimate_prompt(request, profile)
        if window is not None and windows.needed(estimate, self.max_tokens) > window.tokens:
            # Not sent: the server would cut it (Ollama, from the front: the prompt and tools first).
            raise ModelError(
                "prompt_too_long",
                f"about {estimate} tokens (cl100k) and the answer do not fit the {window.tokens}-token window "
                f"({window.source})",
            )
        attempt = 0
        while True:
            try:
                async with asyncio.timeout_at(asyncio.get_running_loop().time() + seconds_left(deadline)):
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
            except (TimeoutError, openai.OpenAIError) as error:
                delay = retry_delay(error, attempt=attempt, max_retries=self.max_retries, deadline=deadline)
                if delay is None:
                    raise model_error(error, timeout_seconds=self.timeout_seconds) from error
                attempt += 1
                await asyncio.sleep(delay)
        response.total_ms = (time.perf_counter() - began) * 1000
        response.tool_complete_ms = response.total_ms if response.tool_calls else 0.0
        check_answer(response, request, profile)
        usage = response.usage
        if profile.cuts_long_prompts and not usage.estimated and windows.truncated(usage.prompt_tokens, estimate):
            response.flags.append("prompt_truncated_by_server")
            logger.warning(
                "model server at %s reported %d prompt tokens for about %d sent: it cut the request",
                self.base_url,
                response.usage.prompt_tokens,
                estimate,
            )
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
            return from_completion(completion, self.model, on_text, began)
        if profile.stream_usage:
            arguments["stream_options"] = {"include_usage": True}
        stream = await self._post(arguments, stream=True)
        return await from_stream(stream, model=self.model, on_text=on_text, began=began)

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
        await self.awindow()
        return "ok"

    def probe(self) -> str:
        """A cheap reachability check for the health endpoint (it also detects the profile)."""
        return run_sync(self.aprobe())
