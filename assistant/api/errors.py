"""One place that maps application errors to clear HTTP errors."""

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.defaults import page_not_found
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from assistant.turn.lock import ThreadBusy
from scheduling.errors import ApplicationError, NotFound, ValidationFailed


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ThreadBusy):
        detail = "another message in this thread is still being answered; try again"
        return Response({"detail": detail}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, NotFound):
        return Response({"detail": exc.message, **exc.extra}, status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, ValidationFailed):
        return Response({"detail": exc.message, **exc.extra}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ApplicationError):
        return Response({"detail": exc.message, **exc.extra}, status=status.HTTP_400_BAD_REQUEST)
    return drf_exception_handler(exc, context)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A URL that matches no route: JSON under /api/ (as every other API error), the page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "not found"}, status=status.HTTP_404_NOT_FOUND)
    return page_not_found(request, exception)
