"""
Scans along one axis: running sums and products (cumulative_sum, cumulative_prod) and
forward differences (diff).

The chapters have checked the arguments, normalised the axis and chosen the dtypes; each
kernel returns a new NumPy array. NumPy's floating-point warnings are off (overflow wraps
or gives infinities, as the standard defines).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._tables._dtypes import DType
from ._numpy_views import elements_in, silenced
from ._operand_kernels import Elements

_CUMULATIVE: dict[str, tuple[Callable[..., Any], int]] = {
    # our function: NumPy's running function, and the identity that starts it
    "cumulative_sum": (np.cumsum, 0),
    "cumulative_prod": (np.cumprod, 1),
}


def cumulative(
    function: str, x: Elements, axis: int, dtype: DType, include_initial: bool
) -> np.ndarray:
    """Running sums ("cumulative_sum") or products ("cumulative_prod") of ``x`` along
    ``axis``, accumulated in ``dtype``; with ``include_initial``, the axis starts with
    the identity (0 or 1) and is one longer."""
    numpy_function, identity = _CUMULATIVE[function]
    result = np.asarray(silenced(numpy_function, x._numpy(), axis=axis, dtype=dtype.dtype))
    if not include_initial:
        return result
    shape = list(result.shape)
    shape[axis] = 1
    start = np.full(tuple(shape), identity, dtype=dtype.dtype)
    return np.concatenate((start, result), axis=axis)


def differences(
    x: Elements,
    n: int,
    axis: int,
    dtype: DType,
    prepend: Elements | None = None,
    append: Elements | None = None,
) -> np.ndarray:
    """The ``n``-th forward difference of ``x`` (after ``prepend`` and ``append``) along
    ``axis``, every operand first converted to ``dtype``; "not equal" for booleans."""
    extras = {
        name: elements_in(extra, dtype)
        for name, extra in (("prepend", prepend), ("append", append))
        if extra is not None
    }
    values = elements_in(x, dtype)
    return np.asarray(silenced(np.diff, values, n=n, axis=axis, **extras))
