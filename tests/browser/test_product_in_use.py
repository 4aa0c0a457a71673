"""The product as people use it: an admin eval beside the chat, cards that go stale, a review
queue that finds what was marked, settings that know the person."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import (
    BROWSER_ZONE,
    DEFAULT_TIMEOUT_MS,
    PASSWORD,
    Session,
    no_clipped_columns,
    send,
    sign_in,
    sign_in_admin,
)
from tests.browser.test_admin_review import FLAG_TURNS
from tests.browser.test_chat import weekend_phrase

pytestmark = pytest.mark.browser

EVAL_SECONDS = 300


def test_an_admin_eval_runs_apart_and_the_chat_keeps_answering(session: Session, browser: Browser) -> None:
    page, steps = session.page, session.steps
    sign_in_admin(session)
    page.goto("/admin/evals/evalrun/launch/")
    page.locator("#id_mode").select_option("offline")
    steps.shot("launch-form")
    page.locator("input[type=submit][value=Launch]").click()
    page.wait_for_url("**/admin/evals/evalrun/*/change/", timeout=120_000)
    run_page = page.url
    status = page.locator(".field-status .readonly")
    # The run's own process starts (Django, the case files) and says so; the page reloads itself.
    expect(status).to_have_text("running", timeout=120_000)
    steps.shot("run-started")

    # A person chats while the whole offline eval runs: every message gets its reply.
    person = browser.new_context(viewport={"width": 1366, "height": 860}, locale="en-US", base_url=session.server.url)
    person.set_default_timeout(DEFAULT_TIMEOUT_MS)
    chat = Session(page=person.new_page(), steps=steps, server=session.server, problems=session.problems)
    try:
        sign_in(chat, "xena")
        statuses = []
        for text in ["what's on tomorrow", "Dentist on Friday at 3pm", "what do i have this week", "thanks"]:
            send(chat, text)
            expect(chat.page.get_by_test_id("failed-message")).to_have_count(0)
            page.goto(run_page)
            statuses.append(status.inner_text().strip())
        chat.page.screenshot(path=str(steps.folder / "chat-during-eval.png"))
        expect(chat.page.get_by_test_id("assistant-message").nth(1)).to_contain_text("Dentist")
    finally:
        person.close()
    # The replies came while the eval was really running, not after it.
    assert statuses[0] == "running", statuses
    expect(page.locator(".field-progress progress[value]")).to_have_count(1, timeout=60_000)
    steps.shot("progress")

    # The page follows the run by itself until it is done.
    deadline = time.monotonic() + EVAL_SECONDS
    while status.inner_text().strip() == "running" and time.monotonic() < deadline:
        page.wait_for_timeout(3000)
    expect(status).to_have_text("done")
    expect(page.locator(".field-figures")).to_contain_text("100.0%")
    steps.shot("run-done", full_page=True)
    log = session.server.log.read_text()
    assert "database is locked" not in log


def test_a_card_answered_by_typing_goes_stale_at_once_and_after_a_reload(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "yuri")
    # A pick-one card, answered by typing the day instead of pressing a button.
    send(session, f"Team lunch {weekend_phrase()[0]} at 12:30")
    pick = page.get_by_test_id("pending-card").last
    expect(pick.get_by_test_id("quick-reply").first).to_be_enabled()
    send(session, weekend_phrase()[1].isoformat())
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("Added")
    expect(pick).to_have_attribute("data-state", "closed")
    expect(pick.get_by_test_id("quick-reply").first).to_be_disabled()

    # A delete card answered by a typed "yes": stale the moment the answer is shown.
    send(session, "delete it")
    card = page.get_by_test_id("confirmation-card").last
    expect(card.get_by_role("button", name="Confirm")).to_be_enabled()
    steps.shot("asked")
    send(session, "yes")
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("Deleted")
    expect(card).to_have_attribute("data-state", "closed")
    expect(card.get_by_test_id("card-status")).to_have_text("Answered")
    expect(card.get_by_role("button", name="Confirm")).to_be_disabled()
    steps.shot("answered-by-typing")

    page.reload()
    expect(page.get_by_test_id("assistant-message")).to_have_count(4)
    for each in [page.get_by_test_id("pending-card").first, page.get_by_test_id("confirmation-card").first]:
        expect(each).to_have_attribute("data-state", "closed")
        for button in each.locator("button").all():
            expect(button).to_be_disabled()
    steps.shot("after-reload")


def test_a_turn_marked_needs_a_fix_is_found_again_and_the_traces_list_reads_at_1366(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "zoe")
    for text in ("what's on tomorrow", "Yoga tomorrow at 7pm", "hello"):
        send(session, text)
    long_flags = ["needs_confirmation:untrusted_source", "unverified_create_claim", "malformed_tool_arguments"]
    session.server.manage("shell", "-c", FLAG_TURNS.format(person="zoe", flags=[[], long_flags, []]))

    # The traces list: pills on one line each, tools and statuses as a list, nothing cut.
    sign_in_admin(session)
    page.goto("/admin/assistant/turntrace/?q=zoe")
    expect(page.locator("#result_list tbody tr")).to_have_count(3)
    no_clipped_columns(session)
    assert "<br>" not in page.locator("#result_list").inner_text()
    expect(page.locator("#result_list td.field-tools li").filter(has_text="query_events")).to_have_count(1)
    pills = page.locator("#result_list td.field-flag_list .flag-badge")
    expect(pills).to_have_count(len(long_flags))
    for index in range(len(long_flags)):
        box = pills.nth(index).bounding_box()
        assert box is not None and box["height"] < 24, (long_flags[index], box)  # one line of 17 px
    steps.shot("traces-1366")

    # A turn with no flag, marked "needs a fix" from its own page, is found in the queue (other
    # tests on the same server may have marked turns of their own: the count goes up by one).
    page.goto("/admin/")
    marked_before = int(page.get_by_test_id("needs-fix-count").inner_text())
    page.goto("/admin/assistant/turntrace/?q=zoe")
    page.locator("#result_list tbody tr").last.locator("th a").click()
    expect(page.get_by_test_id("turn-page")).to_contain_text("what's on tomorrow")
    page.get_by_test_id("review-note").fill("should have said the day's name")
    page.get_by_test_id("mark-needs-fix").click()
    page.goto("/admin/")
    expect(page.get_by_test_id("needs-fix-count")).to_have_text(str(marked_before + 1))
    steps.shot("index-counts")
    page.get_by_test_id("needs-fix-link").click()
    rows = page.get_by_test_id("queue-row")
    expect(rows).to_have_count(marked_before + 1)
    marked = rows.filter(has_text="should have said the day's name")
    expect(marked).to_have_count(1)
    expect(marked.first).to_contain_text("what's on tomorrow")
    expect(marked.first.get_by_test_id("review-state")).to_contain_text("should have said the day")
    page.get_by_test_id("filter-flag").select_option("none")
    page.get_by_test_id("filter-person").select_option(label="zoe")
    page.get_by_test_id("apply-filters").click()
    expect(rows).to_have_count(1)
    no_clipped_columns(session, ".queue-table")
    steps.shot("queue-needs-fix")
    # The flagged turn, not reviewed yet, is in the queue beside it.
    page.get_by_test_id("filter-flag").select_option("")
    page.get_by_test_id("filter-state").select_option("")
    page.get_by_test_id("apply-filters").click()
    expect(rows).to_have_count(2)
    no_clipped_columns(session, ".queue-table")
    steps.shot("queue-zoe")


NEWCOMER = """
from django.contrib.auth import get_user_model
get_user_model().objects.create_user(username="newcomer", password={password!r})
"""


def test_a_newcomer_gets_the_browsers_zone_and_settings_explain_a_change(session: Session) -> None:
    page, steps = session.page, session.steps
    session.server.manage("shell", "-c", NEWCOMER.format(password=PASSWORD))
    sign_in(session, "newcomer")
    # The first view sent the browser's zone and drew the page again in it.
    expect(page.get_by_test_id("agenda-zone")).to_have_text(BROWSER_ZONE)
    send(session, "Dinner tomorrow at 7pm")
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("19:00")
    steps.shot("first-visit")

    page.get_by_role("link", name="Settings").click()
    zone = page.get_by_label("Time zone", exact=True)
    expect(zone).to_have_value(BROWSER_ZONE)
    expect(page.get_by_test_id("zone-source")).to_contain_text("Taken from your browser")
    change = page.get_by_test_id("zone-change")
    expect(change).to_be_hidden()

    # Cities and countries in English and Chinese, from CLDR.
    search = page.get_by_test_id("zone-search")
    search.fill("中国")
    expect(page.get_by_test_id("zone-search-count")).to_contain_text("matching")
    visible = page.evaluate(
        "() => [...document.querySelectorAll('#id_time_zone option')].filter(o => !o.hidden).map(o => o.value)"
    )
    assert "Asia/Shanghai" in visible and "Europe/Paris" not in visible
    search.fill("上海")
    expect(page.get_by_test_id("zone-search-count")).to_have_text("1 matching")
    expect(zone).to_have_value("Asia/Shanghai")

    # Before saving: what the change does to the events already there.
    expect(change).to_be_visible()
    expect(change).to_contain_text("moves no event")
    example = page.get_by_test_id("zone-change-example")
    expect(example).to_contain_text("Dinner")
    expect(example).to_contain_text("19:00")
    expect(example).to_contain_text("11:00")  # 19:00 in Los Angeles is 11:00 the next day in Shanghai
    steps.shot("change-explained")
    page.get_by_test_id("save-settings").click()
    expect(page.get_by_text("Settings saved.")).to_be_visible()
    expect(zone).to_have_value("Asia/Shanghai")
    expect(page.get_by_test_id("zone-source")).to_have_count(0)
    steps.shot("saved")


# Two reminders that fired a few minutes ago (as the sweep would have sent them): one on an event,
# the other on an event that will be deleted.
FIRED_REMINDERS = """
import datetime
from django.contrib.auth import get_user_model
from django.utils import timezone
from scheduling.models import DeliveryStatus, Event, Reminder, ReminderDelivery
person = get_user_model().objects.get(username={person!r})
now = timezone.now()
for title in ("Standup", "Dentist"):
    # Hours away, so the server's own sweep (another test moves its clock a few minutes) never fires them.
    event = Event.objects.create(owner=person, title=title, starts_at=now + datetime.timedelta(hours=3),
                                 ends_at=now + datetime.timedelta(hours=4), time_zone="Asia/Shanghai")
    reminder = Reminder.objects.create(owner=person, event=event, minutes_before=15)
    for minutes_ago in (30, 5):  # fired twice (a retry, a series): still one notice
        moment = now - datetime.timedelta(minutes=minutes_ago)
        ReminderDelivery.objects.create(reminder=reminder, owner=person, key=f"{{reminder.id}}:{{minutes_ago}}",
                                        fire_at=moment, occurrence_start=event.starts_at, title=title,
                                        status=DeliveryStatus.SENT, sent_at=moment)
