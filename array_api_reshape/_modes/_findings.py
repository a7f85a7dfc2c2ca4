"""
What a portability mode found, as data: every error and warning a mode raises carries a
``Finding`` (``error.finding``; ``finding_of`` also looks through the errors it was raised
from), so that a test runner can group them by flag and by the lines that caused them
without reading messages (``array_api_reshape.testing`` does).

A finding's places (``_call_sites.Place``) hold the frames outside the package, the
caller's and a few of its callers', so that a reader can skip the frames it does not own
(a test file, the standard library) and name the library's own line.

Pure Python: a record, and the functions that attach it and find it.
"""

from __future__ import annotations

import re
from typing import NamedTuple, TypeVar

from ._call_sites import Place, place_here
from ._flag_state import value

__all__ = ["Finding", "found", "finding_of", "carrier_of", "mode_error"]

E = TypeVar("E", bound=BaseException)


class Finding(NamedTuple):
    """What a mode found: the flag and its value in force (``"views"``, ``"error"``),
    the public function that raised (or warned), and the places that caused it.

    ``at`` is where the error was raised: for the views modes, the read of an array
    whose elements another array's write changed, or the refused write. ``write`` and
    ``view_made`` (views modes only) are the write that changed those elements and where
    the array written through was made, then each array it was viewed from, innermost
    first: among them is the line that relies on a view being shared. ``library`` names
    the library whose behaviour a profile reproduces (``"Dask"``)."""

    flag: str
    value: object
    function: str
    at: Place
    write: Place | None = None
    view_made: tuple[Place, ...] = ()
    library: str | None = None

    @property
    def mode(self) -> str:
        """The flag and its value as ``flags.set`` takes them: ``"views='error'"``."""
        return f"{self.flag}={self.value!r}"


def found(error: E, finding: Finding) -> E:
    """``error`` (an exception or a warning), carrying ``finding`` as its ``finding``
    attribute."""
    error.finding = finding  # type: ignore[attr-defined]
    return error


def finding_of(error: BaseException) -> Finding | None:
    """The ``Finding`` that ``error``, or an error it was raised from or while handling
    (``__cause__``, ``__context__``), carries; None for an error no mode raised."""
    carrier = carrier_of(error)
    return None if carrier is None else carrier.finding  # type: ignore[attr-defined]


def carrier_of(error: BaseException) -> BaseException | None:
    """The error among ``error`` and those it was raised from or while handling that
    carries a ``Finding`` (the mode's own error), or None."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(getattr(current, "finding", None), Finding):
            return current
        current = current.__cause__ or current.__context__
    return None


_OWN_SETTING = object()

_CALLED = re.compile(r"(?:\w+\.)*(\w+\(\))")
"""The function a refusal's message begins with (``"__bool__(): needs ..."``; of
``"linalg.det(): ..."``, ``det()``)."""

_BUILTIN_CALLS = {"len()": "__len__()", "iter()": "__iter__()"}
"""Python's functions that a message names, and the array method each calls."""


def mode_error(kind: type[E], message: str, flag: str, function: str | None = None,
               library: str | None = None, setting: object = _OWN_SETTING) -> E:
    """The error (or warning) ``kind(message)`` that the ``flag`` in force makes a
    function of ours raise, carrying its ``Finding``: the flag's value here (or
    ``setting``, for a rule that is no flag's: ``flag="device"``, the device's name), and
    the place where user code called ``function`` (else the function the message begins
    with, as every refusal's does, else the package function user code called: a
    compiled method makes no frame to find, so the message's name is the one both builds
    agree on)."""
    if function is None:
        called = _CALLED.match(message)
        if called is not None:
            function = _BUILTIN_CALLS.get(called.group(1), called.group(1))
    at = place_here(function)
    if setting is _OWN_SETTING:
        setting = value(flag)
    return found(kind(message), Finding(flag, setting, at.function, at, library=library))
