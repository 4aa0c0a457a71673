"""Story helpers: a chat in a thread, driven through the real pipeline with a scripted model."""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import User

from assistant.models import Message, Thread, TurnTrace
from assistant.providers.offline import OfflineProvider
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from assistant.turn.inputs import handle_message
from assistant.turn.record import TurnOutcome
from scheduling.models import Event, Reminder, ScheduleCommand
from tests.conftest import FROZEN_NOW
from tools.registry import with_nulls


def tool(name: str, **arguments: Any) -> dict[str, Any]:
    return {"tool": name, "arguments": with_nulls(name, arguments)}


def text(reply: str) -> dict[str, Any]:
    return {"text": reply}


class Chat:
    """One person's thread: `say` posts a message the way the API does."""

    def __init__(self, user: User, traveller: Any) -> None:
        self.user = user
        self.thread = Thread.objects.create(owner=user)
        self.traveller = traveller
        self.provider: ScriptedProvider | None = None

    def say(self, message: str, *outputs: Mapping[str, Any]) -> TurnOutcome:
        self.provider = ScriptedProvider(outputs)
        with use_provider(self.provider):
            outcome = handle_message(user=self.user, thread_id=self.thread.id, text=message)
        # The fake model is strict: an output the turn never asked for means it ended early.
        assert self.provider.unused_problem() is None, f"{message!r}: {self.provider.unused_problem()}"
        return outcome

    def later(self, **delta: float) -> None:
        self.traveller.shift(datetime.timedelta(**delta))

    @property
    def model_calls(self) -> int:
        return self.provider.calls if self.provider else 0

    def last_trace(self) -> TurnTrace:
        return TurnTrace.objects.filter(thread=self.thread).order_by("-id").first()  # type: ignore[return-value]

    def events(self) -> list[Event]:
        return list(Event.objects.filter(owner=self.user).order_by("starts_at"))

    def commands(self) -> list[ScheduleCommand]:
        return list(ScheduleCommand.objects.filter(owner=self.user).order_by("created_at"))

    def messages(self) -> list[Message]:
        return list(Message.objects.filter(thread=self.thread).order_by("created_at", "id"))


class OfflineChat(Chat):
    """A thread driven by the offline stand-in: what a person without an API key gets."""

    def say(self, message: str, *outputs: Mapping[str, Any]) -> TurnOutcome:
        assert not outputs, "the offline stand-in needs no script"
        with use_provider(OfflineProvider()):
            return handle_message(user=self.user, thread_id=self.thread.id, text=message)

    def reminded_at(self) -> list[tuple[str, str]]:
        """Each reminder on its own: its words and when it goes off, on the person's clock ("12-08 15:00")."""
        found = Reminder.objects.filter(owner=self.user, remind_at__isnull=False).order_by("remind_at")
        return [(r.text, f"{r.remind_at.astimezone(self.user.profile.zone):%m-%d %H:%M}") for r in found if r.remind_at]

    def reminders(self) -> list[tuple[str, int | None]]:
        """Each reminder before an event: its event's title and how long before it."""
        return sorted((r.event.title if r.event else "", r.minutes_before) for r in Reminder.objects.filter(owner=self.user))


@pytest.fixture
def clock() -> Iterator[Any]:
    with time_machine.travel(FROZEN_NOW, tick=False) as traveller:
        yield traveller


@pytest.fixture
def chat(person: User, clock: Any) -> Chat:
    return Chat(person, clock)


@pytest.fixture
def make_chat(clock: Any) -> Any:
    def make(user: User) -> Chat:
        return Chat(user, clock)

    return make


def local(event: Event) -> str:
    return event.starts_at.astimezone(event.owner.profile.zone).strftime("%a %Y-%m-%d %H:%M")


@pytest.fixture
def offline(person: User, clock: Any) -> OfflineChat:
    """A thread on the offline stand-in, in English."""
    return OfflineChat(person, clock)


@pytest.fixture
def offline_zh(make_person: Any, clock: Any) -> OfflineChat:
    """A thread on the offline stand-in, for a person whose language is Chinese."""
    return OfflineChat(make_person(language="zh"), clock)


def event_at(chat: Chat, title: str, start: str, minutes: int = 60, rrule: str = "") -> Event:
    """One of the person's events, at a local start in their zone."""
    begins = datetime.datetime.fromisoformat(start).replace(tzinfo=chat.user.profile.zone)
    ends = begins + datetime.timedelta(minutes=minutes)
    return Event.objects.create(owner=chat.user, title=title, starts_at=begins, ends_at=ends, rrule=rrule, time_zone=chat.user.profile.time_zone)
