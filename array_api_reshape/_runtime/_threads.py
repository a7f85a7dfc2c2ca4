"""
The threads large work runs on: one setting, one rule, one persistent pool, shared by the
planned copies and by the element-wise functions and reductions cut into pieces.

NumPy releases the GIL inside its loops, so pieces of one result computed by NumPy calls
on several threads run on several cores at once. The rule for how many:

- at most ``threads()`` (``set_threads``; default: the CPUs this process may run on, at
  most ``MAX_DEFAULT_THREADS``, or the environment variable ``ARRAY_API_RESHAPE_THREADS``);
- no more than the CPUs other programs leave idle, by the one-minute load average
  (``ADAPT_THREADS_TO_LOAD``), so that work never waits for a helper that has no core.
  The load average counts this process's helpers too; their share is followed here the
  way the kernel follows the load (an average decaying over a minute) and taken off, so
  that a long run of large work does not read its own helpers as another program;
- no more than the setting leaves once the threads already at such work are counted, so
  that calls from the caller's own thread pool (Cubed's threads executor, say) share
  the setting instead of each taking all of it.

The calling thread always computes pieces itself; helpers take the next piece as they
finish one, so a helper the OS starts late costs at most one piece, and a helper stands
aside when another caller's thread comes in while it works.

Handing work to a helper is one queue entry and one lock, and the caller withdraws the
entries no helper has taken once it runs out of pieces. A large piece of NumPy work
leaves the caches cold, and every Python object touched after it is a trip to memory,
so the fewer objects the hand-off touches, the less it costs beside the work itself.
"""

from __future__ import annotations

import contextvars
import math
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

MAX_DEFAULT_THREADS = 8
ADAPT_THREADS_TO_LOAD = True
LOAD_SECONDS = 60.0
"""The time constant of the one-minute load average."""
ENVIRONMENT_VARIABLE = "ARRAY_API_RESHAPE_THREADS"

Piece = TypeVar("Piece")


def available_cpus() -> int:
    """CPUs this process may run on (its affinity where the OS tells, else all)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_threads() -> int:
    """The setting when none is made: the CPUs this process may run on, at most
    ``MAX_DEFAULT_THREADS``."""
    return max(1, min(available_cpus(), MAX_DEFAULT_THREADS))


def checked_threads(threads: object, function: str) -> int:
    """``threads`` as a thread count; TypeError or ValueError naming ``function``."""
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"{function}(): 'threads' must be an int or None, got {threads!r}")
    if threads < 1:
        raise ValueError(f"{function}(): 'threads' must be at least 1, got {threads}")
    return threads


def _threads_from_environment() -> int:
    text = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if not text:
        return default_threads()
    try:
        return checked_threads(int(text), ENVIRONMENT_VARIABLE)
    except ValueError as error:
        raise ValueError(
            f"{ENVIRONMENT_VARIABLE} must be a whole number of threads, at least 1, got {text!r}"
        ) from error


_cpus = available_cpus()
_threads = _threads_from_environment()
_busy = 0  # threads now computing pieces: callers and helpers
_helpers = 0  # of which helpers
_helper_load = 0.0  # the helpers' share of the load average, as of _helper_load_time
_helper_load_time = time.monotonic()
_busy_lock = threading.Lock()
_tasks: queue.SimpleQueue[_HelperTask] = queue.SimpleQueue()  # what the helpers are asked to do
_helper_threads = 0  # helper threads started, each waiting on _tasks between tasks
_start_lock = threading.Lock()


def threads() -> int:
    """The most threads one piece of large work uses."""
    return _threads


def cpus() -> int:
    """The CPUs this process may run on, as counted at import."""
    return _cpus


def set_threads(threads: int | None, function: str = "set_threads") -> int:
    """Use at most ``threads`` threads for one large copy, element-wise function or
    reduction (None: the default); returns the old value."""
    global _threads
    new = default_threads() if threads is None else checked_threads(threads, function)
    previous, _threads = _threads, new
    return previous


def threads_for_now(wanted: int | None = None) -> int:
    """The threads work starting now may use: ``wanted`` (default: the setting), fewer
    when other programs keep the CPUs busy (the one-minute load average counts this
    process too)."""
    threads = _threads if wanted is None else min(wanted, _threads)
    if threads == 1 or not ADAPT_THREADS_TO_LOAD:
        return threads
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # not available on this platform
        return threads
    idle = _cpus - (load - helper_load()) + 1
    return max(1, min(threads, round(idle)))


def _advance_helper_load(now: float) -> None:
    """Bring the helpers' share of the load up to ``now`` (call under ``_busy_lock``):
    ``_helpers`` helpers have been busy since the last change."""
    global _helper_load, _helper_load_time
    kept = math.exp(-(now - _helper_load_time) / LOAD_SECONDS)
    _helper_load = _helper_load * kept + _helpers * (1.0 - kept)
    _helper_load_time = now


def helper_load() -> float:
    """How much of the one-minute load average this process's helper threads make."""
    with _busy_lock:
        _advance_helper_load(time.monotonic())
        return _helper_load


