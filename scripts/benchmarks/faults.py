"""Fault benchmark: a stream of turns and reminders through a Redis restart, a worker kill and a
model outage; what the people got.

Everything on 127.0.0.1, bounded in count and time, and it stops by itself (about two minutes):

- its own redis-server on a free port (never the machine's shared one), the broker, cache and
  thread locks of the product;
- its own PostgreSQL database (``bench_faults``, dropped and made again each run; PostgreSQL
  because several processes write at once, as in production: web, worker, beat);
- the fake model server (``fake_model_server.py``, create mode: each "add booking N on DATE at
  TIME" is answered with the ``schedule_event`` call that books it);
- two uvicorn processes of the product (people alternate between them, SSE and JSON turns),
  one Celery worker (reminders, post-turn work) and beat (the reminder sweep every 2 s).

People send bookings back to back while, in turn: Redis is killed and started again (empty:
what it held is lost), one web process and the worker are killed with SIGKILL and started
again, and the model server is stopped and started again. A turn that got no answer because
its web process died is not retried (the person would see the failure). At the end every
thread is read once (as the page does), then it prints:

    turns sent / answered / honest errors / 5xx / dropped connections / orphans
    events vs "Added:" replies (and lost turns that name what they added)
    reminders delivered 0 / 1 / 2+ times

    python scripts/benchmarks/faults.py [--people 6] [--seconds 45] [--reminders 30] [--product DIR]

``--product`` serves another checkout (the previous release) with the same traffic and faults.

The database server is BENCH_FAULTS_POSTGRES (default postgres://postgres@127.0.0.1:5432).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import datetime
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
DATABASE = "bench_faults"
FAILURE_FLAGS = {"model_unavailable", "internal_error", "record_failed", "turn_lost", "empty_model_response"}
SETUP = """
import datetime, json
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.authtoken.models import Token
from assistant.models import Thread
from scheduling.models import Profile
from scheduling.reminders import reminder_create
people = []
for index in range({people}):
    user = get_user_model().objects.create_user(username=f"fault{{index}}", email=f"fault{{index}}@example.com")
    Profile.objects.create(user=user, time_zone="UTC")
    token = Token.objects.create(user=user)
    thread = Thread.objects.create(owner=user)
    people.append([token.key, thread.id])
first = timezone.now() + datetime.timedelta(seconds={reminders_from})
owner = get_user_model().objects.get(username="fault0")
for index in range({reminders}):
    at = first + datetime.timedelta(seconds={reminders_every} * index)
    reminder_create(owner=owner, remind_at=at, text=f"bench-reminder-{{index}}")
print("PEOPLE=" + json.dumps(people))
"""
REPORT = """
import collections, json
from assistant.models import Message, Thread
from scheduling.models import Event, ReminderDelivery
def unanswered():
    count = 0
    for thread in Thread.objects.all():
        roles = list(Message.objects.filter(thread=thread).order_by("created_at", "id").values_list("role", flat=True))
        count += sum(1 for i, role in enumerate(roles) if role == "user" and (i + 1 == len(roles) or roles[i + 1] != "assistant"))
    return count
replies = list(Message.objects.filter(role="assistant").values_list("text", "flags"))
titles = list(Event.objects.values_list("owner_id", "title"))
print("REPORT=" + json.dumps({
    "orphans": unanswered(),
    "events": len(titles),
    "duplicate_events": len(titles) - len(set(titles)),
    "added_replies": sum(1 for text, flags in replies if text.startswith("Added:")),
    "record_failed": sum(1 for text, flags in replies if "record_failed" in flags),
    "lost": sum(1 for text, flags in replies if "turn_lost" in flags),
    "lost_naming_an_add": sum(1 for text, flags in replies if "turn_lost" in flags and "added “" in text),
    "deliveries": dict(collections.Counter(ReminderDelivery.objects.values_list("status", flat=True))),
}))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port}")


class Service:
    """One process of the run, which the faults kill and start again."""

    def __init__(
        self, name: str, command: list[str], env: dict[str, str], port: int | None, log: Path, cwd: Path = ROOT
    ) -> None:
        self.name, self.command, self.env, self.port, self.log, self.cwd = name, command, env, port, log, cwd
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(self.command, cwd=self.cwd, env=self.env, stdout=log, stderr=log)
        if self.port is not None:
            wait_for(self.port)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


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


