"""The eval report: a JSON file, and an HTML page with charts drawn as plain SVG (no scripts)."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evals.runner import SEGMENTS, CaseResult

BAR = 18
WIDTH = 520
LABEL = 190


def _bar_chart(title: str, rows: Sequence[tuple[str, float, str]], maximum: float, colour: str) -> str:
    height = 30 + len(rows) * (BAR + 8)
    parts = [
        f'<svg role="img" aria-label="{html.escape(title)}" width="{LABEL + WIDTH + 90}" height="{height}" xmlns="http://www.w3.org/2000/svg">',
        f'<text x="0" y="16" font-size="14" font-weight="bold" fill="#222">{html.escape(title)}</text>',
    ]
    for index, (label, value, caption) in enumerate(rows):
        y = 28 + index * (BAR + 8)
        length = 0 if maximum <= 0 else max(1.0, WIDTH * value / maximum)
        parts.append(f'<text x="0" y="{y + 13}" font-size="12" fill="#333">{html.escape(label)}</text>')
        parts.append(f'<rect x="{LABEL}" y="{y}" width="{length:.1f}" height="{BAR}" fill="{colour}" rx="3"></rect>')
        parts.append(
            f'<text x="{LABEL + length + 6:.1f}" y="{y + 13}" font-size="12" fill="#333">{html.escape(caption)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def group_chart(summary: dict[str, Any]) -> str:
    rows = [
        (name, value["rate"] * 100, f"{value['passed']}/{value['cases']} ({value['rate']:.0%})")
        for name, value in summary["groups"].items()
    ]
    return _bar_chart("Accuracy per group (%)", rows, 100.0, "#3b7dd8")


def latency_chart(summary: dict[str, Any]) -> str:
    rows: list[tuple[str, float, str]] = []
    for name in SEGMENTS:
        figures = summary["latency_ms"].get(name, {"p50": 0, "p95": 0})
        rows.append((f"{name} p50", figures["p50"], f"{figures['p50']:.1f} ms"))
        rows.append((f"{name} p95", figures["p95"], f"{figures['p95']:.1f} ms"))
    maximum = max((value for _label, value, _caption in rows), default=0.0)
    return _bar_chart("Latency per segment (ms)", rows, maximum, "#d8793b")


def _empty_warning(summary: dict[str, Any]) -> str:
    empty = summary.get("empty_answers") or {}
    parts = []
    if empty.get("warning"):
        parts.append(f'<p role="alert"><strong>Warning:</strong> {html.escape(empty["warning"])}</p>')
    if empty.get("passed_on_empty"):
        names = ", ".join(empty["passed_on_empty"])
        parts.append(f"<p>Passed on an empty answer: {html.escape(names)}</p>")
    return "".join(parts)


def render_html(summary: dict[str, Any], results: Sequence[CaseResult], title: str) -> str:
    headline = [
        ("cases", summary["cases"]),
        ("pass rate" if summary["repeat"] == 1 else f"pass^{summary['repeat']}", f"{summary['pass_hat_k']:.1%}"),
        ("tool-choice accuracy", _percent(summary["tool_choice_accuracy"])),
        ("wrong-side-effect rate", _percent(summary["wrong_side_effect_rate"])),
        ("missed-query rate", _percent(summary["missed_query_rate"])),
        ("trajectory end-state accuracy", _percent(summary["trajectory_end_state_accuracy"])),
        ("tokens (prompt / cached)", f"{summary['tokens']['prompt']} / {summary['tokens']['cached']}"),
    ]
    if "endings" in summary:
        ends = summary["endings"]
        headline.append(
            (
                "turn endings",
                ", ".join(f"{name} {value}" for name, value in ends.items() if isinstance(value, int) and value),
            )
        )
        headline.extend((f"rejected ({count})", reason) for reason, count in ends["rejection_reasons"].items())
    if "per_call" in summary:
        calls = summary["per_call"]
        headline.append(
            (
                "prompt tokens per call (mean / p50)",
                f"{calls['prompt_tokens_per_call']['mean']:.0f} / {calls['prompt_tokens_per_call']['p50']:.0f}",
            )
        )
        headline.append(
            (
                "turn wall time p50 / p95 (ms)",
                f"{calls['turn_wall_ms']['p50']:.0f} / {calls['turn_wall_ms']['p95']:.0f}",
            )
        )
    failing = [result for result in results if not result.passed]
    rows = "".join(
        f"<tr><td>{html.escape(r.case_id)}</td><td>{html.escape(r.group)}</td><td>{r.repeat}</td>"
        f"<td>{html.escape('known issue: ' + r.known_issue if r.known_issue else '')}</td>"
        f"<td>{html.escape('; '.join(r.failures + [f for t in r.turns for f in t.failures])[:600])}</td></tr>"
        for r in failing
    )
    figures = "".join(
        f"<tr><th>{html.escape(label)}</th><td>{html.escape(str(value))}</td></tr>" for label, value in headline
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title></head>
<body>
<h1>{html.escape(title)}</h1>
{_empty_warning(summary)}
<table>{figures}</table>
<h2>Charts</h2>
<p>{group_chart(summary)}</p>
<p>{latency_chart(summary)}</p>
<h2>Failing runs ({len(failing)})</h2>
<table><tr><th>case</th><th>group</th><th>repeat</th><th>marker</th><th>why</th></tr>{rows}</table>
</body></html>
"""


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def write_reports(
    summary: dict[str, Any], results: Sequence[CaseResult], *, json_path: str | None, html_path: str | None, title: str
) -> None:
    if json_path:
        Path(json_path).parent.mkdir(parents=True, exist_ok=True)
        # ASCII JSON: a case's text may hold a lone surrogate (the bad-input cases do), which
        # UTF-8 cannot encode; "\\ud83d" is still valid JSON.
        report = {"summary": summary, "results": [r.as_json() for r in results]}
        Path(json_path).write_text(json.dumps(report, ensure_ascii=True, indent=2), encoding="ascii")
    if html_path:
        Path(html_path).parent.mkdir(parents=True, exist_ok=True)
        html = render_html(summary, results, title).encode("utf-8", errors="replace")
        Path(html_path).write_bytes(html)
