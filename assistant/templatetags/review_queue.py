"""The admin index's review figure: how many flagged turns nobody has looked at."""

from __future__ import annotations

from typing import Any

from django import template

from assistant.review import review_queue_count

register = template.Library()


@register.simple_tag(takes_context=True)
def review_queue_open(context: dict[str, Any]) -> int | None:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.has_perm("assistant.view_flaggedturn"):
        return None
    return review_queue_count()
