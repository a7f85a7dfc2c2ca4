"""
A record of what a mode found in one test: the finding's flag, its value and function,
and for each of its places (the read or refusal, the write, each view written through)
the line that caused it, chosen from the place's frames: the innermost frame that is
neither in the standard library, nor in the ecosystem's helpers (array-api-compat and
array-api-extra, vendored copies included), nor in a test file, unless the test's own line
comes first (then the test wrote or read it itself). A divergence (a profile's other
answer, noted quietly) is a record too, with what the library does there. Records are
plain dicts, so that pytest-xdist carries them from its workers unchanged.
"""

from __future__ import annotations

import os
import sysconfig
from collections.abc import Iterable

from .._modes._call_sites import Frame, Place
from .._modes._findings import Finding, carrier_of

Record = dict[str, object]
"""One finding in one test, as JSON: see ``record``."""

_STANDARD_LIBRARY = tuple(
    os.path.normcase(os.path.realpath(sysconfig.get_paths()[name])) + os.sep
    for name in ("stdlib", "platstdlib")
)


def in_standard_library(filename: str) -> bool:
    """True for a frame of Python's own library (or of no file: ``<frozen ...>``)."""
    if filename.startswith("<"):
        return True
    path = os.path.normcase(os.path.realpath(filename))
    return path.startswith(_STANDARD_LIBRARY) and not (
        "site-packages" in path or "dist-packages" in path
    )


_HELPERS = ("array_api_compat", "array_api_extra")


def in_helpers(filename: str) -> bool:
    """True for a frame of the ecosystem's helpers (array-api-compat, array-api-extra,
    or a copy a library vendors: ``scipy/_lib/array_api_compat``), which choose a path by
    what the array is: the line that matters is their caller's."""
    parts = filename.replace("\\", "/").split("/")
    return any(helper in parts for helper in _HELPERS)


class LineChooser:
    """Which frame of a place is the library's own line, given the test files of the run
    and the folder the report's paths are relative to."""

    def __init__(self, test_files: Iterable[str], root: str):
        self.test_files = {os.path.normcase(os.path.realpath(name)) for name in test_files}
        self.root = os.path.realpath(root) + os.sep

    def is_test_file(self, filename: str) -> bool:
        path = os.path.normcase(os.path.realpath(filename))
        return path in self.test_files or os.path.basename(path) == "conftest.py"

    def is_helper(self, filename: str) -> bool:
        """A frame of the ecosystem's helpers, unless they are the project under test."""
        return in_helpers(filename) and not os.path.realpath(filename).startswith(self.root)

    def chosen(self, place: Place) -> tuple[Frame, bool]:
        """The frame that caused ``place``, and whether it is a test's own line."""
        for frame in place.frames:
            if self.is_test_file(frame.filename):
                return frame, True
            if not in_standard_library(frame.filename) and not self.is_helper(frame.filename):
                return frame, False
        return place.frames[0], self.is_test_file(place.frames[0].filename)

    def shown(self, filename: str) -> str:
        """A file as the report names it: relative to the root, else from its package
        folder on (after ``site-packages``), else whole."""
        path = os.path.realpath(filename)
        if path.startswith(self.root):
            return path[len(self.root):].replace(os.sep, "/")
        parts = path.replace(os.sep, "/").split("/")
        for marker in ("site-packages", "dist-packages"):
            if marker in parts:
                return "/".join(parts[parts.index(marker) + 1:])
        return filename

    def line(self, place: Place) -> dict[str, object]:
        frame, in_test = self.chosen(place)
        return {"file": self.shown(frame.filename), "line": frame.lineno,
                "in": frame.function, "called": place.function, "test": in_test}


def record(finding: Finding, error: BaseException, nodeid: str, kind: str,
           chooser: LineChooser, rerun: str) -> Record:
    """One finding of test ``nodeid`` (``kind``: "failure" or "warning"), as JSON: the
    mode's own error (``error`` or the one it was raised while handling), the error the
    test failed with where that is another, and the command that runs the test again
    under the same flags."""
    carrier = carrier_of(error) or error
    return {
        **_common(finding, nodeid, kind, chooser, rerun),
        "error": type(carrier).__name__,
        "message": str(carrier),
        "failed_with": None if carrier is error else type(error).__name__,
        "write": None if finding.write is None else chooser.line(finding.write),
    }


def divergence_record(finding: Finding, said: tuple[str, str], times: int, nodeid: str,
                      chooser: LineChooser, rerun: str) -> Record:
    """A divergence that test ``nodeid`` met ``times`` times at one line, as JSON:
    ``said`` is what the library does there, and the way out."""
    return {
        **_common(finding, nodeid, "divergence", chooser, rerun),
        "error": None, "message": said[0], "way_out": said[1], "failed_with": None,
        "write": None, "times": times,
    }


def _common(finding: Finding, nodeid: str, kind: str, chooser: LineChooser,
            rerun: str) -> Record:
    return {
        "mode": finding.mode,
        "flag": finding.flag,
        "function": finding.function,
        "library": finding.library,
        "behaviour": finding.behaviour,
        "kind": kind,
        "test": nodeid,
        "rerun": rerun,
        "at": chooser.line(finding.at),
        "view_made": [chooser.line(place) for place in finding.view_made],
    }


def where(line: dict[str, object] | None) -> str:
    """A chosen line as the report writes it: ``pkg/mod.py:12``."""
    return "" if line is None else f"{line['file']}:{line['line']}"


def key_of(item: Record) -> tuple[str, ...]:
    """What makes two records one row of the report: the mode, the kind, the behaviour
    (of a divergence), and the line of each place (a test's own line is a place like any
    other: two tests reading at two lines are two rows)."""
    view_made = item["view_made"]
    assert isinstance(view_made, list)
    return (str(item["mode"]), str(item["kind"]), str(item.get("behaviour") or ""),
            where(item["at"]), where(item["write"]),  # type: ignore[arg-type]
            *(where(line) for line in view_made))