async def one_turn(client: httpx2.AsyncClient, base: str, kind: str, token: str, thread: int, text: str, tally: Tally) -> None:
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    body = json.dumps({"text": text})
    if kind == "json":
        response = await client.post(f"{base}/api/threads/{thread}/messages/", headers=headers, content=body)
        payload = None
        with contextlib.suppress(ValueError):
            payload = response.json()
        classify(tally, response.status_code, payload if isinstance(payload, dict) else None, "Retry-After" in response.headers)
        return
    async with client.stream("POST", f"{base}/api/threads/{thread}/messages/stream/", headers=headers, content=body) as response:
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


def postgres_fresh(server: str) -> str:
    import psycopg

    with psycopg.connect(f"{server.replace('postgres://', 'postgresql://', 1)}/postgres", autocommit=True) as connection:
        connection.execute(f"drop database if exists {DATABASE} with (force)")
        connection.execute(f"create database {DATABASE}")
    return f"{server}/{DATABASE}"


def product_env(database_url: str, redis_url: str, model_url: str, mail: Path) -> dict[str, str]:
    keep = {"PATH", "HOME", "LANG", "LC_ALL"}
    env = {name: value for name, value in os.environ.items() if name in keep}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "assistant.settings",
            "SECRET_KEY": "fault-benchmark-only",
            "DEBUG": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "MODEL_PROVIDER": "openai",
            "OPENAI_API_KEY": "fake",
            "OPENAI_BASE_URL": model_url,
            "OPENAI_MODEL": "fake",
            "MODEL_SERVER": "openai",
            "OPENAI_TIMEOUT_SECONDS": "5",
            "OPENAI_MAX_RETRIES": "1",
            "POST_TURN_TASKS": "celery",
            # The product's limits stay on (they read Redis), high enough that they are not what is measured.
            "MESSAGE_RATE_BURST": "200/min",
            "REMINDER_SWEEP_SECONDS": "2",
            "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "EMAIL_FILE_PATH": str(mail),
            "LOG_LEVEL": "WARNING",
            "PYTHONDONTWRITEBYTECODE": "1",
        }
    )
    return env


def manage(env: dict[str, str], product: Path, *arguments: str) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *arguments], cwd=product, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout


