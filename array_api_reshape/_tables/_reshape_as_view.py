"""
Reshape as a view: the exact answer to "do some strides reproduce these elements?".

Reading order is row-major (C). The elements of a layout, read in that order, sit at a
sequence of addresses; a reshape can be a view exactly when some strides for the new
shape produce the same sequence. Size-1 axes never move the address, so they are dropped
first. The remaining old and new axes are then cut into the smallest groups whose sizes
have equal products; a group reproduces its addresses under the new shape exactly when
its old axes merge into one run of equal steps, i.e. each stride equals the next stride
times the next size. (If a group's old axes do not merge, its new axes cannot be chosen
either: the address of the first step of the new innermost axis forces the merge.)

Column-major reading is the same question asked of the reversed axes.

Callers do not use these two functions directly: ``_reshape_decision.decide_reshape``
normalises the requested shape, picks the order, remembers the answer and is what every
reshape, explanation and diagram reads.
"""

from __future__ import annotations

from typing import NamedTuple

from ._layout import Layout, make_layout, product, row_major_strides


class ReshapeBlocked(NamedTuple):
    """Why no view of ``new_shape`` exists: two neighbouring input axes that cannot be merged."""

    axes: tuple[int, int]
    reason: str
    new_shape: tuple[int, ...]


def _non_unit_axes(layout: Layout) -> list[tuple[int, int, int]]:
    """(axis, size, stride) of every axis whose size is not 1, in order."""
    return [
        (axis, n, s)
        for axis, (n, s) in enumerate(zip(layout.shape, layout.strides))
        if n != 1
    ]


def _merge_blocker(
    outer: tuple[int, int, int], inner: tuple[int, int, int], new_shape: tuple[int, ...]
) -> ReshapeBlocked | None:
    """None when axis ``outer`` steps over exactly one full run of axis ``inner``."""
    outer_axis, _, outer_stride = outer
    inner_axis, inner_size, inner_stride = inner
    if outer_stride == inner_stride * inner_size:
        return None
    return ReshapeBlocked(
        (outer_axis, inner_axis),
        f"stride {outer_stride} != {inner_size} * {inner_stride}",
        new_shape,
    )


def _strides_for_new_axes(
    old_axes: list[tuple[int, int, int]], new_shape: tuple[int, ...]
) -> tuple[int, ...] | ReshapeBlocked:
    """Strides for the non-unit new sizes, walking old and new axes group by group."""
    new_sizes = [n for n in new_shape if n != 1]
    new_strides = [0] * len(new_sizes)
    i = j = 0
    while i < len(old_axes):
        i_end, j_end = i + 1, j + 1
        old_count, new_count = old_axes[i][1], new_sizes[j]
        while old_count != new_count:
            if old_count < new_count:
                old_count *= old_axes[i_end][1]
                i_end += 1
            else:
                new_count *= new_sizes[j_end]
                j_end += 1
        for k in range(i, i_end - 1):
            blocker = _merge_blocker(old_axes[k], old_axes[k + 1], new_shape)
            if blocker is not None:
                return blocker
        step = old_axes[i_end - 1][2]
        for k in range(j_end - 1, j - 1, -1):
            new_strides[k] = step
            step *= new_sizes[k]
        i, j = i_end, j_end
    return tuple(new_strides)


def _fill_unit_strides(
    new_shape: tuple[int, ...], non_unit_strides: tuple[int, ...]
) -> tuple[int, ...]:
    """Place the computed strides; a size-1 axis gets the stride it would have if contiguous."""
    strides = [0] * len(new_shape)
    pending = iter(reversed(non_unit_strides))
    step = 1
    for k in range(len(new_shape) - 1, -1, -1):
        n = new_shape[k]
        if n != 1:
            strides[k] = next(pending)
            step = strides[k] * n
        else:
            strides[k] = step
    return tuple(strides)


def reshape_as_view(layout: Layout, new_shape: tuple[int, ...]) -> Layout | ReshapeBlocked:
    """The layout reading ``layout``'s elements in C order under ``new_shape``, if one exists.

    ``new_shape`` must hold exactly as many elements as ``layout`` (the caller checks).
    Returns the new Layout (same offset) or a ReshapeBlocked naming the first pair of
    neighbouring input axes that would have to merge but cannot.
    """
    if layout.shape == new_shape:
        return layout
    if product(new_shape) == 0:
        return make_layout(new_shape, row_major_strides(new_shape), layout.offset)
    old_axes = _non_unit_axes(layout)
    non_unit_strides = _strides_for_new_axes(old_axes, new_shape)
    if isinstance(non_unit_strides, ReshapeBlocked):
        return non_unit_strides
    return make_layout(
        new_shape, _fill_unit_strides(new_shape, non_unit_strides), layout.offset
    )


def _reversed_layout(layout: Layout) -> Layout:
    return make_layout(layout.shape[::-1], layout.strides[::-1], layout.offset)


def reshape_as_view_column_major(
    layout: Layout, new_shape: tuple[int, ...]
) -> Layout | ReshapeBlocked:
    """As ``reshape_as_view``, but elements are read and placed in column-major (F) order."""
    result = reshape_as_view(_reversed_layout(layout), new_shape[::-1])
    if isinstance(result, ReshapeBlocked):
        last = layout.ndim - 1
        first_axis, second_axis = sorted(last - a for a in result.axes)
        return ReshapeBlocked((first_axis, second_axis), result.reason, new_shape)
    return _reversed_layout(result)
