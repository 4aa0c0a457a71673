"""Admin review: what the assistant did, turn by turn, and the state it left behind."""

from __future__ import annotations

from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.text import Truncator

from assistant.models import (
    FlaggedTurn,
    IntentTransition,
    MemoryFact,
    Message,
    PendingConfirmation,
    Thread,
    ThreadState,
    TurnReview,
    TurnTrace,
)
from assistant.review import (
    NO_REVIEW_FLAG,
    REVIEW_FAMILIES,
    flag_explained,
    flagged_turn_list,
    review_queue_count,
    review_turn_list,
    turn_review_set,
)
from assistant.web.turn_page import (
    command_title,
    format_ms,
    links,
    pretty_json,
    segments,
    tool_rows,
    transition_rows,
    waterfall_svg,
)


class ReadOnlyInline(admin.TabularInline[Any, Any]):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class MessageInline(ReadOnlyInline):
    model = Message
    fields = ("anchor", "created_at", "role", "text", "flags")
    readonly_fields = ("anchor",)

    @admin.display(description="#")
    def anchor(self, message: Message) -> str:
        # The turn page links here with #message-<id>; the row is highlighted when targeted.
        return format_html('<span class="message-anchor" id="message-{}">{}</span>', message.id, message.id)


class TransitionInline(ReadOnlyInline):
    model = IntentTransition
    fields = ("revision", "type", "patch", "at")


@admin.register(Thread)
class ThreadAdmin(admin.ModelAdmin[Thread]):
    list_display = ("id", "title", "owner", "created_at", "last_activity_at")
    list_filter = ("owner",)
    search_fields = ("title", "owner__username", "messages__text")
    inlines = [MessageInline, TransitionInline]
    raw_id_fields = ("owner",)

    class Media:
        css = {"all": ("web/admin.css",)}


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


_Model = TypeVar("_Model", bound=Model)


class ReadOnlyAdmin(admin.ModelAdmin[_Model]):
    """A record of what happened: listed and read in the admin, never added, changed or deleted there."""

    class Media:
        css = {"all": ("web/admin.css",)}

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


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


@admin.register(ThreadState)
class ThreadStateAdmin(admin.ModelAdmin[ThreadState]):
    list_display = ("thread", "revision", "digest", "updated_at")
    readonly_fields = ("thread", "revision", "intent", "digest", "entities", "summary", "summary_through", "updated_at")


@admin.register(PendingConfirmation)
class PendingConfirmationAdmin(admin.ModelAdmin[PendingConfirmation]):
    list_display = ("id", "kind", "status", "owner", "thread", "intent_revision", "created_at", "expires_at")
    list_filter = ("status", "kind")
    readonly_fields = [field.name for field in PendingConfirmation._meta.fields]


@admin.register(MemoryFact)
class MemoryFactAdmin(admin.ModelAdmin[MemoryFact]):
    list_display = ("owner", "topic", "fact", "source", "updated_at")
    list_filter = ("source",)
    search_fields = ("topic", "fact", "owner__username")
    raw_id_fields = ("owner", "source_message")


# The scheduling app knows nothing of turns; here the command page gains the turns that touched it,
# and both lists lead with what an admin looks for first.
from scheduling.admin import EventAdmin, ScheduleCommandAdmin  # noqa: E402
from scheduling.models import Event, ScheduleCommand  # noqa: E402

admin.site.unregister(ScheduleCommand)
admin.site.unregister(Event)

SHORT_ID = 8


@admin.register(ScheduleCommand)
class ScheduleCommandWithTurnsAdmin(ScheduleCommandAdmin):
    list_display = ("title", "owner", "kind", "status_badge", "updated", "expires", "short_id", "thread")  # type: ignore[assignment]
    list_display_links = ("title",)
    list_select_related = ("owner", "target_event")
    readonly_fields = (*ScheduleCommandAdmin.readonly_fields, "turns")  # type: ignore[assignment]
    search_fields = (*ScheduleCommandAdmin.search_fields, "slots__title__value")  # type: ignore[assignment]
    ordering = ("-updated_at",)

    class Media:
        css = {"all": ("web/admin.css",)}

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        # A command is the record of a conversation's request: read here, changed only by the
        # person's turns (or closed by the list's expire and cancel actions, which run services).
        return False

    @admin.display(description="title")
    def title(self, command: ScheduleCommand) -> str:
        return command_title(command)

    @admin.display(description="status", ordering="status")
    def status_badge(self, command: ScheduleCommand) -> str:
        tone = "open" if command.is_open else "done" if command.status in DONE_STATUSES else "closed"
        return format_html('<span class="status-badge status-{}">{}</span>', tone, command.get_status_display())

    @admin.display(description="last change", ordering="updated_at")
    def updated(self, command: ScheduleCommand) -> str:
        return timezone.localtime(command.updated_at).strftime("%Y-%m-%d %H:%M")

    @admin.display(description="expires", ordering="expires_at")
    def expires(self, command: ScheduleCommand) -> str:
        if not command.is_open:
            return "—"
        return timezone.localtime(command.expires_at).strftime("%Y-%m-%d %H:%M")

    @admin.display(description="id")
    def short_id(self, command: ScheduleCommand) -> str:
        return format_html('<code title="{}">{}</code>', command.id, str(command.id)[:SHORT_ID])

    @admin.display(description="thread", ordering="thread_id")
    def thread(self, command: ScheduleCommand) -> str:
        if command.thread_id is None:
            return "—"
        url = reverse("admin:assistant_thread_change", args=[command.thread_id])
        return format_html('<a href="{}">{}</a>', url, command.thread_id)

    @admin.display(description="turns that touched it")
    def turns(self, command: ScheduleCommand) -> str:
        message_ids = {change.source_turn for change in command.changes.all() if change.source_turn}
        traces = (
            TurnTrace.objects.filter(user_message_id__in=message_ids)
            .select_related("user_message")
            .order_by("created_at")
        )
        if not traces:
            return "—"
        links = [
            format_html(
                '<a href="{}">{} · {}</a>',
                reverse("admin:assistant_turntrace_change", args=[trace.id]),
                trace.created_at.strftime("%Y-%m-%d %H:%M"),
                trace.user_message.text[:60],
            )
            for trace in traces
        ]
        return format_html("<br>".join(["{}"] * len(links)), *links)


DONE_STATUSES = {"created", "updated", "deleted"}


@admin.register(Event)
class EventListAdmin(EventAdmin):
    list_display = ("title", "owner", "when", "zone", "made_by")  # type: ignore[assignment]
    list_display_links = ("title",)
    list_select_related = ("owner", "created_by_command")

    class Media:
        css = {"all": ("web/admin.css",)}

    @admin.display(description="when (event's zone)", ordering="starts_at")
    def when(self, event: Event) -> str:
        start = event.starts_at.astimezone(ZoneInfo(event.time_zone))
        end = event.ends_at.astimezone(ZoneInfo(event.time_zone))
        same_day = start.date() == end.date()
        return (
            f"{start:%a %Y-%m-%d %H:%M}–{end:%H:%M}" if same_day else f"{start:%Y-%m-%d %H:%M} – {end:%Y-%m-%d %H:%M}"
        )

    @admin.display(description="zone", ordering="time_zone")
    def zone(self, event: Event) -> str:
        return event.time_zone

    @admin.display(description="made by")
    def made_by(self, event: Event) -> str:
        command = event.created_by_command
        if command is None:
            return "—"
        url = reverse("admin:scheduling_schedulecommand_change", args=[command.id])
        return format_html('<a href="{}" title="{}"><code>{}</code></a>', url, command.id, str(command.id)[:SHORT_ID])
