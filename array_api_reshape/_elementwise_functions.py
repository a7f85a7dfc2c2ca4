"""
Element-wise functions of the standard.

Each function checks its operands' kinds and dtypes, applies the standard's type
promotion (arrays with arrays, and Python scalars adapting to an array's dtype), checks
that the shapes broadcast, and runs one kernel of ``_elementwise_kernels`` on the
operands' NumPy views. The public functions are made from a table below, one line each,
so that every function states its allowed dtypes and its result dtype in one place.
"""

from __future__ import annotations

from . import _elementwise_kernels as kernels
from ._array_object import Array, is_foreign_array, is_operand
from ._dtypes import (
    ALL_DTYPES,
    DEFAULT_REAL_FLOATING,
    EXACT_PYTHON_SCALARS,
    KIND_GROUPS,
    REAL_OF,
    as_python_scalar,
    bool as bool_dtype,
    promote_types,
    scalar_result_dtype,
)
from ._layout import broadcast_shape

def _computation_dtype(rule: str, dtype):
    """The dtype a kernel computes in: the operands' (promoted) dtype, except that the
    "floating" rule computes integers and bools in the default floating dtype, as
    NumPy, PyTorch and JAX all accept them for functions such as exp and divide."""
    if rule == "floating" and "floating" not in dtype.kind:
        return DEFAULT_REAL_FLOATING
    return dtype


def _result_dtype(rule: str, dtype):
    """The result's dtype for a computation in ``dtype``."""
    if rule == "bool":
        return bool_dtype
    if rule == "component":
        return REAL_OF.get(dtype, dtype)
    return dtype


def _kind_error(name: str, argument: str, kinds: str, dtype) -> TypeError:
    return TypeError(f"{name}(): '{argument}' must have a {kinds} dtype, got {dtype}")


def _unary_plans(kinds: str, rule: str) -> tuple:
    """For each dtype (by its index): the dtype to compute in and the result's dtype;
    None for the dtypes the function does not allow."""
    return tuple(
        (_computation_dtype(rule, dtype), _result_dtype(rule, _computation_dtype(rule, dtype)))
        if dtype.kind in KIND_GROUPS[kinds]
        else None
        for dtype in ALL_DTYPES
    )


def _operand_dtype(name: str, x1, x2):
    """The promoted dtype of two operands (one may be a Python scalar, already checked)."""
    if x1.__class__ is Array:
        if x2.__class__ is Array:
            return promote_types(x1._dtype, x2._dtype, name)
        return scalar_result_dtype(x1._dtype, x2, name)
    if x2.__class__ is Array:
        return scalar_result_dtype(x2._dtype, x1, name)
    raise TypeError(
        f"{name}(): at least one of 'x1' and 'x2' must be an array_api_reshape Array, "
        f"got {type(x1).__name__} and {type(x2).__name__}"
    )


def _checked_scalar(name: str, argument: str, value):
    """An operand that is not an array, as a Python scalar (NumPy's scalars become
    Python's); anything else is a TypeError naming the argument."""
    if value.__class__ is Array:
        return value
    scalar = as_python_scalar(value)
    if scalar is None:
        advice = (
            "; convert it with array_api_reshape.asarray() first"
            if is_foreign_array(value)
            else ""
        )
        raise TypeError(
            f"{name}(): '{argument}' must be an array_api_reshape Array or a Python "
            f"scalar, got {type(value).__name__}{advice}"
        )
    return scalar


def _operand(value, dtype):
    """An operand as NumPy sees it, in the computation ``dtype``."""
    if value.__class__ is Array:
        if value._dtype is dtype:
            return value._numpy()
        return kernels.cast(value._numpy(), dtype.dtype)
    return kernels.scalar(value, dtype.dtype)


