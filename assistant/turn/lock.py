"""Two messages arriving at once in one thread are processed one after the other.

With Redis (``REDIS_URL``), the lock is redis-py's ``Lock``: SET NX with a short lease
(``THREAD_LOCK_LEASE_SECONDS``) to take it, and a release that deletes the key only while it
still holds this holder's token (one Lua script, so a holder whose lease ran out can never free
the next holder's). Any number of web processes share it. While the turn runs, one renewer
thread per process renews the lease of every lock the process holds (``reacquire``, every
third of the lease), up to ``THREAD_LOCK_SECONDS`` in all: a process that dies stops renewing,
and its threads are free again within a lease — seconds, not the length of the longest turn.

Without Redis the cache is the process's own memory, and so is the lock: ``cache.add`` takes
it, and the token check and the delete run under one process-wide mutex, which every taker
of the lock also holds while it adds, so the release is atomic too.

When Redis does not answer, the turn still runs (a documented choice: availability first):
the lock falls back to the process's own lock, so turns of one thread stay one after the other
within this process; across processes the person's writes stay serialised by their database
lock (``scheduling.commands.locks``), and a moved intent state is derived again. A release or
a renewal that fails is logged and never fails the turn: the lease frees the key by itself.

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
from django.core.cache import BaseCache, cache
from django.core.cache.backends.locmem import LocMemCache

POLL_SECONDS = 0.05
logger = logging.getLogger(__name__)
_local_mutex = threading.Lock()
# What a Redis that is down, restarting or unreachable raises.
REDIS_DOWN = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError)


class ThreadBusy(Exception):
    """Another message of this thread is still being answered."""


@functools.cache
def _redis_client(url: str) -> redis.Redis:
    # Short socket timeouts: a Redis that hangs must not hold a turn longer than one that is down.
    return redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=2)


_fallback = LocMemCache("thread-lock-fallback", {})


def _local_cache() -> BaseCache:
    """The process's own memory: the default cache without Redis, a private one when Redis is down."""
    return _fallback if settings.REDIS_URL else cache


class ThreadLock:
    """The lock of one conversation thread; taken in one thread, given back from any."""

    def __init__(self, thread_id: int, *, wait_seconds: float = 60.0) -> None:
        self.key = f"thread-lock:{thread_id}"
        self.wait_seconds = wait_seconds
        self._token = uuid.uuid4().hex
        self._redis: redis.lock.Lock | None = None
        self._local = False  # whether the process's own lock is held (no Redis, or Redis down)
        # Whether every turn of the thread takes this same lock: not so while Redis is down and
        # each process falls back to its own (without Redis there is one process, one lock).
        self.shared = True
        if settings.REDIS_URL:
            self._redis = _redis_client(settings.REDIS_URL).lock(
                self.key,
                timeout=settings.THREAD_LOCK_LEASE_SECONDS,
                sleep=POLL_SECONDS,
                # The async turn takes the lock in one worker thread and gives it back from another.
                thread_local=False,
            )

    def try_acquire(self) -> bool:
        """Take the lock if it is free, without waiting."""
        if self._redis is not None:
            try:
                taken = bool(self._redis.acquire(blocking=False))
            except REDIS_DOWN as error:
                logger.warning("%s: Redis does not answer (%s); this process's own lock is used", self.key, error)
                self.shared = False
            else:
                if taken:
                    _renewer.hold(self)
                return taken
        with _local_mutex:
            self._local = bool(_local_cache().add(self.key, self._token, timeout=settings.THREAD_LOCK_SECONDS))
            return self._local

    def acquire(self) -> None:
        """Take the lock, waiting up to ``wait_seconds`` in this thread; else ThreadBusy."""
        deadline = time.monotonic() + self.wait_seconds
        while not self.try_acquire():
            if time.monotonic() > deadline:
                raise ThreadBusy(f"{self.key} is busy")
            time.sleep(POLL_SECONDS)

    def renew(self) -> bool:
        """Give the Redis lease its full length again; False once it is no longer this holder's."""
        if self._redis is None or self._local:
            return True
        try:
            self._redis.reacquire()
        except redis.exceptions.LockError:
            logger.warning("%s was lost before the turn ended (its lease ran out)", self.key)
            return False
        except REDIS_DOWN as error:
            logger.warning("%s: the lease could not be renewed (%s)", self.key, error)
        return True

    def release(self) -> None:
        """Give the lock back. Never raises: the turn it ends is recorded already."""
        if self._local or self._redis is None:
            self._release_local()
            return
        _renewer.drop(self)
        try:
            self._redis.release()
        except redis.exceptions.LockError:
            # The lease ran out and another holder may have the key now: leave it.
            logger.warning("%s had expired before its release", self.key)
        except REDIS_DOWN as error:
            logger.warning("%s could not be released (%s); its lease frees it", self.key, error)

    def _release_local(self) -> None:
        local = _local_cache()
        with _local_mutex:
            if local.get(self.key) == self._token:
                local.delete(self.key)
        self._local = False

    def __enter__(self) -> None:
        self.acquire()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.release()


class _Renewer:
    """One thread per process renews the leases of the locks this process holds."""

    def __init__(self) -> None:
        self._held: dict[ThreadLock, float] = {}  # lock -> monotonic time it was taken
        self._mutex = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    def hold(self, lock: ThreadLock) -> None:
        with self._mutex:
            self._held[lock] = time.monotonic()
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="thread-lock-renewer", daemon=True)
                self._thread.start()

    def drop(self, lock: ThreadLock) -> None:
        with self._mutex:
            self._held.pop(lock, None)

    def held(self) -> list[ThreadLock]:
        with self._mutex:
            return list(self._held)

    def renew_all(self) -> None:
        now = time.monotonic()
        with self._mutex:
            due = list(self._held.items())
        for lock, since in due:
            if now - since > settings.THREAD_LOCK_SECONDS:
                # A turn that runs past every deadline is stuck: let its lease run out.
                logger.error("%s held for over %s s; no longer renewed", lock.key, settings.THREAD_LOCK_SECONDS)
                self.drop(lock)
            elif not lock.renew():
                self.drop(lock)

    def _run(self) -> None:
        while True:
            self._wake.wait(max(0.2, settings.THREAD_LOCK_LEASE_SECONDS / 3))
            try:
                self.renew_all()
            except Exception:  # the renewer must outlive any one failure
                logger.exception("renewing the thread locks failed")


_renewer = _Renewer()


def thread_lock(thread_id: int, *, wait_seconds: float = 60.0) -> ThreadLock:
    return ThreadLock(thread_id, wait_seconds=wait_seconds)
