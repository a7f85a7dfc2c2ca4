"""Basic indexing of a layout (_tables/_layout_indexing.py) agrees with NumPy applied to an
array of element addresses, and never leaves the buffer; the first-axis fast paths agree
with it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as npst

from array_api_reshape._tables._layout import Layout
from array_api_reshape._tables._layout_indexing import basic_indexed
from layout_model import address_array, assert_same_elements
from strategies import buffer_size_for, small_layouts



@given(layout=small_layouts(max_ndim=4), data=st.data())
def test_basic_indexed(layout, data):
    key = data.draw(
        npst.basic_indices(layout.shape, allow_newaxis=True, allow_ellipsis=True)
    )
    key = key if isinstance(key, tuple) else (key,)
    expected = address_array(layout)[key]
    result = basic_indexed(layout, key)
    assert_same_elements(result, np.asarray(expected), buffer_size_for(layout))


@pytest.mark.parametrize(
    "key, message",
    [((5,), "out of bounds"), ((-6,), "out of bounds"), ((0, 0, 0), "too many indices")],
    ids=["past-end", "before-start", "too-many"],
)
def test_basic_indexed_refuses(key, message):
    with pytest.raises(IndexError, match=message):
        basic_indexed(Layout((5, 2), (2, 1), 0), key)


@given(layout=small_layouts(max_ndim=3).filter(lambda drawn: drawn.ndim >= 1), data=st.data())
def test_first_axis_fast_paths_agree_with_basic_indexing(layout, data):
    from array_api_reshape._tables._layout_indexing import first_axis_indexed, first_axis_sliced

    size = layout.shape[0]
    bounds = st.one_of(st.none(), st.integers(-size - 2, size + 2))
    start, stop = data.draw(bounds), data.draw(bounds)
    step = data.draw(st.one_of(st.none(), st.integers(-3, 3).filter(bool)))
    expected = basic_indexed(layout, (slice(start, stop, step),))
    assert first_axis_sliced(layout, slice(start, stop, step)) == expected
    if size:
        index = data.draw(st.integers(-size, size - 1))
        assert first_axis_indexed(layout, index) == basic_indexed(layout, (index,))
