"""
Kernels: NumPy at work on a (storage, layout) pair.

The layout modules decide where elements are; these functions hand NumPy a strided view
of exactly those elements and give back new storage. Nothing here decides a layout.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from ._copy_kernels import copy_strided
from .._tables._layout import Layout, contiguous_layout, has_repeated_addresses
from ._storage import DLPACK_CPU, Storage, adopt
from .._tables._devices import CPU_DEVICE
from .._tables._dtypes import DType


class Elements(Protocol):
    """What a kernel needs of an array: the NumPy view of its elements."""

    def _numpy(self) -> np.ndarray: ...


ArrayObject = Any
"""Our array object, whose storage, layout and dtype some kernels read; the array layer
sits above the kernels and is not imported here."""

Silenced = Callable[..., Any]
"""``silenced(function, *args, **kwargs)``: ``function``'s result, NumPy's warnings off."""

Binary = Callable[[Any, Any], np.ndarray]
"""A function of two operands returning an ndarray."""


def _silencers() -> tuple[Silenced, Callable[[Callable[[Any, Any], Any]], Binary]]:
    """Cheap ways to run NumPy with floating-point warnings off: ``silenced(f, *args)``
    calls ``f`` once; ``silencing(f)`` is ``f``, a function of two operands, made quiet
    for good (for hot paths), returning an ndarray where ``f`` would give a NumPy scalar.

    ``numpy.errstate`` costs over a microsecond per use, more than a small ufunc call;
    it only sets a context variable, so the same variable is set here directly with an
    error state made once. When NumPy's private names move, ``numpy.errstate`` it is.
    """
    try:
        from numpy._core._ufunc_config import (  # type: ignore[attr-defined]
            _extobj_contextvar,
            _make_extobj,
        )

        ignore_all = _make_extobj(all="ignore")
    except (ImportError, AttributeError, TypeError):

        def silenced_by_errstate(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            with np.errstate(all="ignore"):
                return function(*args, **kwargs)

        def silencing_by_errstate(function: Callable[[Any, Any], Any]) -> Binary:
            def quiet(a: Any, b: Any) -> np.ndarray:
                with np.errstate(all="ignore"):
                    return np.asarray(function(a, b))

            return quiet

        return silenced_by_errstate, silencing_by_errstate

    set_state, reset_state = _extobj_contextvar.set, _extobj_contextvar.reset

    def silenced(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        token = set_state(ignore_all)
        try:
            return function(*args, **kwargs)
        finally:
            reset_state(token)

    def silencing(function: Callable[[Any, Any], Any]) -> Binary:
        def quiet(a: Any, b: Any) -> np.ndarray:
            token = set_state(ignore_all)
            try:
                result = function(a, b)
            finally:
                reset_state(token)
            return result if result.__class__ is _NDARRAY else np.asarray(result)

        return quiet

    return silenced, silencing


_NDARRAY = np.ndarray


def returning_ndarray(function: Callable[[Any, Any], Any]) -> Binary:
    """``function``, of two operands, returning an ndarray where it would give a NumPy scalar."""

    def run(a: Any, b: Any) -> np.ndarray:
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


def copy_to_contiguous(
    source: np.ndarray, numpy_dtype: np.dtype | None = None
) -> tuple[Storage, Layout]:
    """One strided copy of ``source`` into a new C-contiguous buffer (converting the dtype
    if asked)."""
    return adopt(contiguous_copy(source, numpy_dtype)), contiguous_layout(source.shape)


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


def _elements(value: Any) -> Any:
    """A value to write or compare: our array's view, else the value (a NumPy scalar
    or array made by these kernels)."""
    return value._numpy() if hasattr(value, "_layout") else value


def elements_in(x: Elements, dtype: DType) -> np.ndarray:
    """The elements of our array ``x`` in our ``dtype``: its view when it is so already,
    else a converted copy."""
    return x._numpy().astype(dtype.dtype, copy=False)


def write(x: ArrayObject, layout: Layout, value: Any) -> None:
    """Write ``value`` (our array or a scalar of ``scalar_of_dtype``, already checked)
    into the elements of ``x``'s storage that ``layout`` selects, in one call. The
    target is reached through the storage (or ``x``'s cached view, when the layout is
    its own), not through ``_numpy()``: a write is not a read."""
    target = x._np_view if layout is x._layout else None
    if target is None:
        target = numpy_view(x._storage, layout, x._dtype.dtype)
    np.copyto(target, _elements(value), casting="unsafe")


def to_numpy(
    x: Elements, dtype: Any = None, copy: bool | None = None, read_only: bool = False
) -> np.ndarray:
    """NumPy's ``__array__`` protocol for our array: share memory unless told or forced
    to copy; with ``read_only``, a view NumPy refuses to write through."""
    view = x._numpy()
    if read_only:
        shared = to_numpy(x, dtype, copy)
        if np.may_share_memory(shared, view):
            shared = shared.view()
            shared.flags.writeable = False
        return shared
    if dtype is not None and np.dtype(dtype) != view.dtype:
        if copy is False:
            raise ValueError(
                f"__array__(): converting {view.dtype} to {np.dtype(dtype)} needs a copy, "
                "but copy=False"
            )
        return view.astype(dtype)
    # a new ndarray object over the same memory: callers may reshape what we hand out
    return copy_strided(view) if copy else view.view()


def export_dlpack(
    x: Elements,
    max_version: tuple[int, int] | None,
    dl_device: tuple[int, int] | None,
    copy: bool | None,
    read_only: bool = False,
    on_export: Callable[[np.ndarray], None] | None = None,
) -> Any:
    """The DLPack capsule of our array (NumPy produces it; the CPU needs no stream).
    With ``read_only`` the shared memory is exported read-only: DLPack 1.0 marks it so,
    and NumPy refuses an older capsule, which cannot say it. ``on_export`` is handed
    the NumPy view the capsule keeps alive, when it shares our memory (the views modes
    count it as another array while its consumer holds it)."""
    view = x._numpy()
    if (read_only or on_export is not None) and not copy:
        view = view.view()
        if read_only:
            view.flags.writeable = False
        if on_export is not None:
            on_export(view)
    if dl_device is not None and tuple(dl_device) != DLPACK_CPU:
        raise ValueError(
            f"__dlpack__(): 'dl_device' {dl_device!r} is not the CPU {DLPACK_CPU}; "
            "copying to another device is not supported"
        )
    if copy:
        view = copy_strided(view)
    kwargs: dict[str, Any] = {} if max_version is None else {"max_version": max_version}
    return view.__dlpack__(**kwargs)


def array_repr(x: ArrayObject) -> str:
    """``Array([...], dtype=float64)``; empty arrays also show their shape, arrays off the
    CPU their device (``device=device1``, as array-api-strict's)."""
    view, dtype_name = x._numpy(), x._dtype.name
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


def compact_copy(x: Elements) -> np.ndarray:
    """A new C-contiguous NumPy array holding a copy of our array's elements."""
    return copy_strided(x._numpy())


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
    with np.errstate(over="ignore"):
        return np.asarray(value, dtype=numpy_dtype)


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


def matmul(x1: Elements, x2: Elements, dtype: DType) -> np.ndarray:
    """Matrix product of two arrays with NumPy's broadcasting of stacks, computed in
    ``dtype``."""
    with np.errstate(all="ignore"):
        return np.matmul(x1._numpy(), x2._numpy(), dtype=dtype.dtype)


def index_key(items: tuple, operation: str) -> tuple:
    """An advanced key's items for NumPy: lists and our arrays (already checked for an
    integer or bool dtype) as index arrays; IndexError naming ``operation`` for any other
    array whose dtype is neither."""
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
                f"{operation}(): arrays used as indices must have an integer or bool "
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


def gather(x: Elements, key: tuple) -> np.ndarray:
    """``x[key]`` for an advanced key of ``index_key``: always a new array."""
    try:
        return np.asarray(x._numpy()[key])
    except IndexError as error:
        raise _indexing_error(error, "__getitem__") from None


def masked(x: Elements, mask: Elements) -> np.ndarray:
    """The elements of array ``x`` where the bool array ``mask``, of the same shape, is
    true (a new array)."""
    return x._numpy()[mask._numpy()]


def scatter(x: ArrayObject, key: tuple, value: Any) -> None:
    """``x[key] = value`` for an advanced key of ``index_key`` (``value`` as for ``write``);
    NumPy checks everything before writing. The target is not read, so it is reached
    through its storage, not through ``_numpy()`` (the reads the views modes watch)."""
    target = x._np_view
    if target is None:
        target = numpy_view(x._storage, x._layout, x._dtype.dtype)
    try:
        target[key] = _elements(value)
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


def wrap_result(result: np.ndarray) -> tuple[Storage, Layout]:
    """Storage and layout for a kernel result (a NumPy array or scalar)."""
    return from_contiguous_result(np.asarray(result))


def vector_dot(x1: Elements, x2: Elements, axis: int, dtype: DType) -> np.ndarray:
    """Sum over ``axis`` of conj(x1) * x2 for two arrays, after broadcasting the other
    axes, computed in ``dtype``."""
    a = np.moveaxis(elements_in(x1, dtype), axis, -1)
    b = np.moveaxis(elements_in(x2, dtype), axis, -1)
    with np.errstate(all="ignore"):
        return np.asarray(np.vecdot(a, b))  # over the last axis


def tensordot(
    x1: Elements, x2: Elements, axes: tuple[tuple[int, ...], tuple[int, ...]], dtype: DType
) -> np.ndarray:
    """The contraction of two arrays over the axis pairs ``axes``, computed in ``dtype``."""
    a, b = elements_in(x1, dtype), elements_in(x2, dtype)
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
