"""The *_like functions, eye, linspace, meshgrid, tril, triu and from_dlpack against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st
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
    with pytest.raises(TypeError, match="floating dtype"):
        xp.linspace(0, 1, 3, dtype=xp.int64)
    with pytest.raises(ValueError, match="negative"):
        xp.linspace(0, 1, -3)


@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sizes", [(), (3,), (3, 2), (2, 3, 4)], ids=str)
def test_meshgrid_matches_numpy_and_shares_memory(indexing, sizes):
    arrays = [np.arange(n) * (i + 1) for i, n in enumerate(sizes)]
    ours = xp.meshgrid(*(xp.asarray(a) for a in arrays), indexing=indexing)
    theirs = np.meshgrid(*arrays, indexing=indexing)
    assert isinstance(ours, tuple) and len(ours) == len(theirs)
    for grid, expected, source in zip(ours, theirs, arrays):
        np.testing.assert_array_equal(np.asarray(grid), expected)
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
