"""A contiguous array in the order asked for: the array itself when it already is, else one
planned copy."""

from __future__ import annotations

from typing import Literal

from .._array._array_object import Array, check_array
from .._kernels._manipulation_kernels import column_major_copy, row_major_copy
from .._tables._layout import is_c_contiguous, is_f_contiguous
from .._tables._reshape_decision import check_order


def ascontiguous(x: Array, order: Literal["C", "F"] = "C") -> Array:
    """
    ``x`` laid out contiguously in ``order``: ``x`` itself when it already is, else a copy.

    Use it before handing an array to code that walks memory in order (a C extension, a
    file write, many small reads along one axis), or to give a permuted or sliced view a
    buffer of its own. The copy is the namespace's planned copy: it moves transposed and
    permuted layouts in cache-sized tiles and splits large copies across threads, so it
    is faster than NumPy's on those layouts (see the "When is data copied?" page).

    Parameters
    ----------
    x : Array
        Input array.
    order : {"C", "F"}, optional
        Row-major ("C", default: the last index changes fastest) or column-major ("F").

    Returns
    -------
    Array
        ``x`` itself if its elements already fill consecutive buffer cells in ``order``;
        otherwise a new, writable array with the same values and a buffer of its own.

    Raises
    ------
    TypeError
        If ``x`` is not an Array.
    ValueError
        If ``order`` is neither "C" nor "F".

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> x = xp.reshape(xp.arange(6), (2, 3))
    >>> layout.ascontiguous(x) is x
    True
    >>> t = layout.ascontiguous(x.T)
    >>> layout.strides(t), layout.shares_memory(t, x)
    ((2, 1), False)
    >>> layout.strides(layout.ascontiguous(x, order="F"))
    (1, 2)
    """
    check_array(x, "ascontiguous")
    if check_order(order, "ascontiguous") == "C":
        if is_c_contiguous(x._layout):
            return x
        return Array._adopt(row_major_copy(x), x.dtype, x._storage.device)
    if is_f_contiguous(x._layout):
        return x
    return Array._new(*column_major_copy(x, x._layout.shape), x.dtype, x._storage.device)
