"""
Small, exact text edits applied to a temporary copy of another project's checkout.

The edits that let another project's tests reach array_api_reshape are written here as
(file, anchor, replacement, reason) and applied at run time to a scratch copy: the
user's checkout is never touched and no file of the other project is ever committed.
An anchor that is missing, or found a different number of times than expected, stops the
run with a message naming the file and the anchor, so a change upstream is noticed
instead of silently testing something else.
"""

from __future__ import annotations

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
