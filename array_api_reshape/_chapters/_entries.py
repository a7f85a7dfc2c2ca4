"""
The public functions whose per-call cost matters most, as the namespace exports them:
``asarray``, ``reshape`` and ``permute_dims``. Each takes its fast path, for the common
case that no mode need see, and otherwise calls the chapter's function of the same name,
its general path. The compiled build compiles this module; the chapters' functions stay
Python, so that the modes' reports find them by their frames (a view made here names
its function itself).
"""

from __future__ import annotations

from typing import Any

from .._array._array_object import Array, shared_whole
from .._modes._refusals import MODES
from .._tables._devices import Device
from .._tables._dtypes import DType
from .._tables._reshape_decision import ReshapeBlocked, remembered_row_major_decision
from . import _creation_functions as _creation
from . import _manipulation_functions as _manipulation


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
            if (copy is None or copy is False) and _has_dtype(obj, dtype):
                return obj  # an array of ours as it is: no copy asked for, none needed
        elif dtype is None and copy is None:
            shared = shared_whole(obj)  # a NumPy array shared whole, as it is
            if shared is not None:
                return shared
    return _creation.asarray(obj, dtype=dtype, device=device, copy=copy)


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
