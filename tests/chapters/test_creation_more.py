"""The *_like functions, eye, linspace, meshgrid, tril, triu and from_dlpack against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape import layout


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


@given(a=npst.arrays(np.float64, npst.array_shapes(min_dims=2, max_dims=4, max_side=4)),
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
