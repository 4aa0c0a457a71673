"""Template context shared by every page."""

from django.conf import settings
from django.http import HttpRequest

from assistant.web.i18n import HTML_LANG, language_of, strings_for


def product(request: HttpRequest) -> dict[str, object]:
    language = language_of(request)
    return {
        "model_provider": settings.MODEL_PROVIDER,
        "model_is_stand_in": settings.MODEL_PROVIDER == "offline",
        "ui_language": language,
        "html_lang": HTML_LANG[language],
        "ui": strings_for(language),
    }
