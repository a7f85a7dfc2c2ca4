"""
How the kernels read their operands: our arrays (through their cached NumPy view) and
Python scalars (as checked 0-d arrays).

Kernel modules sit below the array object and never import it; an array reaches them as
anything with a ``_numpy()`` method, which is all they ask of it (``Elements``, defined in
``_numpy_views`` and named here for the kernel modules).
"""

from __future__ import annotations

import numpy as np

from .._tables._dtypes import DType
from ._numpy_views import Elements as Elements
from ._numpy_views import elements_in
from ._scalar_kernels import checked_scalar

Scalar = bool | int | float | complex | np.generic
"""A Python scalar, or a NumPy scalar standing for one."""

_SCALARS = (int, float, complex, np.generic)  # bool is an int


def elements_as(value: Elements | Scalar, dtype: DType, function: str) -> np.ndarray:
    """An array's elements in ``dtype`` (no copy when already so), or a scalar as a 0-d
    array of ``dtype`` (OverflowError naming ``function`` when an int does not fit)."""
    if isinstance(value, _SCALARS):
        return checked_scalar(value, dtype.dtype, function)
    return elements_in(value, dtype)


def elements_or_scalar(value: Elements | Scalar, dtype: DType, function: str) -> np.ndarray:
    """An array's elements as they are, or a scalar as a checked 0-d array of ``dtype``."""
    if isinstance(value, _SCALARS):
        return checked_scalar(value, dtype.dtype, function)
    return value._numpy()
