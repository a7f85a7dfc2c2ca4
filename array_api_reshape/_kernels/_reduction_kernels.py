"""
Reduction kernels: sum, prod, max, min, mean, std, var, all, any, count_nonzero, and the
positions of the extrema (argmax, argmin), each one NumPy call over an array's view, or,
for the order-free ones on large inputs, pieces of it on several threads
(``_piecewise_kernels``).

The chapters have checked the arguments and normalised the axes; these kernels name the
NumPy function for each of OUR function names and return a new NumPy array (never a
NumPy scalar). NumPy's floating-point warnings are off: overflow and invalid values give
the standard's defined results.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from .._tables._dtypes import DType
from . import _piecewise_kernels as piecewise
from ._numpy_views import quiet_again, run_quietly, silenced
from ._operand_kernels import Elements

_ORDER_FREE = piecewise.ORDER_FREE

_REDUCTIONS: dict[str, Callable[..., Any]] = {
    # sum, prod, max, min, all and any of an ndarray are each one ufunc reduction (all
    # and any in bool): called directly, without NumPy's Python-level dispatch (0.5 to
    # 1 µs a call)
    "sum": np.add.reduce,
    "prod": np.multiply.reduce,
    "max": np.maximum.reduce,
    "min": np.minimum.reduce,
    "mean": np.mean,
    "std": np.std,
    "var": np.var,
    "all": functools.partial(np.logical_and.reduce, dtype=np.bool_),
    "any": functools.partial(np.logical_or.reduce, dtype=np.bool_),
    "count_nonzero": np.count_nonzero,
}


def reduced(
    function: str,
    x: Elements,
    axes: tuple[int, ...],
    keepdims: bool,
    dtype: DType | None = None,
    correction: float | None = None,
    quiet: bool = False,
) -> np.ndarray:
    """Our reduction ``function`` of ``x`` over ``axes``, accumulated in ``dtype`` when
    given, with ``correction`` degrees of freedom (std, var) when given.

    ``quiet`` also silences NumPy's Python warnings for empty slices and degrees of
    freedom <= 0 (the standard defines those results as NaN).
    """
    view = x._numpy()
    if view.size >= piecewise.LOWEST_THREADING_THRESHOLD and function in _ORDER_FREE:
        threads = piecewise.threads_for(view.size, piecewise.REDUCTION)
        if threads > 1:
            return silenced(piecewise.reduced, function, _REDUCTIONS[function], view, axes,
                            keepdims, threads)
    options: dict[str, Any] = {"axis": axes, "keepdims": keepdims}
    if dtype is not None:
        options["dtype"] = dtype.dtype
    if correction is not None:
        options["ddof"] = correction
    if quiet:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return np.asarray(silenced(_REDUCTIONS[function], view, **options))
    return np.asarray(silenced(_REDUCTIONS[function], view, **options))


_ARG_EXTREMA: dict[str, Callable[..., Any]] = {"argmax": np.argmax, "argmin": np.argmin}


def extremum_positions(
    function: str, x: Elements, axis: int | None, keepdims: bool
) -> np.ndarray:
    """Positions of the first largest ("argmax") or smallest ("argmin") element along
    ``axis``, or in the flattened ``x`` for None (all axes kept as size 1 on request)."""
    view = x._numpy()
    numpy_function = _ARG_EXTREMA[function]
    if view.size >= piecewise.LOWEST_THREADING_THRESHOLD:
        threads = piecewise.threads_for(view.size, piecewise.REDUCTION)
        if threads > 1 and axis is None:
            result = np.asarray(silenced(piecewise.position_of_extremum, function, view, threads))
            return result.reshape((1,) * view.ndim) if keepdims else result
        if threads > 1:
            return silenced(piecewise.reduced, function, numpy_function, view, (axis,),
                            keepdims, threads)
    if axis is None:
        result = np.asarray(silenced(numpy_function, view, axis=None))
        return result.reshape((1,) * view.ndim) if keepdims else result
    return np.asarray(silenced(numpy_function, view, axis=axis, keepdims=keepdims))


_SMALL_REDUCTIONS: dict[str, Any] = {
    "sum": np.add.reduce, "prod": np.multiply.reduce, "max": np.maximum.reduce,
    "min": np.minimum.reduce, "any": np.logical_or.reduce, "all": np.logical_and.reduce,
}
"""The reductions with a fast path, each one ufunc reduction (as in ``_REDUCTIONS``)."""


def small_reduced(
    function: str, x: Elements, axis: int | None, keepdims: bool, dtype: DType
) -> np.ndarray | None:
    """A reduction's fast path: ``function`` (one of ``_SMALL_REDUCTIONS``) of ``x`` over
    one ``axis`` (or all of them for None), accumulated in ``dtype`` (bool for any and
    all), as ``reduced`` computes it, when ``x`` has fewer elements than any work sends
    to threads; None for more, and for an axis out of range (or too large for NumPy) or
    max and min of nothing (the general path says which)."""
    view = x._numpy()
    if not piecewise.below_lowest_threshold(view.size):
        return None
    operands = (view, axis, dtype.dtype, None, keepdims)
    reduction = _SMALL_REDUCTIONS[function]
    try:
        try:
            result = run_quietly(reduction, *operands)
        except RuntimeError as error:
            result = quiet_again(error, reduction, operands)
    except (ValueError, IndexError, OverflowError):
        return None
    return result if type(result) is np.ndarray else np.asarray(result)
