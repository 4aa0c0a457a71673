"""Slow, optional work after a turn: never on the reply's path.

With a broker (REDIS_URL set) the tasks go to Celery workers. In the embedded mode (no broker,
Celery eager) they run in a background thread after the reply, unless POST_TURN_TASKS says
"inline" (the tests, which want them finished before asserting).
"""

from __future__ import annotations

import logging
import threading

from celery import shared_task
from django.conf import settings
from django.db import close_old_connections

from assistant.facts import extract_facts_from_message
from assistant.summaries import summarise_thread

logger = logging.getLogger(__name__)


@shared_task(name="assistant.tasks.summarise_thread_task", ignore_result=True)
def summarise_thread_task(thread_id: int) -> None:
    summarise_thread(thread_id=thread_id)


@shared_task(name="assistant.tasks.extract_facts_task", ignore_result=True)
def extract_facts_task(message_id: int) -> None:
    extract_facts_from_message(message_id=message_id)


def _run_inline(thread_id: int, message_id: int) -> None:
    try:
        summarise_thread(thread_id=thread_id)
        extract_facts_from_message(message_id=message_id)
    except Exception:
        logger.exception("post-turn work failed for thread %s", thread_id)


def _run_in_background(thread_id: int, message_id: int) -> None:
    try:
        _run_inline(thread_id, message_id)
    finally:
        close_old_connections()


def _queue(thread_id: int, message_id: int) -> bool:
    """Hand the work to the workers; False when the broker would not take it."""
    try:
        summarise_thread_task.delay(thread_id)
        extract_facts_task.delay(message_id)
    except Exception as error:  # kombu's OperationalError, redis' ConnectionError, a timeout...
        logger.warning("the broker refused the post-turn work of thread %s (%s)", thread_id, error)
        return False
    return True


def after_turn(*, thread_id: int, message_id: int) -> None:
    """Runs after the turn's commit, so it never raises: the turn is saved whatever happens here.

    When the broker does not take the tasks (Redis restarting), the work runs in a background
    thread of this process instead (Celery already retried the publish a few times): a summary
    is late, never lost, and the saved turn is never reported as failed.
    """
    mode = getattr(settings, "POST_TURN_TASKS", "") or ("thread" if settings.CELERY_TASK_ALWAYS_EAGER else "celery")
    if mode == "celery":
        if not _queue(thread_id, message_id):
            threading.Thread(target=_run_in_background, args=(thread_id, message_id), daemon=True).start()
    elif mode == "inline":
        _run_inline(thread_id, message_id)
    elif mode == "none":
        return  # benchmarks measure the reply path; they time this work separately
    elif mode == "thread":
        threading.Thread(target=_run_in_background, args=(thread_id, message_id), daemon=True).start()
