"""
Large element-wise work and order-free reductions, cut into pieces that the threads of
``_threads`` compute side by side (NumPy releases the GIL inside its loops).

Element-wise: the result is made first, with NumPy's shape, dtype and memory order (the
order its own iterator gives a new result). NumPy's iterator then reports how one call
would walk the operands and the result (merged axes, its order); ``_piece_plan`` cuts
that walk into boxes, and each box is one NumPy call writing its part of the result.
NumPy computes every element alone, but it picks a vectorised or a plain loop (which can
differ in the last bit) from the strides, length and addresses of each inner loop, so the
boxes keep NumPy's inner loops whole wherever the choice could differ: the bits are
those of NumPy's one call writing into the same result.

Reductions: only those whose answer does not depend on the order elements are combined
in (``max``, ``min``, ``any``, ``all``, ``count_nonzero``, ``argmax``, ``argmin``); each
box is reduced alone and the boxes' answers combined. ``sum``, ``prod``, ``mean``, ``var``,
``std`` and the cumulative functions stay one NumPy call: another order of additions
changes the last bits. Where even an order-free reduction could differ (the sign of a
zero maximum: NumPy keeps whichever zero its loop meets as it goes), the answer is
computed again in one call. Over every element of a contiguous array the boxes are plain
ranges of one flat view (large work leaves the caches cold, so the Python around the
NumPy calls, a plan or a strided view, costs several times what it costs warm), and
where every thread has a CPU they shrink as the work runs out, so that the threads end
together.

Small work stays one NumPy call: ``THREADING_THRESHOLDS`` gives, for each kind of work
(named by its cost per element: ``MEMORY_BOUND``, ``UNDER_1NS``, ``FROM_1_TO_4NS``,
``OVER_4NS``, and ``MASKED_COPY`` for ``where``, ``REDUCTION``), the fewest result elements
(for reductions, input elements) worth threads, measured with ``benchmarks/thresholds.py``
on float64. An element-wise function's kind of work is its record's (``_elementwise_records``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from types import MappingProxyType
from typing import Any

import numpy as np

from .._tables._layout import broadcast_shape, product, row_major_strides
from .._tables._piece_plan import (
    Key, cut_points, plan_pieces, row_pieces, shrinking_cut_points,
)
from .._runtime import _threads

# --- kinds of work, by their cost per element, and where threads start to pay ----------

MEMORY_BOUND = "memory_bound"
"""Work that takes the time of moving its operands: arithmetic, comparisons, bitwise
operations, conversions (``astype``)."""

MASKED_COPY = "masked_copy"
"""``where``: a copy of one operand, then a masked copy of the other over it."""

UNDER_1NS = "under_1ns"
"""0.5 to 1 ns an element of float64 here: NumPy's vectorised loops (``exp``, ``log``)."""

FROM_1_TO_4NS = "1_to_4ns"
"""1 to 4 ns an element of float64 (``pow``, ``atan2``, the inverse sines)."""

OVER_4NS = "over_4ns"
"""Over 4 ns an element of float64: NumPy's plain loops (``sin``, ``remainder``)."""

REDUCTION = "reduction"
"""An order-free reduction; its size is its input's."""

_THRESHOLDS: dict[str, int] = {
    MEMORY_BOUND: 1 << 22, MASKED_COPY: 1 << 16, UNDER_1NS: 1 << 19, FROM_1_TO_4NS: 1 << 18,
    OVER_4NS: 1 << 15, REDUCTION: 1 << 22,
}

THREADING_THRESHOLDS: Mapping[str, int] = MappingProxyType(_THRESHOLDS)
"""Per kind of work, the fewest elements worth more than one thread (float64, measured
by ``benchmarks/thresholds.py``: handing a piece to a helper costs tens of microseconds,
so the cheaper an element, the more of them it takes to pay). Read-only: change it with
``set_threading_thresholds``, which keeps ``LOWEST_THREADING_THRESHOLD`` in step."""

LOWEST_THREADING_THRESHOLD = min(_THRESHOLDS.values())
"""The least of ``THREADING_THRESHOLDS``: fewer elements never go to threads, whatever the
work. The hot paths test it first (the compiled ones through ``below_lowest_threshold``)."""


def below_lowest_threshold(count: int) -> bool:
    """True when ``count`` elements are fewer than any kind of work sends to threads."""
    return count < LOWEST_THREADING_THRESHOLD


