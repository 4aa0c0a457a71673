"""Benchmark: how late a reminder arrives under a real Celery worker and Redis.

Needs DATABASE_URL (PostgreSQL) and REDIS_URL. Makes a throwaway test database, starts one
worker process, makes REMINDERS reminders due a moment apart, and runs the sweep every
SWEEP_SECONDS the way beat does; prints the lag from each reminder's time to "sent" (p50,
p95, max). The lag is at most one sweep period plus the hand-off to the worker.
"""

from __future__ import annotations

import datetime
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings_test")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.test.utils import setup_databases, teardown_databases  # noqa: E402

from scheduling.models import DeliveryStatus, Profile, ReminderDelivery  # noqa: E402
from scheduling.reminders import reminder_create  # noqa: E402
from scheduling.tasks import dispatch_due_reminders  # noqa: E402

REMINDERS = 20
SWEEP_SECONDS = 1.0
QUEUE = "reminder-lag-bench"


def main() -> int:
    if settings.CELERY_TASK_ALWAYS_EAGER or settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        print("needs REDIS_URL and a PostgreSQL DATABASE_URL")
        return 1
    old_config = setup_databases(verbosity=0, interactive=False)
    db = settings.DATABASES["default"]
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER'] or 'postgres'}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
    }
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "assistant", "worker", "-P", "solo", "-Q", QUEUE,
         "--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        time.sleep(5)  # the worker starts
        person = get_user_model().objects.create_user(username="lag", password="x", email="lag@example.com")  # noqa: S106
        Profile.objects.create(user=person, time_zone="UTC")
        first = datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=2)
        for index in range(REMINDERS):
            reminder_create(
                owner=person, remind_at=first + datetime.timedelta(milliseconds=370 * index), text=f"r{index}"
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            dispatch_due_reminders.apply_async(queue=QUEUE)  # what beat does every REMINDER_SWEEP_SECONDS
            if ReminderDelivery.objects.filter(status=DeliveryStatus.SENT).count() >= REMINDERS:
                break
            time.sleep(SWEEP_SECONDS)
        rows = ReminderDelivery.objects.filter(status=DeliveryStatus.SENT)
        lags = sorted((row.sent_at - row.fire_at).total_seconds() * 1000 for row in rows if row.sent_at)
        print(f"{len(lags)}/{REMINDERS} reminders sent, sweep every {SWEEP_SECONDS:.1f} s")
        if lags:
            p95 = lags[max(0, int(len(lags) * 0.95) - 1)]
            print(f"lag after due time: p50 {statistics.median(lags):.0f} ms, p95 {p95:.0f} ms, max {lags[-1]:.0f} ms")
        print(f"deliveries: {ReminderDelivery.objects.count()} rows for {REMINDERS} reminders (exactly once)")
    finally:
        worker.terminate()
        worker.wait(timeout=15)
        teardown_databases(old_config, verbosity=0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
