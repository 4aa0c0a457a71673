"""Import from another calendar: an ``.ics`` file from Google Calendar, Apple Calendar or Outlook.

``calendar_preview`` reads the file and says what an import would do (how many events, their
date range, which repeat, how many are new / changed / unchanged) without writing anything;
``calendar_import`` writes it. Both are idempotent by UID: importing the same file twice changes
nothing, and a changed event updates its row. Rules (RRULE, EXDATE, overridden occurrences) and
time zones are kept. Titles and notes are data from elsewhere: they are stored with
``source="import"`` and never read as instructions.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from icalendar import Calendar, vRecur
from icalendar.timezone.windows_to_olson import WINDOWS_TO_OLSON

from scheduling.errors import ValidationFailed
from scheduling.ical import ical_text
from scheduling.localtime import local_datetime
from scheduling.models import MAX_EVENT_DURATION, MAX_NOTES_LENGTH, MAX_TITLE_LENGTH, Event, EventSource
from scheduling.recurrence import MAX_YEAR, MIN_YEAR, check_rule
from scheduling.selectors import profile_get
from scheduling.services import clean_title, event_create, series_end
from scheduling.text import clean_text

MAX_IMPORTED_EVENTS = 5000
FIELDS = ("title", "notes", "starts_at", "ends_at", "time_zone", "all_day", "busy", "rrule", "exdates")


@dataclass
class Incoming:
    uid: str
    title: str
    notes: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    time_zone: str
    all_day: bool
    busy: bool
    rrule: str = ""
    exdates: list[str] = field(default_factory=list)
    recurrence_id: datetime.datetime | None = None


@dataclass
class ImportReport:
    count: int = 0
    first_day: str | None = None
    last_day: str | None = None
    recurring: list[str] = field(default_factory=list)
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "first_day": self.first_day,
            "last_day": self.last_day,
            "recurring": self.recurring,
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "skipped": self.skipped,
        }


def parse_calendar(data: bytes, *, default_zone: str) -> tuple[list[Incoming], list[str]]:
    """The file's events, and why any were left out."""
    try:
        calendar = Calendar.from_ical(data)
    except (ValueError, IndexError, KeyError) as error:
        raise ValidationFailed(f"not an iCalendar file: {error}") from None
    events: list[Incoming] = []
    skipped: list[str] = []
    for component in calendar.walk("VEVENT"):
        if len(events) >= MAX_IMPORTED_EVENTS:
            skipped.append(f"more than {MAX_IMPORTED_EVENTS} events: the rest were left out")
            break
        try:
            incoming = _incoming(component, default_zone)
        except OverflowError:
            skipped.append(f"{str(component.get('uid', '?'))[:80]}: a date or duration out of range")
        except (ValidationFailed, ValueError, TypeError, KeyError) as error:
            skipped.append(f"{str(component.get('uid', '?'))[:80]}: {error}")
            continue
        if incoming is not None:
            events.append(incoming)
    return events, skipped


def _zone_of(value: Any, default_zone: str) -> str:
    tzinfo = getattr(value, "tzinfo", None)
    if tzinfo is None:
        return default_zone
    key = getattr(tzinfo, "key", None) or getattr(tzinfo, "zone", None) or _tzid(value) or str(tzinfo)
    if key in ("UTC", "Etc/UTC", "utc"):
        return "UTC"
    # Outlook writes Windows zone names ("China Standard Time"); icalendar knows the IANA ones.
    key = WINDOWS_TO_OLSON.get(str(key), key)
    try:
        ZoneInfo(str(key))
    except (ZoneInfoNotFoundError, ValueError):
        return "UTC"  # the instant stays right; only the zone name is lost
    return str(key)


def _tzid(value: Any) -> str | None:
    name = getattr(value.tzinfo, "_tzid", None) or getattr(value.tzinfo, "tzid", None)
    if name is None:
        text = repr(value.tzinfo)
        if "'" in text:
            name = text.split("'")[1]
    return None if name is None else str(name)


