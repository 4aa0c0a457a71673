"""Replies written by code from a terminal tool's result, in English or Chinese.

A receipt quotes only what the result holds: a write is announced only when the result says it
happened, and every date and time shown is the one the server computed.
"""

from __future__ import annotations

import contextvars
import datetime
from collections.abc import Callable
from typing import Any

from tools.spec import Status, ToolResult

WEEKDAYS_ZH = {"Mon": "周一", "Tue": "周二", "Wed": "周三", "Thu": "周四", "Fri": "周五", "Sat": "周六", "Sun": "周日"}
# The person's current year while a receipt is written: a day in any other year shows its year,
# so "1 Dec" can never silently mean next December.
_THIS_YEAR: contextvars.ContextVar[int | None] = contextvars.ContextVar("receipt_year", default=None)


def day_label(date_text: str, language: str) -> str:
    day = datetime.date.fromisoformat(date_text)
    weekday = day.strftime("%a")
    this_year = _THIS_YEAR.get()
    other_year = this_year is not None and day.year != this_year
    if language == "zh":
        return f"{f'{day.year}年' if other_year else ''}{day.month}月{day.day}日（{WEEKDAYS_ZH[weekday]}）"
    return f"{weekday} {day.day} {day.strftime('%b')}{f' {day.year}' if other_year else ''}"


def event_line(event: dict[str, Any], language: str, with_day: bool = True) -> str:
    when = f"{event['start']}–{event['end']}"
    if event.get("all_day"):
        when = all_day_span(event, language)
    elif with_day:
        when = f"{day_label(event['date'], language)} {when}"
    line = f"{when} 「{event['title']}」" if language == "zh" else f"{when} '{event['title']}'"
    if event.get("repeats") and not event.get("occurrence"):
        line += (
            f"（{repeat_words(event['repeats'], language)}）"
            if language == "zh"
            else (f", {repeat_words(event['repeats'], language)}")
        )
    return line


def all_day_span(event: dict[str, Any], language: str) -> str:
    first, last = event["date"], event.get("end_date") or event["date"]
    if last == first:
        return f"{day_label(first, language)} 全天" if language == "zh" else f"{day_label(first, language)} (all day)"
    if language == "zh":
        return f"{day_label(first, language)}到{day_label(last, language)} 全天"
    return f"{day_label(first, language)} – {day_label(last, language)} (all day)"


WEEKDAY_NAMES = {
    "MO": ("Monday", "一"), "TU": ("Tuesday", "二"), "WE": ("Wednesday", "三"), "TH": ("Thursday", "四"),
    "FR": ("Friday", "五"), "SA": ("Saturday", "六"), "SU": ("Sunday", "日"),
}  # fmt: skip
WORKDAYS = ["MO", "TU", "WE", "TH", "FR"]


def repeat_words(rule: dict[str, Any], language: str) -> str:
    """A rule fact in words: "every other Friday until Mon 1 Mar", "每月15号"."""
    zh = language == "zh"
    frequency, interval = rule.get("frequency"), int(rule.get("interval") or 1)
    weekdays = rule.get("weekdays") or []
    if (
        frequency in ("weekly", "daily")
        and sorted(weekdays, key=WORKDAYS.index if set(weekdays) <= set(WORKDAYS) else str) == WORKDAYS
    ):
        text = "每个工作日" if zh else "every weekday"
    elif weekdays:
        names = [WEEKDAY_NAMES.get(day, (day, day)) for day in weekdays]
        if zh:
            every = "每周" if interval == 1 else f"每{interval}周的周"
            text = (
                every + "、".join(name[1] for name in names)
                if interval == 1
                else every + "、周".join(name[1] for name in names)
            )
        else:
            every = "every" if interval == 1 else ("every other" if interval == 2 else f"every {interval} weeks on")
            text = f"{every} {' and '.join(name[0] for name in names)}"
    else:
        unit_en = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year"}.get(str(frequency), "time")
        unit_zh = {"daily": "天", "weekly": "周", "monthly": "月", "yearly": "年"}.get(str(frequency), "次")
        if zh:
            text = f"每{unit_zh}" if interval == 1 else f"每{interval}{unit_zh}"
        else:
            text = f"every {unit_en}" if interval == 1 else f"every {interval} {unit_en}s"
        if rule.get("month_day") is not None:
            day = int(rule["month_day"])
            if zh:
                text += "最后一天" if day == -1 else f"{day}号"
            else:
                text += " on the last day" if day == -1 else f" on the {day}{_ordinal_suffix(day)}"
    if rule.get("until"):
        text += (
            f"，到{day_label(rule['until'], language)}为止" if zh else f" until {day_label(rule['until'], language)}"
        )
    elif rule.get("count"):
        text += f"，共{rule['count']}次" if zh else f", {rule['count']} times"
    return text


