"""Threads, messages, per-thread state (intent, entities, summary), confirmations, memory, traces."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models

from assistant.intent.state import IntentState
from assistant.intent.talk import Talk


class Thread(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="threads")
    title = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    last_activity_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-last_activity_at", "-id"]
        indexes = [models.Index(fields=["owner", "-last_activity_at"], name="thread_owner_activity")]

    def __str__(self) -> str:
        return self.title or f"thread {self.pk}"


class Role(models.TextChoices):
    USER = "user", "user"
    ASSISTANT = "assistant", "assistant"


class Message(models.Model):
    """One archived message. ``created_at`` is the server's clock, never the client's.

    ``marker`` is set on an assistant message that asks for a short answer (a destructive-action
    confirmation, a council invitation): only such a message lets a later "yes" do anything.
    """

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="messages")
    role = models.CharField(max_length=10, choices=Role.choices)
    text = models.TextField()
    created_at = models.DateTimeField()
    marker = models.JSONField(null=True, blank=True)
    card = models.JSONField(null=True, blank=True)
    flags = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [
            models.Index(fields=["thread", "created_at"], name="message_thread_time"),
            # The session-segment read walks a thread newest first: (thread, created_at, id)
            # answers it in index order, with no sort of the whole thread.
            models.Index(fields=["thread", "-created_at", "-id"], name="message_segment"),
        ]

    def __str__(self) -> str:
        return f"{self.role}: {self.text[:60]}"


class ThreadState(models.Model):
    """The conversation's current state: the intent (versioned), the entity stack, a summary."""

    thread = models.OneToOneField(Thread, on_delete=models.CASCADE, related_name="state")
    revision = models.PositiveIntegerField(default=0)
    intent = models.JSONField(default=dict)
    digest = models.CharField(max_length=64, default="")
    entities = models.JSONField(default=dict)
    # What the next turn needs of the earlier ones (assistant/intent/talk.py): the open question, the writes.
    talk = models.JSONField(default=dict, blank=True)
    summary = models.TextField(blank=True, default="")
    summary_through = models.BigIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"state of {self.thread} at r{self.revision}"

    @property
    def intent_state(self) -> IntentState:
        """``intent`` (the stored JSON), typed."""
        return IntentState.from_json(self.intent)

    @property
    def talk_state(self) -> Talk:
        """``talk`` (the stored JSON), typed."""
        return Talk.from_json(self.talk)


class TransitionType(models.TextChoices):
    REVEAL = "reveal", "reveal"
    REVISE = "revise", "revise"
    SWITCH = "switch", "switch"
    CONTINUE = "continue", "continue"


class IntentTransition(models.Model):
    """Append-only log: replaying it from an empty state rebuilds the state and its digest."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="transitions")
    revision = models.PositiveIntegerField()
    type = models.CharField(max_length=10, choices=TransitionType.choices)
    patch = models.JSONField()
    message = models.ForeignKey(Message, null=True, blank=True, on_delete=models.SET_NULL)
    at = models.DateTimeField()
    digest = models.CharField(max_length=64)

    class Meta:
        ordering = ["revision"]
        constraints = [models.UniqueConstraint(fields=["thread", "revision"], name="transition_revision_unique")]

    def __str__(self) -> str:
        return f"r{self.revision} {self.type}"


class ConfirmationStatus(models.TextChoices):
    PENDING = "pending", "pending"
    CONFIRMED = "confirmed", "confirmed"
    DECLINED = "declined", "declined"
    STALE = "stale", "stale"
    EXPIRED = "expired", "expired"


class PendingConfirmation(models.Model):
    """A question that a "yes" may answer, bound to the exact state and action it was asked under."""

    class Kind(models.TextChoices):
        DELETE_EVENT = "delete_event", "delete an event"
        COUNCIL = "council", "planning consultation"
        WRITE = "write", "a write held until the person confirms it"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="confirmations")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    action = models.JSONField()
    action_digest = models.CharField(max_length=64)
    intent_revision = models.PositiveIntegerField()
    state_digest = models.CharField(max_length=64)
    message = models.ForeignKey(Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=ConfirmationStatus.choices, default=ConfirmationStatus.PENDING)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.kind} [{self.status}] at r{self.intent_revision}"


class MemoryFact(models.Model):
    """A stable fact about the person, with where it came from."""

    class Source(models.TextChoices):
        USER = "user", "said by the person"
        INFERRED = "inferred", "inferred from the conversation"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memory_facts")
    topic = models.CharField(max_length=80, blank=True, default="")
    fact = models.CharField(max_length=300)
    source = models.CharField(max_length=10, choices=Source.choices)
    source_message = models.ForeignKey(Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["owner", "topic"], name="memory_owner_topic")]

    def __str__(self) -> str:
        return self.fact


class Route(models.TextChoices):
    FAST_PATH = "fast_path", "fast path"
    MODEL = "model", "model"
    CONFIRMATION = "confirmation", "confirmation"
    COUNCIL = "council", "council"
    ERROR = "error", "error"


class TurnTrace(models.Model):
    """One row per turn: what ran, what it cost, what the exit check flagged."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="traces")
    user_message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="+")
    assistant_message = models.ForeignKey(Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    route = models.CharField(max_length=16, choices=Route.choices)
    provider = models.CharField(max_length=16, blank=True, default="")
    model_name = models.CharField(max_length=100, blank=True, default="")
    model_calls = models.PositiveIntegerField(default=0)
    tool_calls = models.JSONField(default=list, blank=True)
    flags = models.JSONField(default=list, blank=True)
    transitions = models.JSONField(default=list, blank=True)
    intent_revision = models.PositiveIntegerField(default=0)
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    cached_tokens = models.PositiveIntegerField(default=0)
    archive_ms = models.FloatField(default=0)
    prompt_build_ms = models.FloatField(default=0)
    llm_ttft_ms = models.FloatField(default=0)
    llm_tool_complete_ms = models.FloatField(default=0)
    tool_execute_ms = models.FloatField(default=0)
    response_complete_ms = models.FloatField(default=0)
    model_ms = models.FloatField(default=0)
    error = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["route", "created_at"], name="trace_route_time")]

    def __str__(self) -> str:
        return f"turn {self.pk} [{self.route}]"

    @property
    def flagged(self) -> bool:
        return bool(self.flags)


class FlaggedTurn(TurnTrace):
    """The review queue's entry in the admin: the same rows, seen as turns waiting for a person."""

    class Meta:
        proxy = True
        verbose_name = "flagged turn"
        verbose_name_plural = "review queue (flagged turns)"


class TurnReview(models.Model):
    """A person's verdict on a flagged turn, with who gave it and when."""

    class Verdict(models.TextChoices):
        REVIEWED = "reviewed", "reviewed"
        NEEDS_FIX = "needs_fix", "needs a fix"

    trace = models.OneToOneField(TurnTrace, on_delete=models.CASCADE, related_name="review")
    verdict = models.CharField(max_length=10, choices=Verdict.choices)
    note = models.TextField(blank=True, default="", max_length=2000)
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reviewed_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["verdict", "reviewed_at"], name="review_verdict_time")]

    def __str__(self) -> str:
        return f"{self.get_verdict_display()} by {self.reviewer} at {self.reviewed_at:%Y-%m-%d %H:%M}"
