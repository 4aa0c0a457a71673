"""Import of .ics files shaped like Google, Apple and Outlook exports: preview first, then an
idempotent write by UID, rules and zones kept, imported text kept as data."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from scheduling.ics_import import calendar_import, calendar_preview
from scheduling.localtime import local_datetime
from scheduling.models import Event, EventSource
from scheduling.selectors import occurrences_in_range

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent / "fixtures"


def read(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def days(person: Any, first: datetime.date, count: int, zone: str = "Europe/London") -> list[str]:
    tz = ZoneInfo(zone)
    start = local_datetime(first, datetime.time(0, 0), tz)
    found = occurrences_in_range(owner=person, start=start, end=start + datetime.timedelta(days=count),
                                 now=start)  # fmt: skip
    # An all-day event is its own dates, in the zone it was made in.
    return [
        f"{e.starts_at.astimezone(ZoneInfo(e.time_zone) if e.all_day else tz):%m-%d %H:%M} {e.title}" for e in found
    ]


def test_google_preview_writes_nothing_then_import_keeps_rules_and_zones(person: Any) -> None:
    preview = calendar_preview(owner=person, data=read("google.ics"))
    assert (preview.count, preview.created, preview.first_day) == (2, 2, "2027-03-08")
    assert preview.recurring == ["Team standup", "Mum's birthday"]
    assert Event.objects.count() == 0
    report = calendar_import(owner=person, data=read("google.ics"))
    assert (report.created, report.updated, report.unchanged) == (2, 0, 0)
    standup = Event.objects.get(title="Team standup")
    assert standup.time_zone == "Europe/London" and standup.rrule == "FREQ=WEEKLY;BYDAY=MO"
    assert standup.source == EventSource.IMPORT and "Ignore all previous" in standup.notes  # stored as data
    # 8 Mar; 15 Mar is an EXDATE; 22 Mar was moved to 11:00; 29 Mar is after the DST change, still 09:30.
    assert days(person, datetime.date(2027, 3, 8), 22) == [
        "03-08 09:30 Team standup", "03-14 00:00 Mum's birthday", "03-22 11:00 Team standup (late)",
        "03-29 09:30 Team standup",
    ]  # fmt: skip


def test_importing_twice_changes_nothing_and_a_changed_event_updates(person: Any) -> None:
    calendar_import(owner=person, data=read("google.ics"))
    again = calendar_import(owner=person, data=read("google.ics"))
    assert (again.created, again.updated, again.unchanged) == (0, 0, 2)
    assert Event.objects.count() == 3  # two series and one overridden occurrence
    changed = read("google.ics").replace(b"SUMMARY:Team standup\r\n", b"SUMMARY:Daily standup\r\n")
    report = calendar_import(owner=person, data=changed)
    assert (report.created, report.updated, report.unchanged) == (0, 1, 1)
    assert Event.objects.filter(title="Daily standup").count() == 1 and Event.objects.count() == 3


def test_apple_all_day_multi_day_and_a_fortnightly_rule(make_person: Any) -> None:
    person = make_person("li", time_zone="Asia/Shanghai")
    report = calendar_import(owner=person, data=read("apple.ics"))
    assert report.created == 3
    holiday = Event.objects.get(title="Holiday in Sanya")
    assert holiday.all_day and not holiday.busy and holiday.duration == datetime.timedelta(days=8)
    badminton = Event.objects.get(title="羽毛球")
    assert "INTERVAL=2" in badminton.rrule and badminton.series_ends_at is not None
    listed = days(person, datetime.date(2026, 12, 14), 17, zone="Asia/Shanghai")
    assert "12-15 15:00 牙医复查" in listed and "12-16 19:00 羽毛球" in listed and "12-30 19:00 羽毛球" in listed
    assert "12-23 19:00 羽毛球" not in listed


def test_outlook_windows_zone_names_and_busy_all_day(make_person: Any) -> None:
    person = make_person("bo", time_zone="Asia/Shanghai")
    report = calendar_import(owner=person, data=read("outlook.ics"))
    assert report.created == 2 and not report.skipped
    review = Event.objects.get(title="Quarterly planning review")
    assert review.time_zone == "Asia/Shanghai"
    assert review.starts_at == datetime.datetime(2026, 12, 15, 2, 0, tzinfo=datetime.UTC)
    assert "BYMONTHDAY=15" in review.rrule
    offsite = Event.objects.get(title="Offsite")
    assert offsite.all_day and offsite.busy  # TRANSP:OPAQUE: it blocks the day


def test_a_broken_file_is_refused_and_writes_nothing(person: Any) -> None:
    from scheduling.errors import ValidationFailed

    with pytest.raises(ValidationFailed):
        calendar_import(owner=person, data=b"this is not a calendar")
    assert Event.objects.count() == 0


def test_the_upload_endpoint_previews_then_imports(person: Any, client: Any) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(person)

    def post(mode: str) -> Any:
        upload = SimpleUploadedFile("cal.ics", read("outlook.ics"), content_type="text/calendar")
        return client.post("/api/calendar/import/", {"file": upload, "mode": mode})

    preview = post("preview").json()
    assert preview["count"] == 2 and preview["recurring"] == ["Quarterly planning review"]
    assert Event.objects.count() == 0
    assert post("import").json()["created"] == 2
    assert post("import").json()["unchanged"] == 2
