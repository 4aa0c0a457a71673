"""Reading a repeating event costs the window asked for, not the rule's age or its COUNT; a rule
more often than daily, a date or a duration out of range is refused per event on import."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from dateutil import rrule as dateutil_rrule
from django.test import override_settings

from scheduling import recurrence
from scheduling.errors import ValidationFailed
from scheduling.ics_import import calendar_import, calendar_preview
from scheduling.models import Event
from scheduling.recurrence import MAX_OCCURRENCES, MAX_SCANNED, check_rule
from scheduling.selectors import occurrences_in_range

pytestmark = pytest.mark.django_db
LONDON = "Europe/London"
NOW = datetime.datetime(2026, 12, 2, 9, 0, tzinfo=datetime.UTC)
WEEK = datetime.timedelta(days=7)


@pytest.fixture
def iterated(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many occurrences dateutil generated (every one it walked, wherever from)."""
    counter = [0]
    original = dateutil_rrule.rrule._iter

    def counting(self: Any) -> Iterator[datetime.datetime]:
        for value in original(self):
            counter[0] += 1
            yield value

    monkeypatch.setattr(dateutil_rrule.rrule, "_iter", counting)
    recurrence._count_end.cache_clear()
    return counter


def series(owner: Any, rule: str, *, years_ago: int) -> Event:
    start = NOW.replace(hour=8) - datetime.timedelta(days=365 * years_ago)
    # bulk_create: stored as it is, the way a row from before the import's checks would be.
    [event] = Event.objects.bulk_create([Event(owner=owner, title=rule, starts_at=start,
                                                ends_at=start + datetime.timedelta(minutes=30), time_zone=LONDON,
                                                rrule=rule)])  # fmt: skip
    return event


@pytest.mark.parametrize(
    ("rule", "expected"),
    [("FREQ=DAILY", 7), ("FREQ=WEEKLY;BYDAY=MO,TH", 2), ("FREQ=WEEKLY;INTERVAL=2", 1), ("FREQ=MONTHLY", 1),
     ("FREQ=MONTHLY;BYDAY=1WE", 1), ("FREQ=YEARLY;BYMONTH=12", 1)],
)  # fmt: skip
def test_a_weeks_agenda_of_a_ten_year_old_rule_walks_the_week(
    person: Any, iterated: list[int], rule: str, expected: int
) -> None:
    series(person, rule, years_ago=10)
    monday = NOW.replace(hour=0) - datetime.timedelta(days=2)
    found = occurrences_in_range(owner=person, start=monday, end=monday + WEEK, now=NOW)
    assert len(found) == expected
    # The old expansion walked every occurrence since 2016 (3,650 for the daily rule).
    assert iterated[0] <= 40


@pytest.mark.parametrize("rule", ["FREQ=DAILY;COUNT=5000", "FREQ=WEEKLY;COUNT=700;BYDAY=MO,WE,FR",
                                  "FREQ=MONTHLY;COUNT=700"])  # fmt: skip
def test_a_counted_rule_costs_its_count_once_then_the_window(person: Any, iterated: list[int], rule: str) -> None:
    series(person, rule, years_ago=5)
    for week in range(20):
        start = NOW + week * WEEK
        occurrences_in_range(owner=person, start=start, end=start + WEEK, now=NOW)
    count = int(rule.split("COUNT=")[1].split(";")[0])
    # Its last occurrence once (COUNT), then each week's own few; the old code walked the COUNT
    # (up to the window) on every read: 20 x 5000 for the daily rule.
    assert iterated[0] <= count + 20 * 40


def test_a_stored_sub_daily_rule_is_bounded_by_the_window(person: Any, iterated: list[int]) -> None:
    series(person, "FREQ=SECONDLY", years_ago=1)
    series(person, "FREQ=MINUTELY;INTERVAL=5", years_ago=1)
    found = occurrences_in_range(owner=person, start=NOW, end=NOW + WEEK, now=NOW)
    assert len(found) <= 2 * MAX_OCCURRENCES
    # The old expansion walked a year of seconds (31 million) for the first one.
    assert iterated[0] <= 2 * (MAX_OCCURRENCES + MAX_SCANNED + 2)


@pytest.mark.parametrize(
    "rule", ["FREQ=SECONDLY", "FREQ=MINUTELY;INTERVAL=15", "FREQ=HOURLY;COUNT=3", "FREQ=DAILY;COUNT=100000",
             "FREQ=DAILY;UNTIL=99991231T000000Z"],
)  # fmt: skip
def test_rules_out_of_bounds_are_refused(rule: str) -> None:
    with pytest.raises(ValidationFailed):
        check_rule(rule)


