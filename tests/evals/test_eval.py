"""The eval: case files, the same entry point as the API, known-issue markers, live runs."""

from __future__ import annotations

import io
import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client, TestCase, override_settings

from evals.cases import CaseFileError, load_cases
from evals.models import EvalRun

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]

CREATE_CASE = """
  - id: {id}
    {marker}
    turns:
      - user: "Dentist on Friday at 3pm"
        model:
          - tool: schedule_event
            arguments: {{title: Dentist, date: W5, time: "15:00", duration_minutes: null, command_id: null}}
        expect: {{tools: [schedule_event], statuses: [created]}}
    expect:
      events: [{{title: Dentist, start: "{start}"}}]
"""


def case_file(tmp_path: Path, *cases: str, group: str = "outside") -> Path:
    path = tmp_path / f"{group}.yaml"
    path.write_text(f"version: 1\ngroup: {group}\ncases:\n" + "".join(cases))
    return path


def test_case_files_are_validated_with_clear_errors(tmp_path: Path) -> None:
    bad_version = tmp_path / "a.yaml"
    bad_version.write_text("version: 2\ncases: []\n")
    with pytest.raises(CaseFileError, match=r"a\.yaml"):
        load_cases([bad_version])
    unknown_key = tmp_path / "b.yaml"
    unknown_key.write_text("version: 1\ncases:\n  - id: x\n    turns: [{user: hi}]\n    surprise: 1\n")
    with pytest.raises(CaseFileError, match="surprise"):
        load_cases([unknown_key])
    duplicate = case_file(tmp_path, CREATE_CASE.format(id="same", marker="", start="2026-12-11T15:00") * 2)
    with pytest.raises(CaseFileError, match="same"):
        load_cases([duplicate])
    with pytest.raises(CaseFileError, match="no such file"):
        load_cases([tmp_path / "missing.yaml"])


def test_the_builtin_cases_load_and_meet_the_counts() -> None:
    cases = load_cases()
    groups: dict[str, int] = {}
    for case in cases:
        groups[case.group] = groups.get(case.group, 0) + 1
    assert (
        sum(
            count
            for name, count in groups.items()
            if name not in {"fake_receipt", "honest_text", "smoke"} and not name.startswith("trajectory")
        )
        >= 200
    )
    assert groups.get("fake_receipt", 0) >= 40
    assert groups.get("honest_text", 0) >= 40
    assert sum(count for name, count in groups.items() if name.startswith("trajectory")) >= 40


def test_offline_eval_runs_through_the_http_api_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No replica of the dispatch: every turn goes through the API view's call of the pipeline."""
    import assistant.api.views as views

    calls: list[str] = []
    real = views.run_turn

    def spy(turn: Any, **kwargs: Any) -> Any:
        calls.append(turn.input.text)
        return real(turn, **kwargs)

    monkeypatch.setattr(views, "run_turn", spy)
    path = case_file(tmp_path, CREATE_CASE.format(id="outside-create", marker="", start="2026-12-11T15:00"))
    out = tmp_path / "out.json"
    call_command("eval", "offline", "--cases", str(path), "--json", str(out), verbosity=0)
    assert calls == ["Dentist on Friday at 3pm"]
    report = json.loads(out.read_text())
    assert report["summary"]["passed"] == 1 and report["results"][0]["turns"][0]["statuses"] == ["created"]


def test_an_unexpected_failure_fails_the_eval(tmp_path: Path) -> None:
    path = case_file(tmp_path, CREATE_CASE.format(id="outside-wrong", marker="", start="2026-12-11T16:00"))
    with pytest.raises(CommandError, match="outside-wrong"):
        call_command("eval", "offline", "--cases", str(path), verbosity=0)


