"""Statistical functions of the standard: reductions and cumulative sums and products."""

from __future__ import annotations

import math
import sys

from .._array._array_object import Array, check_array
from .._kernels._scan_kernels import cumulative
from .._modes._call_rules import answers_otherwise, check_call
from .._modes._default_dtypes import accumulator_dtype
from .._modes._device_checks import check_result_dtype, default_dtypes_of
from .._modes._refusals import check_dtype, refuse_unspecified, refuse_unspecified_kind
from .._tables._dtypes import bool as bool_dtype
from .._tables._dtypes import (
    DType,
    check_dtype_kind,
    check_keeps_imaginary,
    int64,
    is_kind,
)
from .._tables._arguments import INT64_MAX, normalize_axis
from ._data_type_functions import astype
from ._reduction_steps import reduce, reduced_axes, reduced_size


def _accumulator_dtype(x: Array, dtype: DType | None, function: str) -> DType:
    """The standard's result dtype of sum, prod and their cumulative forms."""
    if dtype is not None:
        dtype = check_dtype(dtype, function)
        check_call(function, dtype=dtype)
        if is_kind(x.dtype, "complex floating") and not is_kind(dtype, "complex floating"):
            raise TypeError(
                f"{function}(): cannot accumulate {x.dtype} values in {dtype}"
            )
        return dtype
    return accumulator_dtype(x.dtype, x._storage.device)


def _summing(
    function: str,
    x: Array,
    axis: int | tuple[int, ...] | None,
    dtype: DType | None,
    keepdims: bool,
) -> Array:
    check_array(x, function)
    if x.dtype is bool_dtype and answers_otherwise(function):
        # counted in the library's default integer dtype (NumPy's, PyTorch's, JAX's)
        x = astype(x, default_dtypes_of(x._storage.device)["integral"])
    check_dtype_kind(x.dtype, function, "x", "numeric")
    result_dtype = _accumulator_dtype(x, dtype, function)
    return reduce(function, x, axis, keepdims, result_dtype, dtype=result_dtype)


def sum(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DType | None = None,
    keepdims: bool = False,
) -> Array:
    """The general path of :func:`sum` (``_reduction_entries.sum`` takes the fast one)."""
    return _summing("sum", x, axis, dtype, keepdims)


def prod(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DType | None = None,
    keepdims: bool = False,
) -> Array:
    """The general path of :func:`prod` (``_reduction_entries.prod`` takes the fast one)."""
    return _summing("prod", x, axis, dtype, keepdims)


def _extremum(
    function: str, x: Array, axis: int | tuple[int, ...] | None, keepdims: bool
) -> Array:
    check_array(x, function)
    check_dtype_kind(x.dtype, function, "x", "real-valued")
    axes = reduced_axes(x, axis, function)
    if reduced_size(x, axes) == 0:
        raise ValueError(f"{function}(): cannot reduce zero elements (the array is empty)")
    return reduce(function, x, axes, keepdims, x.dtype)