def _apply_binary(name: str, kinds: str, rule: str, x1, x2) -> Array:
    """The general path: promote, check kinds and shapes, broadcast, compute."""
    if x1.__class__ is not Array or x2.__class__ is not Array:
        x1 = _checked_scalar(name, "x1", x1)
        x2 = _checked_scalar(name, "x2", x2)
    dtype = _operand_dtype(name, x1, x2)
    if dtype.kind not in KIND_GROUPS[kinds]:
        for argument, value in (("x1", x1), ("x2", x2)):
            if value.__class__ is Array and value._dtype.kind not in KIND_GROUPS[kinds]:
                raise _kind_error(name, argument, kinds, value._dtype)
        raise _kind_error(name, "x1", kinds, dtype)
    if x1.__class__ is Array and x2.__class__ is Array and x1.shape != x2.shape:
        if broadcast_shape(x1.shape, x2.shape) is None:
            raise ValueError(
                f"{name}(): shapes {x1.shape} and {x2.shape} do not broadcast together"
            )
    dtype = _computation_dtype(rule, dtype)
    result = kernels.binary(name, _operand(x1, dtype), _operand(x2, dtype), dtype.kind)
    return Array._adopt(result, _result_dtype(rule, dtype))


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

_RETURNS = {
    "same": "The result, in the (promoted) dtype of the input.",
    "floating": (
        "The result, in the (promoted) dtype of a floating input; integer and bool "
        "inputs give the default floating dtype (float64)."
    ),
    "bool": "A bool array.",
    "component": "The result; a complex input gives the real dtype of its components.",
}


def _unary_function(name, kinds, rule, summary, example):
    plans = _unary_plans(kinds, rule)

    def function(x, /):
        if x.__class__ is not Array:
            raise TypeError(
                f"{name}(): 'x' must be an array_api_reshape Array, got {type(x).__name__}"
            )
        plan = plans[x._dtype.index]
        if plan is None:
            raise _kind_error(name, "x", kinds, x._dtype)
        return Array._adopt(kernels.unary(name, _operand(x, plan[0])), plan[1])

    function.__name__ = function.__qualname__ = name
    function.__doc__ = _UNARY_TEMPLATE.format(
        summary=summary, kinds=kinds, returns=_RETURNS[rule], example=example
    )
    return function


def _binary_plans(name: str, kinds: str, rule: str) -> tuple:
    """For each dtype (by its index) the function allows: its kernel, its result dtype,
    and the Python scalars that may go to the kernel unconverted (none for special-case
    kernels); None for the dtypes it does not allow."""
    scalars = kernels.takes_python_scalars(name)
    return tuple(
        (
            kernels.binary_kernel(name, _result_dtype(rule, dtype).kind),
            _result_dtype(rule, dtype),
            EXACT_PYTHON_SCALARS[dtype] if scalars else {},
        )
        if dtype.kind in KIND_GROUPS[kinds] and _computation_dtype(rule, dtype) is dtype
        else None
        for dtype in ALL_DTYPES
    )


SIGNATURES = {}
"""For each binary function: its allowed dtype kinds and its result rule, the arguments
of ``_apply_binary``, the general path its fast paths shortcut."""

OPERATOR_FORMS = {}
"""For each binary function, its form for an operator method (``x1`` is the array):
the same, except that an operand of another type gives NotImplemented."""


def _binary_callable(name: str, kinds: str, rule: str, plans: tuple, operator: bool):
    def function(x1, x2, /):
        # The common cases first: two arrays of one dtype and shape, or an array and a
        # Python scalar of its kind; anything else is promoted and checked in full.
        # (``_np_view`` is read directly here, ``_numpy()`` only when it is not built.)
        if x1.__class__ is Array:
            plan = plans[x1._dtype.index]
            if plan is not None:
                a = x1._np_view
                if a is None:
                    a = x1._numpy()
                if x2.__class__ is Array:
                    if x2._dtype is x1._dtype and x2._layout.shape == x1._layout.shape:
                        b = x2._np_view
                        if b is None:
                            b = x2._numpy()
                        return Array._adopt(plan[0](a, b), plan[1])
                else:
                    bounds = plan[2].get(x2.__class__)
                    if bounds is not None and bounds[0] <= x2 <= bounds[1]:
                        return Array._adopt(plan[0](a, x2), plan[1])
        elif x2.__class__ is Array:
            plan = plans[x2._dtype.index]
            if plan is not None:
                bounds = plan[2].get(x1.__class__)
                if bounds is not None and bounds[0] <= x1 <= bounds[1]:
                    return Array._adopt(plan[0](x1, x2._numpy()), plan[1])
        if operator and x2.__class__ is not Array and not is_operand(x2, name):
            return NotImplemented
        return _apply_binary(name, kinds, rule, x1, x2)

    return function


