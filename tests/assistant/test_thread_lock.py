"""The thread lock without Redis: taken atomically, released only by its own holder."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.cache import cache
from django.test import override_settings

from assistant.turn.lock import ThreadBusy, thread_lock


@pytest.fixture(autouse=True)
def no_redis() -> object:
    cache.clear()
    with override_settings(REDIS_URL=""):
        yield
    cache.clear()


def test_a_second_taker_waits_then_gives_up() -> None:
    with thread_lock(7):
        began = time.monotonic()
        with pytest.raises(ThreadBusy), thread_lock(7, wait_seconds=0.2):
            pass
        assert time.monotonic() - began >= 0.2
    with thread_lock(7, wait_seconds=0):
        pass  # released: free again


def test_a_holder_whose_lock_expired_does_not_free_the_next_holders() -> None:
    with thread_lock(8):
        # Our time ran out and someone else took the thread.
        cache.set("thread-lock:8", "the next holder's token", timeout=60)
    assert cache.get("thread-lock:8") == "the next holder's token"


def test_threads_take_the_lock_one_at_a_time() -> None:
    inside: list[int] = []
    overlaps: list[int] = []
    barrier = threading.Barrier(4)

    def work(index: int) -> None:
        barrier.wait(timeout=5)
        with thread_lock(9, wait_seconds=10):
            if inside:
                overlaps.append(index)
            inside.append(index)
            time.sleep(0.02)
            inside.remove(index)

    workers = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=20)
    assert overlaps == []
