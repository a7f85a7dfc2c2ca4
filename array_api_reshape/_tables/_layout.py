"""
The layout of a strided array: shape, strides and offset, all counted in elements.

Everything that decides *where elements are* lives in this module and its siblings
(``_reshape_as_view`` with ``_reshape_decision``, and ``_layout_indexing``). They are pure
Python: no NumPy, no buffers, no mutation; their caches are
``_bounded_cache.BoundedCache``. Functions here trust that axes were already normalised by
the caller (``_arguments``); they only do the arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

from . import _records
from ._bounded_cache import BoundedCache


class Layout(NamedTuple):
    """Shape, strides (in elements, any sign) and offset (element index of the first element)."""

    shape: tuple[int, ...]
    strides: tuple[int, ...]
    offset: int = 0

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return product(self.shape)


Order = Literal["C", "F"]
"""A reading order of elements: row-major ("C") or column-major ("F")."""

def make_layout(shape: tuple[int, ...], strides: tuple[int, ...], offset: int) -> Layout:
    """Build a Layout without NamedTuple's argument handling (the hot-path constructor)."""
    return _records.new_triple(Layout, shape, strides, offset)


def product(numbers: Iterable[int]) -> int:
    """The product of a sequence of ints (1 for an empty one)."""
    result = 1
    for n in numbers:
        result *= n
    return result


def row_major_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    """Strides of a C-contiguous array of ``shape``; size-0 axes count as size 1."""
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= n if n > 1 else 1
    return tuple(reversed(strides))


def column_major_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    """Strides of an F-contiguous array of ``shape``; size-0 axes count as size 1."""
    strides, step = [], 1
    for n in shape:
        strides.append(step)
        step *= n if n > 1 else 1
    return tuple(strides)


CONTIGUOUS_LAYOUTS = BoundedCache()
"""``contiguous_layout``'s results at offset 0 by shape, for callers that look them up
before calling (the shape must be a tuple of ints)."""

remembered_contiguous_layout = CONTIGUOUS_LAYOUTS.get
"""``CONTIGUOUS_LAYOUTS.get`` bound once, for the hot paths."""


_last_contiguous: Layout = make_layout((), (), 0)
"""The layout ``contiguous_layout_of`` gave last."""


def contiguous_layout_of(shape: tuple[int, ...]) -> Layout:
    """``contiguous_layout(shape)`` for the hot paths, which ask for one shape many times
    in a row: the layout given last when ``shape`` is its shape (often the very tuple),
    else the remembered one."""
    global _last_contiguous
    layout = _last_contiguous
    known = _records.first_of(layout)
    if known is not shape and known != shape:
        layout = contiguous_layout(shape)
        _last_contiguous = layout
    return layout


def last_contiguous_layout() -> Layout:
    """The layout ``contiguous_layout_of`` gave last: a caller that can compare a shape
    with its shape before making a tuple of it saves making the tuple."""
    return _last_contiguous


def contiguous_layout(shape: tuple[int, ...], offset: int = 0) -> Layout:
    """The C-contiguous layout of ``shape`` starting at ``offset`` (remembered per shape)."""
    if offset == 0:
        layout = remembered_contiguous_layout(shape)
        if layout is None:
            layout = make_layout(shape, row_major_strides(shape), 0)
            CONTIGUOUS_LAYOUTS.remember(shape, layout)
        return layout
    return make_layout(shape, row_major_strides(shape), offset)


def _is_dense(shape: Iterable[int], strides: Iterable[int]) -> bool:
    """True when the axes, innermost first, step through memory one element at a time."""
    expected = 1
    for n, s in zip(shape, strides):
        if n != 1:
            if s != expected:
                return False
            expected *= n
    return True


def is_c_contiguous(layout: Layout) -> bool:
    """True when the elements fill consecutive addresses in row-major order.

    Size-1 axes may have any stride and an empty array is always contiguous.
    """
    if 0 in layout.shape:
        return True
    return _is_dense(reversed(layout.shape), reversed(layout.strides))


def is_f_contiguous(layout: Layout) -> bool:
    """True when the elements fill consecutive addresses in column-major order."""
    if 0 in layout.shape:
        return True
    return _is_dense(layout.shape, layout.strides)


def dense_span(layout: Layout) -> tuple[int, int] | None:
    """The first and past-the-last element of a layout whose elements fill that range
    exactly once each (in any order, with positive strides: "non-overlapping and dense");
    None for any other layout, and for an empty one."""
    expected = 1
    for stride, n in sorted((s, n) for n, s in zip(layout.shape, layout.strides) if n != 1):
        if n == 0 or stride != expected:
            return None
        expected *= n
    return layout.offset, layout.offset + expected


def overlaps_in_part(written: Layout, read: Layout) -> bool:
    """True when two dense layouts over one buffer (``dense_span``) share some elements
    without being the same layout: the overlap a library that writes element by element
    cannot order safely (PyTorch refuses it); False for the same layout, disjoint ones,
    and any layout not dense, whose overlap such a library does not try to judge."""
    if written == read:
        return False
    first, second = dense_span(written), dense_span(read)
    if first is None or second is None:
        return False
    return first[0] < second[1] and second[0] < first[1]


