"""
Large element-wise work and order-free reductions, cut into pieces that the threads of
``_threads`` compute side by side (NumPy releases the GIL inside its loops).

Element-wise: the result is made first, with NumPy's shape, dtype and memory order (the
order its own iterator gives a new result), then ``_piece_plan`` cuts it, and every
operand with it, into boxes; each box is one NumPy call writing its part of the result.
NumPy computes every element alone, so the bits are those of one NumPy call.

Reductions: only those whose answer does not depend on the order elements are combined
in (``max``, ``min``, ``any``, ``all``, ``count_nonzero``, ``argmax``, ``argmin``); each
box is reduced alone and the boxes' answers combined. ``sum``, ``prod``, ``mean``, ``var``,
``std`` and the cumulative functions stay one NumPy call: another order of additions
changes the last bits. Where even an order-free reduction could differ (the sign of a
zero maximum: NumPy keeps whichever zero its loop meets as it goes), the answer is
computed again in one call.

Small work stays one NumPy call: ``SMALLEST`` gives, for each kind of work, the fewest
result elements (for reductions, input elements) worth threads, measured with
``benchmarks/thresholds.py`` on float64.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .._tables._piece_plan import Key, plan_pieces
from . import _threads

SMALLEST: dict[str, int] = {
    "light": 1 << 20,
    "heavy": 1 << 15,
    "reduction": 1 << 20,
}
"""Per kind of work, the fewest elements worth more than one thread."""

PIECE_BYTES = 1 << 20
"""The least of the result a piece holds (fewer pieces when the result is smaller)."""

PIECES_PER_THREAD = 4
"""Pieces per thread: helpers that start late, or run slower, take fewer of them."""

HEAVY = frozenset({
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "atan2", "cos", "cosh", "exp", "expm1",
    "hypot", "log", "log1p", "log2", "log10", "logaddexp", "pow", "sin", "sinh", "sqrt", "tan",
    "tanh", "divide", "floor_divide", "remainder", "sign",
})
"""Functions whose loops compute (their time grows with the arithmetic, not the memory)."""


def work_of(function: str) -> str:
    """The kind of work of our element-wise function ``function``: "heavy" or "light"."""
    return "heavy" if function in HEAVY else "light"


def threads_for(size: int, work: str) -> int:
    """Threads for ``size`` elements of ``work``: 1 below the kind's threshold."""
    if size < SMALLEST[work] or _threads.threads() == 1:
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


def _broadcast_strides(operand: np.ndarray, shape: tuple[int, ...]) -> tuple[int, ...]:
    """``operand``'s byte strides as an operand over ``shape`` (0 where it broadcasts)."""
    lead = len(shape) - operand.ndim
    return (0,) * lead + tuple(
        0 if length == 1 and full != 1 else stride
        for length, full, stride in zip(operand.shape, shape[lead:], operand.strides)
    )


def _first_line_item(array: np.ndarray) -> int | None:
    """The index of the first item of ``array``'s memory that starts a cache line."""
    address = array.__array_interface__["data"][0]
    if address % array.itemsize:
        return None
    return (-address % 64) // array.itemsize


def _merged_view(array: np.ndarray, shape: tuple[int, ...], strides: tuple[int, ...],
                 writeable: bool) -> np.ndarray:
    return np.lib.stride_tricks.as_strided(array, shape, strides, writeable=writeable)


