"""Searching functions of the standard: argmax, argmin, count_nonzero, nonzero,
searchsorted and where."""

from __future__ import annotations

from typing import Literal

from .._array._array_object import Array, check_array
from .._kernels._reduction_kernels import extremum_positions
from .._kernels._searching_kernels import chosen, insertion_positions, nonzero_positions
from .._modes._call_rules import check_call
from .._modes._device_checks import index_dtype_on
from .._modes._placement import device_of_call
from .._modes._refusals import refuse_data_dependent
from .._modes._promotion import promote_types, scalar_result_dtype
from .._modes._results import broadcast_result, data_dependent_results, reduced_result
from .._tables._dtypes import check_dtype_kind
from .._tables._layout import broadcast_shape
from .._tables._arguments import is_one_of, normalize_axis
from ._reduction_steps import check_keepdims, reduce


def _arg_extremum(function: str, x: Array, axis: int | None, keepdims: bool) -> Array:
    check_array(x, function)
    check_dtype_kind(x.dtype, function, "x", "real-valued")
    keepdims = check_keepdims(keepdims, function)
    if axis is None:
        if x._layout.size == 0:
            raise ValueError(f"{function}(): the array is empty")
    else:
        axis = normalize_axis(axis, x.ndim, function)
        if x._layout.shape[axis] == 0:
            raise ValueError(f"{function}(): axis {axis} has no elements")
    device = x._storage.device
    result = Array._adopt(
        extremum_positions(function, x, axis, keepdims), index_dtype_on(device), device
    )
    return reduced_result(result, x, None if axis is None else (axis,), keepdims)


