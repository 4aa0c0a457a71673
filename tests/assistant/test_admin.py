"""Admin review: commands with their history and turns, traces as a timeline, the review queue,
eval runs compared."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from assistant.models import TurnReview, TurnTrace
from evals.models import EvalCaseResult, EvalRun
from scheduling.models import CommandStatus, ScheduleCommand
from tests.assistant.conftest import Chat, text, tool

pytestmark = pytest.mark.django_db


def test_command_pages_show_history_and_turns_and_actions_work(admin_client: Client, chat: Chat) -> None:
    chat.say(
        "dentist friday",
        tool("schedule_event", title="Dentist", date="W5", time=None, duration_minutes=None, command_id=None),
    )
    chat.say(
        "gym tomorrow",
        tool("schedule_event", title="Gym", date="D+1", time=None, duration_minutes=None, command_id=None),
    )
    listing = admin_client.get("/admin/scheduling/schedulecommand/?status__exact=needs_time&kind__exact=create")
    assert listing.status_code == 200 and b"Dentist" in listing.content
    dentist = ScheduleCommand.objects.get(slots__title__value="Dentist")
    page = admin_client.get(f"/admin/scheduling/schedulecommand/{dentist.id}/change/")
    assert b"reveal" in page.content and b"dentist friday" in page.content  # history and the turn that touched it
    gym = ScheduleCommand.objects.get(slots__title__value="Gym")
    admin_client.post(
        "/admin/scheduling/schedulecommand/", {"action": "expire_selected", "_selected_action": [str(dentist.id)]}
    )
    admin_client.post(
        "/admin/scheduling/schedulecommand/", {"action": "cancel_selected", "_selected_action": [str(gym.id)]}
    )
    assert ScheduleCommand.objects.get(id=dentist.id).status == CommandStatus.EXPIRED
    assert ScheduleCommand.objects.get(id=gym.id).status == CommandStatus.CANCELLED


def test_traces_filter_flagged_turns_and_link_to_the_thread(admin_client: Client, chat: Chat) -> None:
    chat.say("hi", text("Hello!"))
    chat.say("book lunch", text("I've booked lunch for you."))
    flagged = admin_client.get("/admin/assistant/turntrace/?flagged=unverified")
    assert flagged.status_code == 200
    assert b"unverified_create_claim" in flagged.content and b"Hello!" not in flagged.content
    assert f"/admin/assistant/thread/{chat.thread.id}/change/".encode() in flagged.content
    trace = TurnTrace.objects.filter(flags__icontains="unverified").get()
    detail = admin_client.get(f"/admin/assistant/turntrace/{trace.id}/change/")
    assert b'data-segment="response_complete_ms"' in detail.content
    thread = admin_client.get(f"/admin/assistant/thread/{chat.thread.id}/change/")
    assert thread.status_code == 200 and b"book lunch" in thread.content


def test_the_admin_needs_staff(client: Client, person: Any) -> None:
    client.force_login(person)
    assert client.get("/admin/assistant/turntrace/").status_code == 302


def dentist_at_three(chat: Chat) -> TurnTrace:
    chat.say(
        "dentist friday",
        tool("schedule_event", title="Dentist", date="W5", time=None, duration_minutes=None, command_id=None),
    )
    chat.say("3pm")  # the fast path: no model call
    return chat.last_trace()


def test_the_turn_page_is_a_read_only_timeline(admin_client: Client, chat: Chat) -> None:
    trace = dentist_at_three(chat)
    trace.archive_ms, trace.tool_execute_ms, trace.response_complete_ms = 23.899279999909595, 4.2, 61.5
    trace.save()
    page = admin_client.get(f"/admin/assistant/turntrace/{trace.id}/change/")
    html = unescape(page.content.decode())
    assert page.status_code == 200
    # The message and the reply side by side, no form fields to save, no delete.
    assert "3pm" in html and "Dentist" in html
    assert 'name="_save"' not in html and "deletelink" not in html and "23.899" not in html
    assert "24 ms" in html and "62 ms" in html and "4.2 ms" in html
    # Tool calls with their arguments pretty-printed; the intent transitions in words with a short digest.
    assert '"time": "15:00"' in html and "created" in html
    assert "r2" in html and "slots.time = 15:00" in html and "reveal" in html
    digest = re.search(r'class="digest" title="([0-9a-f]{64})">([0-9a-f]{12})…', html)
    assert digest is not None and digest.group(1).startswith(digest.group(2))
    # Links: the thread at this message, the command and the event it wrote.
    assert f"/admin/assistant/thread/{chat.thread.id}/change/#message-{trace.user_message_id}" in html
    command = chat.commands()[0]
    event = chat.events()[0]
    assert f"/admin/scheduling/schedulecommand/{command.id}/change/" in html
    assert f"/admin/scheduling/event/{event.id}/change/" in html
    thread = admin_client.get(f"/admin/assistant/thread/{chat.thread.id}/change/").content.decode()
    assert f'id="message-{trace.user_message_id}"' in thread
    # A record: posting to it changes nothing.
    assert admin_client.post(f"/admin/assistant/turntrace/{trace.id}/delete/").status_code in {403, 302}
    assert TurnTrace.objects.filter(id=trace.id).exists()


def test_the_waterfall_is_drawn_to_scale(admin_client: Client, chat: Chat) -> None:
    chat.say("hi", text("Hello!"))
    trace = chat.last_trace()
    TurnTrace.objects.filter(id=trace.id).update(
        archive_ms=10,
        prompt_build_ms=30,
        llm_ttft_ms=20,
        llm_tool_complete_ms=60,
        tool_execute_ms=0,
        response_complete_ms=100,
    )
    html = admin_client.get(f"/admin/assistant/turntrace/{trace.id}/change/").content.decode()
    widths = [float(width) for width in re.findall(r'<rect x="[\d.]+" y="\d+" width="([\d.]+)"', html)]
    starts = [float(x) for x in re.findall(r'<rect x="([\d.]+)" y="\d+" width', html)]
    archive, prompt, ttft, tool_complete, _tool, whole = widths
    assert whole == pytest.approx(10 * archive, rel=0.01) and prompt == pytest.approx(3 * archive, rel=0.01)
    assert tool_complete == pytest.approx(3 * ttft, rel=0.01)
    # The model's segments start once the prompt is built (40 of 100 ms).
    assert starts[2] - starts[0] == pytest.approx(0.4 * whole, rel=0.01)


def test_flags_show_as_badges_with_their_meaning(admin_client: Client, chat: Chat) -> None:
    chat.say("book lunch", text("I've booked lunch for you."))
    trace = chat.last_trace()
    html = admin_client.get(f"/admin/assistant/turntrace/{trace.id}/change/").content.decode()
    assert 'class="flag-badge flag-review">unverified_create_claim' in html
    assert "claimed a write that did not persist" in html


def flagged(chat: Chat, flags: list[str], message: str = "book lunch") -> TurnTrace:
    chat.say(message, text("Hello."))
    trace = chat.last_trace()
    TurnTrace.objects.filter(id=trace.id).update(flags=flags)
    trace.refresh_from_db()
    return trace


def test_the_review_queue_lists_flag_families_newest_first(
    admin_client: Client, make_chat: Any, make_person: Any
) -> None:
    ann, ben = make_chat(make_person("ann")), make_chat(make_person("ben"))
    claim = flagged(ann, ["unverified_create_claim"], "book lunch")
    ann.later(minutes=1)
    timeout = flagged(ben, ["model_error_timeout"], "gym at 6")
    ann.later(minutes=1)
    new_family = flagged(ann, ["model_error_context_overflow"], "what's on")
    ann.later(minutes=1)
    untrusted = flagged(ben, ["needs_confirmation:untrusted_source"], "copy that from last week")
    ann.later(minutes=1)
    quiet = flagged(ann, ["stale_confirmation"], "yes")
    ann.later(minutes=1)
    broken = flagged(ben, ["internal_error", "malformed_tool_arguments"], "move it")

    page = admin_client.get("/admin/assistant/flaggedturn/")
    html = page.content.decode()
    order = [int(found) for found in re.findall(r'data-testid="queue-row" data-trace-id="(\d+)"', html)]
    assert order == [broken.id, untrusted.id, new_family.id, timeout.id, claim.id]
    assert quiet.id not in order

    by_flag = admin_client.get("/admin/assistant/flaggedturn/?flag=model_error").content.decode()
    assert re.findall(r'data-trace-id="(\d+)"', by_flag) == [str(new_family.id), str(timeout.id)]
    ben_id = User.objects.get(username="ben").id
    by_person = admin_client.get(f"/admin/assistant/flaggedturn/?person={ben_id}").content.decode()
    assert re.findall(r'data-trace-id="(\d+)"', by_person) == [str(broken.id), str(untrusted.id), str(timeout.id)]


def test_marking_a_turn_reviewed_keeps_who_when_and_the_note(
    admin_client: Client, admin_user: User, chat: Chat, clock: Any
) -> None:
    trace = flagged(chat, ["unverified_create_claim"])
    other = flagged(chat, ["internal_error"], "again")
    index = admin_client.get("/admin/").content.decode()
    assert re.search(r'data-testid="review-count">2<', index)

    answer = admin_client.post(
        f"/admin/assistant/turntrace/{trace.id}/review/",
        {"verdict": "needs_fix", "note": "the stand-in missed 'book'", "next": "/admin/assistant/flaggedturn/"},
    )
    assert answer.status_code == 302 and answer["Location"] == "/admin/assistant/flaggedturn/"
    review = TurnReview.objects.get(trace=trace)
    assert (review.verdict, review.note, review.reviewer) == ("needs_fix", "the stand-in missed 'book'", admin_user)
    assert review.reviewed_at is not None
    assert re.search(r'data-testid="review-count">1<', admin_client.get("/admin/").content.decode())

    open_only = admin_client.get("/admin/assistant/flaggedturn/?state=open").content.decode()
    assert re.findall(r'data-trace-id="(\d+)"', open_only) == [str(other.id)]
    needs_fix = admin_client.get("/admin/assistant/flaggedturn/?state=needs_fix").content.decode()
    assert re.findall(r'data-trace-id="(\d+)"', needs_fix) == [str(trace.id)]
    assert "the stand-in missed" in needs_fix

    # Changing the verdict replaces it; a bad verdict or an outside "next" changes nothing else.
    admin_client.post(f"/admin/assistant/turntrace/{trace.id}/review/", {"verdict": "reviewed", "note": "fixed"})
    assert TurnReview.objects.get(trace=trace).verdict == "reviewed"
    bad = admin_client.post(
        f"/admin/assistant/turntrace/{trace.id}/review/", {"verdict": "ignore", "next": "https://example.com/"}
    )
    assert bad["Location"] == f"/admin/assistant/turntrace/{trace.id}/change/"
    assert TurnReview.objects.get(trace=trace).verdict == "reviewed"
    assert admin_client.get(f"/admin/assistant/turntrace/{trace.id}/review/").status_code == 405


def test_the_queue_needs_staff(client: Client, person: Any) -> None:
    client.force_login(person)
    assert client.get("/admin/assistant/flaggedturn/").status_code == 302
    assert client.post("/admin/assistant/turntrace/1/review/", {"verdict": "reviewed"}).status_code == 302
    assert not TurnReview.objects.exists()


def test_command_and_event_lists_lead_with_title_owner_status_and_when(admin_client: Client, chat: Chat) -> None:
    dentist_at_three(chat)
    chat.say(
        "gym tomorrow",
        tool("schedule_event", title="Gym", date="D+1", time=None, duration_minutes=None, command_id=None),
    )
    commands = admin_client.get("/admin/scheduling/schedulecommand/").content.decode()
    headers = re.findall(r'<th scope="col" class="[^"]*column-(\w+)', commands)
    assert headers[:4] == ["title", "owner", "kind", "status_badge"]
    gym = ScheduleCommand.objects.get(slots__title__value="Gym")
    assert f'<code title="{gym.id}">{str(gym.id)[:8]}</code>' in commands
    assert str(gym.id) not in re.sub(r"<[^>]+>", "", commands)  # the full id only on hover
    assert "needs time" in commands and "Dentist" in commands
    events = admin_client.get("/admin/scheduling/event/").content.decode()
    assert "Dentist" in events and "Fri 2026-12-11 15:00–16:00" in events


def finished_run(results: dict[str, tuple[str, bool]], latency: dict[str, float]) -> EvalRun:
    groups: dict[str, dict[str, Any]] = {}
    for group, passed in results.values():
        entry = groups.setdefault(group, {"cases": 0, "passed": 0})
        entry["cases"] += 1
        entry["passed"] += passed
    for entry in groups.values():
        entry["rate"] = entry["passed"] / entry["cases"]
    summary = {
        "cases": len(results),
        "pass_hat_k": sum(passed for _group, passed in results.values()) / len(results),
        "groups": groups,
        "latency_ms": {name: {"p50": value, "p95": value * 2} for name, value in latency.items()},
    }
    run = EvalRun.objects.create(mode="offline", provider="offline", status="done", summary=summary)
    for case_id, (group, passed) in results.items():
        EvalCaseResult.objects.create(run=run, case_id=case_id, group=group, passed=passed)
    return run


def test_two_eval_runs_compared(admin_client: Client) -> None:
    before = finished_run(
        {"create-1": ("create", True), "create-2": ("create", False), "query-1": ("query", True)},
        {"response_complete_ms": 40.0, "archive_ms": 2.0},
    )
    after = finished_run(
        {"create-1": ("create", False), "create-2": ("create", True), "query-1": ("query", False)},
        {"response_complete_ms": 55.0, "archive_ms": 2.0},
    )
    page = admin_client.get(f"/admin/evals/evalrun/compare/?before={before.id}&after={after.id}")
    html = page.content.decode()
    assert page.status_code == 200
    broke = html.split('data-testid="broke"')[1].split("</table>")[0]
    fixed = html.split('data-testid="fixed"')[1].split("</table>")[0]
    assert "create-1" in broke and "query-1" in broke and "create-2" not in broke
    assert "create-2" in fixed and "create-1" not in fixed
    groups = html.split('data-testid="group-deltas"')[1].split("</table>")[0]
    assert "-100 pts" in groups and "±0" in groups  # query fell from 1/1 to 0/1; create stayed 1/2
    latency = html.split('data-testid="latency-deltas"')[1].split("</table>")[0]
    assert "+15.0 ms" in latency and "+30.0 ms" in latency and "delta-bad" in latency
    assert html.count('<svg class="compare-chart"') == 2

    # The list's action takes exactly two runs, oldest first.
    chosen = admin_client.post(
        "/admin/evals/evalrun/", {"action": "compare_selected", "_selected_action": [after.id, before.id]}
    )
    assert chosen["Location"] == f"/admin/evals/evalrun/compare/?before={before.id}&after={after.id}"
    # With no choice made, the two latest finished runs are compared.
    latest = admin_client.get("/admin/evals/evalrun/compare/").content.decode()
    assert 'data-testid="broke"' in latest


def test_a_turn_without_a_flag_marked_needs_a_fix_is_found_in_the_queue(
    admin_client: Client, make_chat: Any, make_person: Any
) -> None:
    ann, ben = make_chat(make_person("ann")), make_chat(make_person("ben"))
    plain = flagged(ann, [], "what's on friday")
    informative = flagged(ben, ["stale_confirmation"], "yes")
    claim = flagged(ben, ["unverified_create_claim"], "book lunch")
    untouched = flagged(ann, [], "thanks")
    assert untouched.flags == []
    for trace in (plain, informative):
        admin_client.post(f"/admin/assistant/turntrace/{trace.id}/review/", {"verdict": "needs_fix", "note": "x"})

    def listed(query: str = "") -> list[int]:
        html = admin_client.get(f"/admin/assistant/flaggedturn/{query}").content.decode()
        return [int(found) for found in re.findall(r'data-testid="queue-row" data-trace-id="(\d+)"', html)]

    assert sorted(listed()) == sorted([plain.id, informative.id, claim.id])
    assert sorted(listed("?state=needs_fix")) == sorted([plain.id, informative.id])
    assert listed("?state=open") == [claim.id]
    assert sorted(listed("?flag=none")) == sorted([plain.id, informative.id])
    assert listed("?flag=none&person=" + str(User.objects.get(username="ann").id)) == [plain.id]
    assert listed("?flag=unverified&state=needs_fix") == []
    index = admin_client.get("/admin/").content.decode()
    assert re.search(r'data-testid="review-count">1<', index)
    assert re.search(r'data-testid="needs-fix-count">2<', index)


def test_change_and_delete_commands_are_named_by_their_event_and_read_only(
    admin_client: Client, chat: Chat, add_event: Any
) -> None:
    dentist = add_event(chat.user, "Dentist", "2026-12-08 15:00")
    chat.say("delete the dentist", tool("delete_event", event_ref=f"E{dentist.id}", ordinal=None))
    command = ScheduleCommand.objects.get(owner=chat.user, kind="delete")
    listing = admin_client.get("/admin/scheduling/schedulecommand/").content.decode()
    assert "delete “Dentist”" in listing and "untitled" not in listing
    page = admin_client.get(f"/admin/scheduling/schedulecommand/{command.id}/change/").content.decode()
    # A record to read: no form fields to edit, no save button.
    assert 'name="_save"' not in page and "<select" not in page.split('id="content-main"')[1].split("</form>")[0]
    assert "delete “Dentist”" in page or "Dentist" in page


def test_the_reminder_deliveries_are_named_in_the_plural() -> None:
    from scheduling.models import ReminderDelivery

    assert ReminderDelivery._meta.verbose_name_plural == "reminder deliveries"