def fill(function: Callable[..., Any], result: np.ndarray, operands: Sequence[Any],
         threads: int) -> np.ndarray:
    """``result`` filled with ``function`` of ``operands`` (broadcast to its shape), in
    pieces on up to ``threads`` threads: a ufunc writes each box in place (``out=``);
    any other function's box is computed, then copied in."""
    arrays = [i for i, operand in enumerate(operands)
              if isinstance(operand, np.ndarray) and operand.ndim]
    strides = [result.strides] + [_broadcast_strides(operands[i], result.shape) for i in arrays]
    pieces = max(threads, min(threads * PIECES_PER_THREAD, result.nbytes // PIECE_BYTES))
    plan = plan_pieces(result.shape, strides, pieces, result.itemsize, _first_line_item(result))
    target = _merged_view(result, plan.shape, plan.strides[0], True)
    views = list(operands)
    for i, merged_strides in zip(arrays, plan.strides[1:]):
        views[i] = _merged_view(operands[i], plan.shape, merged_strides, False)
    in_place = isinstance(function, np.ufunc)

    def compute(piece: tuple[Key, ...]) -> None:
        for key in piece:
            arguments = [views[i][key] if i in arrays else views[i] for i in range(len(views))]
            if in_place:
                function(*arguments, out=target[key])
            else:
                target[key] = function(*arguments)

    _threads.run_pieces(plan.pieces, compute, threads)
    return result


def computed(function: Callable[..., Any], operands: Sequence[Any], threads: int) -> np.ndarray:
    """``function`` (a NumPy function computing each element alone) of ``operands``,
    broadcast together, as one NumPy call would give it, in pieces on ``threads``
    threads. The caller sets NumPy's error state; the helpers inherit it."""
    dtype = np.asarray(function(*[_sample(operand) for operand in operands])).dtype
    return fill(function, new_result(operands, dtype), operands, threads)


def result_size(operands: Sequence[Any]) -> int:
    """The number of elements of the broadcast result of ``operands``."""
    shapes = [operand.shape for operand in operands if isinstance(operand, np.ndarray)]
    if len(shapes) == 1 or all(shape == shapes[0] for shape in shapes):
        return int(np.prod(shapes[0], dtype=np.int64)) if shapes else 1
    return int(np.prod(np.broadcast_shapes(*shapes), dtype=np.int64))


# --- reductions --------------------------------------------------------------------

ORDER_FREE = frozenset({"max", "min", "any", "all", "count_nonzero"})
"""Reductions whose answer is the same however the elements are grouped."""

_COMBINE: dict[str, Callable[..., Any]] = {
    "max": np.max, "min": np.min, "any": np.any, "all": np.all, "count_nonzero": np.sum,
}


def _boxes_in_memory_order(x: np.ndarray, pieces: int) -> tuple[np.ndarray, list[Key]]:
    """``x`` seen with merged axes in its memory order, and its boxes in turn."""
    plan = plan_pieces(x.shape, [x.strides], pieces, x.itemsize)
    return _merged_view(x, plan.shape, plan.strides[0], False), [
        key for piece in plan.pieces for key in piece]


def reduced_whole(name: str, function: Callable[..., Any], x: np.ndarray, threads: int) -> Any:
    """The order-free reduction ``name`` (NumPy's ``function``) over every element of
    ``x``, in pieces on ``threads`` threads; the value one NumPy call gives."""
    pieces = max(threads, min(threads * PIECES_PER_THREAD, x.nbytes // PIECE_BYTES))
    merged, keys = _boxes_in_memory_order(x, pieces)
    answers: list[Any] = [None] * len(keys)

    def reduce_box(index: int) -> None:
        answers[index] = function(merged[keys[index]])

    _threads.run_pieces(range(len(keys)), reduce_box, threads)
    answer = _COMBINE[name](np.asarray(answers))
    if name in ("max", "min") and x.dtype.kind in "fc" and answer == 0:
        return function(x)  # which zero (+0 or -0) depends on NumPy's order
    if name == "count_nonzero":
        return np.intp(answer)
    return answer


def _row_major_strides(x: np.ndarray) -> tuple[int, ...]:
    """The byte strides of a row-major array of ``x``'s shape and dtype."""
    strides, step = [], x.itemsize
    for length in reversed(x.shape):
        strides.append(step)
        step *= length
    return tuple(reversed(strides))


def position_of_extremum(name: str, x: np.ndarray, threads: int) -> np.intp:
    """``argmax`` or ``argmin`` (``name``) of the flattened ``x`` (row-major), in pieces
    on ``threads`` threads: the first position of the largest (smallest) element, the
    first NaN if any, as one NumPy call gives it."""
    pieces = max(threads, min(threads * PIECES_PER_THREAD, x.nbytes // PIECE_BYTES))
    plan = plan_pieces(x.shape, [_row_major_strides(x), x.strides], pieces, x.itemsize)
    merged = _merged_view(x, plan.shape, plan.strides[1], False)
    keys = [key for piece in plan.pieces for key in piece]
    function = np.argmax if name == "argmax" else np.argmin
    positions: list[int] = [0] * len(keys)

    def search_box(index: int) -> None:
        positions[index] = int(function(merged[keys[index]]))

    _threads.run_pieces(range(len(keys)), search_box, threads)
    best_index, best_value = 0, None
    for key, local in zip(keys, positions):
        within = np.unravel_index(local, tuple(s.stop - s.start for s in key))
        index = tuple(s.start + i for s, i in zip(key, within))
        value = merged[index]
        if value != value:  # the first NaN is the answer
            return np.intp(np.ravel_multi_index(index, plan.shape))
        if best_value is None or (value > best_value if name == "argmax" else value < best_value):
            best_index, best_value = int(np.ravel_multi_index(index, plan.shape)), value
    return np.intp(best_index)

