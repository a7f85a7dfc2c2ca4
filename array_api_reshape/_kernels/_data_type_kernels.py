"""
Data-type kernels: the machine facts of a dtype, which NumPy knows.

Each takes one of our DTypes and answers with plain Python numbers (the data type
chapter and the pickling module ask; they never see a NumPy dtype).
"""

from __future__ import annotations

import numpy as np

from .._tables._dtypes import DType


def floating_limits(dtype: DType) -> tuple[int, float, float, float, float]:
    """bits, eps, max, min and smallest normal of a real floating dtype, as Python numbers."""
    return float_limits(dtype.dtype)


def integer_range(dtype: DType) -> tuple[int, int, int]:
    """bits, max and min of an integer dtype, as Python ints."""
    return integer_limits(dtype.dtype)


def item_size(dtype: DType) -> int:
    """Bytes per element of ``dtype``."""
    return dtype.dtype.itemsize


def float_limits(numpy_dtype: np.dtype) -> tuple[int, float, float, float, float]:
    """bits, eps, max, min and smallest normal of a floating dtype, as Python numbers."""
    info = np.finfo(numpy_dtype)
    return (
        info.bits,
        float(info.eps),
        float(info.max),
        float(info.min),
        float(info.smallest_normal),
    )


def integer_limits(numpy_dtype: np.dtype) -> tuple[int, int, int]:
    """bits, max and min of an integer dtype, as Python ints."""
    info = np.iinfo(numpy_dtype)
    return info.bits, int(info.max), int(info.min)
