"""Creation functions of the standard: asarray and the functions that make new arrays."""

from __future__ import annotations

from ._array_object import Array
from ._devices import check_device
from ._dtypes import (
    DEFAULT_INTEGER,
    DEFAULT_REAL_FLOATING,
    DEFAULT_COMPLEX_FLOATING,
    DType,
    bool as bool_dtype,
    check_dtype,
    from_numpy_dtype,
    python_scalar_fits_kind,
)
from ._kernels import (
    arange_values,
    checked_scalar,
    copy_to_contiguous,
    filled,
    from_contiguous_result,
    from_python,
)
from ._storage import borrow, numpy_from_foreign
from ._validation import INT64_MAX, check_copy, check_shape


def _optional_dtype(dtype, function: str) -> DType | None:
    return None if dtype is None else check_dtype(dtype, function)


def asarray(obj, /, *, dtype=None, device=None, copy=None) -> Array:
    """
    Convert an object to an array, sharing its memory whenever the rules allow.

    Parameters
    ----------
    obj : Array, NumPy array, DLPack or buffer-protocol object, Python scalar or nested sequence
        The data.
    dtype : dtype, optional
        Element type of the result. Default: the source's dtype, or for Python data
        bool, int64, float64 or complex128 by the kind of the values.
    device : device, optional
        Must be None or the CPU.
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
        If ``copy=False`` and a copy is needed (a dtype change, or Python data).
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
    """
    copy = check_copy(copy, "asarray")
    dtype = _optional_dtype(dtype, "asarray")
    check_device(device, "asarray")
    if isinstance(obj, Array):
        return _from_array(obj, dtype, copy)
    source = numpy_from_foreign(obj)
    if source is not None:
        return _from_numpy(source, dtype, copy)
    if copy is False:
        raise ValueError(
            f"asarray(copy=False): an array made from Python {type(obj).__name__} data "
            "is always a new buffer; use copy=None"
        )
    return _from_python(obj, dtype)


def _from_array(x: Array, dtype: DType | None, copy) -> Array:
    if dtype is None or dtype is x.dtype:
        if not copy:
            return x
        return Array._new(*copy_to_contiguous(x._numpy()), x.dtype)
    if copy is False:
        raise ValueError(
            f"asarray(copy=False): converting {x.dtype} to {dtype} needs a copy"
        )
    return Array._new(*copy_to_contiguous(x._numpy(), dtype.dtype), dtype)


def _from_numpy(source, dtype: DType | None, copy) -> Array:
    source_dtype = from_numpy_dtype(source.dtype)
    target = dtype if dtype is not None else source_dtype
    if target is None:
        raise TypeError(
            f"asarray(): NumPy dtype {source.dtype} has no counterpart among the "
            "standard's dtypes; pass dtype= to convert it"
        )
    if not copy and source_dtype is target:
        borrowed = borrow(source)
        if borrowed is not None:
            result = Array._new(*borrowed, target)
            result._np_view = source
            return result
        reason = "its strides are not whole multiples of its item size"
    else:
        reason = f"converting {source.dtype} to {target} needs one"
    if copy is False:
        raise ValueError(f"asarray(copy=False): the source cannot be shared: {reason}")
    return Array._new(*copy_to_contiguous(source, target.dtype), target)


_PYTHON_SCALAR_DTYPES = {
    bool: bool_dtype,
    int: DEFAULT_INTEGER,
    float: DEFAULT_REAL_FLOATING,
    complex: DEFAULT_COMPLEX_FLOATING,
}


def _from_python(obj, dtype: DType | None) -> Array:
    if dtype is None:
        dtype = _PYTHON_SCALAR_DTYPES.get(type(obj))
    if dtype is not None:
        if isinstance(obj, (int, float, complex)):
            if not python_scalar_fits_kind(obj, dtype):
                raise TypeError(
                    f"asarray(): a Python {type(obj).__name__} cannot become an array of {dtype}"
                )
            return Array._new(*from_contiguous_result(checked_scalar(obj, dtype.dtype, "asarray")), dtype)
        return Array._new(*from_contiguous_result(from_python(obj, dtype.dtype)), dtype)
    values = from_python(obj, None)
    if values.dtype.kind in "uO" and _has_huge_int(obj):
        raise OverflowError(
            f"asarray(): a Python int in the data does not fit in {DEFAULT_INTEGER} "
            "(pass dtype= for an unsigned type)"
        )
    inferred = from_numpy_dtype(values.dtype)
    if inferred is None:
        raise TypeError(
            f"asarray(): data of NumPy type {values.dtype} has no counterpart among "
            "the standard's dtypes"
        )
    return Array._new(*from_contiguous_result(values), inferred)


