"""
How to copy a strided layout into a new contiguous buffer quickly, decided from the layout alone.

NumPy copies by walking the *destination* in order. When the source's fastest axis is not
the destination's (a transpose, a permutation that moves the last axis), every read lands
on a different cache line, and when those lines cannot stay cached until NumPy comes back
for their neighbours the copy runs at a fraction of memory speed. The layout knows both
orders, so it can do better with nothing but NumPy calls:

1. **Merge axes** that step through memory together in the source and the destination
   (and drop size-1 axes): fewer, longer axes; a contiguous source becomes one axis.
2. **Tile** when NumPy's own order would lose the source's lines from the cache (too
   many lines between reuses, or a stride whose lines share a few cache sets; see
   ``TilePolicy``): each block is then a tile of the source's and the destination's
   fastest axes, so the lines a tile loads are reused before they leave the cache.
3. **Split** a large copy into a few pieces per thread, which the threads take in turn;
   NumPy releases the GIL while it moves data, so the pieces proceed side by side.

A plan is a value: the merged shape (in destination order, last axis fastest), the
source's strides over it, the extents of a block, and the pieces of work: boxes of
half-open ``(start, stop)`` ranges, one per merged axis. Each box is copied as a few regular
regions (``regular_regions``), each in one NumPy call that visits whole blocks in turn.
Together they cover every index exactly once (tests check this, and that the merge keeps
every address, against the brute-force model). Pure Python: no NumPy, no buffers.
"""

from __future__ import annotations

from typing import NamedTuple

from ._bounded_cache import BoundedCache
from ._layout import Layout, Order, product


class TilePolicy(NamedTuple):
    """When to tile and how big a tile is (the defaults are measured on this machine).

    NumPy's own order reads ``reuse`` source lines before it comes back to the first
    one. It keeps them cached, and no tile is needed, unless ``reuse`` exceeds
    ``reuse_lines`` (half a megabyte of lines: more than an L2 holds for long), or the
    source's stride along the last axis is a multiple of ``aliasing_bytes`` (then all
    those lines fall into a few cache sets, which hold a few dozen) and ``reuse`` exceeds
    ``aliased_reuse_lines``. Measured: a transposed (n, n) float64 copies 4-40x slower
    than a contiguous one for n = 1024, 1536, 2048, 3072, 4096, where tiles took 0.14-0.3
    of NumPy's time, but only 2-7x slower for n = 1000, 1500, 2000, 3000, 4000, where
    tiles were no faster.
    """

    tile_lines: int = 16            # tile extent along the destination's fastest axis
    tile_span_bytes: int = 512      # tile extent along the source's fastest axis, in bytes
    reuse_lines: int = 8192
    aliasing_bytes: int = 1024
    aliased_reuse_lines: int = 64
    line_bytes: int = 64            # a cache line
    largest_item_bytes: int = 8     # larger items are not tiled (no bit copy of them is fast)


DEFAULT_POLICY = TilePolicy()

Box = tuple[tuple[int, int], ...]                  # (start, stop) per merged axis
Region = tuple[tuple[int, int, int], ...]          # (start, stop, block extent) per merged axis


class CopyPlan(NamedTuple):
    """A copy of a layout into a new contiguous buffer: merged axes, block extents, the
    pieces of work (boxes of merged indices) and how many threads take them."""

    shape: tuple[int, ...]            # merged axes, in destination order, last fastest
    source_strides: tuple[int, ...]   # in elements, one per merged axis
    extents: tuple[int, ...]          # the block: its extent along each merged axis
    parts: tuple[Box, ...]            # pieces of work; together they cover the shape
    tile_axes: tuple[int, int] | None  # (source's fastest, destination's fastest) when tiled
    threads: int                      # threads that take pieces in turn

    @property
    def is_one_call(self) -> bool:
        """True when one plain NumPy copy does the whole plan (one thread, no tiles)."""
        return len(self.parts) == 1 and self.tile_axes is None