def _ordinal_suffix(day: int) -> str:
    if 10 <= day % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _reminder_words(result: ToolResult, language: str) -> str:
    minutes = result.data.get("reminders") or []
    if not minutes:
        return ""
    if language == "zh":
        return "会提前" + "、".join(_minutes_words(m, language) for m in minutes) + "提醒你。"
    return " I'll remind you " + " and ".join(_minutes_words(m, language) for m in minutes) + " before."


def _minutes_words(minutes: int, language: str) -> str:
    if minutes and minutes % 60 == 0:
        hours = minutes // 60
        return f"{hours}小时" if language == "zh" else (f"{hours} hour" + ("s" if hours > 1 else ""))
    return f"{minutes}分钟" if language == "zh" else f"{minutes} minutes"


def _title(result: ToolResult, language: str) -> str:
    title = (result.data.get("command") or {}).get("known", {}).get("title")
    if not title:
        return "这个安排" if language == "zh" else "it"
    return f"「{title}」" if language == "zh" else f"'{title}'"


def _known_day(result: ToolResult, language: str) -> str | None:
    known = (result.data.get("command") or {}).get("known", {})
    return None if "date" not in known else str(known["date"])


def _created(result: ToolResult, language: str) -> str:
    event = result.data["event"]
    if result.data.get("already_done"):
        if language == "zh":
            return f"这个安排之前已经添加好了：{event_line(event, language)}。"
        return f"That was already on your calendar: {event_line(event, language)}."
    overlaps = "; ".join(event_line(other, language, with_day=False) for other in result.data.get("overlaps") or [])
    if language == "zh":
        return f"已添加：{event_line(event, language)}。{_reminder_words(result, language)}" + (
            f"（按你的要求，和{overlaps}重叠。）" if overlaps else ""
        )
    return f"Added: {event_line(event, language)}.{_reminder_words(result, language)}" + (
        f" It overlaps {overlaps}, as you asked." if overlaps else ""
    )


def _updated(result: ToolResult, language: str) -> str:
    event = result.data["event"]
    if language == "zh":
        return f"已改好：{event_line(event, language)}。"
    return f"Changed: {event_line(event, language)}."


def _deleted(result: ToolResult, language: str) -> str:
    event = result.data.get("event") or {}
    label = event_line(event, language) if event else ""
    scope = result.data.get("scope")
    if scope == "following" and event:
        label += "及以后的每一次" if language == "zh" else " and every one after it"
    return f"已删除：{label}。" if language == "zh" else f"Deleted: {label}."


def _needs_title(result: ToolResult, language: str) -> str:
    return "这个安排叫什么名字？" if language == "zh" else "What should I call it?"


def _needs_date(result: ToolResult, language: str) -> str:
    candidates = result.data.get("candidates") or []
    passed = result.data.get("passed")
    if passed and len(candidates) == 1:
        day = datetime.date.fromisoformat(passed["date"])
        coming = day_label(candidates[0]["date"], language)
        if language == "zh":
            return f"{day.month}月{day.day}日已经过去了，{_title(result, language)}要安排在{coming}吗？"
        return f"{day.day} {day.strftime('%b')} has passed — {coming} for {_title(result, language)}?"
    if candidates:
        labels = [day_label(day["date"], language) for day in candidates]
        if language == "zh":
            return f"{_title(result, language)}安排在{'还是'.join(labels)}？"
        return f"Which day for {_title(result, language)}: {' or '.join(labels)}?"
    if language == "zh":
        return f"{_title(result, language)}安排在哪一天？"
    return f"Which day should {_title(result, language)} be?"


def _needs_time(result: ToolResult, language: str) -> str:
    if language == "zh":
        return f"{_title(result, language)}几点开始？"
    return f"What time should {_title(result, language)} start?"


def _conflict(result: ToolResult, language: str) -> str:
    clashes = "; ".join(event_line(event, language) for event in result.data.get("conflicts", []))
    first = result.data.get("first_clash")
    if first:
        day = day_label(first["date"], language)
        if language == "zh":
            return f"这个重复安排第一次冲突在{day}：{clashes}。换个时间，或者说一个别的规律。"
        return f"That repeating event first clashes on {day}, with {clashes}. Say another time or another pattern."
    suggestions = result.data.get("suggestions") or []
    if language == "zh":
        text = f"这个时间和已有安排冲突：{clashes}。"
        if suggestions:
            options = "、".join(f"{day_label(s['date'], language)} {s['start']}" for s in suggestions)
            text += f"附近有空的时间：{options}。选一个，或者说一个别的时间（也可以说“照样安排”）。"
        return text
    text = f"That time clashes with {clashes}."
    if suggestions:
        options = ", ".join(f"{day_label(s['date'], language)} {s['start']}" for s in suggestions)
        text += f" Free nearby: {options}. Pick one, say another time, or say 'book it anyway'."
    return text


