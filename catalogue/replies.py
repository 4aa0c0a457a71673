"""What the turn says in code's own words: answers to a button or a yes/no, the exit invariant's honest
replacements, held writes, failures, and the planning consultation."""

from __future__ import annotations

from typing import Final

# key: (English, Chinese)
REPLIES: Final[dict[str, tuple[str, str]]] = {
    # A yes or no to a confirmation (turn/gates.py)
    "ok": ("OK.", "好的。"),
    "declined_council": ("OK, no consultation.", "好的，不做规划咨询。"),
    "declined_write": ("OK, I didn't make that change.", "好的，没有做这项更改。"),
    "declined_delete": ("OK, I kept '{title}'; nothing was deleted.", "好的，保留「{title}」，没有删除。"),
    "nothing_deleted": ("OK, nothing was deleted.", "好的，什么都没有删除。"),
    "council_invitation_expired": (
        "That invitation has expired, so no consultation was started. Ask me again if you'd like one.",
        "这个邀请已经过期了，所以没有开始规划咨询。如果需要，请再跟我说一次。",
    ),
    "write_confirmation_stale": (
        "Things changed since I asked (or it was too long ago), so that change was not made. Ask again if you still want it.",
        "情况有变化（或者时间太久了），所以这项更改没有执行。如果还需要，请再说一次。",
    ),
    "delete_target_gone": (
        "That event is no longer there; nothing was deleted.",
        "这个安排已经不在了，没有删除任何内容。",
    ),
    "delete_ask_again": (
        "Things changed since I asked (or it was too long ago), so I need to ask again: {question}",
        "情况有变化（或者时间太久了），需要重新确认：{question}",
    ),
    # The exit invariant's replacement for an unbacked claim (turn/exit.py)
    "not_done_create": ("I haven't added anything to your calendar in this message.", "这次还没有添加任何安排。"),
    "not_done_change": ("I haven't changed anything on your calendar in this message.", "这次还没有修改日程。"),
    "not_done_delete": ("I haven't deleted anything from your calendar in this message.", "这次还没有删除任何安排。"),
    "not_done_remember": (
        'I haven\'t saved anything to memory in this message. Say "remember that …" and I will.',
        "这次还没有保存到记忆里。说“记住……”我就会保存。",
    ),
    "not_done_and": ("{first} {then}", "{first}{then}"),
    "slot_words_title": ("what it is", "事项名称"),
    "slot_words_date": ("the day", "日期"),
    "slot_words_time": ("the time", "时间"),
    "slot_words_joiner": (" and ", "和"),
    "still_need": (" I still need {slots}.", "还需要{slots}。"),
    "say_it_again_to_add": (" Please say it once more and I'll add it.", "请再说一次，我这就添加。"),
    "no_reminder_set": (" No reminder was set.", "还没有设置提醒。"),
    "say_which_event": (" Tell me which event you mean and I'll do it.", "请告诉我是哪一个安排。"),
    "still_at": (" '{title}' is still on {weekday} {date} at {start}.", "「{title}」仍在 {date} {start}。"),
    "still_on_calendar": (
        " '{title}' is still on your calendar ({weekday} {date}, {start}).",
        "「{title}」还在日历上（{date} {start}）。",
    ),
    # A write held for confirmation (turn/holds.py)
    "hold_ask": (
        "I haven't done this: I can't match it to your own words (it may come from something you were shown, "
        "or I may have misread you), so please confirm first — {what}?",
        "这一步还没有做：我没法把它和你本人的话对上（可能出自你看到的资料，也可能是我理解错了），请先确认——{what}？",
    ),
    "hold_ask_unasked": (
        "Before I write anything, to be sure — {what}?",
        "写入之前先确认一下——{what}？",
    ),
    "hold_schedule_event": ("add {title}{when}{overlap}", "添加{title}{when}{overlap}"),
    "hold_untitled": ("an event (I'll ask its name next)", "一个安排（名称稍后再问）"),
    "hold_overlap": (", even though it clashes with what is already there", "，即使与已有安排时间冲突"),
    "hold_change_event": ("change {event} to {changes}", "把{event}改为{changes}"),
    "hold_remember_fact": ("save to memory: {fact}", "保存到记忆：{fact}"),
    "hold_discard_command": ("drop your unfinished request{title}", "放弃未完成的请求{title}"),
    "hold_set_reminder": ("set a reminder{text}{when}{before}", "设置提醒{text}{when}{before}"),
    "hold_cancel_reminder": ("remove the reminder on {title} (the event stays)", "删除{title}的提醒（安排本身不变）"),
    "hold_reminder_just_set": ("the event just talked about", "刚才那个安排"),
    "hold_reminder_text": (" {text}", "{text}"),
    "hold_reminder_before": (" {minutes} minutes before {event}", "（{event}前{minutes}分钟）"),
    "hold_resume_task": (
        "go back to the task you put aside, with{title}{when}",
        "回到之前搁置的任务，并设为{title}{when}",
    ),
    "hold_when": (" on {when}", "（{when}）"),
    "hold_request_title": (" {title}", "{title}"),
    "hold_changes_joiner": (", ", "，"),
    "hold_day": ("{weekday} {day:02} {month}", "{month}月{day}日（{weekday}）"),
    "hold_day_with_year": ("{weekday} {day:02} {month} {year}", "{year}年{month}月{day}日（{weekday}）"),
    # Failures (turn/pipeline.py, turn/model.py, turn/salvage.py)
    "stale_quick_reply": (
        "That choice belongs to a request that is no longer open; nothing was changed.",
        "这个选项属于一个已经结束的请求，没有做任何更改。",
    ),
    "stale_scope_choice": (
        "That question is no longer open; nothing was changed.",
        "这个问题已经过去了，没有做任何更改。",
    ),
    "internal_error": (
        "Sorry, something went wrong on my side. Your message is saved.",
        "抱歉，出了点问题。你的消息已保存。",
    ),
    "empty_model_answer": (
        "Sorry, the model gave no answer this time, and nothing was changed. Please try sending it again.",
        "抱歉，模型这次没有给出回答，我没有做任何更改。请再发一次试试。",
    ),
    "model_fallback": (
        "Sorry, I couldn't complete that, and nothing was changed. Could you put it another way?",
        "抱歉，我没能完成这个请求，也没有做任何更改。能换个说法吗？",
    ),
    "model_unavailable": (
        "Sorry, the model isn't responding right now ({kind}). Your message is saved and nothing was changed; please try again.",
        "抱歉，模型暂时无法回应（{kind}）。你的消息已保存，没有做任何更改，请稍后重试。",
    ),
    "prompt_too_long": (
        "Sorry, this conversation no longer fits the model server's context window, so I did not send it and "
        "nothing was changed. Please start a new conversation or send a shorter message; the administrator "
        "can give the server a larger window.",
        "抱歉，这段对话已经超出模型服务器的上下文窗口，所以没有发送，也没有做任何更改。请开始新的对话或发送更短的消息；"
        "管理员可以为服务器设置更大的窗口。",
    ),
    "prompt_truncated_by_server": (
        "(Note: the model server cut this request to fit its context window, so the model could not see all of "
        "it; this answer may have missed something.)",
        "（注意：模型服务器为了放进它的上下文窗口截断了这次请求，模型没能看到全部内容；这个回答可能有遗漏。）",
    ),
    "record_failed": (
        "Sorry, something went wrong while saving my answer. Your message is saved; please ask again.",
        "抱歉，保存回复时出了问题。你的消息已保存，这个问题没能记下，请再问一次。",
    ),
    # A turn whose process died (turn/orphans.py): said the next time the thread is read
    "turn_lost": (
        "This message was not answered: the server stopped while working on it, and nothing was changed. "
        "Please send it again.",
        "这条消息没有得到回答：服务器在处理时停止了，没有做任何更改。请再发一次。",
    ),
    "turn_lost_changed": (
        "This message was not answered: the server stopped while working on it. Before it stopped, it {changes}. "
        "Nothing else was changed.",
        "这条消息没有得到回答：服务器在处理时停止了。停止前已经{changes}，没有做其他更改。",
    ),
    "turn_lost_created": ("added “{title}”", "添加了“{title}”"),
    "turn_lost_updated": ("changed “{title}”", "修改了“{title}”"),
    "turn_lost_deleted": ("deleted “{title}”", "删除了“{title}”"),
    "turn_lost_remembered": ("saved a note to memory", "保存了一条记忆"),
    "turn_lost_joiner": (" and ", "，并"),
    # Tasks put aside (turn/record.py)
    "tasks_evicted": (
        "\n(At most three tasks can wait: the oldest, {dropped}, was set aside for good. "
        'Still waiting: {on_hold}. Say "back to …" to return to one.)',
        "\n（搁置的事情最多三件，最早的「{dropped}」已放下。还在搁置的：{on_hold}。说“继续……”可以回到其中一件。）",
    ),
    "task_named": ("{title!r}", "{title}"),
    # The planning consultation (council.py)
    "council_day": ("{weekday} {day:02} {month}", "{month}月{day}日"),
    "council_head": (
        "Planning consultation for your next {days} days (read-only: nothing was changed). {total} events in all.",
        "规划咨询（未来{days}天，只读，没有改动任何安排）：共{total}个安排。",
    ),
    "council_pace": (
        "- Pace advisor: the busiest day is {day} ({hours:.1f} h). ",
        "· 节奏顾问：最忙的是{day}（{hours:.1f}小时）。",
    ),
    "council_heavy": ("Days over {limit:.0f} h: {days}.", "超过{limit:.0f}小时的日子：{days}。"),
    "council_no_heavy": ("No day is overloaded.", "没有超负荷的日子。"),
    "council_focus": ("- Focus advisor: ", "· 专注顾问："),
    "council_no_focus": ("no two-hour free block on {days}.", "这些工作日没有连续两小时的空档：{days}。"),
    "council_focus_kept": (
        "every weekday keeps at least two free hours in a row.",
        "每个工作日都有至少两小时的专注时间。",
    ),
    "council_balance": (
        "- Balance advisor: {after_hours} events outside working hours, {weekend} at the weekend.",
        "· 平衡顾问：工作时间以外的安排{after_hours}个，周末{weekend}个。",
    ),
    "council_chains": (" Three or more back-to-back meetings on {days}.", "{days}有连续三个以上紧挨着的会。"),
}
