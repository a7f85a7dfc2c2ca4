"""
Element-wise kernels: each function's record (``_elementwise_records``) run on NumPy.

The element-wise chapter and the operators give these kernels a function's record, our
arrays (or Python scalars) and the dtype to compute in; the kernels make NumPy operands of
them and return a new NumPy array, in pieces on several threads when large (the record's
kind of work says from what size). The fast paths of ``_elementwise_dispatch`` call
``binary_kernel``'s functions on arrays' views directly. NumPy's floating-point warnings
are silenced where the record says NumPy may warn: the standard defines those results
(NaN, inf, wrap-around).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._tables._dtypes import DType, is_kind
from . import _piecewise_kernels as piecewise
from ._elementwise_records import ElementwiseFunction
from ._numpy_views import (
    ArrayObject,
    Binary,
    contiguous_copy,
    Kernel,
    returning_ndarray,
    silenced,
    silencing,
)
from ._scalar_kernels import checked_scalar


def unary_of_array(function: ElementwiseFunction, x: ArrayObject, dtype: DType) -> np.ndarray:
    """The standard's ``function`` of every element of the array ``x``, computed in
    ``dtype`` (in pieces on several threads when large)."""
    a = x._numpy() if x._dtype is dtype else contiguous_copy(x._numpy(), dtype.dtype)
    if a.size >= piecewise.LOWEST_THREADING_THRESHOLD:
        threads = piecewise.threads_for(a.size, function.work)
        if threads > 1:
            return silenced(piecewise.computed, function.piece_kernel(a.dtype.kind), (a,), threads)
    return np.asarray(silenced(function.kernel, a))


def unary_kernel(function: ElementwiseFunction) -> Kernel:
    """The standard's ``function`` of one NumPy operand, quiet, returning an ndarray:
    ``unary_of_array``'s small case, made once (the fast path of unary functions)."""
    return silencing(function.kernel)


_PYTHON_SCALARS = (bool, int, float, complex)


def operand(value: ArrayObject, dtype: DType, function: str) -> np.ndarray:
    """An operand (our array, or a Python scalar already checked) as NumPy sees it, in
    the computation ``dtype``: the array's view, a converted copy, or a 0-d array
    (OverflowError naming ``function`` for an int ``dtype`` cannot hold)."""
    if value.__class__ in _PYTHON_SCALARS:
        return checked_scalar(value, dtype.dtype, function)
    if value._dtype is dtype:
        return value._numpy()
    return contiguous_copy(value._numpy(), dtype.dtype)


def binary_of_operands(
    function: ElementwiseFunction, x1: ArrayObject, x2: ArrayObject, dtype: DType
) -> np.ndarray:
    """The standard's ``function`` of two operands (arrays or Python scalars) broadcast
    together, computed in ``dtype``."""
    name = function.name
    return binary(function, operand(x1, dtype, name), operand(x2, dtype, name), dtype)


def _could_warn(function: ElementwiseFunction, dtype: DType | None) -> bool:
    """Whether NumPy may emit a floating-point warning computing ``function`` with a
    result of ``dtype`` (None: unknown, so it may)."""
    quiet_for = function.quiet_for
    return quiet_for is None or dtype is None or not is_kind(dtype, quiet_for)


def binary(function: ElementwiseFunction, a: Any, b: Any,
           dtype: DType | None = None) -> np.ndarray:
    """The standard's ``function`` of ``a`` and ``b`` element by element (broadcasting);
    ``dtype`` is the result's, which says whether NumPy could warn."""
    threads = piecewise.threads_for(piecewise.result_size((a, b)), function.work)
    if threads > 1:
        kind_of = a if isinstance(a, np.ndarray) else b
        plain = function.piece_kernel(np.asarray(kind_of).dtype.kind)
        return silenced(piecewise.computed, plain, (a, b), threads)
    if _could_warn(function, dtype):
        return np.asarray(silenced(function.kernel, a, b))
    return np.asarray(function.kernel(a, b))


