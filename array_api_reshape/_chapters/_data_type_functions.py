"""Data type functions of the standard: casting, promotion and dtype questions."""

from __future__ import annotations

from typing import NamedTuple

from .._array._array_object import Array, check_array
from .._kernels._creation_kernels import converted_copy
from .._kernels._data_type_kernels import floating_limits, integer_range
from .._modes._call_rules import check_call
from .._modes._device_checks import check_dtype_on_device
from .._modes._placement import device_of_call
from .._modes._profiles import scalars_alone_dtype
from .._modes._refusals import check_dtype
from .._modes._promotion import promote_types, scalar_result_dtype
from .._modes._results import result_like
from .._modes._transfers import check_transfer
from .._tables._devices import Device
from .._tables._dtypes import (
    ISDTYPE_KINDS,
    REAL_OF,
    DType,
    as_python_scalar,
    check_dtype_kind,
    check_keeps_imaginary,
    is_kind,
    standard_promotes_to,
)
from .._tables._arguments import check_copy


def astype(
    x: Array, dtype: DType, /, *, copy: bool = True, device: Device | None = None
) -> Array:
    """The general path of :func:`astype` (``_entries.astype`` takes the fast one)."""
    check_array(x, "astype")
    dtype = check_dtype(dtype, "astype")
    copy_requested = check_copy(copy, "astype")
    placed = device_of_call("astype", device, x=x)
    check_keeps_imaginary(x.dtype, dtype, "astype")
    check_dtype_on_device(dtype, placed, "astype")
    if placed is not x._storage.device:
        check_transfer(x._storage.device, placed, "astype")
    elif not copy_requested and dtype is x.dtype:
        return x
    result = Array._new(*converted_copy(x, dtype), dtype, placed)
    return result_like(result, x)


def _dtype_of(value: object, function: str, argument: str) -> DType:
    """The dtype of an Array or a dtype argument."""
    if isinstance(value, Array):
        return value.dtype
    try:
        return check_dtype(value, function, argument)
    except TypeError:
        raise TypeError(
            f"{function}(): '{argument}' must be an array_api_reshape dtype or Array, "
            f"got {type(value).__name__} {value!r}"
        ) from None


def can_cast(from_: DType | Array, to: DType, /) -> bool:
    """
    Whether the standard's type promotion casts ``from_`` to ``to``.

    Parameters
    ----------
    from_ : dtype or Array
        The source dtype (or an array of it).
    to : dtype
        The target dtype.

    Returns
    -------
    bool
        True when promoting ``from_`` with ``to`` gives ``to``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.can_cast(xp.int8, xp.int32), xp.can_cast(xp.int32, xp.float64)
    (True, False)
    """
    source = _dtype_of(from_, "can_cast", "from_")
    target = check_dtype(to, "can_cast", "to")
    return standard_promotes_to(source, target)


class FloatingInfo(NamedTuple):
    """Machine limits of a floating-point dtype, as Python floats."""

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: DType


class IntegerInfo(NamedTuple):
    """Limits of an integer dtype, as Python ints."""

    bits: int
    max: int
    min: int
    dtype: DType




_FLOATING_INFO: dict[DType, FloatingInfo] = {}
"""``finfo``'s answers, made once per real floating dtype (records, which never change)."""

_INTEGER_INFO: dict[DType, IntegerInfo] = {}
"""``iinfo``'s answers, made once per integer dtype."""


def finfo(type: DType | Array, /) -> FloatingInfo:
    """
    Machine limits of a floating-point dtype.

    Parameters
    ----------
    type : dtype or Array
        A real or complex floating-point dtype (or an array of one). For a complex
        dtype, the limits are those of its real and imaginary components.

    Returns
    -------
    FloatingInfo
        ``bits``, ``eps``, ``max``, ``min``, ``smallest_normal`` (Python floats) and
        ``dtype`` (the real floating dtype they describe).

    Raises
    ------
    TypeError
        If ``type`` is not a floating-point dtype.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.finfo(xp.float32).bits, xp.finfo(xp.complex128).dtype
    (32, array_api_reshape.float64)
    """
    dtype = _dtype_of(type, "finfo", "type")
    check_dtype_kind(dtype, "finfo", "type", "floating-point")
    real = REAL_OF.get(dtype, dtype)
    info = _FLOATING_INFO.get(real)
    if info is None:
        info = _FLOATING_INFO[real] = FloatingInfo(*floating_limits(real), real)
    return info


