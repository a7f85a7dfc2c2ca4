"""
The public functions whose per-call cost matters most, as the namespace exports them:
``asarray``, ``astype``, ``reshape``, ``permute_dims``, ``where``, ``concat``,
``take_along_axis``, the creation functions ``arange``, ``empty``, ``zeros``, ``ones``,
``full`` and their ``*_like`` forms, and the reductions ``sum``, ``prod``, ``max``,
``min``, ``any`` and ``all``.
Each takes its fast path, for the common case that no mode need see, and otherwise calls the
chapter's function of the same name, its general path. The compiled build compiles this
module; the chapters' functions stay Python, so that the modes' reports find them by
their frames (a view made here names its function itself).
"""

from __future__ import annotations

from typing import Any

from .._array._array_object import Array, adopted, converts_exactly, shared_whole
from .._kernels._creation_kernels import converted, filled_array, new_filled, new_range
from .._kernels._manipulation_kernels import small_join
from .._kernels._memory import check_allocation
from .._kernels._reduction_kernels import small_reduced
from .._kernels._searching_kernels import small_choice
from .._kernels._take_kernels import small_taken_along_axis
from .._modes._refusals import MODES
from .._tables._devices import Device
from .._tables._devices import CPU_DEVICE
from .._tables._arguments import check_shape
from .._tables._dtypes import (
    ALL_DTYPES,
    BUILTIN_TYPES,
    DEFAULT_COMPLEX_FLOATING,
    DEFAULT_INTEGER,
    DEFAULT_REAL_FLOATING,
    DType,
)
from .._tables._dtypes import bool as _BOOL
from .._tables._dtypes import uint64
from .._tables._reshape_decision import ReshapeBlocked, remembered_row_major_decision
from . import _creation_functions as _creation
from . import _statistical_functions as _statistics
from . import _utility_functions as _utilities
from ._data_type_functions import astype as _general_astype
from . import _indexing_functions as _indexing
from . import _manipulation_functions as _manipulation
from . import _searching_functions as _searching


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
    if device is None and not (MODES.fixed_device or MODES.profile or MODES.tracking):
        if type(obj) is Array:
            if _has_dtype(obj, dtype):
                if copy is None or copy is False:
                    return obj  # an array of ours as it is: no copy asked for, none needed
                if copy is True and not MODES.flags and obj._storage.device is CPU_DEVICE:
                    return adopted(converted(obj, obj._dtype), obj._dtype, CPU_DEVICE)
        elif dtype is None and copy is None:
            shared = shared_whole(obj)  # a NumPy array shared whole, as it is
            if shared is not None:
                return shared
        if copy is not False and not MODES.flags:
            made = _from_scalar(obj, dtype, copy)
            if made is not None:
                return made
    return _creation.asarray(obj, dtype=dtype, device=device, copy=copy)


def _from_scalar(obj: Any, dtype: Any, copy: Any) -> Array | None:
    """``asarray``'s fast path for a Python scalar (``copy`` None or True, no flag that
    may differ, the CPU): a new 0-d array of ``dtype`` (the default of the scalar's kind
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


def reshape(x: Array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Array:
    """
    Give an array a new shape, sharing its memory whenever strides allow.

    Parameters
    ----------
    x : Array
        Input array.
    shape : int or sequence of int
        New shape; at most one entry may be -1 (inferred from the others).
    copy : bool or None, optional
        True: always return a new buffer. False: never copy; raise if no view exists.
        None (default): a view when one exists, otherwise a C-contiguous copy.

    Returns
    -------
    Array
        A view of ``x`` or a new C-contiguous array, holding ``x``'s elements in
        row-major order.

    Raises
    ------
    ValueError
        If ``shape`` cannot hold ``x._layout.size`` elements, or if ``copy=False`` and no
        strides express the new shape (the message names the blocking axes).

    Notes
    -----
    The view decision is exact: whenever any strides reproduce the elements, including
    for sliced, flipped (negative-stride) and broadcast (stride-0) inputs, the result
    is a view.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> x = xp.reshape(xp.arange(24), (4, 6))[:, :4]
    >>> layout.shares_memory(x, xp.reshape(x, (2, 2, 4)))
    True
    >>> layout.shares_memory(x, xp.reshape(x, (16,)))
    False
    """
    if ((copy is None or copy is False) and type(x) is Array and type(shape) is tuple
            and not MODES.profile):  # (a profile's refusals are the general path's)
        reshaped = _reshaped(x, shape, copy)
        if reshaped is not None:
            return reshaped
    return _manipulation.reshape(x, shape, copy=copy)


def _reshaped(x: Array, shape: tuple[int, ...], copy: bool | None) -> Array | None:
    """``reshape``'s fast path: the view, or for ``copy=None`` the copy, that the cache
    of decisions remembers for ``x``'s layout and ``shape``; None when it does not."""
    decision = remembered_row_major_decision((x._layout, shape))
    if decision is None or not _all_ints(shape):
        return None
    if type(decision) is not ReshapeBlocked:
        return x._view(decision, "reshape")
    if copy is None:
        return _manipulation.copied(x, decision.new_shape, "C")
    return None

