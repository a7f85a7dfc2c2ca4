"""
The creation functions whose per-call cost matters most, as the namespace exports them:
``asarray``, ``arange``, ``empty``, ``zeros``, ``ones``, ``full`` and the ``*_like``
forms of the last four. Each takes its fast path (the CPU, the gates of ``_modes/_gates``
saying no mode need see it, the common arguments) and otherwise calls the creation
chapter's function of the same name, its general path, which checks, converts and
refuses in its words. Compiled in the
compiled build, as ``_array_entries`` is.
"""

from __future__ import annotations

from typing import Any

from .._array._array_object import Array, adopted, converts_exactly, shared_whole
from .._kernels._creation_kernels import converted, filled_array, new_filled, new_range
from .._runtime._memory import check_allocation
from .._modes._gates import plain_creation, plain_promotion
from .._tables._arguments import all_ints, check_shape
from .._tables._devices import CPU_DEVICE, Device
from .._tables._dtypes import (
    BUILTIN_TYPES,
    DEFAULT_COMPLEX_FLOATING,
    DEFAULT_INTEGER,
    DEFAULT_REAL_FLOATING,
    DType,
    is_kind,
)
from .._tables._dtypes import bool as _BOOL
from .._chapters import _creation_functions as _creation


def asarray(
    obj: Any,
    /,
    *,
    dtype: DType | None = None,
    device: Device | None = None,
    copy: bool | None = None,
) -> Array:
    """
    Convert an object to an array, sharing its memory whenever the rules allow.

    Parameters
    ----------
    obj : Array, NumPy array, DLPack or buffer-protocol object, Python scalar or nested sequence
        The data.
    dtype : dtype, optional
        Element type of the result. Default: the source's dtype, or for Python data
        bool or the device's default integral, real or complex floating dtype (int64,
        float64, complex128 on the CPU) by the kind of the values.
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name (such as
        ``"device1"``); None (default): an Array source's device, else the default
        device (the CPU unless the fixed_device flag is set). Other sources (NumPy,
        buffers, DLPack) hold CPU memory, which every device may share; an Array moves
        to another device as a copy (a transfer, which the transfers flag can record or
        refuse), and so do Arrays inside Python lists.
    copy : bool or None, optional
        True: always copy. False: never copy; raise ValueError if a copy is needed.
        None (default): share memory when possible, otherwise copy.

    Returns
    -------
    Array
        With ``copy=None`` and no dtype change, an Array (or NumPy, DLPack or buffer
        object) source is shared, not copied; a read-only source stays read-only.

    Raises
    ------
    ValueError
        If ``copy=False`` and a copy is needed (a dtype change, another device, or
        Python data), if the device lacks the dtype, or for a move between devices
        when the transfers flag is ``"error"``.
    TypeError
        If the data's type has no counterpart among the standard's dtypes.
    OverflowError
        If a Python int does not fit the dtype.

    Examples
    --------
    >>> import numpy as np
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> a = np.arange(6.0)
    >>> x = xp.asarray(a)
    >>> a[0] = 42.0
    >>> float(x[0])
    42.0
    >>> xp.asarray([[1, 2], [3, 4]]).dtype
    array_api_reshape.int64
    >>> xp.asarray([1.5, 2.5], device="no_float64")
    Array([1.5, 2.5], dtype=float32, device=no_float64)
    """
    if device is None and plain_creation(None):
        if type(obj) is Array:
            if _has_dtype(obj, dtype):
                if copy is None or copy is False:
                    return obj  # an array of ours as it is: no copy asked for, none needed
                if copy is True and plain_promotion() and obj._storage.device is CPU_DEVICE:
                    return adopted(converted(obj, obj._dtype), obj._dtype, CPU_DEVICE)
        elif dtype is None and copy is None:
            shared = shared_whole(obj)  # a NumPy array shared whole, as it is
            if shared is not None:
                return shared
        if copy is not False and plain_promotion():
            made = _from_scalar(obj, dtype, copy)
            if made is not None:
                return made
    return _creation.asarray(obj, dtype=dtype, device=device, copy=copy)


def _from_scalar(obj: Any, dtype: Any, copy: Any) -> Array | None:
    """``asarray``'s fast path for a Python scalar (``copy`` None or True, the creation
    gates, the CPU): a new 0-d array of ``dtype`` (the default of the scalar's kind
    for None), when it holds the scalar exactly; None for anything else (the general
    path converts, or refuses in its words)."""
    default = _DEFAULT_DTYPES.get(type(obj))
    if default is None or not (copy is None or copy is True):
        return None
    chosen = _resolved(dtype, default)
    if type(chosen) is not DType or not converts_exactly(obj, chosen):
        return None
    return adopted(new_filled((), obj, chosen), chosen, CPU_DEVICE)


