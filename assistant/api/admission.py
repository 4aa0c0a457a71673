"""The one way in for every endpoint that runs a turn: the JSON ones and the SSE stream.

``admit`` is DRF's dispatch up to the handler, for any ``TurnView``: authentication (a token,
or a session with its CSRF token), permissions, the person's message limits, then the input
validated and made into a turn (``view.turn``); a refusal is answered by the API's one error
handler. Both drivers' JSON views and the stream call it, so a 401, 403, 429, 400 or 404 is
the same answer everywhere.

The body is read from the wire once, first: DRF's CSRF check (session requests) parses the
request's data, and a parse that read the wire itself would leave nothing for whoever reads
the body next. Read here, the body is kept, DRF's parsers read that copy, and the validation
reads the data DRF parsed — one read, one parse.

Whatever else goes wrong on the way in or in the turn (a database or Redis that does not
answer, a bug) is logged with the turn's id and answered as JSON: 503 with ``Retry-After``
when a service is down, 500 otherwise — never an HTML error page.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError
from django.http import HttpRequest
from rest_framework import exceptions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from assistant.turn.drivers import Turn
from assistant.turn.lock import REDIS_DOWN

logger = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 5

Admission = tuple[Request, Turn | None, Response | None]


class TurnEndpoint(APIView):
    """What ``admit`` needs of a view: DRF's dispatch and the view's own turn (``views.TurnView``)."""

    turn_id = ""  # set per request: the id its log lines and its error answer carry

    def turn(self, request: Request, **kwargs: Any) -> Turn:
        raise NotImplementedError


class BodyTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "the body is too large"


def turn_id() -> str:
    """The id a turn's log lines (and a streamed error) carry, from its admission on."""
    return uuid.uuid4().hex[:12]


def admit(view: TurnEndpoint, request: HttpRequest, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Admission:
    """Who asks, whether they may send now, and what: a turn to run, or the answer refusing it."""
    view.args, view.kwargs = args, kwargs
    drf_request = view.initialize_request(request, *args, **kwargs)
    view.request = drf_request
    view.headers = view.default_response_headers
    try:
        _read_body_once(request)
        view.initial(drf_request, *args, **kwargs)
        return drf_request, view.turn(drf_request, **kwargs), None
    except Exception as exc:
        return drf_request, None, refusal(view, exc)


def refusal(view: TurnEndpoint, exc: Exception) -> Response:
    """The answer to an exception on the way in or in the turn: the API's error handler for
    what it knows (401, 403, 404, 409, 429, 400...), else a logged JSON 503 or 500."""
    try:
        return view.handle_exception(exc)
    except Exception as unknown:
        return unexpected(view.turn_id, unknown)


def unexpected(turn: str, error: BaseException) -> Response:
    if isinstance(error, (DatabaseError, *REDIS_DOWN)):
        logger.error("turn %s: a service did not answer", turn, exc_info=error)
        detail = "the service is briefly unavailable; nothing was lost, please try again"
        return Response(
            {"detail": detail, "turn": turn},
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    logger.error("turn %s failed", turn, exc_info=error)
    detail = "something went wrong on our side; your message, if it was received, is saved"
    return Response({"detail": detail, "turn": turn}, status=status.HTTP_500_INTERNAL_SERVER_ERROR)


def _read_body_once(request: HttpRequest) -> None:
    try:
        request.body  # noqa: B018 - read and kept by Django: every later reader gets this copy
    except RequestDataTooBig:
        raise BodyTooLarge() from None