def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """
    Reorder the axes of an array (always a view).

    Parameters
    ----------
    x : Array
        Input array.
    axes : sequence of int
        A permutation of the axes; negative axes count from the end.

    Returns
    -------
    Array
        A view whose axis ``k`` is axis ``axes[k]`` of ``x``.

    Raises
    ------
    ValueError
        If ``axes`` is not a permutation of ``x``'s axes.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.permute_dims(xp.zeros((2, 3, 4)), (2, 0, 1)).shape
    (4, 2, 3)
    """
    if type(x) is Array and type(axes) is tuple and not MODES.profile:
        cached = _manipulation.remembered_permutation((x._layout, axes))
        if cached is not None and _all_ints(axes):
            return _permuted(x, cached)
    return _manipulation.permute_dims(x, axes)


def _permuted(x: Array, layout: Any) -> Array:
    """``permute_dims``'s fast path: the view of ``x`` with the remembered ``layout``."""
    return x._view(layout, "permute_dims")

def _all_ints(numbers: tuple[Any, ...]) -> bool:
    """True when every item of ``numbers`` is exactly an int (the caches' keys hold no
    other kind: a float or a bool equal to an int takes the general path, which refuses
    or converts it)."""
    for number in numbers:
        if type(number) is not int:
            return False
    return True


def where(
    condition: Array,
    x1: Array | int | float | complex | bool,
    x2: Array | int | float | complex | bool,
    /,
) -> Array:
    """
    Elements of ``x1`` where ``condition`` is true, of ``x2`` elsewhere.

    Parameters
    ----------
    condition : Array
        A bool array.
    x1, x2 : Array or Python scalar
        The choices (at least one an array); all three broadcast together.

    Returns
    -------
    Array
        In the promoted dtype of ``x1`` and ``x2``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.where(xp.asarray([True, False]), xp.asarray([1.0, 2.0]), 0.0)
    Array([1., 0.], dtype=float64)
    """
    if type(condition) is Array and not (MODES.flags or MODES.operands):
        chosen = _chosen(condition, x1, x2)
        if chosen is not None:
            return chosen
    return _searching.where(condition, x1, x2)


