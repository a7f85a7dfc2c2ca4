"""
Fixes to the conformance suite that its maintainers have made upstream after the commit
a checkout may hold: each is applied to a scratch copy of the checkout before a run (the
checkout itself is never changed) and named in the report, with the upstream issue.

A fix applies only where its anchor (the suite's text before the fix) is found; a suite
that already holds the fix is run as it is.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SuiteFix:
    """One exact text edit: in ``path``, ``anchor`` becomes ``replacement``."""

    path: str
    anchor: str
    replacement: str
    reason: str


FIXES = (
    SuiteFix(
        "array_api_tests/test_dlpack.py",
        "        devices = xp.__array_namespace_info__().devices()\n"
        "        devices = _compatible_devices(devices)\n",
        "        devices = xp.__array_namespace_info__().devices()\n"
        "        devices = _compatible_devices(devices)\n"
        "        devices = [d for d in devices\n"
        "                   if x.dtype in xp.__array_namespace_info__()"
        ".dtypes(device=d).values()]\n",
        "`test_from_dlpack` moves an array of any dtype onto any device, also a float64 "
        "array onto a device without float64 (array-api-strict's and our `no_float64`), "
        "which must refuse it; upstream array-api-tests issue 440, fixed by pull request "
        "443 with device-compatible (dtype, device) pairs. Here: the target devices are "
        "those whose `dtypes(device=)` hold the array's dtype",
    ),
)


def prepared_copy(suite: Path, scratch: Path) -> tuple[Path, list[SuiteFix]]:
    """A copy of the ``suite`` checkout under ``scratch`` with every fix it still needs;
    returns the copy and the fixes applied."""
    copy = scratch / "array-api-tests"
    shutil.copytree(suite, copy, ignore=shutil.ignore_patterns(".git", "__pycache__"))
    applied = []
    for fix in FIXES:
        target = copy / fix.path
        text = target.read_text() if target.exists() else ""
        if fix.anchor in text and fix.replacement not in text:
            target.write_text(text.replace(fix.anchor, fix.replacement, 1))
            applied.append(fix)
    return copy, applied
