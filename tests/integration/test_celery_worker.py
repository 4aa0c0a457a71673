"""The stub-expiry task runs through Redis and a real Celery worker process."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from scheduling.commands import SlotPatch, command_apply
from scheduling.models import CommandStatus, ScheduleCommand
from scheduling.tasks import expire_stale_commands
from tests.integration.workers import start_worker, stop_worker, wait_for


@pytest.fixture
def celery_worker_process(postgres: None, redis_url: str) -> Iterator[str]:
    """A worker in its own process, on the test database, listening on a queue of its own."""
    queue = f"test-{uuid.uuid4().hex[:8]}"
    worker = start_worker(queue, redis_url)
    try:
        yield queue
    finally:
        stop_worker(worker)


def test_expiry_task_runs_in_a_worker(celery_worker_process: str, person: Any) -> None:
    long_ago = datetime.datetime.now(datetime.UTC) - datetime.timedelta(hours=6)
    stale = command_apply(owner=person, patch=SlotPatch(title="Forgotten"), now=long_ago).command
    fresh = command_apply(
        owner=person, patch=SlotPatch(title="Current"), now=datetime.datetime.now(datetime.UTC)
    ).command

    expire_stale_commands.apply_async(queue=celery_worker_process)

    assert wait_for(lambda: ScheduleCommand.objects.get(id=stale.id).status == CommandStatus.EXPIRED), (
        "the worker did not expire the stale stub"
    )
    assert ScheduleCommand.objects.get(id=fresh.id).status == CommandStatus.NEEDS_DATE


def test_post_turn_work_goes_through_the_worker(celery_worker_process: str, person: Any, settings: Any) -> None:
    """Fact extraction runs on the worker after the reply, never on the reply's path."""
    from assistant.celery import app
    from assistant.models import MemoryFact, Thread
    from assistant.providers.registry import use_provider
    from assistant.providers.scripted import ScriptedProvider
    from assistant.turn.inputs import handle_message

    settings.POST_TURN_TASKS = "celery"
    previous_queue = app.conf.task_default_queue
    app.conf.task_default_queue = celery_worker_process
    try:
        thread = Thread.objects.create(owner=person)
        with use_provider(ScriptedProvider([{"text": "Nice! Tell me if you want something on the calendar."}])):
            handle_message(user=person, thread_id=thread.id, text="my sister's birthday is on 2 May")
        assert wait_for(lambda: MemoryFact.objects.filter(owner=person, source="inferred").exists()), (
            "no fact was extracted"
        )
        fact = MemoryFact.objects.get(owner=person)
        assert "2 May" in fact.fact and fact.topic == "sister's birthday"
    finally:
        app.conf.task_default_queue = previous_queue
