"""Deterministic date/time phrases for short replies, English and Chinese, with zero model calls.

The fast path of a turn uses this when a person with an unfinished appointment replies with
only a date or time ("Saturday 3pm", "周六下午三点", "make it 4", "下周三上午十点")::

    match = extract_when("周六下午三点吧", today=date(2026, 12, 2))
    match.date, match.time, match.residue("周六下午三点吧")   # "W6", "15:00", "吧"

The caller decides from the residue whether the message was only a patch ("what's on
Saturday?" leaves "what's ?"). Dates are canonical symbols of :mod:`scheduling.symbols`.
"""

from scheduling.phrases.extract import extract_when
from scheduling.phrases.result import WhenMatch

__all__ = ["WhenMatch", "extract_when"]