def iinfo(type: DType | Array, /) -> IntegerInfo:
    """
    Limits of an integer dtype.

    Parameters
    ----------
    type : dtype or Array
        An integer dtype (or an array of one).

    Returns
    -------
    IntegerInfo
        ``bits``, ``max``, ``min`` (Python ints) and ``dtype``.

    Raises
    ------
    TypeError
        If ``type`` is not an integer dtype.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.iinfo(xp.int8)
    IntegerInfo(bits=8, max=127, min=-128, dtype=array_api_reshape.int8)
    """
    dtype = _dtype_of(type, "iinfo", "type")
    check_dtype_kind(dtype, "iinfo", "type", "integer")
    info = _INTEGER_INFO.get(dtype)
    if info is None:
        info = _INTEGER_INFO[dtype] = IntegerInfo(*integer_range(dtype), dtype)
    return info


def isdtype(dtype: DType, kind: DType | str | tuple[DType | str, ...]) -> bool:
    """
    Whether a dtype is of a given kind.

    Parameters
    ----------
    dtype : dtype
        The dtype to test.
    kind : dtype, str or tuple of them
        A dtype, one of ``'bool'``, ``'signed integer'``, ``'unsigned integer'``,
        ``'integral'``, ``'real floating'``, ``'complex floating'``, ``'numeric'``, or a
        tuple of these (true when any matches).

    Returns
    -------
    bool

    Raises
    ------
    TypeError
        If ``dtype`` is not a dtype or ``kind`` is of the wrong type.
    ValueError
        If ``kind`` is an unknown kind name.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.isdtype(xp.int8, "integral"), xp.isdtype(xp.float32, ("bool", xp.float64))
    (True, False)
    """
    dtype = check_dtype(dtype, "isdtype")
    if isinstance(kind, tuple):
        return any(_is_kind(dtype, k) for k in kind)
    return _is_kind(dtype, kind)


def _is_kind(dtype: DType, kind: DType | str) -> bool:
    if isinstance(kind, DType):
        return dtype is kind
    if isinstance(kind, str):
        if kind not in ISDTYPE_KINDS:
            raise ValueError(
                f"isdtype(): unknown kind {kind!r}; expected one of {', '.join(ISDTYPE_KINDS)}"
            )
        return is_kind(dtype, kind)
    raise TypeError(
        f"isdtype(): 'kind' must be a dtype, a kind name or a tuple of them, "
        f"got {type(kind).__name__} {kind!r}"
    )


def result_type(*arrays_and_dtypes: Array | int | float | complex | bool | DType) -> DType:
    """
    The dtype that type promotion gives for arrays, dtypes and Python scalars.

    The standard's table, extended where the standard is silent as NumPy, PyTorch and
    JAX agree: bool with a number, and an integer with a floating dtype, give the
    higher kind's dtype (``int64`` with ``float32`` is ``float32``).

    Parameters
    ----------
    *arrays_and_dtypes : Array, dtype, bool, int, float or complex
        At least one array or dtype; Python scalars adapt to the others' dtype.

    Returns
    -------
    dtype

    Raises
    ------
    TypeError
        If no dtype holds the inputs (uint64 with a signed integer).
    ValueError
        If no array or dtype is given, only Python scalars.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.result_type(xp.int8, xp.uint8), xp.result_type(xp.float32, 1.0)
    (array_api_reshape.int16, array_api_reshape.float32)
    >>> xp.result_type(xp.int64, xp.float32), xp.result_type(xp.int8, 1.5)
    (array_api_reshape.float32, array_api_reshape.float64)
    """
    dtypes, scalars = [], []
    for value in arrays_and_dtypes:
        scalar = as_python_scalar(value)
        if scalar is not None:
            scalars.append(scalar)
        else:
            dtypes.append(_dtype_of(value, "result_type", "arrays_and_dtypes"))
    if not dtypes:
        library_answer = scalars_alone_dtype(scalars)  # a profile's library has one
        if library_answer is not None:
            return library_answer
        raise ValueError(  # no parentheses: suites match a message as a regular expression
            "result_type: at least one array or dtype is required, as Python scalars alone "
            "have no dtype to adapt to"
        )
    result = dtypes[0]
    for dtype in dtypes[1:]:
        result = promote_types(result, dtype, "result_type")
    for scalar in scalars:
        result = scalar_result_dtype(result, scalar, "result_type")
        check_call("result_type", dtype=result, scalar=scalar)
    return result

