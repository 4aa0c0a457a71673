"""Command stubs: merge a field patch, execute when complete, exactly once (see ``lifecycle``)."""

from scheduling.commands.lifecycle import (
    command_apply,
    command_cancel,
    command_confirm_delete,
    command_execute,
    command_expire,
    command_merge_patch,
    command_request_delete,
    command_start,
    commands_cancel_pending_deletes,
    commands_expire_stale,
)
from scheduling.commands.outcomes import (
    CREATE_REQUIRED,
    DEFAULT_DURATION_MINUTES,
    MAX_DURATION_MINUTES,
    MIN_DURATION_MINUTES,
    SLOT_NAMES,
    CommandOutcome,
    SlotPatch,
    validate_patch,
)
from scheduling.commands.rows import missing_slots
from scheduling.status import Status

__all__ = [
    "CREATE_REQUIRED",
    "DEFAULT_DURATION_MINUTES",
    "MAX_DURATION_MINUTES",
    "MIN_DURATION_MINUTES",
    "SLOT_NAMES",
    "CommandOutcome",
    "SlotPatch",
    "Status",
    "command_apply",
    "command_cancel",
    "command_confirm_delete",
    "command_execute",
    "command_expire",
    "command_merge_patch",
    "command_request_delete",
    "command_start",
    "commands_cancel_pending_deletes",
    "commands_expire_stale",
    "missing_slots",
    "validate_patch",
]
