"""Two messages arriving at once in one thread are processed one after the other.

With Redis (``REDIS_URL``), the lock is redis-py's ``Lock``: SET NX with a timeout to take it,
and a release that deletes the key only while it still holds this holder's token (one Lua
script, so a holder whose lock timed out can never free the next holder's). Any number of web
processes share it; the timeout frees a thread whose holder died.

Without Redis the cache is the process's own memory, and so is the lock: ``cache.add`` takes
it, and the token check and the delete run under one process-wide mutex, which every taker
of the lock also holds while it adds, so the release is atomic too.

A sync caller waits for the lock in its own thread (``with thread_lock(id):``). The async turn
only *tries* it (``try_acquire``) in a worker thread and waits between tries on the event loop,
so a person who sends twice at once holds no worker thread while the first answer is written.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
import uuid
from types import TracebackType

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


class ThreadLock:
    """The lock of one conversation thread; taken in one thread, given back from any."""

    def __init__(self, thread_id: int, *, wait_seconds: float = 60.0) -> None:
        self.key = f"thread-lock:{thread_id}"
        self.wait_seconds = wait_seconds
        self._token = uuid.uuid4().hex
        self._redis: redis.lock.Lock | None = None
        if settings.REDIS_URL:
            self._redis = _redis_client(settings.REDIS_URL).lock(
                self.key,
                timeout=settings.THREAD_LOCK_SECONDS,
                sleep=POLL_SECONDS,
                # The async turn takes the lock in one worker thread and gives it back from another.
                thread_local=False,
            )

    def try_acquire(self) -> bool:
        """Take the lock if it is free, without waiting."""
        if self._redis is not None:
            return bool(self._redis.acquire(blocking=False))
        with _local_mutex:
            return bool(cache.add(self.key, self._token, timeout=settings.THREAD_LOCK_SECONDS))

    def acquire(self) -> None:
        """Take the lock, waiting up to ``wait_seconds`` in this thread; else ThreadBusy."""
        deadline = time.monotonic() + self.wait_seconds
        while not self.try_acquire():
            if time.monotonic() > deadline:
                raise ThreadBusy(f"{self.key} is busy")
            time.sleep(POLL_SECONDS)

    def release(self) -> None:
        if self._redis is not None:
            try:
                self._redis.release()
            except redis.exceptions.LockNotOwnedError:
                # The turn outlived THREAD_LOCK_SECONDS and another holder has the key now: leave it.
                logger.warning("%s had expired before its release", self.key)
            return
        with _local_mutex:
            if cache.get(self.key) == self._token:
                cache.delete(self.key)

    def __enter__(self) -> None:
        self.acquire()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.release()


def thread_lock(thread_id: int, *, wait_seconds: float = 60.0) -> ThreadLock:
    return ThreadLock(thread_id, wait_seconds=wait_seconds)
