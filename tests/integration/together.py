"""Jobs started at the same instant on real threads, each on its own database connection."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def run_together(workers: int, job: Callable[[int], Any]) -> list[Any]:
    """``job(index)`` on ``workers`` threads released by one barrier: each result, or the exception
    it raised (for the test to report)."""
    barrier = threading.Barrier(workers)
    results: list[Any] = [None] * workers

    def target(index: int) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = job(index)
        except Exception as error:  # reported by the test
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=target, args=(i,)) for i in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
