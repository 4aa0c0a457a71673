"""The private calendar feed: a person's events as an iCalendar (RFC 5545) document.

A pure function of the events and zone names it is given: no database, no clock. Calendar apps
poll the feed and match events by UID, so a UID never changes when the event is moved or renamed:
an imported event keeps the UID its file gave it (so the calendar it came from, or a second
import of this feed, sees the same event), any other is derived from the event's id; DTSTAMP and LAST-MODIFIED come from the row's own
``updated_at`` so an unchanged event serializes to the same bytes on every poll.

Times are written in the event's own zone (``DTSTART;TZID=Asia/Shanghai:...``) with one
VTIMEZONE block per zone used, so a subscriber shows the wall-clock time the person chose
even across daylight-saving changes. A UTC event is written with the ``Z`` suffix, which needs
no VTIMEZONE.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol
from zoneinfo import ZoneInfo

from icalendar import Alarm, Calendar, Event, Timezone, vDuration, vRecur

from scheduling.ical import ical_bytes, ical_text

PRODUCT_ID = "-//Schedule Assistant//Calendar feed//EN"
UID_DOMAIN = "schedule-assistant"
# Subscribers that honour it (RFC 7986 REFRESH-INTERVAL, Outlook's X-PUBLISHED-TTL) poll this often.
REFRESH_INTERVAL = datetime.timedelta(minutes=30)


class FeedEvent(Protocol):
    """What the feed needs from an event (``scheduling.models.Event`` has all of it)."""

    id: int
    title: str
    notes: str
    time_zone: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    created_at: datetime.datetime
    updated_at: datetime.datetime
    # Optional (read with defaults): all_day, busy, rrule, exdates, series_id, recurrence_id,
    # uid (an imported event's own) and series_uid (its series' uid, for an overridden occurrence).


def event_uid(event_id: int) -> str:
    return f"event-{event_id}@{UID_DOMAIN}"


def feed_uid(event: FeedEvent) -> str:
    """An overridden occurrence shares its series' UID; an imported event keeps its file's."""
    series_id = getattr(event, "series_id", None)
    if series_id is not None:
        return str(getattr(event, "series_uid", "") or "") or event_uid(series_id)
    return str(getattr(event, "uid", "") or "") or event_uid(event.id)


def calendar_feed(
    events: Iterable[FeedEvent],
    *,
    calendar_name: str,
    calendar_zone: str,
    alarms: Mapping[int, Sequence[int]] | None = None,
) -> bytes:
    """The events as ``text/calendar`` bytes (UTF-8, CRLF line ends, folded lines).

    ``alarms`` maps an event id to its reminders' minutes before; each becomes a VALARM (a
    DISPLAY alarm, TRIGGER -PTnM before the start, per occurrence for a series)."""
    calendar = Calendar()
    calendar.add("prodid", PRODUCT_ID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("name", calendar_name)
    calendar.add("x-wr-calname", calendar_name)
    calendar.add("x-wr-timezone", calendar_zone)
    calendar.add("refresh-interval", REFRESH_INTERVAL, parameters={"VALUE": "DURATION"})
    calendar.add("x-published-ttl", ical_text(vDuration(REFRESH_INTERVAL)))

    zones = {calendar_zone}
    years: set[int] = set()
    for event in events:
        zone = ZoneInfo(event.time_zone)
        all_day, busy = bool(getattr(event, "all_day", False)), bool(getattr(event, "busy", True))
        rule = str(getattr(event, "rrule", "") or "")
        recurrence_id = getattr(event, "recurrence_id", None)
        component = Event()
        # An overridden occurrence shares its series' UID and names the occurrence it replaces.
        component.add("uid", feed_uid(event))
        component.add("dtstamp", event.updated_at.astimezone(datetime.UTC))
        component.add("dtstart", _moment(event.starts_at, zone, all_day))
        component.add("dtend", _moment(event.ends_at, zone, all_day))
        if recurrence_id is not None:
            component.add("recurrence-id", _moment(recurrence_id, zone, all_day))
        if rule:
            component.add("rrule", _rule_for(rule, zone, all_day))
            for stamp in getattr(event, "exdates", None) or []:
                component.add("exdate", _moment(datetime.datetime.fromisoformat(stamp), zone, all_day))
        component.add("summary", event.title)
        if event.notes:
            component.add("description", event.notes)
        component.add("created", event.created_at.astimezone(datetime.UTC))
        component.add("last-modified", event.updated_at.astimezone(datetime.UTC))
        component.add("status", "CONFIRMED")
        component.add("transp", "OPAQUE" if busy else "TRANSPARENT")
        for minutes in sorted(set((alarms or {}).get(event.id, ()))):
            component.add_component(_alarm(event.title, minutes))
        calendar.add_component(component)
        zones.add(event.time_zone)
        years.update({event.starts_at.year, event.ends_at.year})

    # VTIMEZONE blocks first (a reader may need them before the events that reference them),
    # covering the years the events span with a year of margin either side.
    first_year, last_year = (min(years), max(years)) if years else (2000, 2000)
    for tzid in sorted(zones - {"UTC", "Etc/UTC"}, reverse=True):
        calendar.subcomponents.insert(0, _vtimezone(tzid, first_year - 1, last_year + 2))
    return ical_bytes(calendar)


def _alarm(title: str, minutes: int) -> Alarm:
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", title)
    alarm.add("trigger", -datetime.timedelta(minutes=minutes))
    return alarm


def _moment(moment: datetime.datetime, zone: ZoneInfo, all_day: bool) -> datetime.datetime | datetime.date:
    """A time in the event's zone (TZID), or for an all-day event its local date (VALUE=DATE)."""
    local = moment.astimezone(zone)
    return local.date() if all_day else local


def _rule_for(rule: str, zone: ZoneInfo, all_day: bool) -> vRecur:
    parsed: vRecur = vRecur.from_ical(rule)
    until = parsed.get("UNTIL")
    if all_day and until:
        # Beside a DATE start, RFC 5545 wants UNTIL as a DATE too.
        last = until[0] if isinstance(until, list) else until
        if isinstance(last, datetime.datetime):
            parsed["UNTIL"] = [last.astimezone(zone).date()]
    return parsed


@functools.lru_cache(maxsize=256)
def _vtimezone(tzid: str, first_year: int, last_year: int) -> Timezone:
    """Building a VTIMEZONE walks the zone's transitions: cheap to cache, slow to redo per poll."""
    return Timezone.from_tzid(
        tzid, first_date=datetime.date(first_year, 1, 1), last_date=datetime.date(last_year, 1, 1)
    )
