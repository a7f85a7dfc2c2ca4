"""Utility functions of the standard: all, any, diff."""

from __future__ import annotations

from .._array._array_object import Array, check_array
from .._kernels._scan_kernels import differences
from .._modes._placement import device_of_call
from .._modes._refusals import refuse_unspecified_kind
from .._modes._promotion import promote_types
from .._tables._dtypes import bool as bool_dtype
from .._tables._arguments import as_int, normalize_axis
from ._reduction_steps import reduce


def all(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """The general path of :func:`all` (``_reduction_entries.all`` takes the fast one)."""
    return reduce("all", x, axis, keepdims, bool_dtype)


def any(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """The general path of :func:`any` (``_reduction_entries.any`` takes the fast one)."""
    return reduce("any", x, axis, keepdims, bool_dtype)


def diff(
    x: Array,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: Array | None = None,
    append: Array | None = None,
) -> Array:
    """
    The ``n``-th forward difference along an axis.

    Parameters
    ----------
    x : Array
        Input array with at least one dimension.
    axis : int, optional
        The axis (default -1).
    n : int, optional
        How many times to take differences (default 1, at least 0).
    prepend, append : Array, optional
        Values placed before / after ``x`` along ``axis`` first; the same shape as
        ``x`` except along ``axis``.

    Returns
    -------
    Array
        Shorter than the (extended) input by ``n`` along ``axis``; for booleans the
        difference is "not equal".

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.diff(xp.asarray([1, 4, 9, 16]))
    Array([3, 5, 7], dtype=int64)
    """
    check_array(x, "diff")
    refuse_unspecified_kind("diff", "x", x.dtype, "numeric")
    if x.ndim == 0:
        raise ValueError("diff(): 'x' must have at least one dimension")
    axis = normalize_axis(axis, x.ndim, "diff")
    n = as_int(n, "diff", "n")
    if n < 0:
        raise ValueError(f"diff(): 'n' must be >= 0, got {n}")
    dtype = x.dtype
    length = x._layout.shape[axis]
    for name, extra in (("prepend", prepend), ("append", append)):
        if extra is None:
            continue
        check_array(extra, "diff", name)
        dtype = promote_types(dtype, extra.dtype, "diff")
        expected = x._layout.shape[:axis] + x._layout.shape[axis + 1 :]
        other = extra._layout.shape
        if extra.ndim != x.ndim or other[:axis] + other[axis + 1 :] != expected:
            raise ValueError(
                f"diff(): '{name}' of shape {extra.shape} must match 'x' of shape "
                f"{x.shape} except along axis {axis}"
            )
        length += extra._layout.shape[axis]
    # past the axis's length every further difference is empty; NumPy would still loop n times
    device = device_of_call("diff", x=x, prepend=prepend, append=append)
    result = differences(x, min(n, length), axis, dtype, prepend, append)
    return Array._adopt(result, dtype, device)
