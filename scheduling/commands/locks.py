"""One writer at a time per person: the conflict check and the write it allows go together.

The stub row lock keeps ONE command from writing twice; it does nothing for two commands of the
same person (two tabs, two devices, two threads) aimed at the same slot. Each would check for a
clash, find none, and insert. Locking the person's profile row before the check makes the
second check wait for the first write to commit, and then see it.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import F

from scheduling.models import Profile


def person_write_lock(*, profile: Profile) -> None:
    """Hold the person's write lock until the surrounding transaction ends (the caller opens it)."""
    if not connection.in_atomic_block:
        # Outside a transaction a lock would be released at once: a bug, not a choice.
        raise RuntimeError("person_write_lock needs a transaction")
    if connection.features.has_select_for_update:
        # PostgreSQL: a row lock, released at commit or rollback; a waiting check then reads
        # the committed rows (READ COMMITTED takes a new snapshot per statement).
        list(Profile.objects.select_for_update().filter(pk=profile.pk).values_list("pk", flat=True))
    else:
        # SQLite has no row locks but one writer: a no-op write takes the writer's lock now,
        # before the check, so a second writer waits for this one's commit.
        Profile.objects.filter(pk=profile.pk).update(time_zone=F("time_zone"))
