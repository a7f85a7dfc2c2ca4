"""
What an indexing key selects: the one decision behind ``x[key]``, ``x[key] = value`` and
the views modes' look at a write.

``select`` turns a key into a target: the ``Layout`` of the view a basic key (integers,
slices, Ellipsis, None) selects, or an advanced selection (integer arrays, lists, a
boolean mask) that the kernels gather from or scatter into. Reads, writes and the views
modes all ask it, and it names the operation it serves in its errors. The key's normal
form and the layout arithmetic are ``_tables._layout_indexing``'s.

This module sits below the array object: it reads arrays' slots, never the class.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .._kernels import _numpy_views as _views
from .._modes._library_keys import (
    check_advanced_key,
    library_advanced_key,
    library_index_key,
    library_key,
)
from ._keys import KEY_BASIC, KEY_INT, KEY_MASK, KEY_SLICE, classify_key
from .._tables._layout_indexing import (
    basic_key,
    is_advanced,
    basic_indexed,
    first_axis_indexed,
    first_axis_sliced,
    remembered_slice,
)

class Advanced(NamedTuple):
    """An advanced selection of an array by integer arrays, lists, slices or a boolean
    array: the key as the kernels take it."""

    key: tuple


_new_tuple = tuple.__new__

Target = Any
"""What ``select`` gives: the ``Layout`` of a view, an ``Advanced`` selection, or a
boolean mask (our array) of the array's own shape, which reads faster than a key."""


def kernel_key(target: Any) -> tuple:
    """An advanced target (an ``Advanced`` selection or a mask) as the kernels' key."""
    if target.__class__ is Advanced:
        return target.key
    return _views.index_key((target,), "__setitem__")


def select(array: Any, key: Any, operation: str, kind: int | None = None) -> Target:
    """What ``key`` selects of ``array`` for ``operation`` (``"__getitem__"``,
    ``"__setitem__"``): a view's layout for a basic key, the key itself for a boolean
    mask of ``array``'s shape, else an ``Advanced`` selection. ``kind``: the key's
    ``classify_key``, when the caller has it.
    Raises IndexError (TypeError, ValueError) naming ``operation`` for a bad key, and the
    portability modes' errors for a key they refuse."""
    layout = array._layout
    read = library_key(array, key, operation)
    if read is not key or kind is None:  # (the key as a profile's library reads it)
        key = read
        kind = classify_key(layout.shape, key, array.__class__)
    if kind == KEY_INT:
        return first_axis_indexed(layout, key, operation)
    if kind == KEY_SLICE:
        sliced = remembered_slice(layout, key)
        return sliced if sliced is not None else first_axis_sliced(layout, key)
    if kind == KEY_BASIC:
        return basic_indexed(layout, key, operation)
    if kind == KEY_MASK:
        check_advanced_key(array, key, operation)
        return key
    if is_advanced(key):
        key = library_advanced_key(array, key, operation)
        check_advanced_key(array, key, operation)
        items = key if key.__class__ is tuple else (key,)
        converted = library_index_key(_views.index_key(items, operation), layout.shape,
                                      operation)
        return _new_tuple(Advanced, (converted,))
    return basic_indexed(layout, basic_key(key, operation), operation)
