"""Two messages arriving at once in one thread are processed one after the other.

With Redis (``REDIS_URL``), the lock is redis-py's ``Lock``: SET NX with a timeout to take it,
and a release that deletes the key only while it still holds this holder's token (one Lua
script, so a holder whose lock timed out can never free the next holder's). Any number of web
processes share it; the timeout frees a thread whose holder died.

Without Redis the cache is the process's own memory, and so is the lock: ``cache.add`` takes
it, and the token check and the delete run under one process-wide mutex, which every taker
of the lock also holds while it adds, so the release is atomic too.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
import time
import uuid
from collections.abc import Iterator

import redis
from django.conf import settings
from django.core.cache import cache

POLL_SECONDS = 0.05
logger = logging.getLogger(__name__)
_local_mutex = threading.Lock()


class ThreadBusy(Exception):
    """Another message of this thread is still being answered."""


@functools.cache
def _redis_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)


@contextlib.contextmanager
def thread_lock(thread_id: int, *, wait_seconds: float = 60.0) -> Iterator[None]:
    key = f"thread-lock:{thread_id}"
    if settings.REDIS_URL:
        with _redis_lock(key, wait_seconds):
            yield
    else:
        with _cache_lock(key, wait_seconds):
            yield


@contextlib.contextmanager
def _redis_lock(key: str, wait_seconds: float) -> Iterator[None]:
    lock = _redis_client(settings.REDIS_URL).lock(
        key,
        timeout=settings.THREAD_LOCK_SECONDS,
        sleep=POLL_SECONDS,
        blocking_timeout=wait_seconds,
        # The async turn takes the lock in one worker thread and gives it back from another.
        thread_local=False,
    )
    if not lock.acquire():
        raise ThreadBusy(f"{key} is busy")
    try:
        yield
    finally:
        try:
            lock.release()
        except redis.exceptions.LockNotOwnedError:
            # The turn outlived THREAD_LOCK_SECONDS and another holder has the key now: leave it.
            logger.warning("%s had expired before its release", key)


@contextlib.contextmanager
def _cache_lock(key: str, wait_seconds: float) -> Iterator[None]:
    token = uuid.uuid4().hex
    deadline = time.monotonic() + wait_seconds
    while True:
        with _local_mutex:
            if cache.add(key, token, timeout=settings.THREAD_LOCK_SECONDS):
                break
        if time.monotonic() > deadline:
            raise ThreadBusy(f"{key} is busy")
        time.sleep(POLL_SECONDS)
    try:
        yield
    finally:
        with _local_mutex:
            if cache.get(key) == token:
                cache.delete(key)
