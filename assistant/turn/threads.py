"""The worker threads in which the async endpoints do their database work.

One bounded pool per process (``DATABASE_THREADS`` threads), so the number of threads, and of
database connections they open, stays the same whatever the number of people waiting for the
model. A stage runs in one of them with the caller's context variables, and gives its
connection back when it ends:

- a pooled PostgreSQL connection goes back to the pool, so a turn that waits for the model
  holds none;
- a plain connection (SQLite, or PostgreSQL with the pool turned off) stays with its thread, at
  most one per thread: opening an SQLite connection cost more than most stages. A connection
  that broke is closed, so the next stage opens a new one.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from django.conf import settings
from django.core.signals import setting_changed
from django.db import connections

P = ParamSpec("P")
T = TypeVar("T")
_executor: ThreadPoolExecutor | None = None
_executor_lock = threading.Lock()


def executor() -> ThreadPoolExecutor:
    global _executor
    with _executor_lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=settings.DATABASE_THREADS, thread_name_prefix="database")
        return _executor


def _resize(*, setting: str, **_kwargs: object) -> None:
    global _executor
    if setting == "DATABASE_THREADS":  # tests' override_settings: the next stage builds the pool anew
        with _executor_lock:
            old, _executor = _executor, None
        if old is not None:
            old.shutdown(wait=False)


setting_changed.connect(_resize, dispatch_uid="assistant.turn.threads")


async def in_database_thread(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run ``function`` in a worker thread of the pool and await its result."""
    stage = functools.partial(function, *args, **kwargs)
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(executor(), context.run, _stage, stage)


def _stage(stage: Callable[[], T]) -> T:
    try:
        return stage()
    finally:
        give_connections_back()


def give_connections_back() -> None:
    """After a stage: pooled connections back to the pool, broken ones closed, others kept."""
    for connection in connections.all(initialized_only=True):
        if connection.in_atomic_block:
            continue  # closing it would end a transaction someone still holds
        pooled = bool((connection.settings_dict.get("OPTIONS") or {}).get("pool"))
        if pooled or (connection.errors_occurred and not connection.is_usable()):
            connection.close()
        else:
            connection.errors_occurred = False
