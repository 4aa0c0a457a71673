"""Everything the offline stand-in model says in its own words.

Every line here must stay true whatever is on the calendar: it never says that something was
created, changed, deleted or remembered, and never says what is (or is not) on the calendar —
only a tool can know that, and the server writes those replies from the tool's result. A test
runs each line through the exit invariant's own readers.
"""

from __future__ import annotations

from typing import Final

STAND_IN: Final[dict[str, tuple[str, str]]] = {
    "greeting": (
        "Hi! I can show what's on a day or a week, add appointments, move or delete them, and find free time. "
        "What would you like to do?",
        "你好！我可以帮你查看某天或某周的日程、添加安排、修改或删除安排，还能找空闲时间。需要我做什么？",
    ),
    "thanks": ("You're welcome! Anything else?", "不客气！还需要别的吗？"),
    "ack": (
        "There's nothing waiting for a yes right now, so nothing was changed. What would you like to do?",
        "现在没有等你确认的事情，所以什么都没有改动。你想做什么？",
    ),
    "clock": ("It's {time} ({day}).", "现在是{day} {time}。"),
    "ack_done": ("Good. Anything else?", "好的。还需要别的吗？"),
    "ack_title": ("Great — what should I call it?", "好的，这个安排叫什么名字？"),
    "ack_date": ("Great — which day should it be?", "好的，安排在哪一天？"),
    "ack_time": ("Great — what time should it start?", "好的，几点开始？"),
    "goodbye": ("Bye! Talk to you soon.", "再见！"),
    "capability": (
        "I can add appointments (tell me what, which day and what time), show what's on a day or a week, "
        "find free time, move, rename or delete events (deleting always needs your yes), and keep facts like "
        "birthdays in memory. I'm the offline stand-in, so short, plain requests work best.",
        "我能帮你添加安排（告诉我做什么、哪天、几点），查看某天或某周的日程，找空闲时间，修改、改名或删除安排"
        "（删除前一定会先问你），还能把生日之类的信息存进记忆。我是离线替身，简短直接的说法效果最好。",
    ),
    "ability": (
        "Yes — I can add appointments (tell me what, which day and what time), show what's on a day or a week, "
        "find free time, move, rename or delete events (deleting always needs your yes), and keep facts like "
        "birthdays in memory. I'm the offline stand-in, so short, plain requests work best.",
        "可以。我能帮你添加安排（告诉我做什么、哪天、几点），查看某天或某周的日程，找空闲时间，修改、改名或删除安排"
        "（删除前一定会先问你），还能把生日之类的信息存进记忆。我是离线替身，简短直接的说法效果最好。",
    ),
    "availability": (
        "Thanks, noted for this conversation. Nothing was added to your calendar; tell me if you'd like to block that time.",
        "好的，知道了。日程没有任何改动；如果需要把这段时间空出来，告诉我就行。",
    ),
    "past": (
        "Thanks for telling me. That's in the past, so I'm leaving your calendar as it is. Want to plan something new?",
        "好的，了解。这是已经过去的事，日程我不做改动。要安排新的事情吗？",
    ),
    "injection": (
        "Sorry, I can't do that. I only act on your own requests about your own calendar, and I never delete "
        "anything without asking you first.",
        "抱歉，这个我不能做。我只处理你对自己日程的请求，删除任何安排之前都会先问你。",
    ),
    "bulk_delete": (
        "I can only delete one event at a time, and I ask you before each one. Which event should go? "
        "You can ask me what's on a day first and then pick one.",
        "我一次只能删除一个安排，而且每次都会先问你。要删哪一个？可以先问我某天有什么安排，再选一个。",
    ),
    "forget": (
        'I can\'t remove a fact from memory. If it has changed, tell me the new version ("remember that …") '
        "and it will replace the old one.",
        "我没法从记忆里删除信息。如果内容有变化，告诉我新的说法（“记住……”），它会替换旧的那条。",
    ),
    "recurring": (
        'Tell me what repeats, on which days and at what time, e.g. "yoga every Wednesday at 7pm".',
        "告诉我重复的是什么、哪几天、几点，比如“每周三晚上七点瑜伽”。",
    ),
    "others": (
        "Sorry, I can only see and change your own calendar, not anyone else's.",
        "抱歉，我只能查看和修改你自己的日程，别人的日程我看不到也改不了。",
    ),
    "ask_what": (
        "Sure — what should I put on your calendar, and which day and time?",
        "好的，要安排什么事？哪天、几点？",
    ),
    "ask_day_for": (
        "Do you want me to put '{title}' on your calendar? Which day and what time?",
        "要不要我把「{title}」加到日程里？具体是哪天、几点？",
    ),
    "nothing_in_focus": (
        "Which event do you mean? Tell me its name, or ask me what's on that day first.",
        "你指的是哪个安排？告诉我名字，或者先问我那天有什么安排。",
    ),
    "ask_what_at": (
        "What would you like to put at {time}, and on which day?",
        "{time}要安排什么？哪一天？",
    ),
    "nothing_to_drop": ("OK, no problem. What would you like to do instead?", "好的，没问题。还需要做什么吗？"),
    "unclear": (
        'Sorry, I didn\'t quite get that. I understand things like "what\'s on tomorrow?", "dentist Friday at '
        '3pm" or "remind me at 5pm to call mum". Could you say it another way?',
        "抱歉，我没太明白。我能听懂这样的话：“明天有什么安排”、“周五下午三点看牙医”、“下午五点提醒我给妈妈打电话”。"
        "能换个说法吗？",
    ),
    "alarm": (
        "I can't set alarms: I keep your calendar and reminders. I can remind you at {time} instead: say "
        '"remind me to wake up at {time}".',
        "我没法设闹钟：我只管日程和提醒。可以改成在{time}提醒你：说“{time}提醒我起床”就行。",
    ),
    "swap": (
        "I can't swap two events in one step. Move each one, e.g. \"move the dentist to 4pm\", and I'll check each for clashes.",
        "我没法一步对调两个安排。请分别改，比如“把牙医改到下午四点”，我会逐个检查有没有冲突。",
    ),
    "alarm_no_time": (
        "I can't set alarms: I keep your calendar and reminders. Tell me when, e.g. \"remind me to wake up at "
        "6:30am tomorrow\", and I'll set a reminder instead.",
        "我没法设闹钟：我只管日程和提醒。告诉我时间，比如“明天早上六点半提醒我起床”，我可以设一个提醒。",
    ),
    "statement": (
        'OK. If you\'d like it on your calendar, say "add it to my calendar".',
        "好的。要加到日程里的话，说“加到日程里”就行。",
    ),
    "hedged": (
        "OK. Nothing is changed yet: once it's decided, tell me and I'll update your calendar.",
        "好的，日程先不动，等定下来再说。",
    ),
    "service": (
        "Sorry, I can't do that: I only keep your calendar and reminders.",
        "抱歉，这个我做不了：我只管你的日程和提醒。",
    ),
    "service_offer": (
        "Sorry, I can't do that myself: I only keep your calendar and reminders. If you'd like it on your calendar, "
        'say "add it to my calendar".',
        "这个我没法替你订：我只管日程和提醒。要加到日程里的话，说“加到日程里”就行。",
    ),
    "reminders_list": (
        "I can't list your reminders here. I can show your events (\"what's coming up?\") or set a new reminder "
        '("remind me at 5pm to call mum").',
        "我这里没法列出提醒。我可以查看你的日程（“最近有什么安排”），或者设一个新提醒（“下午五点提醒我给妈妈打电话”）。",
    ),
    "ask_when_plainly": (
        'I couldn\'t read the day and time in that, so nothing is booked yet. Could you say them like "Thursday 4:15pm"?',
        "这句话里的日期和时间我没能读准，所以还没有安排。能换个说法吗，比如“周四下午4点15”？",
    ),
    "ask_corrected_moment": (
        "You changed the time partway, so nothing is done yet. Could you say it once more, the way you want it?",
        "你说到一半换了说法，我先不动。能按你想要的再完整说一遍吗？",
    ),
    "ask_which_day": (
        'Which day do you mean? Say it like "Friday", "21 May" or "next Tuesday".',
        "你说的是哪一天？可以说“周五”、“5月21日”或“下周二”。",
    ),
    "ask_what_at_unsure": (
        "What would you like to put at {time}, on which day — morning or evening?",
        "{time}要安排什么？哪一天？上午还是晚上？",
    ),
    "other_zone": (
        "I book every time in your own time zone, so nothing is added yet. "
        "What time is that for you? Say it whole, like \"call with the Tokyo office tomorrow at 9am\".",
        "我只按你自己的时区记时间，所以还没有添加。换算成你这里是几点？可以整句再说一遍，比如“明天早上九点跟纽约同事开会”。",
    ),
    "place": (
        "I keep an event's name, day and time, not where it is held, so nothing was changed. "
        "You can put the place in the name, like \"Dentist at 123 Main Street\".",
        "我只记安排的名称、日期和时间，不记地点，所以什么都没有改动。可以把地点写进名称里，比如“中山路12号看牙医”。",
    ),
    "what_to_note": (
        "What should I note for that time? Say it whole, like \"dentist Friday at 3pm\" or \"remind me at 8pm to call mum\".",
        "那个时间要记什么？可以整句说，比如“周五下午三点看牙医”或“晚上八点提醒我给妈妈打电话”。",
    ),
    "repeat_by_position": (
        "I can't repeat something on a weekday's place in the month (like the last Friday), so nothing is added. "
        'It can repeat on a day of the month ("on the 15th of every month"), or weekly ("every Friday at 7pm").',
        "按“每月第几个星期几”重复我做不到，所以什么都没有添加。可以按每月几号重复（“每月15号”），或者每周重复（“每周五晚上七点”）。",
    ),
    "reminder_repeat_unsupported": (
        "A reminder on its own can repeat every day, every weekday, once a week, once a month or once a year. "
        'Which of those should it be? Say it like "remind me every Monday at 9am to water the plants".',
        "单独的提醒可以每天、每个工作日、每周、每月或每年重复一次。要哪一种？可以说“每周一早上九点提醒我浇花”。",
    ),
    "ask_change_value": (
        "Sure — to which day or time should it move?",
        "好的，要改到哪天或几点？",
    ),
    "ask_time_in_part": ("What time in the {part}?", "{part}几点？"),
    "ask_change_half": (
        'Which {time} do you mean, morning or evening? Say it with the part of the day, e.g. "move {title} to {time}pm".',
        "是上午{time}还是晚上{time}？请带上时段再说一次，比如“{title}改到晚上{time}”。",
    ),
    "ask_new_length": (
        "Sure — how long should it last in all? Say it like \"make it 2 hours\".",
        "好的，一共要多长时间？可以说“改成两个小时”。",
    ),
    "ask_shift_base": (
        "Which event should move, and to what time? You can ask me what's on that day first.",
        "要调整哪个安排，改到几点？可以先问我那天有什么安排。",
    ),
    "memory_missing": (
        "I don't have {subject} in memory yet. Which date is it?",
        "我的记忆里还没有{subject}。是哪一天？",
    ),
    "memory_no_date": (
        'In memory I have: "{fact}" — but I can\'t read a date from it. Which date should it be?',
        "我的记忆里有这条：“{fact}”，但读不出日期。应该是哪一天？",
    ),
    "memory_missing_value": (
        "I don't have {subject} in memory yet. Which one do you mean?",
        "我的记忆里还没有{subject}。是哪一个？",
    ),
    "memory_no_value": (
        'In memory I have: "{fact}" — but I can\'t tell the name from it. Which one do you mean?',
        "我的记忆里有这条：“{fact}”，但看不出具体是哪个。是哪一个？",
    ),
    "memory_answer": ('In memory I have: "{fact}"', "我的记忆里有这条：“{fact}”"),
    "memory_unknown": (
        "I don't have anything about that in memory. If you tell me (e.g. \"remember that mum's birthday is "
        '14 March"), I can keep it.',
        "我的记忆里没有这方面的信息。你可以告诉我（比如“记住妈妈的生日是3月14日”），我可以把它存下来。",
    ),
    "archive_found": (
        "From our earlier conversations (history, not current plans): {quotes}",
        "之前的对话记录（只是历史，不代表现在的安排）：{quotes}",
    ),
    "archive_none": (
        "I couldn't find anything about that in our earlier conversations.",
        "在之前的对话里没找到相关内容。",
    ),
    "tool_failed": (
        "Sorry, I couldn't complete that, and nothing was changed. Could you put it another way?",
        "抱歉，我没能完成这个请求，也没有做任何更改。能换个说法吗？",
    ),
    "no_such_tool": (
        "Sorry, I can't do that here, and nothing was changed.",
        "抱歉，这里做不了这件事，也没有做任何更改。",
    ),
    # How a quoted line from the archive is introduced.
    "quote_by_user": ('on {day} you said "{text}"', "{day}你说过：“{text}”"),
    "quote_by_assistant": ('on {day} I replied "{text}"', "{day}我回复过：“{text}”"),
    "archive_quotes": ("{quotes}.", "{quotes}。"),
    "archive_quotes_joiner": ("; ", "；"),
    "earlier": ("earlier", "之前"),
    "memory_facts_joiner": ('" "', "”“"),
    "it": ("it", "它"),
    # A remembered fact as one sentence, in the script it was said in.
    "fact_sentence": ("{text}.", "{text}。"),
}
