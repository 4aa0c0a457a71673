"""ASGI entry point: a turn, streamed or answered as JSON, holds no thread while the model thinks.

Django answers HTTP; the lifespan protocol is answered here, so that a server shutting down
waits (up to ``OPENAI_TIMEOUT_SECONDS``) for turns still running after their client went away:
each archived message still gets its recorded reply.
"""

import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings")

django_application = get_asgi_application()

from django.conf import settings  # noqa: E402

from assistant.turn.drivers import finish_unfinished_turns  # noqa: E402


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "lifespan":
        await django_application(scope, receive, send)
        return
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await finish_unfinished_turns(timeout=settings.OPENAI_TIMEOUT_SECONDS)
            await send({"type": "lifespan.shutdown.complete"})
            return


# Everything built at start-up (modules, settings, URL patterns, the tool schemas) is moved out of
# the collector's generations: a full collection under load then walks only what requests made.
import gc  # noqa: E402

gc.freeze()
