"""
Basic indexing as layout arithmetic: integers, slices (any step), Ellipsis and None.

The key reaching ``basic_indexed`` has already been checked for types by the array layer:
a tuple whose items are Python ints, slices, None or Ellipsis (at most one).
"""

from __future__ import annotations

from ._bounded_cache import BoundedCache
from ._layout import Layout, _new_layout, make_layout


def _expand_ellipsis(key: tuple, ndim: int, operation: str) -> tuple:
    """Replace the Ellipsis (or append one) so that the key names every axis once."""
    used = sum(1 for item in key if item is not None and item is not Ellipsis)
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
    shape, strides = [], []
    offset = layout.offset
    axis = 0
    for item in _expand_ellipsis(key, layout.ndim, operation):
        if item is None:
            shape.append(1)
            strides.append(0)
            continue
        size, stride = layout.shape[axis], layout.strides[axis]
        if isinstance(item, slice):
            start, stop, step = item.indices(size)
            length = len(range(start, stop, step))
            if length > 0:
                offset += start * stride
            shape.append(length)
            strides.append(stride * step)
        else:
            offset += _integer_address(item, size, axis, operation) * stride
        axis += 1
    return make_layout(tuple(shape), tuple(strides), offset)


def first_axis_indexed(layout: Layout, index: int, operation: str = "__getitem__") -> Layout:
    """``layout[index]`` for one int: the fast path of ``basic_indexed``."""
    shape, strides, offset = layout
    size = shape[0]
    if not -size <= index < size:
        raise _out_of_bounds(index, 0, size, operation)
    if index < 0:
        index += size
    return _new_layout(Layout, (shape[1:], strides[1:], offset + index * strides[0]))


SLICED_LAYOUTS = BoundedCache()
"""``first_axis_sliced``'s results by ``(layout, start, stop, step)``, for callers that
look them up before calling (the bounds must be ints or None, never floats or bools)."""

remembered_sliced_layout = SLICED_LAYOUTS.get
"""``SLICED_LAYOUTS.get`` bound once, for the hot paths."""


def first_axis_sliced(layout: Layout, key: slice) -> Layout:
    """``layout[key]`` for one slice of ints or None: the fast path of ``basic_indexed``;
    its result is remembered in ``SLICED_LAYOUTS``."""
    shape, strides = layout.shape, layout.strides
    first, last, step = key.indices(shape[0])
    length = len(range(first, last, step))
    stride = strides[0]
    offset = layout.offset + first * stride if length else layout.offset
    result = _new_layout(Layout, ((length, *shape[1:]), (stride * step, *strides[1:]), offset))
    return SLICED_LAYOUTS.remember((layout, key.start, key.stop, key.step), result)
