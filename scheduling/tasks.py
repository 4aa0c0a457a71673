"""Periodic work of the calendar domain: tasks take ids and call one service."""

import logging
from typing import Any

from celery import shared_task
from django.utils import timezone

from scheduling.commands import commands_expire_stale
from scheduling.delivery import delivery_send, reminders_claim_due, reminders_reclaim_lapsed

logger = logging.getLogger(__name__)


@shared_task(name="scheduling.tasks.expire_stale_commands")
def expire_stale_commands() -> int:
    """Mark open stubs past ``expires_at`` as expired (code paths treat them as expired anyway)."""
    return commands_expire_stale(now=timezone.now())


@shared_task(name="scheduling.tasks.dispatch_due_reminders", bind=True)
def dispatch_due_reminders(self: Any) -> int:
    """Beat: claim what is due (a unique row each, committed one by one), take back the claims
    whose lease ran out unsent, and hand each to a worker on the queue the sweep itself came
    from. Returns how many were queued.

    A task the broker refuses or loses is not retried here: its claim's lease runs out and the
    next sweep after that queues it again.
    """
    queue = str((getattr(self.request, "delivery_info", None) or {}).get("routing_key") or "") or None
    now = timezone.now()
    queued = [*reminders_claim_due(now=now), *reminders_reclaim_lapsed(now=now)]
    options: dict[str, Any] = {"queue": queue} if queue else {}
    for delivery_id in queued:
        try:
            deliver_reminder.apply_async((delivery_id,), **options)
        except Exception:  # the broker is down: the lease brings it back
            logger.exception("reminder delivery %s not queued; the next sweep after its lease retries", delivery_id)
    return len(queued)


@shared_task(name="scheduling.tasks.deliver_reminder", acks_late=True)
def deliver_reminder(delivery_id: int) -> bool:
    return delivery_send(delivery_id=delivery_id, now=timezone.now())
