"""Two eval runs side by side: which cases changed, per-group and latency deltas, and a chart.

A case passes in a run when every repeat of it passed (pass^k), as in the run's own summary.
"""

from __future__ import annotations

import html
from collections import defaultdict
from typing import Any

from evals.models import EvalRun
from evals.runner import SEGMENTS

BAR = 12
CHART_WIDTH = 760
LABEL = 190
COLOURS = ("#8a94a6", "#3b7dd8")


def case_outcomes(run: EvalRun) -> dict[str, dict[str, Any]]:
    cases: dict[str, dict[str, Any]] = defaultdict(lambda: {"group": "", "passed": True, "failures": []})
    for result in run.results.all():
        case = cases[result.case_id]
        case["group"] = result.group
        case["passed"] = case["passed"] and result.passed
        if not result.passed:
            case["failures"].extend(str(item) for item in result.failures[:3])
    return dict(cases)


def _rate(groups: dict[str, Any], name: str) -> float | None:
    value = groups.get(name)
    return None if value is None else float(value.get("rate", 0.0))


def compare_runs(*, before: EvalRun, after: EvalRun) -> dict[str, Any]:
    old, new = case_outcomes(before), case_outcomes(after)
    shared = sorted(set(old) & set(new))
    broke = [{"case_id": case, **new[case]} for case in shared if old[case]["passed"] and not new[case]["passed"]]
    fixed = [{"case_id": case, **new[case]} for case in shared if not old[case]["passed"] and new[case]["passed"]]
    old_groups = (before.summary or {}).get("groups", {})
    new_groups = (after.summary or {}).get("groups", {})
    groups = []
    for name in sorted(set(old_groups) | set(new_groups)):
        rate_before, rate_after = _rate(old_groups, name), _rate(new_groups, name)
        groups.append(
            {
                "name": name,
                "before": rate_before,
                "after": rate_after,
                "before_caption": _group_caption(old_groups.get(name)),
                "after_caption": _group_caption(new_groups.get(name)),
                "delta": None if rate_before is None or rate_after is None else rate_after - rate_before,
            }
        )
        delta = groups[-1]["delta"]
        groups[-1]["delta_points"] = "" if delta is None else f"{delta * 100:+.0f} pts"
    old_latency = (before.summary or {}).get("latency_ms", {})
    new_latency = (after.summary or {}).get("latency_ms", {})
    latency = []
    for segment in SEGMENTS:
        row: dict[str, Any] = {"segment": segment}
        for figure in ("p50", "p95"):
            a = (old_latency.get(segment) or {}).get(figure)
            b = (new_latency.get(segment) or {}).get(figure)
            row[f"{figure}_before"], row[f"{figure}_after"] = a, b
            delta = None if a is None or b is None else b - a
            row[f"{figure}_delta"] = delta
            row[f"{figure}_before_text"] = _ms(a)
            row[f"{figure}_after_text"] = _ms(b)
            row[f"{figure}_delta_text"] = "—" if delta is None else f"{delta:+.1f} ms"
            # Slower by more than a tenth (and a millisecond) reads as worse; faster as better.
            row[f"{figure}_tone"] = _tone(a, delta)
        latency.append(row)
    return {
        "before": before,
        "after": after,
        "pass_before": (before.summary or {}).get("pass_hat_k"),
        "pass_after": (after.summary or {}).get("pass_hat_k"),
        "broke": broke,
        "fixed": fixed,
        "only_before": sorted(set(old) - set(new)),
        "only_after": sorted(set(new) - set(old)),
        "unchanged": len(shared) - len(broke) - len(fixed),
        "groups": groups,
        "latency": latency,
    }


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f} ms"


def _tone(base: float | None, delta: float | None) -> str:
    if base is None or delta is None or abs(delta) < max(1.0, 0.1 * base):
        return ""
    return "delta-bad" if delta > 0 else "delta-good"


def _group_caption(value: dict[str, Any] | None) -> str:
    if not value:
        return "—"
    return f"{value.get('passed', 0)}/{value.get('cases', 0)} ({float(value.get('rate', 0.0)):.0%})"


def paired_bars(
    title: str, rows: list[tuple[str, float | None, float | None, str]], maximum: float, legend: tuple[str, str]
) -> str:
    """Two bars per row (before, after), to one scale; captions say the figures."""
    track = CHART_WIDTH - LABEL - 150
    height = 46 + len(rows) * (2 * BAR + 12)
    out = [
        f'<svg class="compare-chart" role="img" aria-label="{html.escape(title)}" viewBox="0 0 {CHART_WIDTH} {height}" '
        f'width="{CHART_WIDTH}" height="{height}" xmlns="http://www.w3.org/2000/svg">',
        f'<text x="0" y="14" font-size="13" font-weight="bold" fill="#1f2937">{html.escape(title)}</text>',
    ]
    for index, (name, colour) in enumerate(zip(legend, COLOURS, strict=True)):
        x = LABEL + index * 200
        out.append(f'<rect x="{x}" y="22" width="12" height="12" rx="2" fill="{colour}"></rect>')
        out.append(f'<text x="{x + 18}" y="32" font-size="12" fill="#374151">{html.escape(name)}</text>')
    for index, (label, first, second, caption) in enumerate(rows):
        y = 44 + index * (2 * BAR + 12)
        out.append(f'<text x="0" y="{y + BAR + 4}" font-size="12" fill="#1f2937">{html.escape(label)}</text>')
        for offset, (value, colour) in enumerate(((first, COLOURS[0]), (second, COLOURS[1]))):
            length = 0.0 if value is None or maximum <= 0 else max(1.5, track * value / maximum)
            out.append(
                f'<rect x="{LABEL}" y="{y + offset * BAR}" width="{length:.1f}" height="{BAR - 2}" rx="2" fill="{colour}"></rect>'
            )
        out.append(
            f'<text x="{CHART_WIDTH - 4}" y="{y + BAR + 4}" font-size="12" fill="#1f2937" text-anchor="end">'
            f"{html.escape(caption)}</text>"
        )
    out.append("</svg>")
    return "".join(out)


def group_chart(comparison: dict[str, Any]) -> str:
    rows = [
        (
            group["name"],
            None if group["before"] is None else group["before"] * 100,
            None if group["after"] is None else group["after"] * 100,
            "—" if group["delta"] is None else f"{group['delta'] * 100:+.0f} pts",
        )
        for group in comparison["groups"]
    ]
    legend = (f"run #{comparison['before'].id}", f"run #{comparison['after'].id}")
    return paired_bars("Pass rate per group (%)", rows, 100.0, legend)


def latency_chart(comparison: dict[str, Any]) -> str:
    rows = [
        (
            f"{row['segment'].removesuffix('_ms')} p50",
            row["p50_before"],
            row["p50_after"],
            "—" if row["p50_delta"] is None else f"{row['p50_delta']:+.1f} ms",
        )
        for row in comparison["latency"]
    ]
    values = [value for _label, a, b, _caption in rows for value in (a, b) if value is not None]
    legend = (f"run #{comparison['before'].id}", f"run #{comparison['after'].id}")
    return paired_bars("Latency p50 per segment (ms)", rows, max(values, default=0.0), legend)
