"""Creation functions of the standard: asarray and the functions that make new arrays."""

from __future__ import annotations

import math
import operator
from typing import Any, Literal, Protocol, TypeVar

from .._array._array_object import Array, check_array
from .._kernels._creation_kernels import (
    arange_array,
    converted_copy,
    eye_array,
    filled_array,
    full_array,
    integer_range_array,
    linspace_array,
    python_data_array,
    python_scalar_array,
    triangle_array,
)
from .._kernels._foreign_kernels import (
    ForeignSource,
    borrowed,
    dlpack_source,
    foreign_copy,
    foreign_source,
    plain_array_copy,
    plain_array_dtype,
)
from .._runtime._memory import check_allocation
from .._modes._call_rules import check_call
from .._modes._default_dtypes import dtype_of_data, dtype_on
from .._modes._device_checks import check_dtype_on_device
from .._modes._placement import (
    check_moves_inside,
    default_is_cpu,
    device_inside,
    device_of_call,
)
from .._modes._profiles import copies_foreign_memory, on_library_device
from .._modes._refusals import check_dtype, refuse_unspecified
from .._modes._results import result_like
from .._modes._transfers import check_transfer
from .._modes._view_modes import tracking
from .._modes._view_tracking import borrowed_and_tracked
from .._tables._devices import CPU_DEVICE, Device
from .._tables._dtypes import (
    DEFAULT_COMPLEX_FLOATING,
    DEFAULT_INTEGER,
    DEFAULT_REAL_FLOATING,
    EXACT_PYTHON_SCALARS,
    DType,
    as_python_scalar,
    check_keeps_imaginary,
    is_kind,
    python_scalar_fits_kind,
)
from .._tables._dtypes import (
    bool as bool_dtype,
)
from .._tables._arguments import INT64_MAX, as_int, check_copy, check_shape, is_one_of
from ._manipulation_functions import broadcast_view

_T_co = TypeVar("_T_co", covariant=True)


class NestedSequence(Protocol[_T_co]):
    """A sequence of items or of nested sequences of them (the standard's type for
    ``asarray``'s Python data)."""

    def __getitem__(self, key: int, /) -> _T_co | NestedSequence[_T_co]: ...

    def __len__(self, /) -> int: ...


SupportsBufferProtocol = Any
"""An object exporting the buffer protocol or DLPack (no static type says so before
Python 3.12's ``collections.abc.Buffer``)."""


def _optional_dtype(dtype: DType | None, function: str) -> DType | None:
    return None if dtype is None else check_dtype(dtype, function)


def _floating_by_default(
    function: str, dtype: DType | None, device: Device | None
) -> tuple[DType, Device]:
    """The checked ``dtype`` and ``device`` of a creation function whose default dtype is
    the default real floating one (the device's own off the CPU)."""
    dtype = _optional_dtype(dtype, function)
    placed = device_of_call(function, device)
    return dtype_on(placed, dtype, DEFAULT_REAL_FLOATING, function), placed


def asarray(
    obj: Array | bool | int | float | complex | NestedSequence[bool | int | float | complex]
    | SupportsBufferProtocol,
    /,
    *,
    dtype: DType | None = None,
    device: Device | None = None,
    copy: bool | None = None,
) -> Array:
    """The general path of :func:`asarray` (``_creation_entries.asarray`` takes the fast one)."""
    if dtype is None and device is None:
        # a NumPy array, C-contiguous and non-empty when it is to be shared whole
        # (not while arrays are placed on a fixed device: the general path does that)
        same_dtype = plain_array_dtype(obj, copy is None) if default_is_cpu() else None
        if same_dtype is not None:
            if copies_foreign_memory(copy):
                copy = True
            if copy is None:
                if tracking():  # counted among what sees its memory
                    shared = borrowed_and_tracked(obj)  # type: ignore[arg-type]
                    if shared is not None:
                        return Array._new(shared[0], shared[1], same_dtype, None)
                return Array._share(obj, same_dtype)
            if copy is True:
                return Array._adopt(plain_array_copy(obj), same_dtype, CPU_DEVICE)
        elif copy is None and obj.__class__ is Array:
            return obj
    copy = check_copy(copy, "asarray")
    dtype = _optional_dtype(dtype, "asarray")
    if isinstance(obj, Array):
        return _from_array(obj, dtype, copy, device_of_call("asarray", device, obj=obj))
    check_call("asarray", obj=obj)
    if device is None:
        device = device_inside(obj, "asarray")  # our arrays' in a list (off the CPU)
    target = device_of_call("asarray", device)
    if dtype is not None and target is not CPU_DEVICE:
        check_dtype_on_device(dtype, target, "asarray")
    source = foreign_source(obj)
    if source is not None:
        return _from_foreign(source, dtype, copy, target)
    if copy is False:
        raise ValueError(
            f"asarray(copy=False): an array made from Python {type(obj).__name__} data "
            "is always a new buffer; use copy=None"
        )
    check_moves_inside(obj, target, "asarray")
    return _from_python(obj, dtype, target)


