"""
How to copy a strided layout into a new contiguous buffer quickly, decided from the layout alone.

NumPy copies by walking the *destination* in order. When the source's fastest axis is not
the destination's (a transpose, a permutation that moves the last axis), every read lands
on a different cache line and the copy runs at a fraction of memory speed. The layout
knows both orders, so it can do better with nothing but NumPy slice assignments:

1. **Merge axes** that step through memory together in the source and the destination
   (and drop size-1 axes): fewer, longer axes; a contiguous source becomes one axis.
2. **Tile** when the destination's fastest axis reads the source at least a cache line
   apart and another axis reads it closer: each block then spans a tile of both axes (and
   as much of the axes between them as a cache-sized budget allows), so the lines one
   pass of the destination loads are reused by the next, before they leave the cache.
3. **Split** a large copy into one run of blocks per thread; NumPy releases the GIL while
   it moves a block, so the runs proceed side by side.

A plan is a value: the merged shape (in destination order, last axis fastest), the
source's strides over it, and per thread the blocks to copy, each a box of half-open
``(start, stop)`` ranges, one per merged axis. Together the blocks cover every index
exactly once (tests check this, and that the merge keeps every address, against the
brute-force model). Pure Python: no NumPy, no buffers.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ._layout import Layout, product

CACHE_LINE_BYTES = 64

Block = tuple[tuple[int, int], ...]


class CopyPlan(NamedTuple):
    """A copy of a layout into a new contiguous buffer, as boxes of merged indices."""

    shape: tuple[int, ...]            # merged axes, in destination order, last fastest
    source_strides: tuple[int, ...]   # in elements, one per merged axis
    parts: tuple[tuple[Block, ...], ...]   # per thread, blocks in the order they are copied
    tile_axes: tuple[int, int] | None  # (source's fastest, destination's fastest) when tiled

    @property
    def block_count(self) -> int:
        return sum(len(part) for part in self.parts)

    @property
    def is_single_block(self) -> bool:
        """True when the plan is one block: one NumPy call does the whole copy."""
        return self.block_count == 1


def in_destination_order(layout: Layout, order: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Shape and strides with the destination's slowest axis first: C keeps the axes,
    F reverses them (a column-major destination is row-major over reversed axes)."""
    if order == "F":
        return layout.shape[::-1], layout.strides[::-1]
    return layout.shape, layout.strides


def merged_axes(shape: tuple[int, ...], strides: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Drop size-1 axes and merge neighbours that the source steps through evenly
    (``stride[i] == stride[i + 1] * shape[i + 1]``); the row-major destination always
    steps through its axes evenly, so this merges exactly what both agree on."""
    merged_shape: list[int] = []
    merged_strides: list[int] = []
    for n, s in zip(shape, strides):
        if n == 1:
            continue
        if merged_shape and merged_strides[-1] == s * n:
            merged_shape[-1] *= n
            merged_strides[-1] = s
        else:
            merged_shape.append(n)
            merged_strides.append(s)
    return tuple(merged_shape), tuple(merged_strides)


def axes_to_tile(shape: tuple[int, ...], strides: tuple[int, ...], itemsize: int) -> tuple[int, int] | None:
    """The source's fastest axis and the destination's (the last), when reading along
    the last axis skips at least a cache line and another axis reads closer; else None."""
    last = len(shape) - 1
    if last < 1 or abs(strides[last]) * itemsize < CACHE_LINE_BYTES:
        return None
    closer = [k for k in range(last) if 0 < abs(strides[k]) < abs(strides[last])]
    if not closer:
        return None
    return min(closer, key=lambda k: abs(strides[k])), last


def tile_edge(itemsize: int, tile_bytes: int) -> int:
    """The largest power of two ``edge`` with ``edge * edge * itemsize <= tile_bytes`` (at least 2)."""
    edge = 2
    while (2 * edge) * (2 * edge) * itemsize <= tile_bytes:
        edge *= 2
    return edge


def tiled_block_extents(shape: tuple[int, ...], tile: tuple[int, int], itemsize: int, tile_bytes: int) -> tuple[int, ...]:
    """Block extents: a square tile over the two tiled axes, then the other axes, from the
    destination's fastest inward to its slowest, grown while the block fits ``tile_bytes``."""
    edge = tile_edge(itemsize, tile_bytes)
    extents = [1] * len(shape)
    for axis in tile:
        extents[axis] = min(shape[axis], edge)
    room = max(tile_bytes // itemsize // (extents[tile[0]] * extents[tile[1]]), 1)
    for axis in reversed(range(len(shape))):
        if axis in tile or room < 2:
            continue
        extents[axis] = min(shape[axis], room)
        room //= extents[axis]
    return tuple(extents)


def slab_extents(shape: tuple[int, ...], slabs: int) -> tuple[int, ...]:
    """Block extents that cut the slowest axis into ``slabs`` nearly equal slabs."""
    if not shape:
        return ()
    return (-(-shape[0] // max(slabs, 1)),) + shape[1:]


def blocks_of(shape: tuple[int, ...], extents: tuple[int, ...]) -> list[Block]:
    """The boxes of ``extents`` that tile ``shape``, in row-major order of the grid."""
    blocks: list[Block] = [()]
    for n, e in zip(shape, extents):
        ranges = [(start, min(start + e, n)) for start in range(0, n, e)]
        blocks = [block + (r,) for block in blocks for r in ranges]
    return blocks


def split_runs(blocks: list[Block], parts: int) -> tuple[tuple[Block, ...], ...]:
    """``blocks`` cut into at most ``parts`` consecutive runs of nearly equal length."""
    parts = max(1, min(parts, len(blocks)))
    size, extra = divmod(len(blocks), parts)
    runs, start = [], 0
    for index in range(parts):
        stop = start + size + (index < extra)
        runs.append(tuple(blocks[start:stop]))
        start = stop
    return tuple(runs)


@lru_cache(maxsize=512)
def plan_copy(layout: Layout, itemsize: int, order: str = "C", threads: int = 1,
              tile_bytes: int = 1 << 17, bytes_per_thread: int = 1 << 20) -> CopyPlan:
    """Plan a copy of ``layout``'s elements into a new ``order``-contiguous buffer.

    ``threads`` is the most threads to use; fewer are used when the copy is smaller than
    ``bytes_per_thread`` per thread. The offset of ``layout`` plays no part: block ranges
    count from the first element.
    """
    if product(layout.shape) == 0:
        return CopyPlan((0,), (1,), ((((0, 0),),),), None)
    shape, strides = merged_axes(*in_destination_order(layout, order))
    if not shape:  # a single element
        shape, strides = (1,), (1,)
    size_in_bytes = product(shape) * itemsize
    threads = max(1, min(threads, size_in_bytes // max(bytes_per_thread, 1)))
    tile = axes_to_tile(shape, strides, itemsize)
    if tile is None:
        extents = slab_extents(shape, threads)
    else:
        extents = tiled_block_extents(shape, tile, itemsize, tile_bytes)
    return CopyPlan(shape, strides, split_runs(blocks_of(shape, extents), threads), tile)
