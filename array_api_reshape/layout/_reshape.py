"""Reshape in either reading order: row-major (C, as the standard) or column-major (F)."""

from __future__ import annotations

from .._array_object import Array, check_array
from .._kernels import column_major_copy
from .._layout import column_major_strides, make_layout
from .._layout_reshape import ReshapeBlocked, reshape_as_view_column_major
from .._manipulation_functions import blocked_message, reshape as row_major_reshape
from .._manipulation_functions import reshape_target
from .._storage import Storage
from .._validation import check_copy


def reshape(x: Array, shape, *, order: str = "C", copy=None) -> Array:
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
        If ``shape`` cannot hold ``x.size`` elements, ``order`` is unknown, or
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
    if order == "C":
        return row_major_reshape(x, shape, copy=copy)
    if order != "F":
        raise ValueError(f"reshape(): 'order' must be 'C' or 'F', got {order!r}")
    copy = check_copy(copy, "reshape")
    new_shape = reshape_target(shape, x.size)
    if not copy:
        decision = reshape_as_view_column_major(x._layout, new_shape)
        if not isinstance(decision, ReshapeBlocked):
            return x._view(decision)
        if copy is False:
            raise ValueError(blocked_message(x, new_shape, decision, order="F"))
    flat = column_major_copy(x._numpy())
    return Array._new(
        Storage(flat), make_layout(new_shape, column_major_strides(new_shape), 0), x.dtype
    )
