"""
The one copy routine: a strided NumPy view into a new contiguous buffer, as planned.

``_copy_plan`` decides the merged axes, the tiles and one box per thread from the layout;
this module only moves the boxes, each in one NumPy call (or a few) over views that visit
tile after tile, on the threads of ``_threads`` (NumPy releases the GIL while it moves
data). Small copies skip the plan and stay one NumPy call.

Knobs, module-level so that tests and benchmarks can turn them:

- ``set_copy_threads(n)``: the old name of ``_threads.set_threads``, the most threads one
  copy (and one element-wise function or reduction) uses; ``copy_threads()`` reads it.
- ``SMALL_COPY_BYTES``: copies below this many bytes are one NumPy call.
- ``TILE_POLICY``: when a copy is tiled and how big a tile is (``_copy_plan.TilePolicy``).
- ``BYTES_PER_THREAD``: a copy uses another thread only for this many more bytes.
- ``STREAM_THREADS``: whether copies that need no tiles (NumPy's order already streams)
  use threads too; off by default (see ``_copy_plan.plan_copy``).
"""

from __future__ import annotations

import numpy as np

from .._tables._copy_plan import Box, CopyPlan, Region, TilePolicy, plan_copy, regular_regions
from .._tables._layout import Order, make_layout
from . import _piecewise_kernels as piecewise
from .._runtime import _threads

SMALL_COPY_BYTES = 1 << 18
TILE_POLICY = TilePolicy()
BYTES_PER_THREAD = 1 << 21
STREAM_THREADS = False


def copy_threads() -> int:
    """The most threads one copy uses: the one setting of ``_threads`` (its old name)."""
    return _threads.threads()


def set_copy_threads(threads: int | None) -> int:
    """``_threads.set_threads`` by its old name: copies, element-wise functions and
    reductions share one setting. Returns the old value."""
    return _threads.set_threads(threads, "set_copy_threads")


def copy_strided(
    source: np.ndarray, numpy_dtype: np.dtype | None = None, order: Order = "C"
) -> np.ndarray:
    """A new copy of ``source``'s elements, contiguous in ``order`` (C or F), in
    ``numpy_dtype`` if given (an unsafe cast, which the callers have allowed).

    Returns an array of ``source``'s shape; its memory is contiguous in ``order``.
    """
    same_dtype = numpy_dtype is None or numpy_dtype is source.dtype
    if same_dtype and source.nbytes < SMALL_COPY_BYTES:
        return source.copy(order)  # positional: a keyword costs more than the check
    dtype = source.dtype if numpy_dtype is None else numpy_dtype
    if (source.size * max(source.itemsize, dtype.itemsize) < SMALL_COPY_BYTES
            and piecewise.below_lowest_threshold(source.size)):
        return source.astype(dtype, order)  # no plan, no threads: NumPy's one cast
    plan = _plan_for(source, dtype, order)
    if plan is None or plan.is_one_call:
        if same_dtype:
            return source.copy(order)
        result = np.empty(source.shape, dtype=numpy_dtype, order=order)
        if source.size >= piecewise.LOWEST_THREADING_THRESHOLD:  # in pieces, if it pays
            threads = piecewise.threads_for(source.size, piecewise.MEMORY_BOUND)
            if threads > 1:
                return piecewise.fill(piecewise.converted_into, result, (source,), threads, True)
        np.copyto(result, source, casting="unsafe")
        return result
    result = np.empty(source.shape, dtype=dtype, order=order)
    flat_result = result.reshape(-1, order=order)  # a view: the result is contiguous
    run_plan(plan, source, flat_result.reshape(plan.shape))
    return result


