"""Per-person limits on the endpoints that run a turn (OWASP LLM10: unbounded consumption).

Each message, button press or cancel can cost a model call; these bound what one person can
spend. The counts live in the shared cache (Redis in production), so every web process counts
against the same budget. Rates are settings (`MESSAGE_RATE_BURST`, `MESSAGE_RATE_SUSTAINED`).

When the cache does not answer (Redis down), the limits fail open, by choice: a person's turn
runs uncounted (logged) rather than every person getting an error, since the model's timeout
and the thread lock still bound what one request costs; the health page says the limits are off.
"""

from __future__ import annotations

import logging
import math
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.throttling import UserRateThrottle

from assistant.turn.lock import REDIS_DOWN

logger = logging.getLogger(__name__)


class _TurnThrottle(UserRateThrottle):
    setting = ""

    def get_rate(self) -> str | None:
        # Read per request, so a changed setting (and a test's override) applies at once.
        return getattr(settings, self.setting, None) or None

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        user = request.user
        if not user or not user.is_authenticated:
            return None  # every endpoint here needs a person; authentication answers first
        # The username (unique) beside the id: a test database that reuses an id after a
        # rollback must not hand a new person the budget an old one spent.
        return self.cache_format % {"scope": self.scope, "ident": f"{user.pk}:{user.get_username()}"}

    def allow_request(self, request: Request, view: Any) -> bool:
        # Reading a thread costs nothing; only a request that runs a turn is counted.
        if request.method in SAFE_METHODS:
            return True
        try:
            return super().allow_request(request, view)
        except REDIS_DOWN as error:
            logger.warning("the message limits are not counted: the cache does not answer (%s)", error)
            return True


class TurnBurstThrottle(_TurnThrottle):
    scope = "turns_burst"
    setting = "MESSAGE_RATE_BURST"


class TurnSustainedThrottle(_TurnThrottle):
    scope = "turns_sustained"
    setting = "MESSAGE_RATE_SUSTAINED"


TURN_THROTTLES: list[type[UserRateThrottle]] = [TurnBurstThrottle, TurnSustainedThrottle]


def throttled_message(wait: float | None) -> str:
    seconds = max(1, math.ceil(wait or 1))
    return f"Too many messages in a short time; please wait {seconds} seconds and try again."


def turn_throttle_wait(*, user: User, method: str = "POST") -> float | None:
    """For views outside DRF (the SSE stream): seconds to wait, or None when the turn may run.

    Counts the request exactly as the DRF views do, against the same keys.
    """
    request = SimpleNamespace(user=user, method=method, META={})
    waits = []
    for throttle_class in TURN_THROTTLES:
        throttle = throttle_class()
        if not throttle.allow_request(request, None):  # type: ignore[arg-type]
            waits.append(throttle.wait() or 1.0)
    return max(waits) if waits else None
