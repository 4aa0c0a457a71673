"""A request among the other phrases of a message: the clause that asks beside a report ("had a call with the bank
yesterday, I need to follow up next Tuesday at 10"), and a request read without the reasons said beside it
("理发改到后天下午四点吧 明天没空")."""

from __future__ import annotations

import dataclasses
import re

from assistant.providers.offline import calendar_words, titles
from assistant.providers.offline import lexicon as lx
from assistant.providers.offline.intents import Signals, classify, no_name, read_signals
from assistant.providers.offline.reading import Turn
from assistant.reading import vocabulary

_CLAUSES = re.compile(r"\s*(?:[,;，；]|(?<=[a-z]{2})\.\s|\bbut\b|\band\s+then\b|然后|不过|但是)\s*", re.IGNORECASE)
_WITH_THEM = re.compile(r"\bwith\s+(?:them|him|her)\b", re.IGNORECASE)
_WITH_SOMEONE = re.compile(r"\bwith\s+(?P<who>(?:the\s+|my\s+)?[a-z]+(?:\s+[a-z]+)?)\s*$", re.IGNORECASE)


def request_beside_report(turn: Turn, apart: str | None = None) -> tuple[Signals, str] | None:
    """The one clause of a longer message that asks for something, when the whole does not read (``apart``: the
    request the whole is, its Chinese phrases read one by one)."""
    clauses = [p for c in _CLAUSES.split(turn.text) if c and c.strip() for p in (c.split() if apart and re.search(r"[\u4e00-\u9fff]", c) else [c])]
    _, _, rest = turn.text.partition("?") if "?" in turn.text else turn.text.partition("？")
    if rest.strip():
        clauses.insert(0, rest)  # "just standup? ok then book a 1:1 with sam at 11am monday, 30 mins": all of it
    if len(clauses) < 2:
        return None
    if apart and (whole := _without_reasons(turn, clauses, apart)) is not None:
        return whole, apart
    found: list[Signals] = []
    for index, clause in enumerate(clauses):
        if _WITH_THEM.search(clause) and index:
            # "had a call with the bank yesterday, I need to follow up with them": "them" is the bank.
            said = _WITH_SOMEONE.search(read_signals(turn, text=clauses[index - 1]).when.residue)
            if said:
                clause = _WITH_THEM.sub(f"with {said.group('who')}", clause)
        signals = read_signals(turn, text=clause)
        intent = classify(turn, signals)
        asks = clause in lx.ACTION or clause in lx.CREATE or clause in lx.REQUEST or intent in {"query", "suggest"}
        asks = asks or (index > 0 and " ".join(clauses[:index]) in lx.DROP_REQUEST and signals.has_slots)  # "nvm. dinner w priya sat 7pm"
        own = apart != "reminder" or titles.said_words(calendar_words.REMIND_MARKER.sub(" ", signals.when.residue))  # what for
        if apart and intent == apart and signals.has_slots and not signals.when.declined and own:
            found.append(signals)
        elif not apart and intent in {"create", "query", "suggest", "change", "delete"} and asks and not signals.when.past:
            # "… lets have them at 11 in the morning then, put the grandkids visit down": the one moment said beside it is its.
            timed = [c for c in titles.clauses_of(turn.text) if c != clause and classify(turn, read_signals(turn, text=c)) == "bare_time"] if intent == "create" and not signals.has_slots else []
            at = read_signals(turn, text=timed[0]).when if len(timed) == 1 else None
            return (dataclasses.replace(signals, when=dataclasses.replace(at, residue=signals.when.residue)) if at else signals), intent  # "back in the office fri 9am" after "boss is in singapore" does not ask
    if apart and len(found) == 1:
        return found[0], apart  # the one phrase that is the request; the others give its reason
    return None


def _without_reasons(turn: Turn, phrases: list[str], apart: str) -> Signals | None:
    """The request read whole once the phrases that give a reason are gone ("明天没空", "他们上午来不了"): a reason
    holds what no name holds (a negation, a question particle); an asking word ("能不能") is no reason."""
    kept = [bare for phrase in phrases if not no_name(bare := vocabulary.POLITE.sub("", phrase).strip()) or bare in lx.ACTION]  # "…, can you move it to saturday"
    asking = [p for p in kept if (p in lx.CHANGE or p in lx.ACTION or p in lx.CREATE) and ((said := read_signals(turn, text=p)).has_slots or (apart == "change" and said.when.declined))
              and titles.title_from(lx.CHANGE.remove(lx.CREATE.remove(said.when.residue)))]  # fmt: skip
    pointing = [p for p in kept if p not in asking and p in lx.ACTION and lx.POINTER.search(p)]  # "…, can you move it to saturday": named before
    if len(kept) > 1 and len(asking) == 1 and not pointing:
        kept = asking  # "进货改到周五上午十点 周四有事": the one phrase that asks and names; the day beside it says why
    if not kept:
        return None
    text = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", "", " ".join(kept))
    signals = read_signals(turn, text=text)
    # A change reads its own "from … to" ("三点跟王总的会改到四点"); anything else needs one moment read whole.
    whole = apart == "change" or (signals.has_slots and not signals.when.declined)
    read_as = classify(turn, signals)
    return signals if whole and (read_as == apart or (apart == "change" and read_as == "revise")) else None
