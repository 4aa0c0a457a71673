"""Choosing the model provider, and checking its configuration loudly at start-up."""

from __future__ import annotations

import contextlib
import contextvars
import logging
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed

from assistant.providers.base import Provider
from assistant.providers.profiles import SERVER_CHOICES

logger = logging.getLogger(__name__)
KNOWN_PROVIDERS = ("openai", "offline")
_override: contextvars.ContextVar[Provider | None] = contextvars.ContextVar("provider_override", default=None)
# The provider of this process: built once (its HTTP client, CA bundle and connection pool
# with it), rebuilt only when a setting it reads changes (tests' override_settings).
_built: Provider | None = None
_built_lock = threading.Lock()
PROVIDER_SETTINGS = {
    "MODEL_PROVIDER",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "OPENAI_MODEL",
    "OPENAI_TIMEOUT_SECONDS",
    "OPENAI_MAX_RETRIES",
    "MODEL_SERVER",
    "MODEL_MAX_TOKENS",
    "MODEL_STOP",
    "MODEL_MAX_CONNECTIONS",
    "MODEL_CONTEXT_TOKENS",
}


def key_problem(base_url: str, api_key: str | None) -> str | None:
    """What is wrong with the key for this endpoint, or None. OpenAI's and Azure's public
    endpoints need a real key (theirs are 32 characters and more): an empty one or a placeholder
    ("unused", "sk-...") would only be turned away, once per turn, after the network round trip.
    A local server ignores the key: any placeholder does."""
    host = urlparse(base_url).hostname or ""
    if not (host == "api.openai.com" or host.endswith(".openai.azure.com")):
        return None
    key = (api_key or "").strip()
    if len(key) < 20 or "..." in key or any(character.isspace() for character in key):
        shown = "empty" if not key else f"a placeholder ({key[:12]!r})"
        return (
            f"OPENAI_API_KEY is {shown} but OPENAI_BASE_URL is {base_url}, which needs a real key: set one, "
            "or point OPENAI_BASE_URL (--base-url) at a local server"
        )
    return None


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
        problem = key_problem(settings.OPENAI_BASE_URL, settings.OPENAI_API_KEY)
        if problem:
            return problem
        if not settings.OPENAI_MODEL:
            return "OPENAI_MODEL is empty"
        if settings.OPENAI_TIMEOUT_SECONDS <= 0:
            return "OPENAI_TIMEOUT_SECONDS must be positive"
        if settings.MODEL_CONTEXT_TOKENS < 0:
            return "MODEL_CONTEXT_TOKENS must be a number of tokens, or 0 to read it from the server"
        if settings.MODEL_SERVER not in SERVER_CHOICES:
            return f"MODEL_SERVER must be one of {', '.join(SERVER_CHOICES)}, not {settings.MODEL_SERVER!r}"
    return None


def check_configuration() -> None:
    problem = configuration_problem()
    if problem:
        raise ImproperlyConfigured(f"model provider misconfigured: {problem}")


def openai_provider(*, base_url: str | None = None, model: str | None = None, api_key: str | None = None) -> Provider:
    """An `openai` provider from the settings (the evals may name another endpoint or model).

    A public endpoint with no real key stops here, at once, rather than on every turn."""
    from assistant.providers.openai_compatible import OpenAICompatibleProvider

    endpoint = base_url or settings.OPENAI_BASE_URL
    problem = key_problem(endpoint, api_key or settings.OPENAI_API_KEY)
    if problem:
        raise ImproperlyConfigured(f"model provider misconfigured: {problem}")
    return OpenAICompatibleProvider(
        api_key=api_key or settings.OPENAI_API_KEY or "unused",
        base_url=endpoint,
        model=model or settings.OPENAI_MODEL,
        timeout_seconds=settings.OPENAI_TIMEOUT_SECONDS,
        max_retries=settings.OPENAI_MAX_RETRIES,
        server=settings.MODEL_SERVER,
        max_tokens=settings.MODEL_MAX_TOKENS or None,
        stop=settings.MODEL_STOP,
        max_connections=settings.MODEL_MAX_CONNECTIONS,
        context_tokens=settings.MODEL_CONTEXT_TOKENS or None,
    )


def configured_provider() -> Provider:
    """The process's provider, built on first use."""
    global _built
    provider = _built
    if provider is not None:
        return provider
    with _built_lock:
        if _built is None:
            check_configuration()
            if settings.MODEL_PROVIDER == "openai":
                _built = openai_provider()
            else:
                from assistant.providers.offline import OfflineProvider

                _built = OfflineProvider()
        return _built


def reset_provider(**_kwargs: Any) -> None:
    global _built
    with _built_lock:
        _built = None


def _on_setting_changed(*, setting: str, **_kwargs: Any) -> None:
    if setting in PROVIDER_SETTINGS:
        reset_provider()


setting_changed.connect(_on_setting_changed, dispatch_uid="assistant.providers.registry")


def get_provider() -> Provider:
    return _override.get() or configured_provider()


def profile_report() -> dict[str, Any]:
    """What the health endpoint and start-up say about the model server."""
    if settings.MODEL_PROVIDER != "openai":
        return {"configured": "none", "profile": None}
    provider = configured_provider()
    profile = getattr(provider, "profile", None)
    window = getattr(provider, "window", None)
    return {
        "configured": settings.MODEL_SERVER,
        "profile": profile.describe() if profile is not None else None,
        # The server's context window (tokens, where it was read) and what every request starts with.
        "context_window": window.describe() if window is not None else None,
    }


def announce() -> None:
    """The start-up line: which server profile is in use (``auto`` detects on first contact)."""
    if settings.MODEL_PROVIDER == "openai" and configuration_problem() is None:
        detail = "detected on the first call or /api/health/?probe=1" if settings.MODEL_SERVER == "auto" else "configured"
        logger.info(
            "model: %s at %s, server profile %s (%s)",
            settings.OPENAI_MODEL,
            settings.OPENAI_BASE_URL,
            settings.MODEL_SERVER,
            detail,
        )


@contextlib.contextmanager
def use_provider(provider: Provider) -> Iterator[Provider]:
    """Run the pipeline with another provider (the scripted one in tests and the offline eval)."""
    token = _override.set(provider)
    try:
        yield provider
    finally:
        _override.reset(token)
