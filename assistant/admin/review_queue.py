"""The review queue: flagged turns and turns given a verdict, one page with its filters."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone

from assistant.admin.base import ReadOnlyAdmin
from assistant.models import FlaggedTurn, TurnReview
from assistant.review import NO_REVIEW_FLAG, REVIEW_FAMILIES, flag_explained, review_queue_count, review_turn_list


@admin.register(FlaggedTurn)
class ReviewQueueAdmin(ReadOnlyAdmin[FlaggedTurn]):
    """The review queue: flagged turns and every turn given a verdict, newest first, by flag
    family, person and review state."""

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return HttpResponseRedirect(reverse("admin:assistant_turntrace_change", args=[object_id]))

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
        family = request.GET.get("flag") or None
        state = request.GET.get("state") or None
        person_id = _int_or_none(request.GET.get("person"))
        traces = review_turn_list(family=family, person_id=person_id, state=state)
        page = Paginator(traces, QUEUE_PAGE).get_page(request.GET.get("p"))
        people = User.objects.filter(threads__traces__in=review_turn_list()).distinct().order_by("username")
        rows = [
            {
                "trace": trace,
                "when": timezone.localtime(trace.created_at),
                "flags": [flag_explained(flag) for flag in trace.flags],
                "review": getattr(trace, "review", None),
                "url": reverse("admin:assistant_turntrace_change", args=[trace.id]),
                "review_url": reverse("admin:assistant_turntrace_review", args=[trace.id]),
            }
            for trace in page.object_list
        ]
        context = {
            **self.admin_site.each_context(request),
            "title": "Review queue",
            "subtitle": None,
            "opts": self.model._meta,
            "rows": rows,
            "page": page,
            "families": REVIEW_FAMILIES,
            "no_review_flag": NO_REVIEW_FLAG,
            "people": people,
            "states": [("open", "not reviewed"), *TurnReview.Verdict.choices],
            "chosen": {"flag": family or "", "person": person_id, "state": state or ""},
            "verdicts": TurnReview.Verdict.choices,
            "open_count": review_queue_count(),
            "next_url": request.get_full_path(),
            "query_without_page": _query_without(request, "p"),
        }
        return TemplateResponse(request, "admin/assistant/review_queue.html", context)


QUEUE_PAGE = 25


def _int_or_none(value: str | None) -> int | None:
    try:
        return int(value) if value else None
    except ValueError:
        return None


def _query_without(request: HttpRequest, name: str) -> str:
    query = request.GET.copy()
    query.pop(name, None)
    return query.urlencode()