def set_threading_thresholds(thresholds: Mapping[str, int]) -> dict[str, int]:
    """Set the thresholds of the kinds of work in ``thresholds`` (the benchmarks and the
    tests lower them); return every threshold as it was, to be set back the same way.

    >>> from array_api_reshape._kernels import _piecewise_kernels as piecewise
    >>> saved = piecewise.set_threading_thresholds({piecewise.OVER_4NS: 2})
    >>> piecewise.LOWEST_THREADING_THRESHOLD
    2
    >>> _ = piecewise.set_threading_thresholds(saved)
    >>> piecewise.LOWEST_THREADING_THRESHOLD == min(piecewise.THREADING_THRESHOLDS.values())
    True
    """
    global LOWEST_THREADING_THRESHOLD
    unknown = sorted(set(thresholds) - set(_THRESHOLDS))
    if unknown:
        raise ValueError(
            f"set_threading_thresholds(): unknown kinds of work {unknown}; "
            f"expected some of {sorted(_THRESHOLDS)}"
        )
    previous = dict(_THRESHOLDS)
    _THRESHOLDS.update(thresholds)
    LOWEST_THREADING_THRESHOLD = min(_THRESHOLDS.values())
    return previous


PIECE_BYTES = 1 << 20
"""The least a piece holds: of the result for element-wise work, of the input for
reductions (fewer pieces when there is less)."""

PIECES_PER_THREAD = 4
"""Pieces per thread: helpers that start late, or run slower, take fewer of them."""


def threads_for(size: int, work: str) -> int:
    """Threads for ``size`` elements of ``work`` (a kind of work, a key of
    ``THREADING_THRESHOLDS``): 1 below its threshold (and for one element, whatever the
    threshold)."""
    if size < _THRESHOLDS[work] or size < 2 or _threads.threads() == 1:
        return 1
    return _threads.threads_for_now()


# --- element-wise ------------------------------------------------------------------


def new_result(operands: Sequence[Any], dtype: np.dtype) -> np.ndarray:
    """An empty result for an element-wise NumPy function of ``operands`` (arrays or
    scalars): their broadcast shape, in ``dtype``, in the memory order NumPy's iterator
    gives a new result (order "K", the ufuncs' own)."""
    arrays = [np.asarray(operand) for operand in operands]
    with_result: list[Any] = [*arrays, None]
    dtypes: list[Any] = [array.dtype for array in arrays] + [dtype]
    op_flags: list[Any] = [["readonly"]] * len(arrays) + [["writeonly", "allocate"]]
    iterator = np.nditer(
        with_result,
        flags=["zerosize_ok", "refs_ok"],
        op_flags=op_flags,
        op_dtypes=dtypes,
        order="K",
    )
    return iterator.operands[-1]


def _sample(operand: Any) -> Any:
    """One element of an array operand, still an array of its dimensions (a scalar or
    0-d array as it is: NumPy treats Python scalars as weak, 0-d arrays as not)."""
    if isinstance(operand, np.ndarray) and operand.ndim:
        return operand[(slice(0, 1),) * operand.ndim]
    return operand


def _first_line_item(array: np.ndarray) -> int | None:
    """The index of the first item of ``array``'s memory that starts a cache line."""
    address = array.__array_interface__["data"][0]
    if address % array.itemsize:
        return None
    return (-address % 64) // array.itemsize


def _merged_view(array: np.ndarray, shape: tuple[int, ...], strides: tuple[int, ...],
                 writeable: bool) -> np.ndarray:
    return np.lib.stride_tricks.as_strided(array, shape, strides, writeable=writeable)


def _runs_backwards(operand: Any) -> bool:
    """Whether an array operand steps back through memory along some axis."""
    return isinstance(operand, np.ndarray) and any(
        stride < 0 and length > 1 for stride, length in zip(operand.strides, operand.shape))


def _seems_to_overlap(inputs: Sequence[np.ndarray], result: np.ndarray) -> bool:
    """Whether NumPy, calling its inner loop once over the whole of these 1-d operands,
    would take an input for one overlapping the result: its test spans one item past
    each end, so an input that ends just where the result starts counts. NumPy then
    takes its plain loop for every element, where a piece (spanning less) would not."""
    def span(array: np.ndarray) -> tuple[int, int]:
        start = array.__array_interface__["data"][0]
        end = start + array.strides[0] * array.shape[0]
        return (start, end) if start <= end else (end, start)

    out_start, out_end = span(result)
    for array in inputs:
        start, end = span(array)
        if (start, end) != (out_start, out_end) and start <= out_end and out_start <= end:
            return True
    return False


