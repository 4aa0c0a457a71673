"""Running a whole eval: cases x repeats, with progress, stored results and reports."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from django.utils import timezone

from assistant.providers.base import Provider
from evals.cases import Case, load_cases
from evals.metrics import summarise
from evals.models import EvalCaseResult, EvalRun
from evals.runner import CaseResult, run_case

Progress = Callable[[int, int, CaseResult], None]


def provider_factory(
    name: str, *, base_url: str | None = None, model: str | None = None, api_key: str | None = None
) -> Callable[[], Provider]:
    if name == "offline":
        from assistant.providers.offline import OfflineProvider

        return OfflineProvider
    if name == "openai":
        from assistant.providers.registry import openai_provider

        provider = openai_provider(base_url=base_url, model=model, api_key=api_key)
        return lambda: provider
    raise ValueError(f"unknown provider {name!r} (offline or openai)")


def run_cases(
    cases: Sequence[Case],
    *,
    mode: str,
    repeat: int = 1,
    factory: Callable[[], Provider] | None = None,
    progress: Progress | None = None,
) -> list[CaseResult]:
    selected = [case for case in cases if mode in case.modes]
    total = len(selected) * repeat
    results: list[CaseResult] = []
    for index in range(repeat):
        for case in selected:
            result = run_case(case, mode=mode, provider_factory=factory, repeat=index)
            results.append(result)
            if progress is not None:
                progress(len(results), total, result)
    return results


def store_run(run: EvalRun, results: Sequence[CaseResult], summary: dict[str, Any]) -> EvalRun:
    EvalCaseResult.objects.bulk_create(
        [
            EvalCaseResult(
                run=run,
                case_id=result.case_id,
                group=result.group,
                repeat_index=result.repeat,
                passed=result.passed,
                known_issue=result.known_issue or "",
                failures=result.failures + [f for turn in result.turns for f in turn.failures],
                turns=[turn.__dict__ for turn in result.turns],
                seconds=result.seconds,
            )
            for result in results
        ]
    )
    run.summary = summary
    run.status = EvalRun.Status.DONE
    run.finished_at = timezone.now()
    run.progress_done = len(results)
    run.save()
    return run


def execute_run(run: EvalRun, *, base_url: str | None = None, api_key: str | None = None) -> EvalRun:
    """Run a stored EvalRun (from the command line or a Celery worker), updating its progress."""
    run.status = EvalRun.Status.RUNNING
    run.save(update_fields=["status"])
    try:
        cases = load_cases([Path(p) for p in run.case_paths] or None)
        if run.group:
            cases = [case for case in cases if case.group == run.group]
            if not cases:
                raise ValueError(f"no case in group {run.group!r}")
        factory = (
            None
            if run.mode == EvalRun.Mode.OFFLINE
            else provider_factory(run.provider, base_url=base_url, model=run.model_name or None, api_key=api_key)
        )
        run.progress_total = len([c for c in cases if run.mode in c.modes]) * run.repeat
        run.save(update_fields=["progress_total"])

        def progress(done: int, total: int, result: CaseResult) -> None:
            if done % 5 == 0 or done == total:
                EvalRun.objects.filter(id=run.id).update(progress_done=done)

        results = run_cases(cases, mode=run.mode, repeat=run.repeat, factory=factory, progress=progress)
        return store_run(run, results, summarise(results, run.repeat))
    except Exception as error:
        run.status = EvalRun.Status.FAILED
        run.error = f"{error.__class__.__name__}: {error}"
        run.finished_at = timezone.now()
        run.save()
        raise
