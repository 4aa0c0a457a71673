"""Security headers for every response, and static files, in either kind of handler.

Both middlewares here run sync under WSGI and async under ASGI, like Django's own: one
sync-only middleware in the stack would make every ASGI request hop into a thread of its own
(created per request) and back to the event loop for the async views.
"""

from collections.abc import Awaitable, Callable
from typing import Any, cast

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.http import HttpRequest, HttpResponseBase
from whitenoise.middleware import WhiteNoiseMiddleware

# Scripts and styles only from this origin; nothing inline may run, so no HTML a model wrote
# could execute even if it reached the page.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
)


class _BothWays:
    """A middleware that runs as the stack around it does, sync under WSGI and async under ASGI
    (so Django never adapts it with a hop into a thread and back)."""

    sync_capable = True
    async_capable = True
    is_async = False

    def _follow(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(cast(Callable[..., Any], self))


class ContentSecurityPolicyMiddleware(_BothWays):
    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self._follow(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponseBase | Awaitable[HttpResponseBase]:
        if self.is_async:
            return self._acall(request)
        return _security_headers(request, self.get_response(request))

    async def _acall(self, request: HttpRequest) -> HttpResponseBase:
        return _security_headers(request, await self.get_response(request))


def _security_headers(request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
    if not request.path.startswith("/admin/"):
        response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.setdefault("Referrer-Policy", "same-origin")
    return response


class StaticFilesMiddleware(_BothWays, WhiteNoiseMiddleware):  # type: ignore[misc]  # whitenoise has no types
    """WhiteNoise's middleware, also async: a request for a static file is served as WhiteNoise
    serves it (the file opened in a worker thread); any other request goes straight on."""

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        super().__init__(get_response)
        self._follow(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponseBase | Awaitable[HttpResponseBase]:
        if self.is_async:
            return self._acall(request)
        response: HttpResponseBase = super().__call__(request)
        return response

    async def _acall(self, request: HttpRequest) -> HttpResponseBase:
        if self.autorefresh:  # DEBUG: looked up on disk each time
            static_file = await sync_to_async(self.find_file, thread_sensitive=False)(request.path_info)
        else:
            static_file = self.files.get(request.path_info)
        if static_file is not None:
            response: HttpResponseBase = await sync_to_async(self.serve, thread_sensitive=False)(static_file, request)
            return response
        result: HttpResponseBase = await self.get_response(request)
        return result
