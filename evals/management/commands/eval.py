"""python manage.py eval offline|live — see README.md, "Evals"."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS
from tqdm import tqdm

from evals.cases import CaseFileError, load_cases
from evals.database import migrate_when_needed
from evals.metrics import ENDINGS, summarise
from evals.models import EvalRun
from evals.report import write_reports
from evals.runner import CaseResult
from evals.service import provider_factory, run_cases, store_run


class Command(BaseCommand):
    help = "Run the eval cases: 'offline' replays scripted model outputs; 'live' asks a real provider k times."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("mode", choices=["offline", "live"])
        parser.add_argument("--cases", nargs="+", default=None, help="case files or folders (default: evals/cases)")
        parser.add_argument(
            "--provider", choices=["openai", "offline"], default="offline", help="live mode: which model"
        )
        parser.add_argument(
            "--repeat", type=int, default=1, help="live mode: runs per case (pass^k counts a case only if all pass)"
        )
        parser.add_argument("--base-url", default=None, help="live mode, openai: an OpenAI-compatible base URL")
        parser.add_argument("--model", default=None, help="live mode, openai: the model name")
        parser.add_argument("--json", dest="json_path", default=None, help="write the results as JSON here")
        parser.add_argument("--html", dest="html_path", default=None, help="write the HTML report (charts) here")
        parser.add_argument("--store", action="store_true", help="offline mode: also keep the run in the database")
        parser.add_argument("--no-store", action="store_true", help="live mode: do not keep the run in the database")
        parser.add_argument("--group", default=None, help="only cases of this group")

    def handle(self, *args: Any, **options: Any) -> None:
        mode = options["mode"]
        if options["repeat"] < 1:
            raise CommandError("--repeat must be at least 1")
        try:
            cases = load_cases([Path(p) for p in options["cases"]] if options["cases"] else None)
        except CaseFileError as error:
            raise CommandError(str(error)) from error
        migrate_when_needed(DEFAULT_DB_ALIAS, verbosity=options["verbosity"])
        if options["group"]:
            cases = [case for case in cases if case.group == options["group"]]
        repeat = options["repeat"] if mode == "live" else 1
        factory = None
        provider, model_name = "scripted", ""
        if mode == "live":
            provider = options["provider"]
            try:
                factory = provider_factory(provider, base_url=options["base_url"], model=options["model"])
            except ImproperlyConfigured as error:  # e.g. the public endpoint and no key: stop now
                raise CommandError(str(error)) from error
            model_name = factory().model
        selected = [case for case in cases if mode in case.modes]
        if not selected:
            raise CommandError("no cases to run")

        bar = tqdm(
            total=len(selected) * repeat,
            desc=f"eval {mode}",
            unit="run",
            file=sys.stderr,
            # A bar is for a person at a terminal; in a CI log it is one line of carriage returns.
            disable=options["verbosity"] == 0 or not sys.stderr.isatty(),
        )

        def progress(done: int, total: int, result: CaseResult) -> None:
            bar.update(1)
            bar.set_postfix_str(f"{'ok' if result.passed else 'FAIL'} {result.case_id}"[:40])

        results = run_cases(selected, mode=mode, repeat=repeat, factory=factory, progress=progress)
        bar.close()
        summary = summarise(results, repeat)
        title = f"{mode} eval — provider {provider}{' ' + model_name if model_name else ''}, k={repeat}"
        write_reports(summary, results, json_path=options["json_path"], html_path=options["html_path"], title=title)
        if (mode == "live" and not options["no_store"]) or options["store"]:
            run = EvalRun.objects.create(
                mode=mode,
                provider=provider,
                model_name=model_name,
                repeat=repeat,
                case_paths=options["cases"] or [],
                progress_total=len(results),
            )
            store_run(run, results, summary)
            self.stdout.write(f"stored as eval run #{run.id}")
        self._print(summary, results, mode)
        # Offline, a known issue that now passes is a stale marker; live, a weak model may pass one
        # by chance, so only unexpected failures fail the run.
        failed = (
            summary["unexpected"]
            if mode == "offline"
            else [r.case_id for r in results if r.unexpected and not r.passed]
        )
        if failed:
            unique = list(dict.fromkeys(failed))
            raise CommandError(f"{len(unique)} unexpected result(s): {', '.join(unique[:20])}")

    def _print(self, summary: dict[str, Any], results: list[CaseResult], mode: str) -> None:
        write = self.stdout.write
        empty = summary["empty_answers"]
        if empty["warning"]:
            write(self.style.WARNING(f"WARNING: {empty['warning']}"))
        # A live run repeats each case k times: an unexpected case is named once, with its count.
        unexpected: dict[str, list[CaseResult]] = {}
        for result in results:
            if result.unexpected:
                unexpected.setdefault(result.case_id, []).append(result)
        for case_id, repeats in unexpected.items():
            result = next((r for r in repeats if not r.passed), repeats[0])
            reasons = result.failures + [f for turn in result.turns for f in turn.failures]
            why = (
                "; ".join(reasons)[:400]
                if reasons
                else f"known issue now passes: remove the marker ({result.known_issue})"
            )
            times = f" ({len(repeats)} of {summary['repeat']} runs)" if summary["repeat"] > 1 else ""
            write(self.style.ERROR(f"UNEXPECTED {case_id} [{result.group}]{times}: {why}"))
        write(
            f"cases: {summary['cases']}  runs: {summary['runs']}  passed: {summary['passed']}  "
            f"pass{'^' + str(summary['repeat']) if summary['repeat'] > 1 else ''} rate: {summary['pass_hat_k']:.1%}"
        )
        for name, group in summary["groups"].items():
            hollow = f"  ({group['passed_on_empty']} passed on an empty answer)" if group["passed_on_empty"] else ""
            write(f"  {name:<24} {group['passed']:>4}/{group['cases']:<4} {group['rate']:.1%}{hollow}")
        if empty["passed_on_empty"]:
            write(f"passed on an empty answer: {', '.join(empty['passed_on_empty'][:30])}")
        for label, key in [
            ("tool-choice accuracy", "tool_choice_accuracy"),
            ("wrong-side-effect rate", "wrong_side_effect_rate"),
            ("missed-query rate", "missed_query_rate"),
            ("trajectory end-state accuracy", "trajectory_end_state_accuracy"),
        ]:
            value = summary[key]
            write(f"{label}: {'n/a' if value is None else f'{value:.1%}'}")
        latency = summary["latency_ms"]
        write(
            "latency p50/p95 ms: " + ", ".join(f"{name} {v['p50']:.1f}/{v['p95']:.1f}" for name, v in latency.items())
        )
        ends = summary["endings"]
        write(
            "turn endings: "
            + ", ".join(f"{name} {ends[name]}" for name in ENDINGS if ends[name])
            + "".join(f"\n  rejected ({count}): {reason}" for reason, count in ends["rejection_reasons"].items())
        )
        calls = summary["per_call"]
        write(
            f"model calls: {calls['model_calls']}; prompt tokens per call mean {calls['prompt_tokens_per_call']['mean']:.0f}, "
            f"p50 {calls['prompt_tokens_per_call']['p50']:.0f}; turn wall time p50/p95 ms "
            f"{calls['turn_wall_ms']['p50']:.0f}/{calls['turn_wall_ms']['p95']:.0f}"
        )
        write(
            f"tokens: prompt {summary['tokens']['prompt']}, cached {summary['tokens']['cached']}, completion {summary['tokens']['completion']}"
        )
        if summary["known_issues"]:
            write(f"known issues ({len(summary['known_issues'])}): {', '.join(summary['known_issues'])}")
        if mode == "offline" and not summary["unexpected"]:
            write(self.style.SUCCESS("offline eval: no unexpected results"))
