"""Limit/offset pages with bounds: a value out of range is a 400, never a database error.

DRF's own class quietly falls back to the default on a bad value and passes a huge one to the
database (`?limit=9223372036854775808` overflowed PostgreSQL's bigint: a 500).
"""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

MAX_LIMIT = 200
MAX_OFFSET = 2**31 - 1


def _bounded(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not raw.isascii() or not raw.isdigit() or len(raw) > len(str(high)) or not low <= int(raw) <= high:
        raise ValidationError({name: [f"must be a whole number from {low} to {high}"]})
    return int(raw)


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    max_limit = MAX_LIMIT

    def get_limit(self, request: Request) -> int:
        return _bounded(request, self.limit_query_param, int(self.default_limit or MAX_LIMIT), 1, MAX_LIMIT)

    def get_offset(self, request: Request) -> int:
        return _bounded(request, self.offset_query_param, 0, 0, MAX_OFFSET)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        bounds = {self.limit_query_param: (1, MAX_LIMIT), self.offset_query_param: (0, MAX_OFFSET)}
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            low, high = bounds[parameter["name"]]
            parameter["schema"] = {**parameter["schema"], "minimum": low, "maximum": high}
        return parameters
