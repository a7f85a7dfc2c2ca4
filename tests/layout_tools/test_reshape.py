"""layout.reshape in column-major order (_layout_tools/_reshape.py) against NumPy
and the brute-force model."""

from __future__ import annotations

import math

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
