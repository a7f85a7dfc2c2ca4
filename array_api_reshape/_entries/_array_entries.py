"""
The public functions whose per-call cost matters most, as the namespace exports them, for
the manipulation, searching, indexing and data-type chapters: ``astype``, ``reshape``,
``permute_dims``, ``where``, ``concat`` and ``take_along_axis`` (the creation functions'
are in ``_creation_entries``, the reductions' in ``_reduction_entries``). Each takes its
fast path, for the common case that no mode need see, and otherwise calls the chapter's
function of the same name, its general path. The compiled build compiles this module; the
chapters' functions stay Python, so that the modes' reports find them by their frames (a
view made here names its function itself).
"""

from __future__ import annotations

from typing import Any

from .._array._array_object import Array, adopted, converts_exactly
from .._kernels._creation_kernels import converted
from .._kernels._manipulation_kernels import small_join
from .._kernels._searching_kernels import small_choice
from .._kernels._take_kernels import small_taken_along_axis
from .._modes._gates import plain_combination, plain_computation, plain_view
from .._tables._arguments import all_ints
from .._tables._devices import CPU_DEVICE, Device
from .._tables._dtypes import DType, is_kind
from .._tables._dtypes import bool as _BOOL
from .._tables._reshape_decision import ReshapeBlocked, remembered_row_major_decision
from .._chapters import _indexing_functions as _indexing
from .._chapters import _manipulation_functions as _manipulation
from .._chapters import _searching_functions as _searching
from .._chapters._data_type_functions import astype as _general_astype


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
        If ``shape`` cannot hold the ``x.size`` elements of ``x``, or if ``copy=False`` and no
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
            and plain_view()):  # (a profile's refusals are the general path's)
        reshaped = _reshaped(x, shape, copy)
        if reshaped is not None:
            return reshaped
    return _manipulation.reshape(x, shape, copy=copy)


def _reshaped(x: Array, shape: tuple[int, ...], copy: bool | None) -> Array | None:
    """``reshape``'s fast path: the view, or for ``copy=None`` the copy, that the cache
    of decisions remembers for ``x``'s layout and ``shape``; None when it does not."""
    decision = remembered_row_major_decision((x._layout, shape))
    if decision is None or not all_ints(shape):
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
    if type(x) is Array and type(axes) is tuple and plain_view():
        cached = _manipulation.remembered_permutation((x._layout, axes))
        if cached is not None and all_ints(axes):
            return _permuted(x, cached)
    return _manipulation.permute_dims(x, axes)


def _permuted(x: Array, layout: Any) -> Array:
    """``permute_dims``'s fast path: the view of ``x`` with the remembered ``layout``."""
    return x._view(layout, "permute_dims")

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
    if type(condition) is Array and plain_combination():
        chosen = _chosen(condition, x1, x2)
        if chosen is not None:
            return chosen
    return _searching.where(condition, x1, x2)


def _chosen(condition: Array, x1: Any, x2: Any) -> Array | None:
    """``where``'s fast path, while its gate says no mode need see it: a bool condition, and two
    arrays of one dtype or an array and a Python scalar that converts to its dtype exactly, each
    of fewer elements than threads take; None for anything else, and for shapes that do not
    broadcast (the general path says so)."""
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
    if type(axis) is int and plain_combination():
        joined = _joined(arrays, axis)
        if joined is not None:
            return joined
    return _manipulation.concat(arrays, axis=axis)


def _joined(arrays: Any, axis: int) -> Array | None:
    """``concat``'s fast path, while its gate says no mode need see it: a list or tuple of
    arrays of one dtype and one rank (not 0), joined along an existing ``axis`` by NumPy in one
    call, each of fewer elements than threads take; None for anything else, and for shapes that
    do not agree (the general path says so)."""
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
            and plain_combination()):
        picked = _picked(x, indices, axis)
        if picked is not None:
            return picked
    return _indexing.take_along_axis(x, indices, axis=axis)


def _picked(x: Array, indices: Array, axis: int) -> Array | None:
    """``take_along_axis``'s fast path, while its gate says no mode need see it: ``indices`` of
    a signed integer dtype and ``x``'s rank (not 0), ``axis`` in range, few elements; None for
    anything else, and for positions out of range or shapes that do not broadcast (the general
    path says which)."""
    rank = len(x._layout.shape)
    if (not is_kind(indices._dtype, "signed integer") or len(indices._layout.shape) != rank
            or not -rank <= axis < rank):
        return None
    result = small_taken_along_axis(x, indices, axis % rank)
    return None if result is None else adopted(result, x._dtype, CPU_DEVICE)


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
            and plain_computation(x._storage)):
        if copy is False and dtype is x._dtype:
            return x
        if (copy is True or copy is False) and (
            not is_kind(x._dtype, "complex floating") or is_kind(dtype, "complex floating")
        ):
            return adopted(converted(x, dtype), dtype, CPU_DEVICE)
    return _general_astype(x, dtype, copy=copy, device=device)
