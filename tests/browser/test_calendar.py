"""The calendar at the page: a weekly event made in words and one of its weeks taken out, a
reminder that appears in the page at its time, the default reminder and an .ics import from
Settings (preview first, nothing written until Import)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PERSON_ZONE, Session, agenda_day, local_today, send, sign_in

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[1] / "scheduling" / "fixtures"


def _yoga_in(session: Session, day: datetime.date) -> int:
    """How many 'Yoga' entries the agenda shows on a day (after the week is drawn)."""
    section = agenda_day(session, day)
    expect(section).to_have_count(1)
    return section.get_by_test_id("agenda-event").filter(has_text="Yoga").count()


def _first_wednesday_at_seven() -> datetime.date:
    """The series' first day: this Wednesday if 19:00 is still ahead, else the next one."""
    now = datetime.datetime.now(ZoneInfo(PERSON_ZONE))
    day = now.date() + datetime.timedelta(days=(2 - now.weekday()) % 7)
    if day == now.date() and now.time() >= datetime.time(19, 0):
        day += datetime.timedelta(weeks=1)
    return day


def test_a_weekly_event_keeps_its_other_weeks_when_one_is_deleted(session: Session) -> None:
    page, steps = session.page, session.steps
    first = _first_wednesday_at_seven()
    weeks = [first + datetime.timedelta(weeks=n) for n in range(3)]
    sign_in(session, "tess")

    send(session, "yoga every wednesday at 7pm")
    replies = page.get_by_test_id("assistant-message")
    expect(replies.last).to_contain_text("Added")
    expect(replies.last).to_contain_text("every Wednesday")
    for day in weeks:
        section = agenda_day(session, day)
        expect(section.get_by_test_id("agenda-event").filter(has_text="Yoga")).to_have_count(1)
        expect(section.get_by_test_id("agenda-event")).to_contain_text("19:00–20:00")
    steps.shot("three-weeks")

    # Deleting one of a series asks which, on a card: only this one, this and the following, or all.
    send(session, "delete my yoga")
    card = page.get_by_test_id("scope-card").last
    expect(card).to_contain_text("Delete which ones?")
    expect(card).to_contain_text("Yoga")
    expect(card.get_by_test_id("scope-choice")).to_have_count(3)
    expect(replies.last).to_contain_text("only this one")
    steps.shot("which-ones")
    before = replies.count()
    card.get_by_role("button", name="Only this one").click()
    expect(replies).to_have_count(before + 1)
    expect(card.get_by_role("button", name="Only this one")).to_be_disabled()
    expect(replies.last).to_contain_text("Delete only this one")
    confirmation = page.get_by_test_id("confirmation-card").last
    expect(confirmation).to_contain_text("Yoga")
    # Nothing is gone before the person confirms.
    assert _yoga_in(session, weeks[0]) == 1
    steps.shot("delete-card")
    before = replies.count()
    confirmation.get_by_role("button", name="Confirm").click()
    expect(replies).to_have_count(before + 1)
    expect(replies.last).to_contain_text("Deleted")

    # The gap is on that Wednesday only; the weeks after keep their yoga.
    section = agenda_day(session, weeks[0])
    expect(section.get_by_test_id("agenda-event").filter(has_text="Yoga")).to_have_count(0)
    steps.shot("gap")
    for day in weeks[1:]:
        section = agenda_day(session, day)
        expect(section.get_by_test_id("agenda-event").filter(has_text="Yoga")).to_have_count(1)
    steps.shot("others-kept")


# Record what the page hands to the browser's Notification API (a headless browser shows none).
RECORD_NOTIFICATIONS = """
(() => {
  const Real = window.Notification;
  window.__notifications = [];
  function Recording(title, options) { window.__notifications.push({ title, body: (options || {}).body || "" }); }
  Object.defineProperty(Recording, "permission", { get: () => (Real ? Real.permission : "denied") });
  Recording.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Recording;
})();
"""

# The server's own reminder sweep (the Celery task the beat or the embedded ticker runs), with the
# server's clock moved past the reminder's time, so the test does not wait for the minute to come.
SWEEP_AT = """
import datetime, time_machine
from django.utils import timezone
from scheduling.tasks import dispatch_due_reminders
with time_machine.travel(datetime.datetime.fromisoformat({moment!r}), tick=False):
    print("claimed", dispatch_due_reminders())
"""