def _from_array(x: Array, dtype: DType | None, copy: bool | None, device: Device) -> Array:
    if device is not x._storage.device:
        if copy is False:
            raise ValueError(
                f"asarray(copy=False): moving an array from device {x.device.name!r} to "
                f"{device.name!r} needs a copy"
            )
        dtype = x.dtype if dtype is None else dtype
        check_keeps_imaginary(x.dtype, dtype, "asarray")
        check_dtype_on_device(dtype, device, "asarray")
        check_transfer(x._storage.device, device, "asarray")
        return Array._new(*converted_copy(x, dtype), dtype, device)
    if dtype is None or dtype is x.dtype:
        if not copy:
            return x
        return Array._new(*converted_copy(x, x.dtype), x.dtype, device)
    if copy is False:
        raise ValueError(
            f"asarray(copy=False): converting {x.dtype} to {dtype} needs a copy"
        )
    check_keeps_imaginary(x.dtype, dtype, "asarray")
    check_dtype_on_device(dtype, device, "asarray")
    return Array._new(*converted_copy(x, dtype), dtype, device)


def _from_foreign(
    source: ForeignSource, dtype: DType | None, copy: bool | None, device: Device
) -> Array:
    elements, source_dtype = source
    target = source_dtype if dtype is None else dtype
    if isinstance(target, str):
        raise TypeError(
            f"asarray(): NumPy dtype {target} has no counterpart among the "
            "standard's dtypes; pass dtype= to convert it"
        )
    if device is not CPU_DEVICE:
        check_dtype_on_device(target, device, "asarray")
    if copies_foreign_memory(copy):
        copy = True
    if not copy and source_dtype is target:
        shared = borrowed_and_tracked(elements) if tracking() else borrowed(elements)
        if shared is not None:
            return Array._new(*shared, target, device)
        if copy is False:
            raise ValueError(
                "asarray(copy=False): the source cannot be shared: its strides are not "
                "whole multiples of its item size"
            )
    elif copy is False:
        raise ValueError(
            f"asarray(copy=False): the source cannot be shared: converting "
            f"{_dtype_name(source_dtype)} to {target} needs a copy"
        )
    if isinstance(source_dtype, DType):
        check_keeps_imaginary(source_dtype, target, "asarray")
    return Array._adopt(foreign_copy(elements, target), target, device)


def _dtype_name(dtype: DType | str) -> str:
    """The name of our dtype, or the NumPy name a kernel gave for another."""
    return dtype if isinstance(dtype, str) else dtype.name


_PYTHON_SCALAR_DTYPES = {
    bool: bool_dtype,
    int: DEFAULT_INTEGER,
    float: DEFAULT_REAL_FLOATING,
    complex: DEFAULT_COMPLEX_FLOATING,
}


