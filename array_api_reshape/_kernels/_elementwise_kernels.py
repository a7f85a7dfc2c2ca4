"""
Element-wise kernels: NumPy ufuncs, plus the standard's special cases where NumPy differs.

The element-wise chapter and the operators give these kernels our arrays (or Python
scalars) and the dtype to compute in; the kernels make NumPy operands of them and return a
new NumPy array. The fast paths of ``_elementwise_dispatch`` call ``binary_kernel``'s
functions on arrays' views directly. NumPy's floating-point warnings are silenced: the
standard defines those results (NaN, inf, wrap-around).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._tables._dtypes import KIND_GROUPS, DType
from . import _piecewise_kernels as piecewise
from ._common_kernels import (
    ArrayObject,
    Binary,
    checked_scalar,
    contiguous_copy,
    returning_ndarray,
    silenced,
    silencing,
)


def _floor_divide(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """floor(a / b); NumPy gives NaN or -1 where one operand is infinite and the other
    finite, where the standard asks for the signed infinity or signed zero of a / b."""
    result = np.floor_divide(a, b)
    if result.dtype.kind != "f":
        return result
    one_infinite = np.isinf(a) != np.isinf(b)
    if one_infinite.any():
        result = np.where(one_infinite & ~np.isnan(a) & ~np.isnan(b), np.divide(a, b), result)
    return result


def _expm1(z: np.ndarray) -> np.ndarray:
    """exp(z) - 1; for complex z, accurate near 0 and with C99's special values."""
    if z.dtype.kind != "c":
        return np.expm1(z)
    x, y = z.real, z.imag
    result = np.empty(np.shape(z), dtype=z.dtype)
    # "+ 0.0" turns the -0 that expm1(-0) leaves into the +0 of exp(-0) * cos(0) - 1.
    result.real = np.expm1(x) * np.cos(y) - 2 * np.sin(y / 2) ** 2 + 0.0
    result.imag = np.where(y == 0, y, np.exp(x) * np.sin(y))
    special = ~(np.isfinite(x) & np.isfinite(y))
    if special.any():
        result[special] = np.exp(z[special]) - 1
    return result


def _tanh(z: np.ndarray) -> np.ndarray:
    """tanh; for complex z with an infinite real part and a finite imaginary part the
    standard asks for +-1 with a zero imaginary part of the imaginary part's sign."""
    result = np.tanh(z)
    if z.dtype.kind != "c":
        return result
    saturated = np.isinf(z.real) & np.isfinite(z.imag)
    if saturated.any():
        result = np.array(result, copy=True)
        result.real = np.where(saturated, np.copysign(1, z.real), result.real)
        result.imag = np.where(saturated, np.copysign(0, z.imag), result.imag)
    return result


