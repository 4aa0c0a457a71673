"""Choosing the model provider, and checking its configuration loudly at start-up."""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from assistant.providers.base import Provider

KNOWN_PROVIDERS = ("openai", "offline")
_override: contextvars.ContextVar[Provider | None] = contextvars.ContextVar("provider_override", default=None)


def configuration_problem() -> str | None:
    """What is wrong with the model configuration, or None."""
    name = settings.MODEL_PROVIDER
    if name not in KNOWN_PROVIDERS:
        return f"MODEL_PROVIDER must be one of {', '.join(KNOWN_PROVIDERS)}, not {name!r}"
    if name == "openai":
        if not settings.OPENAI_API_KEY:
            return "MODEL_PROVIDER is openai but OPENAI_API_KEY is empty (a local server that ignores keys still needs a placeholder)"
        if not settings.OPENAI_BASE_URL.startswith(("http://", "https://")):
            return f"OPENAI_BASE_URL must be an http(s) URL, not {settings.OPENAI_BASE_URL!r}"
        if not settings.OPENAI_MODEL:
            return "OPENAI_MODEL is empty"
        if settings.OPENAI_TIMEOUT_SECONDS <= 0:
            return "OPENAI_TIMEOUT_SECONDS must be positive"
    return None


def check_configuration() -> None:
    problem = configuration_problem()
    if problem:
        raise ImproperlyConfigured(f"model provider misconfigured: {problem}")


def configured_provider() -> Provider:
    check_configuration()
    if settings.MODEL_PROVIDER == "openai":
        from assistant.providers.openai_compatible import OpenAICompatibleProvider

        return OpenAICompatibleProvider(
            api_key=settings.OPENAI_API_KEY,
            base_url=settings.OPENAI_BASE_URL,
            model=settings.OPENAI_MODEL,
            timeout_seconds=settings.OPENAI_TIMEOUT_SECONDS,
            max_retries=settings.OPENAI_MAX_RETRIES,
        )
    from assistant.providers.offline import OfflineProvider

    return OfflineProvider()


def get_provider() -> Provider:
    return _override.get() or configured_provider()


@contextlib.contextmanager
def use_provider(provider: Provider) -> Iterator[Provider]:
    """Run the pipeline with another provider (the scripted one in tests and the offline eval)."""
    token = _override.set(provider)
    try:
        yield provider
    finally:
        _override.reset(token)
