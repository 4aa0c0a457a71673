"""The pages' words in English and Chinese, chosen from the person's profile language.

A small table (``catalogue.PAGES``) rather than gettext catalogs: two languages, a few dozen strings,
and the same table feeds the templates and (as a data attribute) the chat script, so the two never
disagree.
"""

from __future__ import annotations

from django.http import HttpRequest

from catalogue import PAGES, texts
from scheduling.models import Profile

LANGUAGES = ("en", "zh")
HTML_LANG = {"en": "en", "zh": "zh-Hans"}


def strings_for(language: str) -> dict[str, str]:
    return texts(PAGES, language)


def language_of(request: HttpRequest) -> str:
    """The person's profile language; before sign-in, the browser's preferred language."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        try:
            return "zh" if user.profile.language == "zh" else "en"
        except Profile.DoesNotExist:
            pass
    code = getattr(request, "LANGUAGE_CODE", "") or ""
    return "zh" if code.lower().startswith("zh") else "en"