def test_a_reminder_appears_in_the_page_at_its_time(session: Session) -> None:
    page, steps = session.page, session.steps
    page.context.grant_permissions(["notifications"], origin=session.server.url)
    page.add_init_script(RECORD_NOTIFICATIONS)
    # The page's clock runs on, but the test can move it: the next 20-second poll comes at once.
    page.clock.install()
    sign_in(session, "uma")
    # Allowed already: no button asks again.
    expect(page.get_by_test_id("reminder-permission")).to_be_hidden()

    zone = ZoneInfo(PERSON_ZONE)
    due = (datetime.datetime.now(zone) + datetime.timedelta(minutes=3)).replace(second=0, microsecond=0)
    day = "" if due.date() == local_today() else "tomorrow "
    send(session, f"remind me to call mum {day}at {due:%H:%M}")
    replies = page.get_by_test_id("assistant-message")
    expect(replies.last).to_contain_text("reminder")
    expect(replies.last).to_contain_text(f"{due:%H:%M}")

    notices = page.get_by_test_id("reminder-notice")
    # Before its time the server sends nothing, however often the page asks.
    output = session.server.manage(
        "shell", "-c", SWEEP_AT.format(moment=(due - datetime.timedelta(minutes=1)).isoformat())
    )
    assert "claimed 0" in output, output
    page.clock.fast_forward("00:21")
    page.evaluate("() => window.scheduleReminders.poll()")
    expect(notices).to_have_count(0)

    output = session.server.manage(
        "shell", "-c", SWEEP_AT.format(moment=(due + datetime.timedelta(seconds=20)).isoformat())
    )
    assert "claimed 1" in output, output
    page.clock.fast_forward("00:21")
    expect(notices).to_have_count(1)
    expect(notices.first).to_contain_text("call mum")
    expect(notices.first).to_contain_text(f"{due:%H:%M}")
    expect(page.get_by_test_id("reminder-notices")).to_have_attribute("role", "status")
    notified = page.evaluate("() => window.__notifications")
    assert [item["title"] for item in notified] == ["call mum"], notified
    steps.shot("reminder-notice")

    # Dismissed from the page with its button; shown once: the next poll, and a reload, do not
    # bring it back.
    notices.first.get_by_role("button", name="Dismiss the reminder call mum").click()
    expect(notices).to_have_count(0)
    expect(page.get_by_test_id("reminder-notices")).to_be_hidden()
    page.clock.fast_forward("00:21")
    page.reload()
    expect(page.get_by_test_id("agenda-day").first).to_be_visible()
    page.evaluate("() => window.scheduleReminders.poll()")
    page.clock.fast_forward("00:21")
    expect(notices).to_have_count(0)
    steps.shot("dismissed")


def test_the_default_reminder_is_set_in_settings_and_used_by_the_chat(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "wes")
    page.goto("/settings/")
    field = page.get_by_label("Default reminder (minutes before)")
    expect(field).to_have_value("")
    field.fill("20000")
    page.get_by_test_id("save-settings").click()
    expect(page.get_by_test_id("default-reminder-error")).to_have_text(
        "Enter whole minutes from 0 to 10080 (one week)."
    )
    expect(page.get_by_test_id("settings-errors")).to_be_visible()
    steps.shot("default-reminder-error")
    page.get_by_label("Default reminder (minutes before)").fill("30")
    page.get_by_test_id("save-settings").click()
    expect(page.get_by_role("status").filter(has_text="Settings saved.")).to_be_visible()
    expect(page.get_by_label("Default reminder (minutes before)")).to_have_value("30")
    steps.shot("default-reminder-saved")

    # The profile the assistant reads has it (a reminder asked for with no offset uses it).
    response = page.request.get("/api/me/")
    assert json.loads(response.text())["default_reminder_minutes"] == 30

    # Emptied again: no default of the person's own.
    page.get_by_label("Default reminder (minutes before)").fill("")
    page.get_by_test_id("save-settings").click()
    expect(page.get_by_role("status").filter(has_text="Settings saved.")).to_be_visible()
    assert json.loads(page.request.get("/api/me/").text())["default_reminder_minutes"] is None


def test_an_ics_file_is_previewed_then_imported_from_settings(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "vera")
    page.goto("/settings/")
    panel = page.get_by_test_id("import")
    expect(panel).to_be_visible()

    def events_in_december() -> list[str]:
        response = page.request.get("/api/events/?start=2026-12-01&end=2026-12-31")
        assert response.ok, response.text()
        return sorted(event["title"] for event in json.loads(response.text()))

    # A file that is not a calendar: said clearly, nothing shown as if it were a preview.
    page.get_by_label("Calendar file (.ics)").set_input_files(
        files=[{"name": "notes.ics", "mimeType": "text/calendar", "buffer": b"this is not a calendar"}]
    )
    expect(page.get_by_test_id("import-error")).to_contain_text("The file could not be read")
    expect(page.get_by_test_id("import-preview")).to_be_hidden()
    steps.shot("not-a-calendar")

    page.get_by_label("Calendar file (.ics)").set_input_files(str(FIXTURES / "apple.ics"))
    preview = page.get_by_test_id("import-preview")
    expect(preview).to_be_visible()
    expect(page.get_by_test_id("import-error")).to_be_hidden()
    expect(page.get_by_test_id("import-count")).to_have_text("3")
    expect(page.get_by_test_id("import-range")).to_have_text("Dec 15, 2026 – Dec 20, 2026")
    expect(page.get_by_test_id("import-recurring")).to_have_text("1: 羽毛球")
    expect(page.get_by_test_id("import-changes")).to_have_text("3 new, 0 updated, 0 already here")
    steps.shot("preview")
    # The preview wrote nothing.
    assert events_in_december() == []

    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.get_by_test_id("import-done")).to_have_text("Imported: 3 new, 0 updated, 0 already here.")
    expect(preview).to_be_hidden()
    steps.shot("imported")
    titles = events_in_december()
    assert {"Holiday in Sanya", "牙医复查", "羽毛球"} <= set(titles), titles
    # The badminton repeats every other Wednesday from 16 December: the 16th and the 30th.
    assert titles.count("羽毛球") == 2, titles

    # The same file again: the preview says it is all there already.
    page.get_by_label("Calendar file (.ics)").set_input_files(str(FIXTURES / "apple.ics"))
    expect(page.get_by_test_id("import-changes")).to_have_text("0 new, 0 updated, 3 already here")
    # Nothing to import: no Import button, a sentence that says so.
    expect(page.get_by_test_id("import-confirm")).to_be_hidden()
    expect(page.get_by_test_id("import-nothing-new")).to_contain_text("Nothing new to import")
    steps.shot("nothing-new")
    page.get_by_role("button", name="Choose another file").click()
    expect(preview).to_be_hidden()
    assert events_in_december() == titles
