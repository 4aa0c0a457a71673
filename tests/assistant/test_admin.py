"""Admin review: commands with their history and turns, traces with flags, threads."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from assistant.models import TurnTrace
from scheduling.models import CommandStatus, ScheduleCommand
from tests.assistant.conftest import Chat, text, tool

pytestmark = pytest.mark.django_db


def test_command_pages_show_history_and_turns_and_actions_work(admin_client: Client, chat: Chat) -> None:
    chat.say(
        "dentist friday",
        tool("schedule_event", title="Dentist", date="W5", time=None, duration_minutes=None, command_id=None),
    )
    chat.say(
        "gym tomorrow",
        tool("schedule_event", title="Gym", date="D+1", time=None, duration_minutes=None, command_id=None),
    )
    listing = admin_client.get("/admin/scheduling/schedulecommand/?status__exact=needs_time&kind__exact=create")
    assert listing.status_code == 200 and b"Dentist" in listing.content
    dentist = ScheduleCommand.objects.get(slots__title__value="Dentist")
    page = admin_client.get(f"/admin/scheduling/schedulecommand/{dentist.id}/change/")
    assert b"reveal" in page.content and b"dentist friday" in page.content  # history and the turn that touched it
    gym = ScheduleCommand.objects.get(slots__title__value="Gym")
    admin_client.post(
        "/admin/scheduling/schedulecommand/", {"action": "expire_selected", "_selected_action": [str(dentist.id)]}
    )
    admin_client.post(
        "/admin/scheduling/schedulecommand/", {"action": "cancel_selected", "_selected_action": [str(gym.id)]}
    )
    assert ScheduleCommand.objects.get(id=dentist.id).status == CommandStatus.EXPIRED
    assert ScheduleCommand.objects.get(id=gym.id).status == CommandStatus.CANCELLED


def test_traces_filter_flagged_turns_and_link_to_the_thread(admin_client: Client, chat: Chat) -> None:
    chat.say("hi", text("Hello!"))
    chat.say("book lunch", text("I've booked lunch for you."))
    flagged = admin_client.get("/admin/assistant/turntrace/?flagged=unverified")
    assert flagged.status_code == 200
    assert b"unverified_create_claim" in flagged.content and b"Hello!" not in flagged.content
    assert f"/admin/assistant/thread/{chat.thread.id}/change/".encode() in flagged.content
    trace = TurnTrace.objects.filter(flags__icontains="unverified").get()
    detail = admin_client.get(f"/admin/assistant/turntrace/{trace.id}/change/")
    assert b"response_complete_ms" in detail.content or b"Response complete ms" in detail.content
    thread = admin_client.get(f"/admin/assistant/thread/{chat.thread.id}/change/")
    assert thread.status_code == 200 and b"book lunch" in thread.content


def test_the_admin_needs_staff(client: Client, person: Any) -> None:
    client.force_login(person)
    assert client.get("/admin/assistant/turntrace/").status_code == 302
