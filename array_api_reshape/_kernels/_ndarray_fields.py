"""
What the hot paths read of a NumPy array: whether it is one, its number of elements,
its dimensions, whether it has a given shape, its dtype and whether it is C-contiguous.

Each is one attribute of NumPy's here. The compiled build reads the same fields in C
(``_ndarray_fields.pxd``, whose functions the compiled modules take in place of these),
where each attribute costs a Python-level lookup and, for the flags, a new object.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def load_c_api() -> None:
    """Nothing to do here; the compiled build loads NumPy's C API (each module that
    reads these fields calls this once, as it is imported)."""


def element_count(array: Any) -> int:
    """The number of elements of the ndarray ``array``."""
    return array.size


def dimensions(array: Any) -> int:
    """The number of dimensions of the ndarray ``array``."""
    return array.ndim


def has_shape(array: Any, shape: tuple[int, ...]) -> bool:
    """True when the ndarray ``array`` has the shape ``shape`` (a tuple of ints)."""
    return array.shape == shape


def has_dtype(array: Any, numpy_dtype: Any) -> bool:
    """True when the ndarray ``array`` has exactly the dtype object ``numpy_dtype``."""
    return array.dtype is numpy_dtype


def is_c_contiguous(array: Any) -> bool:
    """True when the ndarray ``array`` is C-contiguous."""
    return array.flags.c_contiguous


def is_writable_c_contiguous(array: Any) -> bool:
    """True when the ndarray ``array`` may be written and is C-contiguous (so that it
    repeats no address: a kernel may write its result straight into it)."""
    flags = array.flags
    return flags.writeable and flags.c_contiguous


def is_ndarray(obj: Any) -> bool:
    """True when ``obj`` is exactly a NumPy array (no subclass)."""
    return type(obj) is np.ndarray


def dtype_of(array: Any) -> Any:
    """The NumPy dtype of the ndarray ``array``."""
    return array.dtype
