"""Figures over case results: pass rates per group, tool choice, side effects, pass^k, latency."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from evals.checks import expected_write
from evals.runner import SEGMENTS, CaseResult, TurnRecord

# More empty answers than this in one run and the report says so at the top: a weak model that
# answers nothing passes every case whose check is "wrote nothing" (past tense, refusals).
EMPTY_TURNS_WARNING = 3


def empty_turn(flags: Sequence[str]) -> bool:
    """The model gave nothing usable on this turn (an empty answer or a cut, empty stream)."""
    return "empty_model_response" in flags


def empty_answers(results: Sequence[CaseResult]) -> dict[str, Any]:
    turns = sum(1 for result in results for turn in result.turns if empty_turn(turn.flags))
    passed_on_empty = sorted(
        {result.case_id for result in results if result.passed and any(empty_turn(t.flags) for t in result.turns)}
    )
    total = sum(len(result.turns) for result in results)
    warning = None
    if turns > EMPTY_TURNS_WARNING:
        warning = (
            f"the model returned nothing on {turns} of {total} turns; {len(passed_on_empty)} case(s) passed "
            "only on an empty answer, so their groups' rates do not measure understanding"
        )
    return {"turns": turns, "of_turns": total, "passed_on_empty": passed_on_empty, "warning": warning}


REJECTED_STATUSES = {"invalid_arguments", "invalid_expression", "unknown_tool"}
ENDINGS = ("tool", "tool_rejected", "text", "flagged_empty", "model_error", "no_model_call", "http_error")


def turn_ending(turn: TurnRecord) -> str:
    """How a turn ended: a tool call that reached the registry (run, or turned away with its
    reason), the model's text, an empty answer flagged as such, a model error said as such, or
    no model call at all (the fast path, a confirmation). Nothing else: there is no silent end."""
    if turn.http_status != 201:
        return "http_error"
    if any(flag.startswith("model_error_") for flag in turn.flags):
        return "model_error"
    if turn.model_calls == 0:
        return "no_model_call"
    if empty_turn(turn.flags):
        return "flagged_empty"  # an empty answer always ends the turn, after any earlier tool hop
    if turn.tools:
        return "tool_rejected" if turn.statuses and turn.statuses[-1] in REJECTED_STATUSES else "tool"
    return "text"


def endings(results: Sequence[CaseResult]) -> dict[str, Any]:
    counts = dict.fromkeys(ENDINGS, 0)
    reasons: dict[str, int] = defaultdict(int)
    for result in results:
        for turn in result.turns:
            ending = turn_ending(turn)
            counts[ending] += 1
            if ending == "tool_rejected":
                for problem in turn.problems[-1:] or ["(no reason recorded)"]:
                    reasons[problem[:120]] += 1
    top = sorted(reasons.items(), key=lambda item: (-item[1], item[0]))[:10]
    return {**counts, "rejection_reasons": dict(top)}


def per_call(results: Sequence[CaseResult]) -> dict[str, Any]:
    """Prompt tokens per model call and wall time per turn (turns that called the model)."""
    prompts: list[float] = []
    walls: list[float] = []
    calls = prompt_total = 0
    for result in results:
        for turn in result.turns:
            if turn.model_calls and turn.tokens:
                calls += turn.model_calls
                prompt_total += turn.tokens.get("prompt", 0)
                prompts.append(turn.tokens.get("prompt", 0) / turn.model_calls)
            if turn.model_calls and turn.timings.get("response_complete_ms"):
                walls.append(turn.timings["response_complete_ms"])
    return {
        "model_calls": calls,
        "prompt_tokens_per_call": {
            "mean": round(prompt_total / calls, 1) if calls else 0.0,
            "p50": round(statistics.median(prompts), 1) if prompts else 0.0,
        },
        "turn_wall_ms": {
            "mean": round(statistics.fmean(walls), 1) if walls else 0.0,
            "p50": round(statistics.median(walls), 1) if walls else 0.0,
            "p95": round(_percentile(walls, 0.95), 1),
        },
    }


def _percentile(values: Sequence[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summarise(results: Sequence[CaseResult], repeat: int = 1) -> dict[str, Any]:
    by_case: dict[str, list[CaseResult]] = defaultdict(list)
    for result in results:
        by_case[result.case_id].append(result)
    empty = empty_answers(results)
    groups: dict[str, dict[str, int]] = defaultdict(lambda: {"cases": 0, "passed": 0, "passed_on_empty": 0})
    for case_id, runs in by_case.items():
        group = groups[runs[0].group]
        group["cases"] += 1
        group["passed"] += all(run.passed for run in runs)
        group["passed_on_empty"] += all(run.passed for run in runs) and case_id in empty["passed_on_empty"]

    tool_turns = tool_right = write_free_turns = wrong_writes = query_turns = missed_queries = 0
    latencies: dict[str, list[float]] = {name: [] for name in SEGMENTS}
    tokens = {"prompt": 0, "completion": 0, "cached": 0}
    for result in results:
        for turn in result.turns:
            expect = turn.expected
            if "tools" in expect:
                tool_turns += 1
                tool_right += turn.tools == expect["tools"]
            if expected_write(expect) is False:
                write_free_turns += 1
                wrong_writes += turn.wrote
            if "query_events" in expect.get("tools", []):
                query_turns += 1
                missed_queries += "query_events" not in turn.tools
            for name in SEGMENTS:
                if turn.timings.get(name):
                    latencies[name].append(turn.timings[name])
            for name in tokens:
                tokens[name] += turn.tokens.get(name, 0)

    trajectories = [runs for runs in by_case.values() if runs[0].trajectory]
    unexpected = [result.case_id for result in results if result.unexpected]
    total = len(by_case)
    passed = sum(all(run.passed for run in runs) for runs in by_case.values())
    return {
        "cases": total,
        "runs": len(results),
        "repeat": repeat,
        "passed": passed,
        "pass_rate": round(passed / total, 4) if total else 0.0,
        "pass_hat_k": round(passed / total, 4) if total else 0.0,
        "pass_any_rate": round(sum(any(run.passed for run in runs) for runs in by_case.values()) / total, 4)
        if total
        else 0.0,
        "known_issues": sorted({r.case_id for r in results if r.known_issue}),
        "unexpected": sorted(set(unexpected)),
        "groups": {
            name: {**value, "rate": round(value["passed"] / value["cases"], 4)}
            for name, value in sorted(groups.items())
        },
        "tool_choice_accuracy": round(tool_right / tool_turns, 4) if tool_turns else None,
        "wrong_side_effect_rate": round(wrong_writes / write_free_turns, 4) if write_free_turns else None,
        "missed_query_rate": round(missed_queries / query_turns, 4) if query_turns else None,
        "trajectory_end_state_accuracy": (
            round(sum(all(run.passed for run in runs) for runs in trajectories) / len(trajectories), 4)
            if trajectories
            else None
        ),
        "latency_ms": {
            name: {
                "p50": round(statistics.median(values), 2) if values else 0.0,
                "p95": round(_percentile(values, 0.95), 2),
            }
            for name, values in latencies.items()
        },
        "tokens": tokens,
        "turns": sum(len(result.turns) for result in results),
        "empty_answers": empty,
        "endings": endings(results),
        "per_call": per_call(results),
    }
