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
import contextlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import httpx2

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scripts.benchmarks.faults_report import REPORT, deliveries_per_reminder, print_report, settle_reminders
from scripts.benchmarks.faults_services import (
    DATABASE,
    ROOT,
    Service,
    free_port,
    manage,
    postgres_fresh,
    product_env,
    product_services,
)
from scripts.benchmarks.faults_traffic import Tally, run_traffic

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
        processes = product_services(
            env, product, workdir, redis_port=redis_port, model_port=model_port, web_ports=(port_a, port_b)
        )
        services = processes.all()
        processes.redis.start()
        manage(env, product, "migrate", "--noinput", "-v0")
        setup = SETUP.format(people=args.people, reminders=args.reminders, reminders_from=8, reminders_every=1.0)
        people = json.loads(manage(env, product, "shell", "-c", setup).split("PEOPLE=", 1)[1])
        for service in (processes.model, processes.web_a, processes.web_b, processes.worker, processes.beat):
            service.start()
        print(
            f"fault benchmark: {args.people} people for {args.seconds:.0f} s (SSE and JSON turns, two web "
            f"processes), {args.reminders} reminders due 1 s apart from 8 s; own Redis and PostgreSQL "
            f"database '{DATABASE}'; {os.cpu_count()} cores; product {product}"
        )
        tally = Tally()
        bases = [f"http://127.0.0.1:{port_a}", f"http://127.0.0.1:{port_b}"]
        asyncio.run(run_traffic(people, bases, args.seconds, tally, None if args.no_faults else processes))
        settle_reminders(mail, args.reminders)
        before = json.loads(manage(env, product, "shell", "-c", REPORT).split("REPORT=", 1)[1])
        with httpx2.Client(timeout=30) as client:  # every thread read once, as the page does
            for token, thread in people:
                client.get(f"{bases[1]}/api/threads/{thread}/messages/", headers={"Authorization": f"Token {token}"})
        after = json.loads(manage(env, product, "shell", "-c", REPORT).split("REPORT=", 1)[1])
        delivered = deliveries_per_reminder(mail, args.reminders)
        print_report(tally, before, after, delivered, args.reminders)
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
