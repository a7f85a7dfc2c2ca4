"""
Memory that several arrays see, in NumPy's terms: element addresses as sets, a NumPy
array's elements as a layout over one of our storages, and the references that hold a
NumPy array. The views modes' bookkeeping (``_modes/_view_tracking.py``) asks these
questions; it decides nothing here.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

import numpy as np

from .._tables._layout import Layout, element_addresses, extent
from ._storage import Storage

ForeignArray = np.ndarray
"""A NumPy array that sees some of our memory (opaque above this layer)."""


SMALL = 4096
"""Up to this many elements, a set of addresses is a Python frozenset (cheaper than
NumPy's set routines for a few elements); beyond, a sorted NumPy array."""

Addresses = Any
"""A set of storage indices: a frozenset of ints, or a sorted, unique NumPy array."""


def element_indices(layout: Layout) -> np.ndarray:
    """The storage index of each element of ``layout``, in an array of its shape."""
    indices = np.full((), layout.offset, dtype=np.intp)
    for size, stride in zip(layout.shape, layout.strides):
        indices = np.add.outer(indices, np.arange(size, dtype=np.intp) * stride)
    return indices


def addresses_of(layout: Layout, advanced_key: tuple | None = None) -> Addresses:
    """The storage indices of ``layout``'s elements, or of those an advanced key of
    ``index_key`` selects from it."""
    if advanced_key is None and layout.size <= SMALL:
        return frozenset(element_addresses(layout))
    indices = element_indices(layout)
    if advanced_key is not None:
        indices = np.asarray(indices[advanced_key])
    return np.unique(indices)


def _as_array(addresses: Addresses) -> np.ndarray:
    if isinstance(addresses, np.ndarray):
        return addresses
    return np.array(sorted(addresses), dtype=np.intp)


def _as_set(addresses: Addresses) -> frozenset:
    return addresses if isinstance(addresses, frozenset) else frozenset(addresses.tolist())


def _both_small(first: Addresses, second: Addresses) -> bool:
    return len(first) <= SMALL and len(second) <= SMALL


def intersection(first: Addresses, second: Addresses) -> Addresses:
    """The addresses in both."""
    if _both_small(first, second):
        return _as_set(first) & _as_set(second)
    return np.intersect1d(_as_array(first), _as_array(second), assume_unique=True)


def union(first: Addresses, second: Addresses) -> Addresses:
    """The addresses in either."""
    if _both_small(first, second):
        return _as_set(first) | _as_set(second)
    return np.union1d(_as_array(first), _as_array(second))


def difference(first: Addresses, second: Addresses) -> Addresses:
    """The addresses of ``first`` not in ``second``."""
    if _both_small(first, second):
        return _as_set(first) - _as_set(second)
    return np.setdiff1d(_as_array(first), _as_array(second), assume_unique=True)


def overlap(written: Addresses, layout: Layout) -> Addresses | None:
    """The written addresses that ``layout`` also holds, or None when there are none."""
    common = intersection(written, addresses_of(layout))
    return common if len(common) else None


def foreign_layout(array: np.ndarray, storage: Storage) -> Layout | None:
    """A NumPy array's elements as a layout over ``storage`` (None when its bytes do
    not fall on the storage's element boundaries)."""
    buffer = storage.buffer
    itemsize = buffer.itemsize
    start = array.__array_interface__["data"][0] - buffer.__array_interface__["data"][0]
    if array.itemsize != itemsize or start % itemsize or any(s % itemsize for s in array.strides):
        return None
    return Layout(array.shape, tuple(s // itemsize for s in array.strides), start // itemsize)


def storage_holding(
    array: np.ndarray, storages: Iterable[Storage]
) -> tuple[Storage, Layout, bool] | None:
    """The first of ``storages`` whose buffer holds all of a NumPy array's elements, as
    elements of its dtype: that storage, the array's layout over it, and whether the
    array may be written through; None when none does (or the array is empty)."""
    if array.size == 0:
        return None
    for storage in storages:
        buffer = storage.buffer
        if array.dtype != buffer.dtype or not np.may_share_memory(array, buffer):
            continue
        layout = foreign_layout(array, storage)
        if layout is None:
            continue
        span = extent(layout)
        if span is None or span[0] < 0 or span[1] >= buffer.size:
            continue
        return storage, layout, bool(array.flags.writeable)
    return None


def is_held_elsewhere(array: np.ndarray, our_references: int) -> bool:
    """True when something besides our own ``our_references`` references holds
    ``array`` (the caller holds one more, and getrefcount's argument another)."""
    return sys.getrefcount(array) > our_references + 3


def is_c_contiguous(array: np.ndarray) -> bool:
    """True for a C-contiguous NumPy array."""
    return bool(array.flags.c_contiguous)


def shares_buffer(storage: Storage, array: np.ndarray) -> bool:
    """True when ``array`` may see some of ``storage``'s memory."""
    return bool(np.may_share_memory(storage.buffer, array))


def reference_counts(arrays: list[Any]) -> list[int]:
    """``sys.getrefcount`` of each array (to measure what a new storage holds)."""
    return [sys.getrefcount(array) for array in arrays]


def owners_of(array: np.ndarray) -> list[np.ndarray]:
    """``array`` and the NumPy array whose memory it views, if another."""
    chain = [array]
    base = array.base
    while isinstance(base, np.ndarray):
        chain.append(base)
        base = base.base
    return chain


def borrowed_through_one_reference(array: np.ndarray) -> np.ndarray:
    """A flat buffer over the elements of a C-contiguous ``array`` that holds it through
    one object (a memoryview), so that NumPy views made from the buffer never hold
    ``array`` themselves and counting references tells whether anyone else does."""
    flat = array.reshape(-1)
    if flat.size == 0:
        return np.empty(0, dtype=array.dtype)
    # NumPy declares the buffer protocol of ndarray for Python 3.12 and later only
    return np.frombuffer(memoryview(flat), dtype=array.dtype)  # type: ignore[arg-type]


