import os

from django.apps import AppConfig


class SchedulingConfig(AppConfig):
    name = "scheduling"
    verbose_name = "Scheduling"

    def ready(self) -> None:
        # Only the embedded web process (scripts/run.sh) sweeps reminders itself; with Redis,
        # Celery beat does it, and management commands and tests never start a thread.
        if os.environ.get("REMINDER_TICKER") == "1":
            from django.conf import settings

            if not settings.REDIS_URL:
                from scheduling.ticker import start_reminder_ticker

                start_reminder_ticker()
