"""The README's eval commands, run as written on a fresh clone with no hidden environment.

The clone has no var/ folder, no database and no settings in the environment: what a person
gets from `git clone`. The project's virtual environment is reused (installing it again is the
setup script's job, tested by CI itself).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

SMOKE = "evals/cases/smoke.yaml"
FAILING_CASE = """\
version: 1
group: smoke
cases:
  - id: readme-impossible-expectation
    modes: [offline, live]
    turns:
      - user: "hello there"
        model:
          - text: "Hi! How can I help?"
        expect: {statuses: [created]}
"""


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("git") is None or not (Path(settings.BASE_DIR) / ".git").exists():
        pytest.skip("not a git checkout")
    target = tmp_path_factory.mktemp("fresh") / "repo"
    subprocess.run(["git", "clone", "--quiet", str(settings.BASE_DIR), str(target)], check=True)
    assert not (target / "var").exists()
    return target


def _env() -> dict[str, str]:
    # Only what a shell has: no Django settings module, key, database or model variables.
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"), "LANG": "C.UTF-8"}


def _run(clone: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=clone, env=_env(), capture_output=True, text=True, timeout=240, check=False
    )


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def local_server(clone: Path) -> Iterator[str]:
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "assistant.providers.local_server", "--port", str(port)],
        cwd=clone,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                assert process.poll() is None, process.stdout.read() if process.stdout else ""
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_eval_offline_runs_on_a_fresh_clone(clone: Path) -> None:
    done = _run(clone, "manage.py", "eval", "offline", "--cases", SMOKE, "--json", "out.json")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "no unexpected results" in done.stdout
    assert (clone / "out.json").exists() and (clone / "var" / "eval.sqlite3").exists()


def test_eval_live_with_the_offline_stand_in_runs_and_fails_loudly(clone: Path) -> None:
    done = _run(clone, "manage.py", "eval", "live", "--provider", "offline", "--repeat", "1", "--cases", SMOKE)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "stored as eval run" in done.stdout
    (clone / "failing.yaml").write_text(FAILING_CASE)
    failed = _run(clone, "manage.py", "eval", "live", "--provider", "offline", "--cases", "failing.yaml")
    assert failed.returncode != 0
    assert "readme-impossible-expectation" in failed.stderr + failed.stdout
    offline = _run(clone, "manage.py", "eval", "offline", "--cases", "failing.yaml")
    assert offline.returncode != 0


def test_eval_live_through_the_local_server(clone: Path, local_server: str) -> None:
    done = _run(
        clone, "manage.py", "eval", "live", "--provider", "openai", "--base-url", local_server, "--cases", SMOKE
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "pass rate: 100.0%" in done.stdout
