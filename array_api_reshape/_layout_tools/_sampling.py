"""
What a diagram of a large array draws: the first and last cells along each axis, and the
buffer address behind each of them, computed without listing every element.

Pure Python over a Layout; the cost depends on how many cells are drawn, not on the size
of the array.
"""

from __future__ import annotations

from functools import cache

from .._tables._layout import Layout

ELLIPSIS = None  # stands in a list of drawn indices where indices are left out


def drawn_indices(n: int, first: int, last: int) -> list[int | None]:
    """Indices ``0..n-1`` if they are at most ``first + last + 1``; otherwise the ``first``
    ones, ELLIPSIS, and the ``last`` ones."""
    if n <= first + last + 1:
        return list(range(n))
    return [*range(first), ELLIPSIS, *range(n - last, n)]


def balanced_indices(n: int, keep: int) -> list[int | None]:
    """``keep`` cells shown from each end (all of them when at most ``2 * keep + 1``)."""
    return drawn_indices(n, keep, keep)


def grid_keeps(rows: int, cols: int, budget: int, keep: int) -> tuple[int, int]:
    """Cells kept from each end of the rows and columns so that a grid has at most
    ``budget`` slots (or one cell from each end when even that is more)."""
    keep_rows = keep_cols = keep
    while True:
        shown_rows = len(balanced_indices(rows, keep_rows))
        shown_cols = len(balanced_indices(cols, keep_cols))
        if shown_rows * shown_cols <= budget:
            return keep_rows, keep_cols
        if shown_rows >= shown_cols and keep_rows > 1 and shown_rows > 3:
            keep_rows -= 1
        elif keep_cols > 1 and shown_cols > 3:
            keep_cols -= 1
        else:
            return keep_rows, keep_cols


def unravel(position: int, shape: tuple[int, ...], order: str = "C") -> tuple[int, ...]:
    """The multi-index of the element at ``position`` in reading ``order``."""
    axes = reversed(range(len(shape))) if order == "C" else range(len(shape))
    index = [0] * len(shape)
    for axis in axes:
        position, index[axis] = divmod(position, shape[axis])
    return tuple(index)


def ravel(index: tuple[int, ...], shape: tuple[int, ...], order: str = "C") -> int:
    """The reading-order position of the element at multi-index ``index``."""
    axes = range(len(shape)) if order == "C" else reversed(range(len(shape)))
    position = 0
    for axis in axes:
        position = position * shape[axis] + index[axis]
    return position


def address_of(layout: Layout, index: tuple[int, ...]) -> int:
    """The buffer address of the element at multi-index ``index``."""
    return layout.offset + sum(i * s for i, s in zip(index, layout.strides))


def source_address(layout: Layout, position: int, order: str = "C") -> int:
    """The buffer address of the element read ``position``-th in ``order``: where cell
    ``position`` of a copy in that order takes its value from."""
    return address_of(layout, unravel(position, layout.shape, order))


def reads_address(layout: Layout, address: int) -> bool:
    """Whether some element of ``layout`` lives at buffer ``address``.

    A search over the axes that only follows steps which can still reach the address
    (the later axes span a known range), remembered per (axis, remainder).
    """
    shape, strides = layout.shape, layout.strides
    if 0 in shape:
        return False
    spans = [(0, 0)]  # low and high reach of axes k.. (built from the last axis back)
    for n, s in zip(reversed(shape), reversed(strides)):
        low, high = spans[-1]
        reach = (n - 1) * s
        spans.append((low + min(reach, 0), high + max(reach, 0)))
    spans.reverse()

    @cache
    def reachable(axis: int, remainder: int) -> bool:
        if axis == len(shape):
            return remainder == 0
        n, s = shape[axis], strides[axis]
        low, high = spans[axis + 1]
        if s == 0:
            return reachable(axis + 1, remainder)
        # the steps i with low <= remainder - i * s <= high, and 0 <= i < n
        if s > 0:
            first, last = -((high - remainder) // s), (remainder - low) // s
        else:
            first, last = -((low - remainder) // s), (remainder - high) // s
        first, last = max(first, 0), min(last, n - 1)
        return any(reachable(axis + 1, remainder - i * s) for i in range(first, last + 1))

    return reachable(0, address - layout.offset)
