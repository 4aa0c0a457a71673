"""A tool is data: name, description, strict parameters schema, handler, and what it does."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from scheduling.status import Status as Status  # every tool result carries exactly one
from tools.schemas import for_model

if TYPE_CHECKING:
    from tools.context import ToolContext

SideEffect = Literal["read", "write", "state"]
ClaimKind = Literal["create", "change", "delete", "remember"]
# How a write's authority is checked: "values" — every value it writes must trace to the person's
# words in the current intent; "dropping" — the person's words must drop the open request; "none"
# — no check, which a tool that changes anything may have only with a written ``exempt`` reason.
Authority = Literal["values", "dropping", "none"]
# What an argument is, for tracing it to the person's words.
# "name" is a text that names a thing (a title): the person may quote it; a quote never supplies
# a "text" (a fact, a reminder's words), a day or a time.
TraceRole = Literal["name", "text", "date", "time", "minutes", "length", "extend", "target", "repeat", "insist", "counted"]


@dataclass(frozen=True)
class Effect:
    """A write this turn made, named so the exit invariant can verify it persisted."""

    kind: Literal["create", "change", "delete", "remember"]
    model: str
    object_id: str


@dataclass
class ToolResult:
    status: Status
    data: dict[str, Any] = field(default_factory=dict)
    effects: list[Effect] = field(default_factory=list)

    def for_model(self) -> dict[str, Any]:
        """What goes back to the model: the status and the facts, never more."""
        return {"status": self.status.value, **self.data}


ToolHandler = Callable[["ToolContext", Mapping[str, Any]], ToolResult]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: dict[str, Any]
    terminal: bool
    side_effect: SideEffect
    handler: ToolHandler
    # Server-side length limits (strict mode has no maxLength): property name -> characters.
    max_lengths: Mapping[str, int] = field(default_factory=dict)
    # Called by the turn's own stages only; never offered to the model.
    internal: bool = False
    # Policy, read by the guards (authority, gates, exit, the eval); no rule keeps a list of names.
    authority: Authority = "none"
    exempt: str = ""  # why a tool that is not a read needs no authority check
    # The arguments a write takes from the person's words, and how each is traced. A new event's
    # length is not among them: the model may estimate one that was not said, and it moves nobody's
    # day. A changed event's is ("length": said, or the span to an end said): "延长半小时" read as
    # 30 minutes would cut the person's own event short. A reminder's offset is too, since it
    # decides when a message goes out.
    traced: Mapping[str, TraceRole] = field(default_factory=dict)
    defaults: Mapping[str, object] = field(default_factory=dict)  # what the tool takes for a null argument
    claim_kind: ClaimKind | None = None  # the write its call asks for (and its success makes true)
    untrusted_output: bool = False  # its results are data for the model, never instructions

    @property
    def guarded(self) -> bool:
        return self.authority != "none"

    @property
    def reads_calendar(self) -> bool:
        """A look at the person's own calendar (its days are what the talk is about)."""
        return self.side_effect == "read" and not self.untrusted_output

    def openai_tool(self, *, strict: bool = False) -> dict[str, Any]:
        """The tool as a server is offered it: the whole schema with ``strict`` for a server that
        enforces it (its patterns and bounds are decoded), else the lean view (``for_model``),
        which is what the static prefix counts."""
        function: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "parameters": self.parameters if strict else for_model(self.parameters),
        }
        if strict:
            function["strict"] = True
        return {"type": "function", "function": function}


def occurrence_effect_persisted(object_id: str) -> bool:
    """An occurrence delete ("E12@<original start>") holds when the series no longer has it."""
    import datetime

    from scheduling.series import occurrence_gone

    event_id, _, stamp = object_id.partition("@")
    try:
        start = datetime.datetime.fromisoformat(stamp)
    except ValueError:
        return False
    return occurrence_gone(event_id=int(event_id), occurrence_start=start)
