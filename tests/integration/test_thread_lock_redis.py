"""The thread lock on Redis is redis-py's Lock: a release checks the holder's token."""

from __future__ import annotations

import time

import pytest
import redis
from django.test import override_settings

from assistant.turn.lock import ThreadBusy, thread_lock

KEY = "thread-lock:424242"


def test_an_expired_holder_cannot_release_the_next_holders_lock(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    client.delete(KEY)
    # The lease (1 s) is renewed for at most THREAD_LOCK_SECONDS (1 s) in all.
    with override_settings(THREAD_LOCK_SECONDS=1, THREAD_LOCK_LEASE_SECONDS=1):
        with thread_lock(424242):
            assert client.pttl(KEY) > 0
            with pytest.raises(ThreadBusy), thread_lock(424242, wait_seconds=0.1):
                pass
            time.sleep(2.5)  # this turn outlived its lock ...
            successor = client.lock(KEY, timeout=30)
            assert successor.acquire(blocking=False)  # ... and another request took the thread
        # Leaving the first block released nothing of the successor's.
        assert successor.owned()
        successor.release()
    with thread_lock(424242, wait_seconds=0):
        pass
    assert client.get(KEY) is None


def test_a_lock_taken_in_one_thread_is_released_from_another(redis_url: str) -> None:
    # The async turn takes the lock with its first stage and releases it with its last, each in
    # whichever worker thread runs the stage.
    import threading

    client = redis.Redis.from_url(redis_url)
    client.delete(KEY)
    lock = thread_lock(424242)
    lock.__enter__()
    assert client.get(KEY) is not None
    problems: list[BaseException] = []

    def release() -> None:
        try:
            lock.__exit__(None, None, None)
        except BaseException as error:
            problems.append(error)

    worker = threading.Thread(target=release)
    worker.start()
    worker.join()
    assert problems == []
    assert client.get(KEY) is None
