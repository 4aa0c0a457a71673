"""What the offline reader takes from a request: the message to answer, the dynamic context,
and (after an intermediate tool) the call that was made and what it returned.

The request is read exactly as a real model would see it (see ``assistant.turn.prompt``), so
the offline stand-in cannot know anything a real model could not.
"""

from __future__ import annotations

import datetime
import json
import re
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from assistant.providers.base import ModelRequest
from assistant.reading.chinese import simplified
from assistant.reading.spelling import respell
from assistant.reading.vocabulary import ASSENT_LEAD, POLITE_WRAP, WAKE_WORDS

_OPEN = "<context>"


@dataclass(frozen=True)
class ToolExchange:
    """The intermediate tool call of this turn and its result, as the model is shown them."""

    name: str
    arguments: dict[str, Any]
    result: dict[str, Any]


@dataclass(frozen=True)
class Turn:
    text: str  # the message to answer, NFKC-normalised (full-width digits and punctuation to ASCII)
    today: datetime.date
    now: datetime.datetime | None
    language: str  # the language to answer in, as the context says: "en" or "zh"
    context: dict[str, Any] = field(default_factory=dict)
    exchange: ToolExchange | None = None
    calls_so_far: int = 0  # tool calls already made in this turn (for deterministic call ids)
    previous: str | None = None  # the person's message before this one, if it is in the window
    last_reply: str | None = None  # the assistant's reply just before this message
    # The person's messages, oldest first, that got this same reply before this one: a request and its
    # earlier answers while the same question was asked ("remind me to call mum" … "tomorrow" … "10am").
    asked_since: tuple[str, ...] = ()
    # The person's earlier messages in the window, oldest first, each with the assistant's reply to it.
    said_before: tuple[tuple[str, str | None], ...] = ()

    @property
    def active_command(self) -> dict[str, Any] | None:
        command = self.context.get("active_command")
        return command if isinstance(command, dict) and command.get("command_id") else None

    @property
    def recent_entities(self) -> list[dict[str, Any]]:
        return [e for e in self.context.get("recent_entities") or [] if isinstance(e, dict) and e.get("ref")]

    def focused_on(self, entity: dict[str, Any]) -> Turn:
        """This turn with ``entity`` first among the recent events: "it" is the one the message before named."""
        return replace(self, context={**self.context, "recent_entities": [entity, *(e for e in self.recent_entities if e is not entity)]})

    @property
    def last_listed(self) -> list[str]:
        return [str(ref) for ref in self.context.get("last_listed") or []]

    @property
    def suspended(self) -> list[dict[str, Any]]:
        intent = self.context.get("intent") or {}
        return [task for task in intent.get("suspended") or [] if isinstance(task, dict)]

    @property
    def zh(self) -> bool:
        return self.language == "zh"


def normalize(text: str) -> str:
    # NFKC turns "３点", "，" and "？" into ASCII so one set of patterns reads both widths; traditional
    # Chinese and Cantonese read as simplified Mandarin, so every rule reads one script.
    text = respell(simplified(unicodedata.normalize("NFKC", text)).replace("\u2019", "'"))  # "shedule" is "schedule"
    text = ASSENT_LEAD.sub("", WAKE_WORDS.sub("", text)).strip()
    if (wrap := POLITE_WRAP.match(text)) and wrap.end() < len(text):  # "would you mind moving my dentist …": move it
        text = _GERUND.sub(_verb, text[wrap.end() :]) if "mind" in wrap[0].lower() else text[wrap.end() :]
    return " ".join(text.split())


# A request verb after "would you mind", as its -ing form: "putting" is "put", "moving" "move", "cancelling" "cancel".
_GERUND = re.compile(r"^(\w+)ing\b")
_E_DROPPED = re.compile(r"(?:mov|chang|schedul|creat|remov|delet|updat|arrang|mak|tak|writ|not)$")


def _verb(said: re.Match[str]) -> str:
    stem = said[1]
    if stem in ("putt", "sett", "gett") or stem.endswith("ll"):
        return stem[:-1]  # "putting", "cancelling"
    return stem + "e" if _E_DROPPED.search(stem) else stem


