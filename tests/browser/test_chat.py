"""A person at the chat page: sign in, make an appointment, change it, delete it, switch language,
and lose the network on the way. Each step leaves a screenshot in artifacts/browser/<test>/."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from playwright.sync_api import Route, expect

from tests.browser.conftest import Session, agenda_day, local_today, send, sign_in

pytestmark = pytest.mark.browser


def weekend_phrase() -> tuple[str, datetime.date]:
    """("this weekend" or "next weekend", and its Saturday).

    On Saturday or Sunday this weekend's 12:30 may already be past, so ask for the next one.
    """
    today = local_today()
    monday = today - datetime.timedelta(days=today.weekday())
    if today.weekday() < 5:
        return "this weekend", monday + datetime.timedelta(days=5)
    return "next weekend", monday + datetime.timedelta(days=12)


def test_sign_in_and_out(session: Session) -> None:
    page, steps = session.page, session.steps

    page.goto("/")
    expect(page).to_have_url(re.compile(r"/login/\?next=/$"))
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    steps.shot("sign-in-page")

    page.get_by_label("Username").fill("erin")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_test_id("login-error")).to_contain_text("do not match")
    steps.shot("wrong-password")

    sign_in(session, "erin")
    expect(page.get_by_test_id("stand-in-banner")).to_have_text(
        "Offline stand-in: answers come from a deterministic reader, not a real model."
    )
    expect(page.get_by_role("heading", name="What can I do for your calendar?")).to_be_visible()
    expect(page.get_by_test_id("agenda-zone")).to_have_text("Asia/Shanghai")
    expect(page.get_by_test_id("agenda-day")).to_have_count(7)
    today = local_today().isoformat()
    expect(page.locator(f'[data-testid="agenda-day"][data-date="{today}"]')).to_contain_text("Today")
    steps.shot("signed-in")

    page.get_by_test_id("agenda-day").first.wait_for()
    page.get_by_role("button", name="Day", exact=True).click()
    expect(page.get_by_test_id("agenda-day")).to_have_count(1)
    expect(page.get_by_test_id("agenda-day")).to_have_attribute("data-date", today)
    steps.shot("agenda-day-view")
    page.get_by_role("button", name="Week", exact=True).click()
    expect(page.get_by_test_id("agenda-day")).to_have_count(7)

    # Narrow screens: chat above the agenda, conversations in a drawer.
    page.set_viewport_size({"width": 390, "height": 844})
    steps.shot("narrow-screen", full_page=True)
    toggle = page.get_by_role("button", name="Conversations")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_test_id("new-thread")).to_be_visible()
    steps.shot("narrow-conversations")
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    page.set_viewport_size({"width": 1366, "height": 860})

    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(re.compile(r"/login/$"))
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/login/\?next=/$"))
    steps.shot("signed-out")


def test_an_appointment_from_first_words_to_deletion(session: Session) -> None:
    page, steps = session.page, session.steps
    phrase, saturday = weekend_phrase()
    sign_in(session, "alice")
    steps.shot("signed-in")

    # Turn 1: the day is ambiguous, so a card asks, offering both weekend days.
    send(session, f"Team lunch {phrase} at 12:30")
    card = page.get_by_test_id("pending-card").last
    expect(card).to_be_visible()
    expect(card.locator('dd[data-slot="title"]')).to_have_text("Team lunch")
    expect(card.locator('dd[data-slot="time"]')).to_have_text("12:30")
    expect(card.locator('dd[data-slot="date"]')).to_have_text("Still needed")
    choices = card.get_by_test_id("quick-reply")
    expect(choices).to_have_count(2)
    expect(choices.first).to_contain_text("Sat")
    expect(choices.last).to_contain_text("Sun")
    expect(card.get_by_test_id("card-cancel")).to_be_visible()
    steps.shot("weekend-card")

    # Turn 2: a quick reply answers with the day; the event is created.
    replies = page.get_by_test_id("assistant-message")
    before = replies.count()
    card.locator(f'[data-testid="quick-reply"][data-text="{saturday.isoformat()}"]').click()
    expect(replies).to_have_count(before + 1)
    expect(replies.last).to_contain_text("Added")
    expect(replies.last).to_contain_text("Team lunch")
    expect(page.get_by_test_id("thread-item").first).to_contain_text(f"Team lunch {phrase} at 12:30")
    steps.shot("created")

    # The agenda beside the chat moved to the chosen day and shows it, at the person's local time.
    day = agenda_day(session, saturday)
    expect(day.get_by_test_id("agenda-event")).to_have_count(1)
    expect(day.get_by_test_id("agenda-event")).to_contain_text("12:30–13:30")
    expect(day.get_by_test_id("agenda-event")).to_contain_text("Team lunch")
    steps.shot("in-agenda")

    # Revise its time: the agenda follows.
    send(session, "move it to 1pm")
    expect(replies.last).to_contain_text("Changed")
    expect(day.get_by_test_id("agenda-event")).to_contain_text("13:00–14:00")
    steps.shot("moved")

    # Delete it: a confirmation card names the event; Confirm posts its id and digest.
    send(session, "delete it")
    confirmation = page.get_by_test_id("confirmation-card").last
    expect(confirmation).to_contain_text("To be deleted")
    expect(confirmation).to_contain_text("Team lunch")
    expect(confirmation).to_contain_text("13:00–14:00")
    expect(day.get_by_test_id("agenda-event")).to_have_count(1)
    steps.shot("confirmation-card")

    before = replies.count()
    confirmation.get_by_role("button", name="Confirm").click()
    expect(replies).to_have_count(before + 1)
    expect(replies.last).to_contain_text("Deleted")
    expect(page.get_by_test_id("agenda-event")).to_have_count(0)
    expect(confirmation.get_by_role("button", name="Confirm")).to_be_disabled()
    steps.shot("deleted")


def test_a_pending_request_can_be_cancelled_from_its_card(session: Session) -> None:
    page, steps = session.page, session.steps
    phrase, _saturday = weekend_phrase()
    sign_in(session, "frank")

    send(session, f"Team lunch {phrase} at 12:30")
    card = page.get_by_test_id("pending-card").last
    expect(card).to_be_visible()
    steps.shot("weekend-card")

    replies = page.get_by_test_id("assistant-message")
    before = replies.count()
    card.get_by_role("button", name="Cancel this request").click()
    expect(replies).to_have_count(before + 1)
    expect(replies.last).to_contain_text("unchanged")
    expect(page.get_by_test_id("agenda-event")).to_have_count(0)
    steps.shot("cancelled")


def test_a_conflict_offers_free_slots_as_quick_replies(session: Session) -> None:
    page, steps = session.page, session.steps
    tomorrow = local_today() + datetime.timedelta(days=1)
    sign_in(session, "ivan")
    send(session, "Standup tomorrow at 10am")
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("Added")

    send(session, "Dentist tomorrow at 10am")
    card = page.get_by_test_id("pending-card").last
    expect(card.get_by_test_id("card-status")).to_have_text("time conflict")
    expect(card.locator('dd[data-slot="title"]')).to_have_text("Dentist")
    expect(card.locator('dd[data-slot="date"]')).to_contain_text(f"{tomorrow:%b} {tomorrow.day}")
    expect(card.locator(".conflicts")).to_contain_text("Standup")
    expect(card.locator(".conflicts")).to_contain_text("10:00–11:00")
    choices = card.get_by_test_id("quick-reply")
    expect(choices.first).to_be_visible()
    assert choices.count() >= 2
    steps.shot("conflict-card")

    slot = f"{tomorrow.isoformat()} 11:00"
    expect(card.locator(f'[data-testid="quick-reply"][data-text="{slot}"]')).to_contain_text("11:00")
    card.locator(f'[data-testid="quick-reply"][data-text="{slot}"]').click()
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("Added")

    # The agenda went to the day of the clash; both events are there.
    events = agenda_day(session, tomorrow).get_by_test_id("agenda-event")
    expect(events).to_have_count(2)
    expect(events.first).to_contain_text("10:00–11:00")
    expect(events.first).to_contain_text("Standup")
    expect(events.last).to_contain_text("11:00–12:00")
    expect(events.last).to_contain_text("Dentist")
    steps.shot("both-in-agenda")


def test_an_old_confirmation_card_goes_stale_like_a_typed_yes(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "dave")
    send(session, "Yoga tomorrow at 7pm")
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("Added")
    send(session, "delete it")
    first_card = page.get_by_test_id("confirmation-card").last
    first_card.get_by_role("button", name="Keep").click()
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("kept")
    steps.shot("kept")

    # The answered card says so, after a reload too: its buttons can no longer be pressed.
    page.reload()
    expect(page.get_by_test_id("assistant-message")).to_have_count(3)
    old_card = page.get_by_test_id("confirmation-card").first
    expect(old_card).to_have_attribute("data-state", "closed")
    expect(old_card.get_by_test_id("card-status")).to_have_text("Answered")
    expect(old_card.get_by_role("button", name="Confirm")).to_be_disabled()
    steps.shot("stale-card-after-reload")

    # Nothing was deleted: tomorrow, in the day view, still has the class.
    page.get_by_role("button", name="Today").click()
    page.get_by_role("button", name="Day", exact=True).click()
    page.get_by_role("button", name="Next day").click()
    tomorrow = (local_today() + datetime.timedelta(days=1)).isoformat()
    # The day view is drawn after its fetch: wait for the one day before reading its date
    # (a strict locator over the week still on screen would fail at once, not wait).
    expect(page.get_by_test_id("agenda-day")).to_have_count(1)
    expect(page.get_by_test_id("agenda-day")).to_have_attribute("data-date", tomorrow)
    expect(page.get_by_test_id("agenda-event")).to_contain_text("19:00–20:00")
    expect(page.get_by_test_id("agenda-event")).to_contain_text("Yoga")
    steps.shot("still-in-agenda")


def test_a_failed_send_keeps_the_message_and_retries(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "carol")
    stream = "**/api/threads/*/messages/stream/"

    # The network is lost: the message stays on screen, marked, with a Retry button.
    page.route(stream, lambda route: route.abort("internetdisconnected"))
    box = page.get_by_test_id("composer-input")
    box.fill("What's on tomorrow?")
    box.press("Enter")
    failed = page.get_by_test_id("failed-message")
    expect(failed).to_have_count(1)
    expect(failed).to_contain_text("What's on tomorrow?")
    expect(failed).to_contain_text("connection was lost")
    expect(failed.get_by_role("button", name="Retry")).to_be_visible()
    expect(page.get_by_test_id("typing")).to_be_hidden()
    steps.shot("network-lost")

    # The model is down: the server streams an error event; still kept, still retryable.
    page.unroute(stream)

    def model_down(route: Route) -> None:
        body = 'event: status\ndata: {"stage": "received", "stand_in": true}\n\n'
        body += 'event: error\ndata: {"detail": "the reply failed; your message is saved", "retry": true}\n\n'
        body += "event: done\ndata: {}\n\n"
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)

    page.route(stream, model_down)
    failed.get_by_role("button", name="Retry").click()
    expect(failed).to_have_count(1)
    expect(failed).to_contain_text("The reply failed")
    steps.shot("model-down")

    # Back online: Retry sends it again and the answer arrives.
    page.unroute(stream)
    failed.get_by_role("button", name="Retry").click()
    expect(page.get_by_test_id("assistant-message")).to_have_count(1)
    expect(failed).to_have_count(0)
    expect(page.get_by_test_id("user-message").filter(has_text="What's on tomorrow?")).to_have_count(1)
    steps.shot("retried")

    # The model does not answer: the server archives the message and replies honestly, flagged;
    # the page shows that reply as an error and offers Retry on the person's message.
    def model_unreachable(route: Route) -> None:
        now = datetime.datetime.now(datetime.UTC).isoformat()
        text = "Sorry, the model isn't responding right now (unreachable). Your message is saved and nothing was changed; please try again."
        reply = {
            "user_message": {
                "id": 9001,
                "role": "user",
                "text": "Dentist on Friday at 3pm",
                "created_at": now,
                "card": None,
                "flags": [],
            },
            "assistant_message": {
                "id": 9002,
                "role": "assistant",
                "text": text,
                "created_at": now,
                "card": None,
                "flags": ["model_error_unreachable"],
            },
            "route": "error",
            "flags": ["model_error_unreachable"],
        }
        body = f"event: reply\ndata: {json.dumps(reply)}\n\nevent: done\ndata: {{}}\n\n"
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)

    page.route(stream, model_unreachable)
    send(session, "Dentist on Friday at 3pm")
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("isn't responding")
    retry = page.get_by_test_id("retry")
    expect(retry).to_have_count(1)
    steps.shot("model-unreachable")
    page.unroute(stream)
    before = page.get_by_test_id("assistant-message").count()
    retry.click()
    expect(page.get_by_test_id("assistant-message")).to_have_count(before + 1)
    expect(page.get_by_test_id("retry")).to_have_count(0)
    steps.shot("retried-after-model-error")


def test_text_is_shown_as_text_never_as_html(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "gina")
    page.get_by_test_id("new-thread").click()
    hostile = '<img src=x onerror="document.body.dataset.pwned=1"><b>bold</b>'
    send(session, hostile)
    message = page.get_by_test_id("user-message").last
    expect(message).to_contain_text(hostile)
    assert message.locator("img, b").count() == 0
    assert page.get_by_test_id("assistant-message").last.locator("img, b").count() == 0
    assert page.get_by_test_id("thread-list").locator("img, b").count() == 0
    assert page.evaluate("document.body.dataset.pwned") is None
    steps.shot("escaped")


def test_switching_language_in_settings(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "bob")
    page.get_by_role("link", name="Settings").click()
    expect(page.get_by_role("heading", name="Settings", exact=True)).to_be_visible()
    steps.shot("settings-english")

    page.get_by_label("Language").select_option("zh")
    page.get_by_role("button", name="Save settings").click()
    expect(page.get_by_text("设置已保存。")).to_be_visible()
    expect(page.get_by_role("heading", name="设置", exact=True)).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    steps.shot("settings-chinese")

    page.get_by_role("link", name="对话").click()
    expect(page.get_by_test_id("new-thread")).to_contain_text("新对话")
    expect(page.get_by_role("heading", name="日程")).to_be_visible()
    expect(page.get_by_test_id("stand-in-banner")).to_contain_text("离线替身")
    expect(page.get_by_test_id("agenda-day").first).to_contain_text("周")
    send(session, "明天下午三点看牙医")
    expect(page.get_by_test_id("assistant-message").last).not_to_be_empty()
    steps.shot("chat-chinese")


def test_the_private_calendar_feed(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "hank")
    send(session, "Dentist tomorrow at 3pm")
    expect(page.get_by_test_id("assistant-message").last).to_contain_text("Added")

    page.get_by_role("link", name="Settings").click()
    expect(page.get_by_test_id("feed")).to_contain_text("The feed is off.")
    page.get_by_role("button", name="Turn on feed").click()
    expect(page.get_by_text("Your calendar feed is on.")).to_be_visible()
    url = page.get_by_test_id("feed-url").input_value()
    assert re.fullmatch(rf"{re.escape(session.server.url)}/calendar/[A-Za-z0-9_-]{{40,}}\.ics", url)
    steps.shot("feed-on")

    # What a calendar app gets: no cookies, just the secret URL.
    feed = page.context.request.get(url, headers={"Cookie": ""})
    assert feed.status == 200
    assert feed.headers["content-type"] == "text/calendar; charset=utf-8"
    body = feed.text()
    assert "SUMMARY:Dentist" in body
    assert "DTSTART;TZID=Asia/Shanghai:" in body
    assert "BEGIN:VTIMEZONE" in body

    page.get_by_role("button", name="Turn off feed").click()
    expect(page.get_by_test_id("feed")).to_contain_text("The feed is off.")
    assert page.context.request.get(url).status == 404
    steps.shot("feed-off")


def test_an_event_named_in_words_is_moved_then_deleted_from_a_fresh_thread(session: Session) -> None:
    page, steps = session.page, session.steps
    today = local_today()
    next_monday = today + datetime.timedelta(days=7 - today.weekday())
    wednesday, friday = next_monday + datetime.timedelta(days=2), next_monday + datetime.timedelta(days=4)
    sign_in(session, "rosa")
    send(session, "Yoga next Wednesday at 6pm")
    replies = page.get_by_test_id("assistant-message")
    expect(replies.last).to_contain_text("Added")
    expect(agenda_day(session, wednesday).get_by_test_id("agenda-event")).to_contain_text("Yoga")

    # A fresh thread knows nothing of the event: the person names it in their own words.
    page.locator("#new-thread").click()
    expect(page.get_by_test_id("assistant-message")).to_have_count(0)
    send(session, "move my yoga to next friday")
    replies = page.get_by_test_id("assistant-message")
    expect(replies.last).to_contain_text("Changed")
    expect(replies.last).to_contain_text("Yoga")
    expect(agenda_day(session, friday).get_by_test_id("agenda-event")).to_contain_text("18:00–19:00")
    steps.shot("moved-by-name")

    send(session, "delete my yoga")
    confirmation = page.get_by_test_id("confirmation-card").last
    expect(confirmation).to_contain_text("Yoga")
    steps.shot("delete-card")
    before = replies.count()
    confirmation.get_by_role("button", name="Confirm").click()
    expect(replies).to_have_count(before + 1)
    expect(replies.last).to_contain_text("Deleted")
    expect(page.get_by_test_id("agenda-event")).to_have_count(0)
    steps.shot("deleted-by-name")


def test_a_write_read_from_memory_waits_for_the_persons_confirm(session: Session) -> None:
    page, steps = session.page, session.steps
    sign_in(session, "sam")
    send(session, "remember that mum's birthday is 14 March")
    send(session, "dinner on mum's birthday at 7pm")
    card = page.get_by_test_id("confirmation-card").last
    expect(card).to_contain_text("Not done yet")
    replies = page.get_by_test_id("assistant-message")
    expect(replies.last).to_contain_text("Dinner for mum's birthday")
    expect(page.get_by_test_id("agenda-event")).to_have_count(0)
    steps.shot("held-write-card")
    before = replies.count()
    card.get_by_role("button", name="Confirm").click()
    expect(replies).to_have_count(before + 1)
    expect(replies.last).to_contain_text("Added")
    steps.shot("held-write-confirmed")
