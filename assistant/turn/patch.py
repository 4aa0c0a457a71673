"""Reading a field patch out of a short reply, in code: "Saturday 3pm", "make it 4", "4点吧",
"call it Dentist", "for 2 hours". A message is a patch only when NOTHING else is in it: whatever
the date/time/title/duration readers did not consume must be filler ("make it", "吧", "ok").
So "what's on Saturday?" is never mistaken for a patch."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from scheduling.commands import SlotPatch
from scheduling.phrases import extract_when

MAX_PATCH_CHARS = 80

# Words that may surround a patch without changing its meaning.
FILLER_EN = {
    "make",
    "it",
    "at",
    "on",
    "for",
    "how",
    "about",
    "let",
    "let's",
    "lets",
    "do",
    "actually",
    "then",
    "instead",
    "ok",
    "okay",
    "please",
    "change",
    "move",
    "to",
    "the",
    "a",
    "an",
    "sure",
    "yes",
    "no",
    "rather",
    "maybe",
    "say",
    "go",
    "with",
    "in",
    "that",
    "works",
    "fine",
    "better",
    "be",
    "would",
    "i",
    "mean",
    "sorry",
    "wait",
    "oh",
    "um",
    "uh",
    "well",
    "hmm",
    "start",
    "starting",
    "from",
    "time",
    "day",
    "put",
    "can",
    "we",
    "you",
    "could",
    "shift",
    "push",
    "it's",
    "its",
    "around",
    "ish",
    "o'clock",
    "oclock",
    "thanks",
    "thank",
    "great",
    "good",
    "perfect",
    "cool",
    "so",
    "just",
    "prefer",
    "one",
    "of",
    "those",
}
FILLER_ZH = (
    "改到",
    "改成",
    "换到",
    "换成",
    "调到",
    "挪到",
    "推到",
    "提前到",
    "延后到",
    "那就",
    "那",
    "就",
    "吧",
    "啊",
    "哦",
    "嗯",
    "好的",
    "好",
    "可以",
    "行",
    "的",
    "定在",
    "放在",
    "安排在",
    "在",
    "还是",
    "开始",
    "要不",
    "其实",
    "我想",
    "想",
    "改",
    "换",
    "麻烦",
    "请",
    "了",
    "呀",
    "嘛",
    "是",
    "时候",
    "左右",
    "点钟",
    "这个",
    "那个",
    "它",
)
_ZH_FILLER = re.compile("|".join(sorted(map(re.escape, FILLER_ZH), key=len, reverse=True)))
_PUNCT = re.compile(r"[\s,.!?;:~…、，。！？；：～\-—()（）\"'“”‘’]+")

_TITLE_EN = re.compile(
    r"^\s*(?:(?:please\s+)?(?:call|name|title)\s+it(?!\s+(?:off|a\s+day|a\s+night|quits|even)\b)|rename\s+it(?:\s+to)?|"
    r"the\s+title\s+is|title\s*[:：]|it'?s\s+called)"
    r"\s+[\"'“]?(?P<title>[^\"'”]{1,120}?)[\"'”]?\s*[.!]?\s*$",
    re.IGNORECASE,
)
_TITLE_ZH = re.compile(
    r"^\s*(?:就)?(?:叫它|叫做|叫(?!停)|名字叫|名字是|标题是|标题叫|改名为|改名叫|改名成)[「“\"]?(?P<title>[^」”\"]{1,60}?)[」”\"]?\s*[吧。！!]?\s*$"
)

_NUMBER_EN = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "ninety": 90,
    "forty-five": 45,
    "thirty": 30,
    "fifteen": 15,
    "twenty": 20,
}
_DURATION_EN = re.compile(
    r"\b(?:for\s+)?(?P<half>half\s+an?\s+hour)\b|\b(?:for\s+)?(?P<number>\d{1,3}(?:\.\d)?|an?|one|two|three|four|five|six|fifteen|twenty|thirty|forty-five|ninety)"
    r"\s*(?P<unit>hours?|hrs?|h|minutes?|mins?)\b(?P<and_half>\s+and\s+a\s+half)?",
    re.IGNORECASE,
)
_ZH_DIGITS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_DURATION_ZH = re.compile(
    r"(?P<number>\d{1,3}|[一两二三四五六七八九十]{1,3})?(?P<half_before>个半|半)?(?:个)?(?P<unit>小时|钟头|分钟)(?P<half_after>半)?"
)


# A question is never a patch: "what is on Sunday?", "and on Sunday?", "那周日呢？" go to the model.
_QUESTION = re.compile(
    r"[?？]|\b(?:what|when|which|who|why|where|is there|do i|am i|are there)\b|吗|呢|什么|哪|有没有|是不是", re.I
)


@dataclass(frozen=True)
class PatchReading:
    patch: SlotPatch
    residue: str


def _zh_number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if text == "十":
        return 10
    if len(text) == 1:
        return _ZH_DIGITS.get(text)
    if text.startswith("十"):
        return 10 + _ZH_DIGITS.get(text[1], 0)
    if len(text) == 2 and text.endswith("十"):
        return _ZH_DIGITS.get(text[0], 0) * 10
    if len(text) == 3 and text[1] == "十":
        return _ZH_DIGITS.get(text[0], 0) * 10 + _ZH_DIGITS.get(text[2], 0)
    return None


# "in 2 hours", "move it an hour", "an hour later", "推迟一个小时": a shift of the time, not a length.
_SHIFT_BEFORE = re.compile(
    r"\b(?:in|within|move|moved|push|pushed|shift|delay|postpone|bring|by|after|before|back|forward)\s*(?:it\s+|that\s+)?$",
    re.I,
)
_SHIFT_AFTER = re.compile(r"^\s*(?:later|earlier|before|after|from now|back|forward|ago)\b", re.I)


def _duration(text: str) -> tuple[int, tuple[int, int]] | None:
    match = _DURATION_EN.search(text)
    if match:
        if _SHIFT_BEFORE.search(text[: match.start()]) or _SHIFT_AFTER.match(text[match.end() :]):
            return None
        if match.group("half"):
            return 30, match.span()
        raw = match.group("number").lower()
        number = float(raw) if raw[0].isdigit() else float(_NUMBER_EN[raw])
        unit = match.group("unit").lower()
        if unit == "h" and number > 12:
            return None  # "15h" is a clock time in much of the world, not fifteen hours
        minutes = number * 60 if unit.startswith("h") else number
        if match.group("and_half"):
            minutes += 30
        return int(minutes), match.span()
    match = _DURATION_ZH.search(text)
    if match and (match.group("number") or match.group("half_before")):
        parsed = _zh_number(match.group("number")) if match.group("number") else 0
        if parsed is None:
            return None
        number = float(parsed)
        minutes = number * 60 if match.group("unit") in {"小时", "钟头"} else number
        if match.group("half_before") or match.group("half_after"):
            minutes += 30 if match.group("unit") != "分钟" else 0
        return int(minutes), match.span()
    return None


def is_filler(residue: str) -> bool:
    words = [word for word in _PUNCT.split(residue.lower()) if word]
    leftovers = []
    for word in words:
        if word in FILLER_EN:
            continue
        if _ZH_FILLER.sub("", word):
            leftovers.append(word)
    return not leftovers


def _remove(text: str, spans: list[tuple[int, int]]) -> str:
    kept = []
    cursor = 0
    for start, end in sorted(spans):
        kept.append(text[cursor:start])
        cursor = max(cursor, end)
    kept.append(text[cursor:])
    return " ".join(" ".join(kept).split())


def read_patch(
    text: str,
    *,
    today: datetime.date,
    prefer_near: datetime.time | None = None,
    expecting_title: bool = False,
) -> PatchReading | None:
    """The patch this message carries, or None when it is not purely a patch."""
    text = text.strip()
    if not text or len(text) > MAX_PATCH_CHARS or _QUESTION.search(text):
        return None
    title_match = _TITLE_EN.match(text) or _TITLE_ZH.match(text)
    if title_match:
        title = title_match.group("title").strip()
        return PatchReading(SlotPatch(title=title, raw={"title": text}), "") if title else None

    spans: list[tuple[int, int]] = []
    duration_minutes = None
    found = _duration(text)
    if found:
        duration_minutes, span = found
        spans.append(span)
    masked = _remove(text, spans) if spans else text
    when = extract_when(masked, today=today, prefer_near=prefer_near)
    residue = when.residue(masked) if when else masked
    date = when.date if when else None
    clock = when.time if when else None
    if date is None and clock is None and duration_minutes is None:
        if expecting_title and _plausible_title(text):
            return PatchReading(SlotPatch(title=text.strip(" .!。！"), raw={"title": text}), "")
        return None
    if not is_filler(residue):
        return None
    raw: dict[str, str] = {}
    if date:
        raw["date"] = text
    if clock:
        raw["time"] = text
    if duration_minutes:
        raw["duration_minutes"] = text
    patch = SlotPatch(date=date, time=clock, duration_minutes=duration_minutes, raw=raw)
    return PatchReading(patch, residue)


_NOT_A_TITLE = re.compile(
    r"\?|？|\b(?:cancel|never\s*mind|forget|stop|no|nope|nah|not|wait|hold|later|skip|leave|dunno|know|idea|sure|"
    r"ok|okay|yes|yeah|maybe|hmm|um|uh|whatever|anything|something|nothing|what|when|where|why|how|who|which|"
    r"schedule|book|delete|remove|move|change|remind|help|hi|hello|hey|thanks|thank|sorry|please|it|that|this)\b|"
    r"算了|取消|不要|不用|不知道|随便|等等|等一下|稍后|以后再说|先这样|删除|什么|怎么|为什么|几点|哪天|哪里|谁|吗|呢|你好|谢谢|安排|帮我|好的|可以|行|嗯",
    re.IGNORECASE,
)


def _plausible_title(text: str) -> bool:
    """A bare answer to "what should I call it?": short, not a question, not a command."""
    stripped = text.strip(" .!。！")
    if not stripped or _NOT_A_TITLE.search(stripped):
        return False
    cjk = sum(1 for char in stripped if "\u4e00" <= char <= "\u9fff")
    return (cjk and len(stripped) <= 20) or len(stripped.split()) <= 5
