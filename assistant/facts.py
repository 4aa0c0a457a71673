"""A deterministic fact extractor: stable facts a person states in passing become memory
entries with source "inferred" (a fact they asked to remember has source "user")."""

from __future__ import annotations

import re

from assistant.memory import MemoryStore
from assistant.models import MemoryFact, Message, Role

_PATTERNS = [
    (
        re.compile(r"\bmy\s+(?P<who>[a-z' ]{2,30}?)'?s?\s+birthday\s+is\s+(?:on\s+)?(?P<when>[^.,;!?]{3,30})", re.I),
        "{who}'s birthday",
        "{Who}'s birthday is {when}.",
    ),
    (
        re.compile(r"\bmy\s+birthday\s+is\s+(?:on\s+)?(?P<when>[^.,;!?]{3,30})", re.I),
        "my birthday",
        "My birthday is {when}.",
    ),
    (
        re.compile(
            r"\bi\s+(?:prefer|like)\s+(?P<what>(?:morning|afternoon|evening)s?)\s+(?:meetings?|for meetings)", re.I
        ),
        "meeting preference",
        "Prefers meetings in the {what}.",
    ),
    (
        re.compile(
            r"(?P<who>我妈妈|我妈|妈妈|我爸爸|我爸|爸爸|老婆|老公|我女儿|我儿子|我)的生日是(?P<when>[^，。！？,.!?]{2,12})"
        ),
        "{who}的生日",
        "{who}的生日是{when}。",
    ),
    (re.compile(r"我(?:比较)?(?:喜欢|习惯)(?P<what>上午|下午|晚上)开会"), "开会偏好", "喜欢{what}开会。"),
]


def extract_facts(text: str) -> list[tuple[str, str]]:
    found = []
    for pattern, topic, fact in _PATTERNS:
        match = pattern.search(text)
        if match:
            values = {key: value.strip() for key, value in match.groupdict().items()}
            if "who" in values:
                values["Who"] = values["who"][:1].upper() + values["who"][1:]
            found.append((topic.format(**values), fact.format(**values)))
    return found


def extract_facts_from_message(*, message_id: int) -> int:
    message = Message.objects.select_related("thread__owner").filter(id=message_id, role=Role.USER).first()
    if message is None or re.search(r"\bremember\b|记住", message.text, re.I):
        return 0  # an explicit "remember" goes through the tool, with source "user"
    store = MemoryStore(message.thread.owner, message.created_at, message)
    saved = 0
    for topic, fact in extract_facts(message.text):
        if MemoryFact.objects.filter(
            owner=message.thread.owner, topic__iexact=topic, source=MemoryFact.Source.USER
        ).exists():
            continue
        store.remember(topic, fact, message.id, source=MemoryFact.Source.INFERRED)
        saved += 1
    return saved
