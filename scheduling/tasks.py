"""Periodic work of the calendar domain."""

from celery import shared_task
from django.utils import timezone

from scheduling.commands import commands_expire_stale


@shared_task(name="scheduling.tasks.expire_stale_commands")
def expire_stale_commands() -> int:
    """Mark open stubs past ``expires_at`` as expired (code paths treat them as expired anyway)."""
    return commands_expire_stale(now=timezone.now())
