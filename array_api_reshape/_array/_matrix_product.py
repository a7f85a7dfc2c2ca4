"""
The matrix product of two arrays, below the array object: ``matmul`` and the ``@``
operators share it.

It checks the operands' dtypes and shapes, promotes, and runs the kernel; its callers have
made sure both operands are arrays (the chapter's ``matmul`` by its argument checks, the
operators by comparing classes).
"""

from __future__ import annotations

from typing import Any

from .._kernels import _linalg_kernels
from .._modes._placement import device_of_call
from .._modes._promotion import promote_types
from .._tables._dtypes import check_dtype_kind
from .._tables._layout import broadcast_shape


def matrix_product(x1: Any, x2: Any, operator: bool = True) -> Any:
    """``x1 @ x2`` for two arrays: stacks of matrices broadcast, 1-D operands act as vectors;
    the result is on their device. ``operator`` False for the function ``matmul`` (whose
    promotion array-api-strict leaves to NumPy)."""
    device = device_of_call("matmul", x1=x1, x2=x2)
    for argument, x in (("x1", x1), ("x2", x2)):
        check_dtype_kind(x._dtype, "matmul", argument, "numeric")
        if x.ndim == 0:
            raise ValueError(f"matmul(): '{argument}' must have at least one dimension")
    dtype = promote_types(x1._dtype, x2._dtype, "__matmul__" if operator else "matmul")
    inner1 = x1._layout.shape[-1]
    inner2 = x2._layout.shape[-2] if x2.ndim > 1 else x2._layout.shape[0]
    if inner1 != inner2:
        raise ValueError(
            f"matmul(): the last axis of 'x1' (size {inner1}) must match the "
            f"{'second-to-last' if x2.ndim > 1 else 'only'} axis of 'x2' (size {inner2}); "
            f"shapes {x1.shape} and {x2.shape}"
        )
    if broadcast_shape(x1._layout.shape[:-2], x2._layout.shape[:-2]) is None:
        raise ValueError(
            f"matmul(): the stacks of shapes {x1.shape[:-2]} and {x2.shape[:-2]} do not broadcast"
        )
    return x1._adopt(_linalg_kernels.matmul(x1, x2, dtype), dtype, device)
