"""The pages people use: chat, settings, sign-in, and the private calendar feed.

Thin views: the chat page is a shell the script fills from the JSON API; settings validate a
form and call one service; the feed calls the pure ICS builder.
"""

from __future__ import annotations

import datetime
import json
import re
from collections import defaultdict
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_POST, require_safe

from assistant.web.forms import FeedForm, LoginForm, ProfileForm
from assistant.web.i18n import language_of, strings_for
from scheduling.errors import ValidationFailed
from scheduling.ics import calendar_feed
from scheduling.localtime import local_today
from scheduling.models import Profile, Reminder
from scheduling.selectors import event_rows_for_feed, occurrences_in_range, profile_get, profile_get_by_feed_token
from scheduling.services import (
    profile_adopt_browser_zone,
    profile_revoke_feed_token,
    profile_rotate_feed_token,
    profile_update,
)

# What a subscriber sees: a year back and two years ahead is what calendar apps keep anyway.
FEED_PAST = datetime.timedelta(days=365)
FEED_FUTURE = datetime.timedelta(days=730)
FEED_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    authentication_form = LoginForm
    redirect_authenticated_user = True


class LogoutView(auth_views.LogoutView):
    http_method_names = ["post", "options"]


def _person(request: HttpRequest) -> User:
    # login_required has run: the user is a real, authenticated User.
    user = request.user
    assert isinstance(user, User)
    return user


@login_required
@ensure_csrf_cookie
@never_cache
def chat(request: HttpRequest) -> HttpResponse:
    profile = profile_get(user=_person(request))
    language = language_of(request)
    context: dict[str, Any] = {
        "profile": profile,
        "today": local_today(timezone.now(), profile.zone).isoformat(),
        # The script's words travel as an escaped data attribute: no inline script needed.
        "strings_json": json.dumps(strings_for(language), ensure_ascii=False),
        "page": "chat",
        "max_message_chars": settings.MAX_MESSAGE_CHARS,
    }
    return render(request, "chat.html", context)


@login_required
@never_cache
def settings_page(request: HttpRequest) -> HttpResponse:
    person = _person(request)
    profile = profile_get(user=person)
    if request.method == "POST":
        form = ProfileForm(request.POST, language=profile.language)
        if form.is_valid():
            try:
                profile = profile_update(user=person, **form.cleaned_data)
            except ValidationFailed as error:
                form.add_error(None, error.message)
            else:
                messages.success(request, strings_for(profile.language)["saved"])
                return redirect("settings")
    else:
        form = ProfileForm(
            language=profile.language,
            initial={
                "time_zone": profile.time_zone,
                "language": profile.language,
                "work_start": profile.work_start,
                "work_end": profile.work_end,
                "default_reminder_minutes": profile.default_reminder_minutes,
            },
        )
    return render(
        request,
        "settings.html",
        {
            "form": form,
            "profile": profile,
            "page": "settings",
            "strings_json": json.dumps(strings_for(language_of(request)), ensure_ascii=False),
            "max_import_bytes": settings.MAX_IMPORT_BYTES,
            "upcoming": _upcoming(person),
            **_feed_context(request, profile),
        },
    )


UPCOMING_DAYS = 90


def _upcoming(person: User) -> dict[str, Any]:
    """What a zone change would move on screen: the next 90 days' events, and the first timed one."""
    now = timezone.now()
    events = occurrences_in_range(owner=person, start=now, end=now + datetime.timedelta(days=UPCOMING_DAYS))
    timed = next((event for event in events if not event.all_day and event.starts_at >= now), None)
    return {
        "count": len(events),
        "next": timed,
        "next_start": timed.starts_at.astimezone(datetime.UTC).isoformat() if timed else "",
    }


@login_required
@require_POST
def browser_zone(request: HttpRequest) -> JsonResponse:
    """The chat page's first view sends the browser's zone; it is taken only while the person's
    zone is still the site's default (see profile_adopt_browser_zone)."""
    try:
        profile = profile_adopt_browser_zone(user=_person(request), time_zone=request.POST.get("time_zone", ""))
    except ValidationFailed as error:
        return JsonResponse({"detail": error.message}, status=400)
    return JsonResponse({"time_zone": profile.time_zone, "source": profile.time_zone_source})


@login_required
@require_POST
def settings_feed(request: HttpRequest) -> HttpResponse:
    person = _person(request)
    form = FeedForm(request.POST)
    if not form.is_valid():
        return redirect("settings")
    ui = strings_for(language_of(request))
    action = form.cleaned_data["action"]
    if action == "revoke":
        profile_revoke_feed_token(user=person)
        messages.success(request, ui["feed_revoked"])
    else:
        had_feed = bool(profile_get(user=person).feed_token)
        profile_rotate_feed_token(user=person)
        messages.success(request, ui["feed_rotated" if had_feed else "feed_enabled"])
    return redirect(reverse("settings") + "#feed")


def _feed_context(request: HttpRequest, profile: Profile) -> dict[str, Any]:
    if not profile.feed_token:
        return {"feed_url": "", "feed_webcal_url": ""}
    url = request.build_absolute_uri(reverse("calendar-feed", kwargs={"token": profile.feed_token}))
    return {"feed_url": url, "feed_webcal_url": re.sub(r"^https?://", "webcal://", url)}


@require_safe
def calendar_feed_view(request: HttpRequest, token: str) -> HttpResponse:
    """The private feed: no session, the secret token is the credential."""
    if not FEED_TOKEN.match(token):
        raise Http404("no such feed")
    # An empty token means "off" and can never match: the pattern above needs 20 characters.
    profile = profile_get_by_feed_token(token=token)
    if profile is None or not profile.user.is_active:
        raise Http404("no such feed")
    now = timezone.now()
    events = list(
        event_rows_for_feed(owner=profile.user, start=now - FEED_PAST, end=now + FEED_FUTURE).annotate(
            series_uid=F("series__uid")
        )
    )
    alarms: dict[int, list[int]] = defaultdict(list)
    for event_id, minutes in Reminder.objects.filter(
        owner=profile.user, event_id__in=[event.id for event in events], minutes_before__isnull=False
    ).values_list("event_id", "minutes_before"):
        if event_id is not None and minutes is not None:
            alarms[event_id].append(minutes)
    name = f"{strings_for(profile.language)['feed_calendar_name']} · {profile.user.get_username()}"
    body = calendar_feed(events, calendar_name=name, calendar_zone=profile.time_zone, alarms=alarms)
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="schedule.ics"'
    # The token is a secret: no shared cache may keep the body, and no search engine may list it.
    response["Cache-Control"] = "private, max-age=300"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response
