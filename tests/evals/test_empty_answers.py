"""A live eval with a model that answers nothing says so, instead of reporting full marks."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.providers.scripted import ScriptedProvider
from evals.cases import load_cases
from evals.metrics import summarise
from evals.report import render_html
from evals.service import run_cases

pytestmark = pytest.mark.django_db


QUIET_CASES = """\
version: 1
group: past_tense
cases:
""" + "".join(
    f"""  - id: quiet-{index}
    turns:
      - user: "{text}"
        model:
          - text: "Nice."
        expect: {{tools: [], write: false}}
    expect: {{events_count: 0}}
"""
    for index, text in enumerate(
        ["we had a meeting yesterday", "昨天开了个会", "I went to the dentist last week", "上周去看了牙医", "lunch was great", "刚开完会"]
    )
)


def test_cases_passed_on_an_empty_answer_are_marked_and_the_run_warns(tmp_path: Path) -> None:
    (tmp_path / "quiet.yaml").write_text(QUIET_CASES, encoding="utf-8")
    cases = load_cases([tmp_path / "quiet.yaml"])
    assert len(cases) == 6

    def silent() -> ScriptedProvider:
        return ScriptedProvider([{"text": ""}] * 10)

    results = run_cases(cases, mode="live", factory=silent)
    summary = summarise(results)
    empty = summary["empty_answers"]
    passed = [result.case_id for result in results if result.passed]
    assert passed, "past-tense cases expect no write: an empty answer passes them"
    assert empty["passed_on_empty"] == sorted(passed)
    assert empty["turns"] >= 6 and "returned nothing" in (empty["warning"] or "")
    assert summary["groups"]["past_tense"]["passed_on_empty"] == len(passed)
    assert "Warning:" in render_html(summary, results, "live")


def test_a_model_that_answers_gives_no_warning() -> None:
    cases = [case for case in load_cases([Path("evals/cases/smoke.yaml")]) if "offline" in case.modes]
    summary = summarise(run_cases(cases, mode="offline"))
    assert summary["empty_answers"]["warning"] is None and summary["empty_answers"]["passed_on_empty"] == []
