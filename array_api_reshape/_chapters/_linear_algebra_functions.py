"""Linear algebra functions of the main namespace."""

from __future__ import annotations

from collections.abc import Sequence

from .._array._array_object import Array, check_array
from .._array._matrix_product import matrix_product
from .._kernels import _linalg_kernels
from .._modes._placement import device_of_call
from .._modes._promotion import promote_types
from .._tables._dtypes import check_dtype_kind
from .._tables._layout import broadcast_shape
from .._tables._arguments import as_int, as_int_tuple, normalize_axis


def matrix_transpose(x: Array, /) -> Array:
    """
    Swap the last two axes of a stack of matrices (always a view).

    Parameters
    ----------
    x : Array
        Input array with at least two dimensions.

    Returns
    -------
    Array
        A view of shape ``(..., N, M)`` for an input of shape ``(..., M, N)``.

    Raises
    ------
    ValueError
        If ``x`` has fewer than two dimensions.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.matrix_transpose(xp.zeros((5, 2, 3))).shape
    (5, 3, 2)
    """
    check_array(x, "matrix_transpose")
    if x.ndim < 2:
        raise ValueError(
            f"matrix_transpose(): 'x' must have at least two dimensions, got shape {x.shape}"
        )
    return x.mT


def matmul(x1: Array, x2: Array, /) -> Array:
    """
    Matrix product; stacks of matrices broadcast, 1-D operands act as vectors.

    Parameters
    ----------
    x1, x2 : Array
        Numeric arrays with at least one dimension. The last axis of ``x1`` must match
        the second-to-last of ``x2`` (the only axis, when ``x2`` is 1-D).

    Returns
    -------
    Array
        The product, in the promoted dtype of the inputs.

    Raises
    ------
    ValueError
        If an operand is 0-d, the contracted axes differ, or the stacks do not broadcast.
    TypeError
        If an operand is not numeric or the dtypes do not promote.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> a = xp.reshape(xp.arange(6.0), (2, 3))
    >>> xp.matmul(a, xp.ones(3))
    Array([ 3., 12.], dtype=float64)
    """
    check_array(x1, "matmul", "x1")
    check_array(x2, "matmul", "x2")
    return matrix_product(x1, x2, operator=False)


def tensordot(
    x1: Array, x2: Array, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
) -> Array:
    """
    Contract two arrays over the given axes (a generalised matrix product).

    Parameters
    ----------
    x1, x2 : Array
        Numeric arrays.
    axes : int or (sequence of int, sequence of int), optional
        Contract the last ``axes`` axes of ``x1`` with the first ``axes`` axes of
        ``x2`` (default 2), or the listed axes pairwise. Neither operand is conjugated.

    Returns
    -------
    Array
        The free axes of ``x1`` followed by those of ``x2``.

    Raises
    ------
    ValueError
        If contracted axes differ in size or ``axes`` is out of range.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.tensordot(xp.ones((2, 3)), xp.ones((3, 4)), axes=1).shape
    (2, 4)
    """
    check_array(x1, "tensordot", "x1")
    check_array(x2, "tensordot", "x2")
    check_dtype_kind(x1.dtype, "tensordot", "x1", "numeric")
    check_dtype_kind(x2.dtype, "tensordot", "x2", "numeric")
    dtype = promote_types(x1.dtype, x2.dtype, "tensordot")
    if isinstance(axes, tuple) and len(axes) == 2:
        first = tuple(
            normalize_axis(a, x1.ndim, "tensordot", "axes")
            for a in as_int_tuple(axes[0], "tensordot", "axes")
        )
        second = tuple(
            normalize_axis(a, x2.ndim, "tensordot", "axes")
            for a in as_int_tuple(axes[1], "tensordot", "axes")
        )
        if len(first) != len(second):
            raise ValueError("tensordot(): the two sequences of 'axes' must have one length")
    else:
        count = as_int(axes, "tensordot", "axes")
        if count < 0 or count > min(x1.ndim, x2.ndim):
            raise ValueError(
                f"tensordot(): 'axes' {count} must lie in [0, {min(x1.ndim, x2.ndim)}]"
            )
        first = tuple(range(x1.ndim - count, x1.ndim))
        second = tuple(range(count))
    for a, b in zip(first, second):
        if x1._layout.shape[a] != x2._layout.shape[b]:
            raise ValueError(
                f"tensordot(): axis {a} of 'x1' (size {x1.shape[a]}) does not match axis "
                f"{b} of 'x2' (size {x2.shape[b]})"
            )
    device = device_of_call("tensordot", x1=x1, x2=x2)
    return Array._adopt(_linalg_kernels.tensordot(x1, x2, (first, second), dtype), dtype, device)


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """
    Dot products of vectors along an axis, conjugating ``x1`` when complex.

    Parameters
    ----------
    x1, x2 : Array
        Numeric arrays whose other axes broadcast together.
    axis : int, optional
        The (negative) axis holding the vectors, counted from the end (default -1).

    Returns
    -------
    Array
        The broadcast shape without that axis.

    Raises
    ------
    ValueError
        If the vectors differ in length or ``axis`` is out of range.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.vecdot(xp.asarray([1.0, 2.0]), xp.asarray([3.0, 4.0]))
    Array(11., dtype=float64)
    """
    check_array(x1, "vecdot", "x1")
    check_array(x2, "vecdot", "x2")
    check_dtype_kind(x1.dtype, "vecdot", "x1", "numeric")
    check_dtype_kind(x2.dtype, "vecdot", "x2", "numeric")
    dtype = promote_types(x1.dtype, x2.dtype, "vecdot")
    axis = as_int(axis, "vecdot", "axis")
    smallest = min(x1.ndim, x2.ndim)
    if not -smallest <= axis < 0:
        raise ValueError(
            f"vecdot(): 'axis' must be a negative axis in [{-smallest}, -1], got {axis}"
        )
    if x1._layout.shape[axis] != x2._layout.shape[axis]:
        raise ValueError(
            f"vecdot(): the vectors differ in length: {x1.shape[axis]} and {x2.shape[axis]}"
        )
    rest1 = x1._layout.shape[:axis] + (x1._layout.shape[axis + 1 :] if axis != -1 else ())
    rest2 = x2._layout.shape[:axis] + (x2._layout.shape[axis + 1 :] if axis != -1 else ())
    if broadcast_shape(rest1, rest2) is None:
        raise ValueError(
            f"vecdot(): shapes {x1.shape} and {x2.shape} do not broadcast outside the axis"
        )
    device = device_of_call("vecdot", x1=x1, x2=x2)
    return Array._adopt(_linalg_kernels.vector_dot(x1, x2, axis, dtype), dtype, device)
