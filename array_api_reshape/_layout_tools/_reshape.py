"""Reshape in either reading order: row-major (C, as the standard) or column-major (F)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .._array._array_object import Array, check_array
from .._tables._reshape_decision import check_order
from .._chapters._manipulation_functions import reshape as row_major_reshape
from .._chapters._manipulation_functions import reshape_in_order


def reshape(
    x: Array,
    shape: int | Sequence[int],
    *,
    order: Literal["C", "F"] = "C",
    copy: bool | None = None,
) -> Array:
    """
    Reshape reading and placing elements in row-major (C) or column-major (F) order.

    With ``order="F"`` the first index changes fastest, as in Fortran, MATLAB and
    Julia: ``reshape(arange(12), (3, 4), order="F")`` has first column 0, 1, 2. The view
    decision is exact in either order: a view whenever some strides reproduce the
    elements in that order.

    Parameters
    ----------
    x : Array
        Input array.
    shape : int or sequence of int
        New shape; at most one -1.
    order : {"C", "F"}, optional
        Reading and placing order (default "C", the standard's).
    copy : bool or None, optional
        True: always copy. False: never copy; ValueError naming the blocking axes when
        no view exists. None (default): a view when one exists.

    Returns
    -------
    Array
        A view of ``x``, or a new array laid out in ``order`` (F-contiguous for "F").

    Raises
    ------
    ValueError
        If ``shape`` cannot hold the ``x.size`` elements of ``x``, ``order`` is unknown, or
        ``copy=False`` and no view exists.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> layout.reshape(xp.arange(12), (3, 4), order="F")
    Array([[ 0,  3,  6,  9],
           [ 1,  4,  7, 10],
           [ 2,  5,  8, 11]], dtype=int64)
    """
    check_array(x, "reshape")
    if order.__class__ is str and order == "C" and isinstance(shape, tuple):
        return row_major_reshape(x, shape, copy=copy)
    return reshape_in_order(x, shape, copy, check_order(order, "reshape"))
