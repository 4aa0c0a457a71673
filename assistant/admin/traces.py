"""The turn traces: the list with its flags and the turn's timeline page, where a verdict is recorded."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.text import Truncator

from assistant.admin.base import ReadOnlyAdmin
from assistant.models import TurnReview, TurnTrace
from assistant.review import flag_explained, flagged_turn_list, turn_review_set
from assistant.web.turn_page import format_ms, links, pretty_json, segments, tool_rows, transition_rows, waterfall_svg


class FlaggedFilter(admin.SimpleListFilter):
    title = "flags"
    parameter_name = "flagged"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin[TurnTrace]) -> list[tuple[str, str]]:
        return [
            ("unverified", "unverified_* (claims replaced)"),
            ("review", "needs review (any family)"),
            ("any", "any flag"),
            ("none", "no flag"),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[TurnTrace]) -> QuerySet[TurnTrace]:
        # Flags are a short JSON list; a text match works on SQLite and PostgreSQL alike.
        if self.value() == "unverified":
            return queryset.filter(flags__icontains="unverified_")
        if self.value() == "review":
            return queryset.filter(id__in=flagged_turn_list().values("id"))
        if self.value() == "any":
            return queryset.exclude(flags=[])
        if self.value() == "none":
            return queryset.filter(flags=[])
        return queryset


def flag_badges(flags: list[str]) -> str:
    """Pills, one per line in a short list (format_html_join escapes its separator, so the
    list's markup is in the items, never between them)."""
    if not flags:
        return "—"
    items = format_html_join(
        "",
        '<li><span class="flag-badge{}" title="{}">{}</span></li>',
        (
            (" flag-review" if item["needs_review"] else "", item["meaning"], item["flag"])
            for item in map(flag_explained, flags)
        ),
    )
    return format_html('<ul class="pill-list">{}</ul>', items)


@admin.register(TurnTrace)
class TurnTraceAdmin(ReadOnlyAdmin[TurnTrace]):
    list_display = ("when", "person", "message", "route", "tools", "flag_list", "total_ms", "thread_link")
    list_display_links = ("when", "message")
    list_filter = (FlaggedFilter, "route", "provider")
    search_fields = ("thread__title", "user_message__text", "assistant_message__text", "thread__owner__username")
    date_hierarchy = "created_at"
    list_select_related = ("thread__owner", "user_message")
    list_per_page = 50
    # The list is wide (eight columns, pills that never wrap): it gives the page's width to the
    # table instead of the navigation sidebar, so nothing is cut at 1366 px.
    change_list_template = "admin/assistant/turntrace/change_list.html"

    @admin.display(description="when", ordering="created_at")
    def when(self, trace: TurnTrace) -> str:
        moment = timezone.localtime(trace.created_at)
        return format_html('{}<br><span class="muted small">{}</span>', f"{moment:%Y-%m-%d}", f"{moment:%H:%M:%S}")

    @admin.display(description="person", ordering="thread__owner__username")
    def person(self, trace: TurnTrace) -> str:
        return trace.thread.owner.get_username()

    @admin.display(description="message")
    def message(self, trace: TurnTrace) -> str:
        return Truncator(trace.user_message.text).chars(70)

    @admin.display(description="tools and statuses")
    def tools(self, trace: TurnTrace) -> str:
        if not trace.tool_calls:
            return "—"
        items = format_html_join(
            "",
            '<li><code>{}</code> <span class="status-badge status-{}">{}</span></li>',
            (
                (call.get("name"), call.get("status") or "", call.get("status") or call.get("verdict") or "")
                for call in trace.tool_calls
            ),
        )
        return format_html('<ul class="call-list">{}</ul>', items)

    @admin.display(description="flags")
    def flag_list(self, trace: TurnTrace) -> str:
        return flag_badges(trace.flags)

    @admin.display(description="thread")
    def thread_link(self, trace: TurnTrace) -> str:
        url = reverse("admin:assistant_thread_change", args=[trace.thread_id])
        return format_html('<a href="{}#message-{}">#{}</a>', url, trace.user_message_id, trace.thread_id)

    @admin.display(description="total", ordering="response_complete_ms")
    def total_ms(self, trace: TurnTrace) -> str:
        return format_ms(trace.response_complete_ms)

    def get_urls(self) -> list[Any]:
        return [
            path("<int:trace_id>/review/", self.admin_site.admin_view(self.review), name="assistant_turntrace_review"),
            *super().get_urls(),
        ]

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """The turn as a timeline; a record, so there is nothing to save or delete."""
        trace = self.get_object(request, object_id)
        if trace is None:
            raise Http404("no such turn")
        if not self.has_view_permission(request, trace):
            raise PermissionDenied
        parts = segments(trace)
        review = TurnReview.objects.filter(trace=trace).select_related("reviewer").first()
        context = {
            **self.admin_site.each_context(request),
            "title": f"Turn {trace.id}",
            "subtitle": None,
            "opts": self.model._meta,
            "trace": trace,
            "owner": trace.thread.owner,
            "when": timezone.localtime(trace.created_at),
            "waterfall": mark_safe(waterfall_svg(parts)),  # noqa: S308 - numbers and escaped labels only
            "segments": parts,
            "tools": tool_rows(trace),
            "transitions": transition_rows(trace),
            "flags": [flag_explained(flag) for flag in trace.flags],
            "links": links(trace),
            "review": review,
            "verdicts": TurnReview.Verdict.choices,
            "tokens": {
                "prompt": trace.prompt_tokens,
                "cached": trace.cached_tokens,
                "completion": trace.completion_tokens,
            },
            "model_ms": format_ms(trace.model_ms),
            "card_json": pretty_json(trace.assistant_message.card) if trace.assistant_message else "",
            "next_url": request.get_full_path(),
        }
        return TemplateResponse(request, "admin/assistant/turntrace/timeline.html", context)

    def review(self, request: HttpRequest, trace_id: int) -> HttpResponse:
        """Record a verdict (from the queue or the turn page), then go back where it came from."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        trace = TurnTrace.objects.filter(id=trace_id).first()
        if trace is None:
            raise Http404("no such turn")
        if not self.has_view_permission(request, trace):
            raise PermissionDenied
        form = ReviewForm(request.POST)
        if not form.is_valid():
            self.message_user(request, "Choose reviewed or needs a fix.", messages.ERROR)
        else:
            assert isinstance(request.user, User)
            turn_review_set(
                trace=trace,
                verdict=form.cleaned_data["verdict"],
                note=form.cleaned_data["note"],
                reviewer=request.user,
                now=timezone.now(),
            )
            verdict = TurnReview.Verdict(form.cleaned_data["verdict"]).label
            self.message_user(request, f"Turn {trace.id} marked {verdict}.", messages.SUCCESS)
        target = request.POST.get("next", "")
        if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
            target = reverse("admin:assistant_turntrace_change", args=[trace.id])
        return HttpResponseRedirect(target)


class ReviewForm(forms.Form):
    verdict = forms.ChoiceField(choices=TurnReview.Verdict.choices)
    note = forms.CharField(required=False, max_length=2000)
