"""An admin reviews what the assistant did: a turn as a timeline, the queue of flagged turns
(filter, mark reviewed), two eval runs compared, and lists that fit a 1366 px screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Session, no_clipped_columns, send, sign_in, sign_in_admin
from tests.browser.test_chat import weekend_phrase

pytestmark = pytest.mark.browser

# Flags the offline stand-in does not produce on purpose; set on real turns, as a model would.
FLAG_TURNS = """
from assistant.models import TurnTrace
traces = list(TurnTrace.objects.filter(thread__owner__username={person!r}).order_by("id"))
flags = {flags!r}
for trace, flag in zip(traces, flags):
    if flag:
        trace.flags = flag
        trace.save(update_fields=["flags"])
"""

EVAL_RUNS = """
from evals.models import EvalCaseResult, EvalRun
def run(results, p50):
    groups = {}
    for group, passed in results.values():
        entry = groups.setdefault(group, {"cases": 0, "passed": 0})
        entry["cases"] += 1
        entry["passed"] += passed
    for entry in groups.values():
        entry["rate"] = entry["passed"] / entry["cases"]
    segments = ["archive_ms", "prompt_build_ms", "llm_ttft_ms", "llm_tool_complete_ms", "tool_execute_ms",
                "response_complete_ms"]
    summary = {"cases": len(results), "pass_hat_k": sum(p for _g, p in results.values()) / len(results),
               "groups": groups,
               "latency_ms": {s: {"p50": p50 * (i + 1) / 6, "p95": p50 * (i + 1) / 3} for i, s in enumerate(segments)}}
    made = EvalRun.objects.create(mode="offline", provider="offline", status="done", summary=summary)
    for case, (group, passed) in results.items():
        EvalCaseResult.objects.create(run=made, case_id=case, group=group, passed=passed,
                                      failures=[] if passed else ["expected schedule_event, got query_events"])
    return made
before = run({"create-weekend": ("create", True), "create-typo": ("create", False), "query-tomorrow": ("query", True),
              "delete-it": ("delete", True), "revise-time": ("revise", False)}, 40.0)
after = run({"create-weekend": ("create", False), "create-typo": ("create", True), "query-tomorrow": ("query", True),
             "delete-it": ("delete", True), "revise-time": ("revise", True)}, 52.0)
