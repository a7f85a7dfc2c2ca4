"""What every reduction shares: reading ``axis`` and ``keepdims``, running the reduction
kernel, wrapping its result."""

from __future__ import annotations

from .._array._array_object import Array, check_array
from .._kernels._reduction_kernels import reduced
from .._modes._device_checks import check_result_dtype
from .._modes._results import reduced_result
from .._tables._devices import CPU_DEVICE
from .._tables._dtypes import DType
from .._tables._arguments import normalize_axes

_ALL_AXES = [tuple(range(ndim)) for ndim in range(65)]


def reduced_axes(x: Array, axis: int | tuple[int, ...] | None, function: str) -> tuple[int, ...]:
    """The axes a reduction runs over: all for None, else the normalised int or tuple."""
    if axis is None:
        ndim = x.ndim
        return _ALL_AXES[ndim] if ndim < 65 else tuple(range(ndim))
    return normalize_axes(axis, x.ndim, function)


def check_keepdims(keepdims: object, function: str) -> bool:
    if keepdims is not True and keepdims is not False:
        raise TypeError(f"{function}(): 'keepdims' must be a bool, got {keepdims!r}")
    return keepdims


def reduced_size(x: Array, axes: tuple[int, ...]) -> int:
    count = 1
    for a in axes:
        count *= x._layout.shape[a]
    return count


def reduce(
    function: str,
    x: Array,
    axis: int | tuple[int, ...] | None,
    keepdims: bool,
    result_dtype: DType,
    quiet_below: int = 0,
    dtype: DType | None = None,
    correction: float | None = None,
) -> Array:
    """Our reduction ``function`` of ``x`` over the normalised axes (accumulated in
    ``dtype``, with ``correction`` degrees of freedom, when given), as an array of
    ``result_dtype``.

    NumPy's Python warnings (empty slices, degrees of freedom) are silenced when fewer
    than ``quiet_below`` elements are reduced.
    """
    check_array(x, function, computed_in=dtype)
    axes = reduced_axes(x, axis, function)
    keepdims = check_keepdims(keepdims, function)
    quiet = quiet_below > 0 and reduced_size(x, axes) < quiet_below
    device = x._storage.device
    if device is not CPU_DEVICE:
        check_result_dtype(result_dtype, device, function)
    result = Array._adopt(reduced(function, x, axes, keepdims, dtype, correction, quiet),
                          result_dtype, device)
    return reduced_result(result, x, axes, keepdims)

