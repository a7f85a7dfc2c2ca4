"""
The moves of an index-preserving resize, as pure layout arithmetic.

Resizing a C-contiguous array from ``old_shape`` to ``new_shape`` (same rank) in place
keeps every element whose multi-index fits both shapes at that multi-index. It runs in
two passes so that no move overwrites data not yet read: first every axis that shrinks
is cut to its new size, moving blocks front to back (each block moves to a lower or
equal address); then every axis that grows is widened, moving blocks back to front
(each block moves to a higher or equal address). A block is one row of the innermost
axis, so the passes loop over rows, never over elements.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ._layout import row_major_strides


def _row_moves(
    source_shape: tuple[int, ...], target_shape: tuple[int, ...], backwards: bool = False
) -> Iterator[tuple[int, int, int]]:
    """(source start, target start, length) of each kept row that moves, in increasing
    address order (decreasing when ``backwards``)."""
    kept = tuple(min(a, b) for a, b in zip(source_shape, target_shape))
    if not kept or 0 in kept:
        return
    source_strides = row_major_strides(source_shape)
    target_strides = row_major_strides(target_shape)
    ranges = (range(n - 1, -1, -1) if backwards else range(n) for n in kept[:-1])
    for outer in itertools.product(*ranges):
        source = sum(i * s for i, s in zip(outer, source_strides))
        target = sum(i * s for i, s in zip(outer, target_strides))
        if source != target:
            yield source, target, kept[-1]


def kept_shape(old_shape: tuple[int, ...], new_shape: tuple[int, ...]) -> tuple[int, ...]:
    """The indices both shapes share: the elements a resize keeps."""
    return tuple(min(a, b) for a, b in zip(old_shape, new_shape))


def shrinking_moves(
    old_shape: tuple[int, ...], new_shape: tuple[int, ...]
) -> Iterator[tuple[int, int, int]]:
    """First pass: cut every shrinking axis; blocks move front to back."""
    return _row_moves(old_shape, kept_shape(old_shape, new_shape))


def growing_moves(
    old_shape: tuple[int, ...], new_shape: tuple[int, ...]
) -> Iterator[tuple[int, int, int]]:
    """Second pass: widen every growing axis; blocks move back to front."""
    return _row_moves(kept_shape(old_shape, new_shape), new_shape, backwards=True)