def _binary_function(name, kinds, rule, summary, example):
    plans = _binary_plans(name, kinds, rule)
    SIGNATURES[name] = (kinds, rule)
    function = _binary_callable(name, kinds, rule, plans, operator=False)
    OPERATOR_FORMS[name] = _binary_callable(name, kinds, rule, plans, operator=True)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = _BINARY_TEMPLATE.format(
        summary=summary, kinds=kinds, returns=_RETURNS[rule], example=example
    )
    return function


abs = _unary_function("abs", "numeric", "component", "Absolute value (the modulus of a complex number).", ">>> xp.abs(xp.asarray([-1.5, 2.0]))\nArray([1.5, 2. ], dtype=float64)")
acos = _unary_function("acos", "any", "floating", "Inverse cosine, in radians.", ">>> xp.acos(xp.asarray([1.0]))\nArray([0.], dtype=float64)")
acosh = _unary_function("acosh", "any", "floating", "Inverse hyperbolic cosine.", ">>> xp.acosh(xp.asarray([1.0]))\nArray([0.], dtype=float64)")
asin = _unary_function("asin", "any", "floating", "Inverse sine, in radians.", ">>> xp.asin(xp.asarray([0.0]))\nArray([0.], dtype=float64)")
asinh = _unary_function("asinh", "any", "floating", "Inverse hyperbolic sine.", ">>> xp.asinh(xp.asarray([0.0]))\nArray([0.], dtype=float64)")
atan = _unary_function("atan", "any", "floating", "Inverse tangent, in radians.", ">>> xp.atan(xp.asarray([0.0]))\nArray([0.], dtype=float64)")
atanh = _unary_function("atanh", "any", "floating", "Inverse hyperbolic tangent.", ">>> xp.atanh(xp.asarray([0.0]))\nArray([0.], dtype=float64)")
bitwise_invert = _unary_function("bitwise_invert", "integer or boolean", "same", "Bitwise NOT (logical NOT for booleans).", ">>> xp.bitwise_invert(xp.asarray([0, 5], dtype=xp.uint8))\nArray([255, 250], dtype=uint8)")
ceil = _unary_function("ceil", "real-valued", "same", "Smallest integer value not below each element.", ">>> xp.ceil(xp.asarray([-1.5, 1.2]))\nArray([-1.,  2.], dtype=float64)")
conj = _unary_function("conj", "numeric", "same", "Complex conjugate (real numbers are returned unchanged).", ">>> xp.conj(xp.asarray([1 + 2j]))\nArray([1.-2.j], dtype=complex128)")
cos = _unary_function("cos", "any", "floating", "Cosine of angles in radians.", ">>> xp.cos(xp.asarray([0.0]))\nArray([1.], dtype=float64)")
cosh = _unary_function("cosh", "any", "floating", "Hyperbolic cosine.", ">>> xp.cosh(xp.asarray([0.0]))\nArray([1.], dtype=float64)")
exp = _unary_function("exp", "any", "floating", "Exponential, e raised to each element.", ">>> xp.exp(xp.asarray([0.0]))\nArray([1.], dtype=float64)")
expm1 = _unary_function("expm1", "any", "floating", "``exp(x) - 1``, accurate for small ``x``.", ">>> xp.expm1(xp.asarray([0.0]))\nArray([0.], dtype=float64)")
floor = _unary_function("floor", "real-valued", "same", "Largest integer value not above each element.", ">>> xp.floor(xp.asarray([-1.5, 1.2]))\nArray([-2.,  1.], dtype=float64)")
imag = _unary_function("imag", "complex floating-point", "component", "Imaginary component of each complex element.", ">>> xp.imag(xp.asarray([1 + 2j]))\nArray([2.], dtype=float64)")
isfinite = _unary_function("isfinite", "numeric", "bool", "Whether each element is finite (neither infinite nor NaN).", ">>> xp.isfinite(xp.asarray([1.0, xp.inf, xp.nan]))\nArray([ True, False, False], dtype=bool)")
isinf = _unary_function("isinf", "numeric", "bool", "Whether each element is infinite.", ">>> xp.isinf(xp.asarray([1.0, -xp.inf]))\nArray([False,  True], dtype=bool)")
isnan = _unary_function("isnan", "numeric", "bool", "Whether each element is NaN.", ">>> xp.isnan(xp.asarray([1.0, xp.nan]))\nArray([False,  True], dtype=bool)")
log = _unary_function("log", "any", "floating", "Natural logarithm.", ">>> xp.log(xp.asarray([1.0]))\nArray([0.], dtype=float64)")
log1p = _unary_function("log1p", "any", "floating", "``log(1 + x)``, accurate for small ``x``.", ">>> xp.log1p(xp.asarray([0.0]))\nArray([0.], dtype=float64)")
log2 = _unary_function("log2", "any", "floating", "Base-2 logarithm.", ">>> xp.log2(xp.asarray([8.0]))\nArray([3.], dtype=float64)")
log10 = _unary_function("log10", "any", "floating", "Base-10 logarithm.", ">>> xp.log10(xp.asarray([100.0]))\nArray([2.], dtype=float64)")
logical_not = _unary_function("logical_not", "boolean", "bool", "Logical NOT.", ">>> xp.logical_not(xp.asarray([True, False]))\nArray([False,  True], dtype=bool)")
negative = _unary_function("negative", "numeric", "same", "Numerical negation (integers wrap around).", ">>> xp.negative(xp.asarray([1, -2]))\nArray([-1,  2], dtype=int64)")
positive = _unary_function("positive", "numeric", "same", "Numerical identity: a new array equal to ``x``.", ">>> xp.positive(xp.asarray([1, -2]))\nArray([ 1, -2], dtype=int64)")
real = _unary_function("real", "numeric", "component", "Real component of each element.", ">>> xp.real(xp.asarray([1 + 2j]))\nArray([1.], dtype=float64)")
reciprocal = _unary_function("reciprocal", "floating-point", "same", "``1 / x`` for each element.", ">>> xp.reciprocal(xp.asarray([4.0]))\nArray([0.25], dtype=float64)")
round = _unary_function("round", "numeric", "same", "Round to the nearest integer value, halves to even.", ">>> xp.round(xp.asarray([0.5, 1.5, -2.5]))\nArray([ 0.,  2., -2.], dtype=float64)")
sign = _unary_function("sign", "numeric", "same", "Sign: -1, 0 or 1 (``x / |x|`` for complex numbers, 0 for 0).", ">>> xp.sign(xp.asarray([-3.0, 0.0, 2.0]))\nArray([-1.,  0.,  1.], dtype=float64)")
signbit = _unary_function("signbit", "real floating-point", "bool", "Whether the sign bit is set (true for -0.0 and negative NaNs too).", ">>> xp.signbit(xp.asarray([-0.0, 0.0]))\nArray([ True, False], dtype=bool)")
sin = _unary_function("sin", "any", "floating", "Sine of angles in radians.", ">>> xp.sin(xp.asarray([0.0]))\nArray([0.], dtype=float64)")
sinh = _unary_function("sinh", "any", "floating", "Hyperbolic sine.", ">>> xp.sinh(xp.asarray([0.0]))\nArray([0.], dtype=float64)")
square = _unary_function("square", "numeric", "same", "``x * x`` for each element.", ">>> xp.square(xp.asarray([3, -2]))\nArray([9, 4], dtype=int64)")
sqrt = _unary_function("sqrt", "any", "floating", "Principal square root.", ">>> xp.sqrt(xp.asarray([9.0]))\nArray([3.], dtype=float64)")
tan = _unary_function("tan", "any", "floating", "Tangent of angles in radians.", ">>> xp.tan(xp.asarray([0.0]))\nArray([0.], dtype=float64)")
tanh = _unary_function("tanh", "any", "floating", "Hyperbolic tangent.", ">>> xp.tanh(xp.asarray([0.0]))\nArray([0.], dtype=float64)")
trunc = _unary_function("trunc", "real-valued", "same", "Round towards zero to an integer value.", ">>> xp.trunc(xp.asarray([-1.7, 1.7]))\nArray([-1.,  1.], dtype=float64)")