def max(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """The general path of :func:`max` (``_reduction_entries.max`` takes the fast one)."""
    return _extremum("max", x, axis, keepdims)


def min(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """The general path of :func:`min` (``_reduction_entries.min`` takes the fast one)."""
    return _extremum("min", x, axis, keepdims)


def mean(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    dtype: DType | None = None,
) -> Array:
    """
    Arithmetic mean over the given axes (NaN for no elements).

    Parameters
    ----------
    x : Array
        A floating-point array (real or complex); with ``dtype``, any numeric array.
    axis : int or tuple of int, optional
        Axes to average; None (default) averages everything.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).
    dtype : dtype, optional
        A floating dtype to accumulate in and return (beyond the standard, as NumPy,
        PyTorch and JAX accept it); default ``x.dtype``. A complex ``x`` needs a
        complex ``dtype``.

    Returns
    -------
    Array
        Of ``dtype``, or of ``x.dtype``.

    Raises
    ------
    TypeError
        If ``x`` is not floating and no ``dtype`` is given, or ``dtype`` is not
        floating or would drop the imaginary parts of ``x``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.mean(xp.asarray([1.0, 2.0, 6.0]))
    Array(3., dtype=float64)
    >>> xp.mean(xp.asarray([1, 2], dtype=xp.int32), dtype=xp.float32)
    Array(1.5, dtype=float32)
    """
    if dtype is None:
        check_array(x, "mean")
        check_dtype_kind(
            x.dtype, "mean", "x", "floating-point",
            advice="pass a floating 'dtype' (for example dtype=float64) to average other numbers",
        )
        return reduce("mean", x, axis, keepdims, x.dtype, quiet_below=1)
    dtype = check_dtype(dtype, "mean")
    check_array(x, "mean", computed_in=dtype)
    refuse_unspecified("mean", "a 'dtype' argument (the standard's mean has none)")
    check_dtype_kind(dtype, "mean", "dtype", "floating-point")
    check_keeps_imaginary(x.dtype, dtype, "mean")
    return reduce("mean", x, axis, keepdims, dtype, quiet_below=1, dtype=dtype)


def _spread(
    function: str,
    x: Array,
    axis: int | tuple[int, ...] | None,
    correction: int | float,
    keepdims: bool,
) -> Array:
    check_array(x, function)
    check_dtype_kind(x.dtype, function, "x", "real floating-point")
    if isinstance(correction, bool) or not isinstance(correction, (int, float)):
        raise TypeError(
            f"{function}(): 'correction' must be an int or a float, got {correction!r}"
        )
    check_call(function, correction=correction)
    if isinstance(correction, int) and not -INT64_MAX - 1 <= correction <= INT64_MAX:
        if abs(correction) > sys.float_info.max:
            raise OverflowError(
                f"{function}(): 'correction' {correction} is beyond the range of float64 "
                "(about ±1.8e308)"
            )
        correction = float(correction)
    quiet_below = int(correction) + 2 if math.isfinite(correction) else INT64_MAX
    return reduce(
        function, x, axis, keepdims, x.dtype, quiet_below=quiet_below, correction=correction
    )


def std(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> Array:
    """
    Standard deviation over the given axes.

    Parameters
    ----------
    x : Array
        A real floating-point array.
    axis : int or tuple of int, optional
        Axes to reduce; None (default) reduces everything.
    correction : int or float, optional
        Subtracted from the number of elements in the divisor (0 for the population
        deviation, 1 for Bessel's correction). Default 0.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.std(xp.asarray([1.0, 3.0]))
    Array(1., dtype=float64)
    """
    return _spread("std", x, axis, correction, keepdims)


def var(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> Array:
    """
    Variance over the given axes.

    Parameters
    ----------
    x : Array
        A real floating-point array.
    axis : int or tuple of int, optional
        Axes to reduce; None (default) reduces everything.
    correction : int or float, optional
        Subtracted from the number of elements in the divisor. Default 0.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.var(xp.asarray([1.0, 3.0]), correction=1)
    Array(2., dtype=float64)
    """
    return _spread("var", x, axis, correction, keepdims)


def _cumulative(
    function: str,
    x: Array,
    axis: int | None,
    dtype: DType | None,
    include_initial: bool,
) -> Array:
    check_array(x, function)
    refuse_unspecified_kind(function, "x", x.dtype, "numeric")
    if x.ndim == 0:
        raise ValueError(f"{function}(): 'x' must have at least one dimension")
    if axis is None:
        if x.ndim != 1:
            raise ValueError(
                f"{function}(): 'axis' is required for an array of {x.ndim} dimensions"
            )
        axis = 0
    normalized_axis = normalize_axis(axis, x.ndim, function)
    if include_initial is not True and include_initial is not False:
        raise TypeError(f"{function}(): 'include_initial' must be a bool")
    result_dtype = _accumulator_dtype(x, dtype, function)
    if is_kind(x.dtype, "bool") and dtype is None:
        result_dtype = int64
    check_result_dtype(result_dtype, x._storage.device, function)
    result = cumulative(function, x, normalized_axis, result_dtype, include_initial)
    return Array._adopt(result, result_dtype, x._storage.device)


def cumulative_sum(
    x: Array,
    /,
    *,
    axis: int | None = None,
    dtype: DType | None = None,
    include_initial: bool = False,
) -> Array:
    """
    Running sums along an axis.

    Parameters
    ----------
    x : Array
        A numeric array with at least one dimension.
    axis : int, optional
        The axis; may be omitted only for a one-dimensional ``x``.
    dtype : dtype, optional
        Accumulator and result dtype, chosen as for :func:`sum`.
    include_initial : bool, optional
        Start with the empty sum 0, making the axis one longer (default False).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.cumulative_sum(xp.asarray([1, 2, 3]), include_initial=True)
    Array([0, 1, 3, 6], dtype=int64)
    """
    return _cumulative("cumulative_sum", x, axis, dtype, include_initial)


def cumulative_prod(
    x: Array,
    /,
    *,
    axis: int | None = None,
    dtype: DType | None = None,
    include_initial: bool = False,
) -> Array:
    """
    Running products along an axis.

    Parameters
    ----------
    x : Array
        A numeric array with at least one dimension.
    axis : int, optional
        The axis; may be omitted only for a one-dimensional ``x``.
    dtype : dtype, optional
        Accumulator and result dtype, chosen as for :func:`sum`.
    include_initial : bool, optional
        Start with the empty product 1, making the axis one longer (default False).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.cumulative_prod(xp.asarray([1, 2, 3]))
    Array([1, 2, 6], dtype=int64)
    """
    return _cumulative("cumulative_prod", x, axis, dtype, include_initial)