def _chosen(condition: Array, x1: Any, x2: Any) -> Array | None:
    """``where``'s fast path, while no flag may differ and no operand needs a mode's
    check: a bool condition, and two arrays of one dtype or an array and a Python scalar
    that converts to its dtype exactly, each of fewer elements than threads take; None
    for anything else, and for shapes that do not broadcast (the general path says so)."""
    if condition._dtype is not _BOOL:
        return None
    if type(x1) is Array:
        dtype = x1._dtype
        if type(x2) is Array:
            if x2._dtype is not dtype:
                return None
        elif not converts_exactly(x2, dtype):
            return None
    elif type(x2) is Array and converts_exactly(x1, x2._dtype):
        dtype = x2._dtype
    else:
        return None
    result = small_choice(condition, x1, x2)
    return None if result is None else adopted(result, dtype, CPU_DEVICE)


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
    by its device object), while no flag may differ: a new array of ``shape`` (an int or
    a tuple of ints, checked as the general path checks it, and named ``source`` in a
    MemoryError) holding ``value``, a Python scalar that ``dtype`` (a DType) holds
    exactly, or nothing yet for None; None for anything else (the general path converts,
    or refuses in its words)."""
    if type(shape) is int:
        shape = (shape,)
    elif type(shape) is not tuple or not _all_ints(shape):
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
    ``complex`` (as the general path reads them while no flag may differ), anything
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
    """True when a creation function may take its fast path: ``device`` is None or the
    CPU's object and no flag may differ (no fixed device, no profile's defaults)."""
    return (device is None or device is CPU_DEVICE) and not MODES.flags


def _like_fast(x: Any, device: Any) -> bool:
    """True when a ``*_like`` function may take its fast path: ``x`` is an array on the
    CPU and so is ``device`` (or None), and no flag may differ."""
    return (type(x) is Array and _on_the_cpu(device)
            and x._storage.device is CPU_DEVICE)


def concat(
    arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0
) -> Array:
    """
    Join arrays along an existing axis.

    Parameters
    ----------
    arrays : list or tuple of Array
        Arrays of equal rank whose shapes agree except along ``axis``.
    axis : int or None, optional
        The axis (default 0); None flattens every array first.

    Returns
    -------
    Array
        A new array in the promoted dtype of the inputs.

    Raises
    ------
    ValueError
        If the shapes do not agree.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.concat([xp.asarray([1, 2]), xp.asarray([3])])
    Array([1, 2, 3], dtype=int64)
    """
    if type(axis) is int and not (MODES.flags or MODES.operands):
        joined = _joined(arrays, axis)
        if joined is not None:
            return joined
    return _manipulation.concat(arrays, axis=axis)


def _joined(arrays: Any, axis: int) -> Array | None:
    """``concat``'s fast path, while no flag may differ and no operand needs a mode's
    check: a list or tuple of arrays of one dtype and one rank (not 0), joined along an
    existing ``axis`` by NumPy in one call, each of fewer elements than threads take;
    None for anything else, and for shapes that do not agree (the general path says so)."""
    if type(arrays) is not tuple and type(arrays) is not list:
        return None
    if not arrays or type(arrays[0]) is not Array:
        return None
    dtype = arrays[0]._dtype
    rank = len(arrays[0]._layout.shape)
    if not -rank <= axis < rank:
        return None
    for x in arrays:
        if type(x) is not Array or x._dtype is not dtype or len(x._layout.shape) != rank:
            return None
    result = small_join(arrays, axis)
    return None if result is None else adopted(result, dtype, CPU_DEVICE)


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """
    Elements of ``x`` picked, position by position, by ``indices`` along an axis.

    Parameters
    ----------
    x : Array
        Input array.
    indices : Array
        An integer array of the same rank as ``x``; its shape broadcasts with ``x``'s
        outside ``axis``.
    axis : int, optional
        The axis to pick along (default -1).

    Returns
    -------
    Array

    Raises
    ------
    IndexError
        If a position is out of range.
    ValueError
        If the ranks differ or the shapes do not broadcast.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> x = xp.asarray([[10, 30, 20], [60, 40, 50]])
    >>> xp.take_along_axis(x, xp.asarray([[0], [2]]), axis=1)
    Array([[10],
           [50]], dtype=int64)
    """
    if (type(x) is Array and type(indices) is Array and type(axis) is int
            and not (MODES.flags or MODES.operands)):
        picked = _picked(x, indices, axis)
        if picked is not None:
            return picked
    return _indexing.take_along_axis(x, indices, axis=axis)


def _picked(x: Array, indices: Array, axis: int) -> Array | None:
    """``take_along_axis``'s fast path, while no flag may differ and no operand needs a
    mode's check: ``indices`` of a signed integer dtype and ``x``'s rank (not 0), ``axis``
    in range, few elements; None for anything else, and for positions out of range or
    shapes that do not broadcast (the general path says which)."""
    rank = len(x._layout.shape)
    if (indices._dtype.kind != "signed integer" or len(indices._layout.shape) != rank
            or not -rank <= axis < rank):
        return None
    result = small_taken_along_axis(x, indices, axis % rank)
    return None if result is None else adopted(result, x._dtype, CPU_DEVICE)


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
    elif type(dtype) is not DType or dtype.kind != "real floating":
        return None
    else:
        start, stop, step = float(start), float(stop), float(step)
    if -((start - stop) // step) > _MOST_COUNTED:
        return None
    return adopted(new_range(start, stop, step, dtype), dtype, CPU_DEVICE)


def astype(
    x: Array, dtype: DType, /, *, copy: bool = True, device: Device | None = None
) -> Array:
    """
    Copy an array to another dtype (or return it unchanged when allowed).

    Parameters
    ----------
    x : Array
        Input array.
    dtype : dtype
        The target dtype.
    copy : bool, optional
        True (default): always a new array. False: return ``x`` itself when it already
        has ``dtype`` and stays on its device.
    device : device, optional
        The device of the result, or its name; None (default): ``x``'s device. Another
        device than ``x``'s means a copy.

    Returns
    -------
    Array
        The converted array (C-contiguous when new).

    Raises
    ------
    TypeError
        If ``dtype`` is not a dtype, or a complex array would be cast to a real dtype.
    ValueError
        If the device lacks ``dtype``, or is not the one the fixed_device flag keeps
        arrays on; for another device than ``x``'s, when the transfers flag is
        ``"error"`` (``"log"`` records the move).

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.astype(xp.asarray([1.7, -1.7]), xp.int32)
    Array([ 1, -1], dtype=int32)
    >>> xp.astype(xp.asarray([1, 2], device="no_x64"), xp.float32)
    Array([1., 2.], dtype=float32, device=no_x64)
    """
    if (type(x) is Array and type(dtype) is DType and device is None
            and not (MODES.flags or MODES.operands)):
        if copy is False and dtype is x._dtype:
            return x
        if (copy is True or copy is False) and (
            x._dtype.kind != "complex floating" or dtype.kind == "complex floating"
        ):
            return adopted(converted(x, dtype), dtype, CPU_DEVICE)
    return _general_astype(x, dtype, copy=copy, device=device)


def _accumulators(kinds: tuple[str, ...], signed: DType | None, unsigned: DType | None
                  ) -> dict[DType, DType]:
    """For each dtype of ``kinds``: the dtype a reduction of it accumulates in and gives
    on the CPU (itself; ``signed``, ``unsigned`` for integers when given)."""
    table = {}
    for dtype in ALL_DTYPES:
        if dtype.kind in kinds:
            if dtype.kind == "signed integer" and signed is not None:
                table[dtype] = signed
            elif dtype.kind == "unsigned integer" and unsigned is not None:
                table[dtype] = unsigned
            else:
                table[dtype] = dtype
    return table


_SUMMED_IN = _accumulators(
    ("signed integer", "unsigned integer", "real floating", "complex floating"),
    DEFAULT_INTEGER, uint64)
"""sum's and prod's accumulator for each dtype they take (the standard's, on the CPU)."""

_COMPARED_IN = _accumulators(("signed integer", "unsigned integer", "real floating"), None,
                             None)
"""max's and min's result dtype for each dtype they take: its own."""

_TESTED_IN = dict.fromkeys(ALL_DTYPES, _BOOL)
"""any's and all's result dtype for every dtype: bool."""


def _reduced(function: str, x: Any, axis: Any, keepdims: Any, table: dict[DType, DType]
             ) -> Array | None:
    """The reductions' fast path, while no flag may differ and no operand needs a mode's
    check: ``function`` of an array whose dtype ``table`` lists (in the dtype it gives)
    over one int ``axis`` in range or all of them, ``keepdims`` a bool, few elements;
    None for anything else, and for max and min of nothing (the general path says so)."""
    if type(x) is not Array or MODES.flags or MODES.operands:
        return None
    if not (keepdims is True or keepdims is False):
        return None
    if axis is not None:
        rank = len(x._layout.shape)  # (NumPy reduces a 0-d array over its axis 0)
        if type(axis) is not int or not -rank <= axis < rank:
            return None
    dtype = table.get(x._dtype)
    if dtype is None:
        return None
    result = small_reduced(function, x, axis, keepdims, dtype)
    return None if result is None else adopted(result, dtype, CPU_DEVICE)


def sum(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DType | None = None,
    keepdims: bool = False,
) -> Array:
    """
    Sum of the elements over the given axes.

    Parameters
    ----------
    x : Array
        A numeric array.
    axis : int or tuple of int, optional
        Axes to sum over; None (default) sums everything.
    dtype : dtype, optional
        Accumulator and result dtype. Default: int64 for signed integers, uint64 for
        unsigned integers, otherwise ``x.dtype``.
    keepdims : bool, optional
        Keep the summed axes as size-1 axes (default False).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.sum(xp.reshape(xp.arange(6, dtype=xp.int8), (2, 3)), axis=1)
    Array([ 3, 12], dtype=int64)
    """
    if dtype is None:
        made = _reduced("sum", x, axis, keepdims, _SUMMED_IN)
        if made is not None:
            return made
    return _statistics.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


def prod(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DType | None = None,
    keepdims: bool = False,
) -> Array:
    """
    Product of the elements over the given axes.

    Parameters
    ----------
    x : Array
        A numeric array.
    axis : int or tuple of int, optional
        Axes to multiply over; None (default) multiplies everything.
    dtype : dtype, optional
        Accumulator and result dtype, chosen as for :func:`sum`.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.prod(xp.asarray([1.0, 2.0, 3.0]))
    Array(6., dtype=float64)
    """
    if dtype is None:
        made = _reduced("prod", x, axis, keepdims, _SUMMED_IN)
        if made is not None:
            return made
    return _statistics.prod(x, axis=axis, dtype=dtype, keepdims=keepdims)


def max(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """
    Largest element over the given axes; NaN when a NaN is among them.

    Parameters
    ----------
    x : Array
        A real-valued array.
    axis : int or tuple of int, optional
        Axes to reduce; None (default) reduces everything.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array

    Raises
    ------
    ValueError
        If there are no elements to reduce.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.max(xp.asarray([[1, 5], [7, 2]]), axis=0)
    Array([7, 5], dtype=int64)
    """
    made = _reduced("max", x, axis, keepdims, _COMPARED_IN)
    if made is not None:
        return made
    return _statistics.max(x, axis=axis, keepdims=keepdims)


def min(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """
    Smallest element over the given axes; NaN when a NaN is among them.

    Parameters
    ----------
    x : Array
        A real-valued array.
    axis : int or tuple of int, optional
        Axes to reduce; None (default) reduces everything.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array

    Raises
    ------
    ValueError
        If there are no elements to reduce.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.min(xp.asarray([[1, 5], [7, 2]]), axis=1)
    Array([1, 2], dtype=int64)
    """
    made = _reduced("min", x, axis, keepdims, _COMPARED_IN)
    if made is not None:
        return made
    return _statistics.min(x, axis=axis, keepdims=keepdims)


def any(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """
    Whether some element over the given axes is true (non-zero).

    Parameters
    ----------
    x : Array
        Input array of any dtype.
    axis : int or tuple of int, optional
        Axes to test; None (default) tests everything.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array
        A bool array; False for no elements.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.any(xp.asarray([0, 0, 3]))
    Array(True, dtype=bool)
    """
    made = _reduced("any", x, axis, keepdims, _TESTED_IN)
    if made is not None:
        return made
    return _utilities.any(x, axis=axis, keepdims=keepdims)


def all(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """
    Whether every element over the given axes is true (non-zero).

    Parameters
    ----------
    x : Array
        Input array of any dtype.
    axis : int or tuple of int, optional
        Axes to test; None (default) tests everything.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    Array
        A bool array; True for no elements.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.all(xp.asarray([[True, False], [True, True]]), axis=1)
    Array([False,  True], dtype=bool)
    """
    made = _reduced("all", x, axis, keepdims, _TESTED_IN)
    if made is not None:
        return made
    return _utilities.all(x, axis=axis, keepdims=keepdims)
