"""Threads answered before the talk was state: seed it once from what their traces recorded.

The writes each thread's recent turns kept back "I added it a moment ago" next turn; the open
request's question stays open only when the newest answers show its card and nothing since
looked or wrote elsewhere (when unsure, no question: a bare "3pm" then goes to the model).
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

WRITE_KINDS = {"created": "create", "updated": "change", "deleted": "delete", "remembered": "remember"}
MOVES_ON = {"schedule_event", "change_event", "delete_event", "remember_fact", "confirmation"}
LOOKS = {"query_events", "suggest_slots"}
QUESTION_TURNS = 6
MAX_WRITES = 20


def _talk(traces: list[Any]) -> dict[str, Any]:
    """``traces`` newest first, each with its assistant message's card."""
    writes = [
        {
            "kind": kind,
            "title": str((call.get("event") or {}).get("title") or "").lower(),
            "message_id": trace.user_message_id,
        }
        for trace in reversed(traces)
        for call in trace.tool_calls or []
        if (kind := WRITE_KINDS.get(str(call.get("status")))) and not call.get("rolled_back")
    ][-MAX_WRITES:]
    question = None
    for answers_since, trace in enumerate(traces[:QUESTION_TURNS]):
        card = trace.assistant_message.card if trace.assistant_message else None
        if isinstance(card, dict) and card.get("type") == "pending_command" and card.get("command_id"):
            question = {"command_id": str(card["command_id"]), "answers_since": answers_since}
            break
        if any(call.get("name") in MOVES_ON | LOOKS for call in trace.tool_calls or []):
            break
    return {"question": question, "writes": writes}


def seed(apps: Any, schema_editor: Any) -> None:
    ThreadState = apps.get_model("assistant", "ThreadState")
    TurnTrace = apps.get_model("assistant", "TurnTrace")
    for state in ThreadState.objects.filter(talk={}).iterator():
        traces = list(
            TurnTrace.objects.filter(thread_id=state.thread_id).select_related("assistant_message").order_by("-id")[:50]
        )
        if traces:
            ThreadState.objects.filter(pk=state.pk).update(talk=_talk(traces))


class Migration(migrations.Migration):
    dependencies = [("assistant", "0005_thread_state_talk")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
