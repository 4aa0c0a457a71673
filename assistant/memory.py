"""Long-term memory (facts with their source) and the chat archive, as the tools see them.

Both are evidence for the model, never instructions: what they return is wrapped as data, and
nothing in them becomes current state without a new transition in this conversation.
"""

from __future__ import annotations

import datetime
import itertools
import re
from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q

from assistant.models import MemoryFact, Message, Thread
from scheduling.errors import ValidationFailed
from scheduling.text import clean_line, is_blank

_WORD = re.compile(r"[a-z0-9']+|[\u4e00-\u9fff]", re.IGNORECASE)
_STOP = {
    "the",
    "a",
    "an",
    "my",
    "is",
    "of",
    "on",
    "at",
    "to",
    "for",
    "and",
    "in",
    "what",
    "when",
    "s",
    "'s",
    "me",
    "i",
    "your",
}
MAX_SNIPPET = 200


def terms(text: str) -> set[str]:
    """Words (English) and characters plus bigrams (Chinese) to match on."""
    tokens = [token.lower().strip("'") for token in _WORD.findall(text)]
    words = {token for token in tokens if token and token not in _STOP and not _is_cjk(token)}
    chars = [token for token in tokens if _is_cjk(token)]
    bigrams = {a + b for a, b in itertools.pairwise(chars)}
    words |= {token[:-1] for token in words if token.endswith("s") and len(token) > 3}
    return words | bigrams | ({chars[0]} if len(chars) == 1 else set())


def _is_cjk(token: str) -> bool:
    return len(token) == 1 and "\u4e00" <= token <= "\u9fff"


def score(query_terms: set[str], text: str) -> int:
    return len(query_terms & terms(text))


class MemoryStore:
    def __init__(self, user: User, now: datetime.datetime, source_message: Message | None = None) -> None:
        self.user = user
        self.now = now
        self.source_message = source_message

    def search(self, query: str, limit: int) -> list[dict[str, Any]]:
        wanted = terms(query)
        facts = list(MemoryFact.objects.filter(owner=self.user)[:500])
        ranked = sorted(
            ((score(wanted, f"{fact.topic} {fact.fact}"), fact) for fact in facts),
            key=lambda pair: (-pair[0], -pair[1].id),
        )
        return [
            {"topic": fact.topic, "fact": fact.fact, "source": fact.source, "saved": fact.updated_at.date().isoformat()}
            for points, fact in ranked[:limit]
            if points > 0
        ]

    def remember(
        self, topic: str | None, fact: str, source_turn: int | None, source: str = MemoryFact.Source.USER
    ) -> str:
        # A fact comes from a tool call or from extraction; either way it is stored clean.
        topic, fact = clean_line(topic or "")[:80], clean_line(fact)
        if is_blank(fact):
            raise ValidationFailed("a fact cannot be empty")
        existing = MemoryFact.objects.filter(owner=self.user, topic__iexact=topic).first() if topic else None
        if existing is not None:
            # A fact about the same topic replaces the old one (assignment, not append).
            existing.fact, existing.source, existing.updated_at = fact.strip()[:300], source, self.now
            existing.source_message = self.source_message
            existing.save()
            return str(existing.id)
        created = MemoryFact.objects.create(
            owner=self.user,
            topic=topic,
            fact=fact.strip()[:300],
            source=source,
            source_message=self.source_message,
            created_at=self.now,
            updated_at=self.now,
        )
        return str(created.id)


class ArchiveSearch:
    """Earlier messages of this person: other threads, and this thread before the current segment."""

    def __init__(self, user: User, thread: Thread, segment_ids: Callable[[], Sequence[int]]) -> None:
        self.user = user
        self.thread = thread
        self.segment_ids = segment_ids

    def search(self, query: str, limit: int) -> list[dict[str, Any]]:
        wanted = terms(query)
        if not wanted:
            return []
        condition = Q()
        for term in list(wanted)[:8]:
            condition |= Q(text__icontains=term)
        candidates = (
            Message.objects.filter(thread__owner=self.user)
            .exclude(id__in=list(self.segment_ids()))
            .filter(condition)
            .order_by("-created_at")[:200]
        )
        ranked = sorted(candidates, key=lambda message: (-score(wanted, message.text), -message.id))
        return [
            {
                "history": True,
                "at": message.created_at.isoformat(timespec="minutes"),
                "role": message.role,
                "text": message.text[:MAX_SNIPPET],
            }
            for message in ranked[:limit]
        ]
