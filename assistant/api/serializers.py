from __future__ import annotations

import datetime
import re
from typing import Any
from zoneinfo import available_timezones

from django.conf import settings
from django.contrib.auth.models import User
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from assistant.models import ConfirmationStatus, Message, PendingConfirmation, Thread, ThreadState
from scheduling.models import Event, Language, Profile, ScheduleCommand, validate_time_zone
from scheduling.selectors import command_active_for_thread
from scheduling.text import clean_line, clean_text, is_blank, visible_character_pattern

# OpenAPI has no "time" format (JSON Schema's wants an offset, which these never carry).
CLOCK_PATTERN = r"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"
LOCAL_MINUTE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$"


class CleanTextField(serializers.CharField):
    """Text cleaned as at every boundary (``scheduling.text``) before it is validated.

    NUL, lone surrogates and bidi controls are removed rather than refused, the same as on
    the streamed endpoint; text of invisible characters only counts as blank.
    """

    def __init__(self, *, one_line: bool = False, **kwargs: Any) -> None:
        self.one_line = one_line
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")  # the schema says string: 42 is not text
        value = super().to_internal_value(data)
        value = clean_line(value) if self.one_line else clean_text(value)
        if is_blank(value):
            if not self.allow_blank:
                self.fail("blank")
            return ""
        return value


@extend_schema_field(
    {
        "type": "string",
        "minLength": 1,
        "maxLength": settings.MAX_MESSAGE_CHARS,
        "pattern": visible_character_pattern(),
        "description": "At least one visible character; NUL, lone surrogates and bidi controls are removed.",
    }
)
class MessageTextField(CleanTextField):
    """A message: the schema's pattern states the blank rule of ``scheduling.text``."""


@extend_schema_field({"type": "string", "enum": sorted(available_timezones()), "example": "Asia/Shanghai"})
class ZoneField(serializers.CharField):
    """An IANA time zone name."""


@extend_schema_field({"type": "string", "pattern": CLOCK_PATTERN, "example": "09:00:00"})
class ClockField(serializers.TimeField):
    """A time of day, HH:MM or HH:MM:SS in the person's zone: exactly what the schema says."""

    def to_internal_value(self, value: Any) -> datetime.time:
        if not isinstance(value, str) or not re.fullmatch(CLOCK_PATTERN, value):
            raise serializers.ValidationError("a time of day is HH:MM or HH:MM:SS, e.g. 09:00")
        return super().to_internal_value(value)


class ErrorSerializer(serializers.Serializer[Any]):
    # A field's validation error names the field instead: {"text": ["..."]}.
    detail = serializers.CharField(required=False, help_text="What is wrong, in words.")


class TurnSerializer(serializers.Serializer[Any]):
    """One turn: both messages, the route taken, the tools run and their statuses."""

    user_message = serializers.DictField(help_text="The person's message, as in the message list.")
    assistant_message = serializers.DictField(help_text="The reply, as in the message list.")
    route = serializers.CharField()
    model_calls = serializers.IntegerField()
    tools = serializers.ListField(child=serializers.CharField())
    statuses = serializers.ListField(child=serializers.CharField())
    flags = serializers.ListField(child=serializers.CharField())
    events = serializers.ListField(child=serializers.DictField())
    intent_revision = serializers.IntegerField()
    provider = serializers.CharField()


class ThreadSerializer(serializers.ModelSerializer[Thread]):
    title = CleanTextField(one_line=True, allow_blank=True, required=False, max_length=200)

    class Meta:
        model = Thread
        fields = ["id", "title", "created_at", "last_activity_at"]
        read_only_fields = ["id", "created_at", "last_activity_at"]

    def create(self, validated_data: dict[str, Any]) -> Thread:
        # A person has at most MAX_THREADS_PER_PERSON threads: deleting old ones makes room.
        if Thread.objects.filter(owner=validated_data["owner"]).count() >= settings.MAX_THREADS_PER_PERSON:
            raise serializers.ValidationError(
                {"detail": f"you have {settings.MAX_THREADS_PER_PERSON} threads, the most one person can keep: "
                           "delete some to start a new one"}
            )  # fmt: skip
        return super().create(validated_data)


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
        """The card as stored, plus (when listing) whether it can still be answered.

        ``open`` is false once the card's question was answered by any path (its button, a typed
        "yes", a later revision, a newer question) or ran out of time, so an answered card shows
        as answered after a reload, whatever kind it is. For a pending request, ``command_status``
        is the command's status now and ``command_open`` whether it is still the open request.
        """
        card = message.card
        open_cards = self.context.get("open_cards")
        if not isinstance(card, dict) or open_cards is None:
            return card
        shown: dict[str, Any] = {**card, "open": message.id in open_cards}
        if card.get("command_id"):
            statuses: dict[str, str] = self.context.get("command_statuses", {})
            shown["command_status"] = statuses.get(str(card["command_id"]))
            shown["command_open"] = str(card["command_id"]) == self.context.get("active_command_id")
        return shown


