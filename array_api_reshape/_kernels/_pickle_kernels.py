"""
Pickle kernels: an array's elements as a pickle payload, and a payload as storage.

``_pickling`` checks every field of a pickle and decides the layout (always a new
C-contiguous one); these functions only move the bytes. They take our arrays
(``Elements``), our DTypes and Python buffers.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

from .._tables._dtypes import DType
from ._operand_kernels import Elements
from ._storage import Storage, from_pickle_payload, pickle_payload


def pickled_elements(
    x: Elements, out_of_band: bool, on_export: Callable[[Any], None] | None = None
) -> pickle.PickleBuffer | bytes:
    """The elements of ``x`` in C order for a pickle: a ``PickleBuffer`` over them
    (protocol 5: pickle may hand it out of band; no copy when ``x`` is C-contiguous),
    or ``bytes``. ``on_export`` is handed the NumPy array a shared buffer holds (the
    views modes count it among the arrays that see ``x``'s memory while it lives)."""
    view = x._numpy()
    if on_export is not None and out_of_band and view.flags.c_contiguous:
        view = view.view()
        on_export(view)
    return pickle_payload(view, out_of_band)


def storage_from_pickle(memory: memoryview, dtype: DType, writable: bool) -> Storage:
    """A Storage over the elements of ``dtype`` whose bytes ``memory`` holds (checked
    by the caller: C-contiguous, a whole number of elements), shared when allowed,
    read-only unless ``writable``."""
    return from_pickle_payload(memory, dtype.dtype, writable)
