"""Two messages arriving at once in one thread are processed one after the other.

The lock lives in the cache (Redis in production: SET NX with a timeout), so any number of
web processes share it; the timeout frees a thread whose holder died.
"""

from __future__ import annotations

import contextlib
import time
import uuid
from collections.abc import Iterator

from django.conf import settings
from django.core.cache import cache

POLL_SECONDS = 0.05


class ThreadBusy(Exception):
    """Another message of this thread is still being answered."""


@contextlib.contextmanager
def thread_lock(thread_id: int, *, wait_seconds: float = 60.0) -> Iterator[None]:
    key = f"thread-lock:{thread_id}"
    token = uuid.uuid4().hex
    deadline = time.monotonic() + wait_seconds
    while not cache.add(key, token, timeout=settings.THREAD_LOCK_SECONDS):
        if time.monotonic() > deadline:
            raise ThreadBusy(f"thread {thread_id} is busy")
        time.sleep(POLL_SECONDS)
    try:
        yield
    finally:
        if cache.get(key) == token:
            cache.delete(key)
