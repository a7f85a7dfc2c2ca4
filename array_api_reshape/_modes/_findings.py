"""
What a portability mode found, as data: every error and warning a mode raises carries a
``Finding`` (``error.finding``; ``finding_of`` also looks through the errors it was raised
from), so that a test runner can group them by flag and by the lines that caused them
without reading messages (``array_api_reshape.testing`` does).

A finding's places (``_call_sites.Place``) hold the frames outside the package, the
caller's and a few of its callers', so that a reader can skip the frames it does not own
(a test file, the standard library) and name the library's own line.

A divergence (a profile answering otherwise than the default, without raising) is a
finding too, noted quietly while a listener is on (``listen``: the pytest plugin, for each
test) and nowhere else: without one, noting costs one read of a module attribute.

Pure Python: a record, and the functions that attach it, find it and note it.
"""

from __future__ import annotations

import re
from typing import NamedTuple, TypeVar

from ._call_sites import Place, place_here, user_frame
from ._flag_state import value

__all__ = ["Finding", "found", "finding_of", "carrier_of", "mode_error", "Listener",
           "listen", "stop_listening", "listener"]

E = TypeVar("E", bound=BaseException)


class Finding(NamedTuple):
    """What a mode found: the flag and its value in force (``"views"``, ``"error"``),
    the public function that raised (or warned), and the places that caused it.

    ``at`` is where the error was raised: for the views modes, the read of an array
    whose elements another array's write changed, or the refused write. ``write`` and
    ``view_made`` (views modes only) are the write that changed those elements and where
    the array written through was made, then each array it was viewed from, innermost
    first: among them is the line that relies on a view being shared. ``library`` names
    the library whose behaviour a profile reproduces (``"Dask"``); ``behaviour``, for a
    divergence, the name of its record (``_behaviours``)."""

    flag: str
    value: object
    function: str
    at: Place
    write: Place | None = None
    view_made: tuple[Place, ...] = ()
    library: str | None = None
    behaviour: str | None = None

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


class Listener:
    """The divergences noted while it listens: each distinct one (by behaviour and the
    user's line) once, with what it says, and how many times each was met."""

    def __init__(self) -> None:
        self.noted: dict[tuple[object, ...], tuple[Finding, tuple[str, str]]] = {}
        self.times: dict[tuple[object, ...], int] = {}

    def met(self, key: tuple[object, ...]) -> bool:
        """Count one more meeting of the divergence ``key``; True when it was noted
        before (its finding need not be made again)."""
        times = self.times.get(key)
        self.times[key] = 1 if times is None else times + 1
        return times is not None

    def note(self, key: tuple[object, ...], finding: Finding, said: tuple[str, str]) -> None:
        self.noted[key] = (finding, said)

    def divergences(self) -> list[tuple[Finding, tuple[str, str], int]]:
        """Each divergence noted: its finding, what the library does and the way out,
        and the times it was met."""
        return [(finding, said, self.times[key])
                for key, (finding, said) in self.noted.items()]


_LISTENING: list[Listener] = []


def listen() -> Listener:
    """Start noting divergences, in a new listener (the one before it is dropped)."""
    _LISTENING[:] = [Listener()]
    return _LISTENING[0]


def stop_listening() -> Listener | None:
    """Stop noting divergences; the listener that was on, if any."""
    return _LISTENING.pop() if _LISTENING else None


def listener() -> Listener | None:
    """The listener that is on, or None (then nothing is noted)."""
    return _LISTENING[0] if _LISTENING else None


def note_divergence(flag: str, setting: object, behaviour: str, said: tuple[str, str],
                    library: str | None, function: str | None = None,
                    view_made: tuple[Place, ...] = ()) -> None:
    """Note, quietly, that the ``flag`` in force (at ``setting``) just answered as the
    behaviour named ``behaviour`` says (``said``: what the library does, and the way out)
    where the default would answer otherwise, at the user's line that called ``function``
    (its views made at ``view_made``): for a report that traces a failing test to that
    line. Each (behaviour, line) is made into a finding once; nothing is noted while no
    listener is on."""
    listening = listener()
    if listening is None:
        return
    user = user_frame()
    key = (behaviour, user.f_code, user.f_lineno)
    if listening.met(key):
        return
    at = place_here(function)
    listening.note(key, Finding(flag, setting, at.function, at, None, view_made, library,
                                behaviour), said)
