"""The admin index's review figures: flagged turns nobody has looked at, turns marked "needs a fix"."""

from __future__ import annotations

from typing import Any

from django import template

from assistant.review import review_queue_counts

register = template.Library()


@register.simple_tag(takes_context=True)
def review_queue_open(context: dict[str, Any]) -> dict[str, int] | None:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.has_perm("assistant.view_flaggedturn"):
        return None
    return review_queue_counts()
