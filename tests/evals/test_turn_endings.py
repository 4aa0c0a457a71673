"""Every turn of an eval ends one known way, and the report counts them: a tool call that reached
the registry (run, or turned away with its reason), the model's text, an empty answer flagged as
such, a model error said as such, or no model call."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.cases import load_cases
from evals.metrics import summarise, turn_ending
from evals.report import render_html
from evals.service import run_cases

pytestmark = pytest.mark.django_db

CASES = """\
version: 1
group: smoke
cases:
  - id: ends-in-a-tool
    turns:
      - user: "what's on tomorrow?"
        model:
          - tool: query_events
            arguments: {start: "D+1", end: null}
            usage: {prompt_tokens: 1100, completion_tokens: 20}
  - id: ends-in-a-rejected-tool
    turns:
      - user: "what's on tomorrow?"
        model:
          - tool: query_events
            arguments: '{"start": "D+1"'
          - tool: query_events
            arguments: '{"start": "D+1"'
  - id: ends-in-an-unknown-tool
    turns:
      - user: "what's on tomorrow?"
        model:
          - tool: functions.query_events
            arguments: {}
          - tool: functions.query_events
            arguments: {}
  - id: ends-in-text
    turns:
      - user: "hello"
        model:
          - text: "Hi! How can I help?"
            usage: {prompt_tokens: 1300, completion_tokens: 8}
  - id: ends-empty
    turns:
      - user: "hello"
        model:
          - text: ""
  - id: ends-in-a-model-error
    turns:
      - user: "hello"
        model:
          - error: timeout
"""


def test_each_turn_ending_is_counted_with_the_rejection_reasons(tmp_path: Path) -> None:
    (tmp_path / "endings.yaml").write_text(CASES, encoding="utf-8")
    results = run_cases(load_cases([tmp_path / "endings.yaml"]), mode="offline")
    ending = {result.case_id: turn_ending(result.turns[0]) for result in results}
    assert ending == {
        "ends-in-a-tool": "tool",
        "ends-in-a-rejected-tool": "tool_rejected",
        "ends-in-an-unknown-tool": "tool_rejected",
        "ends-in-text": "text",
        "ends-empty": "flagged_empty",
        "ends-in-a-model-error": "model_error",
    }
    summary = summarise(results)
    ends = summary["endings"]
    assert (ends["tool"], ends["tool_rejected"], ends["text"], ends["flagged_empty"], ends["model_error"]) == (
        1,
        2,
        1,
        1,
        1,
    )
    reasons = list(ends["rejection_reasons"])
    assert any("not valid JSON" in reason for reason in reasons)
    assert any("no tool named 'functions.query_events'" in reason for reason in reasons)
    calls = summary["per_call"]
    # The two rejected turns asked twice each; the error turn made no call that answered.
    assert calls["model_calls"] == 7
    assert calls["prompt_tokens_per_call"]["mean"] == round((1100 + 1300) / 7, 1)
    page = render_html(summary, results, "endings")
    assert "turn endings" in page and "prompt tokens per call" in page
