"""
Element-wise functions of the standard, one record each: everything the package knows of
a function, from which every table that names it is derived.

A record (``ElementwiseFunction``) gives a function's name, its number of operands, its
signature (the dtype kinds it allows and its result rule), its kernel (NumPy's ufunc, or
one of the functions below for the standard's special cases where NumPy differs), when
NumPy's ufunc alone computes it and when NumPy is quiet, its kind of work (which decides
from what size it goes to threads), the version of the standard that added it and the
operator methods of ``Array`` it backs. Read from ``ELEMENTWISE_FUNCTIONS``:

- ``_array/_elementwise_dispatch.py`` builds the public functions and the operators;
- ``_kernels/_elementwise_kernels.py`` runs the kernels, silenced or not, in pieces or not;
- ``_array/_versions.py`` leaves a function out of the namespaces older than ``added_in``;
- ``_chapters/_elementwise_functions.py`` adds a summary and an example to each.

Why here, in the kernel layer: a record holds its kernel, a NumPy function object, and
only the kernel layer holds NumPy's objects. Every reader sits in this layer or above it,
so each can import the table. A record in ``_tables/`` would have to hold the kernel's name
instead, and the kernels a second table that turns names into functions: the name twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._numpy_views import contiguous_copy
from ._piecewise_kernels import FROM_1_TO_4NS, MEMORY_BOUND, OVER_4NS, UNDER_1NS

# --- the standard's special cases, where NumPy differs ---------------------------------


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
    """The sign; for complex a, ``a / |a|`` (0 for 0, NaN + NaN j for a NaN part)."""
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
    return contiguous_copy(a.real)


def _imag(a: np.ndarray) -> np.ndarray:
    """The imaginary parts, in new memory (NumPy's ``imag`` is a view)."""
    return contiguous_copy(a.imag)


def _round(a: np.ndarray) -> np.ndarray:
    """Rounded to the nearest integer value, in new memory (integers and bools too)."""
    if a.dtype.kind in "iub":
        return contiguous_copy(a)
    return np.round(a)


def _integer_power(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a ** b``; a negative integer power of an integer is a ValueError."""
    if a.dtype.kind in "iu" and b.dtype.kind in "iu" and (b < 0).any():
        raise ValueError(
            "pow(): an integer raised to a negative integer power is not an integer; "
            "use floating-point operands"
        )
    return np.power(a, b)


# --- the record ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ElementwiseFunction:
    """One element-wise function of the standard, as every part of the package sees it.

    Examples
    --------
    >>> from array_api_reshape._kernels._elementwise_records import ELEMENTWISE_FUNCTIONS
    >>> add = ELEMENTWISE_FUNCTIONS["add"]
    >>> add.arity, add.kinds, add.result, add.kernel.__name__, add.work
    (2, 'numeric', 'same', 'add', 'memory_bound')
    >>> add.operators
    ('__add__', '__radd__', '__iadd__')
    """

    name: str
    """Its name in the namespace."""
    arity: int
    """Its number of operands: 1 or 2."""
    kinds: str
    """The dtype kinds it allows: a key of ``KIND_GROUPS`` (the standard's words)."""
    result: str
    """Its result rule: "same" (the operands' promoted dtype), "floating" (integers and
    bools computed in the default floating dtype), "bool", or "component" (complex gives
    its real dtype)."""
    kernel: Callable[..., Any]
    """A function of NumPy operands returning the result: NumPy's ufunc, or one of ours
    for the standard's special cases (it reads its operands' dtypes, so a Python scalar
    goes to it converted)."""
    work: str = MEMORY_BOUND
    """Its kind of work (a key of ``_piecewise_kernels.THREADING_THRESHOLDS``), by the cost
    of an element of float64."""
    plain_ufunc: tuple[str, np.ufunc] | None = None
    """For a special-case kernel: the NumPy dtype kinds (one letter each) for which NumPy's
    ufunc alone gives the standard's results, and that ufunc, which writes the pieces of a
    large result in place (any other kernel's pieces are computed apart and copied in)."""
    quiet_for: str | None = None
    """For a binary function: the dtype kinds (a key of ``KIND_GROUPS``) in which NumPy
    never warns computing it, so that its kernel runs without silencing; None: it may warn
    for any kind. Unary kernels always run silenced."""
    added_in: str = "2021.12"
    """The version of the standard that added it."""
    operators: tuple[str, ...] = ()
    """The operator methods of ``Array`` that compute it (``__add__``, ``__radd__``)."""

    def piece_kernel(self, numpy_kind: str) -> Callable[..., Any]:
        """The kernel for pieces of a large result of NumPy's dtype kind ``numpy_kind``:
        NumPy's ufunc wherever it computes the function alone, else ``kernel``."""
        plain = self.plain_ufunc
        if plain is not None and numpy_kind in plain[0]:
            return plain[1]
        return self.kernel


def _unary(name: str, kinds: str, result: str, kernel: Callable[..., Any],
           work: str = MEMORY_BOUND, **more: Any) -> ElementwiseFunction:
    return ElementwiseFunction(name, 1, kinds, result, kernel, work, **more)


def _binary(name: str, kinds: str, result: str, kernel: Callable[..., Any],
            work: str = MEMORY_BOUND, **more: Any) -> ElementwiseFunction:
    return ElementwiseFunction(name, 2, kinds, result, kernel, work, **more)


def _operators(method: str) -> tuple[str, ...]:
    """The forward, reflected and in-place operator methods named ``method`` (``add``)."""
    return (f"__{method}__", f"__r{method}__", f"__i{method}__")


_QUIET = "any"  # NumPy never warns computing it
_QUIET_FOR_INTEGERS = "integer or boolean"  # integers wrap around silently

ELEMENTWISE_FUNCTIONS: dict[str, ElementwiseFunction] = {function.name: function for function in (
    _unary("abs", "numeric", "component", np.abs, operators=("__abs__",)),
    _unary("acos", "any", "floating", np.arccos, FROM_1_TO_4NS),
    _unary("acosh", "any", "floating", np.arccosh, FROM_1_TO_4NS),
    _unary("asin", "any", "floating", np.arcsin, FROM_1_TO_4NS),
    _unary("asinh", "any", "floating", np.arcsinh, FROM_1_TO_4NS),
    _unary("atan", "any", "floating", np.arctan, UNDER_1NS),
    _unary("atanh", "any", "floating", np.arctanh, FROM_1_TO_4NS),
    _unary("bitwise_invert", "integer or boolean", "same", np.invert, operators=("__invert__",)),
    _unary("ceil", "real-valued", "same", np.ceil),
    _unary("conj", "numeric", "same", np.conj, added_in="2022.12"),
    _unary("cos", "any", "floating", np.cos, OVER_4NS),
    _unary("cosh", "any", "floating", np.cosh, UNDER_1NS),
    _unary("exp", "any", "floating", np.exp, UNDER_1NS),
    _unary("expm1", "any", "floating", _expm1, UNDER_1NS, plain_ufunc=("f", np.expm1)),
    _unary("floor", "real-valued", "same", np.floor),
    _unary("imag", "complex floating-point", "component", _imag, added_in="2022.12"),
    _unary("isfinite", "numeric", "bool", np.isfinite),
    _unary("isinf", "numeric", "bool", np.isinf),
    _unary("isnan", "numeric", "bool", np.isnan),
    _unary("log", "any", "floating", np.log, UNDER_1NS),
    _unary("log1p", "any", "floating", np.log1p, UNDER_1NS),
    _unary("log2", "any", "floating", np.log2, UNDER_1NS),
    _unary("log10", "any", "floating", np.log10, UNDER_1NS),
    _unary("logical_not", "boolean", "bool", np.logical_not, UNDER_1NS),
    _unary("negative", "numeric", "same", np.negative, operators=("__neg__",)),
    _unary("positive", "numeric", "same", np.positive, operators=("__pos__",)),
    _unary("real", "numeric", "component", _real, added_in="2022.12"),
    _unary("reciprocal", "floating-point", "same", np.reciprocal, UNDER_1NS, added_in="2024.12"),
    _unary("round", "numeric", "same", _round),
    _unary("sign", "numeric", "same", _sign, UNDER_1NS, plain_ufunc=("fiu", np.sign)),
    _unary("signbit", "real floating-point", "bool", np.signbit, added_in="2023.12"),
    _unary("sin", "any", "floating", np.sin, OVER_4NS),
    _unary("sinh", "any", "floating", np.sinh, UNDER_1NS),
    _unary("square", "numeric", "same", np.square),
    _unary("sqrt", "any", "floating", np.sqrt, UNDER_1NS),
    _unary("tan", "any", "floating", np.tan, UNDER_1NS),
    _unary("tanh", "any", "floating", _tanh, UNDER_1NS, plain_ufunc=("f", np.tanh)),
    _unary("trunc", "real-valued", "same", np.trunc),
    _binary("add", "numeric", "same", np.add, quiet_for=_QUIET_FOR_INTEGERS,
            operators=_operators("add")),
    _binary("atan2", "real-valued or boolean", "floating", np.arctan2, FROM_1_TO_4NS),
    _binary("bitwise_and", "integer or boolean", "same", np.bitwise_and, quiet_for=_QUIET,
            operators=_operators("and")),
    _binary("bitwise_left_shift", "integer", "same", np.left_shift, quiet_for=_QUIET,
            operators=_operators("lshift")),
    _binary("bitwise_or", "integer or boolean", "same", np.bitwise_or, quiet_for=_QUIET,
            operators=_operators("or")),
    _binary("bitwise_right_shift", "integer", "same", np.right_shift, quiet_for=_QUIET,
            operators=_operators("rshift")),
    _binary("bitwise_xor", "integer or boolean", "same", np.bitwise_xor, quiet_for=_QUIET,
            operators=_operators("xor")),
    _binary("copysign", "real-valued or boolean", "floating", np.copysign, UNDER_1NS,
            quiet_for=_QUIET, added_in="2023.12"),
    _binary("divide", "any", "floating", np.divide, operators=_operators("truediv")),
    _binary("equal", "any", "bool", np.equal, quiet_for=_QUIET, operators=("__eq__",)),
    _binary("floor_divide", "real-valued", "same", _floor_divide, OVER_4NS,
            plain_ufunc=("iu", np.floor_divide), operators=_operators("floordiv")),
    _binary("greater", "real-valued", "bool", np.greater, quiet_for=_QUIET,
            operators=("__gt__",)),
    _binary("greater_equal", "real-valued", "bool", np.greater_equal, quiet_for=_QUIET,
            operators=("__ge__",)),
    _binary("hypot", "real-valued or boolean", "floating", np.hypot, OVER_4NS,
            added_in="2023.12"),
    _binary("less", "real-valued", "bool", np.less, quiet_for=_QUIET, operators=("__lt__",)),
    _binary("less_equal", "real-valued", "bool", np.less_equal, quiet_for=_QUIET,
            operators=("__le__",)),
    _binary("logaddexp", "real-valued or boolean", "floating", np.logaddexp, OVER_4NS),
    _binary("logical_and", "boolean", "bool", np.logical_and, UNDER_1NS, quiet_for=_QUIET),
    _binary("logical_or", "boolean", "bool", np.logical_or, UNDER_1NS, quiet_for=_QUIET),
    _binary("logical_xor", "boolean", "bool", np.logical_xor, UNDER_1NS, quiet_for=_QUIET),
    _binary("maximum", "real-valued", "same", np.maximum, quiet_for=_QUIET_FOR_INTEGERS,
            added_in="2023.12"),
    _binary("minimum", "real-valued", "same", np.minimum, quiet_for=_QUIET_FOR_INTEGERS,
            added_in="2023.12"),
    _binary("multiply", "numeric", "same", np.multiply, quiet_for=_QUIET_FOR_INTEGERS,
            operators=_operators("mul")),
    _binary("nextafter", "real floating-point", "same", np.nextafter, OVER_4NS,
            quiet_for=_QUIET, added_in="2024.12"),
    _binary("not_equal", "any", "bool", np.not_equal, quiet_for=_QUIET, operators=("__ne__",)),
    _binary("pow", "numeric", "same", _integer_power, FROM_1_TO_4NS,
            plain_ufunc=("fc", np.power), operators=_operators("pow")),
    _binary("remainder", "real-valued", "same", np.remainder, OVER_4NS,
            operators=_operators("mod")),
    _binary("subtract", "numeric", "same", np.subtract, quiet_for=_QUIET_FOR_INTEGERS,
            operators=_operators("sub")),
)}
"""Every element-wise function of the standard but ``clip`` (its bounds are optional and
take no part in promotion: the chapter writes it out), by name."""
