"""
Pickling and copying arrays.

A pickled array is its dtype's name, its shape, its elements' bytes in C order and
whether it was writable: never a layout. Loading builds a new C-contiguous layout over a
buffer of exactly ``size`` elements, so no pickle, however crafted, can produce a layout
outside its buffer; every field is checked first, and a bad one is a TypeError or
ValueError that says which. A view (sliced, flipped, transposed, broadcast) comes back
as a compact array with the same dtype, shape, values and writability.

Protocol 5 hands the elements to pickle as a ``PickleBuffer``, which a ``buffer_callback``
may take out of band (no copy on either side when the array is C-contiguous); lower
protocols store ``bytes``.

The device is kept: an array on a device other than the CPU stores the device's name as a
sixth field (a CPU array's pickle has five, as before devices, so old pickles load and
new CPU pickles read the same), and loads on that device, subject to the fixed_device
flag like any array made there.

``rebuild_array`` is the name stored in every pickle: keep it, and keep accepting
``PICKLE_FORMAT`` 1, so that pickles written today load tomorrow.

This module sits below the array object: the array imports it to pickle itself, and hands
over its class once defined (``register_array_class``), which ``rebuild_array`` builds.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Protocol

from .._kernels._data_type_kernels import item_size
from .._kernels._pickle_kernels import pickled_elements, storage_from_pickle
from .._kernels._storage import holds_only_bools
from .._modes._device_checks import check_device, check_dtype_on_device
from .._modes._refusals import MODES
from .._modes._view_modes import register_export
from .._modes._view_tracking import storage_joining_tracked
from .._tables._devices import CPU_DEVICE, DEVICES_BY_NAME, GPU_DEVICE, Device
from .._tables._dtypes import ALL_DTYPES, DType, is_kind
from .._tables._layout import contiguous_layout, make_layout, product
from .._tables._arguments import INT64_MAX, MAX_DIMENSIONS

Array = Any
"""An array of the array class (this module sits below the class: it reads slots only)."""


class ArrayClass(Protocol):
    """What ``rebuild_array`` asks of the array class, which registers itself when it is
    defined (``register_array_class``): an unpickler calls this module's function by
    name, so the class cannot be passed down to it."""

    @staticmethod
    def _new(storage: Any, layout: Any, dtype: DType, device: Device | None, /) -> Any: ...

PICKLE_FORMAT = 1
_DTYPES_BY_NAME = {dtype.name: dtype for dtype in ALL_DTYPES}
_CONTEXT = "rebuild_array() (loading a pickled array_api_reshape Array)"
_ARRAY_CLASS: list[ArrayClass] = []
_CPU_NAME = CPU_DEVICE.name


MOVED_MODULES = {
    "_pickling": "_array._pickling",
    "_dtypes": "_tables._dtypes",
    "_devices": "_tables._devices",
    "_info": "_chapters._info",
}
"""The modules that pickles written before the layers had folders name (the module of
``rebuild_array``, of the dtypes', the devices' and ``Info``'s reducers), and where each
is now, both relative to the package."""


def keep_older_pickles_loading(package: str) -> None:
    """Let pickles that name a module by its place before the move find it: each old name
    becomes another name of the module, in ``sys.modules``. The package calls this once
    it has imported them all; nothing else ever imports the old names."""
    for old, new in MOVED_MODULES.items():
        sys.modules.setdefault(f"{package}.{old}", sys.modules[f"{package}.{new}"])


def register_array_class(array_class: ArrayClass) -> None:
    """Make ``rebuild_array`` build arrays of ``array_class`` (the array object's call)."""
    _ARRAY_CLASS[:] = [array_class]


def reduce_array(x: Array, protocol: int) -> tuple[Callable[..., Array], tuple[object, ...]]:
    """What ``Array.__reduce_ex__`` returns: ``rebuild_array`` and its arguments."""
    on_export = None
    if MODES.tracking:
        def on_export(exported: object) -> None:
            register_export(x, exported, "__reduce_ex__()")
    payload = pickled_elements(x, protocol >= 5, on_export)
    fields = (PICKLE_FORMAT, x.dtype.name, x._layout.shape, payload, x._is_writable())
    device = x._storage.device
    return rebuild_array, fields if device is CPU_DEVICE else (*fields, device.name)


def rebuild_array(
    pickle_format: int,
    dtype_name: str,
    shape: tuple[int, ...],
    payload: object,
    writable: bool,
    device_name: str = _CPU_NAME,
) -> Array:
    """
    Rebuild a pickled array, after checking every field.

    Parameters
    ----------
    pickle_format : int
        The pickle layout's version; 1 is the only one so far.
    dtype_name : str
        The name of one of the namespace's dtypes, such as ``"float64"``.
    shape : tuple of int
        The array's shape.
    payload : bytes-like
        The elements in C order: a C-contiguous buffer of exactly
        ``prod(shape) * itemsize`` bytes.
    writable : bool
        Whether the array accepts writes.
    device_name : str, optional
        The name of the array's device (default ``"cpu"``: CPU arrays store none).

    Returns
    -------
    Array
        A C-contiguous array on that device; it shares ``payload`` when that is a
        writable buffer (or read-only and ``writable`` is False), and holds a copy
        otherwise.

    Raises
    ------
    TypeError
        If a field has the wrong type (a payload that is not a buffer, a shape that is
        not a tuple of ints, ...).
    ValueError
        If a field has a wrong value (an unknown dtype or device, a negative size, a
        payload of the wrong length, bool bytes other than 0 and 1, ...), or the device
        lacks the dtype or is not the one the fixed_device flag keeps arrays on.

    Examples
    --------
    >>> import pickle
    >>> import array_api_reshape as xp
    >>> x = xp.reshape(xp.arange(6), (2, 3))[:, ::-1]
    >>> pickle.loads(pickle.dumps(x))
    Array([[2, 1, 0],
           [5, 4, 3]], dtype=int64)
    >>> pickle.loads(pickle.dumps(x.to_device("device1"))).device
    array_api_reshape.Device('device1')
    """
    _check_format(pickle_format)
    dtype = _checked_dtype(dtype_name)
    shape = _checked_shape(shape)
    memory = _checked_memory(payload, product(shape) * item_size(dtype))
    if is_kind(dtype, "bool") and not holds_only_bools(memory):
        raise ValueError(f"{_CONTEXT}: 'payload' of a bool array holds bytes other than 0 and 1")
    if writable is not True and writable is not False:
        raise TypeError(f"{_CONTEXT}: 'writable' must be True or False, got {writable!r}")
    device = None  # a CPU pickle stores no device: the storage's own, the CPU
    if device_name is not _CPU_NAME or MODES.flags:
        device = _checked_device(device_name, dtype)
    storage = storage_from_pickle(memory, dtype, writable)
    layout = contiguous_layout(shape)
    if MODES.tracking:  # an out-of-band buffer of an array of ours: one frame with it
        joined = storage_joining_tracked(storage)
        if joined is not None:
            storage, offset = joined
            layout = make_layout(layout.shape, layout.strides, offset)
    return _ARRAY_CLASS[0]._new(storage, layout, dtype, device)


def _checked_device(device_name: object, dtype: DType) -> Device:
    if device_name.__class__ is not str:
        raise TypeError(
            f"{_CONTEXT}: 'device_name' must be a str, got {type(device_name).__name__}"
        )
    named: Device | str = device_name
    if device_name == GPU_DEVICE.name:  # the cupy profile's GPU, in no table
        named = GPU_DEVICE
    elif device_name not in DEVICES_BY_NAME:
        raise ValueError(
            f"{_CONTEXT}: 'device_name' must name a device of the namespace "
            f"({', '.join(DEVICES_BY_NAME)}), got {device_name!r}"
        )
    device = check_device(named, "rebuild_array")
    check_dtype_on_device(dtype, device, "rebuild_array")
    return device


def _check_format(pickle_format: object) -> None:
    if pickle_format.__class__ is not int or pickle_format != PICKLE_FORMAT:
        raise ValueError(
            f"{_CONTEXT}: 'pickle_format' must be {PICKLE_FORMAT}, got {pickle_format!r} "
            "(a pickle from a newer array_api_reshape?)"
        )


def _checked_dtype(dtype_name: object) -> DType:
    if dtype_name.__class__ is not str:
        raise TypeError(
            f"{_CONTEXT}: 'dtype_name' must be a str, got {type(dtype_name).__name__}"
        )
    dtype = _DTYPES_BY_NAME.get(dtype_name)
    if dtype is None:
        raise ValueError(
            f"{_CONTEXT}: 'dtype_name' must name a dtype of the namespace "
            f"({', '.join(_DTYPES_BY_NAME)}), got {dtype_name!r}"
        )
    return dtype


def _checked_shape(shape: object) -> tuple[int, ...]:
    if shape.__class__ is not tuple or any(n.__class__ is not int for n in shape):
        raise TypeError(f"{_CONTEXT}: 'shape' must be a tuple of ints, got {shape!r}")
    if len(shape) > MAX_DIMENSIONS:
        raise ValueError(
            f"{_CONTEXT}: 'shape' has {len(shape)} dimensions, more than "
            f"{MAX_DIMENSIONS}"
        )
    if any(n < 0 for n in shape):
        raise ValueError(f"{_CONTEXT}: 'shape' must not have negative sizes, got {shape}")
    if product(max(n, 1) for n in shape) > INT64_MAX:
        raise ValueError(f"{_CONTEXT}: 'shape' {shape} is larger than an array can be")
    return shape


def _checked_memory(payload: Any, expected_bytes: int) -> memoryview:
    try:
        memory = memoryview(payload)
    except TypeError:
        raise TypeError(
            f"{_CONTEXT}: 'payload' must be a bytes-like buffer, got {type(payload).__name__}"
        ) from None
    if not memory.c_contiguous:
        raise ValueError(f"{_CONTEXT}: 'payload' must be a C-contiguous buffer")
    if memory.nbytes != expected_bytes:
        raise ValueError(
            f"{_CONTEXT}: 'payload' holds {memory.nbytes} bytes, but the shape and dtype "
            f"need exactly {expected_bytes}"
        )
    return memory
