"""Reminders survive the broker and the worker, on Redis with real Celery worker processes: a
task the broker lost, and a worker killed in the middle of a send, each end in one e-mail, sent
by the first sweep after the claim's lease ran out."""

from __future__ import annotations

import datetime
import signal
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from django.test import override_settings

from scheduling.models import DeliveryStatus, ReminderDelivery
from scheduling.reminders import reminder_create
from scheduling.tasks import dispatch_due_reminders
from tests.integration.workers import start_worker as worker_process
from tests.integration.workers import stop_worker, wait_for

LEASE_SECONDS = 2


@pytest.fixture
def start_worker(postgres: None, redis_url: str) -> Iterator[Callable[..., subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []

    def start(queue: str, **env: str) -> subprocess.Popen[str]:
        worker = worker_process(queue, redis_url, **env)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        if worker.poll() is None:
            stop_worker(worker)


def due_reminder(person: Any) -> None:
    person.email = "alice@example.com"
    person.save()
    reminder_create(owner=person, remind_at=datetime.datetime.now(datetime.UTC) - datetime.timedelta(seconds=1),
                    text="call mum")  # fmt: skip


def sweep_on(queue: str) -> int:
    """What beat runs every REMINDER_SWEEP_SECONDS, handing its deliveries to this queue."""
    from assistant.celery import app

    previous = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    try:
        return int(dispatch_due_reminders())
    finally:
        app.conf.task_default_queue = previous


def sent_once(mail_dir: Path) -> None:
    assert wait_for(lambda: ReminderDelivery.objects.filter(status=DeliveryStatus.SENT).exists())
    time.sleep(2)  # anything queued twice has had the time to run
    delivery = ReminderDelivery.objects.get()
    assert delivery.status == DeliveryStatus.SENT and delivery.attempts == 2
    mails = list(mail_dir.iterdir())
    assert len(mails) == 1 and "call mum" in mails[0].read_text()


@override_settings(REMINDER_LEASE_SECONDS=LEASE_SECONDS)
def test_a_task_the_broker_lost_is_sent_after_the_lease(
    start_worker: Callable[..., subprocess.Popen[str]], redis_url: str, person: Any, tmp_path: Path
) -> None:
    queue, lost = f"test-{uuid.uuid4().hex[:8]}", f"lost-{uuid.uuid4().hex[:8]}"
    start_worker(queue, EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
                 EMAIL_FILE_PATH=str(tmp_path))  # fmt: skip
    due_reminder(person)
    assert sweep_on(lost) == 1  # claimed and queued ...
    broker = redis.Redis.from_url(redis_url)
    assert broker.llen(lost) == 1
    broker.delete(lost)  # ... and lost, as a Redis restart without persistence loses it
    assert sweep_on(queue) == 0  # the lease still runs: nothing is queued twice
    assert ReminderDelivery.objects.get().status == DeliveryStatus.DUE
    time.sleep(LEASE_SECONDS + 0.5)
    assert sweep_on(queue) == 1
    sent_once(tmp_path)


@override_settings(REMINDER_LEASE_SECONDS=LEASE_SECONDS)
def test_a_worker_killed_mid_send_is_sent_once_by_another(
    start_worker: Callable[..., subprocess.Popen[str]], person: Any, tmp_path: Path
) -> None:
    queue = f"test-{uuid.uuid4().hex[:8]}"
    marker, mail_dir = tmp_path / "sending", tmp_path / "mail"
    mail_dir.mkdir()
    stalling = start_worker(queue, EMAIL_BACKEND="tests.integration.stalling_mail.StallingBackend",
                            STALL_MARKER=str(marker))  # fmt: skip
    due_reminder(person)
    assert sweep_on(queue) == 1
    assert wait_for(marker.exists), "the first worker never started the send"
    stalling.send_signal(signal.SIGKILL)  # mid-send, holding the delivery row's lock
    stalling.wait(timeout=10)
    assert ReminderDelivery.objects.get().status == DeliveryStatus.DUE
    start_worker(queue, EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
                 EMAIL_FILE_PATH=str(mail_dir))  # fmt: skip
    time.sleep(LEASE_SECONDS + 0.5)
    assert sweep_on(queue) == 1
    sent_once(mail_dir)
