"""Repeat words read as a closed rule ("every weekday", "on thursdays", "the 15th of every month", 每周二, 隔周, 每天):
the rule a create carries (code builds the RRULE from it), and the repeat a reminder takes."""

from __future__ import annotations

import datetime
import re
from typing import Any

from assistant.reading.numbers import NUMBER, number
from assistant.reading.vocabulary import RFC_DAYS, WEEKDAYS_EN, WEEKDAYS_ZH

_DAYS_EN = {name: RFC_DAYS[day - 1] for name, day in WEEKDAYS_EN.items()} | {"weekend": "SA SU"}
_DAYS_ZH = {char: RFC_DAYS[day - 1] for char, day in WEEKDAYS_ZH.items()} | {"末": "SA SU"}
_WORKDAYS = list(RFC_DAYS[:5])
_DAY_EN = "|".join(sorted(_DAYS_EN, key=len, reverse=True))
_UNIT = {"day": "daily", "week": "weekly", "month": "monthly", "year": "yearly"}

_WEEKDAYS = re.compile(r"\b(?:every\s+(?:week\s*day|weekday)s?|(?:on\s+)?week\s*days)\b|每个?工作日|(?<![这下上个一第])工作日", re.I)
_EVERY_DAY_EN = re.compile(
    rf"\b(?:(?:every|each)\s+(?P<other>other\s+)?|on\s+)(?P<days>(?:(?:{_DAY_EN})s?(?:\s*(?:,|and|&)\s*|\s+n\s+|\s+(?=(?:{_DAY_EN})))?)+)\b(?:\s+(?P<daypart>morning|afternoon|evening|night)s?\b)?", re.I
)
_EVERY_UNIT_EN = re.compile(
    r"\b(?:(?:repeat(?:s|ed|ing)?\s+)?(?:every\s+(?P<daypart>morning|afternoon|evening|night)|every(?:\s+|(?=day\b))(?:single\s+)?(?P<other>other\s+)?(?P<unit>day|week|month|year)"
    r"|(?P<ly>daily|weekly|monthly|yearly|annually)|(?P<fortnight>fortnightly|bi-?weekly|every\s+(?:two|2)\s+weeks|every\s+fortnight)))\b",
    re.I,
)
COUNT_EN = re.compile(rf"\bfor\s+(?P<n>{NUMBER})\s+(?P<unit>days|weeks|months|years|times)\b", re.I)
_WEEKLY_ZH = re.compile(
    # "每周二", "每两周的周二", "隔周周二", "每隔一周的周二"
    r"(?P<every>每|隔)(?P<skip>隔)?(?P<two>两|一)?个?(?:周|星期|礼拜)(?:的)?(?:周|星期|礼拜)?"
    r"(?P<days>[一二三四五六日天末](?:[、和,，]?(?:周|星期|礼拜)?[一二三四五六日天])*)(?!次)"  # "每两周一次" is how often
)
_MONTH_DAY_ZH = re.compile(rf"每(?:个)?月(?P<day>{NUMBER})[号日]")
_MONTH_DAY_EN = re.compile(
    r"\b(?:on\s+the\s+)?(?P<day>\d{1,2})(?:st|nd|rd|th)\s+(?:of\s+)?every\s+month\b|\bevery\s+month\s+on\s+the\s+(?P<day2>\d{1,2})(?:st|nd|rd|th)?\b",
    re.I,
)
_UNIT_ZH = re.compile(r"(?:每(?:(?P<two>两|隔一?)个?)?|(?P<alt>隔))(?P<unit>天|日|周|月|年)(?:都?重复)?(?:一次)?")  # "每周重复": the repeat said again
COUNT_ZH = re.compile(rf"(?:连续|一共|共)?(?<![每隔周天月年])(?P<n>{NUMBER})(?P<unit>周|次|天|个月)")  # "每两周(一次)" is how often

# What a title loses when a rule was read from it (a month day before the unit first: "the 15th of every month").
RULE_WORDS = (_WEEKDAYS, _MONTH_DAY_ZH, _MONTH_DAY_EN, _EVERY_DAY_EN, _EVERY_UNIT_EN, COUNT_EN, _WEEKLY_ZH, _UNIT_ZH)