def fill(function: Callable[..., Any], result: np.ndarray, operands: Sequence[Any],
         threads: int, writes_out: bool | None = None) -> np.ndarray:
    """``result`` filled with ``function`` of ``operands`` (broadcast to its shape), in
    pieces on up to ``threads`` threads: a function that ``writes_out`` (by default, a
    ufunc) writes each box in place (``out=``); any other function's box is computed,
    then copied in.

    The pieces cut NumPy's own iteration of the call (its iterator's merged, ordered
    axes), between whole rows where it has several: each piece makes inner-loop calls
    the whole call makes, so every element gets the loop it gets there. One call does
    it all where that cannot hold: an operand running backwards (NumPy may turn it
    around for the whole call), or operands NumPy would take for overlapping."""
    in_place = isinstance(function, np.ufunc) if writes_out is None else writes_out
    arrays = [i for i, operand in enumerate(operands)
              if isinstance(operand, np.ndarray) and operand.ndim]
    one_call = any(_runs_backwards(operands[i]) for i in arrays)
    if not one_call:
        op_flags: list[Any] = [["readonly"]] * len(arrays) + [["writeonly"]]
        iteration = np.nditer(
            [operands[i] for i in arrays] + [result],
            flags=["zerosize_ok", "refs_ok"],
            op_flags=op_flags,
            order="K",
        ).itviews
        one_call = (len(iteration[-1].shape) == 1
                    and _seems_to_overlap(iteration[:-1], iteration[-1]))
    if one_call:
        if in_place:
            function(*operands, out=result)
        else:
            result[...] = function(*operands)
        return result
    target = iteration[-1]
    views = list(operands)
    for i, view in zip(arrays, iteration):
        views[i] = view
    pieces = max(threads, min(threads * PIECES_PER_THREAD, result.nbytes // PIECE_BYTES))
    first_line = _first_line_item(result) if target.strides[-1] == result.itemsize else None
    cut = row_pieces(target.shape, pieces, result.itemsize, first_line)

    def compute(piece: tuple[Key, ...]) -> None:
        for key in piece:
            arguments = [views[i][key] if i in arrays else views[i] for i in range(len(views))]
            if in_place:
                function(*arguments, out=target[key])
            else:
                target[key] = function(*arguments)

    _threads.run_pieces(cut, compute, threads)
    return result


def computed(function: Callable[..., Any], operands: Sequence[Any], threads: int) -> np.ndarray:
    """``function`` (a NumPy function computing each element alone) of ``operands``,
    broadcast together, as one NumPy call would give it, in pieces on ``threads``
    threads. The caller sets NumPy's error state; the helpers inherit it."""
    if any(_runs_backwards(operand) for operand in operands):
        return np.asarray(function(*operands))
    dtype = np.asarray(function(*[_sample(operand) for operand in operands])).dtype
    return fill(function, new_result(operands, dtype), operands, threads)


def chosen_into(condition: np.ndarray, x1: Any, x2: Any, *, out: np.ndarray) -> None:
    """``numpy.where(condition, x1, x2)`` written into ``out`` (of their dtype already),
    with no array in between: ``x2`` everywhere, then ``x1`` where ``condition`` holds."""
    np.copyto(out, x2)
    np.copyto(out, x1, where=condition)


def clipped_into(x: np.ndarray, low: Any, high: Any, *, out: np.ndarray) -> None:
    """``x`` limited to ``[low, high]`` (either may be None) written into ``out``, as
    ``minimum(maximum(x, low), high)`` computes it."""
    if low is None:
        np.copyto(out, x)
    else:
        np.maximum(x, low, out=out)
    if high is not None:
        np.minimum(out, high, out=out)


def converted_into(x: np.ndarray, *, out: np.ndarray) -> None:
    """``x`` converted to ``out``'s dtype (an unsafe cast, which the caller allowed)."""
    np.copyto(out, x, casting="unsafe")


def result_size(operands: Sequence[Any]) -> int:
    """The number of elements of the broadcast result of ``operands`` (arrays that
    broadcast together, and scalars)."""
    shapes = [operand.shape for operand in operands if isinstance(operand, np.ndarray)]
    if not shapes:
        return 1
    if all(shape == shapes[0] for shape in shapes):
        return product(shapes[0])
    return product(broadcast_shape(*shapes) or ())


# --- reductions --------------------------------------------------------------------

ORDER_FREE = frozenset({"max", "min", "any", "all", "count_nonzero"})
"""Reductions whose answer is the same however the elements are grouped."""

_COMBINE: dict[str, Callable[..., Any]] = {  # each takes the list of the boxes' answers
    "max": np.maximum.reduce, "min": np.minimum.reduce, "any": np.logical_or.reduce,
    "all": np.logical_and.reduce, "count_nonzero": np.add.reduce,
}


def _piece_count(nbytes: int, threads: int) -> int:
    return max(threads, min(threads * PIECES_PER_THREAD, nbytes // PIECE_BYTES))


def _unguarded(x: np.ndarray) -> bool:
    """Whether views of ``x`` for reading may stay writeable as ``x`` is: NumPy's argmax
    and argmin copy a read-only array first (measured: 4x the time of the search), so
    the pieces are read-only only where ``x`` is."""
    return bool(x.flags.writeable)


def _zero_sign_unsettled(name: str, x: np.ndarray, answer: Any) -> bool:
    """Whether a maximum or minimum (an array, or a NumPy scalar) came out a floating zero
    somewhere: whether +0 or -0 depends on the order NumPy met them in, so one NumPy call
    must answer."""
    if name not in ("max", "min") or x.dtype.kind != "f":
        return False
    zero = answer == 0
    return bool(zero.any()) if isinstance(zero, np.ndarray) else bool(zero)


def reduced(name: str, function: Callable[..., Any], x: np.ndarray, axes: tuple[int, ...],
            keepdims: bool, threads: int) -> np.ndarray:
    """The order-free reduction ``name`` (NumPy's ``function``; also ``argmax`` and
    ``argmin`` over one axis) of ``x`` over ``axes``, in pieces on ``threads`` threads:
    the array one NumPy call gives. Over every axis, each box of ``x`` is reduced and the
    answers combined; over some, the kept axes are cut and each box of the result is
    reduced from its own rows."""
    if len(axes) == x.ndim and name in ("argmax", "argmin"):
        position = position_of_extremum(name, x, threads)
        return np.asarray(position).reshape((1,) * x.ndim if keepdims else ())
    if len(axes) == x.ndim:
        return _reduced_whole(name, function, x, keepdims, threads)
    kept = [axis for axis in range(x.ndim) if axis not in axes]
    probe = x[tuple(slice(0, 2) for _ in range(x.ndim))]  # x's strides: NumPy's result order
    probed = np.asarray(_along(name, function, probe, axes))
    kept_shape = tuple(x.shape[axis] for axis in kept)
    result = _laid_out_as(kept_shape, probed.dtype, probed.strides)
    if result.size < threads:
        return np.asarray(_along(name, function, x, axes, keepdims=keepdims))
    moved = np.moveaxis(x, list(axes), list(range(len(kept), x.ndim)))
    kept_strides = moved.strides[:len(kept)]
    plan = plan_pieces(kept_shape, [result.strides, kept_strides],
                       _piece_count(x.nbytes, threads), result.itemsize)
    target = _merged_view(result, plan.shape, plan.strides[0], True)
    rows = np.lib.stride_tricks.as_strided(
        moved, plan.shape + moved.shape[len(kept):], plan.strides[1] + moved.strides[len(kept):],
        writeable=_unguarded(x))
    inner = tuple(range(len(plan.shape), rows.ndim))
    full = (slice(None),) * len(inner)
    writes_out = name != "count_nonzero"

    def reduce_piece(piece: tuple[Key, ...]) -> None:
        for key in piece:
            if writes_out:
                _along(name, function, rows[key + full], inner, out=target[key])
            else:
                target[key] = _along(name, function, rows[key + full], inner)

    _threads.run_pieces(plan.pieces, reduce_piece, threads)
    if _zero_sign_unsettled(name, x, result):
        return np.asarray(function(x, axis=axes, keepdims=keepdims))
    return np.expand_dims(result, axes) if keepdims else result


def _along(name: str, function: Callable[..., Any], x: np.ndarray, axes: tuple[int, ...],
           **options: Any) -> Any:
    """``function`` of ``x`` over ``axes``; argmax and argmin take their one axis alone."""
    if name in ("argmax", "argmin"):
        return function(x, axis=axes[0], **options)
    return function(x, axis=axes, **options)


def _laid_out_as(shape: tuple[int, ...], dtype: np.dtype, strides: tuple[int, ...]) -> np.ndarray:
    """A new array of ``shape`` and ``dtype`` whose axes lie in memory in the order of
    ``strides`` (those of NumPy's result for a few elements: its order for all of them)."""
    order = sorted(range(len(shape)), key=lambda axis: -abs(strides[axis]))
    laid_out = np.empty([shape[axis] for axis in order], dtype)
    return laid_out.transpose(np.argsort(order))


def _flat_boxes(x: np.ndarray, threads: int, row_major: bool
                ) -> tuple[np.ndarray, tuple[int, ...], list[Key]]:
    """``x`` as an array whose boxes, in order, are the pieces of work for ``threads``
    threads, its shape and the boxes. Where ``x`` is contiguous: a one-axis view (in
    row-major order if ``row_major``, else in memory order) cut into plain ranges, so that
    large contiguous work pays for no plan. The ranges shrink as the work runs out, so
    that the threads end together, where each thread has a CPU; where they share CPUs, a
    thread waiting for one would hold a large piece, so they are even. Else the plan's
    merged axes, cut evenly."""
    flat = None
    if x.flags.c_contiguous:
        flat = x.reshape(-1)
    elif x.flags.f_contiguous and not row_major:
        flat = x.reshape(-1, order="F")
    if flat is not None:
        total = flat.shape[0]
        if threads <= _threads.cpus():
            points = shrinking_cut_points(total, threads, max(1, PIECE_BYTES // x.itemsize))
        else:
            points = cut_points(total, _piece_count(x.nbytes, threads), 1, 0)
        return flat, flat.shape, [(slice(start, stop),) for start, stop in pairwise(points)]
    order = [tuple([stride * x.itemsize for stride in row_major_strides(x.shape)])] \
        if row_major else []
    plan = plan_pieces(x.shape, [*order, x.strides], _piece_count(x.nbytes, threads),
                       x.itemsize)
    merged = _merged_view(x, plan.shape, plan.strides[-1], _unguarded(x))
    return merged, plan.shape, [key for piece in plan.pieces for key in piece]


def _reduced_whole(name: str, function: Callable[..., Any], x: np.ndarray, keepdims: bool,
                   threads: int) -> np.ndarray:
    """The reduction over every element: each box alone, then the boxes' answers."""
    boxed, _, keys = _flat_boxes(x, threads, row_major=False)
    answers: list[Any] = [None] * len(keys)

    def reduce_box(index: int) -> None:
        answers[index] = function(boxed[keys[index]], axis=None)

    _threads.run_pieces(range(len(keys)), reduce_box, threads)
    answer = _COMBINE[name](answers)
    if _zero_sign_unsettled(name, x, answer):
        answer = function(x, axis=None)
    elif name == "count_nonzero":
        answer = np.intp(answer)
    return np.asarray(answer).reshape((1,) * x.ndim if keepdims else ())


def position_of_extremum(name: str, x: np.ndarray, threads: int) -> np.intp:
    """``argmax`` or ``argmin`` (``name``) of the flattened ``x`` (row-major), in pieces
    on ``threads`` threads: the first position of the largest (smallest) element, the
    first NaN if any, as one NumPy call gives it."""
    boxed, shape, keys = _flat_boxes(x, threads, row_major=True)
    function = np.argmax if name == "argmax" else np.argmin
    positions: list[int] = [0] * len(keys)

    def search_box(index: int) -> None:
        positions[index] = int(function(boxed[keys[index]]))

    _threads.run_pieces(range(len(keys)), search_box, threads)
    best_position, best_value = 0, None
    for key, local in zip(keys, positions):
        index, position = _position_in(key, local, shape)
        value = boxed[index]
        if value != value:  # the first NaN is the answer
            return np.intp(position)
        if best_value is None or (value > best_value if name == "argmax" else value < best_value):
            best_position, best_value = position, value
    return np.intp(best_position)


def _position_in(key: Key, local: int, shape: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The index in an array of ``shape``, and the row-major position, of the item
    ``local`` (row-major) of its box ``key``."""
    if len(key) == 1:
        position = key[0].start + local
        return (position,), position
    within = np.unravel_index(local, tuple([s.stop - s.start for s in key]))
    index = tuple([s.start + i for s, i in zip(key, within)])
    return index, int(np.ravel_multi_index(index, shape))