def _from_python(obj: Any, dtype: DType | None, device: Device) -> Array:
    if dtype is None:
        dtype = _PYTHON_SCALAR_DTYPES.get(type(obj))
        if dtype is not None:
            dtype = dtype_on(device, None, dtype, "asarray")
    if dtype is not None:
        scalar = as_python_scalar(obj)  # NumPy's scalars as the Python scalars they hold
        if scalar is not None:
            if not _scalar_converts(scalar, dtype):
                source = ("a Python " if type(obj) in _PYTHON_SCALAR_DTYPES else "a NumPy "
                          ) + type(obj).__name__
                raise TypeError(f"asarray(): {source} cannot become an array of {dtype}")
            return Array._new(*python_scalar_array(scalar, dtype, "asarray"), dtype, device)
        storage, layout, _, _ = python_data_array(obj, dtype)
        return Array._new(storage, layout, dtype, device)
    storage, layout, inferred, may_hide_huge_ints = python_data_array(obj, None)
    if may_hide_huge_ints and _has_huge_int(obj):
        raise OverflowError(
            f"asarray(): a Python int in the data does not fit in {DEFAULT_INTEGER} "
            "(pass dtype= for an unsigned type)"
        )
    if isinstance(inferred, str):
        check_call("asarray", data_type=inferred)
        raise TypeError(
            f"asarray(): data of NumPy type {inferred} has no counterpart among "
            "the standard's dtypes"
        )
    on_device = dtype_of_data(device, inferred, obj)
    if on_device is not inferred:  # the device's own default for this kind of data
        storage, layout, _, _ = python_data_array(obj, on_device)
    return Array._new(storage, layout, on_device, device)


def _scalar_converts(value: bool | int | float | complex, dtype: DType) -> bool:
    """With an explicit dtype, a Python scalar may widen in kind (bool -> int -> float ->
    complex) but never lose its fractional or imaginary part."""
    if isinstance(value, complex) and not isinstance(value, (int, float)):
        return is_kind(dtype, "complex floating")
    if isinstance(value, float):
        return is_kind(dtype, "floating-point")
    return True


def _has_huge_int(obj: object) -> bool:
    """True when a (nested) Python int in ``obj`` lies outside int64."""
    if isinstance(obj, int):
        return not -INT64_MAX - 1 <= obj <= INT64_MAX
    if isinstance(obj, (list, tuple)):
        return any(_has_huge_int(item) for item in obj)
    return False


def _number_argument(
    value: object, function: str, argument: str, kinds: tuple[type, ...]
) -> Any:
    """A number argument as a Python int, float or complex (of ``kinds``): Python's and
    NumPy's scalars, and 0-d arrays of a number dtype (``linspace(x[0], x[-1], n)``);
    bools are not numbers here."""
    if value.__class__ is Array and value.ndim == 0 and not is_kind(value.dtype, "bool"):
        refuse_unspecified(function, f"a 0-d array as '{argument}' (the standard asks for "
                           "a Python number)", strict_takes=True)
        scalar = value._scalar(function)
    else:
        scalar = as_python_scalar(value)
    if scalar is None or isinstance(scalar, bool) or not isinstance(scalar, kinds):
        names = " or ".join(kind.__name__ for kind in kinds)
        raise TypeError(
            f"{function}(): '{argument}' must be a number ({names}) or a 0-d array of "
            f"one, got {type(value).__name__} {value!r}"
        )
    return scalar


def _check_real_number(value: object, function: str, argument: str) -> int | float:
    """An int or float argument as a Python number (see ``_number_argument``)."""
    return _number_argument(value, function, argument, (int, float))


