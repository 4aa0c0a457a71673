"""POST a message, get the reply as Server-Sent Events, from an async view under ASGI.

Authentication, the throttle and the thread's owner are read in one hop to a database thread;
the turn runs on the async driver (its steps in database threads, the model awaited on the
event loop), so a slow model holds no thread. The reply text is sent once the exit invariant has checked it:
a claim never reaches the screen before it is verified. A client that disconnects loses
nothing: the turn finishes and both messages stay in the archive.

Events: ``status`` (received / thinking / tool), ``reply`` (the turn, as in the JSON API),
``error`` (a clear message), then ``done``.
"""

from __future__ import annotations

import asyncio
import json
import math
import uuid
from collections.abc import AsyncIterator
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse, StreamingHttpResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework.authentication import CSRFCheck
from rest_framework.authtoken.models import Token

from assistant.api.parsers import loads_bounded
from assistant.api.throttles import throttled_message, turn_throttle_wait
from assistant.api.views import turn_payload
from assistant.turn.drivers import arun_turn_to_the_end
from assistant.turn.inputs import message_turn
from assistant.turn.load import thread_get
from assistant.turn.lock import ThreadBusy
from assistant.turn.threads import in_database_thread
from scheduling.errors import ApplicationError, NotFound


def _authenticate(request: HttpRequest) -> tuple[User | None, HttpResponse | None]:
    header = request.headers.get("Authorization", "")
    if header.startswith("Token "):
        key = header.removeprefix("Token ").strip()
        token = Token.objects.select_related("user").filter(key=key).first()
        if token is None or not token.user.is_active:
            return None, _unauthorized("invalid token")
        return token.user, None
    user = request.user
    if not user.is_authenticated:
        return None, _unauthorized("authentication required")
    # Session authentication needs the CSRF token, as every form does.
    check = CSRFCheck(lambda _request: HttpResponse())
    check.process_request(request)
    rejected = check.process_view(request, _csrf_probe, (), {})
    if rejected is not None:
        return None, JsonResponse({"detail": "CSRF check failed"}, status=403)
    return user, None


def _unauthorized(detail: str) -> JsonResponse:
    # As the JSON endpoints answer (DRF's TokenAuthentication comes first): say which scheme.
    return JsonResponse({"detail": detail}, status=401, headers={"WWW-Authenticate": "Token"})


def _csrf_probe(request: HttpRequest) -> HttpResponse:
    """Stands in for the view in the CSRF check (which only looks at its attributes)."""
    return HttpResponse()


def _is_uuid(value: object) -> bool:
    try:
        return isinstance(value, str) and str(uuid.UUID(value)) == value.lower()
    except ValueError:
        return False


def _sse(event: str, data: dict[str, Any]) -> str:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False, default=str)}\n\n"


def _admission(request: HttpRequest, thread_id: int) -> tuple[User | None, HttpResponse | None, bool]:
    """Who asks, whether they may send now, and whether the thread is theirs (answered in that
    order), in one hop to a database thread."""
    user, problem = _authenticate(request)
    if problem is not None or user is None:
        return None, problem or JsonResponse({"detail": "authentication required"}, status=401), False
    wait = turn_throttle_wait(user=user)
    if wait is not None:
        # The same per-person budget as the JSON endpoint, with the same answer.
        limited = JsonResponse({"detail": throttled_message(wait)}, status=429)
        limited["Retry-After"] = str(math.ceil(wait))
        return user, limited, False
    try:
        thread_get(owner=user, thread_id=thread_id)
    except NotFound:
        return user, None, False
    return user, None, True


@csrf_exempt
async def stream_message(request: HttpRequest, thread_id: int) -> HttpResponseBase:
    if request.method != "POST":
        return JsonResponse({"detail": "method not allowed"}, status=405, headers={"Allow": "POST"})
    user, problem, thread_found = await in_database_thread(_admission, request, thread_id)
    if problem is not None or user is None:
        return problem or JsonResponse({"detail": "authentication required"}, status=401)
    try:
        body = loads_bounded(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        return JsonResponse({"detail": "the body must be JSON"}, status=400)
    if not isinstance(body, dict):
        return JsonResponse({"detail": "the body must be a JSON object"}, status=400)
    quick_reply_for = body.get("quick_reply_for")
    if quick_reply_for is not None and not _is_uuid(quick_reply_for):
        return JsonResponse({"detail": "quick_reply_for must be a command id"}, status=400)
    try:
        turn = message_turn(user=user, thread_id=thread_id, text=body.get("text"), quick_reply_for=quick_reply_for)
    except ApplicationError as error:
        return JsonResponse({"detail": error.message, **error.extra}, status=400)
    if not thread_found:
        return JsonResponse({"detail": "thread not found"}, status=404)

    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[str, dict[str, Any]] | None] = asyncio.Queue()

    def emit(event: str, data: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, (event, data))

    async def answer() -> None:
        try:
            outcome = await arun_turn_to_the_end(turn, emit=emit)
            await queue.put(("reply", turn_payload(outcome)))  # no database work: on the loop
        except ThreadBusy:
            await queue.put(
                ("error", {"detail": "another message in this thread is still being answered", "retry": True})
            )
        except Exception:
            await queue.put(("error", {"detail": "the reply failed; your message is saved", "retry": True}))
        finally:
            await queue.put(None)

    task = asyncio.create_task(answer())

    async def events() -> AsyncIterator[str]:
        yield _sse("status", {"stage": "received", "stand_in": settings.MODEL_PROVIDER == "offline"})
        while True:
            item = await queue.get()
            if item is None:
                break
            yield _sse(*item)
        yield _sse("done", {})
        await task

    response = StreamingHttpResponse(events(), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
