"""Linear algebra functions of the main namespace."""

from __future__ import annotations

from ._array_object import Array
from ._manipulation_functions import _check_array


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
    _check_array(x, "matrix_transpose")
    if x.ndim < 2:
        raise ValueError(
            f"matrix_transpose(): 'x' must have at least two dimensions, got shape {x.shape}"
        )
    return x.mT