def test_a_case_that_leaves_scripted_outputs_unused_fails(tmp_path: Path) -> None:
    # The create ends the turn: the text scripted after it is never asked for, so the case is wrong.
    left_over = CREATE_CASE.format(id="outside-left-over", marker="", start="2026-12-11T15:00").replace(
        "        expect: {tools: [schedule_event]", '          - text: "Done."\n        expect: {tools: [schedule_event]'
    )
    path = case_file(tmp_path, left_over)
    out = tmp_path / "out.json"
    with pytest.raises(CommandError, match="outside-left-over"):
        call_command("eval", "offline", "--cases", str(path), "--json", str(out), verbosity=0)
    [turn] = json.loads(out.read_text())["results"][0]["turns"]
    assert turn["failures"] == [
        "turn 1: 1 scripted model output(s) never used (the turn made 1 model call(s)): Done."
    ]


def test_a_known_issue_that_fails_is_accepted_and_one_that_passes_is_a_stale_marker(tmp_path: Path) -> None:
    failing = case_file(
        tmp_path,
        CREATE_CASE.format(id="known-fails", marker='known_issue: "expects the wrong hour"', start="2026-12-11T16:00"),
        group="a",
    )
    call_command("eval", "offline", "--cases", str(failing), verbosity=0)
    passing = case_file(
        tmp_path,
        CREATE_CASE.format(id="known-passes", marker='known_issue: "was fixed"', start="2026-12-11T15:00"),
        group="b",
    )
    with pytest.raises(CommandError, match="known-passes"):
        call_command("eval", "offline", "--cases", str(passing), verbosity=0)


def test_cases_leave_no_trace_in_the_database(tmp_path: Path) -> None:
    from django.contrib.auth import get_user_model

    from scheduling.models import Event

    path = case_file(tmp_path, CREATE_CASE.format(id="outside-clean", marker="", start="2026-12-11T15:00"))
    call_command("eval", "offline", "--cases", str(path), verbosity=0)
    assert not Event.objects.exists() and not get_user_model().objects.filter(username__startswith="eval-").exists()


@pytest.fixture
def local_openai_server() -> Iterator[str]:
    """A separate process speaking the OpenAI wire format, answering with the offline reader."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "assistant.providers.local_server", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "assistant.settings_test", "SECRET_KEY": "x"},
    )
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base_url}/models", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError(
                "the local OpenAI-compatible server did not start: " + (process.stdout.read() if process.stdout else "")
            )
        yield base_url
    finally:
        process.terminate()
        process.wait(timeout=10)


LIVE_CASES = """version: 1
group: live_smoke
cases:
  - id: live-create
    turns:
      - user: "put a dentist appointment on Friday at 3pm"
        expect: {tools: [schedule_event], statuses: [created]}
    expect:
      events: [{title_contains: dentist, start: "2026-12-11T15:00"}]
  - id: live-query
    setup:
      events: [{title: Standup, start: "2026-12-08T09:30", minutes: 15}]
    turns:
      - user: "what's on tomorrow?"
        expect: {tools: [query_events], write: false, reply_includes: ["Standup"]}
  - id: live-past
    turns:
      - user: "we had a team meeting yesterday"
        expect: {tools: [], write: false}
