"""Reminders the page shows: firings sent to this person, newest after a cursor."""

from __future__ import annotations

import datetime
from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scheduling.selectors import profile_get, reminder_deliveries_sent

MAX_RECENT = datetime.timedelta(hours=1)


class RemindersDue(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("after", int, description="The last delivery id the page has shown.")],
        responses={200: dict},
    )
    def get(self, request: Request) -> Response:
        try:
            after = max(0, int(request.query_params.get("after", "0")))
        except ValueError:
            after = 0
        user = request.user
        zone = profile_get(user=user).zone  # type: ignore[arg-type]
        rows = reminder_deliveries_sent(owner=user, after_id=after, within=MAX_RECENT)  # type: ignore[arg-type]
        items: list[dict[str, Any]] = [
            {
                "id": row.id,
                "title": row.title,
                "at": (row.occurrence_start or row.fire_at).astimezone(zone).strftime("%Y-%m-%dT%H:%M"),
                "event": row.occurrence_start is not None,
            }
            for row in rows
        ]
        return Response({"reminders": items, "last_id": max([after, *[item["id"] for item in items]])})
