"""The embedded reminder sweep: with no Redis there is no beat and no worker, so `make run`
starts this thread in the web process instead (REMINDER_TICKER=1, set by scripts/run.sh).

A thread, not Celery beat, because the embedded broker (``memory://``) lives inside one
process: a beat in another process could not hand work to anyone. Eager Celery runs the same
tasks inline here, and the unique delivery key keeps a firing single even if two processes
each run a ticker.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings

logger = logging.getLogger(__name__)
_started = threading.Event()


def start_reminder_ticker() -> bool:
    """Start the sweep thread once per process; False when it runs already."""
    if _started.is_set():
        return False
    _started.set()
    threading.Thread(target=_run, name="reminder-ticker", daemon=True).start()
    return True


def _run() -> None:
    from django.db import close_old_connections

    from scheduling.tasks import dispatch_due_reminders

    stop = threading.Event()
    while not stop.wait(settings.REMINDER_SWEEP_SECONDS):
        try:
            dispatch_due_reminders()
        except Exception:  # a bad sweep must not end the thread; the next one retries
            logger.exception("reminder sweep failed")
        finally:
            close_old_connections()
