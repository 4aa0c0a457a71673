"""What is wrong with an answer that arrived: each defect leaves a flag on the response.

Chat-template tokens in the text (cut there), a stream with no finish reason, a cut at
``max_tokens``, a bare tool marker as the text, an empty answer (and whether the server is known
to drop text beside tools), unparsable tool arguments, and missing usage (counted here, marked
estimated).
"""

from __future__ import annotations

import json
import re

from assistant.providers.base import ModelRequest, ModelResponse, Usage
from assistant.providers.profiles import ServerProfile, adapt_tools
from assistant.tokens import count_tokens

# The end-of-turn and role markers of the common chat templates (ChatML, Llama 3, Gemma,
# Mistral, Phi). In a reply they mean the server did not stop where the template ends.
TEMPLATE_TOKENS = (
    "<|im_start|>",
    "<|im_end|>",
    "<|eot_id|>",
    "<|start_header_id|>",
    "<|end_header_id|>",
    "<|begin_of_text|>",
    "<|end_of_text|>",
    "<|endoftext|>",
    "<start_of_turn>",
    "<end_of_turn>",
    "<|assistant|>",
    "<|user|>",
    "<|system|>",
    "<|end|>",
    "[INST]",
    "[/INST]",
    "</s>",
)
# A tool marker of llama-cpp-python's chatml-function-calling format, sent as the text.
TOOL_MARKER = re.compile(r"(?:functions\.[\w.-]+:\s*)+")


def check_answer(response: ModelResponse, request: ModelRequest, profile: ServerProfile) -> None:
    """Flag what is wrong with an answer that arrived, and make its text safe to use."""
    cut = min((response.text.find(token) for token in TEMPLATE_TOKENS if token in response.text), default=-1)
    if cut >= 0:
        response.text = response.text[:cut].rstrip()
        response.flags.append("chat_template_tokens")
    if response.finish_reason is None:
        response.flags.append("stream_without_finish_reason")
    elif response.finish_reason == "length":
        response.flags.append("max_tokens_reached")
    if not response.tool_calls and TOOL_MARKER.fullmatch(response.text.strip()):
        # chatml-function-calling's "functions.<name>:" with no call behind it: not words.
        response.text = ""
        response.flags.append("tool_marker_as_text")
    if not response.text.strip() and not response.tool_calls:
        response.flags.append("empty_model_response")
        if request.tools and not profile.text_beside_tools:
            # This server cannot return text while tools are offered: the empty answer is its doing.
            response.flags.append("text_dropped_by_server")
    for call in response.tool_calls:
        try:
            json.loads(call.arguments or "")
        except ValueError:
            response.flags.append("unparsable_tool_arguments")
            break
    if response.usage.prompt_tokens == 0 and response.usage.completion_tokens == 0:
        response.usage = estimate_usage(request, response, profile)
        response.flags.append("usage_estimated")


def estimate_prompt(request: ModelRequest, profile: ServerProfile) -> int:
    """The prompt tokens of ``request`` as this server is sent it, counted here (cl100k)."""
    prompt = sum(count_tokens(str(m.get("content") or "")) + 4 for m in request.messages)
    prompt += sum(count_tokens(json.dumps(m.get("tool_calls"))) for m in request.messages if m.get("tool_calls"))
    if request.tools:
        prompt += count_tokens(json.dumps(adapt_tools(request.tools, profile), ensure_ascii=False))
    return prompt


def estimate_usage(request: ModelRequest, response: ModelResponse, profile: ServerProfile) -> Usage:
    """Tokens counted here (cl100k) when the server sends none: marked estimated."""
    completion = count_tokens(response.text) + sum(
        count_tokens(call.name) + count_tokens(call.arguments) for call in response.tool_calls
    )
    return Usage(prompt_tokens=estimate_prompt(request, profile), completion_tokens=completion, estimated=True)
