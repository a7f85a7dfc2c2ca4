"""
Eager values, counted: what a lazy library computes to answer.

``bool(x)``, ``int(x)``, ``float(x)``, ``complex(x)``, ``operator.index(x)`` and handing the
elements to NumPy (``__array__``) need values; a lazy library (Dask) runs its whole graph
for each of them, silently. Under the dask profile, or wherever the ``computes`` flag is
set, each such read is counted with the user's line that asked for it; with
``computes=N`` the read after the N-th is a RuntimeError that lists the earlier ones
(as test suites budget Dask's computations per call).

The count belongs to the innermost ``flags.using`` block that set ``computes`` (it starts
at 0 when the block opens), else to the module (it starts at 0 on ``flags.set``).

Pure Python: calls in, counts and exceptions out.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager

from ._findings import mode_error
from ._flag_state import MODES, value
from ._behaviours import VALUES_COMPUTE
from ._profiles import diverged, libraries
from ._call_sites import call_site
from ._refusals import refuse_lazy


class Reads:
    """The eager reads counted in one block (or the module): where each happened."""

    __slots__ = ("sites",)

    def __init__(self) -> None:
        self.sites: list[str] = []


_MODULE_READS = Reads()

_block_reads: contextvars.ContextVar[Reads | None] = contextvars.ContextVar(
    "array_api_reshape_computes", default=None
)


def _reads() -> Reads:
    reads = _block_reads.get()
    return _MODULE_READS if reads is None else reads


def counted() -> int:
    """How many eager reads were counted here (in the innermost block that set the
    ``computes`` flag, else since the module-wide value was last set)."""
    return len(_reads().sites)


def restart_module_count() -> None:
    """Start the module's count again (``flags.set(computes=...)``, ``flags.reset()``)."""
    _MODULE_READS.sites.clear()


@contextmanager
def counting_block() -> Iterator[None]:
    """A count of its own for a ``flags.using`` block that sets ``computes``."""
    token = _block_reads.set(Reads())
    try:
        yield
    finally:
        _block_reads.reset(token)


_uncounted = contextvars.ContextVar("array_api_reshape_uncounted", default=False)


@contextmanager
def uncounted() -> Iterator[None]:
    """Reads in this block are the package's own, where the lazy library needs no value
    (a 0-d index array: Dask gathers by it lazily): they are not counted."""
    token = _uncounted.set(True)
    try:
        yield
    finally:
        _uncounted.reset(token)


def read_into_python(call: str, what: str) -> None:
    """The hook of a read of an array's values into Python by ``call`` (a conversion to a
    scalar, a format), which needs ``what``: refused while the lazy flag is on, counted
    where eager reads are (``count_read``)."""
    if MODES.flags:
        refuse_lazy(call, what)
        count_read(call)


def count_read(call: str) -> None:
    """Count an eager read by ``call`` (``"__bool__()"``) where reads are counted (the
    dask profile, or the ``computes`` flag set); beyond the ``computes`` budget, refuse
    it."""
    if not MODES.flags:
        return
    budget = value("computes")
    if (budget is None and "dask" not in libraries()) or _uncounted.get():
        return
    reads = _reads()
    site = str(call_site(call))
    if budget is not None and len(reads.sites) >= budget:
        earlier = "; ".join(reads.sites) if reads.sites else "none"
        raise mode_error(
            RuntimeError,
            f"{site}: an eager read (a lazy library such as Dask computes its whole graph "
            f"for it) beyond the computes flag's budget of {budget} (earlier reads: "
            f"{earlier}). Keep values lazy (xp.where instead of if, reductions instead of "
            "loops), or raise the budget with array_api_reshape.flags.using(computes=...)",
            "computes",
        )
    reads.sites.append(site)
    if "dask" in libraries():
        diverged(VALUES_COMPUTE, "dask", call)