def arange(
    start: int | float,
    /,
    stop: int | float | None = None,
    step: int | float = 1,
    *,
    dtype: DType | None = None,
    device: Device | None = None,
) -> Array:
    """The general path of :func:`arange` (``_creation_entries.arange`` takes the fast one)."""
    dtype = _optional_dtype(dtype, "arange")
    placed = device_of_call("arange", device)
    start = _check_real_number(start, "arange", "start")
    if stop is not None:
        stop = _check_real_number(stop, "arange", "stop")
    step = _check_real_number(step, "arange", "step")
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise ValueError("arange(): 'step' must not be 0")
    all_ints = isinstance(start, int) and isinstance(stop, int) and isinstance(step, int)
    dtype = dtype_on(placed, dtype, DEFAULT_INTEGER if all_ints else DEFAULT_REAL_FLOATING,
                     "arange")
    if isinstance(start, int) and isinstance(stop, int) and isinstance(step, int) and (
        is_kind(dtype, "integer")
    ):
        return _integer_range(start, stop, step, dtype, placed)
    start, stop, step = (
        _as_float(start, "arange", "start"),
        _as_float(stop, "arange", "stop"),
        _as_float(step, "arange", "step"),
    )
    span = (stop - start) / step
    if not math.isfinite(span):
        raise ValueError(
            f"arange(): cannot count the values from 'start' {start!r} to 'stop' {stop!r} "
            f"by 'step' {step!r}: the count is not finite"
        )
    _check_range_length(max(0, math.ceil(span)), dtype, start, stop, step)
    return Array._new(*arange_array(start, stop, step, dtype), dtype, placed)


def _check_range_length(
    length: int, dtype: DType, start: float, stop: float, step: float
) -> None:
    """ValueError or MemoryError when ``arange`` would have more values than an array can
    hold or the machine can store."""
    arguments = f"'start' {start!r}, 'stop' {stop!r} and 'step' {step!r}"
    if length > INT64_MAX:
        raise ValueError(
            f"arange(): {arguments} give {length} values, more than an array can hold"
        )
    check_allocation((length,), dtype, "arange", arguments)


