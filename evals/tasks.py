"""Eval runs launched from the admin run apart from the product: in a process of their own, under
the eval's settings, on the eval's own database.

A case freezes the clock of the process that runs it and holds a write transaction on the database
it runs on; in the web process, on the product's database, it would stop every chat turn and the
reminder sweep for the whole run.
"""

import os
import subprocess
import sys
import threading
from pathlib import Path

from celery import shared_task
from django import db
from django.conf import settings
from django.db import transaction

from evals.database import eval_database, migrate_when_needed
from evals.models import EvalRun

EVAL_SETTINGS = "assistant.settings_eval"
# A worker gives up on a run that has not finished in this long (a live run of a slow model, k=10).
RUN_TIMEOUT_SECONDS = 6 * 60 * 60


def run_command(run: EvalRun) -> list[str]:
    return [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "eval_run", str(run.id)]


def run_environment() -> dict[str, str]:
    """The web process's environment with the eval's settings: the process then sees the eval
    database as its default one, and the product's database not at all."""
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env["DJANGO_SETTINGS_MODULE"] = EVAL_SETTINGS
    env["EVAL_DATABASE_URL"] = settings.EVAL_DATABASE_URL
    return env


def run_log(run: EvalRun) -> Path:
    return Path(settings.VAR_DIR) / "eval-runs" / f"run-{run.id}.log"


def _start(run: EvalRun) -> subprocess.Popen[bytes]:
    log = run_log(run)
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as output:
        return subprocess.Popen(
            run_command(run),
            cwd=settings.BASE_DIR,
            env=run_environment(),
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


@shared_task(name="evals.tasks.run_eval", ignore_result=True, acks_late=False)
def run_eval(run_id: int) -> None:
    """On a worker: the run's own process, waited for, so the worker's concurrency bounds the runs."""
    run = EvalRun.objects.filter(id=run_id, status=EvalRun.Status.QUEUED).first()
    if run is None:
        return
    process = _start(run)
    try:
        process.wait(timeout=RUN_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    _mark_failed_if_unfinished(run, process.returncode)


def _mark_failed_if_unfinished(run: EvalRun, returncode: int) -> None:
    """A process that died before it could record its end (killed, or it never started) fails the run."""
    run.refresh_from_db()
    if run.status in (EvalRun.Status.QUEUED, EvalRun.Status.RUNNING):
        run.status = EvalRun.Status.FAILED
        run.error = f"the eval process ended with code {returncode}; its output is in {run_log(run)}"
        run.save(update_fields=["status", "error"])


def _watch(run: EvalRun, process: subprocess.Popen[bytes]) -> None:
    """Wait for the process beside the server (so it leaves no zombie) and note a crash."""

    def wait() -> None:
        try:
            _mark_failed_if_unfinished(run, process.wait())
        finally:
            db.connections.close_all()

    threading.Thread(target=wait, name=f"eval-run-{run.id}", daemon=True).start()


def prepare() -> None:
    """The eval database exists and is migrated before a run is stored in it."""
    migrate_when_needed(eval_database())


def launch(run: EvalRun) -> None:
    """Start a stored run off the web request: on a Celery worker when there is a broker, else in
    a process of its own started from here (embedded mode)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        _watch(run, _start(run))
        return
    transaction.on_commit(lambda: run_eval.delay(run.id), using=eval_database())
