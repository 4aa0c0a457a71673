"""The one text cleaner: what may be stored and shown, the same on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from scheduling.errors import ValidationFailed
from scheduling.services import clean_title
from scheduling.text import clean_json, clean_line, clean_text, is_blank

BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]


@pytest.mark.parametrize("control", BIDI)
def test_bidi_controls_go_anywhere(control: str) -> None:
    assert clean_text(f"Pay {control}gnp.exe{control} now") == "Pay gnp.exe now"


def test_nul_and_controls_go_newlines_and_tabs_stay() -> None:
    assert clean_text("a\x00b\x07c\r\nd\te\x85f") == "ab c\nd\te f"


def test_a_lone_surrogate_goes_and_a_pair_is_joined() -> None:
    assert clean_text("x\ud800y\udfffz") == "xyz"
    assert clean_text("smile \ud83d\ude00") == "smile \U0001f600"
    assert clean_text("\ufffd stays: it is a real character") == "\ufffd stays: it is a real character"
    clean_text("\ud800 lone").encode("utf-8")  # encodable: PostgreSQL can store it


@pytest.mark.parametrize(
    "invisible",
    ["\u200b", "\u200b\u200c\u200d", "\ufeff\u2060", " \u3164 ", "\u2800", "\ufe0f", "\u200e\u200f", "\x00\u202e"],
)
def test_text_of_invisible_characters_only_is_blank(invisible: str) -> None:
    assert is_blank(clean_text(invisible))
    with pytest.raises(ValidationFailed):
        clean_title(invisible)


@pytest.mark.parametrize("visible", ["a", "会", "\U0001f600", "1", "\u0301e"])
def test_visible_text_is_not_blank(visible: str) -> None:
    assert not is_blank(clean_text(visible))


def test_zero_width_characters_that_carry_nothing_go_and_an_emoji_joiner_stays() -> None:
    assert clean_line("\u200bDen\u200btist\ufeff") == "Dentist"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clean_line(f"{family} picnic") == f"{family} picnic"
    assert clean_line("\u200d Lunch \u200d") == "Lunch"


def test_a_title_is_one_clean_line_in_normal_form() -> None:
    assert clean_title("  Team\n\tsync \u202eevil ") == "Team sync evil"
    assert clean_title("Cafe\u0301") == "Caf\u00e9"
    assert clean_title("和王总\u200b开会") == "和王总开会"


def test_clean_json_cleans_keys_and_nested_strings_and_keeps_other_values() -> None:
    value = {"ti\x00tle": ["a\x00", {"b": "\ud800c"}], "n": 3, "none": None, "ok": True}
    assert clean_json(value) == {"title": ["a", {"b": "c"}], "n": 3, "none": None, "ok": True}
