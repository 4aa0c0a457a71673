"""The fault benchmark's traffic: people sending bookings back to back over SSE and JSON, the
faults at their times, and each turn's outcome as the person saw it."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import datetime
import json
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2

from scripts.benchmarks.faults_services import Service, Services

FAILURE_FLAGS = {"model_unavailable", "internal_error", "record_failed", "turn_lost", "empty_model_response"}


@dataclass
class Tally:
    sent: int = 0
    answered: int = 0
    honest: int = 0
    server_errors: int = 0
    dropped: int = 0
    honest_kinds: collections.Counter[str] = field(default_factory=collections.Counter)
    server_error_kinds: collections.Counter[str] = field(default_factory=collections.Counter)
    dropped_kinds: collections.Counter[str] = field(default_factory=collections.Counter)
    seconds: list[float] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)


def classify(tally: Tally, status: int, payload: dict[str, Any] | None, retry_after: bool) -> None:
    """One turn's outcome, as the person saw it."""
    if status >= 500 and not (payload and isinstance(payload.get("detail"), str) and retry_after):
        tally.server_errors += 1
        tally.server_error_kinds[str(status)] += 1
        return
    if payload is not None and "assistant_message" in payload:
        flags = {flag for flag in payload.get("flags") or [] if flag in FAILURE_FLAGS or flag.startswith("model_error")}
        if not flags:
            tally.answered += 1
            return
        tally.honest += 1
        tally.honest_kinds["flagged reply: " + ",".join(sorted(flags))] += 1
        return
    tally.honest += 1
    detail = str((payload or {}).get("detail", ""))[:40]
    tally.honest_kinds[f"{status} {detail}"] += 1


async def one_turn(
    client: httpx2.AsyncClient, base: str, kind: str, token: str, thread: int, text: str, tally: Tally
) -> None:
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    body = json.dumps({"text": text})
    if kind == "json":
        response = await client.post(f"{base}/api/threads/{thread}/messages/", headers=headers, content=body)
        payload = None
        with contextlib.suppress(ValueError):
            payload = response.json()
        classify(
            tally,
            response.status_code,
            payload if isinstance(payload, dict) else None,
            "Retry-After" in response.headers,
        )
        return
    async with client.stream(
        "POST", f"{base}/api/threads/{thread}/messages/stream/", headers=headers, content=body
    ) as response:
        if response.status_code != 200:
            raw = await response.aread()
            payload = None
            with contextlib.suppress(ValueError):
                payload = json.loads(raw)
            classify(tally, response.status_code, payload, "Retry-After" in response.headers)
            return
        event = ""
        async for line in response.aiter_lines():
            if line.startswith("event: "):
                event = line.removeprefix("event: ")
            elif line.startswith("data: ") and event in {"reply", "error"}:
                data = json.loads(line.removeprefix("data: "))
                if event == "reply":
                    classify(tally, 201, {**data, "assistant_message": data.get("assistant_message")}, False)
                else:
                    classify(tally, 200, {"detail": "SSE error: " + str(data.get("detail"))}, False)
                return
        tally.dropped += 1  # the stream ended without a reply or an error: its process died
        tally.dropped_kinds["stream ended early"] += 1


async def people_send(people: list[list[Any]], bases: list[str], seconds: float, tally: Tally) -> None:
    limits = httpx2.Limits(max_connections=4 * len(people), max_keepalive_connections=0)
    ends = time.monotonic() + seconds
    async with httpx2.AsyncClient(timeout=httpx2.Timeout(90.0), limits=limits) as client:

        async def person(index: int, token: str, thread: int) -> None:
            await asyncio.sleep(0.3 * index)
            turn = 0
            while time.monotonic() < ends:
                turn += 1
                day = datetime.date(2027, 1, 1) + datetime.timedelta(days=turn)
                text = f"add booking {turn} on {day.isoformat()} at {9 + turn % 9:02}:{(15 * turn) % 60:02}"
                kind = "sse" if turn % 2 else "json"
                tally.sent += 1
                started = time.monotonic()
                for attempt, base in enumerate((bases[(index + turn) % 2], bases[(index + turn + 1) % 2])):
                    try:
                        await one_turn(client, base, kind, token, thread, text, tally)
                        break
                    except httpx2.ConnectError:
                        if attempt:  # both web processes refused: nothing reached the product
                            tally.honest += 1
                            tally.honest_kinds["connection refused by both"] += 1
                        continue  # refused before anything was sent: the other process (as a proxy would)
                    except httpx2.HTTPError as error:
                        tally.dropped += 1  # sent, then the connection broke: its process died
                        tally.dropped_kinds[error.__class__.__name__] += 1
                        break
                tally.seconds.append(time.monotonic() - started)
                await asyncio.sleep(0.5)

        await asyncio.gather(*(person(index, token, thread) for index, (token, thread) in enumerate(people)))


async def faults(redis: Service, web: Service, worker: Service, model: Service, tally: Tally, began: float) -> None:
    async def at(second: float, what: str, *actions: Any) -> None:
        await asyncio.sleep(max(0.0, began + second - time.monotonic()))
        tally.faults.append(f"{second:>4.0f} s  {what}")
        for action in actions:
            await asyncio.to_thread(action)

    await at(6, "Redis killed (SIGKILL; restarted empty 3 s later)", redis.kill)
    await at(9, "Redis started", redis.start)
    await at(16, "web process A and the Celery worker killed (SIGKILL; restarted 3 s later)", web.kill, worker.kill)
    await at(19, "web process A and the worker started", web.start, worker.start)
    await at(26, "model server stopped (restarted 5 s later)", model.kill)
    await at(31, "model server started", model.start)


async def run_traffic(
    people: list[list[Any]], bases: list[str], seconds: float, tally: Tally, services: Services | None
) -> None:
    """People send for ``seconds``; with ``services``, the faults happen to them meanwhile."""
    # One turn on each web process first, not counted: its lazy imports are not a fault.
    async with httpx2.AsyncClient(timeout=httpx2.Timeout(90.0)) as client:
        token, thread = people[0]
        for base in bases:
            await one_turn(client, base, "json", token, thread, "add booking 0 on 2027-01-01 at 08:00", Tally())
    began = time.monotonic()
    sending = people_send(people, bases, seconds, tally)
    if services is None:
        await sending
    else:
        await asyncio.gather(
            sending, faults(services.redis, services.web_a, services.worker, services.model, tally, began)
        )
