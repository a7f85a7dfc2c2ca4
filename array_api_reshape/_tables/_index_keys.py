"""
Reading an indexing key: which items it holds, checked and in a normal form.

A basic key becomes a tuple of Python ints, slices (with int or None parts), None and at
most one Ellipsis, ready for ``_layout_indexing.basic_indexed``. A key holding arrays
(integer arrays, or a boolean mask) or lists is advanced: ``is_advanced`` says so, and
the array layer gathers or scatters with it.
"""

from __future__ import annotations

import operator
from types import EllipsisType
from typing import Any

BasicItem = int | slice | None | EllipsisType
"""One item of a basic key in normal form."""


def is_advanced(key: Any) -> bool:
    """True when the key holds an array, a list or a Python bool (not basic indexing)."""
    items = key if key.__class__ is tuple else (key,)
    for item in items:
        if item is None or item is Ellipsis or item.__class__ in (int, slice):
            continue
        if isinstance(item, (bool, list)):
            return True
        ndim = getattr(item, "ndim", None)
        if ndim is not None and (ndim != 0 or not _is_integer_scalar(item)):
            return True
    return False


def _is_integer_scalar(item: Any) -> bool:
    """True for a 0-d integer array or a NumPy integer: a basic integer index."""
    try:
        operator.index(item)
    except TypeError:
        return False
    return True


def _index_item(item: Any, operation: str) -> BasicItem:
    """One item of a basic key in normal form, or raise IndexError/TypeError."""
    if item is None or item is Ellipsis or item.__class__ is int:
        return item
    if item.__class__ is slice:
        return slice(
            _slice_part(item.start, operation), _slice_part(item.stop, operation),
            _slice_part(item.step, operation),
        )
    if hasattr(type(item), "__index__"):
        return operator.index(item)
    raise IndexError(
        f"{operation}(): only integers, slices, Ellipsis (...) and None are basic indices; "
        f"got {type(item).__name__} {item!r}"
    )


def _slice_part(part: Any, operation: str) -> int | None:
    if part is None or part.__class__ is int:
        return part
    if isinstance(part, bool) or not hasattr(type(part), "__index__"):
        raise IndexError(
            f"{operation}(): slice bounds and steps must be integers or None, got {part!r}"
        )
    return operator.index(part)


def basic_key(key: Any, operation: str) -> tuple[BasicItem, ...]:
    """The normal form of a basic indexing key; raises IndexError for anything else,
    naming ``operation`` (``"__getitem__"``, ``"__setitem__"``)."""
    items = key if key.__class__ is tuple else (key,)
    normal = tuple(_index_item(item, operation) for item in items)
    if sum(1 for item in normal if item is Ellipsis) > 1:
        raise IndexError(f"{operation}(): an index can only have a single ellipsis ('...')")
    for item in normal:
        if item.__class__ is slice and item.step == 0:
            raise ValueError(f"{operation}(): slice step cannot be zero")
    return normal
