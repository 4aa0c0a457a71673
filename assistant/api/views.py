"""The JSON API: thin views that validate input, call one service, serialize the result."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Callable, Coroutine
from typing import Any, NoReturn, cast

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import exceptions, generics, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from assistant.api.admission import TurnEndpoint, admit, refusal, turn_id
from assistant.api.serializers import (
    ConfirmationDecisionSerializer,
    ErrorSerializer,
    EventRangeSerializer,
    EventSerializer,
    MessageSerializer,
    PostMessageSerializer,
    ProfileSerializer,
    ScopeChoiceSerializer,
    ThreadSerializer,
    TurnSerializer,
    message_card_context,
)
from assistant.api.throttles import TURN_THROTTLES, throttled_message
from assistant.models import Message, Thread
from assistant.providers.registry import configuration_problem, get_provider, profile_report
from assistant.turn.drivers import Turn, arun_turn_to_the_end, run_turn
from assistant.turn.inputs import cancel_turn, confirmation_turn, message_turn, scope_turn
from assistant.turn.load import thread_get
from assistant.turn.lock import thread_lock
from assistant.turn.orphans import orphans_answer_quietly
from assistant.turn.prompt import static_prefix_tokens
from assistant.turn.record import TurnOutcome
from assistant.turn.threads import in_database_thread
from scheduling.localtime import local_datetime
from scheduling.selectors import occurrences_in_range, profile_get

GATE_ENTRIES = {"confirmation", "confirmation_gate", "confirmation_button", "discarded"}


def error(description: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=description)


AUTH_ERRORS = {
    401: error("No valid session or token."),
    403: error("A session request without its CSRF token."),
}
BAD_REQUEST = {400: error("The input is not valid; `detail` or the field names say why.")}
NOT_FOUND = {404: error("Not found among the person's own (another person's is a 404 too).")}
TURN_ERRORS = {
    **AUTH_ERRORS,
    **BAD_REQUEST,
    **NOT_FOUND,
    409: error("Another message in this thread is still being answered; try again."),
    413: error("The body is larger than the server accepts."),
    429: error("Too many messages in a short time; `Retry-After` says when to try again."),
    503: error("A service did not answer; `Retry-After` says when to try again."),
}
TURN_RESPONSES = {201: TurnSerializer, **TURN_ERRORS}


# One serializer for every turn's two messages: building a ModelSerializer's fields costs more
# CPU than the rest of the payload, and with no context nothing of it depends on the request.
_TURN_MESSAGE = MessageSerializer()


def turn_payload(outcome: TurnOutcome) -> dict[str, Any]:
    """The turn as the API shows it: JSON made here, from the turn's typed tool calls."""
    trace = outcome.trace
    tool_calls = [call for call in outcome.tool_calls if call.tool not in GATE_ENTRIES and not call.rolled_back]
    return {
        "user_message": _TURN_MESSAGE.to_representation(outcome.user_message),
        "assistant_message": _TURN_MESSAGE.to_representation(outcome.assistant_message),
        "route": trace.route,
        "model_calls": trace.model_calls,
        "tools": [call.tool for call in tool_calls],
        "statuses": [call.status for call in tool_calls if call.status],
        "flags": trace.flags,
        "events": [call.event.to_json() for call in outcome.tool_calls if call.event is not None],
        "intent_revision": outcome.state.revision,
        "provider": trace.provider,
    }


def person(request: Request) -> User:
    """The authenticated person (every view here requires authentication)."""
    return cast(User, request.user)


def turn_created(outcome: TurnOutcome) -> Response:
    return Response(turn_payload(outcome), status=status.HTTP_201_CREATED)


