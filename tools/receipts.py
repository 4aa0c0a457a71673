"""Replies written by code from a terminal tool's result, in English or Chinese (words from ``catalogue``).

A receipt quotes only what the result holds: a write is announced only when the result says it
happened, and every date and time shown is the one the server computed.
"""

from __future__ import annotations

import contextvars
import datetime
from collections.abc import Callable
from typing import Any

from catalogue import text
from tools.spec import Status, ToolResult

# The person's current year while a receipt is written: a day in any other year shows its year,
# so "1 Dec" can never silently mean next December.
_THIS_YEAR: contextvars.ContextVar[int | None] = contextvars.ContextVar("receipt_year", default=None)


def day_label(date_text: str, language: str) -> str:
    day = datetime.date.fromisoformat(date_text)
    this_year = _THIS_YEAR.get()
    other_year = this_year is not None and day.year != this_year
    return text(
        "day_label_with_year" if other_year else "day_label",
        language,
        weekday=text(f"weekday_{day.isoweekday()}", language),
        day=day.day,
        month=text(f"month_{day.month}", language),
        year=day.year,
    )


def event_line(event: dict[str, Any], language: str, with_day: bool = True) -> str:
    when = f"{event['start']}–{event['end']}"
    if event.get("all_day"):
        when = all_day_span(event, language)
    elif with_day:
        when = f"{day_label(event['date'], language)} {when}"
    line = text("event_line", language, when=when, title=event["title"])
    if event.get("repeats") and not event.get("occurrence"):
        line = text("event_line_repeats", language, line=line, rule=repeat_words(event["repeats"], language))
    return line


def all_day_span(event: dict[str, Any], language: str) -> str:
    first, last = event["date"], event.get("end_date") or event["date"]
    if last == first:
        return text("all_day", language, day=day_label(first, language))
    return text("all_day_span", language, first=day_label(first, language), last=day_label(last, language))


WORKDAYS = ["MO", "TU", "WE", "TH", "FR"]
WEEKDAYS = {*WORKDAYS, "SA", "SU"}
UNITS = {"daily", "weekly", "monthly", "yearly"}


def repeat_words(rule: dict[str, Any], language: str) -> str:
    """A rule fact in words: "every other Friday until Mon 1 Mar", "每月15号"."""
    frequency, interval = rule.get("frequency"), int(rule.get("interval") or 1)
    weekdays = rule.get("weekdays") or []
    if (
        frequency in ("weekly", "daily")
        and sorted(weekdays, key=WORKDAYS.index if set(weekdays) <= set(WORKDAYS) else str) == WORKDAYS
    ):
        words = text("repeat_workdays", language)
    elif weekdays:
        names = [text(f"repeat_day_{day}", language) if day in WEEKDAYS else day for day in weekdays]
        joiner = text("repeat_days_once_a_week" if interval == 1 else "repeat_days_some_weeks", language)
        key = "repeat_weekly_on" if interval == 1 else "repeat_fortnightly_on" if interval == 2 else "repeat_weeks_on"
        days = text("repeat_days_comma", language, joiner=joiner).join(names[:-1]) + joiner + names[-1] if len(names) > 2 else joiner.join(names)
        words = text(key, language, days=days, interval=interval)
    else:
        unit = text(f"unit_{frequency}" if frequency in UNITS else "unit_other", language)
        words = text("repeat_every" if interval == 1 else "repeat_every_n", language, unit=unit, interval=interval)
        if rule.get("month_day") is not None:
            day = int(rule["month_day"])
            if day == -1:
                words = text("repeat_on_last_day", language, rule=words)
            else:
                words = text("repeat_on_month_day", language, rule=words, day=day, suffix=_ordinal_suffix(day))
    if rule.get("until"):
        words = text("repeat_until", language, rule=words, day=day_label(rule["until"], language))
    elif rule.get("count"):
        words = text("repeat_count", language, rule=words, count=rule["count"])
    return words


def _ordinal_suffix(day: int) -> str:
    if 10 <= day % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _reminder_words(result: ToolResult, language: str) -> str:
    minutes = result.data.get("reminders") or []
    if not minutes:
        return ""
    times = text("list_and", language).join(_minutes_words(m, language) for m in minutes)
    return text("reminds_you", language, times=times)