def _integer_range(start: int, stop: int, step: int, dtype: DType, device: Device) -> Array:
    """``arange`` of Python ints in an integer dtype, counted exactly: every value must
    fit ``dtype``, whatever the size of ``stop``."""
    length = max(0, -((start - stop) // step))
    _check_range_length(length, dtype, start, stop, step)
    if length == 0:
        return Array._new(*arange_array(0, 0, 1, dtype), dtype, device)
    low, high = EXACT_PYTHON_SCALARS[dtype][int]
    last = start + (length - 1) * step
    if not low <= start <= high:
        raise OverflowError(
            f"arange(): 'start' {start} does not fit in {dtype.name} ([{low}, {high}])"
        )
    if not low <= last <= high:
        raise OverflowError(
            f"arange(): the last value, 'start' + {length - 1} * 'step' = {last}, does not "
            f"fit in {dtype.name} ([{low}, {high}]); bring 'stop' nearer to 'start'"
        )
    if all(-INT64_MAX - 1 <= v <= INT64_MAX for v in (start, stop, step)):
        return Array._new(*arange_array(start, stop, step, dtype), dtype, device)
    return Array._new(*integer_range_array(start, step, length, dtype), dtype, device)


def _as_float(value: int | float, function: str, argument: str) -> float:
    """A real number as a float; OverflowError naming ``argument`` for an int beyond
    float64's range."""
    try:
        return float(value)
    except OverflowError:
        raise OverflowError(
            f"{function}(): '{argument}' {value} is beyond the range of float64 "
            "(about ±1.8e308)"
        ) from None


def _filled(function: str, shape: int | tuple[int, ...], fill_value: int | None,
            dtype: DType, device: Device) -> Array:
    """A new array of ``shape`` on ``device`` filled with 0 or 1, or uninitialised for None."""
    checked = check_shape(shape, function)
    source = "'x'" if function.endswith("_like") else "'shape'"
    check_allocation(checked, dtype, function, source)
    return Array._new(*filled_array(checked, fill_value, dtype), dtype, device)


def empty(
    shape: int | tuple[int, ...], *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """The general path of :func:`empty` (``_creation_entries.empty`` takes the fast one)."""
    dtype, placed = _floating_by_default("empty", dtype, device)
    return _filled("empty", shape, None, dtype, placed)


def zeros(
    shape: int | tuple[int, ...], *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """The general path of :func:`zeros` (``_creation_entries.zeros`` takes the fast one)."""
    dtype, placed = _floating_by_default("zeros", dtype, device)
    return _filled("zeros", shape, 0, dtype, placed)


def ones(
    shape: int | tuple[int, ...], *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """The general path of :func:`ones` (``_creation_entries.ones`` takes the fast one)."""
    dtype, placed = _floating_by_default("ones", dtype, device)
    return _filled("ones", shape, 1, dtype, placed)


def _python_scalar(value: Any, function: str) -> object:
    """NumPy numbers and 0-d arrays as the Python scalar they hold; anything else as is."""
    if isinstance(value, Array) and value.ndim == 0:
        return value._scalar(function)
    if value.__class__ in _PYTHON_SCALAR_DTYPES or isinstance(value, bool):
        return value
    if hasattr(type(value), "__index__"):
        try:
            return operator.index(value)
        except TypeError:  # an array of more than one element, or not of integers
            return value
    if isinstance(value, float):
        return float(value)
    if isinstance(value, complex):
        return complex(value)
    return value


def full(
    shape: int | tuple[int, ...],
    fill_value: bool | int | float | complex,
    *,
    dtype: DType | None = None,
    device: Device | None = None,
) -> Array:
    """The general path of :func:`full` (``_creation_entries.full`` takes the fast one)."""
    dtype = _optional_dtype(dtype, "full")
    return _full("full", shape, fill_value, dtype, device_of_call("full", device))


def _full(
    function: str,
    shape: int | tuple[int, ...],
    fill_value: object,
    dtype: DType | None,
    device: Device,
) -> Array:
    """``full`` and ``full_like`` (``function``), with ``dtype`` and ``device`` already
    checked (``dtype`` not yet against the device when it is a default)."""
    fill_value = _python_scalar(fill_value, function)
    if not isinstance(fill_value, (bool, int, float, complex)) or (
        type(fill_value) not in _PYTHON_SCALAR_DTYPES
    ):
        raise TypeError(
            f"{function}(): 'fill_value' must be a bool, int, float or complex, "
            f"got {type(fill_value).__name__} {fill_value!r}"
        )
    dtype = dtype_on(device, dtype, _PYTHON_SCALAR_DTYPES[type(fill_value)], function)
    if not python_scalar_fits_kind(fill_value, dtype):
        raise TypeError(
            f"{function}(): 'fill_value' {fill_value!r} cannot fill an array of {dtype}"
        )
    checked = check_shape(shape, function)
    check_allocation(checked, dtype, function, "'x'" if function == "full_like" else "'shape'")
    return Array._new(*full_array(checked, fill_value, dtype, function), dtype, device)


def _like(
    function: str, x: Array, dtype: DType | None, device: Device | None
) -> tuple[DType, Device]:
    """The dtype and device of a ``*_like`` result: by default ``x``'s (checked)."""
    check_array(x, function)
    dtype = x.dtype if dtype is None else check_dtype(dtype, function)
    placed = device_of_call(function, device, x=x)
    if placed is not CPU_DEVICE:
        check_dtype_on_device(dtype, placed, function)
    return dtype, placed


def empty_like(
    x: Array, /, *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """The general path of :func:`empty_like` (``_creation_entries.empty_like`` takes the fast
    one)."""
    dtype, placed = _like("empty_like", x, dtype, device)
    made = _filled("empty_like", x._layout.shape, None, dtype, placed)
    return result_like(made, x)


def zeros_like(
    x: Array, /, *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """The general path of :func:`zeros_like` (``_creation_entries.zeros_like`` takes the fast
    one)."""
    dtype, placed = _like("zeros_like", x, dtype, device)
    made = _filled("zeros_like", x._layout.shape, 0, dtype, placed)
    return result_like(made, x)


def ones_like(
    x: Array, /, *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """The general path of :func:`ones_like` (``_creation_entries.ones_like`` takes the fast
    one)."""
    dtype, placed = _like("ones_like", x, dtype, device)
    made = _filled("ones_like", x._layout.shape, 1, dtype, placed)
    return result_like(made, x)


def full_like(
    x: Array,
    /,
    fill_value: bool | int | float | complex,
    *,
    dtype: DType | None = None,
    device: Device | None = None,
) -> Array:
    """The general path of :func:`full_like` (``_creation_entries.full_like`` takes the fast
    one)."""
    dtype, placed = _like("full_like", x, dtype, device)
    made = _full("full_like", x._layout.shape, fill_value, dtype, placed)
    return result_like(made, x)


def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: DType | None = None,
    device: Device | None = None,
) -> Array:
    """
    A matrix with ones on one diagonal and zeros elsewhere.

    Parameters
    ----------
    n_rows : int
        Number of rows.
    n_cols : int, optional
        Number of columns; default ``n_rows``.
    k : int, optional
        The diagonal: 0 (default) the main one, positive above it, negative below.
    dtype : dtype, optional
        Default float64.
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name (such as
        ``"device1"``); None (default): the default device, the CPU unless the
        fixed_device flag is set. Without ``dtype``, that device's default dtypes apply.

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.eye(2, 3, k=1, dtype=xp.int8)
    Array([[0, 1, 0],
           [0, 0, 1]], dtype=int8)
    """
    n_rows = check_shape(as_int(n_rows, "eye", "n_rows"), "eye", "n_rows")[0]
    n_cols = n_rows if n_cols is None else check_shape(
        as_int(n_cols, "eye", "n_cols"), "eye", "n_cols"
    )[0]
    k = as_int(k, "eye", "k")
    check_call("eye", n_rows=n_rows, n_cols=n_cols)
    dtype, placed = _floating_by_default("eye", dtype, device)
    check_allocation((n_rows, n_cols), dtype, "eye", "'n_rows' and 'n_cols'")
    return Array._new(*eye_array(n_rows, n_cols, k, dtype), dtype, placed)


def linspace(
    start: int | float | complex,
    stop: int | float | complex,
    /,
    num: int,
    *,
    dtype: DType | None = None,
    device: Device | None = None,
    endpoint: bool = True,
) -> Array:
    """
    ``num`` evenly spaced numbers from ``start`` to ``stop``.

    Parameters
    ----------
    start, stop : int, float, complex or 0-d Array
        The ends of the interval.
    num : int
        How many values (>= 0).
    dtype : dtype, optional
        Default float64, or complex128 when an end is complex. An integer dtype
        rounds the evenly spaced values down (as NumPy does).
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name (such as
        ``"device1"``); None (default): the default device, the CPU unless the
        fixed_device flag is set. Without ``dtype``, that device's default dtypes apply.
    endpoint : bool, optional
        Whether ``stop`` is the last value (default True).

    Returns
    -------
    Array
        A one-dimensional array of ``num`` values.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linspace(0, 1, 5)
    Array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float64)
    >>> x = xp.asarray([2.0, 3.0])
    >>> xp.linspace(x[0], x[-1], 3)
    Array([2. , 2.5, 3. ], dtype=float64)
    >>> xp.linspace(0, 10, 4, dtype=xp.int64)
    Array([ 0,  3,  6, 10], dtype=int64)
    >>> xp.linspace(0, 1, 3, device="no_float64")
    Array([0. , 0.5, 1. ], dtype=float32, device=no_float64)
    """
    start = _number_argument(start, "linspace", "start", (int, float, complex))
    stop = _number_argument(stop, "linspace", "stop", (int, float, complex))
    num = check_shape(as_int(num, "linspace", "num"), "linspace", "num")[0]
    if not isinstance(endpoint, bool):
        raise TypeError(f"linspace(): 'endpoint' must be a bool, got {endpoint!r}")
    is_complex = isinstance(start, complex) or isinstance(stop, complex)
    dtype = _optional_dtype(dtype, "linspace")
    placed = device_of_call("linspace", device)
    default = DEFAULT_COMPLEX_FLOATING if is_complex else DEFAULT_REAL_FLOATING
    dtype = dtype_on(placed, dtype, default, "linspace")
    if is_kind(dtype, "integer"):
        refuse_unspecified("linspace", f"an integer 'dtype' ({dtype.name})",
                           strict_takes=True)
        check_call("linspace", dtype=dtype)
    if is_kind(dtype, "bool") or (is_complex and not is_kind(dtype, "complex floating")):
        raise TypeError(
            f"linspace(): cannot cast the ends to 'dtype' {dtype.name}: it must be a "
            "number dtype, complex for complex ends"
        )
    start = _linspace_bound(start, dtype, "start")
    stop = _linspace_bound(stop, dtype, "stop")
    check_allocation((num,), dtype, "linspace", f"'num' {num}")
    return Array._new(*linspace_array(start, stop, num, endpoint, dtype), dtype, placed)


def _linspace_bound(value: int | float | complex, dtype: DType, argument: str) -> float | complex:
    """An end of ``linspace`` as NumPy can take it: an int beyond int64 as a float for a
    floating result (as ``full`` does), refused for an integer one."""
    if not isinstance(value, int) or -INT64_MAX - 1 <= value <= INT64_MAX:
        return value
    if is_kind(dtype, "integer"):
        raise OverflowError(
            f"linspace(): '{argument}' {value} does not fit in int64 "
            f"([{-INT64_MAX - 1}, {INT64_MAX}]), the range of integer bounds linspace takes"
        )
    return _as_float(value, "linspace", argument)


def meshgrid(*arrays: Array, indexing: Literal["xy", "ij"] = "xy") -> tuple[Array, ...]:
    """
    Coordinate grids from one-dimensional coordinate arrays (views, by broadcasting).

    Parameters
    ----------
    *arrays : Array
        One-dimensional arrays of one dtype.
    indexing : {"xy", "ij"}, optional
        Cartesian ("xy", default: the first two output axes swapped) or matrix ("ij").

    Returns
    -------
    tuple of Array
        One broadcast view per input, all of the same shape. A grid that repeats its
        input along some axis (stride 0) is read-only; the others are writable views of
        their input.

    Raises
    ------
    ValueError
        If an input is not one-dimensional or ``indexing`` is unknown.
    TypeError
        If the inputs differ in dtype.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> gx, gy = xp.meshgrid(xp.arange(3), xp.arange(2))
    >>> gx.shape, gy.shape
    ((2, 3), (2, 3))
    """
    if not is_one_of(indexing, ("xy", "ij")):
        raise ValueError(f"meshgrid(): 'indexing' must be 'xy' or 'ij', got {indexing!r}")
    for i, x in enumerate(arrays):
        check_array(x, "meshgrid", f"arrays[{i}]")
        if x.ndim != 1:
            raise ValueError(
                f"meshgrid(): 'arrays[{i}]' must be one-dimensional, got shape {x.shape}"
            )
        if x.dtype is not arrays[0].dtype:
            check_call("meshgrid", dtypes=(arrays[0].dtype, x.dtype))
            raise TypeError(
                f"meshgrid(): all arrays must have one dtype, got {arrays[0].dtype} and {x.dtype}"
            )
    device_of_call("meshgrid", arrays=arrays)
    sizes = [x._layout.shape[0] for x in arrays]
    if indexing == "xy" and len(arrays) > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    grids = []
    for i, x in enumerate(arrays):
        axis = i
        if indexing == "xy" and len(arrays) > 1 and i < 2:
            axis = 1 - i
        position = tuple(slice(None) if a == axis else None for a in range(len(arrays)))
        grids.append(broadcast_view(x[position], tuple(sizes)))
    return tuple(grids)


def _triangle(function: str, x: Array, k: int, upper: bool) -> Array:
    check_array(x, function)
    k = as_int(k, function, "k")
    if x.ndim < 2:
        raise ValueError(f"{function}(): 'x' must have at least two dimensions, got {x.shape}")
    rows, columns = x._layout.shape[-2:]
    k = min(max(k, -rows), columns)  # a diagonal beyond the matrix acts as its last one
    return Array._new(*triangle_array(x, k, upper), x.dtype, x._storage.device)


def tril(x: Array, /, *, k: int = 0) -> Array:
    """
    The lower triangle of each matrix in ``x``; the elements above it become zero.

    Parameters
    ----------
    x : Array
        An array with at least two dimensions.
    k : int, optional
        The diagonal above which to zero: 0 (default) the main one.

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.tril(xp.ones((2, 2)))
    Array([[1., 0.],
           [1., 1.]], dtype=float64)
    """
    return _triangle("tril", x, k, upper=False)


def triu(x: Array, /, *, k: int = 0) -> Array:
    """
    The upper triangle of each matrix in ``x``; the elements below it become zero.

    Parameters
    ----------
    x : Array
        An array with at least two dimensions.
    k : int, optional
        The diagonal below which to zero: 0 (default) the main one.

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.triu(xp.ones((2, 2)))
    Array([[1., 1.],
           [0., 1.]], dtype=float64)
    """
    return _triangle("triu", x, k, upper=True)


def from_dlpack(
    x: object, /, *, device: Device | None = None, copy: bool | None = None
) -> Array:
    """
    An array over the memory of a DLPack producer (zero-copy unless asked to copy).

    Parameters
    ----------
    x : object
        Any object with ``__dlpack__`` and ``__dlpack_device__`` on the CPU.
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name (such as
        ``"device1"``); None (default): the device of ``x`` when it is one of our
        arrays, else the default device (the CPU unless the fixed_device flag is set).
        Another library's CPU memory may be shared onto any device; one of our arrays
        moves to another device as a copy (a transfer, which the transfers flag can
        record or refuse).
    copy : bool or None, optional
        True: always copy. False: never copy (BufferError if the producer cannot share,
        or if ``x`` is one of our arrays on another device). None (default): share
        when possible.

    Returns
    -------
    Array
        Read-only when the producer exports read-only memory.

    Raises
    ------
    TypeError
        If ``x`` is not a DLPack producer or its dtype is not a standard one.
    BufferError
        If the producer cannot export as asked.
    ValueError
        If the device lacks the producer's dtype, or for a move between devices when
        the transfers flag is ``"error"``.

    Examples
    --------
    >>> import numpy as np
    >>> import array_api_reshape as xp
    >>> a = np.arange(3.0)
    >>> x = xp.from_dlpack(a)
    >>> a[0] = 9.0
    >>> x
    Array([9., 1., 2.], dtype=float64)
    >>> xp.from_dlpack(a, device="device1")  # NumPy's memory, shared on device1
    Array([9., 1., 2.], dtype=float64, device=device1)
    """
    check_call("from_dlpack", x=x, device=device)
    copy = check_copy(copy, "from_dlpack")
    placed = device_of_call("from_dlpack", device, x=x)
    if isinstance(x, Array) and on_library_device(x):
        return _from_array(x, None, copy, placed)  # (its memory exports to no DLPack)
    if not (hasattr(x, "__dlpack__") and hasattr(x, "__dlpack_device__")):
        raise TypeError(
            f"from_dlpack(): 'x' must have __dlpack__ and __dlpack_device__, got {type(x).__name__}"
        )
    if isinstance(x, Array) and placed is not x._storage.device:
        if copy is False:
            raise BufferError(
                f"from_dlpack(copy=False): moving an array from device {x.device.name!r} to "
                f"{placed.name!r} needs a copy"
            )
        copy = True
    elements, dtype = dlpack_source(x, copy)
    if isinstance(dtype, str):
        raise TypeError(f"from_dlpack(): dtype {dtype} is not one of the standard's dtypes")
    if placed is not CPU_DEVICE:
        check_dtype_on_device(dtype, placed, "from_dlpack")
    if isinstance(x, Array) and placed is not x._storage.device:
        check_transfer(x._storage.device, placed, "from_dlpack")
    shared = borrowed_and_tracked(elements) if tracking() else borrowed(elements)
    if shared is None:
        return Array._adopt(foreign_copy(elements), dtype, placed)
    return Array._new(*shared, dtype, placed)
