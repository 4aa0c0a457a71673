from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import User
from rest_framework import serializers

from assistant.models import Message, Thread
from scheduling.models import Event, Language, Profile, ScheduleCommand, validate_time_zone
from scheduling.selectors import command_active_for_thread


class ThreadSerializer(serializers.ModelSerializer[Thread]):
    class Meta:
        model = Thread
        fields = ["id", "title", "created_at", "last_activity_at"]
        read_only_fields = ["id", "created_at", "last_activity_at"]


class MessageSerializer(serializers.ModelSerializer[Message]):
    confirmation_kind = serializers.SerializerMethodField()
    card = serializers.SerializerMethodField()

    class Meta:
        model = Message
        fields = ["id", "role", "text", "created_at", "card", "flags", "confirmation_kind"]
        read_only_fields = fields

    def get_confirmation_kind(self, message: Message) -> str | None:
        return (message.marker or {}).get("kind")

    def get_card(self, message: Message) -> dict[str, Any] | None:
        """The card as stored, plus (when listing) whether its request is still the open one.

        ``command_status`` is the command's status now and ``command_open`` whether it is still
        the thread's open request, so an old card shows as answered after a reload.
        """
        card = message.card
        active = self.context.get("active_command_id", _UNKNOWN)
        if not isinstance(card, dict) or not card.get("command_id") or active is _UNKNOWN:
            return card
        statuses: dict[str, str] = self.context.get("command_statuses", {})
        return {
            **card,
            "command_status": statuses.get(str(card["command_id"])),
            "command_open": str(card["command_id"]) == active,
        }


_UNKNOWN = object()


def message_card_context(
    *, owner: User, thread: Thread, messages: list[Message], now: datetime.datetime
) -> dict[str, Any]:
    """What listed cards need to show whether they can still be answered: each card's command
    status now, and the thread's open request (read only; the server checks again on a tap)."""
    ids = {str(m.card["command_id"]) for m in messages if isinstance(m.card, dict) and m.card.get("command_id")}
    if not ids:
        return {}
    statuses = {
        str(command_id): status
        for command_id, status in ScheduleCommand.objects.filter(owner=owner, id__in=ids).values_list("id", "status")
    }
    active = command_active_for_thread(owner=owner, thread_id=thread.id, now=now)
    return {"command_statuses": statuses, "active_command_id": str(active.id) if active else None}


class PostMessageSerializer(serializers.Serializer[Any]):
    text = serializers.CharField(allow_blank=False, trim_whitespace=True, max_length=100_000)
    # Set by a quick-reply button: the command whose card it was on (see handle_message).
    quick_reply_for = serializers.UUIDField(required=False, allow_null=True, default=None)


class ConfirmationDecisionSerializer(serializers.Serializer[Any]):
    decision = serializers.ChoiceField(choices=["confirm", "keep"])
    action_digest = serializers.RegexField(r"^[0-9a-f]{64}$")


class EventSerializer(serializers.ModelSerializer[Event]):
    ref = serializers.SerializerMethodField()
    local_start = serializers.SerializerMethodField()
    local_end = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = ["id", "ref", "title", "starts_at", "ends_at", "local_start", "local_end", "time_zone", "notes"]
        read_only_fields = fields

    def _zone(self) -> Any:
        return self.context["zone"]

    def get_ref(self, event: Event) -> str:
        return f"E{event.id}"

    def get_local_start(self, event: Event) -> str:
        return event.starts_at.astimezone(self._zone()).strftime("%Y-%m-%dT%H:%M")

    def get_local_end(self, event: Event) -> str:
        return event.ends_at.astimezone(self._zone()).strftime("%Y-%m-%dT%H:%M")


class EventRangeSerializer(serializers.Serializer[Any]):
    start = serializers.DateField()
    end = serializers.DateField(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        end = attrs.get("end") or attrs["start"]
        for day in (attrs["start"], end):
            if not datetime.date(1900, 1, 1) <= day <= datetime.date(2999, 12, 30):
                raise serializers.ValidationError("dates must be between 1900 and 2999")
        if end < attrs["start"]:
            raise serializers.ValidationError("end is before start")
        if end - attrs["start"] > datetime.timedelta(days=62):
            raise serializers.ValidationError("a range is at most 62 days")
        attrs["end"] = end
        return attrs


class ProfileSerializer(serializers.ModelSerializer[Profile]):
    language = serializers.ChoiceField(choices=Language.choices)
    time_zone = serializers.CharField(validators=[validate_time_zone])

    class Meta:
        model = Profile
        fields = ["time_zone", "language", "work_start", "work_end"]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        start = attrs.get("work_start", getattr(self.instance, "work_start", None))
        end = attrs.get("work_end", getattr(self.instance, "work_end", None))
        if start is not None and end is not None and end <= start:
            raise serializers.ValidationError("working hours must end after they start")
        return attrs
