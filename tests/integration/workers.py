"""Celery workers in processes of their own, on the test database, each on a queue of its own."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def database_url() -> str:
    db = settings.DATABASES["default"]
    return f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def start_worker(queue: str, redis_url: str, **env: str) -> subprocess.Popen[str]:
    environment = {
        **os.environ, "DATABASE_URL": database_url(), "REDIS_URL": redis_url,
        "DJANGO_SETTINGS_MODULE": "assistant.settings_test", "SECRET_KEY": "worker-test", **env,
    }  # fmt: skip
    command = [sys.executable, "-m", "celery", "-A", "assistant", "worker", "-P", "solo", "-Q", queue,
               "--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "WARNING"]  # fmt: skip
    return subprocess.Popen(
        command, cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def stop_worker(worker: subprocess.Popen[str]) -> None:
    """Terminated (killed when it does not stop within 15 s); what it said is shown when it failed."""
    worker.terminate()
    try:
        output, _ = worker.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        worker.kill()
        output, _ = worker.communicate()
    if worker.returncode not in (0, -15, None):
        print(output[-3000:])


def wait_for(predicate: Any, seconds: float = 40.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False
