"""layout.resize_inplace (_layout_tools/_resize.py): index-preserving resize in
place, its memory, and its refusals."""

from __future__ import annotations

import math
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import array_api_reshape as xp
from array_api_reshape import layout


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