def _plan_for(source: np.ndarray, dtype: np.dtype, order: Order) -> CopyPlan | None:
    """The copy plan, or None where one NumPy call is as good (small copies, copies that
    read the source densely along the destination's fastest axis, byte strides that are
    not whole elements)."""
    itemsize = source.itemsize
    if source.size * max(itemsize, dtype.itemsize) < SMALL_COPY_BYTES:
        return None
    if not STREAM_THREADS and _reads_densely(source, order):
        return None  # the plan could neither tile nor thread it: skip planning
    byte_strides = source.strides
    if any(s % itemsize for s in byte_strides):
        return None
    layout = make_layout(source.shape, tuple([s // itemsize for s in byte_strides]), 0)
    plan = plan_copy(layout, itemsize, order, _threads.threads(), TILE_POLICY, BYTES_PER_THREAD,
                     STREAM_THREADS)
    if plan.threads > 1:  # ask the load average only when threads are in play
        threads = _threads.threads_for_now()
        if threads < plan.threads:
            plan = plan_copy(layout, itemsize, order, threads, TILE_POLICY, BYTES_PER_THREAD,
                             STREAM_THREADS)
    return plan


def _reads_densely(source: np.ndarray, order: Order) -> bool:
    """True when the destination's fastest axis (the last longer than 1 for C, the first
    for F) steps through the source less than a cache line at a time."""
    axes = range(source.ndim - 1, -1, -1) if order == "C" else range(source.ndim)
    for axis in axes:
        if source.shape[axis] > 1:
            return abs(source.strides[axis]) < TILE_POLICY.line_bytes
    return True


def run_plan(plan: CopyPlan, source: np.ndarray, target: np.ndarray) -> None:
    """Copy ``source`` (any shape holding the plan's elements) into ``target`` (the
    merged shape, row-major): this thread and the plan's helper threads take its pieces
    in turn, so a helper the OS runs late costs at most a piece."""
    itemsize = source.itemsize
    merged_source = np.lib.stride_tricks.as_strided(
        source, plan.shape, tuple([s * itemsize for s in plan.source_strides]), writeable=False
    )
    if plan.tile_axes is not None and source.dtype == target.dtype:
        merged_source, target = _as_unsigned(merged_source), _as_unsigned(target)

    def copy_box(box: Box) -> None:
        for region in regular_regions(box, plan.extents):
            _copy_region(merged_source, target, region)

    _threads.run_pieces(plan.parts, copy_box, plan.threads)


_UNSIGNED_OF_SIZE = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def _as_unsigned(array: np.ndarray) -> np.ndarray:
    """The same bytes seen as unsigned integers, which ``positive`` copies bit for bit
    (tiled plans hold items of at most 8 bytes: ``TilePolicy.largest_item_bytes``)."""
    return array.view(_UNSIGNED_OF_SIZE[array.itemsize])


def _copy_region(source: np.ndarray, target: np.ndarray, region: Region) -> None:
    """One NumPy call for a region of whole blocks: both arrays seen with every split
    axis as (blocks, within a block), block axes first. Where the two orders disagree
    NumPy's iterator keeps the given order, so it visits block after block."""
    key = tuple([slice(start, stop) for start, stop, _ in region])
    source, target = source[key], target[key]
    if source.dtype != target.dtype:  # a conversion: NumPy's order (tiles need a bit copy)
        np.copyto(target, source, casting="unsafe")
    elif all(stop - start == extent for start, stop, extent in region):
        target[...] = source
    else:
        np.positive(_blocked(source, region), out=_blocked(target, region))


def _blocked(array: np.ndarray, region: Region) -> np.ndarray:
    """``array`` (the region) with each axis longer than its block extent split into
    (blocks, extent): the block axes first, then the axes within a block (size-1 axes
    left out: fewer axes for NumPy's iterator to step through)."""
    outer_shape, outer_strides, inner_shape, inner_strides = [], [], [], []
    for (start, stop, extent), stride in zip(region, array.strides):
        if stop - start > extent:
            outer_shape.append((stop - start) // extent)
            outer_strides.append(stride * extent)
        if extent > 1:
            inner_shape.append(extent)
            inner_strides.append(stride)
    return np.lib.stride_tricks.as_strided(
        array,
        tuple(outer_shape + inner_shape),
        tuple(outer_strides + inner_strides),
        writeable=array.flags.writeable,
    )
