"""The one place that reads English and Chinese text deterministically, with zero model calls:
numbers (:mod:`.numbers`, Chinese numerals through cn2an), lengths of time (:mod:`.durations`),
filler and punctuation (:mod:`.text`), and date/time phrases (``extract_when``). The fast path,
the offline stand-in and the exit check all read through it; none keeps a copy of its own.

The fast path of a turn uses the phrase reader when a person with an unfinished appointment replies with
only a date or time ("Saturday 3pm", "周六下午三点", "make it 4", "下周三上午十点")::

    match = extract_when("周六下午三点吧", today=date(2026, 12, 2))
    match.date, match.time, match.residue("周六下午三点吧")   # "W6", "15:00", "吧"

The caller decides from the residue whether the message was only a patch ("what's on
Saturday?" leaves "what's ?"). Dates are canonical symbols of :mod:`scheduling.symbols`.
"""

from assistant.reading.extract import extract_when
from assistant.reading.result import WhenMatch

__all__ = ["WhenMatch", "extract_when"]