def split_user_turn(content: str) -> tuple[dict[str, Any], str]:
    """A user turn that starts with the server's context: (the context, the person's message)."""
    if not content.startswith(_OPEN):
        return {}, content
    try:
        # Decode the JSON itself rather than cut at "</context>": an event title may contain that tag.
        parsed, end = json.JSONDecoder().raw_decode(content, len(_OPEN))
    except json.JSONDecodeError:
        return {}, content
    rest = content[end:]
    rest = rest.removeprefix("</context>").removeprefix("\n")
    return (parsed if isinstance(parsed, dict) else {}), rest


def read_context(messages: list[dict[str, Any]]) -> dict[str, Any]:
    # The context rides in the last user turn; older requests (and some tests) carry it in a
    # second system message.
    for message in reversed(messages):
        content = message.get("content")
        if message.get("role") == "user" and isinstance(content, str) and content.startswith(_OPEN):
            return split_user_turn(content)[0]
    for message in messages[:3]:
        content = message.get("content")
        if message.get("role") != "system" or not isinstance(content, str) or _OPEN not in content:
            continue
        start = content.index(_OPEN) + len(_OPEN)
        try:
            parsed, _ = json.JSONDecoder().raw_decode(content, start)
        except json.JSONDecodeError:
            return {}
        return parsed if isinstance(parsed, dict) else {}
    return {}


def _now(context: dict[str, Any]) -> datetime.datetime | None:
    try:
        # "now" is already the person's wall-clock time; a naive value is the right model of it.
        return datetime.datetime.strptime(str(context.get("now")), "%Y-%m-%d %H:%M")  # noqa: DTZ007
    except ValueError:
        return None


def _exchange(messages: list[dict[str, Any]]) -> ToolExchange | None:
    """The tool call and result at the end of the request, if the request ends with one."""
    if len(messages) < 2 or messages[-1].get("role") != "tool":
        return None
    calls = messages[-2].get("tool_calls") or []
    if not calls:
        return None
    function = calls[0].get("function") or {}
    try:
        arguments = json.loads(function.get("arguments") or "{}")
        result = json.loads(messages[-1].get("content") or "{}")
    except json.JSONDecodeError:
        return ToolExchange(str(function.get("name", "")), {}, {})
    return ToolExchange(
        str(function.get("name", "")),
        arguments if isinstance(arguments, dict) else {},
        result if isinstance(result, dict) else {},
    )


def read_turn(request: ModelRequest) -> Turn:
    messages = list(request.messages)
    context = read_context(messages)
    user_texts = [
        split_user_turn(str(m["content"]))[1]
        for m in messages
        if m.get("role") == "user" and isinstance(m.get("content"), str)
    ]
    text = normalize(user_texts[-1]) if user_texts else ""
    previous = normalize(user_texts[-2]) if len(user_texts) > 1 else None
    last_reply = _last_reply(messages)
    now = _now(context)
    # Without "now" (a broken context) relative symbols still mean the same; only a year is guessed.
    today = now.date() if now else datetime.date(2000, 1, 1)
    # The server decided the reply language from this message (assistant.language).
    language = "zh" if context.get("language") == "zh" else "en"
    calls = sum(len(m.get("tool_calls") or []) for m in messages if m.get("role") == "assistant")
    said = _said(messages)
    return Turn(
        text=text,
        today=today,
        now=now,
        language=language,
        context=context,
        exchange=_exchange(messages),
        calls_so_far=calls,
        previous=previous,
        last_reply=last_reply,
        asked_since=_asked_since(said),
        said_before=tuple(said[:-1]),
    )


def _said(messages: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    said: list[tuple[str, str | None]] = []  # each user message, and the assistant's text after it
    for message in messages:
        content = message.get("content")
        if message.get("role") == "user" and isinstance(content, str):
            said.append((normalize(split_user_turn(content)[1]), None))
        elif message.get("role") == "assistant" and isinstance(content, str) and said:
            said[-1] = (said[-1][0], content)
    return said


def _asked_since(said: list[tuple[str, str | None]]) -> tuple[str, ...]:
    if len(said) < 2 or said[-2][1] is None:
        return ()
    asked, run = said[-2][1], list[str]()
    for text, reply in reversed(said[:-1]):
        if reply != asked:
            break
        run.insert(0, text)
    return tuple(run)


def _last_reply(messages: list[dict[str, Any]]) -> str | None:
    """The assistant's text right before the last user message."""
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=None)
    if last_user is None or last_user == 0:
        return None
    before = messages[last_user - 1]
    content = before.get("content")
    return content if before.get("role") == "assistant" and isinstance(content, str) else None
