"""The eval's end-state check of reminders: a reminder before an event is checked at the moment it fires."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.evals.test_eval import case_file

pytestmark = pytest.mark.django_db

LEAD_CASE = """
  - id: {id}
    setup:
      events: [{{title: Physio, start: "2026-12-10T09:00"}}]
    turns:
      - user: "remind me the evening before at 8pm"
        model:
          - tool: set_reminder
            arguments: {{text: null, event_ref: null, event_words: physio, minutes_before: {minutes}, date: null, time: null}}
        expect: {{write: true}}
    expect:
      reminders: [{{event_title: Physio, at: "2026-12-09T20:00"}}]
"""


def test_a_reminder_before_an_event_is_checked_at_the_moment_it_fires(tmp_path: Path) -> None:
    """`at` of a reminder before an event is when it fires: the event's start less its lead."""
    call_command("eval", "offline", "--cases", str(case_file(tmp_path, LEAD_CASE.format(id="lead-ok", minutes=780), group="lead-ok")))
    with pytest.raises(CommandError, match="lead-wrong"):
        call_command("eval", "offline", "--cases", str(case_file(tmp_path, LEAD_CASE.format(id="lead-wrong", minutes=720), group="lead-wrong")))
