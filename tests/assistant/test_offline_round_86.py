"""Shapes from held-out round 86, each a class: two dates said as a span ("block out dec 20 to 27 for my trip",
12月20号到27号去巴厘岛旅游) are the first and last of whole days, never one day with the rest of the span in its name."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.assistant.conftest import OfflineChat

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("message", "title", "days"),
    [("block out dec 20 to 27 for my trip to bali", "Trip to bali", ("2026-12-20", "2026-12-27")),
     ("add my trip to bali from december 20 to december 27", "Trip to bali", ("2026-12-20", "2026-12-27")),
     ("put the conference in dec 14-16", "Conference", ("2026-12-14", "2026-12-16")),
     ("12月20号到27号去巴厘岛旅游 帮我记上", "巴厘岛旅游", ("2026-12-20", "2026-12-27")),
     ("帮我加一下 12月20日至12月27日 出差", "出差", ("2026-12-20", "2026-12-27"))],
)  # fmt: skip
def test_two_dates_said_as_a_span_are_whole_days(offline: OfflineChat, message: str, title: str, days: tuple[str, str]) -> None:
    offline.say(message)
    [event] = offline.events()
    zone = ZoneInfo(offline.user.profile.time_zone)
    first, last = (moment.astimezone(zone).date().isoformat() for moment in (event.starts_at, event.ends_at - datetime.timedelta(seconds=1)))
    assert (event.title, event.all_day, first, last) == (title, True, *days)
