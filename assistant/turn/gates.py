"""Stage 2, gates: objective prior state decides before any model is asked.

1. A short "yes" / "no" counts only when the assistant's previous message carries a marker (a
   delete confirmation, a council invitation) younger than CONFIRMATION_TTL_MINUTES and still
   bound to the current intent revision. A late or stale "yes" executes nothing.
2. Fast path: an active stub plus a field patch that code can read ("Saturday 3pm", "make it
   4", "4点吧", "call it Dentist") merges and executes with zero model calls.

An open request claims only its own patch, for every model: a message the fast path does not read
goes to the model, and a schedule_event call carrying a complete request of its own (a day, a time
and a title sharing no word with the open one's) starts that request even when it names the open
one's command_id; the open one waits (``tools.handlers.schedule``).
"""

from __future__ import annotations

import datetime
import re

from django.conf import settings

import catalogue
from assistant.council import council_reply
from assistant.intent.confirmations import Verdict, confirmation_check
from assistant.intent.derive import Act
from assistant.models import ConfirmationStatus, Message, PendingConfirmation, Role
from assistant.reading.answers import read_short_answer
from assistant.reading.hours import PART_NEAR
from assistant.reading.meals import own_kind, usual_time
from assistant.reading.vocabulary import WEEK_SAID, part_of_day
from assistant.turn.bare_answer import bare_answer
from assistant.turn.context import Reply, ToolCallRecord, TurnContext
from assistant.turn.patch import read_patch
from assistant.turn.tools import reply_for, run_code_tool
from scheduling.errors import NotFound
from scheduling.models import CommandKind, ScheduleCommand
from scheduling.selectors import event_get
from scheduling.symbols import InvalidExpression, parse_time, resolve
from tools.facts import event_fact
from tools.registry import spec_for
from tools.spec import Status


def previous_assistant_message(context: TurnContext) -> Message | None:
    """The assistant's last message of this session, whole (card and marker included), if the
    assistant spoke last."""
    earlier = [m for m in context.segment if m.id != context.user_message.id]
    if not earlier or earlier[-1].role != Role.ASSISTANT:
        return None
    return Message.objects.filter(id=earlier[-1].id).first()


# --- gate 1: confirmations ------------------------------------------------------------------


def confirmation_gate(context: TurnContext) -> Reply | None:
    answer = read_short_answer(context.text)
    # "yes cancel it" says yes only to a card that asks to delete: read first (no query), the card's kind checked after.
    deleting = answer is None and read_short_answer(context.text, deleting=True) == "yes"
    if answer is None and not deleting:
        return None
    previous = previous_assistant_message(context)
    marker = previous.marker if previous is not None else None
    if not marker:
        return bare_answer(context, answer) if answer is not None else None
    confirmation = PendingConfirmation.objects.filter(
        id=marker.get("confirmation_id"), owner=context.user, thread=context.thread
    ).first()
    if confirmation is None or (deleting and confirmation.kind != PendingConfirmation.Kind.DELETE_EVENT):
        return None
    answer = answer or "yes"
    context.route = "confirmation"
    assert previous is not None
    too_old = context.now - previous.created_at > datetime.timedelta(minutes=settings.CONFIRMATION_TTL_MINUTES)
    verdict = Verdict.STALE_OR_MISMATCH if too_old else confirmation_check(confirmation, context.state, now=context.now)
    context.tool_calls.append(ToolCallRecord("confirmation_gate", answer=answer, verdict=verdict.value))
    return decide(context, confirmation, answer, verdict)


