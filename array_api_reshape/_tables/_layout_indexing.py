"""
Basic indexing as layout arithmetic, and the keys that reach it.

A key is first read (``is_advanced``, ``basic_key``): a basic key becomes a tuple of
Python ints, slices (with int or None parts), None and at most one Ellipsis; a key
holding arrays (integer arrays, or a boolean mask), lists or Python bools is advanced,
and the array layer gathers or scatters with it. A basic key then selects a view's
layout (``basic_indexed``, with fast paths for one int or one slice): integers, slices
(any step), Ellipsis and None, all arithmetic on the layout's shape, strides and offset.
``_array/_indexing.select`` is the one caller that turns a key into a target.
"""

from __future__ import annotations

import operator
from types import EllipsisType
from typing import Any

from ._bounded_cache import BoundedCache
from ._layout import Layout, make_layout


def _expand_ellipsis(key: tuple, ndim: int, operation: str) -> tuple:
    """Replace the Ellipsis (or append one) so that the key names every axis once."""
    used = 0
    for item in key:
        if item is not None and item is not Ellipsis:
            used += 1
    if used > ndim:
        raise IndexError(
            f"{operation}(): too many indices: "
            f"the array has {ndim} dimension(s) but {used} were indexed"
        )
    fill = (slice(None),) * (ndim - used)
    if Ellipsis in key:
        position = key.index(Ellipsis)
        return key[:position] + fill + key[position + 1 :]
    return key + fill


def _integer_address(index: int, size: int, axis: int, operation: str) -> int:
    if not -size <= index < size:
        raise _out_of_bounds(index, axis, size, operation)
    return index + size if index < 0 else index


def _out_of_bounds(index: int, axis: int, size: int, operation: str) -> IndexError:
    return IndexError(
        f"{operation}(): index {index} is out of bounds for axis {axis} with size {size}"
    )


def basic_indexed(layout: Layout, key: tuple, operation: str = "__getitem__") -> Layout:
    """The view selected by a basic-indexing key; raises IndexError for bad integers,
    naming ``operation``."""
    old_shape, old_strides, offset = layout
    shape, strides = [], []
    axis = 0
    for item in _expand_ellipsis(key, len(old_shape), operation):
        if item is None:
            shape.append(1)
            strides.append(0)
            continue
        size, stride = old_shape[axis], old_strides[axis]
        if isinstance(item, slice):
            start, stop, step = item.indices(size)
            length = _slice_length(start, stop, step)
            if length > 0:
                offset += start * stride
            shape.append(length)
            strides.append(stride * step)
        else:
            offset += _integer_address(item, size, axis, operation) * stride
        axis += 1
    return make_layout(tuple(shape), tuple(strides), offset)


def _slice_length(start: int, stop: int, step: int) -> int:
    """The number of positions from ``start`` towards ``stop`` by ``step`` (bounds as
    ``slice.indices`` gives them): ``len(range(start, stop, step))``."""
    if step > 0:
        return (stop - start + step - 1) // step if stop > start else 0
    return (start - stop - step - 1) // -step if start > stop else 0


def first_axis_indexed(layout: Layout, index: int, operation: str = "__getitem__") -> Layout:
    """``layout[index]`` for one int: the fast path of ``basic_indexed``."""
    shape, strides, offset = layout
    size = shape[0]
    if not -size <= index < size:
        raise _out_of_bounds(index, 0, size, operation)
    if index < 0:
        index += size
    return make_layout(shape[1:], strides[1:], offset + index * strides[0])


SLICED_LAYOUTS = BoundedCache()
"""``first_axis_sliced``'s results by ``(layout, start, stop, step)``, for callers that
look them up before calling (the bounds must be ints or None, never floats or bools)."""

remembered_sliced_layout = SLICED_LAYOUTS.get
"""``SLICED_LAYOUTS.get`` bound once, for the hot paths."""


def remembered_slice(layout: Layout, key: slice) -> Layout | None:
    """``first_axis_sliced(layout, key)`` when it is remembered; None otherwise (the
    caller slices). Compiled, the slice's bounds are read in C."""
    return remembered_sliced_layout((layout, key.start, key.stop, key.step))


def first_axis_sliced(layout: Layout, key: slice) -> Layout:
    """``layout[key]`` for one slice of ints or None: the fast path of ``basic_indexed``;
    its result is remembered in ``SLICED_LAYOUTS``."""
    shape, strides = layout.shape, layout.strides
    first, last, step = key.indices(shape[0])
    length = len(range(first, last, step))
    stride = strides[0]
    offset = layout.offset + first * stride if length else layout.offset
    result = make_layout((length, *shape[1:]), (stride * step, *strides[1:]), offset)
    return SLICED_LAYOUTS.remember((layout, key.start, key.stop, key.step), result)


# --- reading a key ---------------------------------------------------------------------

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
