"""
Element-wise functions of the standard.

Each public function is built by ``_elementwise_dispatch`` from its record in
``_kernels/_elementwise_records.py`` (its dtype kinds, result rule, kernel, kind of work,
version and operators), the same record the array's operators are built from; this module
adds what the documentation says of it, one entry each: a summary and an example. ``clip``
is the one written out here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._array import _elementwise_dispatch as dispatch
from .._array._array_object import Array, Operand, check_array
from .._kernels import _elementwise_kernels as kernels
from .._kernels._elementwise_records import ELEMENTWISE_FUNCTIONS
from .._modes._call_rules import check_call
from .._modes._placement import device_of_call
from .._tables._dtypes import check_dtype_kind, is_kind
from .._tables._layout import broadcast_shape

_UNARY_TEMPLATE = """
{summary}

Parameters
----------
x : Array
    Input array with a {kinds} dtype.

Returns
-------
Array
    {returns}

Examples
--------
>>> import array_api_reshape as xp
{example}
"""

_BINARY_TEMPLATE = """
{summary}

Parameters
----------
x1, x2 : Array or Python scalar
    Operands with {kinds} dtypes (at least one an array); they broadcast together,
    and a Python scalar takes the array's dtype.

Returns
-------
Array
    {returns}

Examples
--------
>>> import array_api_reshape as xp
{example}
"""


def _unary_function(name: str, summary: str, example: str) -> Callable[[Array], Array]:
    """The namespace's unary function ``name``, built for ``Array`` from its record."""
    return _documented(dispatch.unary(name, Array), summary, example)


def _binary_function(name: str, summary: str, example: str) -> Callable[[Operand, Operand], Array]:
    """The namespace's binary function ``name``, built for ``Array`` from its record."""
    return _documented(dispatch.binary(name, Array), summary, example)


def _documented(function: Callable[..., Array], summary: str, example: str) -> Any:
    """``function`` with its docstring: ``summary``, its record's dtype kinds and result
    rule, and ``example`` (doctest lines after ``import array_api_reshape as xp``)."""
    record = ELEMENTWISE_FUNCTIONS[function.__name__]
    template = _UNARY_TEMPLATE if record.arity == 1 else _BINARY_TEMPLATE
    function.__module__ = __name__
    function.__doc__ = template.format(
        summary=summary, kinds=record.kinds, returns=dispatch.RESULT_DESCRIPTIONS[record.result],
        example=example,
    )
    return function


