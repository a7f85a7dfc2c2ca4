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

import warnings
from typing import Any, NamedTuple

from .._kernels import _numpy_views as _views
from .._modes._flag_state import MODES
from .._modes._placement import same_device
from .._modes._behaviours import OUT_OF_BOUNDS_READS_CLAMP, OUT_OF_BOUNDS_WRITES_DROP
from .._modes._profiles import (
    behaves,
    diverged,
    check_key,
    clamped_key,
    dropped_key,
    check_operation,
    index_array_rule,
    uint8_mask_warning,
)
from .._modes._call_sites import user_stack_level
from .._modes import _strict_rules as strict_rules
from .._modes._refusals import refuse_boolean_index
from .._tables._dtypes import bool as _BOOL
from .._tables._dtypes import check_dtype_kind
from ._keys import KEY_BASIC, KEY_INT, KEY_MASK, KEY_SLICE, classify_key
from .._tables._layout_indexing import (
    basic_key,
    is_advanced,
    basic_indexed,
    first_axis_indexed,
    first_axis_sliced,
    remembered_sliced_layout,
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
    if MODES.profile:
        check_key(key, operation)
        if strict_rules.in_force():
            strict_rules.check_key(array, key, operation)
        if operation == "__getitem__" and behaves(OUT_OF_BOUNDS_READS_CLAMP):
            key = clamped_key(key, layout.shape)
        elif operation == "__setitem__" and behaves(OUT_OF_BOUNDS_WRITES_DROP):
            key = dropped_key(key, layout.shape)
        kind = None  # (the key as the library reads it)
    if kind is None:
        kind = classify_key(layout.shape, key, array.__class__)
    if kind == KEY_INT:
        return first_axis_indexed(layout, key, operation)
    if kind == KEY_SLICE:
        sliced = remembered_sliced_layout((layout, key.start, key.stop, key.step))
        return sliced if sliced is not None else first_axis_sliced(layout, key)
    if kind == KEY_BASIC:
        return basic_indexed(layout, key, operation)
    if kind == KEY_MASK:
        if MODES.flags or MODES.devices:
            _check_advanced(array, key, True, operation)
        return key
    if is_advanced(key):
        if MODES.profile:
            key = _as_the_library_reads_it(array, key, operation)
        if MODES.flags or MODES.devices:
            _check_advanced(array, key, _has_boolean_array(array, key), operation)
        return _new_tuple(Advanced, (_advanced_key(array, key, operation),))
    return basic_indexed(layout, basic_key(key, operation), operation)


def _check_advanced(array: Any, key: Any, boolean: bool, operation: str) -> None:
    """The modes' checks of an advanced key: a boolean index (the boolean_indexing and
    lazy flags) and the devices of the arrays in it."""
    if boolean:
        refuse_boolean_index(operation, array._storage.device)
        if MODES.profile and operation == "__setitem__":
            check_operation("__setitem__", array._dtype)
    if MODES.devices:
        same_device(operation, x=array, key=key)


def _as_the_library_reads_it(array: Any, key: Any, operation: str) -> Any:
    """An advanced key as the profile's library reads it: its integer index arrays that
    the library takes as masks turned into masks (with the library's warning), after
    refusing those it does not take (``_profiles.index_array_rule``)."""
    items = key if key.__class__ is tuple else (key,)
    read = []
    for item in items:
        if item.__class__ is array.__class__ and index_array_rule(operation, item._dtype):
            warnings.warn(uint8_mask_warning(operation), stacklevel=user_stack_level())
            item = item != 0
        read.append(item)
    return tuple(read) if key.__class__ is tuple else read[0]


def _has_boolean_array(array: Any, key: Any) -> bool:
    """True when an advanced key holds one of our boolean arrays."""
    items = key if key.__class__ is tuple else (key,)
    return any(item.__class__ is array.__class__ and item._dtype is _BOOL for item in items)


def _advanced_key(array: Any, key: Any, operation: str) -> tuple:
    """The key for the kernels (arrays and lists as index arrays), after checking that
    every array in it has an integer or bool dtype."""
    items = key if key.__class__ is tuple else (key,)
    for item in items:
        if item.__class__ is array.__class__:
            check_dtype_kind(item._dtype, operation, "key", "integer or boolean",
                             error=IndexError)
    converted = _views.index_key(items, operation)
    if MODES.profile:
        shape = array._layout.shape
        if operation == "__getitem__" and behaves(OUT_OF_BOUNDS_READS_CLAMP):
            if _views.out_of_bounds(converted, shape):
                diverged(OUT_OF_BOUNDS_READS_CLAMP, function="__getitem__()")
            return _views.clamped_index_key(converted, shape)
        if operation == "__setitem__" and behaves(OUT_OF_BOUNDS_WRITES_DROP):
            if _views.out_of_bounds(converted, shape):
                diverged(OUT_OF_BOUNDS_WRITES_DROP, function="__setitem__()")
            return _views.dropped_index_key(converted, shape)
    return converted
