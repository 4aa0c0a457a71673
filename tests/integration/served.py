"""A product process the integration tests serve on loopback: wait until it answers, stop it whole."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.error
import urllib.request

import pytest


def wait_until_serving(base: str, process: subprocess.Popen[bytes], seconds: float = 30) -> None:
    """Until /api/health/ answers at all (a 503 "degraded" is an answer), or fail the test."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/health/", timeout=2).close()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                pytest.fail(f"uvicorn did not start on loopback within {seconds:.0f} s")
            time.sleep(0.2)


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the process group, SIGKILL if it has not gone in 15 s."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)
