"""What the local server answers: a queue of planned responses, or the offline stand-in."""

from __future__ import annotations

import threading
from typing import Any


class Brain:
    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        """A planned response: {"text"} | {"tool", "arguments"} | {"status", "error"}, plus "delay_ms"."""
        raise NotImplementedError

    def seen(self, body: dict[str, Any]) -> None:
        """Every request, as it arrived (before the server's template changed it)."""


class QueueBrain(Brain):
    def __init__(self, plans: list[dict[str, Any]] | None = None) -> None:
        self.plans = list(plans or [])
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    def seen(self, body: dict[str, Any]) -> None:
        with self.lock:
            self.requests.append(body)

    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            if not self.plans:
                return {"status": 500, "error": "no planned response left"}
            return self.plans.pop(0)


class OfflineBrain(Brain):
    """The offline stand-in's understanding behind the wire format."""

    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        from assistant.providers.base import ModelRequest
        from assistant.providers.offline.understand import respond

        response = respond(ModelRequest(messages=body.get("messages", []), tools=body.get("tools", [])))
        if response.tool_calls:
            call = response.tool_calls[0]
            return {"tool": call.name, "arguments": call.arguments}
        return {"text": response.text}
