"""
Scalar kernels: Python scalars in (checked to fit a dtype) and out (the one element of a
0-d array, formatted as NumPy formats it), and an array's ``repr``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._tables._devices import CPU_DEVICE
from .._tables._dtypes import DType
from ._numpy_views import ArrayObject, Elements, numpy_view, silenced

NUMPY_SCALAR = np.generic
"""The class of NumPy's scalars, which operators take as they take Python's."""


def array_repr(x: ArrayObject) -> str:
    """``Array([...], dtype=float64)``; empty arrays also show their shape, arrays off the
    CPU their device (``device=device1``, as array-api-strict's). Showing an array is no
    read the views modes report: a test runner's ``repr`` of it never raises."""
    view, dtype_name = numpy_view(x._storage, x._layout, x._dtype.dtype), x._dtype.name
    device = x._storage.device
    suffix = f"dtype={dtype_name}"
    if device is not CPU_DEVICE:
        suffix += f", device={device.name}"
    if view.size == 0:
        return f"Array([], shape={view.shape}, {suffix})"
    body = np.array2string(view, separator=", ", prefix="Array(")
    return f"Array({body}, {suffix})"


def scalar_value(x: Elements) -> bool | int | float | complex:
    """The one element of a 0-d array as a Python scalar."""
    return x._numpy()[()].item()


def format_scalar(x: Elements, format_spec: str) -> str:
    """The one element of a 0-d array formatted as NumPy formats its scalars."""
    return format(x._numpy()[()], format_spec)


def scalar_of_dtype(value: Any, dtype: DType, function: str = "__setitem__") -> np.ndarray:
    """A Python scalar as a 0-d array of our ``dtype``; OverflowError if it does not fit."""
    return checked_scalar(value, dtype.dtype, function)


def checked_scalar(value: Any, numpy_dtype: np.dtype, function: str = "__setitem__") -> np.ndarray:
    """A Python scalar as a 0-d array of ``numpy_dtype``. OverflowError naming
    ``function`` for an int the dtype cannot hold: outside an integer dtype's range, or
    beyond a floating dtype's largest finite value. A float beyond float32's range
    becomes an infinity, as IEEE rounding makes it (NumPy's warning off)."""
    if isinstance(value, int) and value.__class__ is not bool:
        low, high = _INT_RANGES[numpy_dtype]
        if not low <= value <= high:
            shown = f"[{low}, {high}]" if numpy_dtype.kind in "iu" else f"[{low:.8g}, {high:.8g}]"
            raise OverflowError(
                f"{function}(): the Python int {value} does not fit in {numpy_dtype} ({shown})"
            )
    return silenced(np.asarray, value, dtype=numpy_dtype)  # overflow only: NumPy's warnings off


def _int_range(numpy_dtype: np.dtype) -> tuple[float, float]:
    """The Python ints ``numpy_dtype`` holds: an integer dtype's range, a floating
    (or complex) dtype's finite range, and any int for bool."""
    if numpy_dtype.kind in "iu":
        info = np.iinfo(numpy_dtype)
        return int(info.min), int(info.max)
    if numpy_dtype.kind == "b":
        return -math.inf, math.inf  # any int converts to a bool
    largest = int(np.finfo(numpy_dtype).max)
    return -largest, largest


_INT_RANGES = {
    np.dtype(name): _int_range(np.dtype(name))
    for name in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                 "uint64", "float16", "float32", "float64", "complex64", "complex128")
}