def _instant(value: Any, zone: ZoneInfo) -> datetime.datetime:
    """An .ics date or date-time as an instant; one outside MIN_YEAR-MAX_YEAR is refused."""
    if not isinstance(value, datetime.date) or not MIN_YEAR <= value.year <= MAX_YEAR:
        raise ValidationFailed(f"a date outside the years {MIN_YEAR}-{MAX_YEAR}: {value}")
    if isinstance(value, datetime.datetime):
        aware = value if value.tzinfo is not None else value.replace(tzinfo=zone)  # floating: the person's zone
        return aware.astimezone(datetime.UTC)
    return local_datetime(value, datetime.time(0, 0), zone)  # a DATE: local midnight


def _incoming(component: Any, default_zone: str) -> Incoming | None:
    uid = str(component.get("uid") or "").strip()[:255]
    if not uid:
        raise ValidationFailed("an event without a UID")
    if str(component.get("status") or "").upper() == "CANCELLED" and component.get("recurrence-id") is None:
        return None
    start_value = component.decoded("dtstart")
    all_day = not isinstance(start_value, datetime.datetime)
    zone_name = default_zone if all_day else _zone_of(start_value, default_zone)
    zone = ZoneInfo(zone_name)
    starts_at = _instant(start_value, zone)
    if component.get("dtend") is not None:
        ends_at = _instant(component.decoded("dtend"), zone)
    elif component.get("duration") is not None:
        duration = component.decoded("duration")
        if not isinstance(duration, datetime.timedelta) or abs(duration) > MAX_EVENT_DURATION:
            raise ValidationFailed(f"a DURATION longer than {MAX_EVENT_DURATION.days} days")
        ends_at = starts_at + duration
    else:
        ends_at = _instant(start_value + datetime.timedelta(days=1), zone) if all_day else starts_at
    if ends_at <= starts_at:
        ends_at = starts_at + datetime.timedelta(minutes=1 if not all_day else 1440)
    if ends_at - starts_at > MAX_EVENT_DURATION:
        raise ValidationFailed(f"longer than {MAX_EVENT_DURATION.days} days")
    title = clean_title(str(component.get("summary") or "Untitled")[:MAX_TITLE_LENGTH])
    # Cleaned as stored (scheduling.text), so a second import of the same file compares equal.
    notes = clean_text(str(component.get("description") or ""))[:MAX_NOTES_LENGTH]
    busy = str(component.get("transp") or ("TRANSPARENT" if all_day else "OPAQUE")).upper() != "TRANSPARENT"
    incoming = Incoming(uid, title, notes, starts_at, ends_at, zone_name, all_day, busy)
    if component.get("recurrence-id") is not None:
        incoming.recurrence_id = _instant(component.decoded("recurrence-id"), zone)
        if str(component.get("status") or "").upper() == "CANCELLED":
            incoming.title = ""  # a cancelled occurrence: an EXDATE of its series
        return incoming
    rule = component.get("rrule")
    if rule is not None:
        incoming.rrule = check_rule(_utc_until(rule, zone))
        incoming.exdates = sorted(_exdates(component.get("exdate"), zone))
    return incoming


def _utc_until(rule: vRecur, zone: ZoneInfo) -> str:
    """The rule with UNTIL in UTC (a DATE or floating UNTIL is read in the event's zone)."""
    parts = dict(rule.items())
    until = parts.get("UNTIL")
    if until:
        last = until[0] if isinstance(until, list) else until
        if not isinstance(last, datetime.datetime):
            last = local_datetime(last + datetime.timedelta(days=1), datetime.time(0, 0), zone) - datetime.timedelta(
                seconds=1
            )
        elif last.tzinfo is None:
            last = last.replace(tzinfo=zone)
        parts["UNTIL"] = last.astimezone(datetime.UTC)
    return ical_text(vRecur(parts))


def _exdates(value: Any, zone: ZoneInfo) -> Iterable[str]:
    for entry in value if isinstance(value, list) else ([value] if value is not None else []):
        for moment in entry.dts:
            yield _instant(moment.dt, zone).isoformat()


