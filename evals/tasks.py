"""Eval runs launched from the admin run on a Celery worker."""

from celery import shared_task

from evals.models import EvalRun
from evals.service import execute_run


@shared_task(name="evals.tasks.run_eval", ignore_result=True, acks_late=False)
def run_eval(run_id: int) -> None:
    run = EvalRun.objects.filter(id=run_id, status=EvalRun.Status.QUEUED).first()
    if run is not None:
        execute_run(run)