abs = _unary_function(
    "abs", "Absolute value (the modulus of a complex number).",
    ">>> xp.abs(xp.asarray([-1.5, 2.0]))\nArray([1.5, 2. ], dtype=float64)",
)
acos = _unary_function(
    "acos", "Inverse cosine, in radians.",
    ">>> xp.acos(xp.asarray([1.0]))\nArray([0.], dtype=float64)",
)
acosh = _unary_function(
    "acosh", "Inverse hyperbolic cosine.",
    ">>> xp.acosh(xp.asarray([1.0]))\nArray([0.], dtype=float64)",
)
asin = _unary_function(
    "asin", "Inverse sine, in radians.",
    ">>> xp.asin(xp.asarray([0.0]))\nArray([0.], dtype=float64)",
)
asinh = _unary_function(
    "asinh", "Inverse hyperbolic sine.",
    ">>> xp.asinh(xp.asarray([0.0]))\nArray([0.], dtype=float64)",
)
atan = _unary_function(
    "atan", "Inverse tangent, in radians.",
    ">>> xp.atan(xp.asarray([0.0]))\nArray([0.], dtype=float64)",
)
atanh = _unary_function(
    "atanh", "Inverse hyperbolic tangent.",
    ">>> xp.atanh(xp.asarray([0.0]))\nArray([0.], dtype=float64)",
)
bitwise_invert = _unary_function(
    "bitwise_invert", "Bitwise NOT (logical NOT for booleans).",
    ">>> xp.bitwise_invert(xp.asarray([0, 5], dtype=xp.uint8))\nArray([255, 250], dtype=uint8)",
)
ceil = _unary_function(
    "ceil", "Smallest integer value not below each element.",
    ">>> xp.ceil(xp.asarray([-1.5, 1.2]))\nArray([-1.,  2.], dtype=float64)",
)
conj = _unary_function(
    "conj", "Complex conjugate (real numbers are returned unchanged).",
    ">>> xp.conj(xp.asarray([1 + 2j]))\nArray([1.-2.j], dtype=complex128)",
)
cos = _unary_function(
    "cos", "Cosine of angles in radians.",
    ">>> xp.cos(xp.asarray([0.0]))\nArray([1.], dtype=float64)",
)
cosh = _unary_function(
    "cosh", "Hyperbolic cosine.",
    ">>> xp.cosh(xp.asarray([0.0]))\nArray([1.], dtype=float64)",
)
exp = _unary_function(
    "exp", "Exponential, e raised to each element.",
    ">>> xp.exp(xp.asarray([0.0]))\nArray([1.], dtype=float64)",
)
expm1 = _unary_function(
    "expm1", "``exp(x) - 1``, accurate for small ``x``.",
    ">>> xp.expm1(xp.asarray([0.0]))\nArray([0.], dtype=float64)",
)
floor = _unary_function(
    "floor", "Largest integer value not above each element.",
    ">>> xp.floor(xp.asarray([-1.5, 1.2]))\nArray([-2.,  1.], dtype=float64)",
)
imag = _unary_function(
    "imag", "Imaginary component of each complex element.",
    ">>> xp.imag(xp.asarray([1 + 2j]))\nArray([2.], dtype=float64)",
)
isfinite = _unary_function(
    "isfinite", "Whether each element is finite (neither infinite nor NaN).",
    ">>> xp.isfinite(xp.asarray([1.0, xp.inf, xp.nan]))\nArray([ True, False, False], dtype=bool)",
)
isinf = _unary_function(
    "isinf", "Whether each element is infinite.",
    ">>> xp.isinf(xp.asarray([1.0, -xp.inf]))\nArray([False,  True], dtype=bool)",
)
isnan = _unary_function(
    "isnan", "Whether each element is NaN.",
    ">>> xp.isnan(xp.asarray([1.0, xp.nan]))\nArray([False,  True], dtype=bool)",
)
log = _unary_function(
    "log", "Natural logarithm.",
    ">>> xp.log(xp.asarray([1.0]))\nArray([0.], dtype=float64)",
)
log1p = _unary_function(
    "log1p", "``log(1 + x)``, accurate for small ``x``.",
    ">>> xp.log1p(xp.asarray([0.0]))\nArray([0.], dtype=float64)",
)
log2 = _unary_function(
    "log2", "Base-2 logarithm.",
    ">>> xp.log2(xp.asarray([8.0]))\nArray([3.], dtype=float64)",
)
log10 = _unary_function(
    "log10", "Base-10 logarithm.",
    ">>> xp.log10(xp.asarray([100.0]))\nArray([2.], dtype=float64)",
)
logical_not = _unary_function(
    "logical_not", "Logical NOT.",
    ">>> xp.logical_not(xp.asarray([True, False]))\nArray([False,  True], dtype=bool)",
)
negative = _unary_function(
    "negative", "Numerical negation (integers wrap around).",
    ">>> xp.negative(xp.asarray([1, -2]))\nArray([-1,  2], dtype=int64)",
)
positive = _unary_function(
    "positive", "Numerical identity: a new array equal to ``x``.",
    ">>> xp.positive(xp.asarray([1, -2]))\nArray([ 1, -2], dtype=int64)",
)
real = _unary_function(
    "real", "Real component of each element.",
    ">>> xp.real(xp.asarray([1 + 2j]))\nArray([1.], dtype=float64)",
)
reciprocal = _unary_function(
    "reciprocal", "``1 / x`` for each element.",
    ">>> xp.reciprocal(xp.asarray([4.0]))\nArray([0.25], dtype=float64)",
)
round = _unary_function(
    "round", "Round to the nearest integer value, halves to even.",
    ">>> xp.round(xp.asarray([0.5, 1.5, -2.5]))\nArray([ 0.,  2., -2.], dtype=float64)",
)
sign = _unary_function(
    "sign", "Sign: -1, 0 or 1 (``x / |x|`` for complex numbers, 0 for 0).",
    ">>> xp.sign(xp.asarray([-3.0, 0.0, 2.0]))\nArray([-1.,  0.,  1.], dtype=float64)",
)
signbit = _unary_function(
    "signbit", "Whether the sign bit is set (true for -0.0 and negative NaNs too).",
    ">>> xp.signbit(xp.asarray([-0.0, 0.0]))\nArray([ True, False], dtype=bool)",
)
sin = _unary_function(
    "sin", "Sine of angles in radians.",
    ">>> xp.sin(xp.asarray([0.0]))\nArray([0.], dtype=float64)",
)
sinh = _unary_function(
    "sinh", "Hyperbolic sine.",
    ">>> xp.sinh(xp.asarray([0.0]))\nArray([0.], dtype=float64)",
)
square = _unary_function(
    "square", "``x * x`` for each element.",
    ">>> xp.square(xp.asarray([3, -2]))\nArray([9, 4], dtype=int64)",
)
sqrt = _unary_function(
    "sqrt", "Principal square root.",
    ">>> xp.sqrt(xp.asarray([9.0]))\nArray([3.], dtype=float64)",
)
tan = _unary_function(
    "tan", "Tangent of angles in radians.",
    ">>> xp.tan(xp.asarray([0.0]))\nArray([0.], dtype=float64)",
)
tanh = _unary_function(
    "tanh", "Hyperbolic tangent.",
    ">>> xp.tanh(xp.asarray([0.0]))\nArray([0.], dtype=float64)",
)
trunc = _unary_function(
    "trunc", "Round towards zero to an integer value.",
    ">>> xp.trunc(xp.asarray([-1.7, 1.7]))\nArray([-1.,  1.], dtype=float64)",
)