def decide(context: TurnContext, confirmation: PendingConfirmation, answer: str, verdict: Verdict) -> Reply:
    """Carry out (or refuse) an answer to a confirmation; shared by typed answers and card buttons."""
    if verdict == Verdict.CURRENT and answer == "yes" and not _event_as_asked(context, confirmation):
        # The event was moved or renamed (in another thread, say) since the question named it.
        verdict = Verdict.STALE_OR_MISMATCH
    if verdict != Verdict.CURRENT:
        if confirmation.status == ConfirmationStatus.PENDING:
            confirmation.status = ConfirmationStatus.STALE
            confirmation.decided_at = context.now
            confirmation.save(update_fields=["status", "decided_at"])
        context.flags.append("stale_confirmation")
        return _ask_again(context, confirmation, answer)
    confirmation.decided_at = context.now
    if answer == "no":
        confirmation.status = ConfirmationStatus.DECLINED
        confirmation.save(update_fields=["status", "decided_at"])
        return _declined(context, confirmation)
    confirmation.status = ConfirmationStatus.CONFIRMED
    confirmation.save(update_fields=["status", "decided_at"])
    if confirmation.kind == PendingConfirmation.Kind.COUNCIL:
        context.route = "council"
        context.queried = True
        context.acts.append(Act("council", "done"))
        return Reply(
            council_reply(
                user=context.user,
                profile=context.profile,
                now=context.now,
                days=int(confirmation.action.get("days", 7)),
            )
        )
    if confirmation.kind == PendingConfirmation.Kind.WRITE:
        # The person confirmed exactly this call, so its values are theirs now.
        action = confirmation.action
        # A held cancel closes the stub it named, and ends its goal as "never mind" would.
        shown_as = "cancel_command" if action["tool"] == "discard_command" else action["tool"]
        result = run_code_tool(context, action["tool"], action["arguments"], recorded_as=shown_as)
        return reply_for(context, shown_as, result)
    arguments = {"command_id": confirmation.action["command_id"]}
    result = run_code_tool(context, "confirm_delete", arguments, recorded_as="confirmation")
    return reply_for(context, "confirmation", result)


def _event_as_asked(context: TurnContext, confirmation: PendingConfirmation) -> bool:
    """Is the event still the one the question named (same title, day and start)?"""
    if confirmation.kind != PendingConfirmation.Kind.DELETE_EVENT:
        return True
    try:
        event = event_get(owner=context.user, event_id=int(confirmation.action["event_id"]))
    except NotFound:
        return True  # gone already: the delete reports that honestly
    now_named = event_fact(event, context.zone)
    action = confirmation.action
    return (now_named["title"], now_named["date"], now_named["start"]) == (
        action.get("title"),
        action.get("date"),
        action.get("start"),
    )


def _declined(context: TurnContext, confirmation: PendingConfirmation) -> Reply:
    language = context.language
    context.acts.append(Act("confirmation", "declined"))
    if confirmation.kind == PendingConfirmation.Kind.COUNCIL:
        return Reply(catalogue.text("declined_council", language))
    if confirmation.kind == PendingConfirmation.Kind.WRITE:
        return Reply(catalogue.text("declined_write", language))
    _discard_stub(context, confirmation)
    title = confirmation.action.get("title", "")
    return Reply(catalogue.text("declined_delete", language, title=title))


def _discard_stub(context: TurnContext, confirmation: PendingConfirmation) -> None:
    """Close the delete stub a confirmation asked about (through the registry, as every write)."""
    command_id = confirmation.action["command_id"]
    run_code_tool(context, "discard_command", {"command_id": command_id}, recorded_as="discarded", moves_intent=False)


def _ask_again(context: TurnContext, confirmation: PendingConfirmation, answer: str) -> Reply:
    language = context.language
    if confirmation.kind == PendingConfirmation.Kind.COUNCIL:
        if answer == "no":
            return Reply(catalogue.text("ok", language))
        return Reply(catalogue.text("council_invitation_expired", language))
    if answer == "no":
        return Reply(catalogue.text("nothing_deleted", language))
    if confirmation.kind == PendingConfirmation.Kind.WRITE:
        return Reply(catalogue.text("write_confirmation_stale", language))
    try:
        event = event_get(owner=context.user, event_id=int(confirmation.action["event_id"]))
    except NotFound:
        return Reply(catalogue.text("delete_target_gone", language))
    # Things changed since the question (or it is too old): ask again, naming the event. The
    # old stub is closed first, so only the new question can ever be answered.
    _discard_stub(context, confirmation)
    result = run_code_tool(context, "delete_event", {"event_ref": f"E{event.id}", "ordinal": None})
    reply = reply_for(context, "delete_event", result)
    reply.text = catalogue.text("delete_ask_again", language, question=reply.text)
    return reply


# --- gate 2: the fast path ------------------------------------------------------------------


