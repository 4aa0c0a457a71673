"""Reminders through Redis and a real Celery worker: two beats and a redelivered task still
send one e-mail; the lag from due time to sent is measured."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scheduling.models import DeliveryStatus, ReminderDelivery
from scheduling.reminders import reminder_create
from scheduling.tasks import deliver_reminder, dispatch_due_reminders
from tests.integration.test_celery_worker import ROOT, database_url, wait_for


@pytest.fixture
def mail_worker(postgres: None, redis_url: str, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    queue = f"test-{uuid.uuid4().hex[:8]}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "REDIS_URL": redis_url,
        "DJANGO_SETTINGS_MODULE": "assistant.settings_test",
        "SECRET_KEY": "worker-test",
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(tmp_path),
    }
    command = [sys.executable, "-m", "celery", "-A", "assistant", "worker", "-P", "solo", "-Q", queue,
               "--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "WARNING"]  # fmt: skip
    worker = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        yield queue, tmp_path
    finally:
        worker.terminate()
        try:
            output, _ = worker.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            worker.kill()
            output, _ = worker.communicate()
        if worker.returncode not in (0, -15, None):
            print(output[-3000:])


def test_two_beats_and_a_redelivery_send_one_mail(mail_worker: tuple[str, Path], person: Any) -> None:
    from assistant.celery import app

    queue, mail_dir = mail_worker
    person.email = "alice@example.com"
    person.save()
    due = datetime.datetime.now(datetime.UTC) - datetime.timedelta(seconds=1)
    reminder_create(owner=person, remind_at=due, text="call mum")
    previous = app.conf.task_default_queue
    app.conf.task_default_queue = queue  # the deliveries the beats hand on go to this worker
    try:
        dispatch_due_reminders.apply_async(queue=queue)
        dispatch_due_reminders.apply_async(queue=queue)  # a second beat
        assert wait_for(lambda: ReminderDelivery.objects.filter(status=DeliveryStatus.SENT).exists())
        delivery = ReminderDelivery.objects.get()
        deliver_reminder.apply_async((delivery.id,), queue=queue)  # a redelivered task
        dispatch_due_reminders.apply_async(queue=queue)  # a restarted beat
    finally:
        app.conf.task_default_queue = previous
    wait_for(lambda: False, seconds=3)  # let the extra tasks run
    assert ReminderDelivery.objects.count() == 1
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.SENT and delivery.sent_at is not None
    mails = list(mail_dir.iterdir())
    assert len(mails) == 1 and "call mum" in mails[0].read_text()
    lag = (delivery.sent_at - due).total_seconds()
    # Includes the worker's start-up (the tasks are queued before it is ready).
    print(f"reminder delivery lag under the worker: {lag * 1000:.0f} ms after its time")