def extent(layout: Layout) -> tuple[int, int] | None:
    """The lowest and highest element address the layout touches, or None if it is empty."""
    low = high = layout.offset
    for n, s in zip(layout.shape, layout.strides):
        if n == 0:
            return None
        if s > 0:
            high += (n - 1) * s
        else:
            low += (n - 1) * s
    return low, high


def fits_in_buffer(layout: Layout, buffer_size: int) -> bool:
    """True when every address the layout touches lies in ``range(buffer_size)``."""
    bounds = extent(layout)
    return bounds is None or (bounds[0] >= 0 and bounds[1] < buffer_size)


def has_repeated_addresses(layout: Layout) -> bool:
    """True when a stride-0 axis of size > 1 makes several elements share one address.

    This is the only overlap that the package's view operations can create (by
    broadcasting); writing through such a layout is refused by the array layer.
    """
    return any(s == 0 and n > 1 for n, s in zip(layout.shape, layout.strides)) and (
        product(layout.shape) > 0
    )


def element_addresses(layout: Layout) -> list[int]:
    """The buffer address of every element, in row-major order (for small layouts:
    diagrams and explanations, never a hot path)."""
    addresses = [layout.offset]
    for n, s in zip(layout.shape, layout.strides):
        addresses = [a + i * s for a in addresses for i in range(n)]
    return addresses


def permuted(layout: Layout, axes: tuple[int, ...]) -> Layout:
    """Reorder the axes: new axis ``k`` is old axis ``axes[k]``."""
    shape, strides = layout.shape, layout.strides
    return make_layout(
        tuple(shape[a] for a in axes), tuple(strides[a] for a in axes), layout.offset
    )


def matrix_transposed(layout: Layout) -> Layout:
    """Swap the last two axes."""
    order = tuple(range(layout.ndim - 2)) + (layout.ndim - 1, layout.ndim - 2)
    return permuted(layout, order)


def moved_axes(layout: Layout, source: tuple[int, ...], destination: tuple[int, ...]) -> Layout:
    """Move axes ``source`` to positions ``destination``; the others keep their order."""
    order = [a for a in range(layout.ndim) if a not in source]
    for dst, src in sorted(zip(destination, source)):
        order.insert(dst, src)
    return permuted(layout, tuple(order))


def with_unit_axes(layout: Layout, axes: tuple[int, ...]) -> Layout:
    """Insert size-1 axes so that they sit at ``axes`` (sorted, of the result) in the result."""
    shape, strides = list(layout.shape), list(layout.strides)
    for axis in sorted(axes):
        stride = shape[axis] * strides[axis] if axis < len(shape) else 1
        shape.insert(axis, 1)
        strides.insert(axis, stride)
    return make_layout(tuple(shape), tuple(strides), layout.offset)


def without_axes(layout: Layout, axes: tuple[int, ...]) -> Layout:
    """Drop the size-1 axes ``axes``; the caller has checked that each has size 1."""
    keep = [a for a in range(layout.ndim) if a not in axes]
    return make_layout(
        tuple(layout.shape[a] for a in keep),
        tuple(layout.strides[a] for a in keep),
        layout.offset,
    )


def flipped(layout: Layout, axes: tuple[int, ...]) -> Layout:
    """Reverse the order of elements along ``axes``; the data stays where it is."""
    shape, strides, offset = layout.shape, list(layout.strides), layout.offset
    for axis in axes:
        if shape[axis] > 0:
            offset += (shape[axis] - 1) * strides[axis]
        strides[axis] = -strides[axis]
    return make_layout(shape, tuple(strides), offset)


def broadcast_shape(*shapes: tuple[int, ...]) -> tuple[int, ...] | None:
    """The shape that all ``shapes`` broadcast to, or None when they do not."""
    ndim = max((len(s) for s in shapes), default=0)
    result = []
    for axis in range(-ndim, 0):
        size = 1
        for shape in shapes:
            if -axis > len(shape):
                continue
            n = shape[axis]
            if n != 1:
                if size not in (1, n):
                    return None
                size = n
        result.append(size)
    return tuple(result)


def broadcast_to_shape(layout: Layout, shape: tuple[int, ...]) -> Layout | None:
    """Repeat ``layout`` along new leading axes and size-1 axes (stride 0) to reach ``shape``.

    Returns None when ``layout.shape`` does not broadcast to ``shape``.
    """
    lead = len(shape) - layout.ndim
    if lead < 0:
        return None
    strides = [0] * lead
    for n_old, s_old, n_new in zip(layout.shape, layout.strides, shape[lead:]):
        if n_old == n_new:
            strides.append(s_old)
        elif n_old == 1:
            strides.append(0)
        else:
            return None
    return make_layout(tuple(shape), tuple(strides), layout.offset)


def diagonal_of_matrices(layout: Layout, offset: int) -> Layout:
    """The ``offset``-th diagonal of the matrices in the last two axes, as a last axis."""
    rows, cols = layout.shape[-2], layout.shape[-1]
    row_stride, col_stride = layout.strides[-2], layout.strides[-1]
    if offset >= 0:
        length = max(0, min(rows, cols - offset))
        start = offset * col_stride if length else 0
    else:
        length = max(0, min(rows + offset, cols))
        start = -offset * row_stride if length else 0
    return make_layout(
        layout.shape[:-2] + (length,),
        layout.strides[:-2] + (row_stride + col_stride,),
        layout.offset + start,
    )
