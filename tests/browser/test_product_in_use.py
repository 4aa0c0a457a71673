"""The product as people use it: an admin eval beside the chat, cards that go stale, a review
queue that finds what was marked, settings that know the person."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import DEFAULT_TIMEOUT_MS, Session, send, sign_in, sign_in_admin
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
