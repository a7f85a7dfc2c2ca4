"""
The causes of the profiles' false alarms and misses on real suites, each with its verdict:
``real_suites.py`` files each disagreeing test under the first cause whose pattern its
failure's message (or its name) matches, and under the message's own first words when
none does.

A verdict says whose the disagreement is: the profile's (a bug to fix, or fixed), the
library's set-up that a profile cannot see (``is_jax(xp)``-style branches: the project
asks which library it runs on), or the suite's.
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Cause(NamedTuple):
    libraries: frozenset[str]   # the profiles it is seen under
    pattern: str                # a regular expression searched in "name :: message"
    name: str
    verdict: str


CAUSES: tuple[Cause, ...] = ()
"""Every cause sorted so far, most specific first."""

_NUMBERS = re.compile(r"0x[0-9a-f]+|\d+(\.\d+)?(e[-+]?\d+)?")


def cause_of(library: str, suite: str, name: str, message: str) -> tuple[str, str]:
    """The cause and verdict of one disagreeing test."""
    text = f"{name} :: {message}"
    for cause in CAUSES:
        if library in cause.libraries and re.search(cause.pattern, text):
            return cause.name, cause.verdict
    words = _NUMBERS.sub("N", message)[:90].replace("|", "/")
    return f"unsorted: `{words}`", "to sort"
