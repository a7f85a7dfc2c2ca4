"""
Manipulation kernels: the manipulation functions that move elements into new memory.

Views (permute, expand, squeeze, flip, broadcast) are layouts only and never come here.
The chapters (``_manipulation_functions``, ``layout``) check every argument; these
functions run NumPy on our arrays' elements and hand back a new NumPy array (for
``Array._adopt``) or storage and layout. They take our arrays (``Elements``), our DTypes
and plain Python values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from .._tables._dtypes import DType
from .._tables._layout import column_major_strides, make_layout
from .._tables._arguments import INT64_MAX
from . import _piecewise_kernels as piecewise
from ._copy_kernels import copy_strided
from ._creation_kernels import StorageAndLayout
from .._runtime._memory import check_allocation
from ._numpy_views import contiguous_copy, silenced, wrap_result
from ._operand_kernels import Elements
from ._storage import Storage


def row_major_copy(x: Elements, shape: tuple[int, ...] | None = None) -> np.ndarray:
    """A new C-contiguous copy of ``x``'s elements read in row-major order, seen with
    ``shape`` (of ``x``'s size: the caller's layout code decided on this copy; None
    keeps ``x``'s shape)."""
    copied = contiguous_copy(x._numpy())
    return copied if shape is None else copied.reshape(shape)


def column_major_copy(x: Elements, shape: tuple[int, ...]) -> StorageAndLayout:
    """A new buffer of ``x``'s elements read in column-major order, laid out
    F-contiguous with ``shape`` (of ``x``'s size): one planned copy."""
    flat = copy_strided(x._numpy(), None, "F").reshape(-1, order="F")  # a view: no copy
    return Storage(flat), make_layout(shape, column_major_strides(shape), 0)


def concatenated(arrays: Sequence[Elements], axis: int, dtype: DType) -> StorageAndLayout:
    """The arrays joined along an existing ``axis``, in ``dtype``."""
    views = [x._numpy() for x in arrays]
    return wrap_result(silenced(np.concatenate, views, axis=axis, dtype=dtype.dtype))


def small_join(arrays: Sequence[Elements], axis: int) -> np.ndarray | None:
    """The arrays (of one dtype and rank) joined along ``axis`` in one NumPy call, in C
    order (as every manipulation's result), when each has fewer elements than any work
    sends to threads; None for more, and for shapes that do not agree (``concat``'s fast
    path; its general path is ``concatenated``)."""
    views = [x._numpy() for x in arrays]
    for view in views:
        if not piecewise.below_lowest_threshold(view.size):
            return None
    try:
        joined = np.concatenate(views, axis=axis)
    except ValueError:
        return None
    return joined if joined.flags.c_contiguous else np.ascontiguousarray(joined)


def stacked(arrays: Sequence[Elements], axis: int, dtype: DType) -> StorageAndLayout:
    """The arrays (of one shape) joined along a new ``axis``, in ``dtype``."""
    views = [x._numpy() for x in arrays]
    return wrap_result(silenced(np.stack, views, axis=axis, dtype=dtype.dtype))


def repeated(x: Elements, repeats: Elements | int, axis: int, dtype: DType) -> StorageAndLayout:
    """Each element of ``x`` repeated along ``axis``: ``repeats`` times (an int), or as
    many times as the integer array ``repeats`` says, one count per element (or one for
    all; the caller has checked its shape), of ``x``'s ``dtype``. ValueError if a count is
    negative; the errors of ``_checked_counts`` for counts too large."""
    view = x._numpy()
    if isinstance(repeats, int):
        counts: np.ndarray | int = repeats
    else:
        counts = _checked_counts(repeats._numpy(), view.shape, axis, dtype)
    return wrap_result(silenced(np.repeat, view, counts, axis=axis))


def _checked_counts(
    counts: np.ndarray, shape: tuple[int, ...], axis: int, dtype: DType
) -> np.ndarray:
    """An array of repeat counts as int64 (NumPy's type for them), after checking that
    none is negative or beyond int64 and that the result fits an array and the
    machine's memory (ValueError, OverflowError, MemoryError naming ``repeat``)."""
    if counts.size == 0:
        return counts.astype(np.int64)
    if int(counts.min()) < 0:
        raise ValueError("repeat(): 'repeats' must not be negative")
    largest = int(counts.max())
    if largest > INT64_MAX:
        raise OverflowError(
            f"repeat(): 'repeats' holds {largest}; counts must fit in int64 ([0, {INT64_MAX}])"
        )
    counts = counts.astype(np.int64)
    per_element = shape[axis] if counts.size == 1 else 1
    if largest * counts.size * per_element <= INT64_MAX:
        length = int(counts.sum()) * per_element
    else:  # the int64 sum could wrap: add as Python ints
        length = sum(counts.tolist()) * per_element
    result = shape[:axis] + (length,) + shape[axis + 1 :]
    if length > INT64_MAX or math.prod(result) > INT64_MAX:
        raise ValueError(
            f"repeat(): 'repeats' would make an array of shape {result}, more elements "
            "than an array can hold"
        )
    check_allocation(result, dtype, "repeat", "'repeats'")
    return counts


def rolled(x: Elements, shifts: tuple[int, ...], axes: tuple[int, ...] | None) -> StorageAndLayout:
    """``x``'s elements shifted cyclically by ``shifts`` along ``axes``; with ``axes``
    None, the flattened elements by the one shift, in ``x``'s shape."""
    if axes is None:
        return wrap_result(silenced(np.roll, x._numpy(), shifts[0]))
    return wrap_result(silenced(np.roll, x._numpy(), shifts, axis=axes))


def tiled(x: Elements, repetitions: tuple[int, ...]) -> StorageAndLayout:
    """``x`` repeated whole ``repetitions[k]`` times along each axis (aligned to the
    trailing axes)."""
    view = x._numpy()
    ndim = max(view.ndim, len(repetitions))
    counts = (1,) * (ndim - len(repetitions)) + repetitions
    sizes = (1,) * (ndim - view.ndim) + view.shape
    shape = tuple(size * count for size, count in zip(sizes, counts))
    if 0 in shape:  # NumPy's tile builds its result through a large intermediate shape
        return wrap_result(np.empty(shape, dtype=view.dtype))
    return wrap_result(silenced(np.tile, view, repetitions))