def fast_path_gate(context: TurnContext) -> Reply | None:
    command = context.active_command
    # A delete waiting for its yes/no has no slots to patch ("move it to 9am" is a new request).
    if command is None or command.kind == CommandKind.DELETE or command.status == "awaiting_confirmation":
        return None
    if not _still_asked(context, command):
        return None
    prefer_near = None
    current_time = command.slot_value("time")
    if isinstance(current_time, str):
        try:
            prefer_near = parse_time(current_time)
        except InvalidExpression:
            prefer_near = None
    if prefer_near is None and command.target_event is not None:
        prefer_near = command.target_event.starts_at.astimezone(context.zone).time()
    said: list[str] | None = None  # the request's messages: read only when needed (one query)
    if prefer_near is None:
        said = _said_for(context, command)
        prefer_near = _part_said(said, command)
    reading = read_patch(context.text, today=context.today, prefer_near=prefer_near)
    if reading is None:
        return None
    weekday = re.fullmatch(r"W[1-7]", reading.patch.date or "") and command.slot_value("date") is None
    week = next((found.group(0) for text in (said if said is not None else _said_for(context, command)) if (found := WEEK_SAID.search(text))), None) if weekday else None
    if week:
        # "schedule physio next week" … "Which day?" … "wednesday 11am": that Wednesday of the week said.
        said_with = f"{week} {context.text}" if week.isascii() else re.sub(r"^\s*(?:周|星期|礼拜)", week, context.text, count=1)
        reading = read_patch(said_with, today=context.today, prefer_near=prefer_near) or reading
    context.route = "fast_path"
    patch = reading.patch
    arguments = {
        "command_id": str(command.id),
        **patch.values(),
        "raw": {name: str(value) for name, value in patch.raw.items()},
        "confidence": patch.confidence,
    }
    tool = "schedule_event" if command.kind == CommandKind.CREATE else "change_event"
    # The intent and the trace speak of the tool this patch continues.
    result = run_code_tool(context, "patch_command", arguments, recorded_as=tool, route="fast_path")
    if result.status == Status.INVALID_EXPRESSION:
        context.flags.append("fast_path_invalid_expression")
    return reply_for(context, tool, result)


def _said_for(context: TurnContext, command: ScheduleCommand) -> list[str]:
    """The person's messages since the request began, newest first (one indexed read)."""
    turns = [slot.get("source_turn") for slot in command.slots.values() if isinstance(slot, dict)]
    first = min((turn for turn in turns if isinstance(turn, int)), default=None)
    if first is None or command.thread_id is None:
        return []
    mine = Message.objects.filter(thread_id=command.thread_id, role=Role.USER, pk__gte=first)
    return list(mine.exclude(pk=context.user_message.id).order_by("-pk").values_list("text", flat=True)[:6])


def _part_said(said: list[str], command: ScheduleCommand) -> datetime.time | None:
    """The part of the day the person said in their messages since the request began (newest first), else
    the usual time of the meal its title names ("Dinner with Jo"): a bare hour answered later is read in it."""
    for text in said:
        part = part_of_day(text)
        if part in PART_NEAR:
            return PART_NEAR[part]
    meal = own_kind(str(command.slot_value("title") or ""))
    return usual_time(meal) if meal else None


def _still_asked(context: TurnContext, command: ScheduleCommand) -> bool:
    """Is this stub's question still the one on the table? The thread's state says
    (``assistant/intent/talk.py``): the question stays open from the answer that showed the
    stub's card until a turn moves the talk on (``moved_on``) or it is a few answers old."""
    return context.state.talk_state.asks_about(str(command.id))


def moved_on(context: TurnContext) -> bool:
    """Did this turn move the talk on from the open request's question?

    A turn that started or wrote something else, or asked about another day, means a bare "3pm"
    may be about that instead: the stub then waits on its card, and the model reads the
    message. A look at the stub's own day, or one of its candidate days ("what else is on
    Saturday?"), or a reply with no tool call does not move the talk on.
    """
    command = context.active_command
    own_days = set(_days(command.slot_value("date"), context.today)) if command is not None else set()
    for call in context.tool_calls:
        spec = spec_for(call.tool)
        if call.tool == "confirmation" or (spec is not None and spec.claim_kind is not None):
            return True  # it started or wrote something else
        arguments = call.arguments
        looked_at = set(_days(arguments.get("start") or arguments.get("date"), context.today))
        ranged = arguments.get("end") or arguments.get("end_date")
        if spec is not None and spec.reads_calendar and (ranged or not looked_at or not looked_at <= own_days):
            return True
    return False


def _days(symbol: object, today: datetime.date) -> list[datetime.date]:
    try:
        return resolve(symbol, today) if isinstance(symbol, str) else []
    except InvalidExpression:
        return []