def _rule(frequency: str, **parts: Any) -> dict[str, Any]:
    return {"frequency": frequency, "interval": None, "weekdays": None, "month_day": None, "until": None, "count": None, **parts}


def recurrence(text: str) -> dict[str, Any] | None:
    if _WEEKDAYS.search(text):
        return _rule("weekly", weekdays=list(_WORKDAYS))
    zh_weekly = _WEEKLY_ZH.search(text)
    if zh_weekly is not None:
        days = list(dict.fromkeys(day for char in zh_weekly.group("days") for day in _DAYS_ZH.get(char, "").split()))
        interval = 2 if zh_weekly.group("every") == "隔" or zh_weekly.group("skip") or zh_weekly.group("two") == "两" else None
        return _rule("weekly", weekdays=days, interval=interval)
    month_day = _MONTH_DAY_ZH.search(text) or _MONTH_DAY_EN.search(text)
    if month_day is not None:
        raw = month_day.groupdict().get("day") or month_day.groupdict().get("day2") or ""
        value = number(raw)
        if value and 1 <= value <= 31:
            return _rule("monthly", month_day=int(value))
    en_days = _EVERY_DAY_EN.search(text)
    if en_days is not None and (
        en_days.group(0).lower().startswith(("every", "each"))
        or any(name.lower() not in _DAYS_EN for name in re.findall(rf"(?:{_DAY_EN})s?", en_days.group("days"), re.I))
    ):  # "on thursdays" repeats; "on thurs" is one day
        names = re.findall(_DAY_EN, en_days.group("days"), flags=re.I)
        days = list(dict.fromkeys(day for name in names for day in _DAYS_EN[name.lower()].split()))
        fortnightly = en_days.group("other") or ((unit := _EVERY_UNIT_EN.search(text)) and unit.group("fortnight"))
        return _rule("weekly", weekdays=days, interval=2 if fortnightly else None)
    unit = _EVERY_UNIT_EN.search(text)
    if unit is not None:
        frequency = "daily" if unit.group("daypart") is not None else _UNIT.get((unit.group("unit") or "").lower()) or (unit.group("ly") or "weekly").lower().replace(
            "annually", "yearly"
        )
        return _rule(frequency, interval=2 if unit.group("other") or unit.group("fortnight") else None)
    zh_unit = _UNIT_ZH.search(text)
    if zh_unit is not None:
        frequency = {"天": "daily", "日": "daily", "周": "weekly", "月": "monthly", "年": "yearly"}[zh_unit.group("unit")]
        return _rule(frequency, interval=2 if zh_unit.group("two") or zh_unit.group("alt") else None)  # "每两周一次"
    return None


def reminder_repeat(rule: dict[str, Any], today: datetime.date) -> tuple[str | None, str | None]:
    """The tool's repeat for a rule read from the words, and the first day it implies (None: said plainly)."""
    frequency, weekdays = rule.get("frequency"), rule.get("weekdays") or []
    if rule.get("interval") or rule.get("count") or rule.get("until"):
        return None, None
    if frequency == "weekly" and weekdays == ["MO", "TU", "WE", "TH", "FR"]:
        return "weekdays", None
    if frequency == "weekly" and len(weekdays) == 1:  # its first day on or after today, never this week's gone one
        ahead = (RFC_DAYS.index(weekdays[0]) + 1 - today.isoweekday()) % 7
        return "weekly", (today + datetime.timedelta(days=ahead)).isoformat()
    if frequency == "monthly" and rule.get("month_day"):
        day = int(rule["month_day"])
        month = today if today.day <= day else (today.replace(day=1) + datetime.timedelta(days=32))
        try:
            return "monthly", month.replace(day=day).isoformat()
        except ValueError:
            return None, None  # "every month on the 31st": not every month has one
    if frequency in {"daily", "yearly", "monthly"} and not weekdays:
        return str(frequency), None  # "a monthly reminder on the 20th": the day said is its first
    return None, None
