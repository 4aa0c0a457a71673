"""Load benchmark: how many people one process serves while the model thinks.

Starts, on 127.0.0.1 only, a fake OpenAI-compatible model server (``fake_model_server.py``:
``asyncio.sleep`` latency, no CPU), the product under uvicorn (ASGI, one process) and the same
product under a single-threaded sync WSGI server (the baseline), all through the real `openai`
provider. Then, per concurrency level, that many people each send turns back to back for a
fixed time (bounded in count and time), and it prints turns/s, latency p50 / p95, the server
overhead at p50 (the p50 beyond the model's own time, in ms and as a share of the turn), errors,
the server's CPU per turn and the peak number of database connections, for the SSE endpoint,
the JSON endpoint and the WSGI baseline side by side.

People start spread evenly over the first model latency (``--stagger``, by default the fake
model's answer time), as people do not all press send in the same millisecond; with
``--stagger 0`` they all start at once and, every turn costing the same, stay in lock step,
which measures the worst burst rather than a load. ``--product`` serves another checkout (the
previous release) with the same generator, for a before/after in one run.

    python scripts/benchmarks/load.py [--levels 1 8 16 24 32 64] [--seconds 8] [--latency-ms 1000]

Runs on a fresh SQLite file by default; with DATABASE_URL set (PostgreSQL), on that database.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
APPLICATION_NAME = "assistant-under-load"
SETUP = """
import json
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from assistant.models import Thread
from scheduling.models import Profile
people = []
for index in range({people}):
    user, _ = get_user_model().objects.get_or_create(username=f"load{{index}}")
    Profile.objects.get_or_create(user=user, defaults={{"time_zone": "Asia/Shanghai"}})
    token, _ = Token.objects.get_or_create(user=user)
    thread = Thread.objects.create(owner=user)
    people.append([token.key, thread.id])
print("PEOPLE=" + json.dumps(people))
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(port: int, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server on port {port} exited with {process.returncode}")
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        time.sleep(0.2)
    raise RuntimeError(f"nothing listens on port {port}")


@contextlib.contextmanager
def serving(
    command: list[str], env: dict[str, str], port: int, cwd: Path = ROOT
) -> Iterator[subprocess.Popen[bytes]]:
    with tempfile.TemporaryFile() as log:  # read only when the server fails to start
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=log)
        try:
            try:
                wait_for(port, process)
            except RuntimeError:
                log.seek(0)
                sys.stderr.write(log.read().decode(errors="replace")[-3000:])
                raise
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


