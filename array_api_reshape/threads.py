"""
How many threads large work may use: strided copies, element-wise functions and
operators, ``where``, ``clip``, ``astype``, and the order-free reductions (``max``,
``min``, ``any``, ``all``, ``argmax``, ``argmin``, ``count_nonzero``).

Large work is cut into pieces that NumPy computes on several threads at once (it
releases the GIL inside its loops); the result holds the same bits as one NumPy call.
Small work stays one call. One setting governs all of it, process-wide:

>>> from array_api_reshape import threads
>>> previous = threads.set(2)
>>> threads.get()
2
>>> with threads.using(1):
...     threads.get()
1
>>> threads.get()
2
>>> _ = threads.set(previous)

The default is the number of CPUs this process may run on, at most 8, or the environment
variable ``ARRAY_API_RESHAPE_THREADS`` read at import. Work uses fewer threads while other
programs keep the CPUs busy (by the load average), and calls made at once from several
threads of the caller (a thread pool, Cubed's threads executor) share the setting rather
than each taking all of it.

This submodule is not part of the standard; import it as
``from array_api_reshape import threads``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ._runtime import _threads

__all__ = ["get", "set", "using", "ENVIRONMENT_VARIABLE"]

ENVIRONMENT_VARIABLE = _threads.ENVIRONMENT_VARIABLE
"""The environment variable read at import for the default number of threads."""


def get() -> int:
    """The most threads one large copy, element-wise function or reduction uses."""
    return _threads.threads()


def set(threads: int | None) -> int:  # the module's verb, as flags.set
    """
    Use at most ``threads`` threads for each large copy, element-wise function or
    reduction, in the whole process; None restores the default.

    Returns the previous value. ``threads`` must be an int of at least 1 (TypeError,
    ValueError otherwise); 1 makes every function one NumPy call on the calling thread.
    """
    return _threads.set_threads(threads, "threads.set")


@contextmanager
def using(threads: int | None) -> Iterator[int]:
    """
    ``set(threads)`` for the block, then the previous value again.

    The setting is the process's, so other threads see it too while the block runs.
    """
    previous = _threads.set_threads(threads, "threads.using")
    try:
        yield _threads.threads()
    finally:
        _threads.set_threads(previous)
