"""Introspection: the layout numbers behind an array."""

from __future__ import annotations

from typing import Literal

from .._array._array_object import Array, check_array
from .._kernels._foreign_kernels import ForeignElements, foreign_source, memory_overlaps
from .._tables._layout import is_c_contiguous, is_f_contiguous
from .._tables._reshape_decision import check_order


def strides(x: Array) -> tuple[int, ...]:
    """
    The strides of ``x``, in elements (not bytes); they may be negative or zero.

    Parameters
    ----------
    x : Array
        Input array.

    Returns
    -------
    tuple of int
        How many elements of the buffer one step along each axis moves.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> layout.strides(xp.zeros((4, 6, 9)))
    (54, 9, 1)
    >>> layout.strides(xp.flip(xp.zeros((4, 6, 9)), axis=0))
    (-54, 9, 1)
    """
    check_array(x, "strides")
    return x._layout.strides


def offset(x: Array) -> int:
    """
    The buffer index (in elements) of the element at position ``(0, ..., 0)``.

    Parameters
    ----------
    x : Array
        Input array.

    Returns
    -------
    int
        The offset of the first element.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> layout.offset(xp.arange(10)[3:])
    3
    """
    check_array(x, "offset")
    return x._layout.offset


def is_contiguous(x: Array, order: Literal["C", "F"] = "C") -> bool:
    """
    Whether the elements of ``x`` fill consecutive buffer addresses in ``order``.

    Parameters
    ----------
    x : Array
        Input array.
    order : {"C", "F"}, optional
        Row-major (C, default) or column-major (F) reading order. Size-1 axes may have
        any stride, and an empty array is contiguous in both orders.

    Returns
    -------
    bool

    Raises
    ------
    ValueError
        If ``order`` is neither "C" nor "F".

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> x = xp.zeros((3, 4))
    >>> layout.is_contiguous(x), layout.is_contiguous(x.T), layout.is_contiguous(x.T, "F")
    (True, False, True)
    """
    check_array(x, "is_contiguous")
    if check_order(order, "is_contiguous") == "C":
        return is_c_contiguous(x._layout)
    return is_f_contiguous(x._layout)


def shares_memory(a: object, b: object) -> bool:
    """
    Whether two arrays have at least one element in the same memory (exact).

    Parameters
    ----------
    a, b : Array, NumPy array, DLPack producer or buffer
        The arrays to compare: ours, or any array whose memory can be seen without a
        copy (a NumPy array, another library's CPU array through DLPack, a
        ``memoryview`` or ``bytearray``), as ``numpy.shares_memory`` accepts.

    Returns
    -------
    bool
        True when some element of ``a`` and some element of ``b`` occupy the same
        address; two disjoint slices of one buffer do not share memory.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> x = xp.arange(10)
    >>> layout.shares_memory(x, x[2:5]), layout.shares_memory(x[:5], x[5:])
    (True, False)
    >>> import numpy as np
    >>> layout.shares_memory(x, np.asarray(x)), layout.shares_memory(x, np.arange(3))
    (True, False)
    """
    return memory_overlaps(_elements(a, "a"), _elements(b, "b"))


def _elements(value: object, argument: str) -> Array | ForeignElements:
    """An array of ours, or the elements of another library's, seen without a copy."""
    if isinstance(value, Array):
        return value
    seen = foreign_source(value)
    if seen is None:
        raise TypeError(
            f"shares_memory(): '{argument}' must be an array (ours, a NumPy array, a "
            f"DLPack producer or a buffer), got {type(value).__name__}"
        )
    return seen[0]