def deliveries_per_reminder(mail: Path, reminders: int) -> collections.Counter[int]:
    sent: collections.Counter[str] = collections.Counter()
    for path in mail.glob("*"):
        sent.update(re.findall(r"Subject: Reminder: (bench-reminder-\d+)", path.read_text(errors="replace")))
    return collections.Counter(sent.get(f"bench-reminder-{index}", 0) for index in range(reminders))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=45.0, help="how long people send (the faults need 35)")
    parser.add_argument("--reminders", type=int, default=30)
    parser.add_argument("--no-faults", action="store_true", help="the same traffic with no fault (the control)")
    parser.add_argument(
        "--product", type=Path, default=ROOT, help="another checkout of the product to serve (a before/after run)"
    )
    args = parser.parse_args()
    product = args.product.resolve()
    if not (1 <= args.people <= 20 and 35 <= args.seconds <= 90 and 0 <= args.reminders <= 100):
        parser.error("bounded: 1-20 people, 35-90 s, at most 100 reminders")
    workdir = Path(tempfile.mkdtemp(prefix="bench-faults-"))
    mail = workdir / "mail"
    mail.mkdir()
    services: list[Service] = []
    try:
        database_url = postgres_fresh(os.environ.get("BENCH_FAULTS_POSTGRES", "postgres://postgres@127.0.0.1:5432"))
        redis_port, model_port, port_a, port_b = free_port(), free_port(), free_port(), free_port()
        redis_url = f"redis://127.0.0.1:{redis_port}/0"
        env = product_env(database_url, redis_url, f"http://127.0.0.1:{model_port}/v1", mail)
        log = workdir / "services.log"
        redis = Service(
            "redis",
            ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(workdir)],
            env, redis_port, log,
        )  # fmt: skip
        model = Service(
            "model",
            [PYTHON, "-m", "uvicorn", "scripts.benchmarks.fake_model_server:app", "--port", str(model_port),
             "--log-level", "warning"],
            {**env, "FAKE_MODEL_LATENCY_MS": "300", "FAKE_MODEL_MODE": "create"}, model_port, log,
        )  # fmt: skip
        uvicorn = [PYTHON, "-m", "uvicorn", "assistant.asgi:application", "--log-level", "warning", "--port"]
        web_a = Service("web A", [*uvicorn, str(port_a)], env, port_a, log, product)
        web_b = Service("web B", [*uvicorn, str(port_b)], env, port_b, log, product)
        celery = [PYTHON, "-m", "celery", "-A", "assistant"]
        worker = Service(
            "worker",
            [*celery, "worker", "-P", "threads", "-c", "4", "--without-gossip", "--without-mingle", "-l", "WARNING"],
            env, None, log, product,
        )  # fmt: skip
        beat_command = [*celery, "beat", "-s", str(workdir / "beat-schedule"), "-l", "WARNING"]
        beat = Service("beat", beat_command, env, None, log, product)
        services = [redis, model, web_a, web_b, worker, beat]
        redis.start()
        manage(env, product, "migrate", "--noinput", "-v0")
        setup = SETUP.format(people=args.people, reminders=args.reminders, reminders_from=8, reminders_every=1.0)
        people = json.loads(manage(env, product, "shell", "-c", setup).split("PEOPLE=", 1)[1])
        for service in (model, web_a, web_b, worker, beat):
            service.start()
        print(
            f"fault benchmark: {args.people} people for {args.seconds:.0f} s (SSE and JSON turns, two web "
            f"processes), {args.reminders} reminders due 1 s apart from 8 s; own Redis and PostgreSQL "
            f"database '{DATABASE}'; {os.cpu_count()} cores; product {product}"
        )
        tally = Tally()
        bases = [f"http://127.0.0.1:{port_a}", f"http://127.0.0.1:{port_b}"]

        async def run() -> None:
            # One turn on each web process first, not counted: its lazy imports are not a fault.
            async with httpx2.AsyncClient(timeout=httpx2.Timeout(90.0)) as client:
                token, thread = people[0]
                for base in bases:
                    await one_turn(client, base, "json", token, thread, "add booking 0 on 2027-01-01 at 08:00", Tally())
            began = time.monotonic()
            sending = people_send(people, bases, args.seconds, tally)
            if args.no_faults:
                await sending
            else:
                await asyncio.gather(sending, faults(redis, web_a, worker, model, tally, began))

        asyncio.run(run())
        settle = time.monotonic() + 30  # reminders still due, or being recovered, get their chance
        while time.monotonic() < settle:
            done = deliveries_per_reminder(mail, args.reminders)
            if args.reminders and done.get(0, 0) == 0:
                break
            time.sleep(1)
        before = json.loads(manage(env, product, "shell", "-c", REPORT).split("REPORT=", 1)[1])
        with httpx2.Client(timeout=30) as client:  # every thread read once, as the page does
            for token, thread in people:
                client.get(f"{bases[1]}/api/threads/{thread}/messages/", headers={"Authorization": f"Token {token}"})
        after = json.loads(manage(env, product, "shell", "-c", REPORT).split("REPORT=", 1)[1])
        delivered = deliveries_per_reminder(mail, args.reminders)
        print("\nfaults:")
        for line in tally.faults:
            print(f"  {line}")
        print(
            f"\nturns sent {tally.sent} / answered {tally.answered} / honest errors {tally.honest} / "
            f"5xx {tally.server_errors} / dropped connections {tally.dropped} / "
            f"orphans {before['orphans']} before the threads were read, {after['orphans']} after"
        )
        ordered = sorted(tally.seconds) or [0.0]
        print(
            f"  time per turn: p50 {ordered[len(ordered) // 2]:.2f} s, p95 {ordered[int(0.95 * (len(ordered) - 1))]:.2f} s, "
            f"max {ordered[-1]:.2f} s"
        )
        for kind, count in sorted(tally.honest_kinds.items(), key=lambda item: -item[1]):
            if count:
                print(f"  honest error: {count:>3} x {kind}")
        for kind, count in tally.dropped_kinds.items():
            print(f"  dropped: {count:>3} x {kind}")
        for kind, count in tally.server_error_kinds.items():
            print(f"  5xx: {count:>3} x HTTP {kind}")
        print(
            f"events {after['events']} vs \"Added:\" replies {after['added_replies']} "
            f"(+ {after['lost_naming_an_add']} lost-turn replies naming what they added; "
            f"{after['lost']} lost-turn replies in all); duplicate events {after['duplicate_events']}; "
            f"record_failed replies {after['record_failed']}"
        )
        twice = sum(count for times, count in delivered.items() if times >= 2)
        print(
            f"reminders delivered 0 times: {delivered.get(0, 0)}, once: {delivered.get(1, 0)}, twice or more: {twice}"
            f" (of {args.reminders}; delivery rows by status: {after['deliveries']})"
        )
        return 0
    except Exception:
        log_file = workdir / "services.log"
        if log_file.exists():
            sys.stderr.write(log_file.read_text(errors="replace")[-4000:])
        raise
    finally:
        for service in reversed(services):
            service.stop()
        with contextlib.suppress(OSError):  # the services' own log, for a look at what they said
            (ROOT / "var").mkdir(exist_ok=True)
            shutil.copy(workdir / "services.log", ROOT / "var" / "bench-faults.log")
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
