"""Reads of the calendar. Every selector is scoped to one owner: no cross-person reads exist."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db.models import QuerySet

from scheduling.errors import NotFound
from scheduling.models import MAX_EVENT_DURATION, OPEN_STATUSES, Event, Profile, ScheduleCommand


def profile_get(*, user: User) -> Profile:
    """The person's profile (made with the defaults on first use); cached on the user object."""
    try:
        return user.profile
    except Profile.DoesNotExist:
        pass
    profile, _ = Profile.objects.get_or_create(user=user, defaults=_profile_defaults())
    user.profile = profile
    return profile


def _profile_defaults() -> dict[str, str]:
    from django.conf import settings

    return {"time_zone": settings.DEFAULT_USER_TIME_ZONE}


def profile_get_by_feed_token(*, token: str) -> Profile | None:
    """The profile whose calendar feed this secret token opens; an empty token opens nothing."""
    if not token:
        return None
    return Profile.objects.select_related("user").filter(feed_token=token).first()


def event_list_in_range(*, owner: User, start: datetime.datetime, end: datetime.datetime) -> QuerySet[Event]:
    """The owner's events overlapping [start, end), earliest first.

    The lower bound on ``starts_at`` (an event lasts at most MAX_EVENT_DURATION) turns the
    overlap test into a range scan of the (owner, starts_at) index.
    """
    return Event.objects.filter(
        owner=owner,
        starts_at__gte=start - MAX_EVENT_DURATION,
        starts_at__lt=end,
        ends_at__gt=start,
    ).order_by("starts_at", "id")


def event_conflicts(
    *,
    owner: User,
    start: datetime.datetime,
    end: datetime.datetime,
    exclude_ids: Sequence[int] = (),
) -> list[Event]:
    """Events of the owner that overlap [start, end): one indexed query."""
    queryset = event_list_in_range(owner=owner, start=start, end=end)
    if exclude_ids:
        queryset = queryset.exclude(id__in=list(exclude_ids))
    return list(queryset)


def event_get(*, owner: User, event_id: int) -> Event:
    try:
        return Event.objects.get(owner=owner, id=event_id)
    except Event.DoesNotExist:
        raise NotFound("event not found", {"event_id": event_id}) from None


def command_get(*, owner: User, command_id: uuid.UUID | str) -> ScheduleCommand:
    try:
        return ScheduleCommand.objects.get(owner=owner, id=command_id)
    except (ScheduleCommand.DoesNotExist, ValueError, TypeError):
        raise NotFound("command not found", {"command_id": str(command_id)}) from None


def command_active_for_thread(*, owner: User, thread_id: int, now: datetime.datetime) -> ScheduleCommand | None:
    """The newest open, unexpired stub of this person in this thread."""
    return (
        ScheduleCommand.objects.filter(
            owner=owner, thread_id=thread_id, status__in=list(OPEN_STATUSES), expires_at__gt=now
        )
        .order_by("-updated_at")
        .first()
    )
