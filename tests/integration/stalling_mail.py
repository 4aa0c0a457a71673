"""A mail backend that stalls inside the send (after writing a marker file), so a test can kill
the worker mid-send: the worker test's stand-in for an SMTP server that hangs."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.core.mail.backends.base import BaseEmailBackend


class StallingBackend(BaseEmailBackend):
    def send_messages(self, email_messages: Sequence[Any]) -> int:
        Path(os.environ["STALL_MARKER"]).write_text("sending")
        time.sleep(120)
        return 0
