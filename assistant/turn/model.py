"""Stage 3, model: one main call (tool_choice=auto, one tool at a time). An intermediate tool
(memory, archive) feeds facts back for a bounded number of hops; a terminal tool ends the turn
and code writes the reply, with no second generation."""

from __future__ import annotations

import json

from django.conf import settings

from assistant.providers.base import ModelError, ModelResponse, Provider, ToolCall
from assistant.turn.context import Reply, TurnContext
from assistant.turn.prompt import build_request
from assistant.turn.tools import reply_for, run_tool, tool_context
from scheduling.text import clean_text
from tools.registry import ToolRegistry, is_terminal
from tools.spec import Status

RETRYABLE_ARGUMENT_STATUSES = {Status.INVALID_ARGUMENTS, Status.UNKNOWN_TOOL}


def _call(context: TurnContext, provider: Provider, request: object) -> ModelResponse:
    context.emit("status", {"stage": "thinking"})
    response = provider.complete(request)  # type: ignore[arg-type]
    context.model_calls += 1
    context.usage.add(response.usage)
    context.model_name = response.model or provider.model
    context.timings.model_ms += response.total_ms
    if context.model_calls == 1:
        context.timings.llm_ttft_ms = response.ttft_ms
    context.timings.llm_tool_complete_ms += response.tool_complete_ms
    return response


def model_turn(context: TurnContext, provider: Provider) -> Reply:
    context.route = "model"
    context.provider_name = provider.name
    registry = ToolRegistry(tool_context(context))
    request = build_request(context)
    argument_retries = 0
    for _hop in range(settings.MAX_TOOL_HOPS + 1):
        response = _call(context, provider, request)
        if not response.tool_calls:
            # The model's text is cleaned like the person's (NUL, surrogates, bidi controls).
            return Reply(clean_text(response.text) or _fallback(context))
        if len(response.tool_calls) > 1:
            # parallel_tool_calls is off; a model that sends several anyway gets only the first run.
            context.flags.append("extra_tool_calls_ignored")
        call: ToolCall = response.tool_calls[0]
        context.emit("status", {"stage": "tool", "tool": call.name})
        result = run_tool(context, registry, call.name, call.arguments)
        if result.status in RETRYABLE_ARGUMENT_STATUSES:
            argument_retries += 1
            if argument_retries > 1:
                context.flags.append("malformed_tool_arguments")
                return reply_for(context, call.name, result)
        elif is_terminal(call.name):
            return reply_for(context, call.name, result)
        request.messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}
                ],
            }
        )
        request.messages.append(
            {"role": "tool", "tool_call_id": call.id, "content": json.dumps(result.for_model(), ensure_ascii=False)}
        )
    context.flags.append("tool_hops_exhausted")
    return Reply(_fallback(context))


def _fallback(context: TurnContext) -> str:
    if context.language == "zh":
        return "抱歉，我没能完成这个请求，也没有做任何更改。能换个说法吗？"
    return "Sorry, I couldn't complete that, and nothing was changed. Could you put it another way?"


def model_failure_reply(context: TurnContext, error: ModelError) -> Reply:
    """The honest answer when the model is unreachable: the message is kept, nothing is written."""
    context.route = "error"
    context.error = f"{error.kind}: {error.message}"[:300]
    context.flags.append(f"model_error_{error.kind}")
    if context.language == "zh":
        text = "抱歉，模型暂时无法回应（{kind}）。你的消息已保存，没有做任何更改，请稍后重试。"
    else:
        text = "Sorry, the model isn't responding right now ({kind}). Your message is saved and nothing was changed; please try again."
    return Reply(text.format(kind=error.kind))
