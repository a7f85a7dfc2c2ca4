"""
Kernels: NumPy at work on a (storage, layout) pair.

The layout modules decide where elements are; these functions hand NumPy a strided view
of exactly those elements and give back new storage. Nothing here decides a layout.
"""

from __future__ import annotations

import math
import re
import sys
import warnings

import numpy as np

from ._copy_kernels import copy_strided
from ._layout import Layout, contiguous_layout, has_repeated_addresses
from ._storage import DLPACK_CPU, Storage, adopt, allocate


def _silencers():
    """Cheap ways to run NumPy with floating-point warnings off: ``silenced(f, *args)``
    calls ``f`` once; ``silencing(f)`` is ``f``, a function of two operands, made quiet
    for good (for hot paths), returning an ndarray where ``f`` would give a NumPy scalar.

    ``numpy.errstate`` costs over a microsecond per use, more than a small ufunc call;
    it only sets a context variable, so the same variable is set here directly with an
    error state made once. When NumPy's private names move, ``numpy.errstate`` it is.
    """
    try:
        from numpy._core._ufunc_config import _extobj_contextvar, _make_extobj

        ignore_all = _make_extobj(all="ignore")
    except (ImportError, AttributeError, TypeError):

        def silenced(function, *args, **kwargs):
            with np.errstate(all="ignore"):
                return function(*args, **kwargs)

        def silencing(function):
            def quiet(a, b):
                with np.errstate(all="ignore"):
                    return np.asarray(function(a, b))

            return quiet

        return silenced, silencing

    set_state, reset_state = _extobj_contextvar.set, _extobj_contextvar.reset

    def silenced(function, *args, **kwargs):
        token = set_state(ignore_all)
        try:
            return function(*args, **kwargs)
        finally:
            reset_state(token)

    def silencing(function):
        def quiet(a, b):
            token = set_state(ignore_all)
            try:
                result = function(a, b)
            finally:
                reset_state(token)
            return result if result.__class__ is _NDARRAY else np.asarray(result)

        return quiet

    return silenced, silencing


_NDARRAY = np.ndarray


def returning_ndarray(function):
    """``function``, of two operands, returning an ndarray where it would give a NumPy scalar."""

    def run(a, b):
        result = function(a, b)
        return result if result.__class__ is _NDARRAY else np.asarray(result)

    return run


silenced, silencing = _silencers()


def numpy_view(storage: Storage, layout: Layout, numpy_dtype: np.dtype) -> np.ndarray:
    """A NumPy array over ``storage`` showing exactly the elements of ``layout``.

    NumPy checks the bounds again here. A layout that repeats addresses (a broadcast)
    gives a read-only view, as does a read-only storage.
    """
    itemsize = numpy_dtype.itemsize
    shape, strides = layout.shape, layout.strides
    byte_strides = tuple([s * itemsize for s in strides])
    buffer = storage.buffer
    if 0 in shape:
        view = np.ndarray(shape, numpy_dtype, buffer.reshape(-1)[:0], 0, byte_strides)
    else:
        view = np.ndarray(shape, numpy_dtype, buffer, layout.offset * itemsize, byte_strides)
    if 0 in strides and view.flags.writeable and has_repeated_addresses(layout):
        view.flags.writeable = False
    return view


def copy_to_contiguous(source: np.ndarray, numpy_dtype: np.dtype | None = None) -> tuple[Storage, Layout]:
    """One strided copy of ``source`` into a new C-contiguous buffer (converting the dtype if asked)."""
    return adopt(contiguous_copy(source, numpy_dtype)), contiguous_layout(source.shape)


