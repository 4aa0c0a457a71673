"""What arrived for a turn, and what the turn carries from stage to stage."""

from __future__ import annotations

import datetime
import functools
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from django.contrib.auth.models import User

from assistant.intent.derive import Act
from assistant.intent.entities import EntityStack
from assistant.intent.state import JSONObject, JSONValue
from assistant.language import message_language
from assistant.models import Message, PendingConfirmation, Thread, ThreadState
from assistant.providers.base import Usage
from assistant.turn.cards import Card, ConfirmationRequest
from scheduling.models import Profile, ScheduleCommand
from tools.context import PersonClock
from tools.registry import ToolRegistry
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


@dataclass(frozen=True, slots=True)
class EventSummary:
    """The event a tool call wrote or found, as the trace and the API payload name it."""

    ref: str
    title: str
    date: str
    start: str
    end: str

    @classmethod
    def from_fact(cls, fact: Mapping[str, object]) -> EventSummary:
        return cls(*(str(fact[key]) for key in ("ref", "title", "date", "start", "end")))

    def to_json(self) -> JSONObject:
        return {"ref": self.ref, "title": self.title, "date": self.date, "start": self.start, "end": self.end}


@dataclass(frozen=True, slots=True)
class ToolCallRecord:
    """One tool call of this turn (or a gate's decision), as the later stages read it.

    The stages read these fields; the JSON form (``to_json``) is made only at the edges: the
    trace row (a record for admins, never read back as state) and the API payload.
    """

    tool: str
    arguments: JSONObject = field(default_factory=dict)
    status: str | None = None  # the result's status; None for a gate's decision
    ms: float | None = None
    event: EventSummary | None = None  # what the result wrote or found
    overlaps: tuple[str, ...] = ()  # a booking the person insisted on over a clash
    problem: str | None = None  # why the registry turned the call away
    hold_reason: str | None = None  # why a proposed write waits for the person's confirmation
    route: str | None = None  # a stage's call that continues a model tool (fast path, a "yes")
    answer: str | None = None  # a confirmation gate or button: "yes" / "no"
    verdict: str | None = None  # ... and whether the question was still current
    scope: str | None = None  # a scope button's choice
    rolled_back: bool = False

    @property
    def counts(self) -> bool:
        """A real call of this turn: neither rolled back nor a gate's decision."""
        return not self.rolled_back and self.status is not None

    def to_json(self) -> JSONObject:
        """The trace's form (the keys admins and old rows know)."""
        row: JSONObject = {"event": self.event.to_json()} if self.event is not None else {}
        row["name"] = self.tool
        optional: dict[str, JSONValue] = {
            "arguments": self.arguments if self.status is not None or self.arguments else None,
            "status": self.status,
            "ms": self.ms,
            "overlaps": list(self.overlaps) or None,
            "problem": self.problem,
            "reason": self.hold_reason,
            "route": self.route,
            "answer": self.answer,
            "verdict": self.verdict,
            "scope": self.scope,
            "rolled_back": self.rolled_back or None,
        }
        row.update({key: value for key, value in optional.items() if value is not None})
        return row


def tool_calls_json(calls: list[ToolCallRecord]) -> list[JSONValue]:
    return [call.to_json() for call in calls]


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
    card: Card | None = None
    # Set when the reply asks a question a short "yes" may answer; record() binds it.
    confirmation: ConfirmationRequest | None = None
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
    tool_calls: list[ToolCallRecord] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    queried: bool = False
    model_calls: int = 0
    provider_name: str = ""
    model_name: str = ""
    usage: Usage = field(default_factory=Usage)
    error: str = ""
    # Intermediate reads this turn that returned data (memory, archive): writes after them wait.
    untrusted_reads: list[str] = field(default_factory=list)
    registry: ToolRegistry | None = None

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
        self.tool_calls[:] = [replace(call, rolled_back=True, event=None) for call in self.tool_calls]
        self.entities = EntityStack.from_json(self.state.entities)
        self.queried = False

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.started) * 1000
