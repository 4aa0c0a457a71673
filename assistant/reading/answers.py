"""Short answers: "yes", "no", or neither ("Yes, go ahead", "好的，删吧", "no, keep it", "不用了，谢谢").

Read by the confirmation gate (a yes to a card), by the authority check (an acknowledgement
authorises no write) and by the offline stand-in; one reading, no copies.
"""

from __future__ import annotations

import re

from assistant.reading.vocabulary import COURTESY_EN, COURTESY_ZH

_YES = re.compile(
    r"^(?:y|yes|yeah|yep|yup|sure|ok|okay|confirm(?:ed)?|correct|right|go ahead|do it|please do|please|yes please|"
    r"of course|absolutely|sounds good|let'?s do it|let'?s go|delete it|remove it|go for it|start|thanks|thank you|"
    r"好|好的|好啊|好吧|好呀|是|是的|对|对的|确认|确定|确定删除|确认删除|可以|可以的|行|行吧|嗯|嗯嗯|没问题|"
    r"删吧|删除吧|删掉吧|删|删掉|删除|删了吧|来吧|开始吧|开始|要|要的|谢谢)$",
    re.IGNORECASE,
)
_NO = re.compile(
    r"^(?:n|no|nope|nah|no thanks|no thank you|don'?t|do not|don'?t delete it|keep it|keep|cancel|never ?mind|stop|"
    r"not now|leave it|thanks|thank you|不|不要|不要了|不用|不用了|不了|不需要|不删|不删了|别删|别删了|别|保留|"
    r"取消|先不|先不要|暂时不用|算了|谢谢)$",
    re.IGNORECASE,
)
# Chinese answers run together with no space ("嗯对", "嗯嗯是的", "不用不用"): a run of the same words.
_YES_RUN = re.compile(rf"(?:{_YES.pattern[4:-2]})+")
_NO_RUN = re.compile(rf"(?:{_NO.pattern[4:-2]})+")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_PARTS = re.compile(r"[\s,.!?;:。！？，；：~～、]+")
MAX_ANSWER_CHARS = 40
_POLITE = {"thanks", "thank you", "谢谢", "please", "pls", "plz", "thx", "ty"}


# To a card that asks to delete, the deleting verb says yes ("yes cancel it", "yep delete"), as "delete it" always does.
_DELETING = re.compile(r"^(?:(?:pl(?:ea)?se?|pls|plz|just|go\s+ahead(?:\s+and)?)\s+)*(?:cancel|delete|remove|drop|scrap|bin|kill)(?:\s+(?:it|that|this))?(?:\s+(?:pl(?:ea)?se?|pls|plz))?$|^(?:取消|删除?)[掉了]?吧?$", re.I)


def read_short_answer(text: str, *, deleting: bool = False) -> str | None:
    """ "yes", "no", or None. Combinations count when every part agrees: "Yes, go ahead",
    "好的，删吧", "no, keep it", "不用了，谢谢". ``deleting``: the question asked is whether to delete."""
    if deleting:
        head, _, rest = text.strip().partition(" ")
        if _YES.match(head.strip(",.!").lower()) and _DELETING.match(rest.strip(" ,.!")):
            return "yes"
    if len(text) > MAX_ANSWER_CHARS:
        return None
    parts = [part for part in _PARTS.split(text.strip().lower()) if part]
    if not parts:
        return None
    if len(parts) > 1:
        # Two-word phrases ("go ahead", "keep it") were split on the space: rejoin and retry.
        joined = " ".join(parts)
        if _YES.match(joined):
            return "yes"
        if _NO.match(joined):
            return "no"
    meaningful = [part for part in _rejoin(parts) if part not in _POLITE]
    if not meaningful:
        return None
    if all(_YES.match(part) or (_CJK.match(part) and _YES_RUN.fullmatch(part)) for part in meaningful):
        return "yes"
    if all(_NO.match(part) or (_CJK.match(part) and _NO_RUN.fullmatch(part)) for part in meaningful):
        return "no"
    return None


def _rejoin(parts: list[str]) -> list[str]:
    """Greedily glue neighbouring words that only mean something together ("go" + "ahead")."""
    result: list[str] = []
    index = 0
    while index < len(parts):
        for width in (3, 2):
            phrase = " ".join(parts[index : index + width])
            if index + width <= len(parts) and (_YES.match(phrase) or _NO.match(phrase)):
                result.append(phrase)
                index += width
                break
        else:
            result.append(parts[index])
            index += 1
    return result


_EMOJI = "\U0001f300-\U0001faff\u2600-\u27bf"
_COURTESY = re.compile(rf"^[\s{_EMOJI}]*(?:(?:{COURTESY_EN}|{COURTESY_ZH})[\s,.!~。！，、{_EMOJI}]*)+$|^[{_EMOJI}][\s{_EMOJI}]*$", re.IGNORECASE)  # "👍"


def is_courtesy(text: str) -> bool:
    """ "ok great", "wonderful, thank you", "that's all", "好的，就这样，谢谢": courtesy, nothing asked."""
    return bool(_COURTESY.match(text.strip()))


def is_acknowledgement(text: str) -> bool:
    """ "ok", "thanks", "好的", "cool, thanks": an answer that asks for nothing by itself."""
    return read_short_answer(text) is not None or (len(text) <= MAX_ANSWER_CHARS and is_courtesy(text))