class _HelperTask:
    """A helper's share of one call: ``work`` in ``context``, unless the caller withdrew
    it first (whoever takes ``claim`` first owns the task); ``done`` is released at its end."""

    __slots__ = ("claim", "done", "context", "work")

    def __init__(self, context: contextvars.Context, work: Callable[[], None]) -> None:
        self.claim, self.done = threading.Lock(), threading.Lock()
        self.done.acquire()
        self.context, self.work = context, work

    def run(self) -> None:
        if self.claim.acquire(blocking=False):
            try:
                self.context.run(self.work)
            finally:
                self.done.release()

    def withdraw_or_wait(self) -> None:
        """Withdraw the task if no helper has taken it, else wait for its end."""
        if not self.claim.acquire(blocking=False):
            self.done.acquire()


def _helper_loop() -> None:
    while True:
        _tasks.get().run()


def _start_helpers(count: int) -> None:
    """Helper threads until ``count`` of them wait for tasks (they last as long as the
    process, asleep on the queue between calls)."""
    global _helper_threads
    with _start_lock:
        while _helper_threads < count:
            _helper_threads += 1
            threading.Thread(target=_helper_loop, name=f"array-api-reshape-{_helper_threads}",
                             daemon=True).start()


def _forget_pool_in_child() -> None:
    """A forked child has none of the parent's threads: start new helpers when needed."""
    global _tasks, _helper_threads, _start_lock, _busy, _helpers, _busy_lock
    _tasks, _helper_threads, _start_lock = queue.SimpleQueue(), 0, threading.Lock()
    _busy, _helpers, _busy_lock = 0, 0, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool_in_child)


def _take_threads(wanted: int) -> int:
    """Count this thread and up to ``wanted - 1`` helpers as busy (until
    ``_return_threads``); gives the helpers granted: what the setting leaves beside the
    threads already busy."""
    global _busy, _helpers
    with _busy_lock:
        helpers = max(0, min(wanted, _threads - _busy) - 1)
        if helpers:
            _advance_helper_load(time.monotonic())
            _helpers += helpers
        _busy += 1 + helpers
    return helpers


def _return_threads(helpers: int) -> None:
    """No longer count this thread and its ``helpers`` as busy."""
    global _busy, _helpers
    with _busy_lock:
        if helpers:
            _advance_helper_load(time.monotonic())
            _helpers -= helpers
        _busy -= 1 + helpers


@contextmanager
def _threads_taken(wanted: int) -> Iterator[int]:
    """``_take_threads(wanted)`` while the block runs."""
    helpers = _take_threads(wanted)
    try:
        yield helpers
    finally:
        _return_threads(helpers)


def run_pieces(pieces: Sequence[Piece], work: Callable[[Piece], None], threads: int) -> None:
    """``work(piece)`` for every piece, on this thread and up to ``threads - 1`` helper
    threads (fewer while other threads are at such work). An error in any piece is
    raised here once every started piece has ended."""
    helpers = _take_threads(min(threads, len(pieces)))
    try:
        if helpers == 0:
            for piece in pieces:
                work(piece)
            return
        remaining, lock = iter(pieces), threading.Lock()
        errors: list[BaseException] = []  # any error stops every thread at its next piece

        def take_pieces(helper: bool = True) -> None:
            # A helper stands aside once more threads are at such work than the setting
            # allows (another caller's thread has come in): the callers finish the rest.
            while not errors and not (helper and _busy > _threads):
                with lock:
                    piece = next(remaining, None)
                if piece is None:
                    return
                try:
                    work(piece)
                except BaseException as error:
                    errors.append(error)
                    if not helper:
                        raise
                    return

        if _helper_threads < helpers:
            _start_helpers(helpers)
        context = contextvars.copy_context()  # NumPy's error state travels to the helpers
        tasks = [_HelperTask(context.copy(), take_pieces) for _ in range(helpers)]
        for task in tasks:
            _tasks.put(task)
        try:
            take_pieces(helper=False)
        finally:
            for task in tasks:
                task.withdraw_or_wait()
        if errors:
            raise errors[0]
    finally:
        _return_threads(helpers)
