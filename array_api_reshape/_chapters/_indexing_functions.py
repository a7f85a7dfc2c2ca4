"""Indexing functions of the standard: take and take_along_axis."""

from __future__ import annotations

from .._array._array_object import Array, check_array
from .._kernels._take_kernels import taken, taken_along_axis
from .._modes._call_rules import check_call
from .._modes._placement import device_of_call
from .._modes._refusals import refuse_unspecified
from .._tables._dtypes import as_python_scalar, check_dtype_kind, is_kind
from .._tables._layout import broadcast_shape
from .._tables._arguments import normalize_axis


def _checked_indices(indices: object, function: str) -> Array:
    """``indices``, after a TypeError unless it is an array of an integer dtype."""
    check_array(indices, function, "indices")
    assert isinstance(indices, Array)  # check_array raised otherwise
    check_dtype_kind(indices.dtype, function, "indices", "integer")
    check_call(function, indices=indices)
    return indices


def take(x: Array, indices: Array | int, /, *, axis: int | None = None) -> Array:
    """
    Elements of ``x`` at the given positions along an axis.

    Parameters
    ----------
    x : Array
        Input array.
    indices : Array or int
        A one-dimensional integer array of positions (negative ones count from the end).
        Beyond the standard, as NumPy and JAX accept it (Cubed relies on it): one
        integer position (a Python or NumPy int, or a 0-d integer array), which drops
        the axis.
    axis : int, optional
        The axis to take along; may be omitted only for a one-dimensional ``x``.

    Returns
    -------
    Array
        ``x`` with axis ``axis`` replaced by one of ``len(indices)`` elements (a new
        array), or without that axis for one integer position.

    Raises
    ------
    IndexError
        If a position is out of range.
    ValueError
        If ``axis`` is omitted for a multi-dimensional ``x`` or ``indices`` is not 1-D.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.take(xp.asarray([10, 20, 30]), xp.asarray([2, 0, -1]))
    Array([30, 10, 30], dtype=int64)
    >>> xp.take(xp.reshape(xp.arange(6), (2, 3)), 1, axis=1)
    Array([1, 4], dtype=int64)
    """
    check_array(x, "take")
    position = _single_position(indices)
    if position is None:
        indices = _checked_indices(indices, "take")
        if indices.ndim != 1:
            raise ValueError(
                f"take(): 'indices' must be one-dimensional, got shape {indices.shape}"
            )
    if axis is None:
        if x.ndim != 1:
            raise ValueError(
                f"take(): 'axis' is required for an array of {x.ndim} dimensions"
            )
        axis = 0
    axis = normalize_axis(axis, x.ndim, "take")
    if position is not None:
        refuse_unspecified("take", "one integer position as 'indices' (the standard asks "
                           "for a one-dimensional array)")
    device = device_of_call("take", x=x, indices=indices)
    result = taken(x, indices if position is None else position, axis)
    return Array._adopt(result, x.dtype, device)


def _single_position(indices: object) -> int | None:
    """One integer position given as ``indices`` (a Python or NumPy int, or a 0-d
    integer array), or None for anything else."""
    if indices.__class__ is Array:
        if indices.ndim == 0 and is_kind(indices.dtype, "integer"):
            return int(indices)
        return None
    scalar = as_python_scalar(indices)
    if scalar.__class__ is int:
        return scalar
    return None


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """The general path of :func:`take_along_axis` (``_entries.take_along_axis`` takes the
    fast one)."""
    check_array(x, "take_along_axis")
    indices = _checked_indices(indices, "take_along_axis")
    if indices.ndim != x.ndim:
        raise ValueError(
            f"take_along_axis(): 'indices' must have the rank of 'x' ({x.ndim}), "
            f"got shape {indices.shape}"
        )
    axis = normalize_axis(axis, x.ndim, "take_along_axis")
    shape, index_shape = x._layout.shape, indices._layout.shape
    outside = shape[:axis] + shape[axis + 1 :]
    if broadcast_shape(outside, index_shape[:axis] + index_shape[axis + 1 :]) is None:
        raise ValueError(
            f"take_along_axis(): the shape {indices.shape} of 'indices' must broadcast with "
            f"the shape {x.shape} of 'x' outside axis {axis}"
        )
    device = device_of_call("take_along_axis", x=x, indices=indices)
    return Array._adopt(taken_along_axis(x, indices, axis), x.dtype, device)
