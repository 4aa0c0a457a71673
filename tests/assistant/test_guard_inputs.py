"""Bad input at every boundary: no 500, no orphaned message, nothing invisible stored.

The person's text, the model's reply, tool arguments and titles are cleaned the same way
(``scheduling.text``); the same cases run on PostgreSQL in tests/integration.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from assistant.models import MemoryFact, Message, Thread, TurnTrace
from assistant.providers.registry import use_provider
from assistant.providers.scripted import ScriptedProvider
from tests.assistant.conftest import Chat, text, tool

pytestmark = pytest.mark.django_db

NUL, RLO, LRI, PDI, ZWSP = "\x00", "\u202e", "\u2066", "\u2069", "\u200b"


def create(title: Any, **rest: Any) -> dict[str, Any]:
    return tool(
        "schedule_event",
        title=title,
        date=rest.get("date", "D+1"),
        time=rest.get("time", "15:00"),
        duration_minutes=None,
        command_id=None,
    )


@pytest.fixture
def api(person: Any, clock: Any) -> Client:
    client = Client()
    client.force_login(person)
    return client


def post_raw(client: Client, url: str, body: str) -> Any:
    return client.post(url, data=body.encode("utf-8", "surrogatepass"), content_type="application/json")


def say_over_api(api: Client, message: str, *outputs: dict[str, Any]) -> Any:
    thread = Thread.objects.create(owner=User.objects.get(username="alice"))
    with use_provider(ScriptedProvider(outputs)):
        # json.dumps escapes a lone surrogate as \\ud800, exactly what a client may send.
        return post_raw(api, f"/api/threads/{thread.id}/messages/", json.dumps({"text": message})), thread


@pytest.mark.parametrize(
    ("sent", "stored"),
    [
        (f"dentist{NUL} tomorrow", "dentist tomorrow"),
        ("lunch \ud800 tomorrow", "lunch  tomorrow"),
        (f"{RLO}gym tomorrow{LRI}x{PDI}", "gym tomorrowx"),
        (f"{ZWSP}hello{ZWSP}", "hello"),
        ("明天\x00下午\u202e三点", "明天下午三点"),
    ],
)
def test_the_persons_text_is_cleaned_and_answered(api: Client, sent: str, stored: str) -> None:
    # (A bare "ok" to "dentist tomorrow" would read as done and be replaced: a question stays.)
    response, thread = say_over_api(api, sent, text("What time should it be?"))
    assert response.status_code == 201, response.content
    messages = list(Message.objects.filter(thread=thread).order_by("id").values_list("role", "text"))
    assert messages == [("user", stored), ("assistant", "What time should it be?")]


@pytest.mark.parametrize("sent", [ZWSP * 3, f"{NUL}{NUL}", f"{RLO}{PDI}", " \u200d\ufeff ", "\ud800"])
def test_text_of_invisible_characters_only_is_an_empty_message(api: Client, sent: str) -> None:
    response, thread = say_over_api(api, sent, text("ok"))
    assert response.status_code == 400
    assert not Message.objects.filter(thread=thread).exists()


def test_the_models_text_is_cleaned_before_it_is_stored(chat: Chat) -> None:
    outcome = chat.say("hi", text(f"Hello{NUL} there {RLO}friend\ud800"))
    assert outcome.reply == "Hello there friend"
    assert "internal_error" not in outcome.trace.flags


def test_a_model_reply_of_invisible_characters_is_an_empty_answer(chat: Chat) -> None:
    outcome = chat.say("hi", text(f"{ZWSP}{NUL}{RLO}"))
    assert outcome.reply.startswith("Sorry, the model gave no answer") and "nothing was changed" in outcome.reply
    assert "empty_model_response" in outcome.trace.flags


def test_a_title_with_nul_and_bidi_controls_is_stored_clean(chat: Chat) -> None:
    outcome = chat.say("dentist gnp.exe tomorrow 3pm", create(f"Den{NUL}tist {RLO}gnp.exe"))
    assert outcome.trace.tool_calls[0]["status"] == "created"
    [event] = chat.events()
    assert event.title == "Dentist gnp.exe"
    assert RLO not in outcome.reply and NUL not in json.dumps(TurnTrace.objects.get().tool_calls)


@pytest.mark.parametrize("title", [ZWSP * 4, f"{ZWSP}\u200d{ZWSP}", f"{RLO}{PDI}", "\ufeff", f" {NUL} "])
def test_an_invisible_title_is_no_title_and_the_stub_asks_for_one(chat: Chat, title: str) -> None:
    outcome = chat.say("book something tomorrow at 3", create(title))
    assert outcome.trace.tool_calls[0]["status"] == "needs_title"
    assert chat.events() == []
    assert "Added" not in outcome.reply


def test_a_remembered_fact_is_stored_clean_and_a_blank_one_is_refused(chat: Chat) -> None:
    chat.say("remember: use the blue door", tool("remember_fact", topic=f"pin{NUL}", fact=f"{RLO}Use the blue door"))
    assert list(MemoryFact.objects.values_list("topic", "fact")) == [("pin", "Use the blue door")]
    blank = chat.say(
        "remember nothing", tool("remember_fact", topic=None, fact=ZWSP), tool("remember_fact", topic=None, fact=ZWSP)
    )
    assert MemoryFact.objects.count() == 1
    assert blank.trace.tool_calls[0]["status"] == "invalid_arguments"


def test_a_thread_title_is_cleaned(api: Client) -> None:
    response = post_raw(api, "/api/threads/", json.dumps({"title": f"Plan{NUL}ning {RLO}week\ud800"}))
    assert response.status_code == 201
    assert response.json()["title"] == "Planning week"
    assert post_raw(api, "/api/threads/", json.dumps({"title": ZWSP})).json()["title"] == ""


@pytest.mark.parametrize(
    "query",
    [
        "limit=9223372036854775808",
        "limit=0",
        "limit=-1",
        "limit=201",
        "limit=abc",
        "limit=1.5",
        "offset=-1",
        "offset=9223372036854775808",
        "limit=",
        "offset=１",  # a full-width digit is a digit to str.isdigit, not to a database
    ],
)
def test_out_of_range_limit_and_offset_are_a_400(api: Client, query: str) -> None:
    response = api.get(f"/api/threads/?{query}")
    assert response.status_code == 400, response.content
    assert query.split("=")[0] in response.json()


def test_limit_and_offset_in_range_page_the_threads(api: Client, person: Any) -> None:
    for index in range(3):
        Thread.objects.create(owner=person, title=f"t{index}")
    page = api.get("/api/threads/?limit=2&offset=1").json()
    assert page["count"] == 3 and len(page["results"]) == 2
    assert api.get("/api/threads/?limit=200&offset=2147483647").json()["results"] == []