def in_destination_order(layout: Layout, order: Order) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Shape and strides with the destination's slowest axis first: C keeps the axes,
    F reverses them (a column-major destination is row-major over reversed axes)."""
    if order == "F":
        return layout.shape[::-1], layout.strides[::-1]
    return layout.shape, layout.strides


def merged_axes(
    shape: tuple[int, ...], strides: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
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


def axes_to_tile(shape: tuple[int, ...], strides: tuple[int, ...], itemsize: int,
                 policy: TilePolicy = DEFAULT_POLICY) -> tuple[int, int] | None:
    """The source's fastest axis and the destination's (the last), when tiles pay: reading
    along the last axis skips at least a cache line, another axis reads closer, and
    NumPy's own order would lose the source's lines from the cache before it comes back
    to them (see ``TilePolicy``). Otherwise None."""
    last = len(shape) - 1
    stride_bytes = abs(strides[last]) * itemsize if shape else 0
    if last < 1 or stride_bytes < policy.line_bytes or itemsize > policy.largest_item_bytes:
        return None
    closer = [k for k in range(last) if 0 < abs(strides[k]) < abs(strides[last])]
    if not closer:
        return None
    fastest = min(closer, key=lambda k: abs(strides[k]))
    reuse = product(shape[fastest + 1 :])
    aliased = stride_bytes % policy.aliasing_bytes == 0
    if reuse <= (policy.aliased_reuse_lines if aliased else policy.reuse_lines):
        return None
    return fastest, last


def tiled_block_extents(shape: tuple[int, ...], tile: tuple[int, int], itemsize: int,
                        policy: TilePolicy = DEFAULT_POLICY) -> tuple[int, ...]:
    """Block extents: ``tile_span_bytes`` along the source's fastest axis (a few whole
    cache lines read in a row), ``tile_lines`` along the destination's (the source lines
    in flight at once), one index along every other axis.

    Few lines in flight matter most: the lines of a large power-of-two stride all fall
    in the same few cache sets, so only a handful stay cached together. Measured here on
    a transposed (2048, 2048) float64: 64 x 16 tiles took 0.15-0.26 of NumPy's time,
    64 x 64 tiles 0.3-0.4, and growing the block along a middle axis was slower still.
    """
    fastest, last = tile
    extents = [1] * len(shape)
    extents[fastest] = min(shape[fastest], max(1, policy.tile_span_bytes // itemsize))
    extents[last] = min(shape[last], policy.tile_lines)
    return tuple(extents)


def split_into_pieces(
    shape: tuple[int, ...], extents: tuple[int, ...], pieces: int
) -> tuple[Box, ...]:
    """At most ``pieces`` boxes covering ``shape``, cut along one axis: the slowest with
    enough whole blocks, else the slowest with enough elements (cutting within blocks),
    else the one with the most blocks."""
    whole = tuple((0, n) for n in shape)
    if pieces < 2 or not shape:
        return (whole,)
    units = [e if e < n else 1 for n, e in zip(shape, extents)]
    counts = [-(-n // u) for n, u in zip(shape, units)]
    axes_of_blocks = [a for a in range(len(shape)) if extents[a] < shape[a]]
    candidates = axes_of_blocks + [a for a in range(len(shape)) if a not in axes_of_blocks]
    axis = next((a for a in candidates if counts[a] >= pieces), counts.index(max(counts)))
    boxes = []
    for first, last in split_range(counts[axis], pieces):
        stop = min(last * units[axis], shape[axis])
        boxes.append(whole[:axis] + ((first * units[axis], stop),) + whole[axis + 1 :])
    return tuple(boxes)


def split_range(count: int, parts: int) -> list[tuple[int, int]]:
    """``range(count)`` cut into at most ``parts`` consecutive, nearly equal ``(first, last)``
    runs."""
    parts = max(1, min(parts, count))
    size, extra = divmod(count, parts)
    runs, first = [], 0
    for index in range(parts):
        last = first + size + (index < extra)
        runs.append((first, last))
        first = last
    return runs


def regular_regions(box: Box, extents: tuple[int, ...]) -> list[Region]:
    """``box`` cut into regions whose length along each axis is a multiple of the block
    extent there: the whole blocks, then the remainders (at most 2 ** ndim regions).

    Each region can be copied by one NumPy call over a view that splits every axis into
    (blocks, within a block) and visits the blocks in row-major order.
    """
    regions: list[Region] = [()]
    for (start, stop), extent in zip(box, extents):
        extent = max(min(extent, stop - start), 1)
        whole = start + (stop - start) // extent * extent
        pieces = [(start, whole, extent)] + ([(whole, stop, stop - whole)] if whole < stop else [])
        regions = [region + (piece,) for region in regions for piece in pieces]
    return regions


# pieces of work per thread: threads take the next piece when they finish one, so a
# thread that the OS runs late (another program on its core) costs at most a piece
PIECES_PER_THREAD = 4


def plan_copy(layout: Layout, itemsize: int, order: Order = "C", threads: int = 1,
              policy: TilePolicy = DEFAULT_POLICY, bytes_per_thread: int = 1 << 21,
              stream_threads: bool = False) -> CopyPlan:
    """Plan a copy of ``layout``'s elements into a new ``order``-contiguous buffer.

    ``threads`` is the most threads to use; fewer are used when the copy is smaller than
    ``bytes_per_thread`` per thread, and one when it is not tiled unless ``stream_threads``:
    such a copy already streams at close to memory speed from one core (measured here: two
    threads gained nothing, and lost up to 30 % when another program held the second
    core). The offset of ``layout`` plays no part: block ranges count from the first element.
    """
    key = (layout, itemsize, order, threads, policy, bytes_per_thread, stream_threads)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS.remember(key, _planned_copy(*key))
    return plan


_PLANS = BoundedCache(limit=512)
"""Plans already made: a plan depends only on its arguments."""


def _planned_copy(layout: Layout, itemsize: int, order: Order, threads: int,
                  policy: TilePolicy, bytes_per_thread: int, stream_threads: bool) -> CopyPlan:
    """``plan_copy``'s work, uncached."""
    if product(layout.shape) == 0:
        return CopyPlan((0,), (1,), (1,), (((0, 0),),), None, 1)
    shape, strides = merged_axes(*in_destination_order(layout, order))
    if not shape:  # a single element
        shape, strides = (1,), (1,)
    size_in_bytes = product(shape) * itemsize
    tile = axes_to_tile(shape, strides, itemsize, policy)
    if tile is None and not stream_threads:
        threads = 1
    threads = max(1, min(threads, size_in_bytes // max(bytes_per_thread, 1)))
    extents = shape if tile is None else tiled_block_extents(shape, tile, itemsize, policy)
    pieces = threads * PIECES_PER_THREAD if threads > 1 else 1
    parts = split_into_pieces(shape, extents, pieces)
    return CopyPlan(shape, strides, extents, parts, tile, threads)
