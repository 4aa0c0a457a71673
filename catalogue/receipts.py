"""The receipts: what code says from a terminal tool's result, and the dates and rules inside them."""

from __future__ import annotations

from typing import Final

# key: (English, Chinese)
RECEIPTS: Final[dict[str, tuple[str, str]]] = {
    "reminder_untitled": ("Reminder", "提醒"),  # a reminder asked for with no words of its own ("半小时后提醒我")
    # Days and dates
    "day_label": ("{weekday} {day} {month}", "{month}月{day}日（{weekday}）"),
    "day_label_with_year": ("{weekday} {day} {month} {year}", "{year}年{month}月{day}日（{weekday}）"),
    "day_month": ("{day} {month}", "{month}月{day}日"),
    "day_span": ("{first} to {last}", "{first}到{last}"),
    "weekday_1": ("Mon", "周一"),
    "weekday_2": ("Tue", "周二"),
    "weekday_3": ("Wed", "周三"),
    "weekday_4": ("Thu", "周四"),
    "weekday_5": ("Fri", "周五"),
    "weekday_6": ("Sat", "周六"),
    "weekday_7": ("Sun", "周日"),
    # A month as a date shows it: "Dec" in "Tue 1 Dec", 12 in "12月1日".
    "month_1": ("Jan", "1"),
    "month_2": ("Feb", "2"),
    "month_3": ("Mar", "3"),
    "month_4": ("Apr", "4"),
    "month_5": ("May", "5"),
    "month_6": ("Jun", "6"),
    "month_7": ("Jul", "7"),
    "month_8": ("Aug", "8"),
    "month_9": ("Sep", "9"),
    "month_10": ("Oct", "10"),
    "month_11": ("Nov", "11"),
    "month_12": ("Dec", "12"),
    # Lists
    "list_and": (" and ", "、"),
    "list_or": (" or ", "还是"),
    "list_comma": (", ", "、"),
    # Events
    "event_line": ("{when} '{title}'", "{when} 「{title}」"),
    "event_line_repeats": ("{line}, {rule}", "{line}（{rule}）"),
    "all_day": ("{day} (all day)", "{day} 全天"),
    "all_day_span": ("{first} – {last} (all day)", "{first}到{last} 全天"),
    "quoted_title": ("'{title}'", "「{title}」"),
    "this_event": ("it", "这个安排"),
    # Repeating rules: "every other Friday until Mon 1 Mar", "每月15号"
    "repeat_workdays": ("every weekday", "每个工作日"),
    "repeat_weekly_on": ("every {days}", "每周{days}"),
    "repeat_fortnightly_on": ("every other {days}", "每2周的周{days}"),
    "repeat_weeks_on": ("every {interval} weeks on {days}", "每{interval}周的周{days}"),
    "repeat_days_once_a_week": (" and ", "、"),
    "repeat_days_some_weeks": (" and ", "、周"),
    "repeat_days_comma": (", ", "{joiner}"),  # all but the last two: "Monday, Wednesday and Friday"
    "repeat_day_MO": ("Monday", "一"),
    "repeat_day_TU": ("Tuesday", "二"),
    "repeat_day_WE": ("Wednesday", "三"),
    "repeat_day_TH": ("Thursday", "四"),
    "repeat_day_FR": ("Friday", "五"),
    "repeat_day_SA": ("Saturday", "六"),
    "repeat_day_SU": ("Sunday", "日"),
    "repeat_every": ("every {unit}", "每{unit}"),
    "repeat_every_n": ("every {interval} {unit}s", "每{interval}{unit}"),
    "unit_daily": ("day", "天"),
    "unit_weekly": ("week", "周"),
    "unit_monthly": ("month", "月"),
    "unit_yearly": ("year", "年"),
    "unit_other": ("time", "次"),
    "repeat_on_last_day": ("{rule} on the last day", "{rule}最后一天"),
    "repeat_on_month_day": ("{rule} on the {day}{suffix}", "{rule}{day}号"),
    "repeat_until": ("{rule} until {day}", "{rule}，到{day}为止"),
    "repeat_count": ("{rule}, {count} times", "{rule}，共{count}次"),
    # Lengths of time
    "hour": ("{hours} hour", "{hours}小时"),
    "hours": ("{hours} hours", "{hours}小时"),
    "days": ("{days} days", "{days}天"),
    "hours_minutes": ("{hours} hours {minutes} minutes", "{hours}小时{minutes}分钟"),
    "minutes_long": ("{minutes} minutes", "{minutes}分钟"),
    "reminds_you": (" I'll remind you {times} before.", "会提前{times}提醒你。"),
    # Writes
    "created": ("Added: {event}.{reminders}", "已添加：{event}。{reminders}"),
    "created_overlapping": (" It overlaps {overlaps}, as you asked.", "（按你的要求，和{overlaps}重叠。）"),
    "created_already": ("That was already on your calendar: {event}.", "这个安排之前已经添加好了：{event}。"),
    "updated": ("Changed: {event}.", "已改好：{event}。"),
    "updated_already": ("Nothing to change: {event} is already like that.", "不用改：{event} 本来就是这样。"),
    "deleted": ("Deleted: {label}.", "已删除：{label}。"),
    "deleted_following": ("{label} and every one after it", "{label}及以后的每一次"),
    "remembered": ("I'll remember that: {fact}", "记住了：{fact}"),
    "reminder_before": ("OK: a reminder {minutes} before '{title}'.", "好的，会在「{title}」开始前{minutes}提醒你。"),
    "reminder_at": ("OK: a reminder at {when}: {text}.", "好的，{when}提醒你：{text}。"),
    "reminder_repeats": (
        "OK: a reminder {rule}, first at {when}: {text}.",
        "好的，{rule}提醒你：{text}，第一次在{when}。",
    ),
    # The reminder just set, set again as corrected ("actually make it 8:30"); the old one is gone.
    "reminder_removed_before": ("Removed the reminder for {label}; the event stays.", "已删除提醒：{label}，安排本身不变。"),
    "reminder_removed": ("Removed the reminder: {text}.", "已删除提醒：{text}。"),
    "no_reminder_on": ("There is no reminder on {label}, so nothing was changed.", "{label}没有设置提醒，什么都没有改动。"),
    "no_reminder_to_remove": ("There is no reminder just set to remove, so nothing was changed.", "刚才没有设置提醒，什么都没有改动。"),
    "reminder_before_changed": ("Changed: the reminder is now {minutes} before '{title}'.", "已改好：会在「{title}」开始前{minutes}提醒你。"),
    "reminder_at_changed": ("Changed: the reminder is now at {when}: {text}.", "已改好：改为{when}提醒你：{text}。"),
    "reminder_repeats_changed": (
        "Changed: the reminder is now {rule}, first at {when}: {text}.",
        "已改好：改为{rule}提醒你：{text}，第一次在{when}。",
    ),
    # Still needed
    "needs_title": ("What should I call it?", "这个安排叫什么名字？"),
    "needs_date_passed": (
        "{passed} has passed — {coming} for {title}?",
        "{passed}已经过去了，{title}要安排在{coming}吗？",
    ),
    "needs_date_choice": ("Which day for {title}: {days}?", "{title}安排在{days}？"),
    "needs_date": ("Which day should {title} be?", "{title}安排在哪一天？"),
    "needs_time": ("What time should {title} start?", "{title}几点开始？"),
    "needs_reminder_time": ("What time should I remind you?", "几点提醒你？"),
    "needs_scope": (
        "'{title}' repeats ({rule}). Should I {verb} only this one ({day}), this one and the following ones, "
        "or all of them?",
        "「{title}」是重复的安排（{rule}）。要{verb}哪些：只{verb}{day}这一次、这次及以后，还是全部？",
    ),
    "verb_delete": ("delete", "删除"),
    "verb_change": ("change", "修改"),
    # Not done
    "conflict_first_clash": (
        "That repeating event first clashes on {day}, with {clashes}. Say another time or another pattern.",
        "这个重复安排第一次冲突在{day}：{clashes}。换个时间，或者说一个别的规律。",
    ),
    "conflict": ("That time clashes with {clashes}.", "这个时间和已有安排冲突：{clashes}。"),
    "conflict_free_nearby": (
        " Free nearby: {options}. Pick one, say another time, or say 'book it anyway'.",
        "附近有空的时间：{options}。选一个，或者说一个别的时间（也可以说“照样安排”）。",
    ),
    "in_past": ("That time has already passed. When should it be instead?", "这个时间已经过去了，要安排在什么时候？"),
    "invalid_expression": (
        "I couldn't read that date or time. Could you say it again?",
        "我没能理解这个日期或时间，能再说一下吗？",
    ),
    "invalid_arguments": (
        "I couldn't process that request, and nothing was changed. Could you put it another way?",
        "这个请求我没能处理，没有做任何更改。能换个说法吗？",
    ),
    "expired": (
        "That request expired before it was finished, so nothing was saved. Tell me again if you still want it.",
        "这个请求已经过期，没有保存。如果还需要，请再说一次。",
    ),
    "cancelled": ("OK, I won't add {title}. Your calendar is unchanged.", "好的，{title}不安排了，日程没有变化。"),
    "no_active_command": ("There's nothing in progress to cancel.", "现在没有进行中的安排可以取消。"),
    "not_found": ("I couldn't find that event.", "我找不到这个安排。"),
    "not_found_named": (
        "I couldn't find {what} on your calendar, so nothing was changed.",
        "你的日程里没有找到{what}，什么都没有改动。",
    ),
    "not_found_named_in": (
        "I couldn't find {what} on your calendar ({span}), so nothing was changed.",
        "{span}你的日程里没有找到{what}，什么都没有改动。",
    ),
    "an_event_like_that": ("an event like that", "符合的安排"),
    "ambiguous": ("Which event do you mean?", "你指的是哪个安排？"),
    "ambiguous_among": ("Which one do you mean?\n{lines}", "你指的是哪一个？\n{lines}"),
    "ambiguous_only": ("Which one do you mean? No title fits those words; say 1 if it is this one.\n{lines}", "你指的是哪一个？没有标题对得上，如果是这一个，回复 1。\n{lines}"),
    # Reads
    "results_none": ("Nothing on your calendar for {span}.", "{span}没有安排。"),
    "results_one": ("{span}: {count} event.\n{lines}", "{span}有{count}个安排：\n{lines}"),
    "results_many": ("{span}: {count} events.\n{lines}", "{span}有{count}个安排：\n{lines}"),
    "results_truncated": ("\n(showing the first {limit})", "\n（只列出前{limit}个）"),
    "results_named": ("{named}, {span}:\n{lines}", "{named}，{span}：\n{lines}"),
    "results_named_none": (
        "Nothing called {named} for {span}.",
        "{span}没有叫{named}的安排。",
    ),
    "results_named_other": (
        "Nothing called {named} for {span}. Everything on then:\n{lines}",
        "{span}没有叫{named}的安排。这段时间的全部安排：\n{lines}",
    ),
    "free_none": ("I found no free {minutes}-minute slot in that range.", "这段时间里找不到{minutes}分钟的空档。"),
    "free_slots": ("You're free: {options}.", "这些时间有空：{options}。"),
    # Confirmations
    "confirm_delete_this": (
        "Delete only this one, {event}? The others stay. (yes / no)",
        "只删除这一次：{event} 吗？其他几次保留。（是 / 否）",
    ),
    "confirm_delete_following": (
        "Delete {event} and every one after it? Earlier ones stay. (yes / no)",
        "删除 {event} 及以后的每一次吗？之前的保留。（是 / 否）",
    ),
    "confirm_delete_all": ("Delete every occurrence of {event}? (yes / no)", "删除全部重复的 {event} 吗？（是 / 否）"),
    "confirm_delete": ("Delete {event}? (yes / no)", "要删除 {event} 吗？（是 / 否）"),
    "invited": (
        "Would you like a planning consultation on your next {days} days? A few advisors will look at your load, "
        "focus time and balance (read-only: your calendar stays as it is). Say yes within 30 minutes to start.",
        "要不要我为你接下来{days}天的日程做一次规划咨询？几位顾问会从负荷、专注时间和生活平衡来看（只读，不会改动日程）。30分钟内回复“好”即可开始。",
    ),
    # Tasks put aside
    "resumed": ("OK, back to '{title}'. {ask}", "好的，回到「{title}」。{ask}"),
    "the_earlier_task": ("the earlier task", "刚才那个安排"),
    "resume_ask_title": ("What should I call it?", "叫什么名字？"),
    "resume_ask_date": ("Which day?", "安排在哪一天？"),
    "resume_ask_time": ("What time?", "几点开始？"),
    "nothing_to_resume": ("There's no task put aside to go back to.", "没有搁置的事情可以继续。"),
    "day_from_conversation": (" (On {label}, the day we were looking at.)", "（日期按刚才说的{label}。）"),
}
