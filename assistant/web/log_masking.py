"""The calendar feed's token is a credential: no log line carries it.

The feed's URL holds its secret (``/calendar/<token>.ics``), and every access log writes the path
it served: uvicorn's (``uvicorn.access``, also under gunicorn's uvicorn workers), Django's own
(``django.server`` for runserver, ``django.request`` for a 4xx/5xx). A filter on each of those
loggers rewrites the secret segment to "…" in the record itself, before any handler formats it,
whatever the handler or format is. The segment is found by where the feed's route puts it (the
URL resolved for a placeholder token), so moving the route moves the mask with it.
"""

from __future__ import annotations

import functools
import logging
import re
from typing import Any

from django.urls import NoReverseMatch, reverse

MASK = "…"
# The loggers that write a request's path.
REQUEST_LOGGERS = ("uvicorn.access", "uvicorn.error", "django.request", "django.server", "gunicorn.access")
_PLACEHOLDER = "TOKENPLACEHOLDER"


@functools.cache
def _secret_path() -> re.Pattern[str]:
    try:
        example = reverse("calendar-feed", kwargs={"token": _PLACEHOLDER})
    except NoReverseMatch:  # no feed route: still mask where the product has always served it
        example = f"/calendar/{_PLACEHOLDER}.ics"
    before, _, after = example.partition(_PLACEHOLDER)
    # Any characters up to the end of the segment: a malformed token is masked too.
    return re.compile(f"({re.escape(before)})[^/?#\\s\"']+?({re.escape(after)})")


def mask_secrets(value: str) -> str:
    return _secret_path().sub(rf"\g<1>{MASK}\g<2>", value)


def _masked(value: Any) -> Any:
    return mask_secrets(value) if isinstance(value, str) else value


class SecretPathFilter(logging.Filter):
    """Masks the feed token in a record's message and arguments (their shape is kept: uvicorn's
    access formatter unpacks its arguments as a tuple)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = _masked(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_masked(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: _masked(arg) for key, arg in record.args.items()}
        return True


def install() -> None:
    """Puts the filter on every request logger once (called when the app is ready)."""
    for name in REQUEST_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, SecretPathFilter) for existing in logger.filters):
            logger.addFilter(SecretPathFilter())
