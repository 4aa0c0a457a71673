"""The fault benchmark's processes: each one started, killed and stopped on 127.0.0.1, with the
product's environment and a fresh PostgreSQL database."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
DATABASE = "bench_faults"


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
class Services:
    redis: Service
    model: Service
    web_a: Service
    web_b: Service
    worker: Service
    beat: Service

    def all(self) -> list[Service]:
        return [self.redis, self.model, self.web_a, self.web_b, self.worker, self.beat]


def product_services(
    env: dict[str, str], product: Path, workdir: Path, *, redis_port: int, model_port: int, web_ports: tuple[int, int]
) -> Services:
    """Its own Redis, the fake model server, two uvicorn processes, a Celery worker and beat."""
    log = workdir / "services.log"
    port_a, port_b = web_ports
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
    return Services(redis, model, web_a, web_b, worker, beat)


def postgres_fresh(server: str) -> str:
    import psycopg

    with psycopg.connect(
        f"{server.replace('postgres://', 'postgresql://', 1)}/postgres", autocommit=True
    ) as connection:
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
