"""Threads and what they hold: messages, intent transitions, state, pending confirmations, memory."""

from __future__ import annotations

from django.contrib import admin
from django.utils.html import format_html

from assistant.admin.base import ReadOnlyInline
from assistant.models import IntentTransition, MemoryFact, Message, PendingConfirmation, Thread, ThreadState


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
