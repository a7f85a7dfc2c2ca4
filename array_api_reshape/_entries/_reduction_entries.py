"""
The reductions whose per-call cost matters most, as the namespace exports them: ``sum``,
``prod``, ``max``, ``min``, ``any`` and ``all``. Each takes its fast path (one ufunc
reduction over one axis or all of them, few elements, no mode to see it) and otherwise
calls the chapter's function of the same name, its general path. Compiled in the compiled
build, as ``_array_entries`` is.
"""

from __future__ import annotations

from typing import Any

from .._array._array_object import Array, adopted
from .._kernels._reduction_kernels import small_reduced
from .._modes._gates import plain_computation
from .._tables._devices import CPU_DEVICE
from .._tables._dtypes import (
    ALL_DTYPES,
    DEFAULT_INTEGER,
    DType,
    is_kind,
    uint64,
)
from .._tables._dtypes import bool as _BOOL
from .._chapters import _statistical_functions as _statistics
from .._chapters import _utility_functions as _utilities


def _accumulators(kinds: str, signed: DType | None, unsigned: DType | None
                  ) -> dict[DType, DType]:
    """For each dtype of ``kinds`` (a group of the dtype table): the dtype a reduction of
    it accumulates in and gives on the CPU (itself; ``signed``, ``unsigned`` for integers
    when given)."""
    table = {}
    for dtype in ALL_DTYPES:
        if is_kind(dtype, kinds):
            if is_kind(dtype, "signed integer") and signed is not None:
                table[dtype] = signed
            elif is_kind(dtype, "unsigned integer") and unsigned is not None:
                table[dtype] = unsigned
            else:
                table[dtype] = dtype
    return table


_SUMMED_IN = _accumulators("numeric", DEFAULT_INTEGER, uint64)
"""sum's and prod's accumulator for each dtype they take (the standard's, on the CPU)."""

_COMPARED_IN = _accumulators("real-valued", None, None)
"""max's and min's result dtype for each dtype they take: its own."""

_TESTED_IN = dict.fromkeys(ALL_DTYPES, _BOOL)
"""any's and all's result dtype for every dtype: bool."""


def _reduced(function: str, x: Any, axis: Any, keepdims: Any, table: dict[DType, DType]
             ) -> Array | None:
    """The reductions' fast path, while its gate says no mode need see it: ``function`` of an
    array whose dtype ``table`` lists (in the dtype it gives) over one int ``axis`` in range or
    all of them, ``keepdims`` a bool, few elements; None for anything else, and for max and min
    of nothing (the general path says so)."""
    if type(x) is not Array or not plain_computation(x._storage):
        return None
    if not (keepdims is True or keepdims is False):
        return None
    if axis is not None:
        rank = len(x._layout.shape)  # (NumPy reduces a 0-d array over its axis 0)
        if type(axis) is not int or not -rank <= axis < rank:
            return None
    dtype = table.get(x._dtype)
    if dtype is None:
        return None
    result = small_reduced(function, x, axis, keepdims, dtype)
    return None if result is None else adopted(result, dtype, CPU_DEVICE)


def sum(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DType | None = None,
    keepdims: bool = False,
) -> Array:
    """
    Sum of the elements over the given axes.

    Parameters
    ----------
    x : Array
        A numeric array.
    axis : int or tuple of int, optional
        Axes to sum over; None (default) sums everything.
    dtype : dtype, optional
        Accumulator and result dtype. Default: int64 for signed integers, uint64 for
        unsigned integers, otherwise ``x.dtype``.
    keepdims : bool, optional
        Keep the summed axes as size-1 axes (default False).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.sum(xp.reshape(xp.arange(6, dtype=xp.int8), (2, 3)), axis=1)
    Array([ 3, 12], dtype=int64)
    """
    if dtype is None:
        made = _reduced("sum", x, axis, keepdims, _SUMMED_IN)
        if made is not None:
            return made
    return _statistics.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


def prod(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DType | None = None,
    keepdims: bool = False,
) -> Array:
    """
    Product of the elements over the given axes.

    Parameters
    ----------
    x : Array
        A numeric array.
    axis : int or tuple of int, optional
        Axes to multiply over; None (default) multiplies everything.
    dtype : dtype, optional
        Accumulator and result dtype, chosen as for :func:`sum`.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.prod(xp.asarray([1.0, 2.0, 3.0]))
    Array(6., dtype=float64)
    """
    if dtype is None:
        made = _reduced("prod", x, axis, keepdims, _SUMMED_IN)
        if made is not None:
            return made
    return _statistics.prod(x, axis=axis, dtype=dtype, keepdims=keepdims)


def max(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """
    Largest element over the given axes; NaN when a NaN is among them.

    Parameters
    ----------
    x : Array
        A real-valued array.
    axis : int or tuple of int, optional
        Axes to reduce; None (default) reduces everything.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array

    Raises
    ------
    ValueError
        If there are no elements to reduce.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.max(xp.asarray([[1, 5], [7, 2]]), axis=0)
    Array([7, 5], dtype=int64)
    """
    made = _reduced("max", x, axis, keepdims, _COMPARED_IN)
    if made is not None:
        return made
    return _statistics.max(x, axis=axis, keepdims=keepdims)


def min(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """
    Smallest element over the given axes; NaN when a NaN is among them.

    Parameters
    ----------
    x : Array
        A real-valued array.
    axis : int or tuple of int, optional
        Axes to reduce; None (default) reduces everything.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array

    Raises
    ------
    ValueError
        If there are no elements to reduce.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.min(xp.asarray([[1, 5], [7, 2]]), axis=1)
    Array([1, 2], dtype=int64)
    """
    made = _reduced("min", x, axis, keepdims, _COMPARED_IN)
    if made is not None:
        return made
    return _statistics.min(x, axis=axis, keepdims=keepdims)


def any(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """
    Whether some element over the given axes is true (non-zero).

    Parameters
    ----------
    x : Array
        Input array of any dtype.
    axis : int or tuple of int, optional
        Axes to test; None (default) tests everything.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array
        A bool array; False for no elements.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.any(xp.asarray([0, 0, 3]))
    Array(True, dtype=bool)
    """
    made = _reduced("any", x, axis, keepdims, _TESTED_IN)
    if made is not None:
        return made
    return _utilities.any(x, axis=axis, keepdims=keepdims)


def all(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """
    Whether every element over the given axes is true (non-zero).

    Parameters
    ----------
    x : Array
        Input array of any dtype.
    axis : int or tuple of int, optional
        Axes to test; None (default) tests everything.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array
        A bool array; True for no elements.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.all(xp.asarray([[True, False], [True, True]]), axis=1)
    Array([False,  True], dtype=bool)
    """
    made = _reduced("all", x, axis, keepdims, _TESTED_IN)
    if made is not None:
        return made
    return _utilities.all(x, axis=axis, keepdims=keepdims)
