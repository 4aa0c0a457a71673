"""The one status a command outcome or a tool result carries.

Defined here, in the lowest layer, so a command's outcome is already the status its tool result
reports (``tools.spec`` re-exports it). The values are stored in traces and eval cases and sent to
the model in tool results: they never change.
"""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    # What executing a schedule command can come to (scheduling.commands).
    CREATED = "created"
    UPDATED = "updated"
    DELETED = "deleted"
    NEEDS_TITLE = "needs_title"
    NEEDS_DATE = "needs_date"
    NEEDS_TIME = "needs_time"
    CONFLICT = "conflict"
    IN_PAST = "in_past"
    INVALID_EXPRESSION = "invalid_expression"
    EXPIRED = "expired"
    CANCELLED = "cancelled"
    NO_ACTIVE_COMMAND = "no_active_command"
    NOT_FOUND = "not_found"
    AWAITING_CONFIRMATION = "awaiting_confirmation"
    # What only a tool reports.
    INVALID_ARGUMENTS = "invalid_arguments"
    RESULTS = "results"
    SUGGESTIONS = "suggestions"
    AMBIGUOUS_REFERENCE = "ambiguous_reference"
    REMEMBERED = "remembered"
    MEMORY_RESULTS = "memory_results"
    ARCHIVE_RESULTS = "archive_results"
    INVITED = "invited"
    RESUMED = "resumed"
    NOTHING_TO_RESUME = "nothing_to_resume"
    UNKNOWN_TOOL = "unknown_tool"
    # A write whose values did not come from the person's words: held for their confirmation.
    NEEDS_CONFIRMATION = "needs_confirmation"
    NEEDS_SCOPE = "needs_scope"
    REMINDER_SET = "reminder_set"
    REMINDER_REMOVED = "reminder_removed"
