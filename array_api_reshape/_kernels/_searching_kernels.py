"""
Searching kernels: positions of the non-zero elements (nonzero), insertion positions in
a sorted array (searchsorted) and the element-wise choice between two operands (where).

The chapters have checked the arguments and chosen the dtypes; operands are our arrays or
Python scalars, converted here. Each kernel returns new NumPy arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._tables._dtypes import DType
from . import _ndarray_fields as _fields
from . import _piecewise_kernels as piecewise
from ._numpy_views import elements_in, silenced
from ._operand_kernels import Elements, Scalar, elements_as

_fields.load_c_api()


def nonzero_positions(x: Elements) -> tuple[np.ndarray, ...]:
    """One array of positions per axis of ``x``, of its non-zero elements in row-major order."""
    return tuple(np.nonzero(x._numpy()))


def insertion_positions(
    x1: Elements,
    x2: Elements | Scalar,
    dtype: DType,
    side: str,
    sorter: Elements | None,
) -> np.ndarray:
    """Where each value of ``x2`` goes into the sorted ``x1`` (sorted by ``sorter`` when
    given), both compared in ``dtype``; ``side`` "left" or "right" for equal values.
    ValueError naming ``sorter`` when it holds a position outside ``x1``."""
    haystack = elements_in(x1, dtype)
    needles = elements_as(x2, dtype, "searchsorted")
    order = None if sorter is None else sorter._numpy()
    if order is not None and order.size and (
        int(order.min()) < 0 or int(order.max()) >= haystack.shape[0]
    ):
        raise ValueError(
            f"searchsorted(): 'sorter' holds positions outside [0, {haystack.shape[0]}) "
            f"(the positions of 'x1'): from {int(order.min())} to {int(order.max())}"
        )
    return np.asarray(silenced(np.searchsorted, haystack, needles, side=side, sorter=order))


def chosen(
    condition: Elements, x1: Elements | Scalar, x2: Elements | Scalar, dtype: DType
) -> np.ndarray:
    """Elements of ``x1`` where ``condition`` is true, of ``x2`` elsewhere, in ``dtype``
    (the three broadcast together; in pieces on several threads when large)."""
    c, a, b = condition._numpy(), elements_as(x1, dtype, "where"), elements_as(x2, dtype, "where")
    lowest = piecewise.LOWEST_THREADING_THRESHOLD
    if c.size >= lowest or a.size >= lowest or b.size >= lowest:
        return _chosen_in_pieces(c, a, b, dtype)
    return np.asarray(silenced(np.where, c, a, b))


def small_choice(condition: Elements, x1: Any, x2: Any) -> np.ndarray | None:
    """``numpy.where`` of ``condition`` and ``x1``, ``x2`` (arrays, or one of them a Python
    scalar that NumPy may take as it is) when each array has fewer elements than any work
    sends to threads: a new ndarray; None for more elements, and for shapes that do not
    broadcast (``where``'s fast path; its general path is ``chosen``)."""
    c = condition._numpy()
    a: Any = x1 if type(x1) in _PYTHON_SCALARS else x1._numpy()
    b: Any = x2 if type(x2) in _PYTHON_SCALARS else x2._numpy()
    for operand in (c, a, b):
        if _fields.is_ndarray(operand) and not piecewise.below_lowest_threshold(
            _fields.element_count(operand)
        ):
            return None
    try:
        return np.where(c, a, b)
    except ValueError:
        return None


_PYTHON_SCALARS = frozenset((bool, int, float, complex))


def _chosen_in_pieces(c: np.ndarray, a: np.ndarray, b: np.ndarray, dtype: DType) -> np.ndarray:
    """``where`` of large operands: in pieces on several threads where that pays."""
    threads = piecewise.threads_for(piecewise.result_size((c, a, b)), piecewise.MASKED_COPY)
    if threads == 1:
        return np.asarray(silenced(np.where, c, a, b))
    result = piecewise.new_result((c, a, b), dtype.dtype)
    return piecewise.fill(piecewise.chosen_into, result, (c, a, b), threads, writes_out=True)
