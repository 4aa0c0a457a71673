"""Shared fixtures: people with profiles, a frozen clock, and story-like helpers."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from scheduling.models import Event, Profile

pytest_plugins = ["pytester"]

# A Monday, late morning in Shanghai: most stories start here.
FROZEN_NOW = datetime.datetime(2026, 12, 7, 2, 0, tzinfo=datetime.UTC)  # 10:00 in Asia/Shanghai


@pytest.fixture
def frozen_now() -> Iterator[datetime.datetime]:
    with time_machine.travel(FROZEN_NOW, tick=False):
        yield FROZEN_NOW


@pytest.fixture
def make_person(db: None) -> Callable[..., AbstractBaseUser]:
    counter = iter(range(1, 10_000))

    def make(
        username: str | None = None,
        *,
        time_zone: str = "Asia/Shanghai",
        language: str = "en",
        work_start: datetime.time = datetime.time(9, 0),
        work_end: datetime.time = datetime.time(18, 0),
    ) -> AbstractBaseUser:
        user = get_user_model().objects.create_user(
            username=username or f"person{next(counter)}", password="correct horse battery staple"
        )
        Profile.objects.create(
            user=user, time_zone=time_zone, language=language, work_start=work_start, work_end=work_end
        )
        return user

    return make


@pytest.fixture
def person(make_person: Callable[..., AbstractBaseUser]) -> AbstractBaseUser:
    return make_person("alice")


@pytest.fixture
def other_person(make_person: Callable[..., AbstractBaseUser]) -> AbstractBaseUser:
    return make_person("mallory")


@pytest.fixture
def add_event() -> Callable[..., Event]:
    def add(
        owner: AbstractBaseUser,
        title: str,
        local_start: str,
        minutes: int = 60,
        *,
        zone: str = "Asia/Shanghai",
    ) -> Event:
        start = datetime.datetime.fromisoformat(local_start).replace(tzinfo=ZoneInfo(zone))
        return Event.objects.create(
            owner=owner,
            title=title,
            starts_at=start.astimezone(datetime.UTC),
            ends_at=(start + datetime.timedelta(minutes=minutes)).astimezone(datetime.UTC),
            time_zone=zone,
        )

    return add
