"""
Creation kernels: new element buffers from Python values, from our arrays, and filled in.

The creation chapter (``_creation_functions``) checks every argument and decides what to
make; these functions make it with NumPy and hand back storage and a C-contiguous layout
for ``Array._new``. They take our arrays (through the ``Elements`` protocol: this module
sits below the array object and does not import it), our DTypes and plain Python values.

``StorageAndLayout`` is the result type the other kernel modules written for the chapters
(foreign arrays, manipulation, pickles) share with this one.
"""

from __future__ import annotations

import math

import numpy as np

from .._tables._dtypes import DType, from_numpy_dtype
from .._tables._layout import Layout, contiguous_layout
from ._linalg_kernels import float_magnitude
from ._numpy_views import contiguous_copy, from_contiguous_result
from ._operand_kernels import Elements
from ._scalar_kernels import checked_scalar
from ._storage import Storage, adopt, allocate

StorageAndLayout = tuple[Storage, Layout]
"""What most kernels hand back: a new buffer and the layout over it."""


def converted_copy(x: Elements, dtype: DType) -> StorageAndLayout:
    """A new C-contiguous buffer holding ``x``'s elements in ``dtype`` (an unsafe cast,
    which the caller has allowed; one planned copy)."""
    copy = converted(x, dtype)
    return adopt(copy), contiguous_layout(copy.shape)


def converted(x: Elements, dtype: DType) -> np.ndarray:
    """``converted_copy``'s new C-contiguous NumPy array, before it becomes storage."""
    return contiguous_copy(x._numpy(), dtype.dtype)


def arange_array(start: float, stop: float, step: float, dtype: DType) -> StorageAndLayout:
    """``start, start + step, ...`` below ``stop`` (above it for a negative step)."""
    return from_contiguous_result(np.arange(start, stop, step, dtype=dtype.dtype))


def integer_range_array(start: int, step: int, length: int, dtype: DType) -> StorageAndLayout:
    """``start + step * i`` for ``i < length`` in an integer ``dtype`` that holds every one
    of them, for Python ints NumPy's ``arange`` cannot take (beyond int64). Computed
    modulo 2**64, whose low bits are the exact values."""
    wrapped = np.arange(length, dtype=np.uint64)
    wrapped *= np.uint64(step % 2**64)
    wrapped += np.uint64(start % 2**64)
    return adopt(wrapped.astype(dtype.dtype)), contiguous_layout((length,))


def filled_array(shape: tuple[int, ...], fill_value: int | None, dtype: DType) -> StorageAndLayout:
    """A new buffer of ``shape`` holding 0 or 1 everywhere, or uninitialised for None."""
    size = math.prod(shape)
    if fill_value is None:
        return allocate(size, dtype.dtype), contiguous_layout(shape)
    if fill_value == 0:
        return adopt(np.zeros(size, dtype=dtype.dtype)), contiguous_layout(shape)
    return adopt(np.full(size, fill_value, dtype=dtype.dtype)), contiguous_layout(shape)


def new_filled(shape: tuple[int, ...], value: bool | int | float | complex | None,
               dtype: DType) -> np.ndarray:
    """A new C-contiguous NumPy array of ``shape`` holding ``value`` everywhere: a Python
    scalar that ``dtype`` holds exactly, as ``converts_exactly`` has found (-0.0 keeps its
    sign; an int or bool zero takes NumPy's zeros), or nothing yet for None."""
    if value is None:
        return np.empty(shape, dtype.dtype)
    if value == 0 and (value.__class__ is int or value.__class__ is bool):
        return np.zeros(shape, dtype.dtype)
    filled = np.empty(shape, dtype.dtype)
    filled.fill(value)
    return filled


def new_range(start: float, stop: float, step: float, dtype: DType) -> np.ndarray:
    """``arange``'s values from ``start`` below ``stop`` (above it for a negative
    ``step``) in ``dtype``, by NumPy's arange, as a new C-contiguous NumPy array."""
    return np.arange(start, stop, step, dtype=dtype.dtype)


