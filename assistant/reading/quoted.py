"""Which part of a message is the person's own request, and which is someone else's text.

Lines that are quoted, forwarded or pasted below an introduction are data; so is everything a
person hands over to be translated, corrected, summarised, judged or sent ("is this e-mail a scam? it
says: …", "帮我翻译：…", "发短信给张总 说会议改到三点了"): the words are theirs to have read, not a request to act on. A guard
that traces values to the person's words reads them through ``own_words``.
"""

from __future__ import annotations

import re

# Lines that carry someone else's text: quoted, forwarded, pasted after a colon and a line break.
_QUOTED_LINE = re.compile(r"^\s*(?:>|from:|to:|subject:|sent:|发件人|收件人|主题)", re.IGNORECASE)
# Long enough to be someone's words, not a name: twelve letters, or five characters of Chinese (a word each).
_QUOTED_SPAN = re.compile(
    r"[\"“「『](?:[^\"”」』]{12,}|(?=[^\"”」』]*[\u4e00-\u9fff])[^\"”」』]{5,})[\"”」』]|(?<![\w'])'(?:[^'\n]{12,}|(?=[^'\n]*[\u4e00-\u9fff])[^'\n]{5,})'(?![\w'])"
)
# A request to work on a text rather than on the calendar: the text it hands over is data, and
# the message asks for no write, so none of its words authorise one (failing closed).
_HANDED_OVER = re.compile(
    r"\b(?:translat\w*|proof-?read\w*|summar\w*|tl;?dr|paraphras\w*|rephras\w*|reword\w*|"
    r"(?:correct|fix|check)\s+(?:the\s+|my\s+)?(?:grammar|spelling|typos?|wording|english)|"
    r"is\s+(?:this|that|it)\s+(?:\w+\s+)?(?:a\s+)?(?:scam|spam|phishing|legit|real|fake|genuine|safe)|"
    r"scam|phishing|what\s+does\s+(?:this|that|it)\s+(?:mean|say)|"
    r"(?:it|this|that|the\s+(?:e-?mail|message|text|note|letter|invite|sms))\s+(?:says|said|reads)|says\s*:|"
    # A message to send, with its words: "text sam saying …", "tell the team that …" (theirs to send, not a request).
    r"(?:text|message|msg|e-?mail|tell|ping|slack|whatsapp)\s+(?!me\b|us\b)(?:[\w']+\s+){1,3}?(?:saying|that|to\s+say)\b)"
    r"|发(?:个|一?条|一?封)?(?:短信|消息|微信|邮件)给|给(?![你我])[^\s，,]{1,6}发(?:个|一?条|一?封)?(?:短信|消息|微信|邮件)|告诉(?![我你])[^\s，,]{1,6}(?:说|一声(?!\s*$))"
    r"|翻译|译成|翻成|校对|润色|改错|语法|(?:^|帮我|帮忙|请|给我|你)\s*总结(?!会|大会|汇报|报告)|总结(?:一下|下(?!午)|这|以下|下面|\s*[:：])|概括|摘要|骗局|诈骗|骗子|钓鱼|什么意思|写着|写的是|内容是|上面说",
    re.IGNORECASE,
)


def _own_lines(text: str) -> str:
    """The lines a person typed themselves: pasted and forwarded material below them removed."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1:
        introduced = lines[0].rstrip().endswith((":", "：", "-", "—"))
        if introduced or len(lines) > 2 or any(len(line) > 60 for line in lines[1:]):
            lines = lines[:1]
    return "\n".join(line for line in lines if not _QUOTED_LINE.match(line))


def own_words(text: str) -> str:
    """The person's text without what they pasted, quoted or handed over: that part is data.

    In a message of several lines, the first line is the person's and what follows it is taken
    as pasted when it is introduced (a colon), long, or more than one line: people type requests
    in a line, and paste e-mails and notes below one. A message that hands text over to be
    translated, corrected, summarised or judged keeps none of its words as a request.
    """
    return "" if _HANDED_OVER.search(text) else _QUOTED_SPAN.sub(" ", _own_lines(text))


def quotes(text: str) -> list[str]:
    """What the person quoted in their own lines ("add 'Invoice review' on Thursday"): a quote may
    name a thing they ask for (a title), but it is someone's words, never the request itself."""
    return [] if _HANDED_OVER.search(text) else _QUOTED_SPAN.findall(_own_lines(text))
