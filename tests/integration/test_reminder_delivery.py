"""Reminders through Redis and a real Celery worker: two beats and a redelivered task still
send one e-mail; the lag from due time to sent is measured."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scheduling.models import DeliveryStatus, ReminderDelivery
from scheduling.reminders import reminder_create
from scheduling.tasks import deliver_reminder, dispatch_due_reminders
from tests.integration.workers import start_worker, stop_worker, wait_for


@pytest.fixture
def mail_worker(postgres: None, redis_url: str, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    queue = f"test-{uuid.uuid4().hex[:8]}"
    mail = {"EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend", "EMAIL_FILE_PATH": str(tmp_path)}
    worker = start_worker(queue, redis_url, **mail)
    try:
        yield queue, tmp_path
    finally:
        stop_worker(worker)


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
