"""
How to cut large element-wise work into pieces that threads compute side by side,
decided from the layouts alone.

Every operand (the result first) is a strided layout over the result's shape: an input
that broadcasts has stride 0 along the axes it lacks. A plan

1. **orders the axes by the result's memory**, its largest stride first, so that a
   piece is a run of the result's memory, not a scatter of lines;
2. **merges axes** that every operand steps through together, and drops size-1 axes:
   a contiguous computation becomes one long axis;
3. **cuts** the merged index space, in that order, into ranges of whole cache lines of
   the result, one range a piece. A range is a few boxes (a partial first row, whole
   rows, a partial last row, recursively), and each box is one NumPy call over the same
   box of every operand: broadcast and strided inputs are cut as the result is.

Reductions use that plan (``plan_pieces``). Element-wise functions cut NumPy's own
iteration space instead (``row_pieces``: the merged, ordered axes its iterator reports),
and where that space has more than one axis, only between whole rows: NumPy picks the
loop for a row (vectorised or not) from its strides, length and addresses, and NumPy's
vectorised and plain loops can differ in the last bit, so a piece must hand NumPy the very
rows the whole call would.

Each element belongs to exactly one box. Tests check the boxes against a brute-force
model. Pure Python: no NumPy, no buffers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import NamedTuple

from ._layout import product

Key = tuple[slice, ...]
"""One box: a slice per merged axis."""


class PiecePlan(NamedTuple):
    """Element-wise work over a shape, cut into pieces of boxes of merged indices."""

    axes: tuple[int, ...]                  # the result's axes in memory order (size-1 left out)
    shape: tuple[int, ...]                 # merged axes, outermost first
    strides: tuple[tuple[int, ...], ...]   # per operand (result first), over the merged axes
    pieces: tuple[tuple[Key, ...], ...]    # the boxes of each piece; together every index once


def memory_order(shape: Sequence[int], strides: Sequence[int]) -> tuple[int, ...]:
    """The axes longer than 1, by decreasing size of stride (ties: in axis order)."""
    axes = [axis for axis, length in enumerate(shape) if length != 1]
    return tuple(sorted(axes, key=lambda axis: -abs(strides[axis])))


def merged(
    shape: Sequence[int], operand_strides: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """``shape`` with each axis folded into the one before it wherever every operand
    steps over the outer axis exactly as over the whole inner one."""
    lengths = list(shape[:1])
    strides = [list(s[:1]) for s in operand_strides]
    for axis in range(1, len(shape)):
        length = shape[axis]
        if all(s[-1] == t[axis] * length for s, t in zip(strides, operand_strides)):
            lengths[-1] *= length
            for s, t in zip(strides, operand_strides):
                s[-1] = t[axis]
        else:
            lengths.append(length)
            for s, t in zip(strides, operand_strides):
                s.append(t[axis])
    return tuple(lengths), tuple(tuple(s) for s in strides)


def boxes(shape: Sequence[int], start: int, stop: int) -> Iterator[Key]:
    """The boxes that cover flat (row-major) indices ``start`` to ``stop`` of ``shape``:
    at most two per axis, each a slice per axis."""
    if start >= stop:
        return
    if len(shape) == 1:
        yield (slice(start, stop),)
        return
    inner = product(shape[1:])
    first, first_offset = divmod(start, inner)
    last, last_offset = divmod(stop, inner)
    if first == last:
        for key in boxes(shape[1:], first_offset, last_offset):
            yield (slice(first, first + 1), *key)
        return
    if first_offset:
        for key in boxes(shape[1:], first_offset, inner):
            yield (slice(first, first + 1), *key)
        first += 1
    if last > first:
        yield (slice(first, last), *[slice(0, length) for length in shape[1:]])
    if last_offset:
        for key in boxes(shape[1:], 0, last_offset):
            yield (slice(last, last + 1), *key)


def cut_points(total: int, pieces: int, line_items: int, first_line_item: int) -> list[int]:
    """``pieces + 1`` increasing flat indices from 0 to ``total``, the inner ones on a
    cache-line boundary of the result (item ``first_line_item`` starts a line; lines of
    ``line_items`` items), as even as that allows; repeats dropped."""
    points = [0]
    for piece in range(1, pieces):
        ideal = total * piece // pieces
        point = ideal - (ideal - first_line_item) % line_items if line_items > 1 else ideal
        if points[-1] < point < total:
            points.append(point)
    points.append(total)
    return points


def shrinking_cut_points(total: int, threads: int, least: int) -> list[int]:
    """Increasing flat indices from 0 to ``total`` that cut pieces shrinking as the work
    runs out: each a ``2 * threads``-th of what is left, of at least ``least`` items (the
    last may be shorter). Threads that take the next piece as they finish one then end
    close together, however late one of them started: the last pieces, the ones that
    end last, are short."""
    points = [0]
    while total - points[-1] > least:
        points.append(points[-1] + max(least, (total - points[-1]) // (2 * threads)))
    if points[-1] < total:
        points.append(total)
    return points


def plan_pieces(
    shape: Sequence[int],
    operand_strides: Sequence[Sequence[int]],
    pieces: int,
    result_itemsize: int,
    first_line_item: int | None = None,
    line_bytes: int = 64,
) -> PiecePlan:
    """Cut work over ``shape`` into up to ``pieces`` pieces of equal size in the memory
    order of the first operand (the result); strides in bytes. Where the result runs
    forward through memory and item ``first_line_item`` starts a cache line of
    ``line_bytes``, every cut falls on a line boundary."""
    axes = memory_order(shape, operand_strides[0])
    lengths, strides = merged(
        [shape[axis] for axis in axes], [[s[axis] for axis in axes] for s in operand_strides]
    )
    total = product(lengths)
    forward = (
        first_line_item is not None
        and len(lengths) > 0
        and strides[0][-1] == result_itemsize
        and all(s > 0 for s in strides[0])
    )
    line_items = max(1, line_bytes // result_itemsize) if forward else 1
    points = cut_points(total, pieces, line_items, first_line_item or 0)
    if not lengths:  # one element: one box of no axes
        return PiecePlan(axes, lengths, strides, (((),),))
    cut = tuple(tuple(boxes(lengths, start, stop)) for start, stop in pairwise(points))
    return PiecePlan(axes, lengths, strides, cut)


def row_pieces(
    shape: Sequence[int], pieces: int, result_itemsize: int, first_line_item: int | None,
    line_bytes: int = 64,
) -> tuple[tuple[Key, ...], ...]:
    """Cut the iteration space ``shape`` (NumPy's own: merged, in its order, the last
    axis the one its inner loop runs along) into up to ``pieces`` pieces of boxes.

    One axis: ranges, each cut on a cache line of the result (its item
    ``first_line_item`` starts a line; None: anywhere). More axes: runs of whole rows,
    so that every inner-loop call NumPy makes for a piece is one it makes for the whole
    (same start, strides and length: the same loop, the same bits).
    """
    if len(shape) == 1:
        line_items = max(1, line_bytes // result_itemsize) if first_line_item is not None else 1
        points = cut_points(shape[0], pieces, line_items, first_line_item or 0)
        return tuple(((slice(start, stop),),) for start, stop in pairwise(points))
    rows, row = shape[:-1], (slice(0, shape[-1]),)
    points = cut_points(product(rows), pieces, 1, 0)
    return tuple(tuple((*key, *row) for key in boxes(rows, start, stop))
                 for start, stop in pairwise(points))

