"""Element-wise functions and operators against NumPy, with the standard's dtype rules."""

from __future__ import annotations

import math
import operator

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape._tables._dtypes import KIND_GROUPS as KINDS

DTYPES = [xp.bool, xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8, xp.uint16, xp.uint32,
          xp.uint64, xp.float32, xp.float64, xp.complex64, xp.complex128]

# name: (allowed kinds, NumPy reference, result rule)
UNARY = {
    "abs": ("numeric", np.abs), "acos": ("floating-point", np.arccos),
    "acosh": ("floating-point", np.arccosh), "asin": ("floating-point", np.arcsin),
    "asinh": ("floating-point", np.arcsinh), "atan": ("floating-point", np.arctan),
    "atanh": ("floating-point", np.arctanh), "bitwise_invert": ("integer or boolean", np.invert),
    "ceil": ("real-valued", np.ceil), "conj": ("numeric", np.conj),
    "cos": ("floating-point", np.cos), "cosh": ("floating-point", np.cosh),
    "exp": ("floating-point", np.exp), "floor": ("real-valued", np.floor),
    "imag": ("complex floating-point", np.imag), "isfinite": ("numeric", np.isfinite),
    "isinf": ("numeric", np.isinf), "isnan": ("numeric", np.isnan),
    "log": ("floating-point", np.log), "log1p": ("floating-point", np.log1p),
    "log2": ("floating-point", np.log2), "log10": ("floating-point", np.log10),
    "logical_not": ("boolean", np.logical_not), "negative": ("numeric", np.negative),
    "positive": ("numeric", np.positive), "real": ("numeric", np.real),
    "reciprocal": ("floating-point", np.reciprocal), "round": ("numeric", np.round),
    "signbit": ("real floating-point", np.signbit), "sin": ("floating-point", np.sin),
    "sinh": ("floating-point", np.sinh), "square": ("numeric", np.square),
    "sqrt": ("floating-point", np.sqrt), "tan": ("floating-point", np.tan),
    "tanh": ("floating-point", np.tanh), "trunc": ("real-valued", np.trunc),
}
BINARY = {
    "add": ("numeric", np.add), "atan2": ("real floating-point", np.arctan2),
    "bitwise_and": ("integer or boolean", np.bitwise_and),
    "bitwise_or": ("integer or boolean", np.bitwise_or),
    "bitwise_xor": ("integer or boolean", np.bitwise_xor),
    "copysign": ("real floating-point", np.copysign), "divide": ("floating-point", np.divide),
    "equal": ("any", np.equal), "greater": ("real-valued", np.greater),
    "greater_equal": ("real-valued", np.greater_equal),
    "hypot": ("real floating-point", np.hypot), "less": ("real-valued", np.less),
    "less_equal": ("real-valued", np.less_equal),
    "logaddexp": ("real floating-point", np.logaddexp),
    "logical_and": ("boolean", np.logical_and), "logical_or": ("boolean", np.logical_or),
    "logical_xor": ("boolean", np.logical_xor), "maximum": ("real-valued", np.maximum),
    "minimum": ("real-valued", np.minimum), "multiply": ("numeric", np.multiply),
    "nextafter": ("real floating-point", np.nextafter),
    "not_equal": ("any", np.not_equal), "remainder": ("real-valued", np.remainder),
    "subtract": ("numeric", np.subtract),
}

# Beyond the standard, as NumPy, PyTorch and JAX agree: these take integer and bool
# arrays too, computing in the default floating dtype.
FLOATING_FROM_INTEGERS = {
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "exp", "expm1",
    "log", "log1p", "log2", "log10", "sin", "sinh", "sqrt", "tan", "tanh",
    "atan2", "copysign", "divide", "hypot", "logaddexp",
}
INTEGERS_AND_BOOL = [d for d in DTYPES if d.kind in KINDS["integer or boolean"]]


def allowed(kinds):
    return [d for d in DTYPES if d.kind in KINDS[kinds]]


def refused(name, kinds):
    """The dtypes ``name`` refuses: outside the standard's kinds and not promoted."""
    return [
        d for d in DTYPES
        if d.kind not in KINDS[kinds]
        and not (name in FLOATING_FROM_INTEGERS and d in INTEGERS_AND_BOOL)
    ]


def arrays_of(dtype, shape=None):
    if shape is None:
        shape = npst.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)
    return npst.arrays(np.dtype(dtype.name), shape)


def assert_matches(ours, expected):
    expected = np.asarray(expected)
    assert ours.shape == expected.shape
    np.testing.assert_array_equal(np.asarray(ours), expected)


