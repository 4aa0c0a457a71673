"""What arrived for a turn, and what the turn carries from stage to stage."""

from __future__ import annotations

import datetime
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from django.contrib.auth.models import User

from assistant.intent.derive import Act
from assistant.intent.entities import EntityStack
from assistant.language import message_language
from assistant.models import Message, PendingConfirmation, Thread, ThreadState
from assistant.providers.base import Usage
from scheduling.models import Profile, ScheduleCommand
from tools.context import PersonClock
from tools.spec import Effect

Emit = Callable[[str, dict[str, Any]], None]


def _no_emit(event: str, data: dict[str, Any]) -> None:
    return None


@dataclass(frozen=True, slots=True)
class SegmentLine:
    """One message of the session as a turn reads it: who said what, and when."""

    id: int
    role: str
    text: str
    created_at: datetime.datetime


InputKind = Literal["message", "button", "cancel", "scope"]


@dataclass(frozen=True)
class TurnInput:
    """What arrived: the text the archive shows for it, and what a button carries."""

    kind: InputKind
    text: str
    answer: str | None = None  # a confirmation button: "yes" or "no"
    confirmation: PendingConfirmation | None = None
    action_digest: str | None = None
    command_id: str | None = None  # the Cancel button's stub
    quick_reply_for: str | None = None  # the stub a tapped quick reply belongs to
    scope: str | None = None  # a which-ones button: "this", "following" or "all"
    scope_message_id: int | None = None  # ... on the card of this assistant message


@dataclass
class Timings:
    archive_ms: float = 0.0
    prompt_build_ms: float = 0.0
    llm_ttft_ms: float = 0.0
    llm_tool_complete_ms: float = 0.0
    tool_execute_ms: float = 0.0
    response_complete_ms: float = 0.0
    model_ms: float = 0.0


@dataclass
class Reply:
    text: str
    card: dict[str, Any] | None = None
    # Set when the reply asks a question a short "yes" may answer; record() binds it.
    confirmation: dict[str, Any] | None = None
    flags: list[str] = field(default_factory=list)
    # A receipt written by code states the writes its result made; free text (None) is read for
    # claims by the exit invariant. Values quoted inside a receipt are the person's words.
    claims: frozenset[str] | None = None


@dataclass
class TurnContext(PersonClock):
    user: User
    profile: Profile
    thread: Thread
    now: datetime.datetime
    user_message: Message
    # The session segment, read on first use: the fast path never needs it.
    segment_loader: Callable[[], list[SegmentLine]]
    state: ThreadState
    entities: EntityStack
    active_command: ScheduleCommand | None
    emit: Emit = _no_emit
    started: float = field(default_factory=time.perf_counter)
    timings: Timings = field(default_factory=Timings)
    route: str = "model"
    acts: list[Act] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    queried: bool = False
    model_calls: int = 0
    provider_name: str = ""
    model_name: str = ""
    usage: Usage = field(default_factory=Usage)
    error: str = ""
    # Intermediate reads this turn that returned data (memory, archive): writes after them wait.
    untrusted_reads: list[str] = field(default_factory=list)
    registry: Any = None

    @property
    def text(self) -> str:
        return self.user_message.text

    @functools.cached_property
    def segment(self) -> list[SegmentLine]:
        return self.segment_loader()

    @functools.cached_property
    def language(self) -> str:
        """The reply's language: the message's own, decided once per turn; the profile's when unclear."""
        return message_language(self.text, self.profile.language)

    def forget_work(self) -> None:
        """After a rollback: the acts, effects and entity changes of this turn did not happen."""
        self.acts.clear()
        self.effects.clear()
        for call in self.tool_calls:
            call["rolled_back"] = True
            call.pop("event", None)
        self.entities = EntityStack.from_json(self.state.entities)
        self.queried = False

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.started) * 1000