print(before.id, after.id)
"""


def test_a_turn_reads_as_a_timeline(session: Session) -> None:
    page, steps = session.page, session.steps
    phrase, saturday = weekend_phrase()
    sign_in(session, "kate")
    send(session, f"Team lunch {phrase} at 12:30")
    page.get_by_test_id("pending-card").last.locator(f'[data-testid="quick-reply"][data-text="{saturday}"]').click()
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("Added")

    sign_in_admin(session)
    page.goto("/admin/assistant/turntrace/")
    expect(page.locator("#result_list")).to_contain_text("kate")
    no_clipped_columns(session)
    steps.shot("trace-list")

    page.locator("#result_list tbody tr").first.locator("th a").click()
    turn = page.get_by_test_id("turn-page")
    expect(turn).to_be_visible()
    expect(page.get_by_test_id("turn-message")).to_contain_text(saturday.isoformat())
    expect(page.get_by_test_id("turn-reply")).to_contain_text("Added")
    expect(page.get_by_test_id("waterfall").locator("rect")).to_have_count(6)
    expect(page.get_by_test_id("calls-table")).to_contain_text("schedule_event")
    expect(page.get_by_test_id("calls-table")).to_contain_text("created")
    expect(page.get_by_test_id("transitions")).to_contain_text("revise")
    symbol = "WE" if phrase == "this weekend" else "WE+1"  # on a weekend (in the person's zone) the next one
    expect(page.get_by_test_id("transitions")).to_contain_text(f"slots.date: {symbol} → {saturday}")
    # Milliseconds are rounded, there is nothing to save or delete.
    assert not re.search(r"\d+\.\d{3,} ms", turn.inner_text())
    expect(page.locator("input[name=_save]")).to_have_count(0)
    expect(page.locator(".deletelink")).to_have_count(0)
    expect(page.get_by_test_id("command-link")).to_contain_text("Team lunch")
    expect(page.get_by_test_id("event-link")).to_contain_text("Team lunch")
    steps.shot("turn-timeline", full_page=True)

    # The thread opens at this turn's message.
    page.get_by_test_id("thread-link").click()
    expect(page).to_have_url(re.compile(r"/admin/assistant/thread/\d+/change/#message-\d+$"))
    anchor = page.url.split("#")[1]
    expect(page.locator(f"#{anchor}")).to_be_in_viewport()
    steps.shot("thread-at-message")

    page.goto("/admin/scheduling/schedulecommand/")
    expect(page.locator("#result_list")).to_contain_text("Team lunch")
    no_clipped_columns(session)
    steps.shot("command-list")
    page.goto("/admin/scheduling/event/")
    expect(page.locator("#result_list")).to_contain_text("Team lunch")
    no_clipped_columns(session)
    steps.shot("event-list")


def test_the_review_queue_filters_and_keeps_verdicts(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "quinn")
    for text in ("book lunch with Sam", "what's on tomorrow", "Yoga tomorrow at 7pm", "hello"):
        send(session, text)
    session.server.manage(
        "shell",
        "-c",
        FLAG_TURNS.format(
            person="quinn",
            flags=[
                ["unverified_create_claim"],
                ["model_error_timeout"],
                ["needs_confirmation:untrusted_source"],
                ["stale_confirmation"],
            ],
        ),
    )

    sign_in_admin(session)
    callout = page.get_by_test_id("review-callout")
    expect(callout).to_be_visible()
    count = int(page.get_by_test_id("review-count").inner_text())
    assert count >= 3
    steps.shot("admin-index-count")

    page.get_by_test_id("review-count-link").click()
    rows = page.get_by_test_id("queue-row")
    expect(rows.first).to_be_visible()
    texts = [rows.nth(index).inner_text() for index in range(rows.count())]
    assert not any("stale_confirmation" in text for text in texts)
    no_clipped_columns(session, ".queue-table")
    steps.shot("queue")

    page.get_by_test_id("filter-flag").select_option("model_error")
    page.get_by_test_id("apply-filters").click()
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("model_error_timeout")
    expect(rows.first).to_contain_text("what's on tomorrow")
    steps.shot("filtered-by-flag")

    rows.first.get_by_test_id("review-note").fill("timeout at 30 s; the stand-in was fine")
    rows.first.get_by_test_id("mark-needs-fix").click()
    expect(page.locator(".messagelist")).to_contain_text("marked needs a fix")
    # The queue came from "not reviewed yet": the turn leaves it, and is found under "needs a fix".
    expect(page.get_by_test_id("queue-empty")).to_be_visible()
    page.get_by_test_id("filter-state").select_option("needs_fix")
    page.get_by_test_id("apply-filters").click()
    expect(rows).to_have_count(1)
    expect(rows.first.get_by_test_id("review-state")).to_contain_text("needs a fix by root")
    expect(rows.first.get_by_test_id("review-state")).to_contain_text("timeout at 30 s")
    steps.shot("marked-needs-fix")

    # The turn page shows the same verdict, and what each flag means.
    rows.first.get_by_test_id("open-turn").click()
    expect(page.get_by_test_id("turn-flags")).to_contain_text("The model call failed")
    expect(page.get_by_test_id("review-state")).to_contain_text("needs a fix by root")
    steps.shot("flagged-turn-page", full_page=True)
    page.go_back()

    page.get_by_test_id("filter-flag").select_option("")
    page.get_by_test_id("filter-state").select_option("open")
    page.get_by_test_id("apply-filters").click()
    expect(rows).to_have_count(count - 1)
    rows.first.get_by_test_id("mark-reviewed").click()
    expect(rows).to_have_count(count - 2)
    steps.shot("open-after-review")

    page.goto("/admin/")
    expect(page.get_by_test_id("review-count")).to_have_text(str(count - 2))


def test_two_eval_runs_compared(session: Session) -> None:
    page, steps = session.page, session.steps
    session.server.manage("shell", "-c", EVAL_RUNS)
    sign_in_admin(session)
    page.goto("/admin/evals/evalrun/")
    no_clipped_columns(session)
    page.locator("#result_list tbody input.action-select").nth(0).check()
    page.locator("#result_list tbody input.action-select").nth(1).check()
    page.locator("select[name=action]").select_option("compare_selected")
    page.locator("button[name=index]").click()
    compare = page.get_by_test_id("eval-compare")
    expect(compare).to_be_visible()
    expect(page.get_by_test_id("broke")).to_contain_text("create-weekend")
    expect(page.get_by_test_id("fixed")).to_contain_text("create-typo")
    expect(page.get_by_test_id("fixed")).to_contain_text("revise-time")
    expect(page.get_by_test_id("group-deltas")).to_contain_text("+100 pts")
    expect(page.get_by_test_id("latency-deltas")).to_contain_text("+12.0 ms")
    expect(page.get_by_test_id("group-chart").locator("svg")).to_be_visible()
    expect(page.get_by_test_id("latency-chart").locator("svg")).to_be_visible()
    steps.shot("compared", full_page=True)

    # The same two runs swapped, from the form on the page.
    before = page.locator("#id_before").input_value()
    after = page.locator("#id_after").input_value()
    page.locator("#id_before").select_option(after)
    page.locator("#id_after").select_option(before)
    page.get_by_test_id("compare-submit").click()
    expect(page.get_by_test_id("broke")).to_contain_text("create-typo")
    steps.shot("swapped")
