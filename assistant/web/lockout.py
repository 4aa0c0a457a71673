"""What a sign-in refused for too many failures answers (django-axes' AXES_LOCKOUT_CALLABLE).

Every sign-in form (the product's and the admin's) is counted by django-axes; once a username or
an address is locked, its next attempt gets this: 429, ``Retry-After`` and the wait in words, as a
page or, for a client that asks for JSON, as JSON. A failure during the lock starts the wait again
(django-axes' default), so the whole cool-off is exactly how long this client must wait.
"""

from __future__ import annotations

import math
from typing import Any

from axes.helpers import get_cool_off
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse

from assistant.web.i18n import language_of
from catalogue import text


def locked_out(request: HttpRequest, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    # django-axes passes (request, response, credentials), or (request, credentials) from its
    # async path: neither is needed here.
    cool_off = get_cool_off(request)
    seconds = max(1, math.ceil(cool_off.total_seconds())) if cool_off is not None else 0
    minutes = max(1, math.ceil(seconds / 60))
    message = text("login_locked", language_of(request), minutes=minutes)
    response: HttpResponse
    if _wants_json(request):
        response = JsonResponse(
            {"detail": message, "code": "login_locked", "retry_after_seconds": seconds}, status=429
        )
    else:
        sign_in = reverse("admin:login") if request.path.startswith("/admin/") else reverse("login")
        response = render(
            request, "registration/locked_out.html", {"message": message, "sign_in_url": sign_in}, status=429
        )
    if seconds:
        response["Retry-After"] = str(seconds)
    return response


def _wants_json(request: HttpRequest) -> bool:
    if request.path.startswith("/api/") or request.headers.get("x-requested-with") == "XMLHttpRequest":
        return True
    accept = request.headers.get("accept", "")
    return "application/json" in accept and "text/html" not in accept
