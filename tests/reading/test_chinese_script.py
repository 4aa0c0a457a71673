"""Readers read one script (traditional Chinese and Cantonese as simplified Mandarin); what is kept
stays in the characters the person typed; a broken character never breaks a reader."""

from __future__ import annotations

import pytest

from assistant.providers.offline.understand import respond
from assistant.reading.chinese import as_written, simplified
from tests.assistant.offline_requests import request
from tools.handlers.targets import title_score


def test_traditional_and_cantonese_read_as_simplified() -> None:
    assert simplified("聽朝八點提我食藥") == "明早八点提醒我食药"
    assert simplified("no chinese here") == "no chinese here"


def test_a_value_read_from_the_simplified_form_goes_back_in_the_persons_script() -> None:
    assert as_written("老板来公司", "我老闆明天來公司") == "老闆來公司"
    assert as_written("开会", "明天开会") == "开会"  # typed simplified: unchanged
    assert as_written("Dentist", "dentist fri") == "Dentist"


@pytest.mark.parametrize("text", ["明天\ud83d會議", "\ud83d", "會議\udc00 friday"])
def test_a_lone_surrogate_never_breaks_a_reader(text: str) -> None:
    assert "\ufffd" in simplified(text) or not any("\u4e00" <= char <= "\u9fff" for char in text)
    assert isinstance(as_written("会议", text), str)
    assert title_score(text, "會議") >= 0
    assert respond(request(text, language="zh")).text or respond(request(text, language="zh")).tool_calls
