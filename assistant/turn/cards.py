"""The cards a reply carries, typed: what the page shows beside the text and can act on.

A card becomes JSON only when the reply is archived (``Message.card``); a card read back from a
stored message (the scope button's question) is parsed here, and anything that does not parse
is no card at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from assistant.intent.state import JSONObject, JSONValue

SCOPES = ("this", "following", "all")


@dataclass(frozen=True, slots=True)
class QuickReply:
    """A choice the person can tap; it is sent back as their own text."""

    label: str
    text: str


@dataclass(frozen=True, slots=True)
class PendingCard:
    """An open request: what is known, what is missing, and quick replies."""

    command_id: str
    status: str
    known: JSONObject = field(default_factory=dict)
    resolved_dates: list[JSONValue] = field(default_factory=list)
    missing: list[JSONValue] = field(default_factory=list)
    conflicts: list[JSONValue] = field(default_factory=list)
    quick_replies: tuple[QuickReply, ...] = ()

    def to_json(self) -> JSONObject:
        return {
            "type": "pending_command",
            "command_id": self.command_id,
            "status": self.status,
            "known": self.known,
            "resolved_dates": self.resolved_dates,
            "missing": self.missing,
            "conflicts": self.conflicts,
            "quick_replies": [{"label": quick.label, "text": quick.text} for quick in self.quick_replies],
        }


@dataclass(frozen=True, slots=True)
class ScopeCard:
    """Which of a repeating event: the same tool call again, with the scope the person picks."""

    tool: str
    event: JSONObject
    arguments: JSONObject
    action: JSONValue = None
    repeats: JSONValue = None
    choices: tuple[str, ...] = SCOPES

    def to_json(self) -> JSONObject:
        return {
            "type": "scope_choice",
            "action": self.action,
            "tool": self.tool,
            "event": self.event,
            "repeats": self.repeats or {},
            "arguments": self.arguments,
            "choices": list(self.choices),
        }

    @classmethod
    def from_json(cls, card: object) -> ScopeCard | None:
        """The scope question a stored message asked, or None when it asked none."""
        if not isinstance(card, Mapping) or card.get("type") != "scope_choice":
            return None
        tool, event, arguments, choices = (card.get(key) for key in ("tool", "event", "arguments", "choices"))
        if not (isinstance(tool, str) and isinstance(event, dict) and isinstance(arguments, dict)):
            return None
        kept = tuple(choice for choice in choices or () if choice in SCOPES) if isinstance(choices, list) else ()
        return cls(tool, event, arguments, card.get("action"), card.get("repeats"), kept)


@dataclass(frozen=True, slots=True)
class ConfirmationCard:
    """A question bound to the state it was asked under; the page shows its two buttons."""

    kind: str
    confirmation_id: str
    action_digest: str
    expires_at: str
    event: JSONValue = None

    def to_json(self) -> JSONObject:
        return {
            "type": "confirmation",
            "kind": self.kind,
            "confirmation_id": self.confirmation_id,
            "action_digest": self.action_digest,
            "event": self.event,
            "expires_at": self.expires_at,
        }


Card = PendingCard | ScopeCard | ConfirmationCard
ConfirmationKind = Literal["delete_event", "write", "council"]


@dataclass(frozen=True, slots=True)
class ConfirmationRequest:
    """A reply's question that a short "yes" may answer: record binds it to the new state."""

    kind: ConfirmationKind
    action: JSONObject
    event: JSONValue = None