add = _binary_function(
    "add", "Sum of each pair of elements (integers wrap around).",
    ">>> xp.add(xp.asarray([1, 2]), 10)\nArray([11, 12], dtype=int64)",
)
atan2 = _binary_function(
    "atan2", "Angle of the point ``(x2, x1)`` from the positive x axis, in radians.",
    ">>> xp.atan2(xp.asarray([1.0]), xp.asarray([1.0]))\nArray([0.78539816], dtype=float64)",
)
bitwise_and = _binary_function(
    "bitwise_and", "Bitwise AND.",
    ">>> xp.bitwise_and(xp.asarray([12]), 10)\nArray([8], dtype=int64)",
)
bitwise_left_shift = _binary_function(
    "bitwise_left_shift", "Shift the bits of ``x1`` left by ``x2`` places (``x2`` >= 0).",
    ">>> xp.bitwise_left_shift(xp.asarray([1]), 3)\nArray([8], dtype=int64)",
)
bitwise_or = _binary_function(
    "bitwise_or", "Bitwise OR.",
    ">>> xp.bitwise_or(xp.asarray([12]), 10)\nArray([14], dtype=int64)",
)
bitwise_right_shift = _binary_function(
    "bitwise_right_shift", "Shift the bits of ``x1`` right by ``x2`` places (``x2`` >= 0).",
    ">>> xp.bitwise_right_shift(xp.asarray([8]), 2)\nArray([2], dtype=int64)",
)
bitwise_xor = _binary_function(
    "bitwise_xor", "Bitwise exclusive OR.",
    ">>> xp.bitwise_xor(xp.asarray([12]), 10)\nArray([6], dtype=int64)",
)
copysign = _binary_function(
    "copysign", "The magnitude of ``x1`` with the sign of ``x2``.",
    ">>> xp.copysign(xp.asarray([2.0]), -0.0)\nArray([-2.], dtype=float64)",
)
divide = _binary_function(
    "divide", "True division ``x1 / x2``.",
    ">>> xp.divide(xp.asarray([1.0]), 4.0)\nArray([0.25], dtype=float64)",
)
equal = _binary_function(
    "equal", "Whether each pair of elements is equal.",
    ">>> xp.equal(xp.asarray([1, 2]), 2)\nArray([False,  True], dtype=bool)",
)
floor_divide = _binary_function(
    "floor_divide", "Largest integer value not above ``x1 / x2``.",
    ">>> xp.floor_divide(xp.asarray([7, -7]), 2)\nArray([ 3, -4], dtype=int64)",
)
greater = _binary_function(
    "greater", "Whether ``x1 > x2`` for each pair.",
    ">>> xp.greater(xp.asarray([1, 3]), 2)\nArray([False,  True], dtype=bool)",
)
greater_equal = _binary_function(
    "greater_equal", "Whether ``x1 >= x2`` for each pair.",
    ">>> xp.greater_equal(xp.asarray([1, 2]), 2)\nArray([False,  True], dtype=bool)",
)
hypot = _binary_function(
    "hypot", "``sqrt(x1**2 + x2**2)`` without undue overflow.",
    ">>> xp.hypot(xp.asarray([3.0]), 4.0)\nArray([5.], dtype=float64)",
)
less = _binary_function(
    "less", "Whether ``x1 < x2`` for each pair.",
    ">>> xp.less(xp.asarray([1, 3]), 2)\nArray([ True, False], dtype=bool)",
)
less_equal = _binary_function(
    "less_equal", "Whether ``x1 <= x2`` for each pair.",
    ">>> xp.less_equal(xp.asarray([2, 3]), 2)\nArray([ True, False], dtype=bool)",
)
logaddexp = _binary_function(
    "logaddexp", "``log(exp(x1) + exp(x2))`` without undue overflow.",
    ">>> xp.logaddexp(xp.asarray([0.0]), 0.0)\nArray([0.69314718], dtype=float64)",
)
logical_and = _binary_function(
    "logical_and", "Logical AND.",
    ">>> xp.logical_and(xp.asarray([True, False]), True)\nArray([ True, False], dtype=bool)",
)
logical_or = _binary_function(
    "logical_or", "Logical OR.",
    ">>> xp.logical_or(xp.asarray([True, False]), False)\nArray([ True, False], dtype=bool)",
)
logical_xor = _binary_function(
    "logical_xor", "Logical exclusive OR.",
    ">>> xp.logical_xor(xp.asarray([True, False]), True)\nArray([False,  True], dtype=bool)",
)
maximum = _binary_function(
    "maximum", "The larger of each pair (NaN if either is NaN).",
    ">>> xp.maximum(xp.asarray([1.0, 5.0]), 3.0)\nArray([3., 5.], dtype=float64)",
)
minimum = _binary_function(
    "minimum", "The smaller of each pair (NaN if either is NaN).",
    ">>> xp.minimum(xp.asarray([1.0, 5.0]), 3.0)\nArray([1., 3.], dtype=float64)",
)
multiply = _binary_function(
    "multiply", "Product of each pair of elements (integers wrap around).",
    ">>> xp.multiply(xp.asarray([1.5, 2.0]), 2.0)\nArray([3., 4.], dtype=float64)",
)
nextafter = _binary_function(
    "nextafter", "The next representable value after ``x1`` in the direction of ``x2``.",
    ">>> float(xp.nextafter(xp.asarray(1.0), 2.0)) > 1.0\nTrue",
)
not_equal = _binary_function(
    "not_equal", "Whether each pair of elements differs.",
    ">>> xp.not_equal(xp.asarray([1, 2]), 2)\nArray([ True, False], dtype=bool)",
)
pow = _binary_function(
    "pow", "``x1`` raised to the power ``x2``.",
    ">>> xp.pow(xp.asarray([2, 3]), 2)\nArray([4, 9], dtype=int64)",
)
remainder = _binary_function(
    "remainder", "Remainder of floor division; it has the sign of ``x2``.",
    ">>> xp.remainder(xp.asarray([7, -7]), 3)\nArray([1, 2], dtype=int64)",
)
subtract = _binary_function(
    "subtract", "Difference of each pair of elements (integers wrap around).",
    ">>> xp.subtract(xp.asarray([5, 1]), 2)\nArray([ 3, -1], dtype=int64)",
)


