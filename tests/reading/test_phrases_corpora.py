"""Every phrase of the public date/time corpora is read right, left to the model, or - never -
read wrongly; the corpora, the conventions and the judge are in ``evals.phrase_corpora``."""

from __future__ import annotations

import pytest

from assistant.reading import WhenMatch
from evals.phrase_corpora import (
    CORPUS_DIR,
    PRODUCT_READINGS,
    UNSUPPORTED,
    Entry,
    Outcome,
    judge,
    load_corpora,
    read,
)

ENTRIES = load_corpora() if CORPUS_DIR.is_dir() else []
needs_corpora = pytest.mark.skipif(not CORPUS_DIR.is_dir(), reason=f"corpus folder {CORPUS_DIR} is absent")


@needs_corpora
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.id)
def test_corpus_phrase(entry: Entry) -> None:
    match = read(entry)
    outcome = judge(entry, match)
    assert outcome != "wrong", f"{entry.phrase!r} read WRONGLY as {match} (expected {entry.expected}, {entry.grain})"
    if entry.phrase in UNSUPPORTED:
        assert outcome == "none", f"{entry.phrase!r} is read now: remove it from UNSUPPORTED"
    elif entry.in_scope and entry.expected is not None:
        assert outcome == "right", f"{entry.phrase!r} (in scope) was left to the model"


@needs_corpora
def test_every_listed_phrase_is_in_the_corpora() -> None:
    phrases = {entry.phrase for entry in ENTRIES}
    assert set(UNSUPPORTED) <= phrases
    assert set(PRODUCT_READINGS) <= phrases
    # Listing a phrase that need not be read anyway would say nothing.
    concrete = {entry.phrase for entry in ENTRIES if entry.in_scope and entry.expected is not None}
    assert set(UNSUPPORTED) <= concrete


@needs_corpora
def test_product_readings_differ_from_the_corpus() -> None:
    # Each override is a real convention difference, not a way to make a failure pass.
    for entry in ENTRIES:
        if entry.phrase in PRODUCT_READINGS and entry.expected is not None:
            reading = PRODUCT_READINGS[entry.phrase][0]
            said = entry.expected.isoformat() if "-" in reading else entry.expected.strftime("%H:%M")
            assert not said.startswith(reading), entry.phrase


@needs_corpora
def test_the_corpora_are_all_loaded() -> None:
    files = {entry.file for entry in ENTRIES}
    assert len(files) == len(list(CORPUS_DIR.glob("*.txt")))
    in_scope = [entry for entry in ENTRIES if entry.in_scope and entry.expected is not None]
    assert len(in_scope) > 400


@needs_corpora
def test_the_judge_catches_wrong_and_partial_readings() -> None:
    # The corpus test is only as strict as this judge: feed it readings we know are wrong.
    by_phrase = {entry.phrase: entry for entry in ENTRIES if entry.file == "duckling_en.txt"}

    def outcome(phrase: str, date: str | None, clock: str | None) -> Outcome:
        return judge(by_phrase[phrase], WhenMatch(date=date, time=clock, part_of_day=None, spans=((0, 1),)))

    assert outcome("9 tomorrow", "D+1", "09:00") == "right"
    assert outcome("9 tomorrow", None, "09:00") == "wrong"  # "tomorrow" dropped
    assert outcome("9 tomorrow", "D+1", "21:00") == "wrong"
    assert outcome("9 tomorrow", "D+2", "09:00") == "wrong"
    assert outcome("9 tomorrow", "D+1", None) == "wrong"  # the time dropped
    assert outcome("at 3am", None, "03:00") == "right"  # Duckling's "tomorrow" only rolls a passed time
    assert outcome("this week-end", "WE", None) == "right"
    assert outcome("this week-end", "W6", None) == "wrong"
    assert outcome("this week-end", "WE+1", None) == "wrong"
    assert outcome("tuesday", "W2+1", None) == "right"
    assert outcome("tuesday", "W2", None) == "wrong"  # said on a Tuesday: next week's
    assert outcome("this monday", "W1", None) == "right"
    assert outcome("this monday", "W1+1", None) == "wrong"  # Duckling's reading, not the product's
    assert outcome("in 7 days", "D+7", None) == "right"
    assert outcome("in 7 days at 5pm", "D+7", None) == "wrong"
    assert judge(by_phrase["today"], None) == "none"


@needs_corpora
@pytest.mark.django_db  # read_patch builds a SlotPatch; no query runs
def test_the_fast_path_reads_no_corpus_phrase_wrongly() -> None:
    # The fast path may decline anything; what it does read (a date or a time) must be right.
    from assistant.turn.patch import read_patch

    wrong = []
    for entry in ENTRIES:
        reading = read_patch(entry.phrase, today=entry.reference)
        if reading is None or (reading.patch.date is None and reading.patch.time is None):
            continue
        match = WhenMatch(date=reading.patch.date, time=reading.patch.time, part_of_day=None, spans=((0, 1),))
        if judge(entry, match) == "wrong":
            wrong.append(f"{entry.id} -> {reading.patch.date} {reading.patch.time}")
    assert wrong == []
