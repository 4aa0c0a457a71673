"""Reminders the page shows: the person's open notices (sent in the last hour, not dismissed, one
per reminder), and closing one for good."""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scheduling.selectors import profile_get, reminder_notices_open
from scheduling.services import reminder_notice_dismiss

MAX_RECENT = datetime.timedelta(hours=1)


class RemindersDue(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "after", int, description="The last delivery id the page has seen (newer ones notify the browser)."
            )
        ],
        responses={200: dict},
    )
    def get(self, request: Request) -> Response:
        """Every open notice, so the page drops the ones dismissed elsewhere or whose event is gone;
        ``new`` marks the ones after the cursor, which the page may also show as notifications."""
        try:
            after = max(0, int(request.query_params.get("after", "0")))
        except ValueError:
            after = 0
        user = request.user
        zone = profile_get(user=user).zone  # type: ignore[arg-type]
        rows = reminder_notices_open(owner=user, within=MAX_RECENT)  # type: ignore[arg-type]
        items: list[dict[str, Any]] = [
            {
                "id": row.id,
                "title": row.title,
                "at": (row.occurrence_start or row.fire_at).astimezone(zone).strftime("%Y-%m-%dT%H:%M"),
                "event": row.occurrence_start is not None,
                "new": row.id > after,
            }
            for row in rows
        ]
        return Response({"reminders": items, "last_id": max([after, *[item["id"] for item in items]])})


class ReminderDismiss(APIView):
    @extend_schema(request=None, responses={200: dict, 404: None})
    def post(self, request: Request, delivery_id: int) -> Response:
        closed = reminder_notice_dismiss(owner=request.user, delivery_id=delivery_id, now=timezone.now())  # type: ignore[arg-type]
        return Response({"dismissed": closed})
