"""Where the standard is silent: what NumPy, PyTorch and JAX agree on, and clear refusals
where they disagree or data would be lost (the table on the docs site's "Beyond the
standard" page).

The oracle for values is NumPy computing on operands converted to the promoted dtype;
the oracle for dtypes is the rule itself, written out here independently of the package.
"""

from __future__ import annotations

import operator

import array_api_strict
import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape import layout

BOOL = [xp.bool]
INTEGERS = [xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8, xp.uint16, xp.uint32, xp.uint64]
FLOATS = [xp.float32, xp.float64]
COMPLEX = [xp.complex64, xp.complex128]
KIND_RANK = {
    **{d: 0 for d in BOOL}, **{d: 1 for d in INTEGERS}, **{d: 2 for d in FLOATS + COMPLEX}
}


def mixed_kind_pairs():
    """Pairs of dtypes of different kinds: the standard defines none of them."""
    dtypes = BOOL + INTEGERS + FLOATS + COMPLEX
    return [(a, b) for a in dtypes for b in dtypes if KIND_RANK[a] != KIND_RANK[b]]


def higher_kind(a, b):
    return a if KIND_RANK[a] > KIND_RANK[b] else b


def small_values(dtype, shape):
    """Arrays of values every dtype of the test can hold exactly."""
    elements = st.integers(0, 100) if dtype is not xp.bool else st.booleans()
    return npst.arrays(np.dtype(dtype.name), shape, elements=elements)


BINARY = [
    (xp.add, np.add, operator.add), (xp.subtract, np.subtract, operator.sub),
    (xp.multiply, np.multiply, operator.mul), (xp.maximum, np.maximum, None),
    (xp.equal, np.equal, operator.eq), (xp.less, np.less, operator.lt),
]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_mixed_kind_arrays_take_the_higher_kinds_dtype(data):
    a, b = data.draw(st.sampled_from(mixed_kind_pairs()))
    function, reference, operator_form = data.draw(st.sampled_from(BINARY))
    promoted = higher_kind(a, b)
    assume(not (promoted in COMPLEX and function in (xp.maximum, xp.less)))  # no order
    shapes = data.draw(npst.mutually_broadcastable_shapes(num_shapes=2, max_dims=2, max_side=3))
    x1 = data.draw(small_values(a, shapes.input_shapes[0]))
    x2 = data.draw(small_values(b, shapes.input_shapes[1]))
    computation = np.dtype(promoted.name)
    expected = reference(x1.astype(computation), x2.astype(computation))
    result = function(xp.asarray(x1), xp.asarray(x2))
    expected_dtype = xp.bool if expected.dtype == np.bool_ else promoted
    assert result.dtype is expected_dtype
    np.testing.assert_array_equal(np.asarray(result), expected)
    if operator_form is not None:
        by_operator = operator_form(xp.asarray(x1), xp.asarray(x2))
        assert by_operator.dtype is expected_dtype
        np.testing.assert_array_equal(np.asarray(by_operator), expected)


@pytest.mark.parametrize("integer", INTEGERS[:4], ids=lambda d: d.name)
def test_an_integer_never_widens_a_float32(integer):
    ints = xp.asarray([1, 2, 3], dtype=integer)
    floats = xp.asarray([0.5, 0.25, 0.125], dtype=xp.float32)
    assert (ints + floats).dtype is xp.float32
    assert (floats * ints).dtype is xp.float32
    assert (ints / floats).dtype is xp.float32
    assert xp.divide(ints, ints).dtype is xp.float64
    zero_d = xp.asarray(2, dtype=integer)
    assert (floats * zero_d).dtype is xp.float32
    assert (zero_d * xp.asarray(2.0, dtype=xp.float32)).dtype is xp.float32


SCALAR_CASES = [
    # (array dtype, scalar, expected dtype)
    (xp.int8, True, xp.int8), (xp.float32, True, xp.float32),
    (xp.bool, 3, xp.int64), (xp.uint8, 3, xp.uint8), (xp.float32, 3, xp.float32),
    (xp.bool, 1.5, xp.float64), (xp.int16, 1.5, xp.float64), (xp.float32, 1.5, xp.float32),
    (xp.int32, 2j, xp.complex128), (xp.bool, 2j, xp.complex128),
    (xp.float32, 2j, xp.complex64), (xp.float64, 2j, xp.complex128),
    (xp.int16, np.int64(3), xp.int16), (xp.float32, np.float64(1.5), xp.float32),
    (xp.int8, np.float32(1.5), xp.float64),
]


@pytest.mark.parametrize("dtype, scalar, expected", SCALAR_CASES,
                         ids=[f"{d.name}-{type(s).__name__}" for d, s, _ in SCALAR_CASES])
