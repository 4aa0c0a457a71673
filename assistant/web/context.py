"""Template context shared by every page."""

from django.conf import settings
from django.http import HttpRequest


def product(request: HttpRequest) -> dict[str, object]:
    return {
        "model_provider": settings.MODEL_PROVIDER,
        "model_is_stand_in": settings.MODEL_PROVIDER == "offline",
    }
