"""The fast paths give new arrays the contiguous layout they gave last when the shape is
the same (``_layout.contiguous_layout_of``), comparing a NumPy array's dimensions with it
before making a shape tuple (``_ndarray_fields.has_shape``, in C in the compiled build).
Whatever order shapes come in, every array gets exactly the layout of its own shape."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape import layout as layout_tools
from array_api_reshape._tables._layout import (
    contiguous_layout,
    contiguous_layout_of,
    last_contiguous_layout,
    row_major_strides,
)

shapes = npst.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)


@given(st.lists(shapes, min_size=1, max_size=8))
def test_the_layout_given_is_the_remembered_one_of_that_shape(sequence):
    for shape in sequence:
        again = tuple(list(shape))  # equal, not the same tuple
        for asked in (shape, again, shape):
            given_layout = contiguous_layout_of(asked)
            assert given_layout == contiguous_layout(shape)
            assert given_layout.strides == row_major_strides(shape) and given_layout.offset == 0
            assert last_contiguous_layout() is given_layout


@settings(deadline=None)
@given(st.lists(shapes, min_size=1, max_size=8))
def test_asarray_shares_numpy_arrays_of_any_shape_in_their_own_layout(sequence):
    for number, shape in enumerate(sequence):
        source = (np.arange(float(np.prod(shape))) + number).reshape(shape)
        x = xp.asarray(source)
        assert x.shape == shape and np.array_equal(np.asarray(x), source)
        if source.size:  # an empty array is another path's
            assert layout_tools.strides(x) == row_major_strides(shape)
            assert layout_tools.offset(x) == 0
            source.flat[0] = -1.0
            assert float(np.asarray(x).flat[0]) == -1.0  # shared, not copied


@settings(deadline=None)
@given(st.lists(st.tuples(shapes, st.integers(0, 2**32 - 1)), min_size=1, max_size=6))
def test_results_of_the_fast_paths_have_their_own_shape_and_strides(sequence):
    for shape, seed in sequence:
        rng = np.random.default_rng(seed)
        a, b = rng.random(shape), rng.random(shape)
        x, y = xp.asarray(a), xp.asarray(b)
        results = {"add": (x + y, a + b), "exp": (xp.exp(x), np.exp(a)),
                   "scalar": (x * 2.0, a * 2.0)}
        if len(shape) > 0:
            mask = a > 0.5
            results["mask"] = (x[xp.asarray(mask)], a[mask])
            positions = rng.integers(0, shape[0], size=3) if shape[0] else np.zeros(0, int)
            results["take"] = (x[xp.asarray(positions)], a[positions])
        for name, (ours, expected) in results.items():
            assert ours.shape == expected.shape, name
            assert layout_tools.strides(ours) == row_major_strides(expected.shape), name
            assert np.array_equal(np.asarray(ours), expected), name
