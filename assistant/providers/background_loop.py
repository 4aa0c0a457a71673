"""Sync callers of an async provider (WSGI, Celery, the evals): one background event loop per
process, on which their coroutines run."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def _background_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _loop_lock:
        if _loop is None or _loop.is_closed():
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="model-client-loop", daemon=True).start()
        return _loop


def run_sync(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine of the provider from sync code, on the process's model-client loop."""
    return asyncio.run_coroutine_threadsafe(coroutine, _background_loop()).result()
