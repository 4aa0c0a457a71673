"""Command stubs: merge, execute when complete, exactly once, owner only."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.utils import timezone

from scheduling.commands import (
    SlotPatch,
    Status,
    command_apply,
    command_cancel,
    command_confirm_delete,
    command_execute,
    command_request_delete,
    commands_expire_stale,
)
from scheduling.errors import NotFound
from scheduling.models import CommandChange, CommandKind, CommandStatus, Event, ScheduleCommand

pytestmark = pytest.mark.django_db

# Monday 2026-12-07 10:00 in Shanghai (see conftest.FROZEN_NOW).


def apply(person: Any, now: datetime.datetime, **kwargs: Any) -> Any:
    command_id = kwargs.pop("command_id", None)
    return command_apply(owner=person, patch=SlotPatch(**kwargs), now=now, command_id=command_id, thread_id=1)


def local(event: Event) -> str:
    return event.starts_at.astimezone(event.owner.profile.zone).strftime("%a %Y-%m-%d %H:%M")


def test_create_in_one_go(person: Any, frozen_now: datetime.datetime) -> None:
    outcome = apply(person, frozen_now, title="Dentist", date="W5", time="15:00")
    assert outcome.status == Status.CREATED
    assert outcome.wrote
    assert local(outcome.event) == "Fri 2026-12-11 15:00"
    assert outcome.event.duration == datetime.timedelta(minutes=60)
    assert outcome.event.time_zone == "Asia/Shanghai"
    assert outcome.command.status == CommandStatus.CREATED
    assert Event.objects.filter(owner=person).count() == 1


def test_missing_slots_are_asked_in_order_then_filled(person: Any, frozen_now: datetime.datetime) -> None:
    first = apply(person, frozen_now, title="Dentist")
    assert first.status == Status.NEEDS_DATE
    assert first.command.missing == ["date", "time"]
    second = apply(person, frozen_now, command_id=first.command.id, date="D+1")
    assert second.status == Status.NEEDS_TIME
    assert second.revealed == ["date"]
    third = apply(person, frozen_now, command_id=first.command.id, time="09:30")
    assert third.status == Status.CREATED
    assert local(third.event) == "Tue 2026-12-08 09:30"
    untitled = apply(person, frozen_now, date="D+2", time="11:00")
    assert untitled.status == Status.NEEDS_TITLE
    assert not Event.objects.filter(title="").exists()


def test_a_revision_overwrites_and_is_kept_in_history(person: Any, frozen_now: datetime.datetime) -> None:
    first = apply(person, frozen_now, title="Dinner", date="D+1")
    apply(person, frozen_now, command_id=first.command.id, date="D+2")
    done = apply(person, frozen_now, command_id=first.command.id, time="19:00")
    assert local(done.event) == "Wed 2026-12-09 19:00"
    command = ScheduleCommand.objects.get(id=first.command.id)
    assert command.slots["date"]["value"] == "D+2"
    revise = CommandChange.objects.get(command=command, kind="revise")
    assert (revise.field, revise.old_value, revise.new_value) == ("date", "D+1", "D+2")


def test_weekend_gives_both_candidates(person: Any, frozen_now: datetime.datetime) -> None:
    outcome = apply(person, frozen_now, title="Hike", date="WE", time="08:00")
    assert outcome.status == Status.NEEDS_DATE
    assert outcome.candidates == [datetime.date(2026, 12, 12), datetime.date(2026, 12, 13)]
    assert outcome.command.candidates == ["2026-12-12", "2026-12-13"]
    assert not Event.objects.exists()
    picked = apply(person, frozen_now, command_id=outcome.command.id, date="2026-12-13")
    assert picked.status == Status.CREATED
    assert local(picked.event) == "Sun 2026-12-13 08:00"


def test_past_dates_are_refused_with_a_clear_status(person: Any, frozen_now: datetime.datetime) -> None:
    yesterday = apply(person, frozen_now, title="Standup", date="D-1", time="11:00")
    assert yesterday.status == Status.IN_PAST
    assert yesterday.command.status == CommandStatus.NEEDS_DATE
    assert "already passed" in yesterday.problem
    earlier_today = apply(person, frozen_now, title="Standup", date="D+0", time="09:00")
    assert earlier_today.status == Status.IN_PAST
    assert earlier_today.command.status == CommandStatus.NEEDS_TIME
    assert not Event.objects.exists()
    later_today = apply(person, frozen_now, command_id=earlier_today.command.id, time="10:30")
    assert later_today.status == Status.CREATED


def test_invalid_symbol_is_rejected_before_anything_is_written(person: Any, frozen_now: datetime.datetime) -> None:
    outcome = apply(person, frozen_now, title="Lunch", date="tomorrow", time="12:00")
    assert outcome.status == Status.INVALID_EXPRESSION
    assert not ScheduleCommand.objects.exists()
    leap = apply(person, frozen_now, title="Lunch", date="02-29", time="12:00")
    assert leap.status == Status.INVALID_EXPRESSION
    assert leap.command.status == CommandStatus.NEEDS_DATE
    assert "date" not in leap.command.slots


def test_conflict_names_the_clashing_event_and_nearest_free_slots(
    person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    sync = add_event(person, "Team sync", "2026-12-08T15:00", 60)
    one_on_one = add_event(person, "1:1", "2026-12-08T16:00", 30)
    add_event(person, "Elsewhere", "2026-12-09T15:30", 60)
    outcome = apply(person, frozen_now, title="Dentist", date="D+1", time="15:30")
    assert outcome.status == Status.CONFLICT
    assert [event.id for event in outcome.conflicts] == [sync.id, one_on_one.id]
    # The three free hours closest to 15:30, shown in time order; none overlaps a busy block.
    starts = [slot.start.astimezone(person.profile.zone).strftime("%H:%M") for slot in outcome.suggestions]
    assert starts == ["13:00", "14:00", "16:30"]
    assert outcome.command.status == CommandStatus.CONFLICT
    assert Event.objects.count() == 3
    moved = apply(person, frozen_now, command_id=outcome.command.id, time="16:30")
    assert moved.status == Status.CREATED
    assert moved.revised == {"time": ("15:30", "16:30")}


def test_executing_twice_creates_one_event(person: Any, frozen_now: datetime.datetime) -> None:
    outcome = apply(person, frozen_now, title="Dentist", date="D+1", time="15:00")
    again = command_execute(owner=person, command_id=outcome.command.id, now=frozen_now)
    assert again.status == Status.CREATED
    assert again.already_done and not again.wrote
    assert again.event == outcome.event
    retried = apply(person, frozen_now, command_id=outcome.command.id, time="16:00")
    assert retried.already_done
    assert Event.objects.count() == 1
    assert local(Event.objects.get()) == "Tue 2026-12-08 15:00"


def test_same_idempotency_key_opens_one_stub(person: Any, frozen_now: datetime.datetime) -> None:
    for _ in range(3):
        command_apply(
            owner=person,
            patch=SlotPatch(title="Gym", date="D+1", time="07:00"),
            now=frozen_now,
            idempotency_key="msg-1",
        )
    assert ScheduleCommand.objects.count() == 1
    assert Event.objects.count() == 1


def test_an_expired_stub_never_executes(person: Any, frozen_now: datetime.datetime) -> None:
    outcome = apply(person, frozen_now, title="Dentist", date="D+1")
    later = frozen_now + datetime.timedelta(hours=3)
    finished = apply(person, later, command_id=outcome.command.id, time="15:00")
    assert finished.status == Status.EXPIRED
    assert ScheduleCommand.objects.get().status == CommandStatus.EXPIRED
    assert command_execute(owner=person, command_id=outcome.command.id, now=later).status == Status.EXPIRED
    assert not Event.objects.exists()


def test_activity_keeps_a_stub_alive(person: Any, frozen_now: datetime.datetime) -> None:
    outcome = apply(person, frozen_now, title="Dentist")
    ninety = frozen_now + datetime.timedelta(minutes=90)
    apply(person, ninety, command_id=outcome.command.id, date="D+1")
    done = apply(person, ninety + datetime.timedelta(minutes=90), command_id=outcome.command.id, time="15:00")
    assert done.status == Status.CREATED


def test_another_person_can_neither_read_nor_execute_a_stub(
    person: Any, other_person: Any, frozen_now: datetime.datetime
) -> None:
    outcome = apply(person, frozen_now, title="Dentist", date="D+1")
    with pytest.raises(NotFound):
        command_execute(owner=other_person, command_id=outcome.command.id, now=frozen_now)
    with pytest.raises(NotFound):
        command_apply(owner=other_person, patch=SlotPatch(time="15:00"), now=frozen_now, command_id=outcome.command.id)
    with pytest.raises(NotFound):
        command_cancel(owner=other_person, command_id=outcome.command.id, now=frozen_now)
    with pytest.raises(NotFound):
        command_apply(
            owner=other_person,
            patch=SlotPatch(title="x", date="D+1", time="15:00"),
            now=frozen_now,
            idempotency_key=outcome.command.idempotency_key,
        )
    assert ScheduleCommand.objects.get(id=outcome.command.id).status == CommandStatus.NEEDS_TIME
    assert not Event.objects.exists()


def test_malformed_command_ids_are_not_found(person: Any, frozen_now: datetime.datetime) -> None:
    for bad in ["not-a-uuid", "", "00000000-0000-0000-0000-000000000000"]:
        with pytest.raises(NotFound):
            command_execute(owner=person, command_id=bad, now=frozen_now)


def test_cancel_is_an_exit(person: Any, frozen_now: datetime.datetime) -> None:
    outcome = apply(person, frozen_now, title="Dentist", date="D+1")
    assert command_cancel(owner=person, command_id=outcome.command.id, now=frozen_now).status == Status.CANCELLED
    after = apply(person, frozen_now, command_id=outcome.command.id, time="15:00")
    assert after.status == Status.CANCELLED and after.already_done
    assert not Event.objects.exists()


def test_change_moves_an_event_keeping_what_was_not_said(
    person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    event = add_event(person, "Dentist", "2026-12-11T15:00", 45)
    moved = command_apply(
        owner=person, patch=SlotPatch(time="16:00"), now=frozen_now, kind=CommandKind.CHANGE, target_event_id=event.id
    )
    assert moved.status == Status.UPDATED
    event.refresh_from_db()
    assert local(event) == "Fri 2026-12-11 16:00"
    assert event.duration == datetime.timedelta(minutes=45)
    other_day = command_apply(
        owner=person, patch=SlotPatch(date="W4"), now=frozen_now, kind=CommandKind.CHANGE, target_event_id=event.id
    )
    assert other_day.status == Status.UPDATED
    event.refresh_from_db()
    assert local(event) == "Thu 2026-12-10 16:00"


def test_a_change_to_how_the_event_already_is_writes_nothing_and_says_so(
    person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    event = add_event(person, "Dinner with Lao Wang", "2026-12-11T19:00", 90)
    saved = Event.objects.get(id=event.id).updated_at
    same = command_apply(
        owner=person, patch=SlotPatch(date="W5", title="Dinner with Lao Wang"), now=frozen_now, kind=CommandKind.CHANGE,
        target_event_id=event.id,
    )  # fmt: skip
    assert (same.status, same.already_done, same.wrote) == (Status.UPDATED, True, False)
    assert Event.objects.get(id=event.id).updated_at == saved
    moved = command_apply(
        owner=person, patch=SlotPatch(date="W4"), now=frozen_now, kind=CommandKind.CHANGE, target_event_id=event.id
    )
    assert (moved.status, moved.already_done, moved.wrote) == (Status.UPDATED, False, True)


def test_change_checks_conflicts_but_not_against_itself(
    person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    event = add_event(person, "Dentist", "2026-12-11T15:00", 60)
    add_event(person, "Review", "2026-12-11T17:00", 60)
    shifted = command_apply(
        owner=person, patch=SlotPatch(time="15:30"), now=frozen_now, kind=CommandKind.CHANGE, target_event_id=event.id
    )
    assert shifted.status == Status.UPDATED
    clash = command_apply(
        owner=person, patch=SlotPatch(time="16:30"), now=frozen_now, kind=CommandKind.CHANGE, target_event_id=event.id
    )
    assert clash.status == Status.CONFLICT
    event.refresh_from_db()
    assert local(event) == "Fri 2026-12-11 15:30"


def test_change_of_someone_elses_event_is_not_found(
    person: Any, other_person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    theirs = add_event(other_person, "Secret", "2026-12-11T15:00")
    outcome = command_apply(
        owner=person, patch=SlotPatch(time="16:00"), now=frozen_now, kind=CommandKind.CHANGE, target_event_id=theirs.id
    )
    assert outcome.status == Status.NOT_FOUND
    theirs.refresh_from_db()
    assert local(theirs) == "Fri 2026-12-11 15:00"


def test_delete_waits_for_confirmation_then_deletes_once(
    person: Any, other_person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    event = add_event(person, "Dentist", "2026-12-11T15:00")
    asked = command_request_delete(owner=person, event_id=event.id, now=frozen_now)
    assert asked.status == Status.AWAITING_CONFIRMATION
    assert Event.objects.filter(id=event.id).exists()
    with pytest.raises(NotFound):
        command_confirm_delete(owner=other_person, command_id=asked.command.id, now=frozen_now)
    done = command_confirm_delete(owner=person, command_id=asked.command.id, now=frozen_now)
    assert done.status == Status.DELETED and done.event.title == "Dentist"
    assert not Event.objects.filter(id=event.id).exists()
    again = command_confirm_delete(owner=person, command_id=asked.command.id, now=frozen_now)
    assert again.already_done
    assert command_request_delete(owner=other_person, event_id=event.id, now=frozen_now).status == Status.NOT_FOUND


def test_a_late_delete_confirmation_expires(
    person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    event = add_event(person, "Dentist", "2026-12-11T15:00")
    asked = command_request_delete(owner=person, event_id=event.id, now=frozen_now)
    late = command_confirm_delete(
        owner=person, command_id=asked.command.id, now=frozen_now + datetime.timedelta(days=1)
    )
    assert late.status == Status.EXPIRED
    assert Event.objects.filter(id=event.id).exists()


def test_the_sweep_marks_only_stale_open_stubs(person: Any, frozen_now: datetime.datetime) -> None:
    stale = apply(person, frozen_now - datetime.timedelta(hours=5), title="Old")
    fresh = apply(person, frozen_now, title="New")
    done = apply(person, frozen_now - datetime.timedelta(hours=5), title="Done", date="D+3", time="10:00")
    assert commands_expire_stale(now=timezone.now()) == 1
    statuses = dict(ScheduleCommand.objects.values_list("id", "status"))
    assert statuses[stale.command.id] == CommandStatus.EXPIRED
    assert statuses[fresh.command.id] == CommandStatus.NEEDS_DATE
    assert statuses[done.command.id] == CommandStatus.CREATED


def test_a_relative_day_means_the_day_it_was_said_on(person: Any) -> None:
    before_midnight = datetime.datetime(2026, 12, 7, 15, 50, tzinfo=datetime.UTC)  # 23:50 Monday in Shanghai
    asked = apply(person, before_midnight, title="Dentist", date="D+1")
    after_midnight = before_midnight + datetime.timedelta(minutes=20)  # 00:10 Tuesday
    done = apply(person, after_midnight, command_id=asked.command.id, time="15:00")
    assert local(done.event) == "Tue 2026-12-08 15:00"  # "tomorrow" as said on Monday, not Wednesday


def test_a_done_stub_whose_event_was_deleted_says_so(person: Any, frozen_now: datetime.datetime) -> None:
    done = apply(person, frozen_now, title="Dentist", date="D+1", time="15:00")
    done.event.delete()
    again = command_execute(owner=person, command_id=done.command.id, now=frozen_now)
    assert again.status == Status.NOT_FOUND and "deleted" in again.problem


def test_moving_an_event_may_land_on_its_own_time(
    person: Any, frozen_now: datetime.datetime, add_event: Callable[..., Event]
) -> None:
    event = add_event(person, "Dentist", "2026-12-11T15:00", 60)
    add_event(person, "Review", "2026-12-11T16:00", 60)
    clash = command_apply(
        owner=person, patch=SlotPatch(time="16:00"), now=frozen_now, kind=CommandKind.CHANGE, target_event_id=event.id
    )
    starts = [slot.start.astimezone(person.profile.zone).strftime("%H:%M") for slot in clash.suggestions]
    assert "15:00" in starts  # its own slot is free for itself