@pytest.mark.parametrize("name", sorted(UNARY))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_unary_matches_numpy(name, data):
    kinds, reference = UNARY[name]
    dtype = data.draw(st.sampled_from(allowed(kinds)))
    a = data.draw(arrays_of(dtype))
    with np.errstate(all="ignore"):
        expected = reference(a)
    assert_matches(getattr(xp, name)(xp.asarray(a)), expected)


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_refuses_other_kinds(name):
    kinds, _ = UNARY[name]
    for dtype in refused(name, kinds):
        with pytest.raises(TypeError, match=f"{name}\\(\\): 'x' must have a"):
            getattr(xp, name)(xp.zeros(2, dtype=dtype))
    with pytest.raises(TypeError, match="must be an array_api_reshape Array"):
        getattr(xp, name)([1.0])


@pytest.mark.parametrize("name", sorted(FLOATING_FROM_INTEGERS & set(UNARY)))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_unary_computes_integers_and_bools_in_float64(name, data):
    _, reference = UNARY[name]
    dtype = data.draw(st.sampled_from(INTEGERS_AND_BOOL))
    a = data.draw(arrays_of(dtype))
    with np.errstate(all="ignore"):
        expected = reference(a.astype(np.float64))
    result = getattr(xp, name)(xp.asarray(a))
    assert result.dtype is xp.float64
    assert_matches(result, expected)


@pytest.mark.parametrize("name", sorted(FLOATING_FROM_INTEGERS & set(BINARY)))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_binary_computes_integers_and_bools_in_float64(name, data):
    _, reference = BINARY[name]
    dtype = data.draw(st.sampled_from(INTEGERS_AND_BOOL))
    a, b = data.draw(arrays_of(dtype, (3,))), data.draw(arrays_of(dtype, (2, 1)))
    with np.errstate(all="ignore"):
        expected = reference(a.astype(np.float64), b.astype(np.float64))
    result = getattr(xp, name)(xp.asarray(a), xp.asarray(b))
    assert result.dtype is xp.float64
    assert_matches(result, expected)


@pytest.mark.parametrize("name", sorted(BINARY))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_binary_matches_numpy_with_broadcasting(name, data):
    kinds, reference = BINARY[name]
    dtype = data.draw(st.sampled_from(allowed(kinds)))
    shapes = data.draw(npst.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3))
    a = data.draw(arrays_of(dtype, shapes.input_shapes[0]))
    b = data.draw(arrays_of(dtype, shapes.input_shapes[1]))
    with np.errstate(all="ignore"):
        expected = reference(a, b)
    assert_matches(getattr(xp, name)(xp.asarray(a), xp.asarray(b)), expected)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "equal", "less"])
@given(data=st.data())
def test_python_scalars_take_the_arrays_dtype(name, data):
    dtype = data.draw(st.sampled_from([xp.int8, xp.uint16, xp.float32, xp.float64]))
    a = data.draw(arrays_of(dtype))
    value = data.draw(st.integers(0, 100))
    ours_right = getattr(xp, name)(xp.asarray(a), value)
    ours_left = getattr(xp, name)(value, xp.asarray(a))
    with np.errstate(all="ignore"):
        right = BINARY[name][1](a, np.asarray(value, dtype=a.dtype))
        left = BINARY[name][1](np.asarray(value, dtype=a.dtype), a)
    assert_matches(ours_right, right)
    assert_matches(ours_left, left)
    assert ours_right.dtype is (xp.bool if right.dtype == np.bool_ else dtype)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: xp.add(xp.zeros(2, dtype=xp.uint64), xp.zeros(2, dtype=xp.int8)),
         TypeError, "cannot promote uint64 and int8"),
        (lambda: xp.add(xp.zeros(2, dtype=xp.int8), xp.asarray([1])._numpy()),
         TypeError, "convert it with array_api_reshape.asarray"),
        (lambda: xp.add(xp.zeros(2, dtype=xp.int8), 300), OverflowError, "does not fit"),
        (lambda: xp.add(xp.zeros(2), xp.zeros(3)), ValueError, "cannot be broadcast"),
        (lambda: xp.add(1, 2), TypeError, "at least one of 'x1' and 'x2'"),
        (lambda: xp.add(xp.zeros(2), "1"), TypeError, "Python scalar"),
        (lambda: xp.reciprocal(xp.zeros(2, dtype=xp.int32)), TypeError, "floating-point dtype"),
        (lambda: xp.bitwise_left_shift(xp.zeros(2), 1), TypeError, "integer dtype"),
        (lambda: xp.logical_and(xp.zeros(2), True),
         TypeError, "'x1' must have a boolean dtype, got array_api_reshape.float64"),
        (lambda: xp.pow(xp.asarray([2]), -1), ValueError, "negative integer power"),
    ],
    ids=["uint64-int8", "numpy-array", "overflow", "shapes", "two-scalars", "string",
         "int-reciprocal", "float-shift", "float-logical", "int-negative-power"],
)
def test_bad_operands(call, error, message):
    with pytest.raises(error, match=message):
        call()


