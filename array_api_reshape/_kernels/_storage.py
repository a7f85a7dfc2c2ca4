"""
Flat element storage: where array memory is allocated, adopted or borrowed.

A Storage is a one-dimensional, contiguous NumPy array of the elements' dtype (today, on
the CPU) plus its device. Arrays place a Layout over it; many arrays may share one Storage.
"""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np

from .._tables._devices import CPU_DEVICE, Device
from .._tables._layout import Layout, make_layout

DLPACK_CPU = (1, 0)
"""The DLPack device (type, id) of the CPU."""


class Storage:
    """A contiguous buffer of elements and the device it lives on.

    ``buffer`` is a C-contiguous NumPy array; its shape does not matter (a borrowed
    array keeps its own), only its elements in order.
    """

    __slots__ = ("buffer", "device", "sharing", "__weakref__")
    sharing: Any  # the views modes' bookkeeping (``_sharing``): None while nobody tracks it

    def __init__(self, buffer: np.ndarray, device: Device = CPU_DEVICE):
        self.buffer = buffer
        self.device = device
        self.sharing = None

    @property
    def size(self) -> int:
        """Number of elements in the buffer."""
        return self.buffer.size

    @property
    def writable(self) -> bool:
        return self.buffer.flags.writeable


def allocate(size: int, numpy_dtype: np.dtype) -> Storage:
    """A new, uninitialised buffer of ``size`` elements."""
    return Storage(np.empty(size, dtype=numpy_dtype))


def adopt(flat: np.ndarray) -> Storage:
    """Wrap a new C-contiguous NumPy array that nobody else holds (on the CPU)."""
    storage = Storage.__new__(Storage)
    storage.buffer = flat
    storage.device = CPU_DEVICE
    storage.sharing = None
    return storage


def borrow(array: np.ndarray) -> tuple[Storage, Layout] | None:
    """Share the memory of a NumPy array: a Storage spanning its elements and their Layout.

    Returns None when the array's byte strides are not whole multiples of its item size
    (no element layout can describe it; the caller must copy).
    """
    itemsize = array.itemsize
    shape = array.shape
    if array.flags.c_contiguous:
        strides = tuple([s // itemsize for s in array.strides])
        if array.ndim and array.size == 0:
            return Storage(np.empty(0, dtype=array.dtype)), make_layout(shape, strides, 0)
        return Storage(array), make_layout(shape, strides, 0)
    if array.flags.f_contiguous and array.size:  # the order NumPy keeps for transposes
        strides = tuple([s // itemsize for s in array.strides])
        return Storage(array.T.reshape(-1)), make_layout(shape, strides, 0)
    byte_strides = array.strides
    if any(s % itemsize for s in byte_strides):
        return None
    strides = tuple(s // itemsize for s in byte_strides)
    if array.size == 0:
        return Storage(np.empty(0, dtype=array.dtype)), make_layout(shape, strides, 0)
    low = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0)
    high = sum((n - 1) * s for n, s in zip(shape, strides) if s > 0)
    lowest_first = array[
        tuple(slice(None, None, -1) if s < 0 else slice(None) for s in strides)
    ]
    flat = np.lib.stride_tricks.as_strided(
        lowest_first,
        shape=(high - low + 1,),
        strides=(itemsize,),
        writeable=array.flags.writeable,
    )
    return Storage(flat), make_layout(shape, strides, -low)


def read_only_alias(storage: Storage) -> Storage:
    """The same memory as ``storage``, refusing writes (for broadcast views)."""
    alias = storage.buffer.view()
    alias.flags.writeable = False
    return Storage(alias, storage.device)


def numpy_from_foreign(obj: Any) -> np.ndarray | None:
    """A NumPy array sharing the memory of a DLPack or buffer-protocol object, or None.

    Objects of neither kind return None (the caller converts them as Python data), and
    so do NumPy scalars: they are immutable values, so an array of one is a new buffer.
    """
    if isinstance(obj, np.ndarray):
        return obj
    if isinstance(obj, np.generic):
        return None
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
        return from_dlpack_producer(obj, None, "asarray")
    if isinstance(obj, (bytes, bytearray, memoryview)) or (
        not isinstance(obj, (list, tuple, str, int, float, complex))
        and _exports_buffer(obj)
    ):
        return np.asarray(memoryview(obj))
    return None


def _exports_buffer(obj: Any) -> bool:
    try:
        memoryview(obj)
    except TypeError:
        return False
    return True


def pickle_payload(view: np.ndarray, out_of_band: bool) -> pickle.PickleBuffer | bytes:
    """The elements of ``view`` in C order for a pickle: a ``PickleBuffer`` over them
    (protocol 5: pickle may hand it out of band; no copy when the view is already
    C-contiguous), or ``bytes``."""
    contiguous = view if view.flags.c_contiguous else view.copy()
    if out_of_band:
        # An ndarray has the buffer protocol, but NumPy's stubs declare its __buffer__
        # only for Python 3.12 and later (mypy checks this package as 3.11).
        return pickle.PickleBuffer(contiguous)  # type: ignore[arg-type]
    return contiguous.tobytes()


def from_pickle_payload(memory: memoryview, numpy_dtype: np.dtype, writable: bool) -> Storage:
    """A Storage over the elements whose bytes ``memory`` holds (C-contiguous, a whole
    number of elements: already checked). It shares ``memory`` (a ``bytearray`` from the
    pickle, or an out-of-band buffer) when that is writable or the array is to be
    read-only, and holds a copy otherwise. Memory at an address that is not a multiple
    of the item size is shared too, as NumPy's own arrays share it: Dask's messages hand
    over their frames so, and NumPy's loops read such elements correctly."""
    elements = _bytes_of(memory).view(numpy_dtype)
    if writable and not elements.flags.writeable:
        elements = elements.copy()
    if not writable and elements.flags.writeable:
        elements = elements.view()
        elements.flags.writeable = False
    return Storage(elements)


def holds_only_bools(memory: memoryview) -> bool:
    """True when every byte of ``memory`` is 0 or 1 (the only valid bytes of a bool)."""
    raw = _bytes_of(memory)
    return raw.size == 0 or int(raw.max()) <= 1


def _bytes_of(memory: memoryview) -> np.ndarray:
    if memory.nbytes == 0:
        return np.empty(0, dtype=np.uint8)
    return np.frombuffer(memory, dtype=np.uint8)


def from_dlpack_producer(
    producer: Any, copy: bool | None, function: str = "from_dlpack"
) -> np.ndarray:
    """A NumPy array over a DLPack producer's memory (or a copy of it when asked).

    The producer must say its data is on the CPU; anything it hands back that is not a
    valid DLPack capsule is refused in our words (NumPy checks the capsule's layout)."""
    device = producer.__dlpack_device__()
    if not isinstance(device, tuple) or tuple(device)[:1] != (DLPACK_CPU[0],):
        raise ValueError(
            f"{function}(): the producer's data is on DLPack device {device!r}; only the "
            f"CPU {DLPACK_CPU} is supported"
        )
    kwargs: dict[str, Any] = {} if copy is None else {"copy": copy}
    try:
        return np.from_dlpack(producer, **kwargs)
    except BufferError as error:
        raise BufferError(f"{function}(): the producer refused to export: {error}") from None
    except (TypeError, ValueError, AttributeError) as error:
        raise TypeError(
            f"{function}(): the producer's __dlpack__ did not give a usable DLPack capsule "
            f"({type(error).__name__}: {error})"
        ) from None