def _in_past(result: ToolResult, language: str) -> str:
    if language == "zh":
        return "这个时间已经过去了，要安排在什么时候？"
    return "That time has already passed. When should it be instead?"


def _invalid_expression(result: ToolResult, language: str) -> str:
    return (
        "我没能理解这个日期或时间，能再说一下吗？"
        if language == "zh"
        else "I couldn't read that date or time. Could you say it again?"
    )


def _invalid_arguments(result: ToolResult, language: str) -> str:
    if language == "zh":
        return "这个请求我没能处理，没有做任何更改。能换个说法吗？"
    return "I couldn't process that request, and nothing was changed. Could you put it another way?"


def _expired(result: ToolResult, language: str) -> str:
    if language == "zh":
        return "这个请求已经过期，没有保存。如果还需要，请再说一次。"
    return "That request expired before it was finished, so nothing was saved. Tell me again if you still want it."


def _results(result: ToolResult, language: str) -> str:
    events = result.data.get("events", [])
    first, last = result.data["range"]["from"]["date"], result.data["range"]["to"]["date"]
    span = day_label(first, language) if first == last else None
    if span is None:
        joiner = "到" if language == "zh" else " to "
        span = f"{day_label(first, language)}{joiner}{day_label(last, language)}"
    if not events:
        return f"{span}没有安排。" if language == "zh" else f"Nothing on your calendar for {span}."
    lines = [f"{index}. {event_line(event, language, with_day=first != last)}" for index, event in enumerate(events, 1)]
    more = ""
    if result.data.get("truncated"):
        more = "\n（只列出前50个）" if language == "zh" else "\n(showing the first 50)"
    if language == "zh":
        return f"{span}有{len(events)}个安排：\n" + "\n".join(lines) + more
    noun = "event" if len(events) == 1 else "events"
    return f"{span}: {len(events)} {noun}.\n" + "\n".join(lines) + more


def _suggestions(result: ToolResult, language: str) -> str:
    suggestions = result.data.get("suggestions", [])
    minutes = result.data.get("duration_minutes", 60)
    if not suggestions:
        if language == "zh":
            return f"这段时间里找不到{minutes}分钟的空档。"
        return f"I found no free {minutes}-minute slot in that range."
    options = [f"{day_label(s['date'], language)} {s['start']}–{s['end']}" for s in suggestions]
    if language == "zh":
        return "这些时间有空：" + "、".join(options) + "。"
    return "You're free: " + ", ".join(options) + "."


def _cancelled(result: ToolResult, language: str) -> str:
    if language == "zh":
        return f"好的，{_title(result, language)}不安排了，日程没有变化。"
    return f"OK, I won't add {_title(result, language)}. Your calendar is unchanged."


def _no_active_command(result: ToolResult, language: str) -> str:
    return "现在没有进行中的安排可以取消。" if language == "zh" else "There's nothing in progress to cancel."


def _not_found(result: ToolResult, language: str) -> str:
    named = result.data.get("named")
    if not named:
        return "我找不到这个安排。" if language == "zh" else "I couldn't find that event."
    looked = result.data.get("looked") or {}
    first, last = (looked.get("from") or {}).get("date"), (looked.get("to") or {}).get("date")
    span = ""
    if first and last:
        span = (
            day_label(first, language) if first == last else f"{day_label(first, language)}–{day_label(last, language)}"
        )
    words = named.get("words")
    if language == "zh":
        what = f"「{words}」" if words else "符合的安排"
        return f"{span}你的日程里没有找到{what}，什么都没有改动。"
    what = f"'{words}'" if words else "an event like that"
    return f"I couldn't find {what} on your calendar{f' ({span})' if span else ''}, so nothing was changed."


def _ambiguous(result: ToolResult, language: str) -> str:
    candidates = result.data.get("candidates") or []
    if not candidates:
        return "你指的是哪个安排？" if language == "zh" else "Which event do you mean?"
    lines = "\n".join(f"{index}. {event_line(event, language)}" for index, event in enumerate(candidates, 1))
    return ("你指的是哪一个？\n" if language == "zh" else "Which one do you mean?\n") + lines


