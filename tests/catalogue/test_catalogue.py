"""The catalogue: every string in both languages, with the same named fields in each."""

from __future__ import annotations

import string

import pytest

from catalogue import CATALOGUE, ONE_LANGUAGE_FIELDS, PAGES, _merged, template, text, texts


def _fields(value: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(value) if name is not None}


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_key_has_both_languages(key: str) -> None:
    english, chinese = CATALOGUE[key]
    assert english.strip(), f"{key}: no English"
    assert chinese.strip(), f"{key}: no Chinese"


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_both_versions_name_the_same_fields(key: str) -> None:
    english, chinese = (_fields(value) for value in CATALOGUE[key])
    allowed = ONE_LANGUAGE_FIELDS.get(key, frozenset())
    assert english - allowed == chinese - allowed
    assert all(not name.isdigit() and name for name in english | chinese), f"{key}: fields must be named"


@pytest.mark.parametrize("key", sorted(ONE_LANGUAGE_FIELDS))
def test_a_field_left_out_is_left_out_of_exactly_one_language(key: str) -> None:
    english, chinese = (_fields(value) for value in CATALOGUE[key])
    for name in ONE_LANGUAGE_FIELDS[key]:
        assert (name in english) != (name in chinese), f"{key}: {name}"


def test_a_key_means_one_string_across_the_tables() -> None:
    with pytest.raises(ValueError, match="ok"):
        _merged(({"ok": ("OK.", "好的。")}, {"ok": ("Fine.", "行。")}))


def test_text_fills_named_fields_in_the_language_asked() -> None:
    assert text("deleted", "zh", label="X") == "已删除：X。"
    assert text("deleted", "en", label="X") == "Deleted: X."
    assert text("deleted", "fr", label="X") == "Deleted: X."  # anything but Chinese is English
    assert text("task_named", "en", title="Dinner") == "'Dinner'"


def test_the_pages_get_their_templates_unfilled() -> None:
    ui = texts(PAGES, "zh")
    assert set(ui) == set(PAGES)
    assert ui["limit_trim"] == template("limit_trim", "zh") == "截短到 {limit} 个字符"