def full_array(shape: tuple[int, ...], fill_value: bool | int | float | complex, dtype: DType,
               function: str) -> StorageAndLayout:
    """A new buffer of ``shape`` holding a Python scalar everywhere (-0.0 keeps its
    sign); OverflowError naming ``function`` if an int does not fit ``dtype``."""
    value = checked_scalar(fill_value, dtype.dtype, function)
    return adopt(np.full(math.prod(shape), value, dtype=dtype.dtype)), contiguous_layout(shape)


def eye_array(n_rows: int, n_cols: int, k: int, dtype: DType) -> StorageAndLayout:
    """Ones on the ``k``-th diagonal of an ``n_rows`` x ``n_cols`` matrix, zeros elsewhere."""
    return from_contiguous_result(np.eye(n_rows, n_cols, k=k, dtype=dtype.dtype))


def linspace_array(start: complex, stop: complex, num: int, endpoint: bool,
                   dtype: DType) -> StorageAndLayout:
    """``num`` evenly spaced values from ``start`` to ``stop`` (rounded down for an
    integer dtype, as NumPy does; NumPy's floating-point warnings off)."""
    with np.errstate(all="ignore"):
        values = np.linspace(start, stop, num, endpoint=endpoint, dtype=dtype.dtype)
    return from_contiguous_result(values)


def triangle_array(x: Elements, k: int, upper: bool) -> StorageAndLayout:
    """The lower (or upper) triangle of each matrix in ``x``, zeros elsewhere."""
    view = x._numpy()
    return from_contiguous_result(np.triu(view, k) if upper else np.tril(view, k))


def python_scalar_array(value: bool | int | float | complex, dtype: DType,
                        function: str) -> StorageAndLayout:
    """A 0-d array of ``dtype`` holding a Python scalar; OverflowError naming
    ``function`` if an int does not fit."""
    return Storage(checked_scalar(value, dtype.dtype, function)), contiguous_layout(())


_NARROW_FLOATING = frozenset({np.dtype(np.float32), np.dtype(np.complex64)})


def python_data_array(
    obj: object, dtype: DType | None
) -> tuple[Storage, Layout, DType | str, bool]:
    """A new array from Python scalars and (nested) sequences of them or of arrays, in
    ``dtype`` or (for None) the dtype NumPy infers, which the caller checks.

    Returns the storage, the layout, the dtype (ours, or NumPy's name for an inferred
    dtype the standard lacks) and whether NumPy may have taken Python ints beyond int64
    in: it turns them into uint64, objects or (mixed with negative ones) float64 of such
    magnitude; only then need the data be walked to look for such ints. ValueError if
    the sequences are not rectangular. A float beyond float32's range becomes an
    infinity in float32 and complex64 without NumPy's overflow warning, as a Python
    scalar does (``python_scalar_array``).
    """
    numpy_dtype = None if dtype is None else dtype.dtype
    try:
        if numpy_dtype in _NARROW_FLOATING:
            with np.errstate(over="ignore"):
                values = np.array(obj, dtype=numpy_dtype)
        else:
            values = np.array(obj, dtype=numpy_dtype)
    except ValueError as error:
        if "inhomogeneous" in str(error) or "sequence" in str(error):
            raise ValueError(
                "asarray(): nested sequences must be rectangular (every row the same length)"
            ) from None
        raise
    storage, layout = from_contiguous_result(values)
    if dtype is not None:
        return storage, layout, dtype, False
    numpy_dtype = values.dtype
    kind = numpy_dtype.kind
    may_hide_huge_ints = kind in "uO" or (
        kind == "f" and values.size > 0 and float_magnitude(values) >= 2.0**63
    )
    return storage, layout, ours_or_name(numpy_dtype), may_hide_huge_ints


def ours_or_name(numpy_dtype: np.dtype) -> DType | str:
    """Our DType for a NumPy dtype, or NumPy's name for one the standard lacks."""
    dtype = from_numpy_dtype(numpy_dtype)
    return str(numpy_dtype) if dtype is None else dtype
