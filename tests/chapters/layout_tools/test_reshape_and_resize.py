"""Column-major reshape and index-preserving resize in place."""

from __future__ import annotations

import math
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape import layout
from layout_model import a_view_exists
from strategies import factorisations_of


@st.composite
def strided_arrays(draw):
    shape = draw(npst.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4))
    a = np.arange(math.prod(shape), dtype=np.int16).reshape(shape)
    a = np.asarray(a[draw(npst.basic_indices(shape))])
    if a.ndim and draw(st.booleans()):
        a = np.transpose(a, draw(st.permutations(range(a.ndim))))
    return a


@settings(max_examples=300)
@given(a=strided_arrays(), data=st.data())
def test_column_major_reshape_matches_numpy_and_views_exactly_when_possible(a, data):
    x = xp.asarray(a)
    new_shape = data.draw(factorisations_of(a.size))
    result = layout.reshape(x, new_shape, order="F")
    np.testing.assert_array_equal(np.asarray(result), np.reshape(a, new_shape, order="F"))
    is_view = result._storage is x._storage
    assert is_view == a_view_exists(x._layout, new_shape, order="F")
    if not is_view:
        assert layout.is_contiguous(result, order="F")
    assert layout.can_reshape_without_copy(x, new_shape, order="F") == is_view


def test_column_major_named_cases():
    f_sliced = xp.asarray(np.asfortranarray(np.arange(288).reshape(4, 8, 9))[:, :6, :])
    assert layout.reshape(f_sliced, (24, 9), order="F")._storage is f_sliced._storage
    with pytest.raises(ValueError, match="axes 1 and 2 cannot be merged"):
        layout.reshape(f_sliced, (4, 54), order="F", copy=False)
    first_column = layout.reshape(xp.arange(12), (3, 4), order="F")[:, 0]
    assert [int(v) for v in first_column] == [0, 1, 2]
    assert layout.reshape(xp.zeros((0, 3)), (3, -1), order="F").shape == (3, 0)
    copied = layout.reshape(xp.arange(6), (2, 3), order="F", copy=True)
    assert copied._storage is not xp.arange(6)._storage
    with pytest.raises(ValueError, match="'order'"):
        layout.reshape(xp.arange(6), (2, 3), order="A")


def resize_oracle(a, shape):
    out = np.zeros(shape, a.dtype)
    kept = tuple(slice(0, min(p, q)) for p, q in zip(a.shape, shape))
    out[kept] = a[kept]
    return out


@settings(max_examples=300)
@given(data=st.data(), rank=st.integers(1, 4))
def test_resize_inplace_keeps_every_shared_index(data, rank):
    old = tuple(data.draw(st.lists(st.integers(0, 5), min_size=rank, max_size=rank)))
    new = tuple(data.draw(st.lists(st.integers(0, 5), min_size=rank, max_size=rank)))
    a = np.arange(1, math.prod(old) + 1, dtype=np.int32).reshape(old)
    x = xp.asarray(a, copy=True)
    layout.resize_inplace(x, new)
    assert x.shape == new
    np.testing.assert_array_equal(np.asarray(x), resize_oracle(a, new))


def extra_memory_of_resize(side: int, grow: int) -> int:
    """Peak traced memory during a resize, less the resized buffer itself (tracemalloc
    sees the reallocated buffer as a new block, as the old one was made before tracing)."""
    x = xp.asarray(np.ones((side, side), dtype=np.float64), copy=True)
    new = (side + grow, side - grow)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        layout.resize_inplace(x, new)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    return peak - math.prod(new) * 8


@pytest.mark.parametrize("grow", [7, -7],
                         ids=["rows-grow-columns-shrink", "rows-shrink-columns-grow"])
def test_resize_inplace_extra_memory_does_not_grow_with_the_array(grow):
    small = extra_memory_of_resize(300, grow)
    large = extra_memory_of_resize(1200, grow)
    chunk_bytes = 4096 * 8
    assert small < 2 * chunk_bytes and large < 2 * chunk_bytes, (small, large)
    assert abs(large - small) < chunk_bytes, (small, large)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: (lambda x: (x, x[0]))(xp.reshape(xp.arange(6), (2, 3))), "share"),
        (lambda: (lambda x: (x, np.asarray(x)))(xp.asarray([1, 2, 3], copy=True)), "share"),
        (lambda: (lambda a: (xp.asarray(a), a))(np.arange(4)), "share"),
        (lambda: (xp.reshape(xp.arange(6), (2, 3)).T, None), "C-contiguous"),
        (lambda: (xp.arange(6)[1:], None), "whole buffer"),
    ],
    ids=["view-alive", "numpy-view-handed-out", "borrowed-numpy-array", "transposed", "offset"],
)
def test_resize_inplace_refuses_shared_or_foreign_memory(make, message):
    x, holder = make()
    before = np.array(np.asarray(x), copy=True)
    with pytest.raises(ValueError, match=message):
        layout.resize_inplace(x, (3,) * x.ndim)
    np.testing.assert_array_equal(np.asarray(x), before)
    del holder


def test_resize_inplace_refuses_a_new_rank():
    with pytest.raises(ValueError, match="rank"):
        layout.resize_inplace(xp.asarray([1, 2], copy=True), (2, 1))
