"""
Foreign-array kernels: questions about another library's array, and its memory as ours.

``asarray``, ``from_dlpack`` and ``layout.shares_memory`` take objects we did not make: a
NumPy array, a DLPack producer (another library's CPU array), a buffer such as a
``bytearray``. The chapters decide what to do with them; these functions look inside
them. A chapter holds the ``ForeignElements`` they return only to hand it back to another
function here, never to look inside it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._tables._dtypes import ALL_DTYPES, DType
from ._copy_kernels import SMALL_COPY_BYTES
from ._creation_kernels import StorageAndLayout, ours_or_name
from ._numpy_views import contiguous_copy
from ._operand_kernels import Elements
from ._storage import borrow, from_dlpack_producer, numpy_from_foreign

ForeignElements = np.ndarray
"""A foreign object's elements as the kernels see them (today a NumPy array over the
object's memory); opaque to the chapters."""

_NDARRAY = np.ndarray


STANDARD_DTYPE_OF = {dtype.dtype: dtype for dtype in ALL_DTYPES}
"""Our DType by its NumPy dtype (of native byte order: another is no key), for
``plain_array_dtype`` and ``asarray``'s fast path."""

def plain_array_dtype(obj: Any, whole: bool) -> DType | None:
    """Our dtype when ``obj`` is exactly a NumPy array (no subclass) of a standard dtype
    in native byte order and, if ``whole`` is asked, non-empty and C-contiguous (so that
    an array may share all of it as it is); None otherwise.

    ``asarray``'s hot path: one call for any object, no more than before the seam."""
    if obj.__class__ is _NDARRAY and (not whole or (obj.flags.c_contiguous and obj.size)):
        numpy_dtype = obj.dtype
        dtype = STANDARD_DTYPE_OF.get(numpy_dtype)
        if dtype is not None and numpy_dtype.isnative:
            return dtype
    return None


def plain_array_copy(obj: Any) -> np.ndarray:
    """A new C-contiguous copy of a NumPy array that ``plain_array_dtype`` accepted, for
    ``Array._adopt``: ``asarray(copy=True)``'s hot path, so a small array is copied in
    one NumPy call without asking the copy planner."""
    if obj.nbytes < SMALL_COPY_BYTES:
        return obj.copy()
    return contiguous_copy(obj)


ForeignSource = tuple[ForeignElements, DType | str]
"""A foreign object's elements and their dtype: ours, or NumPy's name for a dtype the
standard lacks."""


def _source(elements: np.ndarray) -> ForeignSource:
    return elements, ours_or_name(elements.dtype)


def foreign_source(obj: object) -> ForeignSource | None:
    """The elements of a NumPy array, a DLPack producer or a buffer-protocol object,
    seen without a copy; None for anything else (Python data, NumPy scalars), which the
    caller converts as Python data. Errors of a DLPack producer name ``asarray``."""
    elements = numpy_from_foreign(obj)
    return None if elements is None else _source(elements)


def dlpack_source(producer: object, copy: bool | None) -> ForeignSource:
    """The elements of a DLPack producer (a copy of them when ``copy`` is True; the
    producer decides for None); ValueError for data off the CPU, BufferError when the
    producer refuses, TypeError for an unusable capsule."""
    return _source(from_dlpack_producer(producer, copy))


def borrowed(elements: ForeignElements) -> StorageAndLayout | None:
    """Storage sharing the foreign elements' memory and their layout, or None when
    their byte strides are not whole elements (the caller must copy). While a views
    mode is on, callers ask ``_modes._view_tracking.borrowed_and_tracked`` instead."""
    return borrow(elements)


def foreign_copy(elements: ForeignElements, dtype: DType | None = None) -> np.ndarray:
    """A new C-contiguous copy of the foreign elements, in ``dtype`` if given (an unsafe
    cast, which the caller has allowed), for ``Array._adopt``."""
    return contiguous_copy(elements, None if dtype is None else dtype.dtype)


def memory_overlaps(a: Elements | ForeignElements, b: Elements | ForeignElements) -> bool:
    """True when some element of ``a`` and some element of ``b`` (our arrays or foreign
    elements) occupy the same address (exact); never for an empty one."""
    first = a if isinstance(a, np.ndarray) else a._numpy()
    second = b if isinstance(b, np.ndarray) else b._numpy()
    if first.size == 0 or second.size == 0:
        return False
    return bool(np.shares_memory(first, second))  # exact, however the strides interleave