def _awaiting_confirmation(result: ToolResult, language: str) -> str:
    event = result.data["event"]
    scope, occurrence = result.data.get("scope"), result.data.get("occurrence")
    if scope == "this" and occurrence:
        if language == "zh":
            return f"只删除这一次：{event_line(occurrence, language)} 吗？其他几次保留。（是 / 否）"
        return f"Delete only this one, {event_line(occurrence, language)}? The others stay. (yes / no)"
    if scope == "following" and occurrence:
        if language == "zh":
            return f"删除 {event_line(occurrence, language)} 及以后的每一次吗？之前的保留。（是 / 否）"
        return f"Delete {event_line(occurrence, language)} and every one after it? Earlier ones stay. (yes / no)"
    if scope == "all" and event.get("repeats"):
        if language == "zh":
            return f"删除全部重复的 {event_line(event, language)} 吗？（是 / 否）"
        return f"Delete every occurrence of {event_line(event, language)}? (yes / no)"
    if language == "zh":
        return f"要删除 {event_line(event, language)} 吗？（是 / 否）"
    return f"Delete {event_line(event, language)}? (yes / no)"


def _remembered(result: ToolResult, language: str) -> str:
    return f"记住了：{result.data['fact']}" if language == "zh" else f"I'll remember that: {result.data['fact']}"


def _invited(result: ToolResult, language: str) -> str:
    days = result.data.get("days", 7)
    if language == "zh":
        return f"要不要我为你接下来{days}天的日程做一次规划咨询？几位顾问会从负荷、专注时间和生活平衡来看（只读，不会改动日程）。30分钟内回复“好”即可开始。"
    return (
        f"Would you like a planning consultation on your next {days} days? A few advisors will look at your load, "
        "focus time and balance (read-only: your calendar stays as it is). Say yes within 30 minutes to start."
    )


def _resumed(result: ToolResult, language: str) -> str:
    task = result.data["task"]
    title = task.get("title") or ("刚才那个安排" if language == "zh" else "the earlier task")
    missing = task.get("missing") or []
    if language == "zh":
        ask = (
            {"title": "叫什么名字？", "date": "安排在哪一天？", "time": "几点开始？"}.get(missing[0], "")
            if missing
            else ""
        )
        return f"好的，回到「{title}」。{ask}"
    ask = (
        {"title": "What should I call it?", "date": "Which day?", "time": "What time?"}.get(missing[0], "")
        if missing
        else ""
    )
    return f"OK, back to '{title}'. {ask}".strip()


def _nothing_to_resume(result: ToolResult, language: str) -> str:
    return "没有搁置的事情可以继续。" if language == "zh" else "There's no task put aside to go back to."


def _needs_scope(result: ToolResult, language: str) -> str:
    event = result.data.get("event") or {}
    rule = repeat_words(result.data.get("repeats") or {}, language)
    day = day_label(event["date"], language) if event.get("date") else ""
    title = event.get("title", "")
    deleting = result.data.get("action") == "delete"
    if language == "zh":
        verb = "删除" if deleting else "修改"
        return f"「{title}」是重复的安排（{rule}）。要{verb}哪些：只{verb}{day}这一次、这次及以后，还是全部？"
    verb = "delete" if deleting else "change"
    return (
        f"'{title}' repeats ({rule}). Should I {verb} only this one ({day}), this one and the following ones, "
        "or all of them?"
    )


def _reminder_set(result: ToolResult, language: str) -> str:
    reminder = result.data.get("reminder") or {}
    event = result.data.get("event")
    if event:
        minutes = _minutes_words(int(reminder.get("minutes_before") or 0), language)
        if language == "zh":
            return f"好的，会在「{event['title']}」开始前{minutes}提醒你。"
        return f"OK: a reminder {minutes} before '{event['title']}'."
    when = f"{day_label(reminder['date'], language)} {reminder['time']}"
    if language == "zh":
        return f"好的，{when}提醒你：{reminder.get('text', '')}。"
    return f"OK: a reminder at {when}: {reminder.get('text', '')}."


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
}


def _day_taken(result: ToolResult, language: str) -> str:
    """Says which day a request with no day of its own was given (the day the talk was on)."""
    day = result.data.get("day_from_conversation")
    if not day:
        return ""
    label = day_label(day["date"], language)
    return f"（日期按刚才说的{label}。）" if language == "zh" else f" (On {label}, the day we were looking at.)"


def render_receipt(result: ToolResult, language: str, today: datetime.date | None = None) -> str:
    """The reply for ``result``; with ``today``, a day in another year is written with its year."""
    renderer = RENDERERS.get(result.status) or _invalid_arguments
    language = "zh" if language == "zh" else "en"
    token = _THIS_YEAR.set(today.year if today else None)
    try:
        return renderer(result, language) + _day_taken(result, language)
    finally:
        _THIS_YEAR.reset(token)
