"""What each OpenAI-compatible server really does with a chat request, in one place.

The wire format is shared, the behaviour is not. Each profile records what a server supports,
from its documentation and issue tracker, and the provider adapts its request to it:

- ``openai``: everything (streamed tool calls in pieces, ``strict``, ``parallel_tool_calls``,
  usage in the last chunk when ``stream_options.include_usage`` is set, ``null`` content).
- ``vllm``: streamed tool calls in pieces (the first delta carries id and name, the arguments
  follow), usage in a last chunk with empty ``choices`` when asked, ``strict`` ignored, and for
  reasoning models a ``reasoning_content`` (newer: ``reasoning``) delta before the answer.
- ``ollama``: a streamed tool call arrives whole, in one chunk (id, name and complete
  arguments), with ``finish_reason`` in the same chunk; ``strict`` ignored.
- ``llamacpp`` (llama-cpp-python's server): ``stream`` with ``tool_choice: auto`` answers 200
  and then an empty body, an assistant message with ``content: null`` is a 500, no usage in
  streams, ``strict`` and ``parallel_tool_calls`` ignored, ``tool``-role messages and tool
  descriptions dropped by the chat template, and a second system message renders the tool list
  twice; its keep-alive pings keep a slow stream open. With ``chatml-function-calling`` and
  tools offered, no text answer can come back: after the model picks "message:", the follow-up
  grammar admits only a function marker (``functions.<name>:``) or the end of the turn, so the
  content is ``""`` or that marker (seen on 0.3.36 with Gemma 3 270M); ``max_tokens`` is not
  passed on in that mode.

``auto`` reads the server's ``/models`` answer (``owned_by``) and its address; a server it does
not know gets the cautious ``generic`` profile (no streamed tools, ``""`` for ``null``, local
token counts), which works everywhere at the cost of streaming.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any
from urllib.parse import urlparse

SERVER_CHOICES = ("auto", "openai", "vllm", "ollama", "llamacpp", "generic")


@dataclass(frozen=True)
class ServerProfile:
    name: str
    streams_tool_calls: bool  # stream=True together with tools and tool_choice=auto works
    null_content: bool  # an assistant message may carry content: null beside tool_calls
    stream_usage: bool  # honours stream_options.include_usage
    strict: bool  # enforces "strict": true on function schemas
    parallel_tool_calls: bool  # honours parallel_tool_calls=false
    tool_messages: bool  # tool-role messages reach the model (the template keeps them)
    reasoning_deltas: bool  # may stream reasoning_content before the answer
    text_beside_tools: bool = True  # a text answer can come back when tools are offered
    # A prompt longer than the window is cut (Ollama, older llama.cpp servers) rather than refused
    # with a 400 (OpenAI, vLLM). Only such a server's usage is read for a cut: OpenAI counts the
    # tool list in its own compact rendering, far below the JSON counted here, and never cuts.
    cuts_long_prompts: bool = True

    def describe(self) -> dict[str, Any]:
        return asdict(self)


PROFILES: dict[str, ServerProfile] = {
    "openai": ServerProfile("openai", True, True, True, True, True, True, False, cuts_long_prompts=False),
    "vllm": ServerProfile("vllm", True, True, True, False, True, True, True, cuts_long_prompts=False),
    "ollama": ServerProfile("ollama", True, True, True, False, False, True, False),
    "llamacpp": ServerProfile("llamacpp", False, False, False, False, False, False, False, text_beside_tools=False),
    "generic": ServerProfile("generic", False, False, False, False, False, True, True),
}


def detect(base_url: str, models: list[dict[str, Any]] | None) -> ServerProfile:
    """The profile of a server from its address and its /models answer (None: unreachable)."""
    host = urlparse(base_url).hostname or ""
    if host == "api.openai.com" or host.endswith(".openai.azure.com"):
        return PROFILES["openai"]
    owners = {str(model.get("owned_by", "")).lower() for model in models or []}
    if "vllm" in owners:
        return PROFILES["vllm"]
    if urlparse(base_url).port == 11434 or owners & {"library", "ollama"}:
        return PROFILES["ollama"]
    if "me" in owners or "llamacpp" in owners or "llama.cpp" in owners:
        # llama-cpp-python's server lists every model as owned by "me".
        return PROFILES["llamacpp"]
    if owners & {"openai", "system", "openai-internal"}:
        return PROFILES["openai"]
    return PROFILES["generic"]


def adapt_messages(messages: Sequence[dict[str, Any]], profile: ServerProfile) -> list[dict[str, Any]]:
    """The conversation as this server can take it."""
    adapted: list[dict[str, Any]] = []
    for message in messages:
        role = message.get("role")
        if not profile.tool_messages and role == "assistant" and message.get("tool_calls"):
            # The template drops tool calls and results: say them in words the model will see.
            calls = [
                f"{call['function']['name']}({call['function'].get('arguments') or '{}'})"
                for call in message["tool_calls"]
            ]
            adapted.append({"role": "assistant", "content": "I called " + ", ".join(calls) + "."})
            continue
        if not profile.tool_messages and role == "tool":
            result = str(message.get("content") or "").replace("</", "<\\/")
            adapted.append({"role": "user", "content": f"<tool_result>{result}</tool_result>"})
            continue
        if message.get("content") is None and not profile.null_content:
            message = {**message, "content": ""}
        adapted.append(message)
    return adapted


def adapt_tools(tools: Sequence[dict[str, Any]], profile: ServerProfile) -> list[dict[str, Any]]:
    """The tool list as this server takes it.

    A server that enforces strict mode gets each product tool's whole schema (patterns, closed
    objects, ``strict``: it decodes them). Every other server gets the lean list as it is: it
    would ignore those keys (or reject ``strict``) and its window is small; code validates the
    arguments against the whole schema either way.
    """
    if not profile.strict:
        return [
            {**tool, "function": {k: v for k, v in tool["function"].items() if k != "strict"}}
            if "function" in tool
            else tool
            for tool in tools
        ]
    from tools.registry import strict_tools

    whole = strict_tools()
    return [whole.get(str((tool.get("function") or {}).get("name")), tool) for tool in tools]


def without_streamed_tools(profile: ServerProfile) -> ServerProfile:
    """The profile of a server found unable to stream tool calls."""
    return replace(profile, streams_tool_calls=False)
