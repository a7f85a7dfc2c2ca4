"""Sorting functions of the standard: argsort and sort (stable, either direction)."""

from __future__ import annotations

from .._array._array_object import Array, check_array
from .._kernels._sorting_kernels import sort_positions, sorted_values
from .._modes._device_checks import index_dtype_on
from .._modes._refusals import refuse_unspecified_kind
from .._tables._dtypes import check_dtype_kind
from .._tables._arguments import normalize_axis


def _sort_arguments(
    function: str, x: Array, axis: int, descending: bool, stable: bool
) -> int:
    check_array(x, function)
    check_dtype_kind(x.dtype, function, "x", "real-valued or boolean")
    refuse_unspecified_kind(function, "x", x.dtype, "real-valued")
    for name, flag in (("descending", descending), ("stable", stable)):
        if flag is not True and flag is not False:
            raise TypeError(f"{function}(): '{name}' must be a bool, got {flag!r}")
    if x.ndim == 0:
        raise ValueError(f"{function}(): 'x' must have at least one dimension")
    return normalize_axis(axis, x.ndim, function)


def argsort(
    x: Array, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> Array:
    """
    Positions that sort ``x`` along an axis.

    Parameters
    ----------
    x : Array
        A real-valued array with at least one dimension.
    axis : int, optional
        The axis (default -1).
    descending : bool, optional
        Largest first (default False). NaNs come last when ascending, first when
        descending.
    stable : bool, optional
        Keep equal elements in their original order (default True); False allows a
        faster, unstable algorithm.

    Returns
    -------
    Array
        int64 positions.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.argsort(xp.asarray([3, 1, 2, 1]), descending=True)
    Array([0, 2, 1, 3], dtype=int64)
    """
    axis = _sort_arguments("argsort", x, axis, descending, stable)
    device = x._storage.device
    return Array._adopt(
        sort_positions(x, axis, descending, stable), index_dtype_on(device), device
    )


def sort(
    x: Array, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> Array:
    """
    ``x`` sorted along an axis.

    Parameters
    ----------
    x : Array
        A real-valued array with at least one dimension.
    axis : int, optional
        The axis (default -1).
    descending : bool, optional
        Largest first (default False).
    stable : bool, optional
        Keep equal elements (such as -0.0 and 0.0) in their original order (default
        True); False allows a faster, unstable algorithm.

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.sort(xp.asarray([3.0, 1.0, 2.0]))
    Array([1., 2., 3.], dtype=float64)
    """
    axis = _sort_arguments("sort", x, axis, descending, stable)
    return Array._adopt(sorted_values(x, axis, descending, stable), x.dtype, x._storage.device)
