"""A failed model call is tried again only when the server has certainly not started on it."""

from __future__ import annotations

import time

import httpx2
import openai

from assistant.providers.openai_retry import retry_delay

REQUEST = httpx2.Request("POST", "http://127.0.0.1:9/v1/chat/completions")


def connection_error(cause: Exception) -> openai.APIConnectionError:
    error = openai.APIConnectionError(request=REQUEST)
    error.__cause__ = cause
    return error


def test_a_refused_connection_is_tried_again_until_the_retries_run_out() -> None:
    refused = connection_error(httpx2.ConnectError("connection refused"))
    deadline = time.monotonic() + 30
    assert retry_delay(refused, attempt=0, max_retries=2, deadline=deadline) == 0.5
    assert retry_delay(refused, attempt=1, max_retries=2, deadline=deadline) == 1.0
    assert retry_delay(refused, attempt=2, max_retries=2, deadline=deadline) is None
    # Too close to the deadline for another attempt to answer.
    assert retry_delay(refused, attempt=0, max_retries=2, deadline=time.monotonic() + 0.2) is None


def test_a_connection_that_broke_after_sending_or_timed_out_is_not_tried_again() -> None:
    deadline = time.monotonic() + 30
    broken = connection_error(httpx2.ReadError("connection reset"))
    assert retry_delay(broken, attempt=0, max_retries=2, deadline=deadline) is None
    assert retry_delay(openai.APITimeoutError(request=REQUEST), attempt=0, max_retries=2, deadline=deadline) is None
    assert retry_delay(TimeoutError(), attempt=0, max_retries=2, deadline=deadline) is None
