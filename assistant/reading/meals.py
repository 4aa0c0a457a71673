"""Meals as a kind of event: "make it lunch" renames "Dinner with Lin" to "Lunch with Lin",
"改成午饭" renames "和林吃晚饭" to "和林吃午饭".

A meal word is a *new kind* only where the person says the event becomes that meal ("make it
lunch", "lunch instead", "改成午饭", "还是吃午饭吧"). The focus's own meal is just its name
("push dinner to 8"); another meal in any other place names another event ("move lunch to 1pm").
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

# English word -> (Chinese word, a time people mean by it, for reading a bare hour near it)
_EN: dict[str, tuple[str, datetime.time]] = {
    "breakfast": ("早饭", datetime.time(8, 0)),
    "brunch": ("早午餐", datetime.time(11, 0)),
    "lunch": ("午饭", datetime.time(12, 30)),
    "dinner": ("晚饭", datetime.time(19, 0)),
    "supper": ("晚饭", datetime.time(19, 0)),
}
_ZH_KIND = {
    "早饭": "breakfast", "早餐": "breakfast", "早点": "breakfast", "早午餐": "brunch", "午饭": "lunch", "午餐": "lunch",
    "中饭": "lunch", "中午饭": "lunch", "晚饭": "dinner", "晚餐": "dinner", "夜宵": "supper", "宵夜": "supper",
}  # fmt: skip
_EN_WORD = r"breakfast|brunch|lunch|dinner|supper"
_ZH_WORD = "|".join(sorted(_ZH_KIND, key=len, reverse=True))
MEAL = re.compile(rf"\b(?:{_EN_WORD})\b|(?:{_ZH_WORD})", re.IGNORECASE)

_ARTICLE = r"(?:(?:a|an|the)\s+)?"
_NEW_KIND_EN = re.compile(
    rf"(?:\b(?:make\s+(?:it|that)|change\s+(?:it\s+|that\s+)?(?:in)?to|switch\s+(?:it\s+|that\s+)?to|turn\s+it\s+into|"
    rf"do|have|go\s+for|meant|mean|actually|no|rather|about|say|prefer)[\s,]+{_ARTICLE})(?P<meal>{_EN_WORD})\b"
    rf"|\b(?P<before>{_EN_WORD})\s+instead\b|^\W*(?P<alone>{_EN_WORD})\W*$",
    re.IGNORECASE,
)
_NEW_KIND_ZH = re.compile(rf"(?:改成|换成|改为|改|换|还是|其实|是|吃)\s*(?:吃)?\s*(?P<meal>{_ZH_WORD})")


@dataclass(frozen=True)
class MealWords:
    new_kind: str | None  # the meal the event becomes ("lunch", "午饭"), as said
    residue: str  # the words without the meal words that were understood


def kind_of(word: str) -> str:
    """The kind of meal a word names: "lunch" for "Lunch", "午餐", "中饭"."""
    return _ZH_KIND.get(word, word.lower())


def usual_time(word: str) -> datetime.time:
    return _EN[kind_of(word)][1]


def own_kind(title: str | None) -> str | None:
    """The meal a title is about: "Dinner with Lin" -> "dinner", "和林吃晚饭" -> "dinner"."""
    match = MEAL.search(title or "")
    return kind_of(match.group(0)) if match else None


def read_meals(residue: str, focus_title: str | None) -> MealWords:
    """The new kind of meal said in ``residue`` (a message without its dates and times), if any,
    and the residue without the meal words understood. A meal word left in the residue names
    something else, so the message is not a pure revision."""
    new_kind: str | None = None
    for pattern in (_NEW_KIND_EN, _NEW_KIND_ZH):
        match = pattern.search(residue)
        if match:
            group = next(name for name in ("meal", "before", "alone") if match.groupdict().get(name))
            new_kind = match.group(group)
            residue = residue[: match.start(group)] + " " + residue[match.end(group) :]
            break
    own = own_kind(focus_title)
    if own is not None:
        # "push dinner to 8" (the dinner in focus): the meal only names it.
        residue = MEAL.sub(lambda found: " " if kind_of(found.group(0)) == own else found.group(0), residue)
    return MealWords(new_kind=new_kind, residue=" ".join(residue.split()))


def retitled(title: str | None, meal: str) -> str | None:
    """``title`` with its meal replaced by ``meal`` ("Dinner with Lin" -> "Lunch with Lin");
    None when nothing changes."""
    kind = kind_of(meal)
    chinese_meal = meal if meal in _ZH_KIND else _EN[kind][0]
    english_meal = kind if meal in _ZH_KIND else meal.lower()
    if not title:
        return chinese_meal if meal in _ZH_KIND else english_meal.capitalize()
    if own_kind(title) == kind:
        return None
    if re.search(r"[\u4e00-\u9fff]", title):
        return _retitled_zh(title, chinese_meal)
    found = re.search(rf"\b(?:{_EN_WORD})\b", title, re.IGNORECASE)
    if found:
        said = found.group(0)
        word = english_meal.capitalize() if said[0].isupper() else english_meal
        return title[: found.start()] + word + title[found.end() :]
    company = re.search(r"\b(?:with|for)\s+.+$", title, re.IGNORECASE)
    return f"{english_meal.capitalize()} {company.group(0)}" if company else english_meal.capitalize()


def _retitled_zh(title: str, meal: str) -> str:
    found = re.search(_ZH_WORD, title)
    if found:
        return title[: found.start()] + meal + title[found.end() :]
    if "吃饭" in title:
        return title.replace("吃饭", "吃" + meal, 1)
    company = re.match(r"^(?:和|跟|与)[\u4e00-\u9fff]{1,6}?(?=一起|见面|碰面|聚|喝|吃|聊|$)", title)
    return f"{company.group(0)}吃{meal}" if company else meal
