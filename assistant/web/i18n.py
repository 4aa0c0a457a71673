"""The pages' words in English and Chinese, chosen from the person's profile language.

A small table rather than gettext catalogs: two languages, a few dozen strings, and the same
table feeds the templates and (as a data attribute) the chat script, so the two never disagree.
"""

from __future__ import annotations

from django.http import HttpRequest

from scheduling.models import Profile

LANGUAGES = ("en", "zh")
HTML_LANG = {"en": "en", "zh": "zh-Hans"}

# key: (English, Chinese)
STRINGS: dict[str, tuple[str, str]] = {
    # Every page
    "brand": ("Schedule Assistant", "日程助手"),
    "tagline": ("Your calendar, in conversation.", "用对话管理你的日程。"),
    "skip_to_content": ("Skip to content", "跳到正文"),
    "nav_chat": ("Chat", "对话"),
    "nav_settings": ("Settings", "设置"),
    "nav_label": ("Main", "主导航"),
    "sign_out": ("Sign out", "退出登录"),
    "signed_in_as": ("Signed in as", "当前用户"),
    "stand_in_banner": (
        "Offline stand-in: answers come from a deterministic reader, not a real model.",
        "离线替身：回答来自一个确定性的规则解析器，而不是真正的大模型。",
    ),
    # Sign in
    "sign_in_title": ("Sign in", "登录"),
    "sign_in_lead": ("Sign in to see and change your schedule.", "登录后即可查看和修改你的日程。"),
    "username": ("Username", "用户名"),
    "password": ("Password", "密码"),
    "sign_in_button": ("Sign in", "登录"),
    "login_error": (
        "That username and password do not match. Please try again.",
        "用户名或密码不正确，请重试。",
    ),
    "login_inactive": ("This account is inactive.", "该账号已停用。"),
    # Chat: threads
    "threads_heading": ("Conversations", "对话列表"),
    "threads_toggle": ("Conversations", "对话列表"),
    "new_thread": ("New conversation", "新对话"),
    "no_threads": ("No conversations yet.", "还没有对话。"),
    "untitled_thread": ("New conversation", "新对话"),
    "threads_error": ("Could not load your conversations.", "无法加载对话列表。"),
    # Chat: messages
    "chat_heading": ("Chat", "对话"),
    "messages_label": ("Messages", "消息"),
    "empty_title": ("What can I do for your calendar?", "需要我帮你安排什么？"),
    "empty_hint": (
        "Try “What's on tomorrow?”, “Dentist on Friday at 3pm” or “Team lunch this weekend at 12:30”.",
        "试试“明天有什么安排？”、“周五下午三点看牙医”或“这周末中午十二点半团队聚餐”。",
    ),
    "composer_label": ("Message", "消息"),
    "composer_placeholder": ("Ask about or change your schedule…", "查询或修改你的日程……"),
    "composer_hint": ("Enter to send · Shift+Enter for a new line", "回车发送 · Shift+回车换行"),
    "send": ("Send", "发送"),
    "you": ("You", "你"),
    "assistant": ("Assistant", "助手"),
    "typing": ("The assistant is typing…", "助手正在输入……"),
    "status_thinking": ("Reading your message…", "正在理解你的消息……"),
    "status_tool": ("Checking your calendar…", "正在查看你的日程……"),
    "sending": ("Sending…", "发送中……"),
    "failed": ("Not answered", "未能回复"),
    "retry": ("Retry", "重试"),
    "edit_message": ("Edit message", "编辑消息"),
    "refused": ("Not sent", "未发送"),
    "limit_count": ("{count} / {limit} characters", "{count} / {limit} 个字符"),
    "limit_over": (
        "{count} / {limit} characters: a message can be at most {limit}.",
        "{count} / {limit} 个字符：一条消息最多 {limit} 个字符。",
    ),
    "limit_trim": ("Trim to {limit}", "截短到 {limit} 个字符"),
    "error_network": (
        "The connection was lost before the reply arrived. Your message is kept here.",
        "回复到达前网络连接中断。你的消息已保留在这里。",
    ),
    "error_generic": ("The reply failed. Your message is kept here.", "回复失败。你的消息已保留在这里。"),
    "error_model": ("The assistant could not answer this time.", "助手这次没能回答。"),
    "error_session": ("Your session has ended. Please sign in again.", "登录已过期，请重新登录。"),
    "error_action": ("That did not go through. Please try again.", "操作没有完成，请重试。"),
    "loading": ("Loading…", "加载中……"),
    "load_error": ("Could not load this conversation.", "无法加载这个对话。"),
    # Chat: cards
    "card_pending_title": ("Almost there", "还差一点信息"),
    "card_known": ("So far", "已知"),
    "card_missing": ("Still needed", "还需要"),
    "card_conflicts": ("Overlaps with", "时间冲突"),
    "card_choose": ("Pick one", "选一个"),
    "card_cancel": ("Cancel", "取消"),
    "card_cancel_label": ("Cancel this request", "取消这个请求"),
    "slot_title": ("Title", "标题"),
    "slot_date": ("Date", "日期"),
    "slot_time": ("Time", "时间"),
    "slot_duration_minutes": ("Length", "时长"),
    "minutes": ("min", "分钟"),
    "status_needs_title": ("needs a title", "缺少标题"),
    "status_needs_date": ("needs a date", "缺少日期"),
    "status_needs_time": ("needs a time", "缺少时间"),
    "status_conflict": ("time conflict", "时间冲突"),
    "status_in_past": ("time has passed", "时间已过"),
    "status_awaiting_confirmation": ("awaiting confirmation", "等待确认"),
    "confirm_delete_title": ("Delete this event?", "删除这个日程？"),
    "confirm_council_title": ("Plan it together?", "一起规划一下？"),
    "confirm_write_title": ("Not done yet: confirm first", "还没做：请先确认"),
    "confirm": ("Confirm", "确认"),
    "keep": ("Keep", "保留"),
    "confirm_delete_label": ("Confirm deleting", "确认删除"),
    "keep_label": ("Keep", "保留"),
    "confirm_expires": ("Valid until", "有效期至"),
    "card_answered": ("Answered", "已回复"),
    "card_closed": ("No longer open", "已结束"),
    "card_closed_hint": (
        "This request is finished or was set aside; its buttons no longer change anything.",
        "这个请求已结束或已被搁置，按钮不再起作用。",
    ),
    "confirm_delete_card_title": ("To be deleted", "将被删除"),
    "scope_delete_title": ("Delete which ones?", "删除哪些？"),
    "scope_change_title": ("Change which ones?", "修改哪些？"),
    "scope_this": ("Only this one", "只这一次"),
    "scope_following": ("This one and the following", "这次及以后"),
    "scope_all": ("All of them", "全部"),
    # Agenda
    "agenda_heading": ("Agenda", "日程"),
    "agenda_view": ("View", "视图"),
    "agenda_day": ("Day", "日"),
    "agenda_week": ("Week", "周"),
    "agenda_prev_day": ("Previous day", "前一天"),
    "agenda_next_day": ("Next day", "后一天"),
    "agenda_prev_week": ("Previous week", "上一周"),
    "agenda_next_week": ("Next week", "下一周"),
    "agenda_today": ("Today", "今天"),
    "agenda_empty": ("Nothing scheduled.", "没有安排。"),
    "agenda_free": ("Free", "空闲"),
    "agenda_error": ("Could not load the agenda.", "无法加载日程。"),
    "agenda_zone": ("Times in", "时区"),
    # Chat: reminders (scheduling/reminders.js)
    "reminders_label": ("Reminders", "提醒"),
    "reminder_time_text": ("Reminder: {title} ({when})", "提醒：{title}（{when}）"),
    "reminder_event_text": ("Reminder: {title} starts {when}", "提醒：「{title}」将于{when}开始"),
    "reminder_dismiss": ("Dismiss", "知道了"),
    "reminder_dismiss_label": ("Dismiss the reminder {title}", "关闭提醒：{title}"),
    "reminder_permission": ("Show reminders as desktop notifications", "用桌面通知显示提醒"),
    # Settings
    "settings_title": ("Settings", "设置"),
    "profile_heading": ("Profile", "个人资料"),
    "profile_intro": (
        "The assistant reads “tomorrow”, “Friday” and “3pm” in your time zone and answers in your language.",
        "助手按你的时区理解“明天”、“周五”和“下午三点”，并用你选择的语言回答。",
    ),
    "time_zone": ("Time zone", "时区"),
    "time_zone_search": ("Search time zones", "搜索时区"),
    "time_zone_search_placeholder": ("Type a city or region, e.g. Shanghai", "输入城市或地区，例如 Shanghai"),
    "time_zone_matches": ("{count} matching", "{count} 个匹配"),
    "language": ("Language", "语言"),
    "work_hours": ("Working hours", "工作时间"),
    "work_hours_help": ("Free-slot suggestions stay inside these hours.", "推荐空闲时段时只在这个范围内。"),
    "work_start": ("Starts", "开始"),
    "work_end": ("Ends", "结束"),
    "save": ("Save settings", "保存设置"),
    "saved": ("Settings saved.", "设置已保存。"),
    "error_work_hours": ("Working hours must end after they start.", "工作结束时间必须晚于开始时间。"),
    "error_time_zone": ("That is not a known time zone.", "这不是一个有效的时区。"),
    "error_required": ("This field is required.", "此项为必填。"),
    "error_invalid_time": ("Enter a time like 09:00.", "请输入类似 09:00 的时间。"),
    "error_choice": ("Choose one of the options.", "请从选项中选择。"),
    "form_errors": ("Please correct the errors below.", "请修改下面标出的问题。"),
    "default_reminder": ("Default reminder (minutes before)", "默认提醒（提前几分钟）"),
    "default_reminder_help": (
        "Used when you ask to be reminded before an event without saying how long before. "
        "Leave empty for {minutes} minutes.",
        "当你要求在日程开始前提醒、但没说提前多久时使用。留空则为 {minutes} 分钟。",
    ),
    "error_default_reminder": (
        "Enter whole minutes from 0 to 10080 (one week).",
        "请输入 0 到 10080（一周）之间的整数分钟。",
    ),
    "import_heading": ("Import a calendar", "导入日历"),
    "import_intro": (
        "Bring events in from an .ics file (Apple Calendar, Google Calendar, Outlook). "
        "You see what is in the file before anything is added; importing the same file twice adds nothing twice.",
        "从 .ics 文件（Apple 日历、Google 日历、Outlook）导入日程。添加之前会先显示文件里的内容；同一个文件导入两次不会重复添加。",
    ),
    "import_file": ("Calendar file (.ics)", "日历文件（.ics）"),
    "import_preview": ("Preview", "预览"),
    "import_confirm": ("Import", "导入"),
    "import_cancel": ("Choose another file", "换一个文件"),
    "import_working": ("Reading the file…", "正在读取文件……"),
    "import_preview_heading": ("In this file", "文件内容"),
    "import_nothing_yet": ("Nothing has been added yet.", "还没有添加任何内容。"),
    "import_count": ("Events", "日程数"),
    "import_range": ("Dates", "日期范围"),
    "import_recurring": ("Repeating", "重复日程"),
    "import_changes": ("What importing does", "导入后的变化"),
    "import_changes_text": (
        "{created} new, {updated} updated, {unchanged} already here",
        "新增 {created} 个，更新 {updated} 个，已存在 {unchanged} 个",
    ),
    "import_skipped": ("Left out", "未导入"),
    "import_done": (
        "Imported: {created} new, {updated} updated, {unchanged} already here.",
        "已导入：新增 {created} 个，更新 {updated} 个，已存在 {unchanged} 个。",
    ),
    "import_empty": ("There are no events in this file.", "这个文件里没有日程。"),
    "import_no_file": ("Choose an .ics file first.", "请先选择一个 .ics 文件。"),
    "import_too_big": ("This file is too big: a calendar file is at most {limit}.", "文件太大：日历文件最大 {limit}。"),
    "import_failed": ("The file could not be read: {detail}", "无法读取这个文件：{detail}"),
    "import_network": (
        "The connection failed. Nothing was imported; please try again.",
        "网络连接失败，没有导入任何内容，请重试。",
    ),
    "feed_heading": ("Calendar feed", "日历订阅"),
    "feed_intro": (
        "Subscribe from Apple Calendar, Google Calendar or Outlook with a private link. "
        "Anyone who has the link can read your events, so keep it to yourself.",
        "用私密链接在 Apple 日历、Google 日历或 Outlook 中订阅你的日程。任何拿到链接的人都能看到你的日程，请妥善保管。",
    ),
    "feed_off": ("The feed is off.", "订阅已关闭。"),
    "feed_on_status": ("The feed is on.", "订阅已开启。"),
    "feed_url": ("Private feed link", "私密订阅链接"),
    "feed_subscribe": ("Open in calendar app", "在日历应用中打开"),
    "feed_enable": ("Turn on feed", "开启订阅"),
    "feed_rotate": ("Make a new link", "生成新链接"),
    "feed_rotate_help": ("The old link stops working at once.", "旧链接会立即失效。"),
    "feed_revoke": ("Turn off feed", "关闭订阅"),
    "feed_enabled": ("Your calendar feed is on.", "日历订阅已开启。"),
    "feed_rotated": ("A new feed link was made; the old one no longer works.", "已生成新链接，旧链接已失效。"),
    "feed_revoked": ("Your calendar feed is off; the link no longer works.", "日历订阅已关闭，链接已失效。"),
    "feed_calendar_name": ("Schedule Assistant", "日程助手"),
}


def strings_for(language: str) -> dict[str, str]:
    index = 1 if language == "zh" else 0
    return {key: pair[index] for key, pair in STRINGS.items()}


def language_of(request: HttpRequest) -> str:
    """The person's profile language; before sign-in, the browser's preferred language."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        try:
            return "zh" if user.profile.language == "zh" else "en"
        except Profile.DoesNotExist:
            pass
    code = getattr(request, "LANGUAGE_CODE", "") or ""
    return "zh" if code.lower().startswith("zh") else "en"
