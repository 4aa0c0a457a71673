"""Run one stored eval run (what a Celery worker does; the admin starts this in embedded mode)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from evals.models import EvalRun
from evals.service import execute_run


class Command(BaseCommand):
    help = "Run a queued eval run by id and store its results."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("run_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        run = EvalRun.objects.filter(id=options["run_id"], status=EvalRun.Status.QUEUED).first()
        if run is None:
            raise CommandError(f"no queued eval run #{options['run_id']}")
        execute_run(run)
        self.stdout.write(f"eval run #{run.id}: {run.status}")
