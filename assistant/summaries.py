"""Summaries of the older part of a session segment, so the prompt stays within budget."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from assistant.tokens import WINDOW_BUDGET, count_tokens

MAX_LINE = 120


class Said(Protocol):
    """A message as a summary reads it (a ``Message``, or a line of the session segment)."""

    @property
    def role(self) -> str: ...

    @property
    def text(self) -> str: ...


def extractive_summary(messages: Sequence[Said]) -> str:
    """A deterministic summary: one short line per message, newest kept when it is long."""
    lines = []
    for message in messages:
        text = " ".join(message.text.split())
        if len(text) > MAX_LINE:
            text = text[: MAX_LINE - 1] + "…"
        lines.append(f"{message.role}: {text}")
    return "\n".join(lines[-30:])


def summarise_thread(*, thread_id: int) -> None:
    """Fold the part of the current segment that no longer fits the window into the summary."""
    from assistant.models import Thread, ThreadState
    from assistant.turn.load import current_segment

    thread = Thread.objects.filter(id=thread_id).first()
    if thread is None:
        return
    segment = current_segment(thread=thread)
    state, _ = ThreadState.objects.get_or_create(thread=thread)
    if segment and state.summary_through is not None and state.summary_through < segment[0].id:
        # A new segment started: the old summary belongs to the old session.
        state.summary, state.summary_through = "", None
    pending = [m for m in segment if state.summary_through is None or m.id > state.summary_through]
    kept_tokens = 0
    keep_from = len(pending)
    for index in range(len(pending) - 1, -1, -1):
        kept_tokens += count_tokens(pending[index].text) + 4
        if kept_tokens > WINDOW_BUDGET // 2:
            break
        keep_from = index
    to_fold = pending[:keep_from]
    if not to_fold:
        state.save(update_fields=["summary", "summary_through"])
        return
    state.summary = (state.summary + "\n" + extractive_summary(to_fold)).strip()[-4000:]
    state.summary_through = to_fold[-1].id
    state.save(update_fields=["summary", "summary_through"])