def clip(
    x: Array,
    /,
    min: Array | int | float | None = None,
    max: Array | int | float | None = None,
) -> Array:
    """
    Limit each element to the interval ``[min, max]``.

    Parameters
    ----------
    x : Array
        A real-valued array.
    min, max : Array or Python scalar, optional
        Lower and upper bounds (None for no bound); they broadcast with ``x`` and do
        not take part in type promotion.

    Returns
    -------
    Array
        Of ``x``'s dtype and the broadcast shape.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.clip(xp.asarray([-2, 0, 5]), min=-1, max=3)
    Array([-1,  0,  3], dtype=int64)
    """
    check_array(x, "clip")
    check_dtype_kind(x._dtype, "clip", "x", "real-valued")
    bounds = []
    for argument, bound in (("min", min), ("max", max)):
        if bound is not None:
            check_call("clip", x=x, bound=bound)
            bound = dispatch.checked_scalar("clip", argument, bound, Array)
            _check_bound(x, argument, bound)
        bounds.append(bound)
    low, high = bounds
    check_call("clip", min=low, max=high)
    if (isinstance(low, Array) and isinstance(high, Array)
            and broadcast_shape(x._layout.shape, low._layout.shape, high._layout.shape) is None):
        raise ValueError(
            f"clip(): 'x', 'min' and 'max' of shapes {x.shape}, {low.shape} and "
            f"{high.shape} cannot be broadcast together"
        )
    device = device_of_call("clip", x=x, min=min, max=max)
    return Array._adopt(kernels.clip(x, *bounds), x._dtype, device)


def _check_bound(x: Array, argument: str, bound: Array | bool | int | float | complex) -> None:
    """A bound of ``clip`` converts to ``x``'s dtype without loss and broadcasts with it."""
    dtype = dispatch.operand_dtype("clip", x, bound, Array)
    if is_kind(dtype, "floating-point") and not is_kind(x._dtype, "floating-point"):
        raise TypeError(
            f"clip(): cannot cast the floating bound '{argument}' to the dtype "
            f"{x._dtype} of 'x' without losing data; convert 'x' with astype() first"
        )
    if isinstance(bound, Array):
        check_dtype_kind(bound._dtype, "clip", argument, "real-valued")
        if broadcast_shape(bound._layout.shape, x._layout.shape) is None:
            raise ValueError(
                f"clip(): '{argument}' of shape {bound.shape} does not broadcast with "
                f"'x' of shape {x.shape}"
            )
    elif isinstance(bound, complex):
        raise TypeError(f"clip(): '{argument}' must be real, got {bound!r}")
