"""Helpers for the page tests: a signed-in browser-like client, and HTML checks."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

# A <script> element with no src attribute is inline code; the CSP would block it anyway,
# but a page that needs one is broken. Attribute handlers (onclick=) and style= likewise.
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
STYLE_BLOCK = re.compile(r"<style\b", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"\sstyle\s*=", re.IGNORECASE)
HANDLER_ATTRIBUTE = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)
JAVASCRIPT_URL = re.compile(r"""(href|src|action)\s*=\s*["']?\s*javascript:""", re.IGNORECASE)


def inline_code_problems(html: str) -> list[str]:
    problems = []
    for name, pattern in [
        ("inline <script>", INLINE_SCRIPT),
        ("<style> block", STYLE_BLOCK),
        ("style= attribute", STYLE_ATTRIBUTE),
        ("on*= handler", HANDLER_ATTRIBUTE),
        ("javascript: URL", JAVASCRIPT_URL),
    ]:
        problems += [f"{name}: {match.group(0)[:80]}" for match in pattern.finditer(html)]
    return problems


@pytest.fixture
def signed_in(client: Client, person: AbstractBaseUser) -> Client:
    client.force_login(person)
    return client