def _has_huge_int(obj) -> bool:
    """True when a (nested) Python int in ``obj`` lies outside int64."""
    if isinstance(obj, int):
        return not -INT64_MAX - 1 <= obj <= INT64_MAX
    if isinstance(obj, (list, tuple)):
        return any(_has_huge_int(item) for item in obj)
    return False


def _check_real_number(value, function: str, argument: str):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(
            f"{function}(): '{argument}' must be an int or a float, "
            f"got {type(value).__name__} {value!r}"
        )
    return value


def arange(start, /, stop=None, step=1, *, dtype=None, device=None) -> Array:
    """
    Evenly spaced values in the half-open interval ``[start, stop)``.

    Parameters
    ----------
    start : int or float
        First value; with ``stop`` omitted, the end of the interval and the start is 0.
    stop : int or float, optional
        End of the interval (excluded).
    step : int or float, optional
        Distance between values; must not be 0. Default 1.
    dtype : dtype, optional
        Default int64 when every argument is an int, else float64.
    device : device, optional
        Must be None or the CPU.

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
    """
    dtype = _optional_dtype(dtype, "arange")
    check_device(device, "arange")
    _check_real_number(start, "arange", "start")
    if stop is not None:
        _check_real_number(stop, "arange", "stop")
    _check_real_number(step, "arange", "step")
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise ValueError("arange(): 'step' must not be 0")
    if dtype is None:
        all_ints = all(isinstance(v, int) for v in (start, stop, step))
        dtype = DEFAULT_INTEGER if all_ints else DEFAULT_REAL_FLOATING
    return Array._new(*arange_values(start, stop, step, dtype.dtype), dtype)


def _filled(function: str, shape, fill_value, dtype: DType) -> Array:
    shape = check_shape(shape, function)
    return Array._new(*filled(shape, fill_value, dtype.dtype), dtype)


def empty(shape, *, dtype=None, device=None) -> Array:
    """
    A new array of ``shape`` whose elements are not initialised.

    Parameters
    ----------
    shape : int or tuple of int
        Size of each dimension.
    dtype : dtype, optional
        Default float64.
    device : device, optional
        Must be None or the CPU.

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
    dtype = _optional_dtype(dtype, "empty") or DEFAULT_REAL_FLOATING
    check_device(device, "empty")
    return _filled("empty", shape, None, dtype)


def zeros(shape, *, dtype=None, device=None) -> Array:
    """
    A new array of ``shape`` filled with zeros.

    Parameters
    ----------
    shape : int or tuple of int
        Size of each dimension.
    dtype : dtype, optional
        Default float64.
    device : device, optional
        Must be None or the CPU.

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
    """
    dtype = _optional_dtype(dtype, "zeros") or DEFAULT_REAL_FLOATING
    check_device(device, "zeros")
    return _filled("zeros", shape, 0, dtype)


def ones(shape, *, dtype=None, device=None) -> Array:
    """
    A new array of ``shape`` filled with ones.

    Parameters
    ----------
    shape : int or tuple of int
        Size of each dimension.
    dtype : dtype, optional
        Default float64.
    device : device, optional
        Must be None or the CPU.

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
    dtype = _optional_dtype(dtype, "ones") or DEFAULT_REAL_FLOATING
    check_device(device, "ones")
    return _filled("ones", shape, 1, dtype)


def full(shape, fill_value, *, dtype=None, device=None) -> Array:
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
        Must be None or the CPU.

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
    """
    if isinstance(fill_value, Array) and fill_value.ndim == 0:
        fill_value = fill_value._numpy()[()].item()
    if type(fill_value) not in _PYTHON_SCALAR_DTYPES:
        raise TypeError(
            "full(): 'fill_value' must be a bool, int, float or complex, "
            f"got {type(fill_value).__name__} {fill_value!r}"
        )
    dtype = _optional_dtype(dtype, "full") or _PYTHON_SCALAR_DTYPES[type(fill_value)]
    check_device(device, "full")
    if not python_scalar_fits_kind(fill_value, dtype):
        raise TypeError(f"full(): 'fill_value' {fill_value!r} cannot fill an array of {dtype}")
    value = checked_scalar(fill_value, dtype.dtype, "full")
    return _filled("full", shape, value, dtype)
