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
    with override_settings(THREAD_LOCK_SECONDS=1):
        with thread_lock(424242):
            assert client.pttl(KEY) > 0
            with pytest.raises(ThreadBusy), thread_lock(424242, wait_seconds=0.1):
                pass
            time.sleep(1.2)  # this turn outlived its lock ...
            successor = client.lock(KEY, timeout=30)
            assert successor.acquire(blocking=False)  # ... and another request took the thread
        # Leaving the first block released nothing of the successor's.
        assert successor.owned()
        successor.release()
    with thread_lock(424242, wait_seconds=0):
        pass
    assert client.get(KEY) is None