"""


def test_live_eval_with_the_openai_provider_against_a_local_server_process(
    tmp_path: Path, local_openai_server: str
) -> None:
    cases = tmp_path / "live.yaml"
    cases.write_text(LIVE_CASES)
    out = tmp_path / "live.json"
    html = tmp_path / "live.html"
    call_command(
        "eval",
        "live",
        "--provider",
        "openai",
        "--base-url",
        local_openai_server,
        "--model",
        "local-offline",
        "--repeat",
        "2",
        "--cases",
        str(cases),
        "--json",
        str(out),
        "--html",
        str(html),
        verbosity=0,
    )
    summary = json.loads(out.read_text())["summary"]
    assert summary["runs"] == 6 and summary["repeat"] == 2
    assert summary["tool_choice_accuracy"] == 1.0 and summary["pass_hat_k"] == 1.0
    assert summary["wrong_side_effect_rate"] == 0.0
    assert summary["latency_ms"]["llm_ttft_ms"]["p50"] > 0
    assert summary["tokens"]["prompt"] > 0
    run = EvalRun.objects.get()
    assert (run.mode, run.provider, run.model_name, run.status) == ("live", "openai", "local-offline", "done")
    assert run.results.count() == 6
    assert "<svg" in html.read_text() and "Accuracy per group" in html.read_text()


def test_an_eval_run_is_launched_from_the_admin(admin_client: Client, settings: Any) -> None:
    response = admin_client.post(
        "/admin/evals/evalrun/launch/", {"mode": "offline", "provider": "offline", "repeat": 1}
    )
    assert response.status_code == 302
    run = EvalRun.objects.get()
    # The launch starts `manage.py eval_run <id>` in a process of its own; run that command here.
    call_command("eval_run", str(run.id), stdout=io.StringIO())
    run.refresh_from_db()
    assert run.status == "done"
    assert run.summary["cases"] == len([case for case in load_cases() if "offline" in case.modes])
    # Every case as expected: passed, or failing under its known-issue marker.
    results = list(run.results.all())
    assert len(results) == run.summary["cases"]
    unexpected = {r.case_id: r.failures[:2] for r in results if r.passed == bool(r.known_issue)}
    assert not unexpected, f"{len(unexpected)} offline case(s) not as expected: {sorted(unexpected)}: {unexpected}"
    page = admin_client.get(f"/admin/evals/evalrun/{run.id}/change/")
    assert page.status_code == 200 and b"Accuracy per group" in page.content


def test_reports_are_written_even_when_a_case_holds_a_lone_surrogate(tmp_path: Path) -> None:
    from evals.metrics import summarise
    from evals.report import write_reports

    summary = {**summarise([], 1), "note": "bad input \ud83d kept"}
    write_reports(summary, [], json_path=str(tmp_path / "r.json"), html_path=str(tmp_path / "r.html"), title="t")
    assert json.loads((tmp_path / "r.json").read_text())["summary"]["note"] == "bad input \ud83d kept"
    assert (tmp_path / "r.html").stat().st_size > 0


def test_an_admin_launched_run_gets_a_process_of_its_own_on_the_eval_database(
    admin_client: Client, settings: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The run never executes in the web process nor on the product's database: it is a separate
    `manage.py eval_run` under the eval's settings, which see the eval database as their default."""
    from evals import tasks

    settings.VAR_DIR = tmp_path
    started: list[tuple[list[str], dict[str, str]]] = []

    class Process:
        def __init__(self, command: list[str], **options: Any) -> None:
            started.append((command, options["env"]))

        def wait(self, timeout: float | None = None) -> int:
            return 0

    monkeypatch.setattr(tasks.subprocess, "Popen", Process)
    # The server waits for the process in a thread; here, in the test's own transaction.
    monkeypatch.setattr(tasks, "_watch", lambda run, process: tasks._mark_failed_if_unfinished(run, process.wait()))
    monkeypatch.setenv("DATABASE_URL", "postgres://product-db/should-not-reach-the-eval")
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = admin_client.post(
            "/admin/evals/evalrun/launch/", {"mode": "offline", "provider": "offline", "repeat": 1, "group": "smoke"}
        )
    assert response.status_code == 302
    run = EvalRun.objects.get()
    assert run.group == "smoke"
    [(command, env)] = started
    assert command[-2:] == ["eval_run", str(run.id)]
    assert env["DJANGO_SETTINGS_MODULE"] == "assistant.settings_eval" and "DATABASE_URL" not in env
    assert env["EVAL_DATABASE_URL"] == settings.EVAL_DATABASE_URL
    # The process ended without recording an end (the stand-in above never ran it): the run failed.
    assert run.status == "failed" and "eval-runs" in run.error


def test_the_eval_settings_put_the_eval_database_first_and_the_product_reads_runs_from_it() -> None:
    from django.conf import settings as live

    from evals.database import EvalRouter

    assert "evals" not in live.DATABASES  # the unit tests run on one database
    with override_settings(DATABASES={**live.DATABASES, "evals": live.DATABASES["default"]}):
        assert EvalRouter().db_for_write(EvalRun) == "evals"
        assert EvalRouter().db_for_read(EvalRun) == "evals"
        assert EvalRouter().db_for_write(get_user_model()) is None
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'assistant.settings_eval'; django.setup()\n"
        "from django.conf import settings; print(settings.DATABASES['default']['NAME'], sorted(settings.DATABASES))"
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "DATABASE_URL": "sqlite:////tmp/product.sqlite3",
        "EVAL_DATABASE_URL": "sqlite:////tmp/e.sqlite3",
    }
    shown = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert shown.stdout.split() == ["/tmp/e.sqlite3", "['default']"]


