"""No array built by a public entry point has a layout that leaves its buffer."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape._tables._layout import fits_in_buffer
from strategies import factorisations_of


def assert_inside(x):
    assert fits_in_buffer(x._layout, x._storage.size), (x._layout, x._storage.size)


@st.composite
def view_chains(draw):
    """A random array from NumPy data followed by a random chain of view operations."""
    shape = draw(npst.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4))
    a = np.arange(math.prod(shape), dtype=np.float64).reshape(shape)
    a = a[draw(npst.basic_indices(shape, allow_newaxis=True))]
    return a, draw(st.lists(st.sampled_from(
        ["reshape", "permute", "flip", "index", "expand", "squeeze", "broadcast", "mT"]
    ), max_size=6))


@settings(max_examples=300)
@given(chain=view_chains(), data=st.data())
def test_views_of_views_stay_inside_the_buffer(chain, data):
    a, steps = chain
    x = xp.asarray(a)
    expected = a
    assert_inside(x)
    for step in steps:
        if step == "reshape":
            shape = data.draw(factorisations_of(x.size))
            x, expected = xp.reshape(x, shape), np.reshape(expected, shape)
        elif step == "permute":
            axes = tuple(data.draw(st.permutations(range(x.ndim))))
            x, expected = xp.permute_dims(x, axes), np.transpose(expected, axes)
        elif step == "flip":
            x, expected = xp.flip(x), np.flip(expected)
        elif step == "index":
            key = data.draw(npst.basic_indices(x.shape, allow_newaxis=True))
            x, expected = x[key], expected[key]
        elif step == "expand":
            x, expected = xp.expand_dims(x, axis=0), np.expand_dims(expected, 0)
        elif step == "squeeze" and 1 in x.shape:
            axis = x.shape.index(1)
            x, expected = xp.squeeze(x, axis=axis), np.squeeze(expected, axis=axis)
        elif step == "broadcast":
            x = xp.broadcast_to(x, (2,) + x.shape)
            expected = np.broadcast_to(expected, (2,) + expected.shape)
        elif step == "mT" and x.ndim >= 2:
            x, expected = x.mT, np.swapaxes(expected, -1, -2)
        assert_inside(x)
        np.testing.assert_array_equal(np.asarray(x), expected)
