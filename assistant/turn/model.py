"""Stage 3, model: one main call (tool_choice=auto, one tool at a time). An intermediate tool
(memory, archive) feeds facts back for a bounded number of hops; a terminal tool ends the turn
and code writes the reply, with no second generation.

The stage is written once, as steps (``model_steps``): it yields each request for the model and
gets the answer sent back, so the turn's drivers call the model blocking or awaited on the
event loop, and the tool steps between the calls are the same code either way.

An answer that arrived but is unusable is never passed off as the model's choice: each defect
the provider found (empty, cut stream, template tokens, unparsable arguments, estimated usage)
is a flag on the turn, and an empty answer gets its own honest reply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Generator
from dataclasses import dataclass

from django.conf import settings

import catalogue
from assistant.prompts import SYSTEM_PROMPT
from assistant.providers.base import ModelError, ModelRequest, ModelResponse, Provider
from assistant.turn.context import Reply, TurnContext
from assistant.turn.prompt import build_request
from assistant.turn.tools import reply_for, run_tool
from scheduling.text import clean_text
from tools.registry import is_terminal, spec_for
from tools.spec import Status

RETRYABLE_ARGUMENT_STATUSES = {Status.INVALID_ARGUMENTS, Status.UNKNOWN_TOOL}
WRITTEN = {Status.CREATED, Status.UPDATED, Status.REMINDER_SET, Status.REMINDER_REMOVED}  # a write done at once: the next write asked for may follow
_WORDS = re.compile(r"\w+", re.UNICODE)
ECHO_SHINGLE = 8  # words in a row shared with the system prompt that count as repeating it


@dataclass
class _Loop:
    """What the hops of one turn share."""

    request: ModelRequest
    argument_retries: int = 0


def _start(context: TurnContext, provider: Provider) -> _Loop:
    context.route = "model"
    context.provider_name = provider.name
    # A provider that knows its server's window says whether a request fits it (the request is
    # shaped to it, or not sent); the stand-ins have none.
    fits = getattr(provider, "fits", None)
    return _Loop(request=build_request(context, fits))


def _account(context: TurnContext, provider: Provider, response: ModelResponse) -> None:
    context.model_calls += 1
    context.usage.add(response.usage)
    context.model_name = response.model or provider.model
    context.timings.model_ms += response.total_ms
    if context.model_calls == 1:
        context.timings.llm_ttft_ms = response.ttft_ms
    context.timings.llm_tool_complete_ms += response.tool_complete_ms
    for flag in response.flags:
        if flag not in context.flags:
            context.flags.append(flag)


def _step(context: TurnContext, loop: _Loop, response: ModelResponse) -> Reply | None:
    """After one model call: the reply that ends the turn, or None to call the model again."""
    if not response.tool_calls:
        return _text_reply(context, response)
    calls = response.tool_calls
    if len(calls) > 1 and not all((spec := spec_for(call.name)) is not None and (spec.side_effect == "write" or spec.claim_kind) for call in calls):
        # parallel_tool_calls is off; a model that sends several anyway gets only the first run, unless
        # each is a write ("book a haircut tomorrow at 4 and gym thursday at 6"): those run in order.
        context.flags.append("extra_tool_calls_ignored")
        calls = calls[:1]
    done: list[Reply] = []
    for index, call in enumerate(calls):
        context.emit("status", {"stage": "tool", "tool": call.name})
        result = run_tool(context, call.name, call.arguments)  # through the turn's one registry
        if is_terminal(call.name) and result.status not in RETRYABLE_ARGUMENT_STATUSES:
            reply = reply_for(context, call.name, result)
            if index + 1 < len(calls) and result.status in WRITTEN and not (reply.card or reply.confirmation):
                done.append(reply)  # written: the next write the same message asked for runs too
                continue
            return _joined(context, [*done, reply], len(calls) - index - 1)
        if done:
            return _joined(context, done, len(calls) - index)  # what ran is said; the rest is asked for again
        if index + 1 < len(calls):
            context.flags.append("extra_tool_calls_ignored")
        if result.status in RETRYABLE_ARGUMENT_STATUSES:
            loop.argument_retries += 1
            if loop.argument_retries > 1:
                context.flags.append("malformed_tool_arguments")
                return reply_for(context, call.name, result)
        # The provider adapts this to the server (content "" or words where null or tool-role
        # messages are not accepted); the request keeps the canonical form.
        loop.request.messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}
                ],
            }
        )
        loop.request.messages.append(
            {"role": "tool", "tool_call_id": call.id, "content": json.dumps(result.for_model(), ensure_ascii=False)}
        )
        return None
    return None


def _joined(context: TurnContext, replies: list[Reply], left: int) -> Reply:
    """The receipts of the writes one message asked for, in order; the last may carry its card. Writes
    not run (one before them was not written) are flagged: the reply names only what ran."""
    if left:
        context.flags.append("extra_tool_calls_ignored")
    if len(replies) == 1:
        return replies[0]
    last = replies[-1]
    claims = None if any(reply.claims is None for reply in replies) else frozenset().union(*(r.claims or () for r in replies))
    return Reply("\n".join(reply.text for reply in replies), card=last.card, confirmation=last.confirmation, claims=claims)


def _exhausted(context: TurnContext) -> Reply:
    context.flags.append("tool_hops_exhausted")
    return Reply(_fallback(context))


def model_steps(context: TurnContext, provider: Provider) -> Generator[ModelRequest, ModelResponse, Reply]:
    """The model stage as steps: each ``yield`` hands a request to the driver, which sends the
    model's answer back in (or throws its ModelError in). The driver decides how the model is
    called, blocking (``run_turn``) or awaited on the event loop (``arun_turn``); the steps
    between two calls, which read and write the database, are the same either way."""
    loop = _start(context, provider)
    for _hop in range(settings.MAX_TOOL_HOPS + 1):
        context.emit("status", {"stage": "thinking"})
        response = yield loop.request
        _account(context, provider, response)
        reply = _step(context, loop, response)
        if reply is not None:
            return _said_if_cut(context, reply)
    return _said_if_cut(context, _exhausted(context))


def _said_if_cut(context: TurnContext, reply: Reply) -> Reply:
    """A reply to a request the server cut says so: the model did not see all of it."""
    if "prompt_truncated_by_server" in context.flags:
        reply.text = f"{reply.text.rstrip()}\n\n{catalogue.text('prompt_truncated_by_server', context.language)}"
    return reply


def _text_reply(context: TurnContext, response: ModelResponse) -> Reply:
    # The model's text is cleaned like the person's (NUL, surrogates, bidi controls).
    text = clean_text(response.text).strip()
    if not text:
        return Reply(_empty_answer(context))
    if repeats_system_prompt(text):
        context.flags.append("system_prompt_echo")
        return Reply(_fallback(context))
    return Reply(text)


def repeats_system_prompt(text: str) -> bool:
    """Whether a reply quotes the system prompt (eight words in a row of it), which it never should."""
    return bool(_shingles(text) & _PROMPT_SHINGLES)


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = [word.lower() for word in _WORDS.findall(text)]
    return {tuple(words[i : i + ECHO_SHINGLE]) for i in range(len(words) - ECHO_SHINGLE + 1)}


_PROMPT_SHINGLES = _shingles(SYSTEM_PROMPT)


def _empty_answer(context: TurnContext) -> str:
    # Said as it is: the model gave nothing, which is not the same as choosing to say nothing.
    if "empty_model_response" not in context.flags:
        context.flags.append("empty_model_response")
    return catalogue.text("empty_model_answer", context.language)


def _fallback(context: TurnContext) -> str:
    return catalogue.text("model_fallback", context.language)


def model_failure_reply(context: TurnContext, error: ModelError) -> Reply:
    """The honest answer when the model is unreachable: the message is kept, nothing is written."""
    context.route = "error"
    context.error = f"{error.kind}: {error.message}"[:300]
    context.flags.append(f"model_error_{error.kind}")
    # Written by code and claiming no write: not read for claims ("你的消息已保存" is not a memory).
    if error.kind == "prompt_too_long":
        return Reply(catalogue.text("prompt_too_long", context.language), claims=frozenset())
    return Reply(catalogue.text("model_unavailable", context.language, kind=error.kind), claims=frozenset())
