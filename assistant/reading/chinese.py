"""Chinese as one script: traditional characters and Cantonese written forms read as simplified
Mandarin, so a reader's patterns are written once ("已經幫你加到行事曆了", "搞掂咗" read as
"已经帮你加到行事历了", "搞掂了").

The characters are OpenCC's ("t2s", the maintained conversion table); the Taiwan phrase table
is not used on purpose: it rewrites words (行程 -> 进程) rather than characters.
"""

from __future__ import annotations

import re
import unicodedata

import opencc

_SIMPLIFIED = opencc.OpenCC("t2s")
_CJK = re.compile(r"[\u3400-\u9fff]")
# Cantonese written forms, after conversion, and the Mandarin the readers know (longer forms first).
_CANTONESE = {"唔该": "请", "咗": "了", "嚟": "来", "喇": "了", "晒": "完", "记低": "记下", "冇": "没有", "唔": "不", "嘅": "的", "下昼": "下午",
              "听日": "明天", "听朝": "明早", "今朝": "今早", "朝早": "早上", "提我": "提醒我", "琴日": "昨天", "啱啱": "刚刚", "而家": "现在", "咩": "什么", "乜嘢": "什么",
              "几时": "什么时候", "边度": "哪里", "边个": "谁", "系咪": "是不是", "每逢": "每", "逢": "每", "嗰个": "那个", "𠮶个": "那个", "改去": "改到",
              # Northern forms of the days and their parts ("今儿晚上", "后儿个", "后晌"), and slips of a pinyin keyboard.
              "今儿个": "今天", "明儿个": "明天", "后儿个": "后天", "昨儿个": "昨天", "今儿": "今天", "明儿": "明天", "后儿": "后天",
              "昨儿": "昨天", "头午": "上午", "前晌": "上午", "后晌": "下午", "下晌": "下午", "晌午": "中午", "傍黑儿": "傍晚", "擦黑儿": "傍晚",
              "明儿一早": "明天早上", "明天一早": "明天早上", "今天一早": "今天早上", "后天一早": "后天早上", "安拍": "安排", "取肖": "取消", "再日历": "在日历", "再日程": "在日程", "按排": "安排", "日成": "日程",
              "richeng": "日程", "tixing": "提醒", "anpai": "安排", "quxiao": "取消", "安牌": "安排", "俩": "两个", "天加": "添加", "题醒": "提醒", "提型": "提醒", "天下五": "天下午",
              "取销": "取消", "名天": "明天", "嗌": "叫", "起身": "起床", "加埋": "加上", "俺": "我", "咱": "我", "的闹中": "的闹钟", "个闹中": "个闹钟"}  # fmt: skip
_CANTONESE_WORD = re.compile("|".join(sorted(_CANTONESE, key=len, reverse=True)))  # the longer form first


def simplified(text: str) -> str:
    """``text`` with its Chinese in simplified Mandarin; text without Chinese comes back as it is."""
    if not _CJK.search(text):
        return text
    return _CANTONESE_WORD.sub(lambda match: _CANTONESE[match.group(0)], to_simplified(text))


def to_simplified(text: str) -> str:
    """OpenCC's conversion, character for character. OpenCC takes UTF-8 only: a lone surrogate (JSON
    may carry one) becomes U+FFFD first, so a broken character never breaks the reading."""
    return str(_SIMPLIFIED.convert(text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")))


def as_written(value: str, original: str) -> str:
    """``value``, read from the simplified form of ``original``, in the script the person wrote it in
    (a title typed as 老闆 stays 老闆): the readers read one script, what is stored keeps theirs.
    Each character of the value is matched, in order, with the same place of the message."""
    written = unicodedata.normalize("NFKC", original)
    read = to_simplified(written)  # character for character (the Cantonese words are not)
    if read == written or len(read) != len(written):
        return value
    out, at = [], 0
    for char in value:
        found = read.find(char, at) if _CJK.match(char) else -1
        out.append(written[found] if found >= 0 else char)
        at = found + 1 if found >= 0 else at
    return "".join(out)