SPECIAL = [
    ("floor_divide", [math.inf, -math.inf, 1.0, -1.0, 5.0], [2.0, 2.0, -math.inf, math.inf, -2.0],
     [math.inf, -math.inf, -0.0, -0.0, -3.0]),
    ("floor_divide", [math.inf, -math.inf], [-2.0, -2.0], [-math.inf, math.inf]),
    ("remainder", [1.0, -1.0, 5.5], [math.inf, math.inf, -2.0], [1.0, math.inf, -0.5]),
    ("round", [0.5, 1.5, 2.5, -0.5], None, [0.0, 2.0, 2.0, -0.0]),
    ("copysign", [2.0, 2.0], [-0.0, math.nan], [-2.0, 2.0]),
    ("maximum", [1.0, math.nan], [math.nan, 1.0], [math.nan, math.nan]),
]


@pytest.mark.parametrize("name, x1, x2, expected", SPECIAL,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(SPECIAL)])
def test_special_values(name, x1, x2, expected):
    args = [xp.asarray(x1)] + ([] if x2 is None else [xp.asarray(x2)])
    result = np.asarray(getattr(xp, name)(*args))
    np.testing.assert_array_equal(result, expected)
    assert list(np.signbit(result)) == list(np.signbit(np.asarray(expected)))


def test_complex_expm1_special_values_and_precision():
    z = np.array([complex(-np.inf, np.inf), complex(np.inf, 0.0), complex(np.nan, 0.0),
                  complex(-np.inf, np.nan), 1e-10 + 1e-10j, 0j])
    result = np.asarray(xp.expm1(xp.asarray(z)))
    assert result[0] == -1 + 0j
    assert result[1].real == np.inf and result[1].imag == 0
    assert np.isnan(result[2].real) and result[2].imag == 0
    assert result[3] == -1 + 0j
    np.testing.assert_allclose(result[4], np.exp(1e-10 + 1e-10j) - 1, rtol=1e-6)
    assert result[5] == 0
    negative_zero = np.asarray(xp.expm1(xp.asarray([complex(-0.0, 0.0)])))[0]
    assert not np.signbit(negative_zero.real) and not np.signbit(negative_zero.imag)


def test_complex_tanh_at_infinite_real_parts():
    z = np.array([complex(np.inf, 2.0), complex(np.inf, -2.0), complex(-np.inf, 2.0)])
    result = np.asarray(xp.tanh(xp.asarray(z)))
    assert list(result.real) == [1.0, 1.0, -1.0]
    assert list(np.signbit(result.imag)) == [False, True, False]


def test_complex_sign_is_the_unit_phase():
    z = xp.asarray([3 + 4j, 0j])
    np.testing.assert_allclose(np.asarray(xp.sign(z)), [0.6 + 0.8j, 0j])


def test_integer_edge_cases_do_not_warn():
    a = xp.asarray([1, -7, 0], dtype=xp.int8)
    np.asarray(xp.floor_divide(a, xp.zeros(3, dtype=xp.int8)))
    np.asarray(xp.remainder(a, xp.zeros(3, dtype=xp.int8)))
    wrapped = xp.add(xp.asarray([127], dtype=xp.int8), 1)
    assert int(wrapped[0]) == -128


def test_clip_broadcasts_and_keeps_the_dtype():
    x = xp.asarray([[-2.0, 0.5, 9.0]], dtype=xp.float32)
    result = xp.clip(x, min=xp.asarray([[0.0], [1.0]], dtype=xp.float32), max=2)
    assert result.dtype is xp.float32 and result.shape == (2, 3)
    np.testing.assert_array_equal(np.asarray(result), [[0.0, 0.5, 2.0], [1.0, 1.0, 2.0]])
    with pytest.raises(TypeError, match="cannot cast the floating bound 'min'"):
        xp.clip(xp.asarray([1, 2]), min=0.5)
    with pytest.raises(TypeError, match="cannot cast the floating bound 'max'"):
        xp.clip(xp.asarray([1, 2]), max=xp.asarray(2.0))
    with pytest.raises(TypeError, match="must be real"):
        xp.clip(xp.asarray([1.0, 2.0]), max=1j)


