"""
Small, exact text edits applied to a temporary copy of another project's checkout.

The edits that let another project's tests reach array_api_reshape are written here as
(file, anchor, replacement, reason) and applied at run time to a scratch copy: the
user's checkout is never touched and no file of the other project is ever committed.
An anchor that is missing, or found a different number of times than expected, stops the
run with a message naming the file and the anchor, so a change upstream is noticed
instead of silently testing something else.

A ``Workaround`` is the other kind of edit: one line inserted before a call, for a bug
in an installed release that a later release may fix. Where the line is already there,
or the call is gone, the copy runs as it is and the report says so.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path


class PatchError(RuntimeError):
    """An anchor of a Substitution was not found as expected in the copied checkout."""


@dataclass(frozen=True)
class Substitution:
    path: str          # relative to the checkout's root
    anchor: str        # exact text to find
    replacement: str   # text that takes its place
    reason: str        # why the edit is needed, shown in the report
    count: int = 1     # how many times the anchor must occur


def apply_substitutions(root: Path, substitutions) -> None:
    """Apply every substitution to the files under ``root``, all checked before any is written."""
    edited: dict[Path, str] = {}
    for substitution in substitutions:
        path = root / substitution.path
        if path not in edited:
            if not path.is_file():
                raise PatchError(f"apply_substitutions(): no file {substitution.path} in {root}")
            edited[path] = path.read_text()
        found = edited[path].count(substitution.anchor)
        if found != substitution.count:
            raise PatchError(
                f"apply_substitutions(): {substitution.path} holds {found} copies of "
                f"{substitution.anchor!r}, expected {substitution.count}; the project changed "
                "upstream, so update clients/suites.py"
            )
        edited[path] = edited[path].replace(substitution.anchor, substitution.replacement)
    for path, text in edited.items():
        path.write_text(text)


def copy_checkout(checkout: Path, destination: Path) -> str:
    """Copy the committed tree of a git checkout into ``destination``; returns its short commit."""
    archive = subprocess.run(
        ["git", "-C", str(checkout), "archive", "--format=tar", "HEAD"],
        capture_output=True, check=True,
    )
    destination.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(destination)], input=archive.stdout, check=True)
    commit = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True, check=True,
    )
    return commit.stdout.strip()


def copy_package(package: Path, destination: Path) -> None:
    """Copy an installed package's folder (from a wheel, so no git) into ``destination``."""
    shutil.copytree(package, destination, ignore=shutil.ignore_patterns("__pycache__"))


# --- workarounds: inserted where still needed ---------------------------------------------

APPLIED = "applied"
ALREADY_PRESENT = "already present"
NOT_NEEDED = "not needed"


@dataclass(frozen=True)
class Workaround:
    path: str          # relative to the copied package's folder
    call: str          # a statement, without indentation, that the line goes before
    line: str          # the statement to insert, without indentation (it takes the call's)
    reason: str        # what it does, shown in the report
    upstream: str      # the upstream code it works around, shown in the report


@dataclass(frozen=True)
class Patched:
    text: str          # the file's new text (unchanged unless status is APPLIED)
    status: str        # APPLIED, ALREADY_PRESENT, or NOT_NEEDED (no such call)
    places: int        # lines inserted


def with_workaround(text: str, workaround: Workaround) -> Patched:
    """``text`` with ``workaround.line`` before every ``workaround.call`` that lacks it.

    Idempotent: a text that already holds the line anywhere is returned as it is.
    """
    if any(line.strip() == workaround.line for line in text.splitlines()):
        return Patched(text, ALREADY_PRESENT, 0)
    lines, places = [], 0
    for line in text.splitlines(keepends=True):
        if line.strip() == workaround.call:
            indentation = line[: len(line) - len(line.lstrip())]
            lines.append(f"{indentation}{workaround.line}\n")
            places += 1
        lines.append(line)
    if not places:
        return Patched(text, NOT_NEEDED, 0)
    return Patched("".join(lines), APPLIED, places)


def apply_workaround(root: Path, workaround: Workaround) -> str:
    """Apply ``workaround`` to its file under ``root`` where needed; returns the status."""
    path = root / workaround.path
    if not path.is_file():
        return NOT_NEEDED
    patched = with_workaround(path.read_text(), workaround)
    if patched.status == APPLIED:
        path.write_text(patched.text)
    return patched.status
