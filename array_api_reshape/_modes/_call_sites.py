"""
Where user code called the package: the first frame outside the package, found by
walking the stack from a function of ours, in the forms the modes' reports need (a
``Site`` for a message, a ``Place`` with the callers' frames for a ``Finding``, a
``Made`` kept unformatted on each array while the views are tracked).

The walks are on the views modes' hot path: each file's answer is cached by name, and
nothing is put into words until a report needs it. The compiled build reads the code
that called it in C (``calling_code`` and the reads beside it, whose C versions are in
``_call_sites.pxd``; this module is never compiled), so that an array made by user code
through a compiled function is placed without a walk.
"""

from __future__ import annotations

import os
import sys
from types import CodeType
from typing import Any, NamedTuple

from .._runtime._build import COMPILED_MODULES, source_of
from .._tables._bounded_cache import BoundedCache

class Frame(NamedTuple):
    """One line of user code: its file, its line number and the function it is in."""

    filename: str
    lineno: int
    function: str

    def __str__(self) -> str:
        parts = self.filename.replace("\\", "/").split("/")
        return f"{'/'.join(parts[-2:])}:{self.lineno}"


class Place(NamedTuple):
    """Where user code called the package: the public function called (``"reshape()"``,
    ``"__setitem__"``) and the frames outside the package, innermost first (the caller,
    then up to seven of its callers)."""

    function: str
    frames: tuple[Frame, ...]

    def __str__(self) -> str:
        return f"{self.function} at {self.frames[0]}" if self.frames else self.function


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep

_getframe = sys._getframe



class Site(NamedTuple):
    """Where user code called the package: the package function called, and the
    caller's file and line."""

    function: str
    filename: str
    lineno: int

    def __str__(self) -> str:
        parts = self.filename.replace("\\", "/").split("/")
        return f"{self.function} at {'/'.join(parts[-2:])}:{self.lineno}"


_new_site = tuple.__new__  # a Site without NamedTuple's argument handling

IN_PACKAGE: dict[str, bool] = {}
"""Whether each source file seen in a walk of the stack is the package's own (keyed by
file name: a str caches its hash, where a code object hashes its contents each time)."""

_in_package = IN_PACKAGE.get  # bound once: the walks below are on the views modes' hot path


def is_package_code(code: CodeType) -> bool:
    """True for a code object of the package's own."""
    filename = code.co_filename
    inside = _in_package(filename)
    if inside is None:
        inside = IN_PACKAGE[filename] = filename.startswith(_PACKAGE)
    return inside


_TRANSPARENT = frozenset(source_of(name) for name in COMPILED_MODULES)
"""The source files of the modules the compiled build compiles. Compiled code makes no
Python frames, so the walks pass over these modules' frames in the pure-Python build as
well: both builds find the same places and names. A function of theirs that user code
calls names itself to the walks (``function``) where a report needs the name."""


def _outside(frame: Any) -> tuple[Any, CodeType | None]:
    """The first frame outside the package from ``frame`` outwards, and the code of the
    public function of the package it called (the outermost frame of the package in a
    module that both builds run as Python, when its name is public), or None."""
    function = None
    while frame.f_back is not None:
        code = frame.f_code
        inside = _in_package(code.co_filename)
        if inside is None:
            inside = is_package_code(code)
        if not inside:
            break
        if code.co_filename not in _TRANSPARENT:
            function = code
        frame = frame.f_back
    if function is not None and not is_public(function):
        function = None
    return frame, function


_STEPS = os.path.join(_PACKAGE, "_modes") + os.sep


def is_public(code: CodeType) -> bool:
    """True for a function user code calls (or Python calls for it: ``pickle``), not an
    internal step such as the modes' check of a read: a public or dunder name, outside
    the modes' own modules."""
    name = code.co_name
    return (not name.startswith("_") or name.endswith("__")) and not (
        code.co_filename.startswith(_STEPS))


UNNAMED = "a call"
"""How a place names the function called where no public one is found."""


def _called(code: CodeType | None, unnamed: str) -> str:
    return unnamed if code is None else f"{code.co_name}()"


def user_stack_level() -> int:
    """The ``stacklevel`` of ``warnings.warn``, called right here, that names the first
    line outside the package."""
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and is_package_code(frame.f_code):
        frame, level = frame.f_back, level + 1
    return level


