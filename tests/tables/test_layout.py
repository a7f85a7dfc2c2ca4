"""Every view operation of the layout algebra agrees with NumPy applied to an array of
element addresses, and never leaves the buffer."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as npst

from array_api_reshape._tables._layout import (
    Layout,
    broadcast_shape,
    broadcast_to_shape,
    column_major_strides,
    contiguous_layout,
    extent,
    flipped,
    has_repeated_addresses,
    is_c_contiguous,
    is_f_contiguous,
    matrix_transposed,
    moved_axes,
    permuted,
    with_unit_axes,
    without_axes,
)
from layout_model import address_array, addresses_of, assert_same_elements
from strategies import buffer_size_for, small_layouts


@given(layout=small_layouts(), data=st.data())
def test_permuted(layout, data):
    axes = tuple(data.draw(st.permutations(range(layout.ndim))))
    expected = np.transpose(address_array(layout), axes)
    assert_same_elements(permuted(layout, axes), expected, buffer_size_for(layout))


@given(layout=small_layouts(max_ndim=4).filter(lambda drawn: drawn.ndim >= 2))
def test_matrix_transposed(layout):
    expected = np.swapaxes(address_array(layout), -1, -2)
    assert_same_elements(matrix_transposed(layout), expected, buffer_size_for(layout))


@given(layout=small_layouts(), data=st.data())
def test_moved_axes(layout, data):
    count = data.draw(st.integers(0, layout.ndim))
    source = tuple(data.draw(st.permutations(range(layout.ndim))))[:count]
    destination = tuple(data.draw(st.permutations(range(layout.ndim))))[:count]
    expected = np.moveaxis(address_array(layout), source, destination)
    result = moved_axes(layout, source, destination)
    assert_same_elements(result, expected, buffer_size_for(layout))


@given(layout=small_layouts(max_ndim=4), data=st.data())
def test_with_unit_axes(layout, data):
    count = data.draw(st.integers(1, 3))
    positions = data.draw(
        st.lists(st.integers(0, layout.ndim + count - 1), min_size=count, max_size=count,
                 unique=True)
    )
    expected = np.expand_dims(address_array(layout), tuple(positions))
    result = with_unit_axes(layout, tuple(positions))
    assert_same_elements(result, expected, buffer_size_for(layout))


@given(layout=small_layouts(), data=st.data())
def test_without_axes(layout, data):
    units = [a for a, n in enumerate(layout.shape) if n == 1]
    axes = tuple(data.draw(st.lists(st.sampled_from(units), unique=True))) if units else ()
    expected = np.squeeze(address_array(layout), axis=axes)
    assert_same_elements(without_axes(layout, axes), expected, buffer_size_for(layout))


@given(layout=small_layouts(), data=st.data())
def test_flipped(layout, data):
    axes = ()
    if layout.ndim:
        axes = tuple(data.draw(st.lists(st.integers(0, layout.ndim - 1), unique=True)))
    expected = np.flip(address_array(layout), axes)
    assert_same_elements(flipped(layout, axes), expected, buffer_size_for(layout))


@given(layout=small_layouts(max_ndim=3), data=st.data())
def test_broadcast_to_shape(layout, data):
    lead = tuple(data.draw(st.lists(st.integers(0, 3), max_size=2)))
    grown = tuple(data.draw(st.integers(0, 3)) if n == 1 else n for n in layout.shape)
    target = lead + grown
    expected = np.broadcast_to(address_array(layout), target)
    assert_same_elements(broadcast_to_shape(layout, target), expected, buffer_size_for(layout))


@given(shapes=npst.mutually_broadcastable_shapes(num_shapes=3, max_dims=4, min_side=0, max_side=3))
def test_broadcast_shape_matches_numpy(shapes):
    assert broadcast_shape(*shapes.input_shapes) == shapes.result_shape


@pytest.mark.parametrize(
    "shapes",
    [[(2,), (3,)], [(2, 3), (3, 2)], [(0,), (2,)], [(4, 1, 2), (3, 3)]],
    ids=["vectors", "matrices", "zero-against-two", "inner-mismatch"],
)
def test_broadcast_shape_refuses_incompatible(shapes):
    assert broadcast_shape(*shapes) is None
    with pytest.raises(ValueError):
        np.broadcast_shapes(*shapes)


def test_broadcast_to_shape_refuses():
    assert broadcast_to_shape(Layout((3,), (1,), 0), (4,)) is None
    assert broadcast_to_shape(Layout((2, 3), (3, 1), 0), (3,)) is None


@given(layout=small_layouts())
def test_extent_is_the_lowest_and_highest_address(layout):
    addresses = addresses_of(layout)
    bounds = extent(layout)
    if addresses:
        assert bounds == (min(addresses), max(addresses))
    else:
        assert bounds is None


@given(layout=small_layouts())
def test_contiguity_means_consecutive_addresses(layout):
    for order, predicate in (("C", is_c_contiguous), ("F", is_f_contiguous)):
        addresses = addresses_of(layout, order)
        consecutive = addresses == list(range(layout.offset, layout.offset + len(addresses)))
        assert predicate(layout) == consecutive


@given(layout=small_layouts())
def test_repeated_addresses_are_really_repeated(layout):
    addresses = addresses_of(layout)
    if has_repeated_addresses(layout):
        assert len(set(addresses)) < len(addresses)


@given(shape=npst.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4))
def test_contiguous_strides_match_numpy(shape):
    itemsize = 8
    c = np.empty(shape, dtype=np.float64)
    f = np.empty(shape, dtype=np.float64, order="F")
    layout = contiguous_layout(shape)
    if 0 not in shape:
        assert tuple(s * itemsize for s in layout.strides) == c.strides
        assert tuple(s * itemsize for s in column_major_strides(shape)) == f.strides
    assert is_c_contiguous(layout)
    assert is_f_contiguous(Layout(shape, column_major_strides(shape), 0))
