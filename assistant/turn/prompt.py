"""Assembling the model request: ONE static system message (the prompt; the tool list goes
beside it), then the recent turns verbatim, then the user turn: the dynamic context (intent
recap, rolling summary of the segment, entities, the open command) followed by the message.

Each part has a token budget (counted with tiktoken's cl100k encoding, bundled offline). A
window over budget is summarised (in code, deterministically, when the Celery summary has not
caught up yet), never blindly cut.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from assistant.models import Role
from assistant.prompts import SYSTEM_PROMPT
from assistant.providers.base import ModelError, ModelRequest
from assistant.summaries import extractive_summary
from assistant.tokens import WINDOW_BUDGET, count_tokens, encoding
from assistant.turn.context import SegmentLine, TurnContext
from tools.facts import command_fact
from tools.registry import openai_tools

RECAP_BUDGET = 700
SUMMARY_BUDGET = 500
MESSAGE_BUDGET = 1200
# The system prompt and the tool list together, as a local server's chat template renders the
# list into the prompt (JSON with the default separators). Ollama's default window is 4,096
# tokens: this leaves room for the context, the recent turns and the answer (2,500 until cancel_reminder took 100,
# 2,600 until change_event's extend_minutes took 25).
STATIC_PREFIX_BUDGET = 2625


def static_prefix_tokens(tools: Sequence[dict[str, Any]] | None = None, system: str = SYSTEM_PROMPT) -> int:
    """The tokens every request starts with (cl100k): the system prompt and the tool list."""
    listed = list(openai_tools() if tools is None else tools)
    return count_tokens(system) + count_tokens(json.dumps(listed, ensure_ascii=False))


_encoding = encoding


def intent_recap(context: TurnContext) -> dict[str, Any]:
    intent = context.state.intent_state
    suspended = [
        {
            "ref": f"T{index}",
            "kind": task.goal.kind.value,
            "title": task.goal.title,
            "constraints": dict(task.constraints),
        }
        for index, task in enumerate(intent.suspended, 1)
    ]
    return {
        "goal": intent.goal.to_json() if intent.goal else None,
        "constraints": dict(intent.constraints),
        "completed": [{"kind": g.kind.value, "title": g.title, "status": g.status.value} for g in intent.completed],
        "suspended": suspended,
        "revision": context.state.revision,
    }


def dynamic_context(context: TurnContext) -> dict[str, Any]:
    local_now = context.now.astimezone(context.zone)
    monday = context.today.toordinal() - context.today.isoweekday() + 1
    from datetime import date

    return {
        "now": local_now.strftime("%Y-%m-%d %H:%M"),
        "weekday": local_now.strftime("%A"),
        "time_zone": context.profile.time_zone,
        "language": context.language,
        "this_week": f"{date.fromordinal(monday).isoformat()}..{date.fromordinal(monday + 6).isoformat()} (W1..W7)",
        "working_hours": f"{context.profile.work_start:%H:%M}-{context.profile.work_end:%H:%M}",
        "intent": intent_recap(context),
        "active_command": command_fact(context.active_command, context.today) if context.active_command else None,
        "recent_entities": [
            {"ref": e.ref, "title": e.title, "date": e.date, "start": e.start, **({"minutes": e.minutes} if e.minutes else {}), "via": e.via}
            for e in context.entities.recent()
        ],
        "last_listed": [f"E{event_id}" for event_id in context.entities.listed],
        # The day the talk is on (a query's day, the free slots' day): a request with no day takes it.
        "day_in_focus": context.entities.day_in_focus(),
        # A numbered "which one?" list waiting for its answer, and what that request wanted.
        "choosing": context.entities.choosing,
        # The reminder just set, which set_reminder's replaces_last changes ("actually make it 8:30").
        **({"reminder_just_set": context.entities.reminder} if context.entities.reminder else {}),
        # The event just deleted at the person's word: "put it on friday instead" books it again (schedule_event).
        **({"just_deleted": context.entities.deleted} if context.entities.deleted else {}),
    }


def _window(
    context: TurnContext, window_budget: int = WINDOW_BUDGET, summary_budget: int = SUMMARY_BUDGET
) -> tuple[str, list[SegmentLine]]:
    """The rolling summary and the verbatim turns that fit the budgets."""
    earlier = [m for m in context.segment if m.id != context.user_message.id]
    state = context.state
    summary = state.summary if state.summary_through is not None else ""
    if state.summary_through is not None:
        earlier = [m for m in earlier if m.id > state.summary_through]
    kept: list[SegmentLine] = []
    used = 0
    for message in reversed(earlier):
        cost = count_tokens(message.text) + 4
        if used + cost > window_budget:
            break
        kept.append(message)
        used += cost
    kept.reverse()
    overflow = earlier[: len(earlier) - len(kept)]
    if overflow:
        # The Celery summary has not caught up: summarise the overflow here, in code.
        summary = (summary + "\n" + extractive_summary(overflow)).strip()
    if summary_budget <= 0:
        summary = ""
    while summary and count_tokens(summary) > summary_budget:
        summary = summary[max(1, len(summary) // 4) :]
    return summary, kept


def user_turn(dynamic: dict[str, Any], text: str) -> str:
    """The current user turn: the dynamic context, then the person's message.

    One static system message keeps the provider's prefix cache hitting and keeps servers whose
    template renders the tool list once per system message from sending it twice. The context is
    JSON with "</" written "<\\/" (still valid JSON), so no title or note can close the block.
    """
    encoded = json.dumps(dynamic, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f"<context>{encoded}</context>\n{text}"


# (recent turns, summary) budgets tried in order when the server's window is small: the archive
# segment and the summary give way first; the static prefix, the context and the message stay.
SHRINKING_BUDGETS = ((WINDOW_BUDGET, SUMMARY_BUDGET), (1200, 300), (500, 150), (0, 0))


def build_request(context: TurnContext, fits: Callable[[ModelRequest], bool] | None = None) -> ModelRequest:
    """The request, shaped to the server's window when ``fits`` says whether one fits it.

    A request that does not fit even with no recent turns and no summary is not sent: the
    person is told, and the trace flagged (``model_error_prompt_too_long``).
    """
    started = time.perf_counter()
    try:
        for window_budget, summary_budget in SHRINKING_BUDGETS if fits else SHRINKING_BUDGETS[:1]:
            request = _request(context, window_budget, summary_budget)
            if fits is None or fits(request):
                if window_budget < WINDOW_BUDGET:
                    context.flags.append("prompt_shrunk_to_window")
                return request
        raise ModelError("prompt_too_long", "the request does not fit the model server's window, even with no history")
    finally:
        context.timings.prompt_build_ms += (time.perf_counter() - started) * 1000


def _request(context: TurnContext, window_budget: int, summary_budget: int) -> ModelRequest:
    summary, window = _window(context, window_budget, summary_budget)
    dynamic = dynamic_context(context)
    recap = json.dumps(dynamic, ensure_ascii=False, separators=(",", ":"))
    if count_tokens(recap) > RECAP_BUDGET:
        dynamic["intent"]["completed"] = dynamic["intent"]["completed"][-2:]
        dynamic["recent_entities"] = dynamic["recent_entities"][:3]
    if summary:
        dynamic["summary"] = summary  # JSON-encoded like every other piece of data
    messages: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM_PROMPT}]
    for message in window:
        messages.append({"role": "user" if message.role == Role.USER else "assistant", "content": message.text})
    text = context.text
    if count_tokens(text) > MESSAGE_BUDGET:
        text = _encoding().decode(_encoding().encode(text, disallowed_special=())[:MESSAGE_BUDGET])
    messages.append({"role": "user", "content": user_turn(dynamic, text)})
    return ModelRequest(messages=messages, tools=openai_tools())
