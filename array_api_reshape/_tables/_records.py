"""
Records (NamedTuple instances) made and read without NamedTuple's argument handling and
field lookups: the layouts that every view operation makes.

The compiled build does both in C (``_records.pxd``, whose functions the compiled
modules take in place of these): the same tuple, allocated and filled directly, and its
first item read without a lookup.
"""

from __future__ import annotations

from typing import Any, TypeVar

R = TypeVar("R", bound=tuple)


def new_triple(record_type: type[R], first: Any, second: Any, third: Any) -> R:
    """An instance of ``record_type``, a NamedTuple of three fields, holding the three
    values in order."""
    return tuple.__new__(record_type, (first, second, third))


def first_of(record: Any) -> Any:
    """The first field of ``record``, a NamedTuple (or any tuple)."""
    return record[0]
