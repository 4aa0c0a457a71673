"""The two drivers of a turn's steps (``turn_steps`` in ``pipeline.py``).

The steps are written once and yield each request for the model; a driver takes the thread's
lock, runs them, answers each request, and gives the lock back:

- ``run_turn`` runs them in the caller's thread (tests, the evals, Celery, a WSGI worker) and
  calls the model there, blocking; a pooled database connection is given back first.
- ``arun_turn`` (the ASGI endpoints) runs the steps between two model calls in one hop to a
  database thread each (the first also takes the lock, the last gives it back) and awaits the
  model on the event loop in between: a turn with one model call makes two hops, and no thread
  waits for the model. While another message of the thread is being answered, the lock is tried
  again from the event loop, not waited for in a thread. The endpoints await it through
  ``arun_turn_to_the_end``, so a client that goes away does not cut a turn short.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from django.contrib.auth.models import User

from assistant.providers.base import ModelRequest, ModelResponse, Provider
from assistant.providers.registry import get_provider
from assistant.turn.context import Emit, TurnInput, _no_emit
from assistant.turn.lock import POLL_SECONDS, ThreadBusy, ThreadLock, thread_lock
from assistant.turn.pipeline import TurnSteps, turn_steps
from assistant.turn.record import TurnOutcome
from assistant.turn.threads import give_connections_back, in_database_thread

logger = logging.getLogger(__name__)
HopResult = TypeVar("HopResult", bound=tuple[Any, ...])


@dataclass(frozen=True)
class Turn:
    """Whose turn, in which of their threads, on what input: all a driver needs."""

    user: User
    thread_id: int
    input: TurnInput

    def steps(self, emit: Emit, provider: Provider | None) -> TurnSteps:
        return turn_steps(self.user, self.thread_id, self.input, emit, provider)


def run_turn(turn: Turn, *, emit: Emit = _no_emit, provider: Provider | None = None) -> TurnOutcome:
    """One turn, whatever the input; the reply is true by construction. The model call blocks
    this thread."""
    with thread_lock(turn.thread_id):
        steps = turn.steps(emit, provider)
        answer: ModelResponse | None = None
        failure: Exception | None = None
        while True:
            try:
                request = _resume(steps, answer, failure)
            except StopIteration as done:
                return cast(TurnOutcome, done.value)
            give_connections_back()  # a pooled connection is not held while the model thinks
            try:
                answer, failure = (provider or get_provider()).complete(request), None
            except Exception as error:
                answer, failure = None, error


async def arun_turn(turn: Turn, *, emit: Emit = _no_emit, provider: Provider | None = None) -> TurnOutcome:
    """The same turn for the ASGI endpoints: the wait for the model holds no thread."""
    lock = thread_lock(turn.thread_id)
    steps = turn.steps(emit, provider)
    deadline = time.monotonic() + lock.wait_seconds
    while True:
        taken, request, outcome = await _hop(_begin, lock, steps)
        if taken:
            break
        if time.monotonic() > deadline:
            raise ThreadBusy(f"{lock.key} is busy")
        await asyncio.sleep(POLL_SECONDS)
    while outcome is None:
        assert request is not None
        answer: ModelResponse | None = None
        failure: Exception | None = None
        try:
            answer = await (provider or get_provider()).acomplete(request)
        except Exception as error:
            failure = error
        except BaseException:  # cancelled while the model thinks: end the steps, free the lock
            await in_database_thread(_abandon, lock, steps)
            raise
        request, outcome = await _hop(_advance, lock, steps, answer, failure)
    return outcome


async def _hop(stage: Callable[..., HopResult], lock: ThreadLock, steps: TurnSteps, *args: object) -> HopResult:
    """One hop to a database thread. A hop cannot be stopped once its thread runs it: if the
    caller is cancelled meanwhile, the hop is let finish, and if it left the steps waiting for
    the model (the lock held), they are ended and the lock given back before the cancellation
    goes on."""
    hop = asyncio.ensure_future(in_database_thread(stage, lock, steps, *args))
    try:
        return await asyncio.shield(hop)
    except asyncio.CancelledError:
        while not hop.done():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(hop)
        if not hop.cancelled() and hop.exception() is None and hop.result()[-2] is not None:
            await asyncio.shield(in_database_thread(_abandon, lock, steps))
        raise


_unfinished: set[asyncio.Task[TurnOutcome]] = set()


async def arun_turn_to_the_end(
    turn: Turn, *, emit: Emit = _no_emit, provider: Provider | None = None
) -> TurnOutcome:
    """``arun_turn``, finished even if the caller is cancelled (under ASGI, Django cancels the
    view when the client goes away): the message it archived still gets its checked, recorded
    reply, and the lock is given back at the end, not left to time out."""
    task = asyncio.get_running_loop().create_task(arun_turn(turn, emit=emit, provider=provider))
    _unfinished.add(task)  # the loop keeps only a weak reference to a task
    task.add_done_callback(_unfinished.discard)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        task.add_done_callback(_unheard)  # nobody is left to hear how it ends
        raise


async def finish_unfinished_turns(*, timeout: float) -> int:
    """At shutdown: wait up to ``timeout`` seconds for the turns still running; how many were."""
    running = [task for task in _unfinished if not task.done()]
    if running:
        logger.info("waiting for %d turns to finish before shutting down", len(running))
        await asyncio.wait(running, timeout=timeout)
    return len(running)


def _unheard(task: asyncio.Task[TurnOutcome]) -> None:
    """A turn whose caller was cancelled has ended: its failure is logged here, or nowhere."""
    if task.cancelled():
        return
    error = task.exception()
    if error is not None and not isinstance(error, ThreadBusy):
        logger.error("a turn whose caller had gone failed", exc_info=error)


def _begin(lock: ThreadLock, steps: TurnSteps) -> tuple[bool, ModelRequest | None, TurnOutcome | None]:
    if not lock.try_acquire():
        return False, None, None
    return (True, *_advance(lock, steps, None, None))


def _advance(
    lock: ThreadLock, steps: TurnSteps, answer: ModelResponse | None, failure: Exception | None
) -> tuple[ModelRequest | None, TurnOutcome | None]:
    """Run the steps up to the next model call (its request) or to the end (the outcome, and the
    lock given back)."""
    try:
        request = _resume(steps, answer, failure)
    except StopIteration as done:
        lock.release()
        return None, cast(TurnOutcome, done.value)
    except BaseException:
        lock.release()
        raise
    return request, None


def _resume(steps: TurnSteps, answer: ModelResponse | None, failure: Exception | None) -> ModelRequest:
    """The steps up to their next request: started, sent the model's answer, or its error thrown in."""
    if failure is not None:
        return steps.throw(failure)
    return next(steps) if answer is None else steps.send(answer)


def _abandon(lock: ThreadLock, steps: TurnSteps) -> None:
    try:
        steps.close()
    finally:
        lock.release()
