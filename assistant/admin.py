"""Admin review: what the assistant did, turn by turn, and the state it left behind."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from assistant.models import IntentTransition, MemoryFact, Message, PendingConfirmation, Thread, ThreadState, TurnTrace


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class MessageInline(ReadOnlyInline):
    model = Message
    fields = ("created_at", "role", "text", "flags")


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


class FlaggedFilter(admin.SimpleListFilter):
    title = "flags"
    parameter_name = "flagged"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin[TurnTrace]) -> list[tuple[str, str]]:
        return [
            ("unverified", "unverified_* (claims replaced)"),
            ("any", "any flag"),
            ("none", "no flag"),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[TurnTrace]) -> QuerySet[TurnTrace]:
        # Flags are a short JSON list; a text match works on SQLite and PostgreSQL alike.
        if self.value() == "unverified":
            return queryset.filter(flags__icontains="unverified_")
        if self.value() == "any":
            return queryset.exclude(flags=[])
        if self.value() == "none":
            return queryset.filter(flags=[])
        return queryset


@admin.register(TurnTrace)
class TurnTraceAdmin(admin.ModelAdmin[TurnTrace]):
    list_display = (
        "id",
        "created_at",
        "route",
        "provider",
        "model_calls",
        "tools",
        "flag_list",
        "thread_link",
        "prompt_tokens",
        "cached_tokens",
        "response_complete_ms",
    )
    list_filter = (FlaggedFilter, "route", "provider")
    search_fields = ("thread__title", "user_message__text", "assistant_message__text", "thread__owner__username")
    readonly_fields = [field.name for field in TurnTrace._meta.fields] + ["thread_link", "user_text", "reply_text"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description="tools and statuses")
    def tools(self, trace: TurnTrace) -> str:
        return (
            ", ".join(f"{call.get('name')}→{call.get('status', call.get('verdict', ''))}" for call in trace.tool_calls)
            or "—"
        )

    @admin.display(description="flags")
    def flag_list(self, trace: TurnTrace) -> str:
        return ", ".join(trace.flags) or "—"

    @admin.display(description="thread")
    def thread_link(self, trace: TurnTrace) -> str:
        url = reverse("admin:assistant_thread_change", args=[trace.thread_id])
        return format_html('<a href="{}">thread {}</a>', url, trace.thread_id)

    @admin.display(description="message")
    def user_text(self, trace: TurnTrace) -> str:
        return trace.user_message.text

    @admin.display(description="reply")
    def reply_text(self, trace: TurnTrace) -> str:
        return trace.assistant_message.text if trace.assistant_message else ""


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


# The scheduling app knows nothing of turns; here the command page gains the turns that touched it.
from scheduling.admin import ScheduleCommandAdmin  # noqa: E402
from scheduling.models import ScheduleCommand  # noqa: E402

admin.site.unregister(ScheduleCommand)


@admin.register(ScheduleCommand)
class ScheduleCommandWithTurnsAdmin(ScheduleCommandAdmin):
    readonly_fields = (*ScheduleCommandAdmin.readonly_fields, "turns")  # type: ignore[assignment]

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
