"""What the next turn needs to know of the earlier ones: the open request whose question is on the
table, and the writes this thread's turns made.

It is state (``ThreadState.talk``), written in the same statement as the intent and the entities,
at the turn's revision — never read back from trace rows, which are a record for admins.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from assistant.intent.state import JSONObject

# A question stays on the table for this many answers after the one that asked it.
QUESTION_TURNS = 6
# The writes kept: the exit check only asks about the current session's.
MAX_WRITES = 20


@dataclass(frozen=True, slots=True)
class Question:
    """The open request the last answers asked about: a bare "3pm" may still be for it."""

    command_id: str
    answers_since: int = 0  # answers given since the one that asked it


@dataclass(frozen=True, slots=True)
class Write:
    """A write a turn made and kept: its kind, the event's title, and the person's message."""

    kind: str
    title: str
    message_id: int


@dataclass(frozen=True, slots=True)
class Talk:
    question: Question | None = None
    writes: tuple[Write, ...] = ()
    # The person's last message whose turn ended a goal with no write kept above (a reminder set,
    # a card cancelled); 0 when none did.
    ended: int = 0

    def last_finished(self) -> int:
        """The person's last message whose turn finished a goal (a kept write or an ``ended`` one)."""
        return max([self.ended, *(write.message_id for write in self.writes)])

    def finished(self, message_id: int) -> Talk:
        return replace(self, ended=message_id)

    def asks_about(self, command_id: str) -> bool:
        return self.question is not None and self.question.command_id == command_id

    def writes_of(self, message_ids: Iterable[int]) -> list[Write]:
        wanted = set(message_ids)
        return [write for write in self.writes if write.message_id in wanted]

    def asked(self, command_id: str) -> Talk:
        return replace(self, question=Question(command_id))

    def answered(self, *, moved_on: bool) -> Talk:
        """One more answer that asked nothing: the question ages, or the talk moved on from it."""
        question = self.question
        if question is None or moved_on or question.answers_since + 1 >= QUESTION_TURNS:
            return replace(self, question=None)
        return replace(self, question=replace(question, answers_since=question.answers_since + 1))

    def wrote(self, writes: Iterable[Write]) -> Talk:
        return replace(self, writes=(*self.writes, *writes)[-MAX_WRITES:])

    def to_json(self) -> JSONObject:
        question = self.question
        ended: JSONObject = {"ended": self.ended} if self.ended else {}
        return {
            **ended,
            "question": (
                {"command_id": question.command_id, "answers_since": question.answers_since} if question else None
            ),
            "writes": [
                {"kind": write.kind, "title": write.title, "message_id": write.message_id} for write in self.writes
            ],
        }

    @classmethod
    def from_json(cls, data: object) -> Talk:
        if not isinstance(data, dict):
            return cls()
        question = data.get("question")
        writes = data.get("writes")
        ended = data.get("ended")
        return cls(
            ended=ended if isinstance(ended, int) else 0,
            question=(
                Question(str(question["command_id"]), int(question.get("answers_since") or 0))
                if isinstance(question, dict) and question.get("command_id")
                else None
            ),
            writes=tuple(
                Write(str(write["kind"]), str(write.get("title") or ""), int(write["message_id"]))
                for write in (writes if isinstance(writes, list) else [])
                if isinstance(write, dict) and write.get("kind") and write.get("message_id")
            ),
        )