def binary_kernel(function: ElementwiseFunction, dtype: DType, numpy_kind: str) -> Kernel:
    """``binary`` made once for one function, result dtype and NumPy dtype kind of
    the operands (the hot path of operators): a function of two NumPy operands that
    returns a new ndarray; NumPy's ufunc alone where it gives the standard's results for
    that kind (``ElementwiseFunction.piece_kernel``).

    NumPy's ufuncs also take a Python scalar operand; they convert it to the other
    operand's dtype (NumPy 2's weak scalars), as the standard asks."""
    kernel = function.piece_kernel(numpy_kind)
    if _could_warn(function, dtype):
        return silencing(kernel)
    return returning_ndarray(kernel)


def large_binary_kernel(function: ElementwiseFunction, dtype: DType,
                        numpy_kind: str) -> Binary:
    """``binary_kernel`` for operands of one shape, or an array and a Python scalar, of
    at least ``_piecewise_kernels.LOWEST_THREADING_THRESHOLD`` elements: in pieces on
    several threads where that pays."""
    small, work = binary_kernel(function, dtype, numpy_kind), function.work

    def kernel(a: Any, b: Any) -> np.ndarray:
        array = a if a.__class__ is _NDARRAY else b
        threads = piecewise.threads_for(array.size, work)
        if threads > 1:
            pieces = function.piece_kernel(array.dtype.kind)
            return silenced(piecewise.computed, pieces, (a, b), threads)
        return small(a, b)

    return kernel


_NDARRAY = np.ndarray


def in_place_kernel(function: ElementwiseFunction, dtype: DType,
                    numpy_kind: str) -> Callable[[Any, Any], None]:
    """A function of two NumPy operands of NumPy's dtype kind ``numpy_kind`` that writes
    ``function`` of them into the first (the in-place operators' fast path, for small
    operands of one dtype): NumPy's ufunc writing into its ``out``, which buffers operands
    that overlap it; a special-case kernel's result computed apart, then copied in.
    Silenced where NumPy could warn."""
    kernel = function.piece_kernel(numpy_kind)
    if isinstance(kernel, np.ufunc):
        def into_first(a: Any, b: Any) -> None:
            kernel(a, b, out=a)
    else:
        def into_first(a: Any, b: Any) -> None:
            np.copyto(a, kernel(a, b), casting="unsafe")
    if not _could_warn(function, dtype):
        return into_first

    def quietly_into_first(a: Any, b: Any) -> None:
        silenced(into_first, a, b)

    return quietly_into_first


def takes_python_scalars(function: ElementwiseFunction, numpy_kind: str) -> bool:
    """Whether ``binary_kernel(function, ..., numpy_kind)`` may be given a Python scalar
    operand: true for plain ufuncs; the special-case kernels read their operands' dtypes."""
    return isinstance(function.piece_kernel(numpy_kind), np.ufunc)


def clip(x: ArrayObject, low: ArrayObject | None, high: ArrayObject | None) -> np.ndarray:
    """The array ``x`` limited to ``[low, high]``: each bound our array, a Python scalar
    (both already checked to convert to ``x``'s dtype) or None; NaNs propagate. A new
    C-contiguous buffer (in pieces on several threads when large)."""
    a = x._numpy()
    bounds = [None if bound is None else operand(bound, x._dtype, "clip") for bound in (low, high)]
    wider = [b.shape for b in bounds if b is not None and b.ndim and b.shape != a.shape]
    shape = np.broadcast_shapes(a.shape, *wider) if wider else a.shape
    result = np.empty(shape, a.dtype)  # a new buffer, even of ``x`` itself
    threads = piecewise.threads_for(result.size, piecewise.UNDER_1NS)  # as exp
    if threads > 1:
        return silenced(piecewise.fill, piecewise.clipped_into, result, (a, *bounds), threads, True)
    silenced(piecewise.clipped_into, a, *bounds, out=result)
    return result