OPERATORS = [
    (operator.add, "add"), (operator.sub, "subtract"), (operator.mul, "multiply"),
    (operator.truediv, "divide"), (operator.floordiv, "floor_divide"),
    (operator.mod, "remainder"), (operator.pow, "pow"), (operator.lt, "less"),
    (operator.le, "less_equal"), (operator.gt, "greater"), (operator.ge, "greater_equal"),
    (operator.eq, "equal"), (operator.ne, "not_equal"),
]


@pytest.mark.parametrize("op, name", OPERATORS, ids=[n for _, n in OPERATORS])
def test_operators_are_the_functions(op, name):
    a = xp.asarray([1.0, 2.0, 4.0])
    b = xp.asarray([2.0, 2.0, 3.0])
    function = getattr(xp, name)
    assert_matches(op(a, b), np.asarray(function(a, b)))
    assert_matches(op(a, 2.0), np.asarray(function(a, 2.0)))
    assert_matches(op(2.0, a), np.asarray(function(2.0, a)))


def test_unary_and_bitwise_operators():
    a = xp.asarray([1, -2], dtype=xp.int16)
    assert_matches(-a, [-1, 2])
    assert_matches(+a, [1, -2])
    assert_matches(abs(a), [1, 2])
    assert_matches(~a, [-2, 1])
    assert_matches(a & 3, [1, 2])
    assert_matches(a | 4, [5, -2])
    assert_matches(a ^ 1, [0, -1])
    assert_matches(a << 1, [2, -4])
    assert_matches(a >> 1, [0, -1])
    assert_matches(xp.ones((2, 3)) @ xp.ones(3), [3.0, 3.0])


def test_in_place_operators_write_through_views():
    base = xp.zeros((2, 3), dtype=xp.int32)
    row = base[1]
    row += 5
    row *= 2
    assert_matches(base, [[0, 0, 0], [10, 10, 10]])
    base[0] -= xp.asarray([1, 2, 3], dtype=xp.int8)
    assert_matches(base[0], [-1, -2, -3])


@pytest.mark.parametrize(
    "update, error",
    [
        (lambda x: operator.iadd(x, 1.5), TypeError),
        (lambda x: operator.iadd(x, xp.zeros(3, dtype=xp.int64)), TypeError),
        (lambda x: operator.iadd(x, xp.zeros((2, 2, 3), dtype=xp.int32)), ValueError),
        (lambda x: operator.itruediv(x, 2), TypeError),
    ],
    ids=["float-into-int", "wider-int", "broadcasts-self", "true-division"],
)
def test_failed_in_place_operators_change_nothing(update, error):
    x = xp.reshape(xp.arange(6, dtype=xp.int32), (2, 3))
    before = np.asarray(x).copy()
    with pytest.raises(error):
        update(x)
    np.testing.assert_array_equal(np.asarray(x), before)


def test_comparison_with_other_objects_is_not_an_error():
    assert (xp.asarray([1]) == None) is False  # noqa: E711
    with pytest.raises(TypeError):
        _ = xp.asarray([1]) < "a"


def test_clip_bounds_that_do_not_broadcast_together_are_refused_in_our_words():
    """Each bound broadcasts with x, but not with the other: NumPy's broadcast error was
    raised as it is (found by the fuzzer)."""
    x = xp.asarray(0.0)
    with pytest.raises(ValueError, match=r"^clip\(\): 'x', 'min' and 'max' of shapes "
                                         r"\(\), \(4, 2\) and \(1, 4\) cannot be broadcast"):
        xp.clip(x, xp.ones((4, 2)), xp.ones((1, 4)))
    assert xp.clip(x, xp.ones((4, 1)), xp.ones((1, 4))).shape == (4, 4)


@pytest.mark.parametrize("sorter", [[1, 8, 10, 6], [0, 1, 2, -1], [4, 0, 1, 2]])
def test_searchsorted_refuses_a_sorter_outside_x1_in_our_words(sorter):
    x1 = xp.asarray([23.6, -16.1, 8.2, 0.2])
    with pytest.raises(ValueError, match=r"^searchsorted\(\): 'sorter' holds positions "
                                         r"outside \[0, 4\)"):
        xp.searchsorted(x1, xp.asarray([-7.0]), sorter=xp.asarray(sorter))
    in_order = xp.asarray([1, 3, 2, 0])
    assert int(xp.searchsorted(x1, xp.asarray([-7.0]), sorter=in_order)[0]) == int(
        np.searchsorted(np.asarray(x1), [-7.0], sorter=np.asarray(in_order))[0])