def _minutes_words(minutes: int, language: str) -> str:
    if minutes and minutes % 1440 == 0 and minutes > 1440:  # "2 days", never "48 hours"
        return text("days", language, days=minutes // 1440)
    if minutes and minutes % 60 == 0:
        hours = minutes // 60
        return text("hours" if hours > 1 else "hour", language, hours=hours)
    if minutes > 120:  # "12 hours 30 minutes", never "750 minutes"
        return text("hours_minutes", language, hours=minutes // 60, minutes=minutes % 60)
    return text("minutes_long", language, minutes=minutes)


def _title(result: ToolResult, language: str) -> str:
    title = (result.data.get("command") or {}).get("known", {}).get("title")
    if not title:
        return text("this_event", language)
    return text("quoted_title", language, title=title)


def _created(result: ToolResult, language: str) -> str:
    event = result.data["event"]
    if result.data.get("already_done"):
        return text("created_already", language, event=event_line(event, language))
    overlaps = "; ".join(event_line(other, language, with_day=False) for other in result.data.get("overlaps") or [])
    created = text("created", language, event=event_line(event, language), reminders=_reminder_words(result, language))
    return created + (text("created_overlapping", language, overlaps=overlaps) if overlaps else "")


def _updated(result: ToolResult, language: str) -> str:
    key = "updated_already" if result.data.get("already_done") else "updated"
    return text(key, language, event=event_line(result.data["event"], language))


def _deleted(result: ToolResult, language: str) -> str:
    event = result.data.get("event") or {}
    label = event_line(event, language) if event else ""
    scope = result.data.get("scope")
    if scope == "following" and event:
        label = text("deleted_following", language, label=label)
    return text("deleted", language, label=label)


def _needs_title(result: ToolResult, language: str) -> str:
    return text("needs_title", language)


def _needs_date(result: ToolResult, language: str) -> str:
    candidates = result.data.get("candidates") or []
    passed = result.data.get("passed")
    if passed and len(candidates) == 1:
        day = datetime.date.fromisoformat(passed["date"])
        passed_label = text("day_month", language, day=day.day, month=text(f"month_{day.month}", language))
        coming = day_label(candidates[0]["date"], language)
        return text("needs_date_passed", language, passed=passed_label, coming=coming, title=_title(result, language))
    if candidates:
        days = text("list_or", language).join(day_label(day["date"], language) for day in candidates)
        return text("needs_date_choice", language, title=_title(result, language), days=days)
    return text("needs_date", language, title=_title(result, language))


def _needs_time(result: ToolResult, language: str) -> str:
    if "reminder" in result.data:  # a reminder has no start: the question is when to remind
        return text("needs_reminder_time", language)
    return text("needs_time", language, title=_title(result, language))


def _conflict(result: ToolResult, language: str) -> str:
    clashes = "; ".join(event_line(event, language) for event in result.data.get("conflicts", []))
    first = result.data.get("first_clash")
    if first:
        return text("conflict_first_clash", language, day=day_label(first["date"], language), clashes=clashes)
    suggestions = result.data.get("suggestions") or []
    reply = text("conflict", language, clashes=clashes)
    if suggestions:
        options = text("list_comma", language).join(
            f"{day_label(s['date'], language)} {s['start']}" for s in suggestions
        )
        reply += text("conflict_free_nearby", language, options=options)
    return reply


def _in_past(result: ToolResult, language: str) -> str:
    return text("in_past", language)


def _invalid_expression(result: ToolResult, language: str) -> str:
    return text("invalid_expression", language)


def _invalid_arguments(result: ToolResult, language: str) -> str:
    return text("invalid_arguments", language)


def _expired(result: ToolResult, language: str) -> str:
    return text("expired", language)


def _results(result: ToolResult, language: str) -> str:
    events = result.data.get("events", [])
    first, last = result.data["range"]["from"]["date"], result.data["range"]["to"]["date"]
    if first == last:
        span = day_label(first, language)
    else:
        span = text("day_span", language, first=day_label(first, language), last=day_label(last, language))
    words = result.data.get("named")
    named = text("quoted_title", language, title=words) if words else None
    if not events:
        return text("results_named_none" if named else "results_none", language, span=span, named=named)
    lines = "\n".join(
        f"{index}. {event_line(event, language, with_day=first != last)}" for index, event in enumerate(events, 1)
    )
    more = text("results_truncated", language, limit=result.data.get("limit", len(events))) if result.data.get("truncated") else ""
    if named:
        key = "results_named" if result.data.get("named_found") else "results_named_other"
        return text(key, language, named=named, span=span, lines=lines) + more
    key = "results_one" if len(events) == 1 else "results_many"
    return text(key, language, span=span, count=len(events), lines=lines) + more


def _suggestions(result: ToolResult, language: str) -> str:
    suggestions = result.data.get("suggestions", [])
    if not suggestions:
        return text("free_none", language, minutes=result.data.get("duration_minutes", 60))
    options = [f"{day_label(s['date'], language)} {s['start']}–{s['end']}" for s in suggestions]
    return text("free_slots", language, options=text("list_comma", language).join(options))


def _cancelled(result: ToolResult, language: str) -> str:
    return text("cancelled", language, title=_title(result, language))


def _no_active_command(result: ToolResult, language: str) -> str:
    return text("no_active_command", language)


def _not_found(result: ToolResult, language: str) -> str:
    if (event := result.data.get("no_reminder")) is not None:  # cancel_reminder: nothing to remove, nothing changed
        return text("no_reminder_on", language, label=event_line(event, language)) if event else text("no_reminder_to_remove", language)
    named = result.data.get("named")
    if not named:
        return text("not_found", language)
    looked = result.data.get("looked") or {}
    first, last = (looked.get("from") or {}).get("date"), (looked.get("to") or {}).get("date")
    span = ""
    if first and last:
        span = (
            day_label(first, language) if first == last else f"{day_label(first, language)}–{day_label(last, language)}"
        )
    words = named.get("words")
    what = text("quoted_title", language, title=words) if words else text("an_event_like_that", language)
    return text("not_found_named_in" if span else "not_found_named", language, what=what, span=span)


def _ambiguous(result: ToolResult, language: str) -> str:
    candidates = result.data.get("candidates") or []
    if not candidates:
        return text("ambiguous", language)
    lines = "\n".join(f"{index}. {event_line(event, language)}" for index, event in enumerate(candidates, 1))
    return text("ambiguous_only" if len(candidates) == 1 else "ambiguous_among", language, lines=lines)


def _awaiting_confirmation(result: ToolResult, language: str) -> str:
    event = result.data["event"]
    scope, occurrence = result.data.get("scope"), result.data.get("occurrence")
    if scope == "this" and occurrence:
        return text("confirm_delete_this", language, event=event_line(occurrence, language))
    if scope == "following" and occurrence:
        return text("confirm_delete_following", language, event=event_line(occurrence, language))
    if scope == "all" and event.get("repeats"):
        return text("confirm_delete_all", language, event=event_line(event, language))
    return text("confirm_delete", language, event=event_line(event, language))


def _remembered(result: ToolResult, language: str) -> str:
    return text("remembered", language, fact=result.data["fact"])


def _invited(result: ToolResult, language: str) -> str:
    return text("invited", language, days=result.data.get("days", 7))


RESUME_ASKS = {"title": "resume_ask_title", "date": "resume_ask_date", "time": "resume_ask_time"}


def _resumed(result: ToolResult, language: str) -> str:
    task = result.data["task"]
    title = task.get("title") or text("the_earlier_task", language)
    missing = task.get("missing") or []
    ask = text(RESUME_ASKS[missing[0]], language) if missing and missing[0] in RESUME_ASKS else ""
    return text("resumed", language, title=title, ask=ask).strip()


def _nothing_to_resume(result: ToolResult, language: str) -> str:
    return text("nothing_to_resume", language)


def _needs_scope(result: ToolResult, language: str) -> str:
    event = result.data.get("event") or {}
    rule = repeat_words(result.data.get("repeats") or {}, language)
    day = day_label(event["date"], language) if event.get("date") else ""
    verb = text("verb_delete" if result.data.get("action") == "delete" else "verb_change", language)
    return text("needs_scope", language, title=event.get("title", ""), rule=rule, verb=verb, day=day)


def _reminder_removed(result: ToolResult, language: str) -> str:
    event = result.data.get("event")
    if event:
        return text("reminder_removed_before", language, title=event["title"], label=event_line(event, language))
    return text("reminder_removed", language, text=result.data.get("text") or "")


def _reminder_set(result: ToolResult, language: str) -> str:
    reminder = result.data.get("reminder") or {}
    event = result.data.get("event")
    changed = "_changed" if result.data.get("replaced") else ""
    if event:
        lead = int(reminder.get("minutes_before") or 0)
        minutes = _minutes_words(lead, language)
        if lead >= 6 * 60 and lead % (24 * 60) and event.get("date") and event.get("start"):  # "the day before at 6pm": when it goes off
            fires = datetime.datetime.fromisoformat(f"{event['date']}T{event['start']}") - datetime.timedelta(minutes=lead)
            minutes = f"{minutes} ({day_label(fires.date().isoformat(), language)} {fires:%H:%M})" if language == "en" else f"{minutes}（{day_label(fires.date().isoformat(), language)} {fires:%H:%M}）"
        return text(f"reminder_before{changed}", language, minutes=minutes, title=event["title"])
    when = f"{day_label(reminder['date'], language)} {reminder['time']}"
    if reminder.get("repeats"):
        rule = repeat_words(reminder["repeats"], language)
        return text(f"reminder_repeats{changed}", language, when=when, rule=rule, text=reminder.get("text", ""))
    return text(f"reminder_at{changed}", language, when=when, text=reminder.get("text", ""))


def _unknown_tool(result: ToolResult, language: str) -> str:
    return _invalid_arguments(result, language)


RENDERERS: dict[Status, Callable[[ToolResult, str], str]] = {
    Status.CREATED: _created,
    Status.UPDATED: _updated,
    Status.DELETED: _deleted,
    Status.NEEDS_TITLE: _needs_title,
    Status.NEEDS_DATE: _needs_date,
    Status.NEEDS_TIME: _needs_time,
    Status.CONFLICT: _conflict,
    Status.IN_PAST: _in_past,
    Status.INVALID_EXPRESSION: _invalid_expression,
    Status.INVALID_ARGUMENTS: _invalid_arguments,
    Status.EXPIRED: _expired,
    Status.RESULTS: _results,
    Status.SUGGESTIONS: _suggestions,
    Status.CANCELLED: _cancelled,
    Status.NO_ACTIVE_COMMAND: _no_active_command,
    Status.NOT_FOUND: _not_found,
    Status.AMBIGUOUS_REFERENCE: _ambiguous,
    Status.AWAITING_CONFIRMATION: _awaiting_confirmation,
    Status.REMEMBERED: _remembered,
    Status.INVITED: _invited,
    Status.RESUMED: _resumed,
    Status.NOTHING_TO_RESUME: _nothing_to_resume,
    Status.UNKNOWN_TOOL: _unknown_tool,
    Status.NEEDS_SCOPE: _needs_scope,
    Status.REMINDER_SET: _reminder_set,
    Status.REMINDER_REMOVED: _reminder_removed,
}


def _day_taken(result: ToolResult, language: str) -> str:
    """Says which day a request with no day of its own was given (the day the talk was on)."""
    day = result.data.get("day_from_conversation")
    if not day:
        return ""
    return text("day_from_conversation", language, label=day_label(day["date"], language))


def render_receipt(result: ToolResult, language: str, today: datetime.date | None = None) -> str:
    """The reply for ``result``; with ``today``, a day in another year is written with its year."""
    renderer = RENDERERS.get(result.status) or _invalid_arguments
    token = _THIS_YEAR.set(today.year if today else None)
    try:
        return renderer(result, language) + _day_taken(result, language)
    finally:
        _THIS_YEAR.reset(token)
