"""
Creation kernels: new element buffers from Python values, from our arrays, and filled in.

The creation chapter (``_creation_functions``) checks every argument and decides what to
make; these functions make it with NumPy and hand back storage and a C-contiguous layout
(or a new NumPy array for ``Array._adopt``). They take our arrays (through the
``Elements`` protocol: this module sits below the array object and does not import it),
our DTypes and plain Python values.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from ._dtypes import DType, from_numpy_dtype
from ._kernels import (
    arange_values,
    checked_scalar,
    copy_to_contiguous,
    eye_values,
    filled,
    float_magnitude,
    from_contiguous_result,
    from_python,
    linspace_values,
    triangle,
)
from ._layout import Layout
from ._storage import Storage


class Elements(Protocol):
    """What a kernel needs of an array: its elements as a NumPy view (``Array`` is one)."""

    def _numpy(self) -> np.ndarray: ...


StorageAndLayout = tuple[Storage, Layout]


def converted_copy(x: Elements, dtype: DType) -> StorageAndLayout:
    """A new C-contiguous buffer holding ``x``'s elements in ``dtype`` (an unsafe cast,
    which the caller has allowed; one planned copy)."""
    return copy_to_contiguous(x._numpy(), dtype.dtype)


def arange_array(start: float, stop: float, step: float, dtype: DType) -> StorageAndLayout:
    """``start, start + step, ...`` below ``stop`` (above it for a negative step)."""
    return arange_values(start, stop, step, dtype.dtype)


def filled_array(shape: tuple[int, ...], fill_value: int | None, dtype: DType) -> StorageAndLayout:
    """A new buffer of ``shape`` holding 0 or 1 everywhere, or uninitialised for None."""
    return filled(shape, fill_value, dtype.dtype)


def full_array(shape: tuple[int, ...], fill_value: bool | int | float | complex, dtype: DType,
               function: str) -> StorageAndLayout:
    """A new buffer of ``shape`` holding a Python scalar everywhere; OverflowError naming
    ``function`` if an int does not fit ``dtype``."""
    return filled(shape, checked_scalar(fill_value, dtype.dtype, function), dtype.dtype)


def eye_array(n_rows: int, n_cols: int, k: int, dtype: DType) -> StorageAndLayout:
    """Ones on the ``k``-th diagonal of an ``n_rows`` x ``n_cols`` matrix, zeros elsewhere."""
    return from_contiguous_result(eye_values(n_rows, n_cols, k, dtype.dtype))


def linspace_array(start: complex, stop: complex, num: int, endpoint: bool,
                   dtype: DType) -> StorageAndLayout:
    """``num`` evenly spaced values from ``start`` to ``stop`` (rounded down for an
    integer dtype, as NumPy does)."""
    return from_contiguous_result(linspace_values(start, stop, num, endpoint, dtype.dtype))


def triangle_array(x: Elements, k: int, upper: bool) -> StorageAndLayout:
    """The lower (or upper) triangle of each matrix in ``x``, zeros elsewhere."""
    return from_contiguous_result(triangle(x._numpy(), k, upper))


def python_scalar_array(value: bool | int | float | complex, dtype: DType,
                        function: str) -> StorageAndLayout:
    """A 0-d array of ``dtype`` holding a Python scalar; OverflowError naming
    ``function`` if an int does not fit."""
    return from_contiguous_result(checked_scalar(value, dtype.dtype, function))


def python_data_array(obj: object, dtype: DType) -> StorageAndLayout:
    """A new array of ``dtype`` from Python scalars and (nested) sequences of them or
    of arrays; ValueError if the sequences are not rectangular."""
    return from_contiguous_result(from_python(obj, dtype.dtype))


def inferred_python_data(obj: object) -> tuple[Storage, Layout, DType | str, bool]:
    """Python data as a new array of the dtype NumPy infers, which the caller checks.

    Returns the storage, the layout, the dtype (ours, or NumPy's name for a dtype the
    standard lacks) and whether NumPy may have taken Python ints beyond int64 in: it
    turns them into uint64, objects or (mixed with negative ones) float64 of such
    magnitude; only then need the data be walked to look for such ints.
    """
    values = from_python(obj, None)
    numpy_dtype = values.dtype
    kind = numpy_dtype.kind
    may_hide_huge_ints = kind in "uO" or (
        kind == "f" and values.size > 0 and float_magnitude(values) >= 2.0**63
    )
    storage, layout = from_contiguous_result(values)
    return storage, layout, ours_or_name(numpy_dtype), may_hide_huge_ints


def ours_or_name(numpy_dtype: np.dtype) -> DType | str:
    """Our DType for a NumPy dtype, or NumPy's name for one the standard lacks."""
    dtype = from_numpy_dtype(numpy_dtype)
    return str(numpy_dtype) if dtype is None else dtype
