"""Linear algebra functions of the main namespace."""

from __future__ import annotations

from . import _kernels
from ._array_object import Array, check_array
from ._dtypes import promote_types
from ._layout import broadcast_shape


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


def _numeric_operand(x, function: str, argument: str) -> None:
    check_array(x, function, argument)
    if x.dtype.kind == "bool":
        raise TypeError(f"{function}(): '{argument}' must have a numeric dtype, got {x.dtype}")
    if x.ndim == 0:
        raise ValueError(f"{function}(): '{argument}' must have at least one dimension")


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
    _numeric_operand(x1, "matmul", "x1")
    _numeric_operand(x2, "matmul", "x2")
    dtype = promote_types(x1.dtype, x2.dtype, "matmul")
    inner1 = x1.shape[-1]
    inner2 = x2.shape[-2] if x2.ndim > 1 else x2.shape[0]
    if inner1 != inner2:
        raise ValueError(
            f"matmul(): the last axis of 'x1' (size {inner1}) must match the "
            f"{'second-to-last' if x2.ndim > 1 else 'only'} axis of 'x2' (size {inner2}); "
            f"shapes {x1.shape} and {x2.shape}"
        )
    if broadcast_shape(x1.shape[:-2], x2.shape[:-2]) is None:
        raise ValueError(
            f"matmul(): the stacks of shapes {x1.shape[:-2]} and {x2.shape[:-2]} do not broadcast"
        )
    result = _kernels.matmul(x1._numpy(), x2._numpy(), dtype.dtype)
    return Array._new(*_kernels.from_contiguous_result(result), dtype)
