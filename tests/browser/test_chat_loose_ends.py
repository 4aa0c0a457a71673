"""The chat page's loose ends, tried the way a person would: an old "pick one" card after its
request moved on, a pasted text over the limit, a refused message, the time-zone search, and
the delete question asked once."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Route, expect

from tests.browser.conftest import Session, send, sign_in
from tests.browser.test_chat import weekend_phrase

pytestmark = pytest.mark.browser

LIMIT = 2000
STALE = "That choice belongs to a request that is no longer open; nothing was changed."


def test_an_old_pick_one_card_goes_stale_and_cannot_set_another_requests_date(session: Session) -> None:
    page, steps = session.page, session.steps
    phrase, saturday = weekend_phrase()
    sign_in(session, "liam")

    send(session, f"Team lunch {phrase} at 12:30")
    lunch = page.get_by_test_id("pending-card").last
    expect(lunch.get_by_test_id("quick-reply")).to_have_count(2)
    lunch_id = lunch.get_attribute("data-command-id")
    lunch = page.locator(f'[data-testid="pending-card"][data-command-id="{lunch_id}"]')
    steps.shot("lunch-asks-which-day")

    # The person moves on to another request with the same open question.
    send(session, f"Hike {phrase} at 9am")
    hike = page.get_by_test_id("pending-card").last
    hike_id = hike.get_attribute("data-command-id")
    assert hike_id and lunch_id and hike_id != lunch_id
    hike = page.locator(f'[data-testid="pending-card"][data-command-id="{hike_id}"]')
    # The lunch card is no longer the open request: its buttons go stale at once...
    expect(lunch).to_have_attribute("data-state", "closed")
    expect(lunch.get_by_test_id("card-status")).to_have_text("No longer open")
    expect(lunch.get_by_test_id("quick-reply").first).to_be_disabled()
    expect(hike.get_by_test_id("quick-reply").first).to_be_enabled()
    steps.shot("old-card-stale")

    # ...and after a reload, from what the messages API says about each card's request.
    page.reload()
    cards = page.get_by_test_id("pending-card")
    expect(cards).to_have_count(2)
    expect(cards.first).to_have_attribute("data-state", "closed")
    expect(cards.first.get_by_test_id("quick-reply").first).to_be_disabled()
    expect(cards.last.get_by_test_id("quick-reply").first).to_be_enabled()
    steps.shot("stale-after-reload")

    # A tap that still reaches the server (an old tab) changes nothing and says so.
    thread_id = int(re.search(r"#thread-(\d+)", page.url).group(1))  # type: ignore[union-attr]
    answer = page.evaluate(
        """async ([threadId, text, commandId]) => {
          const csrf = document.cookie.match(/csrftoken=([^;]+)/)[1];
          const response = await fetch(`/api/threads/${threadId}/messages/`, {
            method: "POST", credentials: "same-origin",
            headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
            body: JSON.stringify({text, quick_reply_for: commandId}),
          });
          return response.json();
        }""",
        [thread_id, saturday.isoformat(), lunch_id],
    )
    assert answer["assistant_message"]["text"] == STALE and "stale_quick_reply" in answer["flags"]
    page.reload()
    expect(page.get_by_test_id("assistant-message").last).to_have_text(re.compile(re.escape(STALE)))
    expect(page.get_by_test_id("agenda-event")).to_have_count(0)
    steps.shot("stale-tap-answered")

    # The open request's own card still works, and only then does it go stale too.
    replies = page.get_by_test_id("assistant-message")
    before = replies.count()
    hike_card = page.locator(f'[data-testid="pending-card"][data-command-id="{hike_id}"]')
    hike_card.locator(f'[data-testid="quick-reply"][data-text="{saturday.isoformat()}"]').click()
    expect(replies).to_have_count(before + 1)
    expect(replies.last).to_contain_text("Added")
    expect(replies.last).to_contain_text("Hike")
    expect(hike_card).to_have_attribute("data-state", "closed")
    steps.shot("open-card-used")


def test_a_long_paste_says_the_limit_and_offers_to_trim(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "mona")
    box = page.get_by_test_id("composer-input")
    limit = page.get_by_test_id("composer-limit")
    send_button = page.get_by_test_id("send")

    box.fill("Dentist on Friday at 3pm. ")
    expect(limit).to_be_hidden()
    box.fill("a" * 1700)
    expect(limit).to_be_visible()
    expect(page.get_by_test_id("composer-count")).to_have_text("1,700 / 2,000 characters")
    expect(send_button).to_be_enabled()
    steps.shot("near-the-limit")

    pasted = ("Notes from the planning meeting, pasted whole. " * 110)[:5000]
    box.fill(pasted)
    expect(page.get_by_test_id("composer-count")).to_have_text(
        "5,000 / 2,000 characters: a message can be at most 2,000."
    )
    expect(send_button).to_be_disabled()
    box.press("Enter")  # Enter does not send it either
    expect(page.get_by_test_id("user-message")).to_have_count(0)
    trim = page.get_by_test_id("composer-trim")
    expect(trim).to_have_text("Trim to 2,000")
    steps.shot("over-the-limit")

    trim.click()
    assert len(box.input_value()) == LIMIT and pasted.startswith(box.input_value())
    expect(page.get_by_test_id("composer-count")).to_have_text("2,000 / 2,000 characters")
    expect(send_button).to_be_enabled()
    steps.shot("trimmed")


def test_a_refused_message_offers_to_edit_not_to_retry(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "nora")

    def refuse(route: Route) -> None:
        route.fulfill(
            status=400,
            content_type="application/json",
            body=json.dumps({"detail": "a message is at most 2000 characters", "limit": 2000}),
        )

    # The server has the last word (its limit may be lower than the page thought).
    page.route("**/messages/stream/", refuse)
    box = page.get_by_test_id("composer-input")
    box.fill("Lunch with Sam on Friday at noon")
    box.press("Enter")
    failed = page.get_by_test_id("failed-message")
    expect(failed).to_contain_text("Not sent: a message is at most 2000 characters")
    expect(failed.get_by_test_id("retry")).to_have_count(0)
    expect(failed.get_by_test_id("edit-message")).to_be_visible()
    steps.shot("refused")

    page.unroute("**/messages/stream/")
    failed.get_by_test_id("edit-message").click()
    expect(page.get_by_test_id("failed-message")).to_have_count(0)
    expect(box).to_have_value("Lunch with Sam on Friday at noon")
    box.press("Enter")
    expect(page.get_by_test_id("assistant-message")).to_have_count(1)
    steps.shot("sent-after-edit")


def test_the_time_zone_list_can_be_searched(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "olga")
    page.get_by_role("link", name="Settings").click()
    search = page.get_by_test_id("zone-search")
    expect(search).to_be_visible()
    zone = page.get_by_label("Time zone", exact=True)
    expect(zone).to_have_value("Asia/Shanghai")

    search.fill("kolk")
    expect(page.get_by_test_id("zone-search-count")).to_have_text("1 matching")
    expect(zone).to_have_value("Asia/Kolkata")
    steps.shot("one-match")

    search.fill("america new")
    expect(page.get_by_test_id("zone-search-count")).to_contain_text("matching")
    visible = page.evaluate(
        "() => [...document.querySelectorAll('#id_time_zone option')].filter(o => !o.hidden).map(o => o.value)"
    )
    assert "America/New_York" in visible and all(name.startswith("America/") for name in visible)
    zone.select_option("America/New_York")
    steps.shot("several-matches")
    page.get_by_test_id("save-settings").click()
    expect(page.get_by_text("Settings saved.")).to_be_visible()
    expect(zone).to_have_value("America/New_York")
    steps.shot("saved")


def test_the_delete_question_is_asked_once(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "pete")
    send(session, "Yoga tomorrow at 7pm")
    send(session, "delete it")
    reply = page.get_by_test_id("assistant-message").last
    card = reply.get_by_test_id("confirmation-card")
    expect(card).to_contain_text("To be deleted")
    expect(card).to_contain_text("Yoga")
    expect(reply.locator(".bubble")).to_contain_text("Delete")
    expect(reply.locator(".bubble")).not_to_contain_text("yes / no")
    expect(card.get_by_role("button", name="Confirm")).to_be_visible()
    assert page.locator("#messages").inner_text().count("?") == 1
    steps.shot("one-question")

    # A typed answer still works where the card is shown.
    send(session, "yes")
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("Deleted")
    steps.shot("typed-yes")
