"""What every model provider speaks: one request in, text or tool calls out, with timings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str  # JSON text, exactly as the model wrote it


@dataclass
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    # Counted here with tiktoken because the server sent no usage: close, not exact.
    estimated: bool = False

    def add(self, other: Usage) -> None:
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.cached_tokens += other.cached_tokens
        self.estimated = self.estimated or other.estimated


@dataclass
class ModelRequest:
    messages: list[dict[str, Any]]
    tools: Sequence[dict[str, Any]]
    tool_choice: str = "auto"
    parallel_tool_calls: bool = False


@dataclass
class ModelResponse:
    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    model: str = ""
    ttft_ms: float = 0.0
    tool_complete_ms: float = 0.0
    total_ms: float = 0.0
    # "stop", "tool_calls", "length", ... as the server said; None when it never said.
    finish_reason: str | None = None
    # What went wrong with an answer that still arrived (empty, cut, template tokens, ...):
    # the turn records each as a flag, so no failure is silent.
    flags: list[str] = field(default_factory=list)
    reasoning_chars: int = 0  # reasoning deltas received (never shown as the reply)


class ModelError(Exception):
    """The model could not answer: timeout, rate limit, server error, unusable response."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


TextCallback = Callable[[str], None]


class Provider(Protocol):
    name: str
    model: str
    stand_in: bool

    def complete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse: ...

    async def acomplete(self, request: ModelRequest, on_text: TextCallback | None = None) -> ModelResponse: ...
