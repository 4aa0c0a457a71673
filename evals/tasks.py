"""Eval runs launched from the admin run on a Celery worker."""

import subprocess
import sys

from celery import shared_task
from django.conf import settings
from django.db import transaction

from evals.models import EvalRun
from evals.service import execute_run


@shared_task(name="evals.tasks.run_eval", ignore_result=True, acks_late=False)
def run_eval(run_id: int) -> None:
    run = EvalRun.objects.filter(id=run_id, status=EvalRun.Status.QUEUED).first()
    if run is not None:
        execute_run(run)


def launch(run: EvalRun) -> None:
    """Start a stored run off the web request: on a Celery worker, or (embedded mode, no broker)
    in a process of its own, because a case freezes the clock of the process that runs it."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        subprocess.Popen(
            [sys.executable, "manage.py", "eval_run", str(run.id)],
            cwd=settings.BASE_DIR,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        return
    transaction.on_commit(lambda: run_eval.delay(run.id))
