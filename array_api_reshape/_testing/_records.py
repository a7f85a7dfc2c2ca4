"""
A record of what a mode found in one test: the finding's flag, its value and function,
and for each of its places (the read or refusal, the write, each view written through)
the line that caused it, chosen from the place's frames: the innermost frame that is
neither in the standard library nor in a test file, unless the test's own line comes
first (then the test wrote or read it itself). Records are plain dicts, so that
pytest-xdist carries them from its workers unchanged.
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


class LineChooser:
    """Which frame of a place is the library's own line, given the test files of the run
    and the folder the report's paths are relative to."""

    def __init__(self, test_files: Iterable[str], root: str):
        self.test_files = {os.path.normcase(os.path.realpath(name)) for name in test_files}
        self.root = os.path.realpath(root) + os.sep

    def is_test_file(self, filename: str) -> bool:
        path = os.path.normcase(os.path.realpath(filename))
        return path in self.test_files or os.path.basename(path) == "conftest.py"

    def chosen(self, place: Place) -> tuple[Frame, bool]:
        """The frame that caused ``place``, and whether it is a test's own line."""
        for frame in place.frames:
            if self.is_test_file(frame.filename):
                return frame, True
            if not in_standard_library(frame.filename):
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
           chooser: LineChooser) -> Record:
    """One finding of test ``nodeid`` (``kind``: "failure" or "warning"), as JSON: the
    mode's own error (``error`` or the one it was raised while handling), and the error
    the test failed with where that is another."""
    carrier = carrier_of(error) or error
    return {
        "mode": finding.mode,
        "flag": finding.flag,
        "function": finding.function,
        "library": finding.library,
        "kind": kind,
        "error": type(carrier).__name__,
        "message": str(carrier),
        "failed_with": None if carrier is error else type(error).__name__,
        "test": nodeid,
        "at": chooser.line(finding.at),
        "write": None if finding.write is None else chooser.line(finding.write),
        "view_made": [chooser.line(place) for place in finding.view_made],
    }


def where(line: dict[str, object] | None) -> str:
    """A chosen line as the report writes it: ``pkg/mod.py:12``."""
    return "" if line is None else f"{line['file']}:{line['line']}"


def _library_line(line: object) -> str:
    """A chosen line in a key: the library's line, or one mark for any test's own."""
    if not isinstance(line, dict):
        return ""
    return "(a test's own line)" if line["test"] else where(line)


def key_of(item: Record) -> tuple[str, ...]:
    """What makes two records one line of the report: the mode, the kind, and the
    library's line of each place (a test's own lines count as one)."""
    view_made = item["view_made"]
    assert isinstance(view_made, list)
    return (str(item["mode"]), str(item["kind"]),
            _library_line(item["at"]), _library_line(item["write"]),
            *(_library_line(line) for line in view_made))

