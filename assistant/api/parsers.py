"""JSON with a bounded nesting depth, checked before the parser runs.

Python's JSON parser recurses once per level: a body of 100,000 nested brackets raises a
RecursionError deep inside it (a 500), whatever the body size limit. Every JSON endpoint
reads through here, DRF's (``BoundedJSONParser`` is the default parser) and the SSE one
(:func:`loads_bounded`): a body nested deeper than ``MAX_JSON_DEPTH`` is a 400.
"""

from __future__ import annotations

import io
import re
from typing import IO, Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.utils import json

# A string (escapes included) is skipped whole, so a bracket inside one does not count.
_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


class TooDeep(ValueError):
    pass


def check_depth(data: bytes, limit: int | None = None) -> None:
    """Raise :class:`TooDeep` when arrays and objects nest deeper than ``limit``."""
    limit = settings.MAX_JSON_DEPTH if limit is None else limit
    if data.count(b"[") + data.count(b"{") <= limit:
        return
    depth = 0
    for match in _TOKENS.finditer(data):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            if depth > limit:
                raise TooDeep(f"the JSON body nests deeper than {limit} levels")
        elif token in (b"]", b"}"):
            depth -= 1


def loads_bounded(data: bytes) -> Any:
    """``json.loads`` that refuses a body nested too deep (TooDeep, a ValueError) before parsing."""
    check_depth(data)
    return json.loads(data.decode())


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, behind the depth check (set as the default parser)."""

    def parse(self, stream: IO[Any], media_type: str | None = None, parser_context: Any = None) -> Any:
        raw = stream.read() if stream is not None else b""
        try:
            check_depth(raw)
        except TooDeep as error:
            raise ParseError(str(error)) from None
        return super().parse(io.BytesIO(raw), media_type, parser_context)
