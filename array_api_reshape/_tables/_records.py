"""
Records (NamedTuple instances) made without NamedTuple's argument handling: the layouts
that every view operation makes.

The compiled build makes them in C (``_records.pxd``, whose function the compiled
modules take in place of this one): the same tuple, allocated and filled directly.
"""

from __future__ import annotations

from typing import Any, TypeVar

R = TypeVar("R", bound=tuple)


def new_triple(record_type: type[R], first: Any, second: Any, third: Any) -> R:
    """An instance of ``record_type``, a NamedTuple of three fields, holding the three
    values in order."""
    return tuple.__new__(record_type, (first, second, third))
