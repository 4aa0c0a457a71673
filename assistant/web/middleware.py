"""Security headers for every response, and static files, in either kind of handler.

Both middlewares here run sync under WSGI and async under ASGI, like Django's own: one
sync-only middleware in the stack would make every ASGI request hop into a thread of its own
(created per request) and back to the event loop for the async views.
"""

from collections.abc import Awaitable, Callable
from typing import Any, cast

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from django.contrib.auth import middleware as auth
from django.contrib.messages import middleware as messages
from django.contrib.sessions import middleware as sessions
from django.http import HttpRequest, HttpResponseBase
from django.middleware import clickjacking, common, csrf, locale, security
from django.utils.deprecation import MiddlewareMixin
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


# --- Django's own middleware, without a thread hop per method under ASGI ------------------------
#
# Under ASGI, Django's MiddlewareMixin runs every process_request / process_view /
# process_response in a thread (a hop there and back per method, and a thread per request):
# about 5 ms of CPU per request for the stack in settings, more than the turn's own database
# work. These methods do no I/O (they read headers and cookies, set lazy objects, write
# headers), so under ASGI they run on the event loop; where one may touch the database (a
# session save, messages spilling into the session) it still hops, as Django would. Under WSGI
# they are Django's, unchanged.


class _Inline(MiddlewareMixin):
    def __call__(self, request: HttpRequest) -> Any:
        if self.async_mode:
            return self._inline(request)
        return super().__call__(request)

    async def _inline(self, request: HttpRequest) -> HttpResponseBase:
        response = self.process_request(request) if hasattr(self, "process_request") else None
        response = response or await cast(Awaitable[HttpResponseBase], self.get_response(request))
        if hasattr(self, "process_response"):
            if self.may_touch_the_database(request):
                response = await sync_to_async(self.process_response)(request, response)
            else:
                response = self.process_response(request, response)
        return cast(HttpResponseBase, response)

    def may_touch_the_database(self, request: HttpRequest) -> bool:
        return False


class SecurityMiddleware(_Inline, security.SecurityMiddleware):
    pass


class SessionMiddleware(_Inline, sessions.SessionMiddleware):
    def may_touch_the_database(self, request: HttpRequest) -> bool:
        # Only a save reads or writes the store (is_empty and the flags are attributes).
        session = getattr(request, "session", None)
        return session is not None and (session.modified or settings.SESSION_SAVE_EVERY_REQUEST)


class LocaleMiddleware(_Inline, locale.LocaleMiddleware):
    pass


class CommonMiddleware(_Inline, common.CommonMiddleware):
    pass


class CsrfViewMiddleware(_Inline, csrf.CsrfViewMiddleware):
    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        super().__init__(get_response)
        if self.async_mode:
            # The handler looks the method up on the instance: a coroutine here runs inline.
            self.process_view = self._process_view_inline  # type: ignore[method-assign,assignment]

    async def _process_view_inline(
        self, request: HttpRequest, callback: Callable[..., Any], args: Any, kwargs: Any
    ) -> HttpResponseBase | None:
        return super().process_view(request, callback, args, kwargs)


class AuthenticationMiddleware(_Inline, auth.AuthenticationMiddleware):
    pass  # request.user stays lazy: whoever reads it, reads it in a thread


class MessageMiddleware(_Inline, messages.MessageMiddleware):
    def may_touch_the_database(self, request: HttpRequest) -> bool:
        # Messages read or added this request may be kept in (or flushed from) the session.
        storage = getattr(request, "_messages", None)
        return storage is not None and bool(storage.used or storage.added_new)


class XFrameOptionsMiddleware(_Inline, clickjacking.XFrameOptionsMiddleware):
    pass