def _changes(row: Event, incoming: Incoming) -> dict[str, Any]:
    wanted = {name: getattr(incoming, name) for name in FIELDS}
    return {name: value for name, value in wanted.items() if getattr(row, name) != value}


def calendar_preview(*, owner: User, data: bytes) -> ImportReport:
    """What importing this file would do; nothing is written."""
    return _run(owner=owner, data=data, write=False)


def calendar_import(*, owner: User, data: bytes) -> ImportReport:
    with transaction.atomic():
        return _run(owner=owner, data=data, write=True)


def _run(*, owner: User, data: bytes, write: bool) -> ImportReport:
    zone = profile_get(user=owner).time_zone
    events, skipped = parse_calendar(data, default_zone=zone)
    report = ImportReport(skipped=skipped)
    masters = [event for event in events if event.recurrence_id is None]
    overrides = [event for event in events if event.recurrence_id is not None]
    existing = {
        row.uid: row for row in Event.objects.filter(owner=owner, series__isnull=True, uid__in=[e.uid for e in masters])
    }
    report.count = len(masters)
    if events:
        days = [event.starts_at.astimezone(ZoneInfo(event.time_zone)).date() for event in events]
        report.first_day, report.last_day = min(days).isoformat(), max(days).isoformat()
    report.recurring = [event.title for event in masters if event.rrule]
    saved: dict[str, Event] = {}
    # A person keeps at most MAX_IMPORTED_EVENTS_PER_PERSON imported events; the rest of a file
    # past that is left out, each with the reason (an update of one already there still counts once).
    cap = settings.MAX_IMPORTED_EVENTS_PER_PERSON
    room = cap - Event.objects.filter(owner=owner, source=EventSource.IMPORT, series__isnull=True).count()
    for incoming in masters:
        row = existing.get(incoming.uid)
        if row is None and room <= 0:
            report.skipped.append(f"{incoming.uid[:80]}: more than {cap} imported events for one person")
            continue
        if row is None:
            room -= 1
            report.created += 1
            if write:
                saved[incoming.uid] = event_create(
                    owner=owner, title=incoming.title, starts_at=incoming.starts_at, ends_at=incoming.ends_at,
                    time_zone=incoming.time_zone, notes=incoming.notes, all_day=incoming.all_day, busy=incoming.busy,
                    rrule=incoming.rrule, exdates=incoming.exdates, uid=incoming.uid, source=EventSource.IMPORT,
                )  # fmt: skip
            continue
        changes = _changes(row, incoming)
        if not changes:
            report.unchanged += 1
        else:
            report.updated += 1
            if write:
                for name, value in changes.items():
                    setattr(row, name, value)
                row.series_ends_at = series_end(row)
                row.save()
        saved[incoming.uid] = row
    for incoming in overrides:
        master = saved.get(incoming.uid) or existing.get(incoming.uid)
        if master is None or not write:
            continue
        _apply_override(master, incoming)
    return report


def _apply_override(master: Event, incoming: Incoming) -> None:
    assert incoming.recurrence_id is not None
    stamp = incoming.recurrence_id.isoformat()
    if not incoming.title:  # cancelled occurrence
        if stamp not in master.exdates:
            master.exdates = [*master.exdates, stamp]
            master.save(update_fields=["exdates", "updated_at"])
        return
    row = Event.objects.filter(series=master, recurrence_id=incoming.recurrence_id).first()
    if row is None:
        event_create(
            owner=master.owner, title=incoming.title, starts_at=incoming.starts_at, ends_at=incoming.ends_at,
            time_zone=incoming.time_zone, notes=incoming.notes, all_day=incoming.all_day, busy=incoming.busy,
            uid=incoming.uid, source=EventSource.IMPORT, series=master, recurrence_id=incoming.recurrence_id,
        )  # fmt: skip
        return
    changes = {name: value for name, value in _changes(row, incoming).items() if name not in ("rrule", "exdates")}
    if changes:
        for name, value in changes.items():
            setattr(row, name, value)
        row.save()