def test_python_and_numpy_scalars_follow_the_rule(dtype, scalar, expected):
    values = np.asarray([0, 1, 2]).astype(dtype.name)
    x = xp.asarray(values)
    python_value = scalar.item() if isinstance(scalar, np.generic) else scalar
    want = values.astype(expected.name) + np.asarray(python_value, dtype=expected.name)
    for result in (x + scalar, scalar + x, xp.add(x, scalar), xp.add(scalar, x)):
        assert result.dtype is expected
        np.testing.assert_array_equal(np.asarray(result), want)
    assert xp.result_type(dtype, scalar) is expected


@pytest.mark.parametrize(
    "name", ["exp", "log1p", "sqrt", "sin", "tanh"],
)
@pytest.mark.parametrize("dtype", [xp.bool, xp.int8, xp.uint16, xp.int64], ids=lambda d: d.name)
def test_floating_functions_take_integers_in_float64(name, dtype):
    values = np.asarray([0, 1, 1]).astype(dtype.name)
    result = getattr(xp, name)(xp.asarray(values))
    assert result.dtype is xp.float64
    reference = {"sin": np.sin, "sqrt": np.sqrt, "exp": np.exp, "log1p": np.log1p,
                 "tanh": np.tanh}[name]
    np.testing.assert_array_equal(np.asarray(result), reference(values.astype(np.float64)))


def test_matrix_products_promote_mixed_kinds():
    ints = xp.reshape(xp.arange(6), (2, 3))
    floats = xp.reshape(xp.asarray([0.5] * 6, dtype=xp.float32), (3, 2))
    product = ints @ floats
    assert product.dtype is xp.float32
    np.testing.assert_array_equal(
        np.asarray(product), np.arange(6).reshape(2, 3).astype(np.float32) @ np.full((3, 2), 0.5)
    )
    assert xp.matmul(floats, xp.astype(ints, xp.float64)).dtype is xp.float64
    assert xp.tensordot(ints, xp.asarray([1.0, 2.0, 3.0]), axes=1).dtype is xp.float64
    dotted = xp.vecdot(ints, xp.asarray([1.0, 0.0, 2.0], dtype=xp.float32))
    assert dotted.dtype is xp.float32
    np.testing.assert_array_equal(np.asarray(dotted), [4.0, 13.0])


@pytest.mark.parametrize(
    "update",
    [
        lambda x: x.__iadd__(1.5),
        lambda x: x.__imul__(xp.asarray([0.5, 0.5, 0.5])),
        lambda x: x.__itruediv__(2),
        lambda x: x.__setitem__(0, 0.5),
        lambda x: x.__setitem__(slice(None), xp.asarray([0.5, 1.5, 2.5])),
        lambda x: x.__setitem__(xp.asarray([0, 2]), 2.5),
    ],
    ids=["iadd-float", "imul-float-array", "itruediv", "setitem-float", "setitem-array",
         "setitem-advanced"],
)
def test_floats_never_truncate_into_integers_in_place(update):
    x = xp.asarray([1, 2, 3])
    with pytest.raises(TypeError, match="cannot cast"):
        update(x)
    assert x.dtype is xp.int64
    np.testing.assert_array_equal(np.asarray(x), [1, 2, 3])


def test_in_place_updates_that_keep_the_dtype_are_allowed():
    x = xp.asarray([1.0, 2.0], dtype=xp.float32)
    x += xp.asarray([1, 1], dtype=xp.int64)
    x *= True
    assert x.dtype is xp.float32
    np.testing.assert_array_equal(np.asarray(x), [2.0, 3.0])
    counts = xp.asarray([1, 2], dtype=xp.uint8)
    counts[0] = True
    counts[1:] = xp.asarray([False])
    np.testing.assert_array_equal(np.asarray(counts), [1, 0])
    flags = xp.asarray([True, False])
    with pytest.raises(TypeError, match="cannot cast the result's dtype int64"):
        flags += 1


FOREIGN = {
    "numpy": lambda: np.asarray([1.0, 2.0]),
    "numpy-0d": lambda: np.asarray(1.0),
    "array-api-strict": lambda: array_api_strict.asarray([1.0, 2.0]),
}
FORWARD = {"add": operator.add, "mul": operator.mul, "truediv": operator.truediv,
           "lt": operator.lt, "eq": operator.eq, "matmul": operator.matmul,
           "iadd": operator.iadd}
# NumPy's arrays defer their operators to ours, so these reach our reflected methods
# (another library's array refuses ours first, in its own words).
REFLECTED = {"radd": lambda a, b: b + a, "rmul": lambda a, b: b * a,
             "rmatmul": lambda a, b: b @ a, "reflected-lt": lambda a, b: b > a}
