"""icalendar values as their RFC 5545 text: one place for the untyped ``to_ical()``."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast


def ical_text(value: object) -> str:
    """An icalendar value (a rule, a duration, a calendar) as its RFC 5545 text."""
    return ical_bytes(value).decode()


def ical_bytes(value: object) -> bytes:
    # icalendar's to_ical() is untyped; every value and component has it.
    to_ical = cast(Callable[[], bytes], getattr(value, "to_ical"))  # noqa: B009
    return to_ical()
