"""POST a message, get the reply as Server-Sent Events, from an async view under ASGI.

The stream comes in as every turn endpoint does, through ``admission.admit`` (authentication,
CSRF, the person's limits, the message validated, the thread looked up; the same JSON answers
as the JSON endpoint), in one hop to a database thread; the turn runs on the async driver (its
steps in database threads, the model awaited on the event loop), so a slow model holds no
thread. The reply text is sent once the exit invariant has checked it: a claim never reaches
the screen before it is verified. A client that disconnects loses nothing: the turn finishes
and both messages stay in the archive. Every exception on the way is logged with the turn's id,
which a streamed ``error`` carries too.

Events: ``status`` (received / thinking / tool), ``reply`` (the turn, as in the JSON API),
``error`` (a clear message), then ``done``.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase, StreamingHttpResponse
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request

from assistant.api.admission import admit, turn_id
from assistant.api.views import TurnView, posted_message_turn, rendered, turn_payload
from assistant.turn.drivers import Turn, arun_turn_to_the_end
from assistant.turn.lock import ThreadBusy
from assistant.turn.threads import in_database_thread

logger = logging.getLogger(__name__)
BUSY = "another message in this thread is still being answered"
FAILED = "the reply failed; your message is saved"


def _sse(event: str, data: dict[str, Any]) -> str:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False, default=str)}\n\n"


class JsonRefusals(DefaultContentNegotiation):
    """A client of the stream accepts ``text/event-stream``: its refusals are JSON all the same
    (the reply itself is the SSE body, written here, not by a renderer)."""

    def select_renderer(self, request: Request, renderers: Any, format_suffix: str | None = None) -> Any:
        return renderers[0], renderers[0].media_type


class StreamMessage(TurnView):
    """The JSON message endpoint's input and answers, with the reply streamed."""

    schema = None  # documented by the schema hook (assistant/api/schema.py): an SSE body
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JsonRefusals

    def turn(self, request: Request, **kwargs: Any) -> Turn:
        return posted_message_turn(request, kwargs["thread_id"])

    @classmethod
    def as_view(cls, **initkwargs: Any) -> Callable[..., Coroutine[Any, Any, HttpResponseBase]]:  # type: ignore[override]
        json_view = super().as_view(**initkwargs)

        async def view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method != "POST":
                return await json_view(request, *args, **kwargs)  # DRF's 405 / OPTIONS
            return await cls(**initkwargs).apost(request, *args, **kwargs)  # streamed under either server

        functools.update_wrapper(view, json_view)
        return view

    async def apost(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        self.setup(request, *args, **kwargs)
        self.turn_id = turn_id()
        drf_request, turn, response = await in_database_thread(admit, self, request, args, kwargs)
        if turn is None:
            assert response is not None
            return await rendered(self.finalize_response(drf_request, response, *args, **kwargs))
        return _streamed(turn, self.turn_id)


def _streamed(turn: Turn, turn_id: str) -> StreamingHttpResponse:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[str, dict[str, Any]] | None] = asyncio.Queue()

    def emit(event: str, data: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, (event, data))

    async def answer() -> None:
        try:
            outcome = await arun_turn_to_the_end(turn, emit=emit)
            await queue.put(("reply", turn_payload(outcome)))  # no database work: on the loop
        except ThreadBusy:
            logger.info("turn %s: thread %s is busy", turn_id, turn.thread_id)
            await queue.put(("error", {"detail": BUSY, "retry": True, "turn": turn_id}))
        except Exception:
            logger.exception("turn %s in thread %s failed while streaming", turn_id, turn.thread_id)
            await queue.put(("error", {"detail": FAILED, "retry": True, "turn": turn_id}))
        finally:
            await queue.put(None)

    task = asyncio.create_task(answer())

    async def events() -> AsyncIterator[str]:
        try:
            yield _sse("status", {"stage": "received", "stand_in": settings.MODEL_PROVIDER == "offline"})
            while True:
                item = await queue.get()
                if item is None:
                    break
                yield _sse(*item)
            yield _sse("done", {})
            await task
        except (asyncio.CancelledError, GeneratorExit):
            # The client went away: the turn goes on to the end (``arun_turn_to_the_end``).
            logger.info("turn %s: the client left before the stream ended", turn_id)
            raise
        except Exception:
            logger.exception("turn %s: the stream of thread %s failed", turn_id, turn.thread_id)
            raise

    response = StreamingHttpResponse(events(), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response



stream_message = StreamMessage.as_view()