def test_a_live_run_names_an_unexpected_case_once_and_draws_no_bar_off_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Expects a delete where the stand-in creates: an unexpected failure on each of the 3 repeats.
    wrong = CREATE_CASE.format(id="wrong-on-purpose", marker="", start="2026-12-11T15:00").replace(
        "expect: {tools: [schedule_event], statuses: [created]}", "expect: {tools: [delete_event]}"
    )
    cases = case_file(tmp_path, wrong, CREATE_CASE.format(id="fine", marker="", start="2026-12-11T15:00"))
    out = io.StringIO()
    with pytest.raises(CommandError, match="1 unexpected result"):
        call_command(
            "eval", "live", "--provider", "offline", "--repeat", "3", "--no-store", "--cases", str(cases), stdout=out
        )
    lines = [line for line in out.getvalue().splitlines() if line.startswith("UNEXPECTED")]
    assert len(lines) == 1 and lines[0].startswith("UNEXPECTED wrong-on-purpose [outside] (3 of 3 runs)"), lines
    # pytest's stderr is no terminal: no progress bar ("eval live: 100%|...", carriage returns).
    err = capsys.readouterr().err
    assert "eval live" not in err and "\r" not in err


REMINDER_CASE = """
  - id: {id}
    turns:
      - user: "remind me to call mum at 5pm"
        model:
          - tool: set_reminder
            arguments: {{text: call mum, event_ref: null, event_words: null, minutes_before: null, date: null, time: "17:00"}}
        expect: {{write: {write}}}
    expect:
      reminders: [{{text: call mum, at: "2026-12-07T{at}"}}]
"""


def _reminder_case(tmp_path: Path, case_id: str, *, write: str, at: str) -> Path:
    return case_file(tmp_path, REMINDER_CASE.format(id=case_id, write=write, at=at), group=case_id)


def test_the_eval_sees_a_reminder_as_a_write(tmp_path: Path) -> None:
    """A reminder is a write: under `write: false` it fails the case; `reminders:` checks the end state."""
    call_command("eval", "offline", "--cases", str(_reminder_case(tmp_path, "r-ok", write="true", at="17:00")))
    with pytest.raises(CommandError, match="r-hidden"):
        call_command("eval", "offline", "--cases", str(_reminder_case(tmp_path, "r-hidden", write="false", at="17:00")))
    with pytest.raises(CommandError, match="r-wrong"):
        call_command("eval", "offline", "--cases", str(_reminder_case(tmp_path, "r-wrong", write="true", at="16:00")))


def test_the_snapshot_covers_every_kind_of_write(make_person: Any, add_event: Any) -> None:
    from assistant.models import MemoryFact
    from evals.snapshot import person_state
    from scheduling.models import Event, Reminder

    person = make_person()
    event = add_event(person, "Yoga", "2026-12-08T19:00")
    before = person_state(person)
    for change in (
        lambda: Reminder.objects.create(owner=person, event=event, minutes_before=10),
        lambda: Event.objects.filter(id=event.id).update(all_day=True),
        lambda: Event.objects.filter(id=event.id).update(rrule="FREQ=WEEKLY"),
        lambda: Event.objects.filter(id=event.id).update(exdates=["2026-12-15T11:00:00Z"]),
        lambda: Event.objects.filter(id=event.id).update(notes="bring a mat"),
        lambda: MemoryFact.objects.create(
            owner=person,
            topic="mat",
            fact="Yoga needs a mat.",
            source="user",
            created_at=event.starts_at,
            updated_at=event.starts_at,
        ),
    ):
        change()
        after = person_state(person)
        assert after != before
        before = after