def _has_dtype(x: Array, dtype: DType | None) -> bool:
    """True when ``dtype`` is None or exactly ``x``'s dtype."""
    return dtype is None or dtype is x._dtype


def zeros(
    shape: int | tuple[int, ...], *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """
    A new array of ``shape`` filled with zeros.

    Parameters
    ----------
    shape : int or tuple of int
        Size of each dimension.
    dtype : dtype, optional
        Default float64.
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name (such as
        ``"device1"``); None (default): the default device, the CPU unless the
        fixed_device flag is set. Without ``dtype``, that device's default dtypes apply.

    Returns
    -------
    Array
        A C-contiguous array.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.zeros((2, 2), dtype=xp.int32)
    Array([[0, 0],
           [0, 0]], dtype=int32)
    >>> xp.zeros(2, device="no_float64")  # that device's default floating dtype
    Array([0., 0.], dtype=float32, device=no_float64)
    """
    if _on_the_cpu(device):
        chosen = _resolved(dtype, DEFAULT_REAL_FLOATING)
        made = _filled(shape, _zero(chosen), chosen, "zeros", "'shape'")
        if made is not None:
            return made
    return _creation.zeros(shape, dtype=dtype, device=device)


def full(
    shape: int | tuple[int, ...],
    fill_value: bool | int | float | complex,
    *,
    dtype: DType | None = None,
    device: Device | None = None,
) -> Array:
    """
    A new array of ``shape`` with every element equal to ``fill_value``.

    Parameters
    ----------
    shape : int or tuple of int
        Size of each dimension.
    fill_value : bool, int, float or complex
        The value.
    dtype : dtype, optional
        Default: bool, int64, float64 or complex128 by the kind of ``fill_value``.
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name (such as
        ``"device1"``); None (default): the default device, the CPU unless the
        fixed_device flag is set. Without ``dtype``, that device's default dtypes apply.

    Returns
    -------
    Array
        A C-contiguous array.

    Raises
    ------
    TypeError
        If ``fill_value`` is not a Python scalar of a kind that ``dtype`` can hold.
    OverflowError
        If an int ``fill_value`` does not fit an integer ``dtype``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.full((2,), 7)
    Array([7, 7], dtype=int64)
    >>> xp.full((2,), 0.5, device="device2")
    Array([0.5, 0.5], dtype=float32, device=device2)
    """
    if _on_the_cpu(device):
        value = fill_value
        if type(value) is Array and not value._layout.shape:
            value = value._scalar("full")
        default = _DEFAULT_DTYPES.get(type(value))
        if default is not None:
            made = _filled(shape, value, _resolved(dtype, default), "full", "'shape'")
            if made is not None:
                return made
    return _creation.full(shape, fill_value, dtype=dtype, device=device)


_DEFAULT_DTYPES = {
    bool: _BOOL, int: DEFAULT_INTEGER, float: DEFAULT_REAL_FLOATING,
    complex: DEFAULT_COMPLEX_FLOATING,
}
"""The CPU's dtype for each type of Python scalar (``full``'s default)."""


def _filled(shape: Any, value: Any, dtype: Any, function: str, source: str) -> Array | None:
    """The creation functions' fast path for the CPU (the default device, or asked for
    by its device object), while the creation gates say so: a new array of ``shape`` (an int or
    a tuple of ints, checked as the general path checks it, and named ``source`` in a
    MemoryError) holding ``value``, a Python scalar that ``dtype`` (a DType) holds
    exactly, or nothing yet for None; None for anything else (the general path converts,
    or refuses in its words)."""
    if type(shape) is int:
        shape = (shape,)
    elif type(shape) is not tuple or not all_ints(shape):
        return None
    if type(dtype) is not DType or not (value is None or converts_exactly(value, dtype)):
        return None
    shape = check_shape(shape, function)  # the general path's checks, in its words
    check_allocation(shape, dtype, function, source)
    if 0 in shape:  # (NumPy refuses some empty shapes whose other lengths are huge)
        return Array._new(*filled_array(shape, None, dtype), dtype, CPU_DEVICE)
    return adopted(new_filled(shape, value, dtype), dtype, CPU_DEVICE)


def _resolved(dtype: Any, default: DType) -> Any:
    """A creation function's ``dtype`` as its fast path reads it: ``default`` for None,
    our default dtype of the kind for Python's ``bool``, ``int``, ``float`` and
    ``complex`` (as the general path reads them while the creation gates say so), anything
    else as given (``_filled`` takes only a DType)."""
    if dtype is None:
        return default
    if type(dtype) is type:
        return BUILTIN_TYPES.get(dtype, dtype)
    return dtype


def _zero(dtype: Any) -> Any:
    """The zero that ``dtype`` holds exactly: False for bool, else the int 0."""
    return False if dtype is _BOOL else 0


def _one(dtype: Any) -> Any:
    """The one that ``dtype`` holds exactly: True for bool, else the int 1."""
    return True if dtype is _BOOL else 1


def _on_the_cpu(device: Any) -> bool:
    """True when a creation function may take its fast path: its gates, ``plain_creation``
    of ``device`` and ``plain_promotion`` (for the values it converts)."""
    return plain_creation(device) and plain_promotion()


def _like_fast(x: Any, device: Any) -> bool:
    """True when a ``*_like`` function may take its fast path: ``x`` is an array on the
    CPU and so is ``device`` (or None), and the creation functions' gates say so."""
    return (type(x) is Array and _on_the_cpu(device)
            and x._storage.device is CPU_DEVICE)


def empty(
    shape: int | tuple[int, ...], *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """
    A new array of ``shape`` whose elements are not initialised.

    Parameters
    ----------
    shape : int or tuple of int
        Size of each dimension.
    dtype : dtype, optional
        Default float64.
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name (such as
        ``"device1"``); None (default): the default device, the CPU unless the
        fixed_device flag is set. Without ``dtype``, that device's default dtypes apply.

    Returns
    -------
    Array
        A C-contiguous array.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.empty((2, 3)).shape
    (2, 3)
    """
    if _on_the_cpu(device):
        made = _filled(shape, None, _resolved(dtype, DEFAULT_REAL_FLOATING), "empty", "'shape'")
        if made is not None:
            return made
    return _creation.empty(shape, dtype=dtype, device=device)


def ones(
    shape: int | tuple[int, ...], *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """
    A new array of ``shape`` filled with ones.

    Parameters
    ----------
    shape : int or tuple of int
        Size of each dimension.
    dtype : dtype, optional
        Default float64.
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name (such as
        ``"device1"``); None (default): the default device, the CPU unless the
        fixed_device flag is set. Without ``dtype``, that device's default dtypes apply.

    Returns
    -------
    Array
        A C-contiguous array.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.ones(3)
    Array([1., 1., 1.], dtype=float64)
    """
    if _on_the_cpu(device):
        chosen = _resolved(dtype, DEFAULT_REAL_FLOATING)
        made = _filled(shape, _one(chosen), chosen, "ones", "'shape'")
        if made is not None:
            return made
    return _creation.ones(shape, dtype=dtype, device=device)


def empty_like(
    x: Array, /, *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """
    A new, uninitialised array with the shape (and by default the dtype) of ``x``.

    Parameters
    ----------
    x : Array
        The array whose shape to use.
    dtype : dtype, optional
        Default: ``x.dtype``.
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
    >>> xp.empty_like(xp.zeros((2, 3), dtype=xp.int8)).dtype
    array_api_reshape.int8
    """
    if _like_fast(x, device):
        made = _filled(x._layout.shape, None, _resolved(dtype, x._dtype), "empty_like", "'x'")
        if made is not None:
            return made
    return _creation.empty_like(x, dtype=dtype, device=device)


def zeros_like(
    x: Array, /, *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """
    A new array of zeros with the shape (and by default the dtype) of ``x``.

    Parameters
    ----------
    x : Array
        The array whose shape to use.
    dtype : dtype, optional
        Default: ``x.dtype``.
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
    >>> xp.zeros_like(xp.ones(2, dtype=xp.int32))
    Array([0, 0], dtype=int32)
    >>> xp.zeros_like(xp.ones(2, device="device1"))  # x's device
    Array([0., 0.], dtype=float64, device=device1)
    """
    if _like_fast(x, device):
        chosen = _resolved(dtype, x._dtype)
        made = _filled(x._layout.shape, _zero(chosen), chosen, "zeros_like", "'x'")
        if made is not None:
            return made
    return _creation.zeros_like(x, dtype=dtype, device=device)


def ones_like(
    x: Array, /, *, dtype: DType | None = None, device: Device | None = None
) -> Array:
    """
    A new array of ones with the shape (and by default the dtype) of ``x``.

    Parameters
    ----------
    x : Array
        The array whose shape to use.
    dtype : dtype, optional
        Default: ``x.dtype``.
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
    >>> xp.ones_like(xp.zeros(2), dtype=xp.bool)
    Array([ True,  True], dtype=bool)
    """
    if _like_fast(x, device):
        chosen = _resolved(dtype, x._dtype)
        made = _filled(x._layout.shape, _one(chosen), chosen, "ones_like", "'x'")
        if made is not None:
            return made
    return _creation.ones_like(x, dtype=dtype, device=device)


def full_like(
    x: Array,
    /,
    fill_value: bool | int | float | complex,
    *,
    dtype: DType | None = None,
    device: Device | None = None,
) -> Array:
    """
    A new array with the shape (and by default the dtype) of ``x``, filled with a value.

    Parameters
    ----------
    x : Array
        The array whose shape to use.
    fill_value : bool, int, float or complex
        The value; its kind must suit the dtype.
    dtype : dtype, optional
        Default: ``x.dtype``.
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name (such as
        ``"device1"``); None (default): the default device, the CPU unless the
        fixed_device flag is set. Without ``dtype``, that device's default dtypes apply.

    Returns
    -------
    Array

    Raises
    ------
    TypeError
        If ``fill_value`` cannot be held by the dtype.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.full_like(xp.zeros(2), 0.5)
    Array([0.5, 0.5], dtype=float64)
    """
    if _like_fast(x, device):
        value = fill_value
        if type(value) is Array and not value._layout.shape:
            value = value._scalar("full_like")
        if type(value) in _DEFAULT_DTYPES:
            made = _filled(x._layout.shape, value, _resolved(dtype, x._dtype), "full_like",
                           "'x'")
            if made is not None:
                return made
    return _creation.full_like(x, fill_value, dtype=dtype, device=device)


def arange(
    start: int | float,
    /,
    stop: int | float | None = None,
    step: int | float = 1,
    *,
    dtype: DType | None = None,
    device: Device | None = None,
) -> Array:
    """
    Evenly spaced values in the half-open interval ``[start, stop)``.

    Parameters
    ----------
    start : int, float or 0-d Array
        First value; with ``stop`` omitted, the end of the interval and the start is 0.
    stop : int, float or 0-d Array, optional
        End of the interval (excluded).
    step : int, float or 0-d Array, optional
        Distance between values; must not be 0. Default 1.
    dtype : dtype, optional
        Default int64 when every argument is an int, else float64.
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name (such as
        ``"device1"``); None (default): the default device, the CPU unless the
        fixed_device flag is set. Without ``dtype``, that device's default dtypes apply.

    Returns
    -------
    Array
        A one-dimensional array of ``ceil((stop - start) / step)`` values (none if negative).

    Raises
    ------
    ValueError
        If ``step`` is 0.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.arange(5)
    Array([0, 1, 2, 3, 4], dtype=int64)
    >>> xp.arange(1.0, 2.0, 0.25)
    Array([1.  , 1.25, 1.5 , 1.75], dtype=float64)
    >>> xp.arange(3, device="no_x64")
    Array([0, 1, 2], dtype=int32, device=no_x64)
    """
    if _on_the_cpu(device):
        made = _counted(start, stop, step, dtype)
        if made is not None:
            return made
    return _creation.arange(start, stop, step, dtype=dtype, device=device)


_EXACT_INT = 2**53
"""The ints ``arange``'s fast path takes are within this of 0: float64 holds each exactly."""

_MOST_COUNTED = 2**16
"""The most values ``arange``'s fast path makes (more take the general path's checks)."""


def _counted(start: Any, stop: Any, step: Any, dtype: Any) -> Array | None:
    """``arange``'s fast path: Python ints (not bools) within 2**53 of 0, a step not 0,
    at most ``_MOST_COUNTED`` values, in the default integer dtype or a real floating
    one (which the general path counts in floats: each int converts exactly); None for
    anything else."""
    if stop is None:
        start, stop = 0, start
    if type(start) is not int or type(stop) is not int or type(step) is not int or not step:
        return None
    if not (-_EXACT_INT <= start <= _EXACT_INT and -_EXACT_INT <= stop <= _EXACT_INT
            and -_EXACT_INT <= step <= _EXACT_INT):
        return None
    if dtype is None or dtype is DEFAULT_INTEGER:
        dtype = DEFAULT_INTEGER
    elif type(dtype) is not DType or not is_kind(dtype, "real floating"):
        return None
    else:
        start, stop, step = float(start), float(stop), float(step)
    if -((start - stop) // step) > _MOST_COUNTED:
        return None
    return adopted(new_range(start, stop, step, dtype), dtype, CPU_DEVICE)