def argmax(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
    """
    Position of the first largest element (over everything, or along an axis).

    Parameters
    ----------
    x : Array
        A real-valued array.
    axis : int, optional
        The axis; None (default) looks at the flattened array.
    keepdims : bool, optional
        Keep the reduced axis (or all axes) as size 1 (default False).

    Returns
    -------
    Array
        int64 positions.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.argmax(xp.asarray([[1, 9], [8, 2]]), axis=1)
    Array([1, 0], dtype=int64)
    """
    return _arg_extremum("argmax", x, axis, keepdims)


def argmin(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
    """
    Position of the first smallest element (over everything, or along an axis).

    Parameters
    ----------
    x : Array
        A real-valued array.
    axis : int, optional
        The axis; None (default) looks at the flattened array.
    keepdims : bool, optional
        Keep the reduced axis (or all axes) as size 1 (default False).

    Returns
    -------
    Array
        int64 positions.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.argmin(xp.asarray([3, 1, 2]))
    Array(1, dtype=int64)
    """
    return _arg_extremum("argmin", x, axis, keepdims)


def count_nonzero(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """
    Number of non-zero (true) elements over the given axes.

    Parameters
    ----------
    x : Array
        Input array.
    axis : int or tuple of int, optional
        Axes to count over; None (default) counts everything.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array
        int64 counts.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.count_nonzero(xp.asarray([[0, 1], [2, 3]]), axis=0)
    Array([1, 2], dtype=int64)
    """
    check_array(x, "count_nonzero")
    return reduce("count_nonzero", x, axis, keepdims, index_dtype_on(x._storage.device))


def nonzero(x: Array, /) -> tuple[Array, ...]:
    """
    Positions of the non-zero (true) elements, one index array per axis.

    Parameters
    ----------
    x : Array
        An array with at least one dimension.

    Returns
    -------
    tuple of Array
        int64 positions in row-major order.

    Raises
    ------
    ValueError
        If ``x`` is zero-dimensional.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> rows, cols = xp.nonzero(xp.asarray([[0, 5], [7, 0]]))
    >>> rows, cols
    (Array([0, 1], dtype=int64), Array([1, 0], dtype=int64))
    """
    check_array(x, "nonzero")
    device = x._storage.device
    refuse_data_dependent("nonzero", device)
    if x.ndim == 0:
        raise ValueError("nonzero(): 'x' must have at least one dimension")
    index = index_dtype_on(device)
    positions = tuple(Array._adopt(p, index, device) for p in nonzero_positions(x))
    data_dependent_results("nonzero", positions, x)  # as many as the nonzero elements
    return positions


def searchsorted(
    x1: Array,
    x2: Array | int | float,
    /,
    *,
    side: Literal["left", "right"] = "left",
    sorter: Array | None = None,
) -> Array:
    """
    Where values would be inserted into a sorted array to keep it sorted.

    Parameters
    ----------
    x1 : Array
        A one-dimensional real-valued array, sorted ascending (or sorted by ``sorter``).
    x2 : Array, int or float
        The values to place.
    side : {"left", "right"}, optional
        For equal values, the first ("left", default) or last suitable position.
    sorter : Array, optional
        Integer positions that sort ``x1``.

    Returns
    -------
    Array
        int64 positions with the shape of ``x2``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.searchsorted(xp.asarray([1.0, 2.0, 3.0]), xp.asarray([2.0, 0.5]), side="right")
    Array([2, 0], dtype=int64)
    """
    check_array(x1, "searchsorted", "x1")
    check_dtype_kind(x1.dtype, "searchsorted", "x1", "real-valued")
    if x1.ndim != 1:
        raise ValueError(f"searchsorted(): 'x1' must be one-dimensional, got shape {x1.shape}")
    if not is_one_of(side, ("left", "right")):
        raise ValueError(f"searchsorted(): 'side' must be 'left' or 'right', got {side!r}")
    check_call("searchsorted", x2=x2, sorter=sorter)
    if isinstance(x2, Array):
        dtype = promote_types(x1.dtype, x2.dtype, "searchsorted")
    else:
        dtype = scalar_result_dtype(x1.dtype, x2, "searchsorted")
    if sorter is not None:
        check_array(sorter, "searchsorted", "sorter")
        check_dtype_kind(sorter.dtype, "searchsorted", "sorter", "integer")
        if sorter._layout.shape != x1._layout.shape:
            raise ValueError(
                f"searchsorted(): 'sorter' must have the shape of 'x1' {x1.shape}, "
                f"got {sorter.shape}"
            )
    device = device_of_call("searchsorted", x1=x1, x2=x2, sorter=sorter)
    result = insertion_positions(x1, x2, dtype, side, sorter)
    return Array._adopt(result, index_dtype_on(device), device)


def where(
    condition: Array,
    x1: Array | int | float | complex | bool,
    x2: Array | int | float | complex | bool,
    /,
) -> Array:
    """The general path of :func:`where` (``_entries.where`` takes the fast one)."""
    check_array(condition, "where", "condition")
    check_dtype_kind(condition.dtype, "where", "condition", "boolean")
    arrays = [v for v in (x1, x2) if isinstance(v, Array)]
    if not arrays:
        raise TypeError("where(): at least one of 'x1' and 'x2' must be an array")
    dtype = arrays[0].dtype if len(arrays) == 1 else promote_types(
        arrays[0].dtype, arrays[1].dtype, "where"
    )
    for name, value in (("x1", x1), ("x2", x2)):
        if not isinstance(value, Array):
            if not isinstance(value, (int, float, complex)):
                raise TypeError(
                    f"where(): '{name}' must be an array or a Python scalar, got "
                    f"{type(value).__name__}"
                )
            dtype = scalar_result_dtype(dtype, value, "where")
    shape = broadcast_shape(condition._layout.shape, *(v._layout.shape for v in arrays))
    if shape is None:
        raise ValueError(
            "where(): 'condition', 'x1' and 'x2' of shapes "
            f"{condition.shape}, {getattr(x1, 'shape', ())}, {getattr(x2, 'shape', ())} "
            "cannot be broadcast together"
        )
    device = device_of_call("where", condition=condition, x1=x1, x2=x2)
    result = Array._adopt(chosen(condition, x1, x2, dtype), dtype, device)
    return broadcast_result(result, (condition, x1, x2), "where")
