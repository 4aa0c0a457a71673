"""Running cases through the HTTP API, exactly as a client would.

Every turn is a POST to the same endpoints the web page uses (in process, through Django's
request handling), so the eval cannot drift from the product: there is no replica of the
dispatch. Each case runs inside a transaction that is rolled back, so nothing it creates
survives, whatever database it runs on.
"""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import time_machine
from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse

from assistant.models import Message, PendingConfirmation, TurnTrace
from assistant.providers.base import Provider
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from evals.cases import Case
from evals.checks import check_end, check_turn
from evals.setup import build_world, case_start, case_zone
from evals.snapshot import person_state

ProviderFactory = Callable[[], Provider]
WRITE_STATUSES = {"created", "updated", "deleted", "remembered", "reminder_set", "reminder_removed"}
SEGMENTS = (
    "archive_ms",
    "prompt_build_ms",
    "llm_ttft_ms",
    "llm_tool_complete_ms",
    "tool_execute_ms",
    "response_complete_ms",
)


@dataclass
class TurnRecord:
    user: str
    route: str = ""
    tools: list[str] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # why the registry turned a call away
    flags: list[str] = field(default_factory=list)
    reply: str = ""
    model_calls: int = 0
    wrote: bool = False
    http_status: int = 0
    timings: dict[str, float] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    expected: dict[str, Any] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


@dataclass
class CaseResult:
    case_id: str
    group: str
    passed: bool
    known_issue: str | None
    repeat: int = 0
    failures: list[str] = field(default_factory=list)
    turns: list[TurnRecord] = field(default_factory=list)
    seconds: float = 0.0
    trajectory: bool = False

    @property
    def unexpected(self) -> bool:
        """A failure nobody expected, or a known issue that no longer fails (a stale marker)."""
        return self.passed == bool(self.known_issue)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


class _Rollback(Exception):
    pass


def _snapshot(user: User) -> tuple[Any, ...]:
    return person_state(user)  # every kind of write: events and their rules, reminders, memory


def _post(client: Client, url: str, payload: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    response = client.post(url, data=json.dumps(payload or {}), content_type="application/json")
    try:
        body = response.json()
    except ValueError:
        body = {"detail": response.content.decode(errors="replace")[:300]}
    return response.status_code, body


def _last_card(user: User, kind: str) -> dict[str, Any] | None:
    message = (
        Message.objects.filter(thread__owner=user, role="assistant", card__type=kind)
        .order_by("-created_at", "-id")
        .first()
    )
    return message.card if message else None


def _send(client: Client, user: User, thread_id: int, turn: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    action = turn.get("action")
    if action in {"confirm", "keep"}:
        card = _last_card(user, "confirmation")
        if card is None:
            return 0, {"detail": "no confirmation card to press"}
        url = reverse("api-confirmation", args=[card["confirmation_id"]])
        return _post(client, url, {"decision": action, "action_digest": card["action_digest"]})
    if action == "cancel_card":
        card = _last_card(user, "pending_command")
        if card is None:
            return 0, {"detail": "no pending card to cancel"}
        return _post(client, reverse("api-command-cancel", args=[card["command_id"]]))
    return _post(client, reverse("api-messages", args=[thread_id]), {"text": turn["user"]})


def run_case(case: Case, *, mode: str, provider_factory: ProviderFactory | None = None, repeat: int = 0) -> CaseResult:
    """Run one case; the database is left exactly as it was."""
    result = CaseResult(
        case.id, case.group, passed=False, known_issue=case.known_issue, repeat=repeat, trajectory=case.is_trajectory
    )
    began = time.perf_counter()
    try:
        with transaction.atomic():
            _run(case, mode, provider_factory, result)
            raise _Rollback
    except _Rollback:
        pass
    except Exception as error:  # a broken case or a crash is a failure with a reason, not a stop
        result.failures.append(f"error: {error.__class__.__name__}: {error}"[:500])
    result.seconds = time.perf_counter() - began
    result.passed = not result.failures and not any(turn.failures for turn in result.turns)
    return result


def _run(case: Case, mode: str, provider_factory: ProviderFactory | None, result: CaseResult) -> None:
    start = case_start(case)
    # The in-process client calls itself "testserver"; outside the test runner it must be allowed.
    hosts = override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"])
    with hosts, time_machine.travel(start, tick=False) as traveller:
        user, thread, other = build_world(case, start)
        other_before = _snapshot(other) if other else None
        client = Client()
        client.force_login(user)
        for index, turn in enumerate(case.turns):
            if turn.get("after_minutes"):
                traveller.shift(datetime.timedelta(minutes=turn["after_minutes"]))
            provider = ScriptedProvider(turn.get("model", [])) if mode == "offline" else provider_factory()  # type: ignore[misc]
            before = _snapshot(user)
            with use_provider(provider):
                status, body = _send(client, user, thread.id, turn)
            record = _record(turn, status, body)
            record.wrote = _snapshot(user) != before
            record.failures = check_turn(turn.get("expect", {}), record, user, index)
            if mode == "offline" and isinstance(provider, ScriptedProvider) and (unused := provider.unused_problem()):
                record.failures.append(f"turn {index + 1}: {unused}")
            result.turns.append(record)
        result.failures.extend(check_end(case, user, case_zone(case), other, other_before, _snapshot))
        result.failures.extend(_pending_check(case, user))


def _record(turn: dict[str, Any], status: int, body: dict[str, Any]) -> TurnRecord:
    record = TurnRecord(
        user=turn.get("user") or f"[{turn.get('action')}]", http_status=status, expected=turn.get("expect", {})
    )
    if status != 201:
        record.failures.append(f"HTTP {status}: {body.get('detail', body)}")
        return record
    record.route = body["route"]
    record.tools = body["tools"]
    record.statuses = body["statuses"]
    record.flags = body["flags"]
    record.reply = body["assistant_message"]["text"]
    record.model_calls = body["model_calls"]
    trace = TurnTrace.objects.filter(assistant_message_id=body["assistant_message"]["id"]).first()
    if trace is not None:
        record.timings = {name: round(getattr(trace, name), 3) for name in SEGMENTS}
        record.tokens = {
            "prompt": trace.prompt_tokens,
            "completion": trace.completion_tokens,
            "cached": trace.cached_tokens,
        }
        record.problems = [call["problem"] for call in trace.tool_calls if call.get("problem")]
    return record


def _pending_check(case: Case, user: User) -> list[str]:
    wanted = case.expect.get("pending_confirmation")
    if wanted is None:
        return []
    pending = PendingConfirmation.objects.filter(owner=user, status="pending").exists()
    return [] if pending == wanted else [f"end: pending confirmation {'missing' if wanted else 'present'}"]
