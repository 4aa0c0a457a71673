"""When a failed call to an OpenAI-compatible server is tried again, and what a failure is called.

Retries happen only when the server has certainly not started on the request (429, 503,
connection refused), so a retry never queues behind a request the server is still working on.
"""

from __future__ import annotations

import time

import httpx2
import openai

from assistant.providers.base import ModelError

RETRY_STATUSES = {429, 503}  # the server turned the request away before working on it


def seconds_left(deadline: float) -> float:
    return max(0.0, deadline - time.monotonic())


def retry_delay(
    error: TimeoutError | openai.OpenAIError, *, attempt: int, max_retries: int, deadline: float
) -> float | None:
    """How long to wait before the next attempt, or None when the call is not tried again."""
    if attempt >= max_retries or isinstance(error, openai.APITimeoutError):
        return None
    if isinstance(error, openai.APIStatusError) and error.status_code in RETRY_STATUSES:
        return min(_retry_after(error, attempt + 1), seconds_left(deadline))
    refused = isinstance(error, openai.APIConnectionError) and isinstance(error.__cause__, httpx2.ConnectError)
    if refused and seconds_left(deadline) > 0.5:
        return min(0.25 * 2.0 ** (attempt + 1), seconds_left(deadline))
    return None


def model_error(error: TimeoutError | openai.OpenAIError, *, timeout_seconds: float) -> ModelError:
    """The failure as the turn sees it: deadline, timeout, rate limit, server, request, connection or
    an answer the SDK could not read."""
    if isinstance(error, TimeoutError):
        return ModelError("deadline", f"no complete answer within {timeout_seconds:g} s")
    if isinstance(error, openai.APITimeoutError):
        return ModelError("timeout", str(error))
    if isinstance(error, openai.APIStatusError):
        if error.status_code == 429:
            return ModelError("rate_limit", str(error))
        kind = "server" if error.status_code >= 500 else "request"
        return ModelError(kind, f"HTTP {error.status_code}: {error.message}")
    if isinstance(error, openai.APIConnectionError):
        return ModelError("connection", str(error))
    return ModelError("bad_response", str(error))


def _retry_after(error: openai.APIStatusError, attempt: int) -> float:
    header: str | None = error.response.headers.get("retry-after") if error.response is not None else None
    try:
        return max(0.0, float(header)) if header is not None else 0.25 * 2.0**attempt
    except ValueError:
        return 0.25 * 2.0**attempt