OPERATOR_CASES = [
    pytest.param(FOREIGN[m], FORWARD[c], id=f"{m}-{c}") for m in FOREIGN for c in FORWARD
] + [
    pytest.param(FOREIGN[m], REFLECTED[c], id=f"{m}-{c}")
    for m in ("numpy", "numpy-0d") for c in REFLECTED
]


@pytest.mark.parametrize("make, combine", OPERATOR_CASES)
def test_operators_refuse_another_librarys_array(make, combine):
    ours = xp.asarray([1.0, 2.0])
    with pytest.raises(TypeError, match=r"convert it with array_api_reshape\.asarray\(\)"):
        combine(ours, make())
    np.testing.assert_array_equal(np.asarray(ours), [1.0, 2.0])


def test_functions_refuse_another_librarys_array_by_argument():
    with pytest.raises(TypeError, match="'x2' must be an array_api_reshape Array or a Python "
                                        "scalar, got ndarray; convert it"):
        xp.add(xp.asarray([1.0]), np.asarray([1.0]))


def test_numpy_still_reads_our_arrays():
    x = xp.asarray([1.0, 2.0])
    np.testing.assert_array_equal(np.exp(x), np.exp([1.0, 2.0]))
    assert isinstance(np.asarray(x), np.ndarray)


def test_mean_takes_a_floating_dtype():
    ints = xp.reshape(xp.arange(6, dtype=xp.int32), (2, 3))
    result = xp.mean(ints, axis=1, dtype=xp.float32)
    assert result.dtype is xp.float32
    np.testing.assert_array_equal(np.asarray(result), [1.0, 4.0])
    wide = xp.mean(xp.asarray([1.0, 2.0], dtype=xp.float32), dtype=xp.float64)
    assert wide.dtype is xp.float64 and float(wide) == 1.5
    assert xp.mean(xp.asarray([1 + 1j]), dtype=xp.complex64).dtype is xp.complex64
    with pytest.raises(TypeError, match="pass a floating 'dtype'"):
        xp.mean(ints)
    with pytest.raises(TypeError, match=r"does not convert complex values to \S*float64"):
        xp.mean(xp.asarray([1j]), dtype=xp.float64)
    with pytest.raises(TypeError, match=r"'dtype' must have a floating-point dtype, got \S*int64"):
        xp.mean(ints, dtype=xp.int64)


def test_uint64_with_signed_integers_stays_refused():
    with pytest.raises(TypeError, match="cannot promote uint64 and int64"):
        xp.asarray([1], dtype=xp.uint64) + xp.asarray([1])
    with pytest.raises(TypeError, match="cannot promote"):
        xp.result_type(xp.int8, xp.uint64)


def test_shares_memory_takes_numpy_arrays_dlpack_producers_and_buffers():
    x = xp.arange(10.0)
    seen = np.asarray(x)
    assert layout.shares_memory(x, seen) and layout.shares_memory(seen[7:], x[5:8])
    assert not layout.shares_memory(seen[:5], x[5:])
    assert not layout.shares_memory(x, seen.copy())
    assert layout.shares_memory(memoryview(seen), x)
    strict = array_api_strict.asarray([1.0, 2.0, 3.0])
    assert layout.shares_memory(xp.from_dlpack(strict), strict)
    assert not layout.shares_memory(x, strict)
    with pytest.raises(TypeError, match="'b' must be an array"):
        layout.shares_memory(x, [1.0, 2.0])


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_take_with_one_integer_position_drops_the_axis_as_numpy_does(data):
    shape = data.draw(npst.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    values = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    size = shape[axis]
    position = data.draw(st.integers(-size, size - 1))
    form = data.draw(st.sampled_from(["int", "numpy", "0-d"]))
    index = {"int": position, "numpy": np.int64(position), "0-d": xp.asarray(position)}[form]
    result = xp.take(xp.asarray(values), index, axis=axis)
    expected = np.take(values, position, axis=axis)
    assert result.shape == expected.shape
    np.testing.assert_array_equal(np.asarray(result), expected)
    assert not layout.shares_memory(result, xp.asarray(values))


def test_take_refuses_positions_out_of_range_and_non_integers():
    x = xp.reshape(xp.arange(6), (2, 3))
    with pytest.raises(IndexError, match="index 3 is out of range"):
        xp.take(x, 3, axis=1)
    for index in (True, 1.0, "1"):
        with pytest.raises(TypeError, match="'indices' must be"):
            xp.take(x, index, axis=1)
