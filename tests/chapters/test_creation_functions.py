"""Creation functions against NumPy: arange, zeros, ones, empty and full; then the *_like
functions, eye, linspace, meshgrid, tril, triu and from_dlpack.

Every result of the first five must be a new, writable, C-contiguous array of the requested
shape and dtype whose elements are bit for bit NumPy's (so that -0.0 and NaN are told apart
from 0.0).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import array_api_reshape as xp
from array_api_reshape import layout

SETTINGS = settings(max_examples=80, deadline=None, database=None)

ALL_DTYPES = (
    xp.bool, xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8, xp.uint16, xp.uint32,
    xp.uint64, xp.float32, xp.float64, xp.complex64, xp.complex128,
)

shapes = hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5)


def row_major_strides(shape):
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


def assert_new_contiguous(x, shape, dtype) -> None:
    assert isinstance(x, xp.Array)
    assert x.shape == tuple(shape)
    assert x.dtype == dtype
    assert layout.is_contiguous(x)
    if math.prod(shape) > 1:
        assert layout.strides(x) == row_major_strides(tuple(shape))
    assert np.asarray(x).flags.writeable


def assert_bitwise_equal(x, expected: np.ndarray) -> None:
    got = np.asarray(x)
    assert got.dtype == expected.dtype
    assert got.shape == expected.shape
    assert np.ascontiguousarray(got).tobytes() == np.ascontiguousarray(expected).tobytes()


def shape_forms(shape):
    """The ways a caller may spell a shape: a tuple, a list, and an int when 1-d."""
    forms = [tuple(shape), list(shape)]
    if len(shape) == 1:
        forms.append(shape[0])
        forms.append(np.int64(shape[0]))
    return forms


# --- arange --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, kwargs",
    [
        pytest.param((5,), {}, id="stop"),
        pytest.param((2, 10), {}, id="start-stop"),
        pytest.param((2, 10, 3), {}, id="step-3"),
        pytest.param((10, 2, -3), {}, id="negative-step"),
        pytest.param((-5, 5, 2), {}, id="negative-start"),
        pytest.param((0.0, 1.0, 0.25), {}, id="floats"),
        pytest.param((1.5,), {}, id="float-stop"),
        pytest.param((0, 5, 0.5), {}, id="float-step"),
        pytest.param((1.0, -1.0, -0.5), {}, id="negative-float-step"),
        pytest.param((5, 1), {}, id="empty-increasing"),
        pytest.param((1, 5, -1), {}, id="empty-negative-step"),
        pytest.param((0,), {}, id="empty-stop-0"),
        pytest.param((-3,), {}, id="empty-negative-stop"),
        pytest.param((3, 3), {}, id="empty-equal-ends"),
        pytest.param((5,), {"dtype": xp.float32}, id="dtype-float32"),
        pytest.param((1, 8, 2), {"dtype": xp.int8}, id="dtype-int8"),
        pytest.param((4,), {"dtype": xp.uint16}, id="dtype-uint16"),
        pytest.param((0, 1, 0.1), {}, id="tenths"),
        pytest.param((2, None, 1), {}, id="explicit-stop-None"),
    ],
)
def test_arange_matches_numpy(args, kwargs):
    numpy_kwargs = {k: np.dtype(v) for k, v in kwargs.items()}
    expected = np.arange(*args, **numpy_kwargs)
    x = xp.arange(*args, **kwargs)
    assert np.dtype(x.dtype) == expected.dtype
    assert x.shape == expected.shape
    np.testing.assert_array_equal(np.asarray(x), expected)
    assert layout.is_contiguous(x)


@pytest.mark.parametrize(
    "args, dtype",
    [
        pytest.param((5,), xp.int64, id="int"),
        pytest.param((1, 5), xp.int64, id="ints"),
        pytest.param((1, 5, 2), xp.int64, id="three-ints"),
        pytest.param((5.0,), xp.float64, id="float-stop"),
        pytest.param((1.0, 5), xp.float64, id="float-start"),
        pytest.param((1, 5.0), xp.float64, id="float-stop-2"),
        pytest.param((1, 5, 1.0), xp.float64, id="float-step"),
    ],
)
def test_arange_dtype_inference(args, dtype):
    assert xp.arange(*args).dtype == dtype


@SETTINGS
@given(
    start=st.integers(-20, 20),
    stop=st.none() | st.integers(-20, 20),
    step=st.integers(-6, 6).filter(bool),
)
def test_arange_of_ints_matches_numpy(start, stop, step):
    if stop is None:
        x, expected = xp.arange(start), np.arange(start, dtype=np.int64)
        length = max(0, start)
    else:
        x = xp.arange(start, stop, step)
        expected = np.arange(start, stop, step, dtype=np.int64)
        length = max(0, math.ceil((stop - start) / step))
    assert x.dtype == xp.int64
    assert x.shape == (length,)
    np.testing.assert_array_equal(np.asarray(x), expected)
    assert_new_contiguous(x, (length,), xp.int64)


@SETTINGS
@given(
    start=st.floats(-10, 10),
    stop=st.floats(-10, 10),
    step=st.floats(0.25, 4) | st.floats(-4, -0.25),
    dtype=st.sampled_from([None, xp.float32, xp.float64]),
)
def test_arange_of_floats_matches_numpy(start, stop, step, dtype):
    x = xp.arange(start, stop, step, dtype=dtype)
    expected = np.arange(start, stop, step,
                         dtype=np.float64 if dtype is None else np.dtype(dtype))
    assert x.dtype == (xp.float64 if dtype is None else dtype)
    assert x.shape == expected.shape
    np.testing.assert_array_equal(np.asarray(x), expected)


@pytest.mark.parametrize(
    "args",
    [
        pytest.param((0, 5, 0), id="int-step-0"),
        pytest.param((0.0, 5.0, 0.0), id="float-step-0"),
        pytest.param((1, 2, -0.0), id="negative-zero-step"),
    ],
)
def test_arange_step_zero_is_value_error(args):
    with pytest.raises(ValueError):
        xp.arange(*args)


@pytest.mark.parametrize(
    "args, kwargs",
    [
        pytest.param((True,), {}, id="bool-stop"),
        pytest.param((0, True), {}, id="bool-stop-2"),
        pytest.param((0, 5, True), {}, id="bool-step"),
        pytest.param((1j,), {}, id="complex-stop"),
        pytest.param((0, 5 + 0j), {}, id="complex-stop-2"),
        pytest.param((0, 5, 1j), {}, id="complex-step"),
        pytest.param(("5",), {}, id="str-stop"),
        pytest.param((0, "5"), {}, id="str-stop-2"),
        pytest.param((None,), {}, id="None-start"),
        pytest.param(([3],), {}, id="list"),
        pytest.param((0, 5, None), {}, id="None-step"),
        pytest.param((5,), {"dtype": "int64"}, id="str-dtype"),
        pytest.param((5,), {"dtype": np.int64}, id="numpy-type-dtype"),
    ],
)
def test_arange_refuses_bad_argument_types(args, kwargs):
    with pytest.raises(TypeError):
        xp.arange(*args, **kwargs)


@pytest.mark.parametrize(
    "args, expected",
    [
        pytest.param((np.int64(4),), np.arange(4), id="numpy-int64-stop"),
        pytest.param((np.int32(1), np.int64(7), np.int8(2)), np.arange(1, 7, 2),
                     id="numpy-ints"),
        pytest.param((np.float64(1.5),), np.arange(1.5), id="numpy-float64"),
    ],
)
def test_arange_accepts_numpy_numbers(args, expected):
    # DESIGN.md: a NumPy integer is accepted wherever an int is expected.
    x = xp.arange(*args)
    assert np.dtype(x.dtype) == expected.dtype
    np.testing.assert_array_equal(np.asarray(x), expected)


@pytest.mark.parametrize("device", ["cpu", None], ids=["cpu", "None"])
def test_arange_device(device):
    assert xp.arange(3, device=device).device == xp.asarray(0).device


def test_arange_bad_device():
    with pytest.raises(ValueError):
        xp.arange(3, device="gpu")


# --- zeros, ones, empty --------------------------------------------------------------------


@SETTINGS
@given(shape=shapes, dtype=st.sampled_from((None,) + ALL_DTYPES), data=st.data())
def test_zeros_ones_empty_match_numpy(shape, dtype, data):
    expected_dtype = xp.float64 if dtype is None else dtype
    numpy_dtype = np.dtype(expected_dtype)
    spelled = data.draw(st.sampled_from(shape_forms(shape)), label="shape")
    zeros = xp.zeros(spelled, dtype=dtype)
    ones = xp.ones(spelled, dtype=dtype)
    empty = xp.empty(spelled, dtype=dtype)
    for x in (zeros, ones, empty):
        assert_new_contiguous(x, shape, expected_dtype)
    assert_bitwise_equal(zeros, np.zeros(shape, numpy_dtype))
    assert_bitwise_equal(ones, np.ones(shape, numpy_dtype))
    if math.prod(shape):
        assert not layout.shares_memory(zeros, ones)
        assert not layout.shares_memory(zeros, empty)
        assert not layout.shares_memory(ones, empty)


def test_each_call_gives_a_new_buffer():
    first, second = xp.zeros((2, 3)), xp.zeros((2, 3))
    first[0, 0] = 1.0
    assert float(second[0, 0]) == 0.0
    third, fourth = xp.full(4, 7), xp.full(4, 7)
    third[1] = 0
    assert int(fourth[1]) == 7


@pytest.mark.parametrize("function", [xp.zeros, xp.ones, xp.empty], ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    "shape, expected",
    [
        pytest.param(3, (3,), id="int"),
        pytest.param(0, (0,), id="int-0"),
        pytest.param((), (), id="empty-tuple"),
        pytest.param((2, 3), (2, 3), id="tuple"),
        pytest.param([2, 3], (2, 3), id="list"),
        pytest.param((np.int64(2), np.int32(3)), (2, 3), id="numpy-ints"),
        pytest.param(np.int64(4), (4,), id="numpy-int"),
        pytest.param((2, 0, 4), (2, 0, 4), id="zero-size"),
    ],
)
def test_shape_forms(function, shape, expected):
    x = function(shape)
    assert x.shape == expected
    assert type(x.shape) is tuple and all(type(n) is int for n in x.shape)
    assert x.dtype == xp.float64


@pytest.mark.parametrize("function", [
    pytest.param(xp.zeros, id="zeros"),
    pytest.param(xp.ones, id="ones"),
    pytest.param(xp.empty, id="empty"),
    pytest.param(lambda shape: xp.full(shape, 1.0), id="full"),
])
@pytest.mark.parametrize(
    "shape, error",
    [
        pytest.param(-1, ValueError, id="negative-int"),
        pytest.param((2, -1), ValueError, id="negative-in-tuple"),
        pytest.param([-3], ValueError, id="negative-in-list"),
        pytest.param(2.0, TypeError, id="float"),
        pytest.param((2.0, 3), TypeError, id="float-in-tuple"),
        pytest.param("3", TypeError, id="str"),
        pytest.param(None, TypeError, id="None"),
        pytest.param(True, TypeError, id="bool"),
        pytest.param((2, True), TypeError, id="bool-in-tuple"),
        pytest.param((2, None), TypeError, id="None-in-tuple"),
        pytest.param(((2,),), TypeError, id="nested-tuple"),
    ],
)
def test_bad_shapes(function, shape, error):
    with pytest.raises(error):
        function(shape)


@pytest.mark.parametrize("function", [xp.zeros, xp.ones, xp.empty], ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", ["float64", np.float64, 0, object],
                         ids=["str", "numpy-type", "int", "python-object"])
def test_bad_dtypes(function, dtype):
    with pytest.raises(TypeError):
        function((2,), dtype=dtype)


@pytest.mark.parametrize("function", [xp.zeros, xp.ones, xp.empty], ids=lambda f: f.__name__)
def test_devices(function):
    assert function(2, device="cpu").device == xp.asarray(0).device
    assert function(2, device=xp.asarray(0).device).shape == (2,)
    with pytest.raises(ValueError):
        function(2, device="gpu")


# --- full -----------------------------------------------------------------------------------


def fill_values(dtype):
    """Python scalars of a kind that ``dtype`` holds, within its range."""
    numpy_dtype = np.dtype(dtype)
    if numpy_dtype == np.bool_:
        return st.booleans()
    if numpy_dtype.kind in "iu":
        info = np.iinfo(numpy_dtype)
        return st.integers(int(info.min), int(info.max))
    width = 8 * numpy_dtype.itemsize
    if numpy_dtype.kind == "f":
        return st.integers(-1000, 1000) | st.floats(width=width)
    part = st.floats(width=width // 2)
    return (st.integers(-1000, 1000) | st.floats(width=width // 2)
            | st.builds(complex, part, part))


@SETTINGS
@given(shape=shapes, dtype=st.sampled_from(ALL_DTYPES), data=st.data())
def test_full_matches_numpy(shape, dtype, data):
    value = data.draw(fill_values(dtype), label="fill_value")
    spelled = data.draw(st.sampled_from(shape_forms(shape)), label="shape")
    x = xp.full(spelled, value, dtype=dtype)
    assert_new_contiguous(x, shape, dtype)
    assert_bitwise_equal(x, np.full(shape, value, dtype=np.dtype(dtype)))


@SETTINGS
@given(shape=shapes, value=st.booleans() | st.integers(-2**63, 2**63 - 1)
       | st.floats() | st.complex_numbers())
def test_full_infers_the_dtype_from_the_fill_value(shape, value):
    expected = {bool: xp.bool, int: xp.int64, float: xp.float64, complex: xp.complex128}
    dtype = expected[type(value)]
    x = xp.full(shape, value)
    assert_new_contiguous(x, shape, dtype)
    assert_bitwise_equal(x, np.full(shape, value, dtype=np.dtype(dtype)))


@pytest.mark.parametrize(
    "value, dtype",
    [
        pytest.param(-0.0, None, id="negative-zero"),
        pytest.param(-0.0, xp.float32, id="negative-zero-float32"),
        pytest.param(complex(-0.0, -0.0), None, id="negative-zero-complex"),
        pytest.param(complex(0.0, -0.0), xp.complex64, id="negative-imaginary-zero"),
        pytest.param(float("nan"), None, id="nan"),
        pytest.param(float("-inf"), xp.float32, id="minus-inf"),
        pytest.param(0.0, None, id="zero"),
        pytest.param(False, None, id="false"),
        pytest.param(0, xp.uint8, id="zero-uint8"),
        pytest.param(2**64 - 1, xp.uint64, id="uint64-max"),
        pytest.param(-2**63, xp.int64, id="int64-min"),
        pytest.param(3, xp.float64, id="int-into-float"),
        pytest.param(3, xp.complex64, id="int-into-complex"),
        pytest.param(2.5, xp.complex128, id="float-into-complex"),
    ],
)
def test_named_fill_values(value, dtype):
    x = xp.full((2, 3), value, dtype=dtype)
    numpy_dtype = np.asarray(value).dtype if dtype is None else np.dtype(dtype)
    assert_bitwise_equal(x, np.full((2, 3), value, dtype=numpy_dtype))


@pytest.mark.parametrize(
    "value, dtype",
    [
        pytest.param(True, xp.bool, id="bool"),
        pytest.param(7, xp.int64, id="int"),
        pytest.param(7.5, xp.float64, id="float"),
        pytest.param(1 + 2j, xp.complex128, id="complex"),
    ],
)
def test_full_default_dtypes(value, dtype):
    x = xp.full((2,), value)
    assert x.dtype == dtype
    np.testing.assert_array_equal(np.asarray(x), [value, value])


@pytest.mark.parametrize(
    "value, dtype, error",
    [
        pytest.param(1.5, xp.int64, TypeError, id="float-into-int"),
        pytest.param(1.0, xp.uint8, TypeError, id="integral-float-into-uint"),
        pytest.param(1j, xp.float64, TypeError, id="complex-into-float"),
        pytest.param(1 + 0j, xp.int32, TypeError, id="complex-into-int"),
        pytest.param(1, xp.bool, TypeError, id="int-into-bool"),
        pytest.param(1.0, xp.bool, TypeError, id="float-into-bool"),
        pytest.param("1", None, TypeError, id="str"),
        pytest.param(None, None, TypeError, id="None"),
        pytest.param([1], None, TypeError, id="list"),
        pytest.param(128, xp.int8, OverflowError, id="int8-overflow"),
        pytest.param(-1, xp.uint32, OverflowError, id="negative-into-uint32"),
        pytest.param(2**63, None, OverflowError, id="beyond-default-int"),
        pytest.param(2**64, xp.uint64, OverflowError, id="beyond-uint64"),
    ],
)
def test_full_refuses_values_the_dtype_cannot_hold(value, dtype, error):
    with pytest.raises(error):
        xp.full((2, 2), value, dtype=dtype)


@pytest.mark.parametrize(
    "value, dtype",
    [
        pytest.param(np.int64(3), xp.int64, id="numpy-int64"),
        pytest.param(np.float64(2.5), xp.float64, id="numpy-float64"),
    ],
)
def test_full_accepts_numpy_numbers(value, dtype):
    # DESIGN.md: a NumPy integer is accepted wherever an int is expected; a NumPy float64
    # is a Python float.
    x = xp.full((2,), value)
    assert x.dtype == dtype
    np.testing.assert_array_equal(np.asarray(x), [value, value])


# --- the *_like functions, eye, linspace, meshgrid, tril, triu and from_dlpack ------------


@pytest.mark.parametrize("function, value", [(xp.zeros_like, 0), (xp.ones_like, 1)])
def test_like_functions(function, value):
    x = xp.reshape(xp.arange(6, dtype=xp.int16), (2, 3))[:, ::2]
    result = function(x)
    assert result.shape == (2, 2) and result.dtype is xp.int16
    assert np.all(np.asarray(result) == value)
    assert function(x, dtype=xp.float32).dtype is xp.float32
    assert xp.empty_like(x).shape == (2, 2)
    assert xp.full_like(x, 7).dtype is xp.int16
    assert np.all(np.asarray(xp.full_like(x, 7)) == 7)
    with pytest.raises(TypeError, match="'x' must be"):
        function(np.zeros(2))


@given(n=st.integers(0, 5), m=st.one_of(st.none(), st.integers(0, 5)), k=st.integers(-6, 6))
def test_eye_matches_numpy(n, m, k):
    np.testing.assert_array_equal(np.asarray(xp.eye(n, m, k=k)), np.eye(n, m, k=k))


@pytest.mark.parametrize("bad, error", [(-1, ValueError), (2.5, TypeError), (True, TypeError)])
def test_eye_refuses_bad_sizes(bad, error):
    with pytest.raises(error, match="n_rows"):
        xp.eye(bad)


@given(start=st.floats(-10, 10), stop=st.floats(-10, 10), num=st.integers(0, 20),
       endpoint=st.booleans())
def test_linspace_matches_numpy(start, stop, num, endpoint):
    expected = np.linspace(start, stop, num, endpoint=endpoint)
    result = np.asarray(xp.linspace(start, stop, num, endpoint=endpoint))
    np.testing.assert_allclose(result, expected)


def test_linspace_complex_and_errors():
    assert xp.linspace(0, 1j, 3).dtype is xp.complex128
    with pytest.raises(TypeError, match="complex for complex ends"):
        xp.linspace(0, 1j, 3, dtype=xp.float64)
    with pytest.raises(TypeError, match="must be a number dtype"):
        xp.linspace(0, 1, 3, dtype=xp.bool)
    with pytest.raises(ValueError, match="negative"):
        xp.linspace(0, 1, -3)


@settings(deadline=None)
@given(
    start=st.integers(-1000, 1000), stop=st.integers(-1000, 1000), num=st.integers(0, 40),
    dtype=st.sampled_from([xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8]),
    endpoint=st.booleans(),
)
def test_linspace_with_an_integer_dtype_matches_numpy(start, stop, num, dtype, endpoint):
    numpy_dtype = np.dtype(dtype.name)
    info = np.iinfo(numpy_dtype)
    start, stop = (min(max(v, int(info.min)), int(info.max)) for v in (start, stop))
    expected = np.linspace(start, stop, num, endpoint=endpoint, dtype=numpy_dtype)
    ours = xp.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)
    assert ours.dtype is dtype
    np.testing.assert_array_equal(np.asarray(ours), expected)


@settings(deadline=None)
@given(
    values=st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=2),
    dtype=st.sampled_from([xp.float32, xp.float64, xp.int32, xp.int64]),
)
def test_zero_dimensional_arrays_are_bounds_as_numbers(values, dtype):
    ends = xp.asarray(values) if "floating" in dtype.kind else xp.asarray(
        [int(v) for v in values])
    ends = xp.astype(ends, dtype)
    first, last = (ends[0], ends[-1])
    np.testing.assert_array_equal(
        np.asarray(xp.linspace(first, last, 7)),
        np.linspace(float(first), float(last), 7),
    )
    low, high = sorted((float(first), float(last)))
    ours = xp.arange(xp.asarray(low), high + 1)
    np.testing.assert_array_equal(np.asarray(ours), np.arange(low, high + 1))
    if "int" in dtype.kind:
        counted = xp.arange(xp.asarray(4, dtype=dtype))
        assert counted.dtype is xp.int64
        np.testing.assert_array_equal(np.asarray(counted), np.arange(4))


@pytest.mark.parametrize(
    "bound",
    [xp.asarray([1.0, 2.0]), xp.asarray(True), xp.asarray(1j), "1", None],
    ids=["1-d", "bool", "complex", "str", "None"],
)
def test_arange_refuses_bounds_that_are_not_real_numbers(bound):
    with pytest.raises(TypeError, match=r"arange\(\): 'start' must be a number"):
        xp.arange(bound, 10)


@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sizes", [(), (3,), (3, 2), (2, 3, 4)], ids=str)
def test_meshgrid_matches_numpy_and_shares_memory(indexing, sizes):
    arrays = [np.arange(n) * (i + 1) for i, n in enumerate(sizes)]
    inputs = [xp.asarray(a) for a in arrays]
    ours = xp.meshgrid(*inputs, indexing=indexing)
    theirs = np.meshgrid(*arrays, indexing=indexing)
    assert isinstance(ours, tuple) and len(ours) == len(theirs)
    for grid, expected, source in zip(ours, theirs, inputs):
        np.testing.assert_array_equal(np.asarray(grid), expected)
        assert layout.shares_memory(grid, source)
    with pytest.raises(ValueError, match="'indexing'"):
        xp.meshgrid(xp.arange(2), indexing="xx")


@given(a=hnp.arrays(np.float64, hnp.array_shapes(min_dims=2, max_dims=4, max_side=4)),
       k=st.integers(-4, 4))
def test_tril_triu_match_numpy(a, k):
    x = xp.asarray(a)
    np.testing.assert_array_equal(np.asarray(xp.tril(x, k=k)), np.tril(a, k))
    np.testing.assert_array_equal(np.asarray(xp.triu(x, k=k)), np.triu(a, k))


def test_tril_refuses_vectors():
    with pytest.raises(ValueError, match="at least two dimensions"):
        xp.tril(xp.zeros(3))


def test_from_dlpack_shares_and_copies():
    a = np.arange(6.0).reshape(2, 3)[:, ::2]
    x = xp.from_dlpack(a)
    assert np.shares_memory(np.asarray(x), a)
    copied = xp.from_dlpack(a, copy=True)
    assert not np.shares_memory(np.asarray(copied), a)
    np.testing.assert_array_equal(np.asarray(copied), a)
    ours = xp.reshape(xp.arange(4.0), (2, 2))
    again = xp.from_dlpack(ours)
    assert layout.shares_memory(again, ours)
    with pytest.raises(TypeError, match="__dlpack__"):
        xp.from_dlpack([1, 2])