def _sign(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind != "c":
        return np.sign(a)
    magnitude = np.abs(a)
    with np.errstate(all="ignore"):
        result = a / magnitude
    result = np.where(magnitude == 0, 0, result).astype(a.dtype)
    nan = np.isnan(a.real) | np.isnan(a.imag)
    return np.where(nan, np.asarray(complex(np.nan, np.nan), dtype=a.dtype), result)


def _real(a: np.ndarray) -> np.ndarray:
    """The real parts, in new memory (NumPy's ``real`` is a view, or ``a`` itself)."""
    return contiguous_copy(np.real(a))


def _imag(a: np.ndarray) -> np.ndarray:
    """The imaginary parts, in new memory (NumPy's ``imag`` is a view)."""
    return contiguous_copy(np.imag(a))


def _round(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind in "iub":
        return contiguous_copy(a)
    return np.round(a)


def _integer_power(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if a.dtype.kind in "iu" and b.dtype.kind in "iu" and (b < 0).any():
        raise ValueError(
            "pow(): an integer raised to a negative integer power is not an integer; "
            "use floating-point operands"
        )
    return np.power(a, b)


UNARY: dict[str, Callable[..., Any]] = {
    "abs": np.abs,
    "acos": np.arccos,
    "acosh": np.arccosh,
    "asin": np.arcsin,
    "asinh": np.arcsinh,
    "atan": np.arctan,
    "atanh": np.arctanh,
    "bitwise_invert": np.invert,
    "ceil": np.ceil,
    "conj": np.conj,
    "cos": np.cos,
    "cosh": np.cosh,
    "exp": np.exp,
    "expm1": _expm1,
    "floor": np.floor,
    "imag": _imag,
    "isfinite": np.isfinite,
    "isinf": np.isinf,
    "isnan": np.isnan,
    "log": np.log,
    "log1p": np.log1p,
    "log2": np.log2,
    "log10": np.log10,
    "logical_not": np.logical_not,
    "negative": np.negative,
    "positive": np.positive,
    "real": _real,
    "reciprocal": np.reciprocal,
    "round": _round,
    "sign": _sign,
    "signbit": np.signbit,
    "sin": np.sin,
    "sinh": np.sinh,
    "square": np.square,
    "sqrt": np.sqrt,
    "tan": np.tan,
    "tanh": _tanh,
    "trunc": np.trunc,
}

BINARY: dict[str, Callable[..., Any]] = {
    "add": np.add,
    "atan2": np.arctan2,
    "bitwise_and": np.bitwise_and,
    "bitwise_left_shift": np.left_shift,
    "bitwise_or": np.bitwise_or,
    "bitwise_right_shift": np.right_shift,
    "bitwise_xor": np.bitwise_xor,
    "copysign": np.copysign,
    "divide": np.divide,
    "equal": np.equal,
    "floor_divide": _floor_divide,
    "greater": np.greater,
    "greater_equal": np.greater_equal,
    "hypot": np.hypot,
    "less": np.less,
    "less_equal": np.less_equal,
    "logaddexp": np.logaddexp,
    "logical_and": np.logical_and,
    "logical_or": np.logical_or,
    "logical_xor": np.logical_xor,
    "maximum": np.maximum,
    "minimum": np.minimum,
    "multiply": np.multiply,
    "nextafter": np.nextafter,
    "not_equal": np.not_equal,
    "pow": _integer_power,
    "remainder": np.remainder,
    "subtract": np.subtract,
}


_PLAIN_UFUNC: dict[str, tuple[str, np.ufunc]] = {
    "expm1": ("f", np.expm1),
    "tanh": ("f", np.tanh),
    "sign": ("fiu", np.sign),
    "pow": ("fc", np.power),
    "floor_divide": ("iu", np.floor_divide),
}
"""Special-case kernels that are NumPy's ufunc alone for some dtype kinds (NumPy's one
letter): pieces of a large result are written in place by the ufunc there, not computed
apart and copied in."""


def in_place_function(name: str, table: dict[str, Callable[..., Any]], numpy_kind: str) -> Callable[..., Any]:
    """The kernel of ``name`` in ``table`` (UNARY or BINARY) for operands of NumPy's dtype
    kind ``numpy_kind``, as a ufunc wherever one computes it alone."""
    plain = _PLAIN_UFUNC.get(name)
    if plain is not None and numpy_kind in plain[0]:
        return plain[1]
    return table[name]


def unary_of_array(name: str, x: ArrayObject, dtype: DType) -> np.ndarray:
    """The standard's ``name`` of every element of the array ``x``, computed in ``dtype``
    (in pieces on several threads when large)."""
    a = x._numpy() if x._dtype is dtype else contiguous_copy(x._numpy(), dtype.dtype)
    if a.size >= piecewise.LOWEST_THREADING_THRESHOLD:
        threads = piecewise.threads_for(a.size, piecewise.work_of(name))
        if threads > 1:
            function = in_place_function(name, UNARY, a.dtype.kind)
            return silenced(piecewise.computed, function, (a,), threads)
    return np.asarray(silenced(UNARY[name], a))


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


def binary_of_operands(name: str, x1: ArrayObject, x2: ArrayObject, dtype: DType) -> np.ndarray:
    """The standard's ``name`` of two operands (arrays or Python scalars) broadcast
    together, computed in ``dtype``."""
    return binary(name, operand(x1, dtype, name), operand(x2, dtype, name), dtype.kind)


# Functions NumPy computes without floating-point warnings for every dtype kind, and
# those that are quiet for integers and booleans (where NumPy wraps around silently).
_ALWAYS_QUIET = frozenset({
    "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift",
    "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
    "logical_and", "logical_or", "logical_xor", "copysign", "nextafter",
})
_QUIET_FOR_INTEGERS = frozenset({"add", "subtract", "multiply", "maximum", "minimum"})
_INTEGER_KINDS = KIND_GROUPS["integer or boolean"]


def _could_warn(name: str, kind: str) -> bool:
    """Whether NumPy may emit a floating-point warning computing ``name`` in ``kind``."""
    return not (
        name in _ALWAYS_QUIET or (kind in _INTEGER_KINDS and name in _QUIET_FOR_INTEGERS)
    )


def binary(name: str, a: Any, b: Any, kind: str = "") -> np.ndarray:
    """The standard's ``name`` of ``a`` and ``b`` element by element (broadcasting);
    ``kind`` is the result's dtype kind, which says whether NumPy could warn."""
    function = BINARY[name]
    threads = piecewise.threads_for(piecewise.result_size((a, b)), piecewise.work_of(name))
    if threads > 1:
        kind_of = a if isinstance(a, np.ndarray) else b
        plain = in_place_function(name, BINARY, np.asarray(kind_of).dtype.kind)
        return silenced(piecewise.computed, plain, (a, b), threads)
    if _could_warn(name, kind):
        return np.asarray(silenced(function, a, b))
    return np.asarray(function(a, b))


def binary_kernel(name: str, kind: str) -> Binary:
    """``binary`` made once for one function and dtype kind (the hot path of operators):
    a function of two NumPy operands that returns a new ndarray.

    NumPy's ufuncs also take a Python scalar operand; they convert it to the other
    operand's dtype (NumPy 2's weak scalars), as the standard asks."""
    if _could_warn(name, kind):
        return silencing(BINARY[name])
    return returning_ndarray(BINARY[name])


def large_binary_kernel(name: str, kind: str) -> Binary:
    """``binary_kernel`` for operands of one shape, or an array and a Python scalar, of
    at least ``_piecewise_kernels.LOWEST_THREADING_THRESHOLD`` elements: in pieces on
    several threads where that pays."""
    small, work = binary_kernel(name, kind), piecewise.work_of(name)

    def kernel(a: Any, b: Any) -> np.ndarray:
        array = a if a.__class__ is _NDARRAY else b
        threads = piecewise.threads_for(array.size, work)
        if threads > 1:
            function = in_place_function(name, BINARY, array.dtype.kind)
            return silenced(piecewise.computed, function, (a, b), threads)
        return small(a, b)

    return kernel


_NDARRAY = np.ndarray


def takes_python_scalars(name: str) -> bool:
    """Whether ``binary_kernel(name, ...)`` may be given a Python scalar operand: true
    for plain ufuncs; the special-case kernels read their operands' dtypes."""
    return isinstance(BINARY[name], np.ufunc)


def clip(x: ArrayObject, low: ArrayObject | None, high: ArrayObject | None) -> np.ndarray:
    """The array ``x`` limited to ``[low, high]``: each bound our array, a Python scalar
    (both already checked to convert to ``x``'s dtype) or None; NaNs propagate. A new
    C-contiguous buffer (in pieces on several threads when large)."""
    a = x._numpy()
    bounds = [None if bound is None else operand(bound, x._dtype, "clip") for bound in (low, high)]
    wider = [b.shape for b in bounds if b is not None and b.ndim and b.shape != a.shape]
    shape = np.broadcast_shapes(a.shape, *wider) if wider else a.shape
    result = np.empty(shape, a.dtype)  # a new buffer, even of ``x`` itself
    threads = piecewise.threads_for(result.size, piecewise.work_of("clip"))
    if threads > 1:
        return silenced(piecewise.fill, piecewise.clipped_into, result, (a, *bounds), threads, True)
    silenced(piecewise.clipped_into, a, *bounds, out=result)
    return result