add = _binary_function("add", "numeric", "same", "Sum of each pair of elements (integers wrap around).", ">>> xp.add(xp.asarray([1, 2]), 10)\nArray([11, 12], dtype=int64)")
atan2 = _binary_function("atan2", "real-valued or boolean", "floating", "Angle of the point ``(x2, x1)`` from the positive x axis, in radians.", ">>> xp.atan2(xp.asarray([1.0]), xp.asarray([1.0]))\nArray([0.78539816], dtype=float64)")
bitwise_and = _binary_function("bitwise_and", "integer or boolean", "same", "Bitwise AND.", ">>> xp.bitwise_and(xp.asarray([12]), 10)\nArray([8], dtype=int64)")
bitwise_left_shift = _binary_function("bitwise_left_shift", "integer", "same", "Shift the bits of ``x1`` left by ``x2`` places (``x2`` >= 0).", ">>> xp.bitwise_left_shift(xp.asarray([1]), 3)\nArray([8], dtype=int64)")
bitwise_or = _binary_function("bitwise_or", "integer or boolean", "same", "Bitwise OR.", ">>> xp.bitwise_or(xp.asarray([12]), 10)\nArray([14], dtype=int64)")
bitwise_right_shift = _binary_function("bitwise_right_shift", "integer", "same", "Shift the bits of ``x1`` right by ``x2`` places (``x2`` >= 0).", ">>> xp.bitwise_right_shift(xp.asarray([8]), 2)\nArray([2], dtype=int64)")
bitwise_xor = _binary_function("bitwise_xor", "integer or boolean", "same", "Bitwise exclusive OR.", ">>> xp.bitwise_xor(xp.asarray([12]), 10)\nArray([6], dtype=int64)")
copysign = _binary_function("copysign", "real-valued or boolean", "floating", "The magnitude of ``x1`` with the sign of ``x2``.", ">>> xp.copysign(xp.asarray([2.0]), -0.0)\nArray([-2.], dtype=float64)")
divide = _binary_function("divide", "any", "floating", "True division ``x1 / x2``.", ">>> xp.divide(xp.asarray([1.0]), 4.0)\nArray([0.25], dtype=float64)")
equal = _binary_function("equal", "any", "bool", "Whether each pair of elements is equal.", ">>> xp.equal(xp.asarray([1, 2]), 2)\nArray([False,  True], dtype=bool)")
floor_divide = _binary_function("floor_divide", "real-valued", "same", "Largest integer value not above ``x1 / x2``.", ">>> xp.floor_divide(xp.asarray([7, -7]), 2)\nArray([ 3, -4], dtype=int64)")
greater = _binary_function("greater", "real-valued", "bool", "Whether ``x1 > x2`` for each pair.", ">>> xp.greater(xp.asarray([1, 3]), 2)\nArray([False,  True], dtype=bool)")
greater_equal = _binary_function("greater_equal", "real-valued", "bool", "Whether ``x1 >= x2`` for each pair.", ">>> xp.greater_equal(xp.asarray([1, 2]), 2)\nArray([False,  True], dtype=bool)")
hypot = _binary_function("hypot", "real-valued or boolean", "floating", "``sqrt(x1**2 + x2**2)`` without undue overflow.", ">>> xp.hypot(xp.asarray([3.0]), 4.0)\nArray([5.], dtype=float64)")
less = _binary_function("less", "real-valued", "bool", "Whether ``x1 < x2`` for each pair.", ">>> xp.less(xp.asarray([1, 3]), 2)\nArray([ True, False], dtype=bool)")
less_equal = _binary_function("less_equal", "real-valued", "bool", "Whether ``x1 <= x2`` for each pair.", ">>> xp.less_equal(xp.asarray([2, 3]), 2)\nArray([ True, False], dtype=bool)")
logaddexp = _binary_function("logaddexp", "real-valued or boolean", "floating", "``log(exp(x1) + exp(x2))`` without undue overflow.", ">>> xp.logaddexp(xp.asarray([0.0]), 0.0)\nArray([0.69314718], dtype=float64)")
logical_and = _binary_function("logical_and", "boolean", "bool", "Logical AND.", ">>> xp.logical_and(xp.asarray([True, False]), True)\nArray([ True, False], dtype=bool)")
logical_or = _binary_function("logical_or", "boolean", "bool", "Logical OR.", ">>> xp.logical_or(xp.asarray([True, False]), False)\nArray([ True, False], dtype=bool)")
logical_xor = _binary_function("logical_xor", "boolean", "bool", "Logical exclusive OR.", ">>> xp.logical_xor(xp.asarray([True, False]), True)\nArray([False,  True], dtype=bool)")
maximum = _binary_function("maximum", "real-valued", "same", "The larger of each pair (NaN if either is NaN).", ">>> xp.maximum(xp.asarray([1.0, 5.0]), 3.0)\nArray([3., 5.], dtype=float64)")
minimum = _binary_function("minimum", "real-valued", "same", "The smaller of each pair (NaN if either is NaN).", ">>> xp.minimum(xp.asarray([1.0, 5.0]), 3.0)\nArray([1., 3.], dtype=float64)")
multiply = _binary_function("multiply", "numeric", "same", "Product of each pair of elements (integers wrap around).", ">>> xp.multiply(xp.asarray([1.5, 2.0]), 2.0)\nArray([3., 4.], dtype=float64)")
nextafter = _binary_function("nextafter", "real floating-point", "same", "The next representable value after ``x1`` in the direction of ``x2``.", ">>> float(xp.nextafter(xp.asarray(1.0), 2.0)) > 1.0\nTrue")
not_equal = _binary_function("not_equal", "any", "bool", "Whether each pair of elements differs.", ">>> xp.not_equal(xp.asarray([1, 2]), 2)\nArray([ True, False], dtype=bool)")
pow = _binary_function("pow", "numeric", "same", "``x1`` raised to the power ``x2``.", ">>> xp.pow(xp.asarray([2, 3]), 2)\nArray([4, 9], dtype=int64)")
remainder = _binary_function("remainder", "real-valued", "same", "Remainder of floor division; it has the sign of ``x2``.", ">>> xp.remainder(xp.asarray([7, -7]), 3)\nArray([1, 2], dtype=int64)")
subtract = _binary_function("subtract", "numeric", "same", "Difference of each pair of elements (integers wrap around).", ">>> xp.subtract(xp.asarray([5, 1]), 2)\nArray([ 3, -1], dtype=int64)")