def ics(*events: str) -> bytes:
    body = "".join(f"BEGIN:VEVENT\r\n{event}END:VEVENT\r\n" for event in events)
    return f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n{body}END:VCALENDAR\r\n".encode()


GOOD = "UID:good\r\nSUMMARY:Dentist\r\nDTSTART:20270105T090000Z\r\nDTEND:20270105T100000Z\r\n"
BAD = {
    "every-second": "UID:every-second\r\nSUMMARY:x\r\nDTSTART:20260101T090000Z\r\nRRULE:FREQ=SECONDLY\r\n",
    "long": "UID:long\r\nSUMMARY:x\r\nDTSTART:20270101T090000Z\r\nDURATION:P99999999D\r\n",
    "far-start": "UID:far-start\r\nSUMMARY:x\r\nDTSTART:99991231T090000Z\r\nDTEND:99991231T100000Z\r\n",
    "far-until": "UID:far-until\r\nSUMMARY:x\r\nDTSTART:20270101T090000Z\r\nRRULE:FREQ=DAILY;UNTIL=99991231T000000Z\r\n",
    "far-date": "UID:far-date\r\nSUMMARY:x\r\nDTSTART;VALUE=DATE:99991231\r\n",
}


def test_out_of_range_events_are_skipped_with_a_reason_and_the_rest_imported(person: Any) -> None:
    data = ics(GOOD, *BAD.values())
    preview = calendar_preview(owner=person, data=data)
    assert preview.count == 1
    reasons = {line.split(":")[0]: line for line in preview.skipped}
    assert set(reasons) == set(BAD)
    assert "more often than daily" in reasons["every-second"]
    assert "14 days" in reasons["long"]
    assert "2200" in reasons["far-start"] and "2200" in reasons["far-until"]
    report = calendar_import(owner=person, data=data)
    assert report.created == 1
    assert list(Event.objects.values_list("uid", flat=True)) == ["good"]


def test_the_upload_endpoint_answers_a_preview_not_a_500(person: Any, client: Any) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(person)
    upload = SimpleUploadedFile("c.ics", ics(*BAD.values()), content_type="text/calendar")
    response = client.post("/api/calendar/import/", {"file": upload, "mode": "import"})
    assert response.status_code == 200
    assert len(response.json()["skipped"]) == len(BAD)
    assert not Event.objects.exists()


def test_a_long_ago_rule_still_lands_on_its_own_days() -> None:
    zone = ZoneInfo(LONDON)
    first = datetime.datetime(2016, 1, 31, 8, 0, tzinfo=datetime.UTC)
    # The 31st of each month: months without one are skipped, as dateutil has it.
    starts = recurrence.occurrence_starts(
        rule="FREQ=MONTHLY", first_start=first, zone=zone, window_start=NOW,
        window_end=NOW + datetime.timedelta(days=120), duration=datetime.timedelta(minutes=30),
    )  # fmt: skip
    assert [start.astimezone(zone).strftime("%m-%d %H:%M") for start in starts] == [
        "12-31 08:00", "01-31 08:00", "03-31 08:00",
    ]  # fmt: skip


@override_settings(MAX_IMPORTED_EVENTS_PER_PERSON=2)
def test_imported_events_are_capped_per_person(person: Any) -> None:
    one, two, three = (GOOD.replace("UID:good", f"UID:e{index}") for index in range(3))
    report = calendar_import(owner=person, data=ics(one, two, three))
    assert (report.created, [line.split(":")[0] for line in report.skipped]) == (2, ["e2"])
    assert "more than 2 imported events" in report.skipped[0]
    again = calendar_import(owner=person, data=ics(one, two, three))  # the two already there stay
    assert (again.created, again.unchanged, len(again.skipped)) == (0, 2, 1)
    assert Event.objects.count() == 2


@override_settings(MAX_THREADS_PER_PERSON=2)
def test_threads_are_capped_per_person(person: Any, client: Any) -> None:
    client.force_login(person)
    for _ in range(2):
        assert client.post("/api/threads/", data={}, content_type="application/json").status_code == 201
    refused = client.post("/api/threads/", data={}, content_type="application/json")
    assert refused.status_code == 400 and "delete some" in str(refused.json())