def copy_in_shape(source: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """A new C-contiguous copy of ``source``'s elements in row-major order, seen with
    ``shape`` (of the same size; the caller's layout code decided on this copy)."""
    return contiguous_copy(source).reshape(shape)


# One planned copy of ``source`` as a new C-contiguous NumPy array (in ``numpy_dtype`` if
# given): the routine every copy goes through, bound directly (a hot path for small copies).
contiguous_copy = copy_strided


def c_contiguous(result: np.ndarray, numpy_dtype: np.dtype) -> np.ndarray:
    """``result`` in C order and ``numpy_dtype``: itself when it is so, else one copy."""
    if result.__class__ is not _NDARRAY:  # a NumPy scalar
        return np.asarray(result, dtype=numpy_dtype, order="C")
    if result.flags.c_contiguous and result.dtype == numpy_dtype:
        return result
    return copy_strided(result, numpy_dtype)


def from_contiguous_result(result: np.ndarray) -> tuple[Storage, Layout]:
    """Adopt a freshly computed NumPy result, copying only if it is not C-contiguous."""
    if not result.flags.c_contiguous:
        return copy_to_contiguous(result)
    return Storage(result), contiguous_layout(result.shape)


def _elements(value):
    """A value to write or compare: our array's view, else the value (a NumPy scalar
    or array made by these kernels)."""
    return value._numpy() if hasattr(value, "_layout") else value


def write(x, layout: Layout, value) -> None:
    """Write ``value`` (our array or a scalar of ``scalar_of_dtype``, already checked)
    into the elements of ``x``'s storage that ``layout`` selects, in one call."""
    target = numpy_view(x._storage, layout, x._dtype.dtype)
    np.copyto(target, value._numpy() if hasattr(value, "_layout") else value, casting="unsafe")


def to_numpy(x, dtype=None, copy=None) -> np.ndarray:
    """NumPy's ``__array__`` protocol for our array: share memory unless told or forced
    to copy."""
    view = x._numpy()
    if dtype is not None and np.dtype(dtype) != view.dtype:
        if copy is False:
            raise ValueError(
                f"__array__(): converting {view.dtype} to {np.dtype(dtype)} needs a copy, "
                "but copy=False"
            )
        return view.astype(dtype)
    # a new ndarray object over the same memory: callers may reshape what we hand out
    return copy_strided(view) if copy else view.view()


def export_dlpack(x, max_version, dl_device, copy):
    """The DLPack capsule of our array (NumPy produces it; the CPU needs no stream)."""
    view = x._numpy()
    if dl_device is not None and tuple(dl_device) != DLPACK_CPU:
        raise ValueError(
            f"__dlpack__(): 'dl_device' {dl_device!r} is not the CPU {DLPACK_CPU}; "
            "copying to another device is not supported"
        )
    if copy:
        view = copy_strided(view)
    kwargs = {} if max_version is None else {"max_version": max_version}
    return view.__dlpack__(**kwargs)


def array_repr(x) -> str:
    """``Array([...], dtype=float64)``; empty arrays also show their shape."""
    view, dtype_name = x._numpy(), x._dtype.name
    if view.size == 0:
        return f"Array([], shape={view.shape}, dtype={dtype_name})"
    body = np.array2string(view, separator=", ", prefix="Array(")
    return f"Array({body}, dtype={dtype_name})"


def scalar_value(x):
    """The one element of a 0-d array as a Python scalar."""
    return x._numpy()[()].item()


def format_scalar(x, format_spec: str) -> str:
    """The one element of a 0-d array formatted as NumPy formats its scalars."""
    return format(x._numpy()[()], format_spec)


def compact_copy(x) -> np.ndarray:
    """A new C-contiguous NumPy array holding a copy of our array's elements."""
    return copy_strided(x._numpy())


def scalar_of_dtype(value, dtype, function: str = "__setitem__") -> np.ndarray:
    """A Python scalar as a 0-d array of our ``dtype``; OverflowError if it does not fit."""
    return checked_scalar(value, dtype.dtype, function)


def checked_scalar(value, numpy_dtype: np.dtype, function: str = "__setitem__") -> np.ndarray:
    """A Python scalar as a 0-d array of ``numpy_dtype``; OverflowError if it does not fit."""
    if isinstance(value, int) and numpy_dtype.kind in "iu":
        info = np.iinfo(numpy_dtype)
        if not info.min <= value <= info.max:
            raise OverflowError(
                f"{function}(): {value} does not fit in {numpy_dtype} "
                f"([{info.min}, {info.max}])"
            )
    return np.asarray(value, dtype=numpy_dtype)


def from_python(obj, numpy_dtype: np.dtype | None) -> np.ndarray:
    """A new NumPy array from Python scalars and (nested) sequences of them or of arrays."""
    try:
        return np.array(obj, dtype=numpy_dtype)
    except ValueError as error:
        if "inhomogeneous" in str(error) or "sequence" in str(error):
            raise ValueError(
                "asarray(): nested sequences must be rectangular (every row the same length)"
            ) from None
        raise


def arange_values(start, stop, step, numpy_dtype: np.dtype) -> tuple[Storage, Layout]:
    """``start, start + step, ...`` below ``stop`` (above it for a negative step)."""
    return from_contiguous_result(np.arange(start, stop, step, dtype=numpy_dtype))


def filled(shape: tuple[int, ...], fill_value, numpy_dtype: np.dtype) -> tuple[Storage, Layout]:
    """A new C-contiguous buffer holding ``fill_value`` everywhere (uninitialised if None)."""
    size = math.prod(shape)
    if fill_value is None:
        return allocate(size, numpy_dtype), contiguous_layout(shape)
    if fill_value.__class__ is int and fill_value == 0:  # not -0.0: its sign must survive
        flat = np.zeros(size, dtype=numpy_dtype)
    else:
        flat = np.full(size, fill_value, dtype=numpy_dtype)
    return adopt(flat), contiguous_layout(shape)


def views_overlap(first: np.ndarray, second: np.ndarray) -> bool:
    """True when the two views have at least one element address in common (exact)."""
    return bool(np.shares_memory(first, second))


def matmul(x1, x2, dtype) -> np.ndarray:
    """Matrix product of two arrays with NumPy's broadcasting of stacks, computed in
    ``dtype``."""
    with np.errstate(all="ignore"):
        return np.matmul(x1._numpy(), x2._numpy(), dtype=dtype.dtype)


def index_key(items: tuple) -> tuple:
    """An advanced key's items for NumPy: lists and our arrays (already checked for an
    integer or bool dtype) as index arrays; IndexError for any other array whose dtype
    is neither."""
    converted = []
    for item in items:
        if isinstance(item, list):
            item = np.asarray(item)
            if item.size == 0:
                item = item.astype(np.intp)
        elif hasattr(item, "_layout"):
            item = item._numpy()
        converted.append(item)
    for item in converted:
        kind = getattr(getattr(item, "dtype", None), "kind", None)
        if kind is not None and kind not in "iub":
            raise IndexError(
                f"__getitem__(): arrays used as indices must have an integer or bool "
                f"dtype, got {item.dtype}"
            )
    return tuple(converted)


_OUT_OF_BOUNDS = re.compile(r"index (-?\d+) is out of bounds for axis (\d+) with size (\d+)")


def _indexing_error(error: IndexError, function: str) -> IndexError:
    message = str(error)
    found = _OUT_OF_BOUNDS.search(message)
    if found:
        index, axis, size = found.groups()
        return IndexError(
            f"{function}(): index {index} in an index array is out of range for axis "
            f"{axis} of size {size}"
        )
    if "shape mismatch" in message or "broadcast" in message:
        return IndexError(f"{function}(): the index arrays do not broadcast to one shape")
    if "boolean index did not match" in message or "too many indices" in message:
        return IndexError(
            f"{function}(): the boolean mask does not match the leading dimensions of the array"
        )
    return IndexError(f"{function}(): {message}")


def gather(x, key: tuple) -> np.ndarray:
    """``x[key]`` for an advanced key of ``index_key``: always a new array."""
    try:
        return np.asarray(x._numpy()[key])
    except IndexError as error:
        raise _indexing_error(error, "__getitem__") from None


def masked(x, mask) -> np.ndarray:
    """The elements of array ``x`` where the bool array ``mask``, of the same shape, is
    true (a new array)."""
    return x._numpy()[mask._numpy()]


def scatter(x, key: tuple, value) -> None:
    """``x[key] = value`` for an advanced key of ``index_key`` (``value`` as for ``write``);
    NumPy checks everything before writing."""
    try:
        x._numpy()[key] = _elements(value)
    except IndexError as error:
        raise _indexing_error(error, "__setitem__") from None
    except ValueError:
        raise ValueError(
            "__setitem__(): the value does not broadcast to the shape the index selects"
        ) from None


def float_limits(numpy_dtype: np.dtype) -> tuple[int, float, float, float, float]:
    """bits, eps, max, min and smallest normal of a floating dtype, as Python numbers."""
    info = np.finfo(numpy_dtype)
    return (
        info.bits,
        float(info.eps),
        float(info.max),
        float(info.min),
        float(info.smallest_normal),
    )


def integer_limits(numpy_dtype: np.dtype) -> tuple[int, int, int]:
    """bits, max and min of an integer dtype, as Python ints."""
    info = np.iinfo(numpy_dtype)
    return info.bits, int(info.max), int(info.min)


def eye_values(n_rows: int, n_cols: int, k: int, numpy_dtype: np.dtype) -> np.ndarray:
    """Ones on the ``k``-th diagonal of an ``n_rows`` x ``n_cols`` matrix, zeros elsewhere."""
    return np.eye(n_rows, n_cols, k=k, dtype=numpy_dtype)


def linspace_values(start, stop, num: int, endpoint: bool, numpy_dtype: np.dtype) -> np.ndarray:
    """``num`` evenly spaced values from ``start`` to ``stop``."""
    with np.errstate(all="ignore"):
        return np.linspace(start, stop, num, endpoint=endpoint, dtype=numpy_dtype)


def triangle(view: np.ndarray, k: int, upper: bool) -> np.ndarray:
    """The lower (or upper) triangle of each matrix in a stack, zeros elsewhere."""
    return np.triu(view, k) if upper else np.tril(view, k)


def take_values(view: np.ndarray, indices: np.ndarray, axis: int) -> np.ndarray:
    """Elements of ``view`` at ``indices`` (an index array, or one int that drops the
    axis) along ``axis``; negative indices count back."""
    indices = np.asarray(indices)
    size = view.shape[axis]
    _check_index_range(indices, size, "take")
    return np.take(view, indices, axis=axis)


def take_along_axis_values(view: np.ndarray, indices: np.ndarray, axis: int) -> np.ndarray:
    """Elements of ``view`` picked per position by ``indices`` along ``axis``."""
    _check_index_range(indices, view.shape[axis], "take_along_axis")
    try:
        return np.take_along_axis(view, indices, axis=axis)
    except ValueError:
        raise ValueError(
            f"take_along_axis(): 'indices' of shape {indices.shape} does not broadcast "
            f"with 'x' of shape {view.shape} outside axis {axis}"
        ) from None


def _check_index_range(indices: np.ndarray, size: int, function: str) -> None:
    if indices.size == 0:
        return
    low, high = int(indices.min()), int(indices.max())
    if low < -size or high >= size:
        bad = low if low < -size else high
        raise IndexError(
            f"{function}(): index {bad} is out of range for an axis of size {size}"
        )


def numpy_call(function_name: str, *args, **kwargs) -> np.ndarray:
    """``numpy.<function_name>(*args, **kwargs)`` as an array, floating-point warnings off.

    Callers have checked every argument; the overflow and invalid-value results NumPy
    would warn about are the standard's defined results.
    """
    function = _UFUNC_REDUCTIONS.get(function_name) or getattr(np, function_name)
    return np.asarray(silenced(function, *args, **kwargs))


_UFUNC_REDUCTIONS = {"sum": np.add.reduce, "prod": np.multiply.reduce}
"""NumPy functions that, for an ndarray, are one ufunc reduction with the same
arguments: called directly, without NumPy's Python-level dispatch (about 1 µs a call)."""


def numpy_call_without_warnings(function_name: str, *args, **kwargs) -> np.ndarray:
    """As ``numpy_call``, also silencing the Python warnings NumPy gives for empty slices
    and for degrees of freedom <= 0 (the standard defines those results as NaN)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return numpy_call(function_name, *args, **kwargs)


def wrap_result(result: np.ndarray) -> tuple[Storage, Layout]:
    """Storage and layout for a kernel result (a NumPy array or scalar)."""
    return from_contiguous_result(np.asarray(result))


def sort_positions(view: np.ndarray, axis: int, descending: bool, stable: bool = True) -> np.ndarray:
    """Sorting positions along ``axis``; NaNs last ascending, first descending.

    A stable descending order keeps equal elements in their original order: sort the
    reversed axis ascending, reverse that order, and translate positions back.
    """
    kind = "stable" if stable else "quicksort"
    if not descending:
        return np.argsort(view, axis=axis, kind=kind)
    size = view.shape[axis]
    reversed_view = np.flip(view, axis=axis)
    order = np.flip(np.argsort(reversed_view, axis=axis, kind=kind), axis=axis)
    return size - 1 - order


def sorted_values(view: np.ndarray, axis: int, descending: bool, stable: bool = True) -> np.ndarray:
    """The values of ``view`` sorted along ``axis``; -0.0 and 0.0 compare equal, so a
    stable sort keeps their order, an unstable one need not."""
    if not descending:
        return np.sort(view, axis=axis, kind="stable" if stable else "quicksort")
    if not stable:
        return np.flip(np.sort(np.flip(view, axis=axis), axis=axis, kind="quicksort"), axis=axis)
    return np.take_along_axis(view, sort_positions(view, axis, True), axis=axis)


def unique(view: np.ndarray, with_indices: bool, with_inverse: bool, with_counts: bool):
    """NumPy's unique over all elements, every NaN distinct; the inverse keeps the shape."""
    results = np.unique(
        view.reshape(-1), return_index=with_indices, return_inverse=with_inverse,
        return_counts=with_counts, equal_nan=False,
    )
    if not isinstance(results, tuple):
        return (results,)
    if with_inverse:
        position = 2 if with_indices else 1
        results = list(results)
        results[position] = results[position].reshape(view.shape)
    return tuple(results)


def vector_dot(x1, x2, axis: int, dtype) -> np.ndarray:
    """Sum over ``axis`` of conj(x1) * x2 for two arrays, after broadcasting the other
    axes, computed in ``dtype``."""
    a = np.moveaxis(x1._numpy().astype(dtype.dtype, copy=False), axis, -1)
    b = np.moveaxis(x2._numpy().astype(dtype.dtype, copy=False), axis, -1)
    with np.errstate(all="ignore"):
        return np.asarray(np.vecdot(a, b))  # over the last axis


def tensordot(x1, x2, axes: tuple[tuple[int, ...], tuple[int, ...]], dtype) -> np.ndarray:
    """The contraction of two arrays over the axis pairs ``axes``, computed in ``dtype``."""
    a = x1._numpy().astype(dtype.dtype, copy=False)
    b = x2._numpy().astype(dtype.dtype, copy=False)
    return np.asarray(silenced(np.tensordot, a, b, axes=axes))


def column_major_copy(view: np.ndarray) -> np.ndarray:
    """The elements of ``view`` in column-major order, as a new flat buffer (one copy)."""
    return copy_strided(view, order="F").reshape(-1, order="F")


RESIZE_CHUNK = 4096


def move_block(flat: np.ndarray, source: int, target: int, length: int) -> None:
    """memmove within ``flat`` in chunks of at most RESIZE_CHUNK elements, so that the
    temporary NumPy makes for an overlapping chunk never exceeds a chunk."""
    starts = range(0, length, RESIZE_CHUNK)
    for start in (starts if target < source else reversed(starts)):
        stop = min(start + RESIZE_CHUNK, length)
        flat[target + start : target + stop] = flat[source + start : source + stop]


def buffer_is_private(storage: Storage) -> bool:
    """True when nothing but ``storage`` holds the buffer, and the buffer owns its memory
    (no NumPy array of the caller, no view of it, no other array uses it)."""
    buffer = storage.buffer
    # references: the storage's attribute, this local and getrefcount's own argument
    return buffer.base is None and buffer.flags.owndata and sys.getrefcount(buffer) <= 3


def resize_buffer(storage: Storage, size: int) -> None:
    """Grow or shrink the storage's own buffer in place (its address may change)."""
    storage.buffer.resize((size,), refcheck=True)


def zero_outside(storage: Storage, shape: tuple[int, ...], kept: tuple[int, ...]) -> None:
    """Zero every element of the C-contiguous ``shape`` whose index is outside ``kept``."""
    view = storage.buffer[: math.prod(shape)].reshape(shape)
    for axis, size in enumerate(kept):
        if size < shape[axis]:
            view[(slice(None),) * axis + (slice(size, None),)] = 0


def float_magnitude(values: np.ndarray) -> float:
    """The largest absolute value in a float array (NaN ignored; NaN if all are NaN).

    Two reductions and no temporary array: ``fmax`` and ``fmin`` skip NaNs."""
    flat = values.reshape(-1)
    return float(max(abs(np.fmax.reduce(flat)), abs(np.fmin.reduce(flat))))