def clip(x: Array, /, min=None, max=None) -> Array:
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
    if x.__class__ is not Array:
        raise TypeError(f"clip(): 'x' must be an array_api_reshape Array, got {type(x).__name__}")
    if x._dtype.kind not in KIND_GROUPS["real-valued"]:
        raise _kind_error("clip", "x", "real-valued", x._dtype)
    bounds = []
    for argument, bound in (("min", min), ("max", max)):
        if bound is None:
            bounds.append(None)
            continue
        bound = _checked_scalar("clip", argument, bound)
        dtype = _operand_dtype("clip", x, bound)
        if "floating" in dtype.kind and "floating" not in x._dtype.kind:
            raise TypeError(
                f"clip(): cannot cast the floating bound '{argument}' to the dtype "
                f"{x._dtype} of 'x' without losing data; convert 'x' with astype() first"
            )
        if bound.__class__ is Array:
            if bound._dtype.kind not in KIND_GROUPS["real-valued"]:
                raise _kind_error("clip", argument, "real-valued", bound._dtype)
            if broadcast_shape(bound.shape, x.shape) is None:
                raise ValueError(
                    f"clip(): '{argument}' of shape {bound.shape} does not broadcast with "
                    f"'x' of shape {x.shape}"
                )
            bounds.append(bound._numpy().astype(x._dtype.dtype, copy=False))
        else:
            if isinstance(bound, complex):
                raise TypeError(f"clip(): '{argument}' must be real, got {bound!r}")
            bounds.append(kernels.scalar(bound, dtype.dtype))
    return Array._adopt(kernels.clip(x._numpy(), *bounds), x._dtype)
