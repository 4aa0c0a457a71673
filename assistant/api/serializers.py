from __future__ import annotations

import datetime
from typing import Any

from rest_framework import serializers

from assistant.models import Message, Thread
from scheduling.models import Event, Language, Profile, validate_time_zone


class ThreadSerializer(serializers.ModelSerializer[Thread]):
    class Meta:
        model = Thread
        fields = ["id", "title", "created_at", "last_activity_at"]
        read_only_fields = ["id", "created_at", "last_activity_at"]


class MessageSerializer(serializers.ModelSerializer[Message]):
    confirmation_kind = serializers.SerializerMethodField()

    class Meta:
        model = Message
        fields = ["id", "role", "text", "created_at", "card", "flags", "confirmation_kind"]
        read_only_fields = fields

    def get_confirmation_kind(self, message: Message) -> str | None:
        return (message.marker or {}).get("kind")


class PostMessageSerializer(serializers.Serializer[Any]):
    text = serializers.CharField(allow_blank=False, trim_whitespace=True, max_length=100_000)


class ConfirmationDecisionSerializer(serializers.Serializer[Any]):
    decision = serializers.ChoiceField(choices=["confirm", "keep"])
    action_digest = serializers.RegexField(r"^[0-9a-f]{64}$")


class EventSerializer(serializers.ModelSerializer[Event]):
    ref = serializers.SerializerMethodField()
    local_start = serializers.SerializerMethodField()
    local_end = serializers.SerializerMethodField()
    occurrence = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = [
            "id", "ref", "title", "starts_at", "ends_at", "local_start", "local_end", "time_zone", "notes",
            "all_day", "busy", "rrule", "occurrence",
        ]  # fmt: skip
        read_only_fields = fields

    def _zone(self) -> Any:
        return self.context["zone"]

    def get_ref(self, event: Event) -> str:
        return f"E{event.id}"

    def get_local_start(self, event: Event) -> str:
        return event.starts_at.astimezone(self._zone()).strftime("%Y-%m-%dT%H:%M")

    def get_local_end(self, event: Event) -> str:
        return event.ends_at.astimezone(self._zone()).strftime("%Y-%m-%dT%H:%M")

    def get_occurrence(self, event: Event) -> str | None:
        """For an occurrence of a repeating event, its original start (which one of the series)."""
        start = event.occurrence_start or event.recurrence_id
        return None if start is None else start.isoformat()


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
        fields = ["time_zone", "language", "work_start", "work_end", "default_reminder_minutes"]
        extra_kwargs = {"default_reminder_minutes": {"min_value": 0, "max_value": 10080}}

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        start = attrs.get("work_start", getattr(self.instance, "work_start", None))
        end = attrs.get("work_end", getattr(self.instance, "work_end", None))
        if start is not None and end is not None and end <= start:
            raise serializers.ValidationError("working hours must end after they start")
        return attrs