print(Event.objects.get(owner=person, title="Dentist").id)
"""

DELETE_EVENT = """
from scheduling.models import Event
Event.objects.filter(id={event_id}).delete()
"""


def test_a_reminder_notice_shows_once_stays_dismissed_and_goes_with_its_event(
    session: Session, browser: Browser
) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "amy")
    dentist = session.server.manage("shell", "-c", FIRED_REMINDERS.format(person="amy")).strip().splitlines()[-1]
    page.evaluate("() => window.scheduleReminders.poll()")
    notices = page.get_by_test_id("reminder-notice")
    expect(notices).to_have_count(2)  # one per reminder, not one per firing
    expect(notices.first).to_contain_text("Standup")
    steps.shot("two-notices")
    # The desktop-notifications control is a button that looks like one.
    control = page.get_by_test_id("reminder-permission")
    if control.is_visible():
        assert control.evaluate("b => getComputedStyle(b).borderTopStyle") != "none"

    notices.filter(has_text="Standup").get_by_role("button").click()
    expect(notices).to_have_count(1)
    # Another browser (no local storage of this one): the dismissed notice does not come back.
    other = browser.new_context(viewport={"width": 1366, "height": 860}, locale="en-US", base_url=session.server.url)
    other.set_default_timeout(DEFAULT_TIMEOUT_MS)
    try:
        elsewhere = Session(page=other.new_page(), steps=steps, server=session.server, problems=session.problems)
        sign_in(elsewhere, "amy")
        elsewhere.page.evaluate("() => window.scheduleReminders.poll()")
        expect(elsewhere.page.get_by_test_id("reminder-notice")).to_have_count(1)
        expect(elsewhere.page.get_by_test_id("reminder-notice")).to_contain_text("Dentist")
    finally:
        other.close()

    # The event is deleted: its notice goes at the next poll, and does not return on a reload.
    session.server.manage("shell", "-c", DELETE_EVENT.format(event_id=int(dentist)))
    page.evaluate("() => window.scheduleReminders.poll()")
    expect(notices).to_have_count(0)
    page.reload()
    expect(page.get_by_test_id("agenda-day").first).to_be_visible()
    page.evaluate("() => window.scheduleReminders.poll()")
    expect(notices).to_have_count(0)
    expect(page.get_by_test_id("reminder-notices")).to_be_hidden()
    steps.shot("all-gone")


def test_the_favicon_is_served(session: Session) -> None:
    response = session.page.request.get("/favicon.ico")
    assert response.ok and response.headers["content-type"].startswith("image/svg+xml"), response.headers
