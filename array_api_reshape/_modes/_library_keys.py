"""
How the modes read an indexing key: the hooks ``select`` asks for every key, and the array
object for a write's key and value.

A profile's library may refuse a key (JAX takes no list, PyTorch no negative step), read
an index array otherwise (a uint8 array as a mask), or answer an index out of bounds
otherwise: JAX clamps it in a read and drops it in a write. That last rule is decided
here once (``out_of_bounds_rule``) and applied to the three forms a key takes: the ints of
a basic key, the index arrays of an advanced key, and the values a write pairs with
dropped positions. Each hook does nothing unless a mode may be on.
"""

from __future__ import annotations

import warnings
from typing import Any

from .._kernels import _numpy_views as _views
from .._tables._dtypes import check_dtype_kind, is_kind
from .._tables._dtypes import bool as _BOOL
from . import _strict_rules as strict_rules
from ._behaviours import OUT_OF_BOUNDS_READS_CLAMP, OUT_OF_BOUNDS_WRITES_DROP, Behaviour
from ._call_sites import user_stack_level
from ._flag_state import MODES
from ._placement import same_device
from ._profiles import (
    behaves,
    check_key,
    check_operation,
    clamped_key,
    diverged,
    dropped_key,
    index_array_rule,
    uint8_mask_warning,
)
from ._refusals import refuse_boolean_index
from ._unknown_sizes import check_known, is_dask, key_axes, mask_write_error


def out_of_bounds_rule(operation: str) -> Behaviour | None:
    """What the profile in force does with an index out of bounds in ``operation``:
    ``OUT_OF_BOUNDS_READS_CLAMP`` in a read (``"__getitem__"``),
    ``OUT_OF_BOUNDS_WRITES_DROP`` in a write, when its library answers so; None where it
    refuses, as the standard does (IndexError)."""
    if not MODES.profile:
        return None
    rule = OUT_OF_BOUNDS_READS_CLAMP if operation == "__getitem__" else OUT_OF_BOUNDS_WRITES_DROP
    return rule if behaves(rule) else None


def library_key(array: Any, key: Any, operation: str) -> Any:
    """``key`` as the profile's library reads it for ``operation`` on ``array``, after
    its refusals: out-of-bounds ints clamped or dropped (``out_of_bounds_rule``)."""
    if not MODES.profile:
        return key
    check_key(key, operation)
    if strict_rules.in_force():
        strict_rules.check_key(array, key, operation)
    rule = out_of_bounds_rule(operation)
    if rule is OUT_OF_BOUNDS_READS_CLAMP:
        return clamped_key(key, array._layout.shape)
    if rule is OUT_OF_BOUNDS_WRITES_DROP:
        return dropped_key(key, array._layout.shape)
    return key


def library_advanced_key(array: Any, key: Any, operation: str) -> Any:
    """An advanced key as the profile's library reads it: its integer index arrays that
    the library takes as masks turned into masks (with the library's warning), after
    refusing those it does not take (``_profiles.index_array_rule``)."""
    if not MODES.profile:
        return key
    items = key if key.__class__ is tuple else (key,)
    read = []
    for item in items:
        if item.__class__ is array.__class__ and index_array_rule(operation, item._dtype):
            warnings.warn(uint8_mask_warning(operation), stacklevel=user_stack_level())
            item = item != 0
        read.append(item)
    return tuple(read) if key.__class__ is tuple else read[0]


def check_advanced_key(array: Any, key: Any, operation: str) -> None:
    """The modes' checks of an advanced key of ``array``: its arrays' dtypes (integer or
    bool: IndexError), a boolean index (the boolean_indexing and lazy flags, a device
    without data-dependent shapes, the profile's refusal of writing through a mask) and
    the devices of the arrays in it."""
    items = key if key.__class__ is tuple else (key,)
    boolean = False
    for item in items:
        if item.__class__ is array.__class__:
            check_dtype_kind(item._dtype, operation, "key", "integer or boolean",
                             error=IndexError)
            boolean = boolean or item._dtype is _BOOL
    if not (MODES.flags or MODES.devices):
        return
    if boolean:
        refuse_boolean_index(operation, array._storage.device)
        if MODES.profile and operation == "__setitem__":
            check_operation("__setitem__", array._dtype)
    if MODES.devices:
        same_device(operation, x=array, key=key)


def library_index_key(converted: tuple, shape: tuple[int, ...], operation: str) -> tuple:
    """An advanced key for the kernels (``_numpy_views.index_key``'s) with its positions
    out of bounds clamped or dropped where the profile's library does so
    (``out_of_bounds_rule``), noted as a divergence."""
    rule = out_of_bounds_rule(operation)
    if rule is None:
        return converted
    if _views.out_of_bounds(converted, shape):
        diverged(rule, function=f"{operation}()")
    if rule is OUT_OF_BOUNDS_READS_CLAMP:
        return _views.clamped_index_key(converted, shape)
    return _views.dropped_index_key(converted, shape)


def library_write(array: Any, key: Any, value: Any) -> tuple[Any, Any]:
    """A write's key and value as the profile's library takes them: Dask's refusals (keys
    it cannot read, several values through a boolean mask, whose count it does not
    know), and an index array's out-of-bounds positions left out with the values meant
    for them (``out_of_bounds_rule``: JAX's writes drop both)."""
    if not MODES.profile:
        return key, value
    if is_dask():
        masked = key_axes(array, key, "__setitem__")[1]
        if not masked:
            check_known(array, "__setitem__()", "the sizes, to write other than through a "
                        "boolean mask")
        elif value.__class__ is array.__class__ and value._layout.size != 1:
            raise mask_write_error()
        return key, value
    return library_dropped(array, key, value)


def library_dropped(array: Any, key: Any, value: Any) -> tuple[Any, Any]:
    """An index array's out-of-bounds positions left out of a write, with the values
    meant for them, where the profile's library drops them (``out_of_bounds_rule``; the
    kernels' key drops other out-of-bounds positions: ``library_index_key``)."""
    if out_of_bounds_rule("__setitem__") is None:
        return key, value
    cls = array.__class__
    if (key.__class__ is cls and value.__class__ is cls and key.ndim == 1
            and is_kind(key._dtype, "integer") and array.ndim
            and value.ndim and value._layout.shape[0] == key._layout.shape[0] > 1):
        size = array._layout.shape[0]
        if not _views.out_of_bounds((key._numpy(),), (size,)):
            return key, value
        diverged(OUT_OF_BOUNDS_WRITES_DROP, function="__setitem__()")
        keep = (key >= -size) & (key < size)
        return key[keep], value[keep]
    return key, value