def call_site(function: str | None = None, unnamed: str = UNNAMED) -> Site:
    """The first frame outside the package, and ``function``, or else the public function
    of the package that frame called (``unnamed`` where none is found)."""
    frame, called = _outside(sys._getframe(1))
    return _new_site(Site, (function or _called(called, unnamed), frame.f_code.co_filename,
                            frame.f_lineno))


PLACE_FRAMES = 8
"""How many frames outside the package a ``Place`` keeps: the caller and its callers."""


def place_here(function: str | None = None, unnamed: str = UNNAMED) -> Place:
    """Where user code called the package, with the frames outside the package (see
    ``call_site``, whose arguments these are): for the reports of the modes."""
    frame, called = _outside(sys._getframe(1))
    frames: list[Frame] = []
    while frame is not None and len(frames) < PLACE_FRAMES:
        code = frame.f_code
        frames.append(Frame(code.co_filename, frame.f_lineno, code.co_name))
        frame = frame.f_back
    return Place(function or _called(called, unnamed), tuple(frames))


def called_by_package() -> bool:
    """True when the caller of the function that asks is the package's own (an
    ``operator.index`` the package calls, not the user); the asking function's own frame,
    which only the pure-Python build makes, is passed over."""
    frame = _getframe(1)
    caller = frame.f_back if frame.f_code.co_filename in _TRANSPARENT else frame
    return caller is not None and is_package_code(caller.f_code)


def user_frame() -> Any:
    """The innermost frame outside the package."""
    return _outside(sys._getframe(1))[0]


Made = tuple
"""Where an array of ours was made, unformatted: (the name of the package function that
user code called, the user's code, the offset of the calling instruction in it, a weak
reference to the array it was viewed from or None, and the token of the views modes' books
that count the array or None). ``site_of`` puts it into words."""


def made_here(parent: object = None, function: str | None = None, books: object = None) -> Made:
    """Where user code called the package function that is making an array: the first
    frame outside the package, and ``function`` (else the package function it called);
    ``parent`` (a weak reference to the array viewed) and ``books`` (the token of the
    views modes' books that count the array) are kept beside it."""
    user, called = _outside(_getframe(1))
    name = function or (UNNAMED if called is None else called.co_name)
    return (name, user.f_code, user.f_lasti, parent, books)


# --- the code that called compiled code, read in C (``_call_sites.pxd``) ----------------


def calling_code() -> CodeType | None:
    """The code of the innermost frame of Python code, read in C by the compiled build
    (compiled code makes no frame, so it is the code that called the compiled function
    asking); None in the pure-Python build, where that function's caller walks the stack
    from its own frame (``made_here``) instead."""
    return None


def calling_offset() -> int:
    """The offset of the instruction the innermost frame of Python code runs (its
    ``f_lasti``), read in C by the compiled build (see ``calling_code``); -1 in the
    pure-Python build."""
    return -1


def filename_of(code: CodeType) -> str:
    """The file name of ``code``."""
    return code.co_filename


def _line_at(code: CodeType, offset: int) -> int:
    """The source line of the instruction at ``offset`` in ``code``."""
    line = code.co_firstlineno
    for start, end, number in code.co_lines():
        if start <= offset < end:
            return line if number is None else number
        if number is not None:
            line = number
    return line


_LINES = BoundedCache(limit=1024)
"""The line of each (code, offset) put into words, remembered."""


def site_of(made: Made) -> Site:
    """A ``Made`` in words: the function called, the file and the line."""
    function, code, offset = made[0], made[1], made[2]
    key = (code, offset)
    line = _LINES.get(key)
    if line is None:
        line = _LINES.remember(key, _line_at(code, offset))
    named = function if function == UNNAMED else f"{function}()"
    return _new_site(Site, (named, code.co_filename, line))


def same_line(made: Made, site: Site) -> bool:
    """True when ``made`` was on the line of ``site``."""
    made_site = site_of(made)
    return (made_site.filename, made_site.lineno) == (site.filename, site.lineno)


def place_of(made: Made) -> Place:
    """A ``Made`` as a ``Place`` (one frame: the line that called the package)."""
    site = site_of(made)
    return Place(site.function, (Frame(site.filename, site.lineno, made[1].co_name),))