class TurnView(TurnEndpoint):
    """A view that runs a turn: counted against the person's message limits.

    Every POST comes in through ``admission.admit`` (authentication, CSRF, the limits, the
    input made into a turn, the errors), under WSGI and under ASGI, as the SSE stream does.
    Under WSGI the turn runs in the request's thread. Under ASGI the admission runs in one hop
    to a database thread; the turn runs on the async driver, so the wait for the model holds no
    thread; the reply is rendered without another hop.
    """

    throttle_classes = TURN_THROTTLES

    def throttled(self, request: Request, wait: float | None) -> NoReturn:
        raise exceptions.Throttled(wait, detail=throttled_message(wait))

    def turn(self, request: Request, **kwargs: Any) -> Turn:
        """The input checked and made into a turn (reads the database; raises for a 400 or 404)."""
        raise NotImplementedError

    def post(self, request: Request, **kwargs: Any) -> Response:
        """DRF's handler: names POST for the Allow header and the schema. Every POST is sent
        through ``admit`` (``spost`` / ``apost``) instead; this is what it would do."""
        return turn_created(run_turn(self.turn(request, **kwargs)))

    @classmethod
    def as_view(cls, **initkwargs: Any) -> Callable[..., Coroutine[Any, Any, HttpResponseBase]]:  # type: ignore[override]
        drf_view = super().as_view(**initkwargs)

        async def view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method != "POST":
                # DRF's own answers (GET, OPTIONS, 405), in the request's thread or a database thread.
                if not isinstance(request, ASGIRequest):
                    return cast(HttpResponseBase, await sync_to_async(drf_view)(request, *args, **kwargs))
                return cast(HttpResponseBase, await in_database_thread(drf_view, request, *args, **kwargs))
            if not isinstance(request, ASGIRequest):
                # A WSGI server (or the test client) awaits this through async_to_sync: the
                # admission and the turn run back in the request's own thread.
                return await sync_to_async(cls(**initkwargs).spost)(request, *args, **kwargs)
            return await cls(**initkwargs).apost(request, *args, **kwargs)

        # cls, initkwargs and csrf_exempt (DRF checks CSRF itself): what Django and the schema read.
        functools.update_wrapper(view, drf_view)
        return view

    def spost(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        """The POST under WSGI: the turn runs in this thread, the model call blocking it."""
        self.setup(request, *args, **kwargs)
        self.turn_id = turn_id()
        drf_request, turn, response = admit(self, request, args, kwargs)
        if turn is not None:
            try:
                response = turn_created(run_turn(turn))
            except Exception as exc:  # a busy thread: 409, by the handler
                response = refusal(self, exc)
        assert response is not None
        finished = self.finalize_response(drf_request, response, *args, **kwargs)
        finished.render()
        return finished

    async def apost(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        self.setup(request, *args, **kwargs)
        self.turn_id = turn_id()
        drf_request, turn, response = await in_database_thread(admit, self, request, args, kwargs)
        if turn is not None:
            try:
                response = turn_created(await arun_turn_to_the_end(turn))
            except Exception as exc:
                response = refusal(self, exc)
        assert response is not None
        return await rendered(self.finalize_response(drf_request, response, *args, **kwargs))


async def rendered(response: Response) -> HttpResponse:
    """The response rendered here, so the handler need not hop to a thread to render it: JSON
    on the loop (no I/O), another renderer (the browsable API reads the database) in a thread.
    A plain response comes back, with the headers and cookies (no template-response middleware
    is configured to miss it)."""
    if response.accepted_renderer.format == "json":
        response.render()
    else:
        await in_database_thread(response.render)
    plain = HttpResponse(response.content, status=response.status_code)
    for header, value in response.items():
        plain[header] = value
    plain.cookies = response.cookies
    return plain


@extend_schema_view(
    get=extend_schema(responses={200: ThreadSerializer(many=True), **AUTH_ERRORS, **BAD_REQUEST}),
    post=extend_schema(responses={201: ThreadSerializer, **AUTH_ERRORS, **BAD_REQUEST}),
)
class ThreadListCreate(generics.ListCreateAPIView[Thread]):
    serializer_class = ThreadSerializer

    def get_queryset(self) -> Any:
        return Thread.objects.filter(owner=person(self.request))

    def perform_create(self, serializer: serializers.BaseSerializer[Thread]) -> None:
        serializer.save(owner=person(self.request))


@extend_schema_view(
    get=extend_schema(responses={200: ThreadSerializer, **AUTH_ERRORS, **NOT_FOUND}),
    patch=extend_schema(responses={200: ThreadSerializer, **AUTH_ERRORS, **BAD_REQUEST, **NOT_FOUND}),
    delete=extend_schema(responses={204: None, **AUTH_ERRORS, **NOT_FOUND}),
)
class ThreadDetail(generics.RetrieveUpdateDestroyAPIView[Thread]):
    serializer_class = ThreadSerializer
    http_method_names = ["get", "patch", "delete"]

    def get_queryset(self) -> Any:
        # Another person's thread is simply not in the queryset: 404, never 403.
        return Thread.objects.filter(owner=person(self.request))


@extend_schema_view(post=extend_schema(request=PostMessageSerializer, responses=TURN_RESPONSES))
class ThreadMessages(TurnView):
    @extend_schema(responses={200: MessageSerializer(many=True), **AUTH_ERRORS, **NOT_FOUND})
    def get(self, request: Request, thread_id: int) -> Response:
        thread = thread_get(owner=person(request), thread_id=thread_id)
        _answer_orphans(thread)
        messages = list(Message.objects.filter(thread=thread).order_by("created_at", "id"))
        context = message_card_context(owner=person(request), thread=thread, messages=messages, now=timezone.now())
        return Response(MessageSerializer(messages, many=True, context=context).data)

    def turn(self, request: Request, **kwargs: Any) -> Turn:
        return posted_message_turn(request, kwargs["thread_id"])


def posted_message_turn(request: Request, thread_id: int) -> Turn:
    """A posted message (JSON or streamed reply): validated, in one of the person's threads."""
    serializer = PostMessageSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    quick_reply_for = serializer.validated_data.get("quick_reply_for")
    turn = message_turn(
        user=person(request),
        thread_id=thread_id,
        text=serializer.validated_data["text"],
        quick_reply_for=str(quick_reply_for) if quick_reply_for else None,
    )
    thread_get(owner=person(request), thread_id=thread_id)  # another person's thread: 404 before the turn
    return turn


@extend_schema_view(post=extend_schema(request=ConfirmationDecisionSerializer, responses=TURN_RESPONSES))
class ConfirmationDecision(TurnView):
    def turn(self, request: Request, **kwargs: Any) -> Turn:
        serializer = ConfirmationDecisionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return confirmation_turn(
            user=person(request),
            confirmation_id=str(kwargs["confirmation_id"]),
            decision=serializer.validated_data["decision"],
            action_digest=serializer.validated_data["action_digest"],
        )


@extend_schema_view(post=extend_schema(request=None, responses=TURN_RESPONSES))
class CommandCancel(TurnView):
    def turn(self, request: Request, **kwargs: Any) -> Turn:
        return cancel_turn(user=person(request), command_id=str(kwargs["command_id"]))


@extend_schema_view(post=extend_schema(request=ScopeChoiceSerializer, responses=TURN_RESPONSES))
class ScopeChoice(TurnView):
    """Only this one / this and the following / all: the answer to a repeating event's card."""

    def turn(self, request: Request, **kwargs: Any) -> Turn:
        serializer = ScopeChoiceSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return scope_turn(
            user=person(request),
            thread_id=kwargs["thread_id"],
            message_id=serializer.validated_data["message_id"],
            scope=serializer.validated_data["scope"],
        )


def _answer_orphans(thread: Thread) -> None:
    """A message whose turn died with its process is answered now, honestly; while a turn of
    the thread runs (its lock is held), nothing is an orphan."""
    lock = thread_lock(thread.id, wait_seconds=0)
    if lock.try_acquire():
        try:
            orphans_answer_quietly(owner_id=thread.owner_id, thread_id=thread.id, lock_shared=lock.shared)
        finally:
            lock.release()


class EventList(APIView):
    @extend_schema(
        parameters=[EventRangeSerializer],
        responses={200: EventSerializer(many=True), **AUTH_ERRORS, **BAD_REQUEST},
    )
    def get(self, request: Request) -> Response:
        query = EventRangeSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        profile = profile_get(user=person(request))
        zone = profile.zone
        start = local_datetime(query.validated_data["start"], datetime.time(0, 0), zone)
        end = local_datetime(query.validated_data["end"] + datetime.timedelta(days=1), datetime.time(0, 0), zone)
        events = occurrences_in_range(owner=person(request), start=start, end=end)
        return Response(EventSerializer(events, many=True, context={"zone": zone}).data)


class Me(APIView):
    @extend_schema(responses={200: ProfileSerializer, **AUTH_ERRORS})
    def get(self, request: Request) -> Response:
        profile = profile_get(user=person(request))
        return Response({"username": request.user.get_username(), **ProfileSerializer(profile).data})

    @extend_schema(request=ProfileSerializer, responses={200: ProfileSerializer, **AUTH_ERRORS, **BAD_REQUEST})
    def patch(self, request: Request) -> Response:
        profile = profile_get(user=person(request))
        serializer = ProfileSerializer(profile, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        serializer.save()
        return Response({"username": request.user.get_username(), **serializer.data})


class Health(APIView):
    """Liveness plus configuration: a misconfigured model answers 503, loudly."""

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []

    @extend_schema(responses={200: dict, 503: dict})
    def get(self, request: Request) -> Response:
        problem = configuration_problem()
        body: dict[str, Any] = {
            "status": "ok",
            "provider": settings.MODEL_PROVIDER,
            "model": settings.OPENAI_MODEL if settings.MODEL_PROVIDER == "openai" else "offline-stand-in",
            "stand_in": settings.MODEL_PROVIDER == "offline",
            "celery": "eager" if settings.CELERY_TASK_ALWAYS_EAGER else "broker",
        }
        checks = {"database": _database_ok(), "cache": _cache_ok(), "model_config": problem or "ok"}
        if problem is None and request.query_params.get("probe") and settings.MODEL_PROVIDER == "openai":
            checks["model_endpoint"] = get_provider().probe()  # type: ignore[attr-defined]
        if problem is None:
            body["model_server"] = profile_report()  # after a probe, the detected profile
            if "context_window" in body["model_server"]:
                # What every request starts with (the turn builds it; the providers never import the turn).
                body["model_server"]["static_prefix_tokens"] = static_prefix_tokens()
        body["checks"] = checks
        if checks["cache"] != "ok" and settings.REDIS_URL:
            body["degraded"] = REDIS_DOWN_EFFECTS
        healthy = all(value == "ok" for value in checks.values())
        if not healthy:
            body["status"] = "misconfigured" if problem else "degraded"
        return Response(body, status=status.HTTP_200_OK if healthy else status.HTTP_503_SERVICE_UNAVAILABLE)


# What a person notices while Redis (cache, broker, thread locks) does not answer: the page
# says why it is degraded, and that turns still run.
REDIS_DOWN_EFFECTS = [
    "Redis does not answer: turns still run",
    "message limits are not counted until it is back",
    "a thread's turns are serialised per web process only (writes stay serialised in the database)",
    "summaries and fact extraction run in the web process instead of a worker",
    "reminders are not queued until it is back",
]


def _database_ok() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("select 1")
    except Exception as error:
        return f"error: {error.__class__.__name__}"
    return "ok"


def _cache_ok() -> str:
    try:
        cache.set("health-check", "ok", 5)
        return "ok" if cache.get("health-check") == "ok" else "error: cache did not keep a value"
    except Exception as error:
        return f"error: {error.__class__.__name__}"