def message_card_context(
    *, owner: User, thread: Thread, messages: list[Message], now: datetime.datetime
) -> dict[str, Any]:
    """Which listed cards can still be answered (read only; the server checks again on a tap):

    - a pending request's card, while its command is the thread's open request;
    - a confirmation's card (delete, held write, planning), while its confirmation is pending,
      unexpired and bound to the thread's current intent revision and state;
    - a which-ones card (a repeating event's scope), while it is the thread's last message.
    """
    carded = [(m, m.card) for m in messages if isinstance(m.card, dict)]
    if not carded:
        return {}
    ids = {str(card["command_id"]) for _m, card in carded if card.get("command_id")}
    statuses = {
        str(command_id): status
        for command_id, status in ScheduleCommand.objects.filter(owner=owner, id__in=ids).values_list("id", "status")
    }
    active = command_active_for_thread(owner=owner, thread_id=thread.id, now=now) if ids else None
    active_id = str(active.id) if active else None
    state = ThreadState.objects.filter(thread=thread).first()
    live_confirmations = {
        str(confirmation_id)
        for confirmation_id in PendingConfirmation.objects.filter(
            thread=thread,
            status=ConfirmationStatus.PENDING,
            expires_at__gt=now,
            intent_revision=state.revision if state else 0,
            state_digest=state.digest if state else "",
        ).values_list("id", flat=True)
    }
    last_id = max((m.id for m in messages), default=None)
    # A request asked again (a revision, a resumed task) has a newer card: only that one is open.
    newest_card_of = {str(card.get("command_id")): m.id for m, card in sorted(carded, key=lambda pair: pair[0].id)}
    open_cards: set[int] = set()
    for message, card in carded:
        kind = card.get("type")
        if kind == "pending_command":
            command_id = str(card.get("command_id"))
            live = command_id == active_id and newest_card_of.get(command_id) == message.id
        elif kind == "confirmation":
            live = str(card.get("confirmation_id")) in live_confirmations
        else:
            live = message.id == last_id
        if live:
            open_cards.add(message.id)
    return {"command_statuses": statuses, "active_command_id": active_id, "open_cards": open_cards}


class PostMessageSerializer(serializers.Serializer[Any]):
    # The turn refuses more than MAX_MESSAGE_CHARS with its own message; this bounds the parse.
    text = MessageTextField(allow_blank=False, max_length=100_000)
    # Set by a quick-reply button: the command whose card it was on (see handle_message).
    quick_reply_for = serializers.UUIDField(required=False, allow_null=True, default=None)


class ConfirmationDecisionSerializer(serializers.Serializer[Any]):
    decision = serializers.ChoiceField(choices=["confirm", "keep"])
    action_digest = serializers.RegexField(r"^[0-9a-f]{64}$")


class ScopeChoiceSerializer(serializers.Serializer[Any]):
    message_id = serializers.IntegerField(min_value=1, help_text="The assistant message whose card asked.")
    scope = serializers.ChoiceField(choices=["this", "following", "all"])


class EventSerializer(serializers.ModelSerializer[Event]):
    ref = serializers.SerializerMethodField()
    title = serializers.SerializerMethodField()
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

    @extend_schema_field({"type": "string", "example": "Dentist"})
    def get_title(self, event: Event) -> str:
        # A title stored before cleaning (or by another path) is shown clean all the same.
        return clean_line(event.title)

    @extend_schema_field({"type": "string", "pattern": r"^E[0-9]+$", "example": "E12"})
    def get_ref(self, event: Event) -> str:
        return f"E{event.id}"

    @extend_schema_field({"type": "string", "pattern": LOCAL_MINUTE_PATTERN, "example": "2026-12-08T15:00"})
    def get_local_start(self, event: Event) -> str:
        return event.starts_at.astimezone(self._zone()).strftime("%Y-%m-%dT%H:%M")

    @extend_schema_field({"type": "string", "pattern": LOCAL_MINUTE_PATTERN, "example": "2026-12-08T16:00"})
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
    time_zone = ZoneField(validators=[validate_time_zone])
    work_start = ClockField(required=False)
    work_end = ClockField(required=False)

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
