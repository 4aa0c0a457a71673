"""Periodic work of the calendar domain: tasks take ids and call one service."""

import functools
from typing import Any

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from scheduling.commands import commands_expire_stale
from scheduling.delivery import delivery_send, reminders_claim_due


@shared_task(name="scheduling.tasks.expire_stale_commands")
def expire_stale_commands() -> int:
    """Mark open stubs past ``expires_at`` as expired (code paths treat them as expired anyway)."""
    return commands_expire_stale(now=timezone.now())


@shared_task(name="scheduling.tasks.dispatch_due_reminders", bind=True)
def dispatch_due_reminders(self: Any) -> int:
    """Beat: claim what is due (a unique row each) and hand each to a worker once committed,
    on the queue the sweep itself came from."""
    queue = str((getattr(self.request, "delivery_info", None) or {}).get("routing_key") or "") or None
    with transaction.atomic():
        claimed = reminders_claim_due(now=timezone.now())
        for delivery_id in claimed:
            options: dict[str, Any] = {"queue": queue} if queue else {}
            transaction.on_commit(functools.partial(deliver_reminder.apply_async, (delivery_id,), **options))
    return len(claimed)


@shared_task(name="scheduling.tasks.deliver_reminder", acks_late=True)
def deliver_reminder(delivery_id: int) -> bool:
    return delivery_send(delivery_id=delivery_id, now=timezone.now())
