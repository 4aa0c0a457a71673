"""A local HTTP server that speaks the OpenAI chat-completions wire format.

It exists so the `openai` provider can be exercised end to end with no paid API: the tests
use it to check streaming (tool-call deltas split across chunks, the usage chunk, `[DONE]`,
errors, retries), and the live eval can point OPENAI_BASE_URL at it. What it answers comes
from a "brain":

- ``offline``: the offline stand-in's understanding, streamed as a real model would stream it;
- ``queue``: a list of planned responses (text, tool call, HTTP error, delay), one per request.

It also plays the server the product talks to (``--profile``), reproducing each one's
documented behaviour, so the provider's tests run the same conversations against all of them:

- ``openai``: tool-call arguments streamed in pieces, usage in a last chunk with no choices
  when ``stream_options.include_usage`` is set, ``null`` content accepted.
- ``vllm``: the same stream shape (first tool delta with id and name, then argument pieces),
  ``"owned_by": "vllm"``, and a planned ``reasoning`` streamed as ``reasoning_content`` deltas
  before the answer; ``max_model_len`` in ``/v1/models`` and a 400 for a longer prompt.
- ``ollama``: a tool call streamed whole in one chunk (with ``finish_reason`` in it),
  ``"owned_by": "library"``, usage when asked (since 0.5.2). Its window is its default below
  24 GiB of VRAM, 4,096 tokens, and a longer prompt is cut from the front with no error (the
  system prompt and the tool list go first; the brain is shown what is left, and the usage
  says 4,096). ``GET /api/ps`` lists the model with its ``context_length`` once a request has
  loaded it; ``POST /api/show`` gives the trained length in ``model_info`` and no ``num_ctx``.
- ``llamacpp`` (llama-cpp-python): ``stream`` with tools and ``tool_choice: auto`` answers 200
  and an empty body; an assistant ``content: null`` is a 500; no usage in streams; ``strict``
  and ``parallel_tool_calls`` ignored; its chat template renders the tool list once per system
  message (counted in the usage) and drops ``tool``-role messages; ``"owned_by": "me"``. As its
  ``chatml-function-calling`` format does, a text answer to a request with tools and
  ``tool_choice: auto`` comes back as ``""`` (its follow-up grammar admits only a function
  marker, ``functions.<name>:``, or the end of the turn: a planned marker is sent as it is).
  Given a window, it answers ``GET /props`` with ``n_ctx`` as llama.cpp's own server does
  (llama-cpp-python has no such endpoint) and a longer prompt with a 400.

Prompt tokens are counted with cl100k over the rendered request (the tool list as JSON, each
message's content), as the product counts them.

A plan may also ask for ``delay_ms`` (before the answer), ``ping_ms`` (SSE keep-alive comments
while it waits, as sse-starlette sends), ``chunk_delay_ms`` and ``no_finish`` (a stream cut
before its finish reason).

Run it: ``python -m assistant.providers.local_server --port 8765 --brain offline --profile openai``.

``emulation`` is what each server sends, ``brains`` what it answers, ``handler`` the HTTP server and
``__main__`` the command line.
"""

from assistant.providers.local_server.brains import Brain, OfflineBrain, QueueBrain
from assistant.providers.local_server.emulation import PROFILES, stream_events
from assistant.providers.local_server.handler import LocalOpenAIServer, make_handler

__all__ = ["PROFILES", "Brain", "LocalOpenAIServer", "OfflineBrain", "QueueBrain", "make_handler", "stream_events"]