class ConnectionCounter:
    """The peak number of database connections while a level runs."""

    def __init__(self, database_url: str, database_file: Path | None, pid: int) -> None:
        self.database_url = database_url
        self.database_file = database_file
        self.pid = pid
        self.peak = 0

    def count(self) -> int:
        if self.database_file is not None:
            # SQLite: open descriptors of the server process on the database file.
            target = str(self.database_file)
            count = 0
            for fd in Path(f"/proc/{self.pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    if os.readlink(fd) == target:
                        count += 1
            return count
        import psycopg

        name = self.database_url.rsplit("/", 1)[1].split("?")[0]
        with psycopg.connect(self.database_url.replace("postgres://", "postgresql://", 1)) as connection:
            row = connection.execute(
                "select count(*) from pg_stat_activity where datname = %s and application_name = %s",
                (name, APPLICATION_NAME),
            ).fetchone()
        return int(row[0]) if row else 0

    async def watch(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self.peak = max(self.peak, await asyncio.to_thread(self.count))
            await asyncio.sleep(0.1)


@dataclass
class Level:
    people: int
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0
    cpu: float = 0.0
    peak_connections: int = 0
    first_error: str = ""

    def row(self, model_seconds: float) -> str:
        """One line of the table; the overhead is the p50 beyond the model's own time."""
        done = len(self.latencies)
        rate = done / self.seconds if self.seconds else 0.0
        p50 = statistics.median(self.latencies) if done else 0.0
        p95 = _p95(self)
        cpu = self.cpu / done * 1000 if done else 0.0
        overhead = p50 - model_seconds if done else 0.0
        share = 100 * overhead / p50 if p50 else 0.0
        return (
            f"{self.people:>6} {rate:>8.2f} {p50:>7.3f} s {p95:>7.3f} s {overhead * 1000:>7.1f} ms {share:>5.1f} %"
            f" {self.errors:>6} {cpu:>8.1f} ms {self.peak_connections:>7}"
        )


async def one_turn(client: httpx2.AsyncClient, base: str, kind: str, token: str, thread: int) -> str | None:
    """Send one message; None when the reply came, else what went wrong."""
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    body = json.dumps({"text": "what's on tomorrow?"})
    if kind == "sse":
        url = f"{base}/api/threads/{thread}/messages/stream/"
        got_reply = False
        async with client.stream("POST", url, headers=headers, content=body) as response:
            if response.status_code != 200:
                return f"HTTP {response.status_code}"
            async for line in response.aiter_lines():
                if line.startswith("event: reply"):
                    got_reply = True
                elif line.startswith("event: error"):
                    return "error event"
                elif line.startswith("event: done"):
                    break
        return None if got_reply else "no reply event"
    response = await client.post(f"{base}/api/threads/{thread}/messages/", headers=headers, content=body)
    return None if response.status_code == 201 else f"HTTP {response.status_code}: {response.text[:120]}"


async def run_level(
    base: str,
    kind: str,
    people: list[list[Any]],
    seconds: float,
    pid: int,
    counter: ConnectionCounter,
    stagger: float = 0.0,
) -> Level:
    level = Level(people=len(people))
    limits = httpx2.Limits(max_connections=len(people) + 4, max_keepalive_connections=len(people) + 4)
    stop = asyncio.Event()
    counter.peak = 0
    async with httpx2.AsyncClient(timeout=httpx2.Timeout(120.0), limits=limits) as client:
        watcher = asyncio.create_task(counter.watch(stop))
        cpu_before = cpu_seconds(pid)
        began = time.monotonic()
        ends = began + seconds

        async def person(index: int, token: str, thread: int) -> None:
            await asyncio.sleep(stagger * index / len(people))
            while time.monotonic() < ends:
                started = time.monotonic()
                try:
                    problem = await one_turn(client, base, kind, token, thread)
                except httpx2.HTTPError as error:
                    problem = f"{error.__class__.__name__}"
                if problem is None:
                    level.latencies.append(time.monotonic() - started)
                else:
                    level.errors += 1
                    level.first_error = level.first_error or problem

        await asyncio.gather(*(person(index, token, thread) for index, (token, thread) in enumerate(people)))
        level.seconds = time.monotonic() - began
        level.cpu = cpu_seconds(pid) - cpu_before
        stop.set()
        await watcher
    level.peak_connections = counter.peak
    return level


def product_env(database_url: str, model_url: str) -> dict[str, str]:
    keep = {"PATH", "HOME", "LANG", "LC_ALL", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"}
    env = {name: value for name, value in os.environ.items() if name in keep}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "assistant.settings",
            "SECRET_KEY": "load-benchmark-only",
            "DEBUG": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DATABASE_URL": database_url,
            "MODEL_PROVIDER": "openai",
            "OPENAI_API_KEY": "fake",
            "OPENAI_BASE_URL": model_url,
            "OPENAI_MODEL": "fake",
            "MODEL_SERVER": "openai",
            "POST_TURN_TASKS": "none",
            # Many people share one test account here: a per-person throttle would measure itself.
            "MESSAGE_RATE_BURST": "off",
            "MESSAGE_RATE_SUSTAINED": "off",
            "LOG_LEVEL": "WARNING",
            "PYTHONDONTWRITEBYTECODE": "1",
            "PGAPPNAME": APPLICATION_NAME,  # libpq's: the connections counted are the product's own
        }
    )
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 8, 16, 24, 32, 64])
    parser.add_argument("--wsgi-levels", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--seconds", type=float, default=8.0, help="how long each level sends turns")
    parser.add_argument("--latency-ms", type=float, default=1000.0, help="the fake model's answer time")
    parser.add_argument(
        "--stagger", type=float, default=None, help="seconds over which people start (default: the model latency)"
    )
    parser.add_argument(
        "--product", type=Path, default=ROOT, help="another checkout of the product to serve (a before/after run)"
    )
    args = parser.parse_args()
    product = args.product.resolve()
    stagger = args.latency_ms / 1000 if args.stagger is None else args.stagger
    if max(args.levels + args.wsgi_levels) > 128 or args.seconds > 60 or not 0 <= stagger <= args.seconds:
        parser.error("bounded: at most 128 people and 60 s a level, a stagger within the level")

    workdir = Path(tempfile.mkdtemp(prefix="bench-load-"))
    try:
        database_url = os.environ.get("DATABASE_URL", "").strip()
        database_file = None if database_url else workdir / "load.sqlite3"
        database_url = database_url or f"sqlite:///{database_file}"
        model_port, asgi_port, wsgi_port = free_port(), free_port(), free_port()
        model_url = f"http://127.0.0.1:{model_port}/v1"
        env = product_env(database_url, model_url)
        subprocess.run([PYTHON, "manage.py", "migrate", "--noinput", "-v0"], cwd=product, env=env, check=True)
        setup = subprocess.run(
            [PYTHON, "manage.py", "shell", "-c", SETUP.format(people=max(args.levels + args.wsgi_levels))],
            cwd=product,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        people = json.loads(setup.stdout.split("PEOPLE=", 1)[1])
        model_env = {**env, "FAKE_MODEL_LATENCY_MS": str(args.latency_ms)}
        model_server = [PYTHON, "-m", "uvicorn", "scripts.benchmarks.fake_model_server:app", "--port", str(model_port)]
        asgi = [PYTHON, "-m", "uvicorn", "assistant.asgi:application", "--port", str(asgi_port), "--log-level", "warning"]
        wsgi = [
            PYTHON,
            "-c",
            "import wsgiref.simple_server as s\n"
            "from assistant.wsgi import application\n"
            "class Quiet(s.WSGIRequestHandler):\n    def log_message(self, *args): pass\n"
            f"s.make_server('127.0.0.1', {wsgi_port}, application, handler_class=Quiet).serve_forever()",
        ]
        print(
            f"load benchmark: fake model {args.latency_ms:.0f} ms (asyncio.sleep), {args.seconds:.0f} s a level, "
            f"people start over {stagger:g} s, "
            f"database {'SQLite' if database_file else 'PostgreSQL'}, {os.cpu_count()} cores, product {product}"
        )
        header = (
            f"{'people':>6} {'turns/s':>8} {'p50':>9} {'p95':>9} {'overhead at p50':>18}"
            f" {'errors':>6} {'CPU/turn':>11} {'DB conn':>7}"
        )
        results: dict[str, list[Level]] = {}
        with serving([*model_server, "--log-level", "warning"], model_env, model_port):
            with serving(asgi, env, asgi_port, product) as server:
                counter = ConnectionCounter(database_url, database_file, server.pid)
                base = f"http://127.0.0.1:{asgi_port}"
                asyncio.run(run_level(base, "json", people[:1], 2.0, server.pid, counter))  # warm up
                for kind in ("sse", "json"):
                    results[kind] = []
                    for count in args.levels:
                        level = asyncio.run(
                            run_level(base, kind, people[:count], args.seconds, server.pid, counter, stagger)
                        )
                        results[kind].append(level)
            with serving(wsgi, env, wsgi_port, product) as server:
                counter = ConnectionCounter(database_url, database_file, server.pid)
                base = f"http://127.0.0.1:{wsgi_port}"
                asyncio.run(run_level(base, "json", people[:1], 2.0, server.pid, counter))  # warm up
                results["wsgi"] = [
                    asyncio.run(run_level(base, "json", people[:count], args.seconds, server.pid, counter, stagger))
                    for count in args.wsgi_levels
                ]
        titles = {
            "sse": "SSE endpoint (uvicorn, one process)",
            "json": "JSON endpoint (uvicorn, one process)",
            "wsgi": "sync WSGI baseline (one single-threaded worker, JSON endpoint)",
        }
        baseline = max((_rate(level) for level in results["wsgi"]), default=0.0)
        for kind, levels in results.items():
            print(f"\n{titles[kind]}")
            print(header)
            for level in levels:
                row = level.row(args.latency_ms / 1000)
                print(row + (f"   first error: {level.first_error}" if level.first_error else ""))
            bound = 1.5 * args.latency_ms / 1000
            best = max((_rate(level) for level in levels if level.latencies and _p95(level) <= bound), default=0.0)
            ratio = f" = {best / baseline:.1f}x the WSGI baseline" if baseline and kind != "wsgi" else ""
            print(f"best turns/s at p95 <= {1.5 * args.latency_ms / 1000:.1f} s: {best:.2f}{ratio}")
        return 0
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _rate(level: Level) -> float:
    return len(level.latencies) / level.seconds if level.seconds else 0.0


def _p95(level: Level) -> float:
    ordered = sorted(level.latencies)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] if ordered else 0.0


if __name__ == "__main__":
    raise SystemExit(main())
