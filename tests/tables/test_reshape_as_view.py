"""reshape_as_view is exact: a view whenever any strides reproduce the elements."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings, strategies as st

from array_api_reshape._tables._layout import Layout, fits_in_buffer
from array_api_reshape._tables._reshape_as_view import (
    ReshapeBlocked,
    reshape_as_view,
    reshape_as_view_column_major,
)
from layout_model import a_view_exists, addresses_of
from strategies import buffer_size_for, factorisations_of, small_layouts

SLICED = Layout((4, 6, 9), (72, 9, 1), 0)  # arange(288) as (4, 8, 9), sliced [:, :6, :]
FLIPPED = Layout((4, 6, 9), (-54, 9, 1), 162)  # arange(216) as (4, 6, 9), flipped on axis 0
BROADCAST = Layout((6, 4), (0, 1), 0)  # a (4,) vector broadcast to (6, 4)
F_SLICED = Layout((4, 6, 9), (1, 4, 32), 0)  # arange(288) as (4, 8, 9) in F order, [:, :6, :]


@settings(max_examples=1500)
@given(data=st.data(), layout=small_layouts())
def test_reshape_as_view_is_exact(data, layout):
    new_shape = data.draw(factorisations_of(math.prod(layout.shape)))
    result = reshape_as_view(layout, new_shape)
    assert isinstance(result, Layout) == a_view_exists(layout, new_shape)
    if isinstance(result, Layout):
        assert result.shape == new_shape
        assert addresses_of(result) == addresses_of(layout)
        assert fits_in_buffer(result, buffer_size_for(layout))


@settings(max_examples=1500)
@given(data=st.data(), layout=small_layouts())
def test_column_major_reshape_as_view_is_exact(data, layout):
    new_shape = data.draw(factorisations_of(math.prod(layout.shape)))
    result = reshape_as_view_column_major(layout, new_shape)
    assert isinstance(result, Layout) == a_view_exists(layout, new_shape, order="F")
    if isinstance(result, Layout):
        assert addresses_of(result, "F") == addresses_of(layout, "F")


@given(data=st.data(), layout=small_layouts())
def test_blocking_axes_are_neighbours_that_really_cannot_merge(data, layout):
    new_shape = data.draw(factorisations_of(math.prod(layout.shape)))
    result = reshape_as_view(layout, new_shape)
    if isinstance(result, ReshapeBlocked):
        first, second = result.axes
        assert first < second
        between = layout.shape[first + 1 : second]
        assert all(n == 1 for n in between), "only size-1 axes may lie between them"
        merged = Layout(
            (layout.shape[first] * layout.shape[second],),
            (layout.strides[second],),
            layout.offset,
        )
        pair = Layout(
            (layout.shape[first], layout.shape[second]),
            (layout.strides[first], layout.strides[second]),
            layout.offset,
        )
        assert addresses_of(pair) != addresses_of(merged)


@given(layout=small_layouts())
def test_same_shape_is_the_same_layout(layout):
    assert reshape_as_view(layout, layout.shape) == layout


NAMED_CASES = [
    # id, layout, new shape, expected strides (None: copy) , expected blocking axes
    pytest.param(SLICED, (2, 2, 6, 9), (144, 72, 9, 1), None, id="slice-split-head"),
    pytest.param(SLICED, (4, 3, 2, 9), (72, 18, 9, 1), None, id="slice-split-middle"),
    pytest.param(SLICED, (4, 2, 3, 3, 3), (72, 27, 9, 3, 1), None, id="slice-split-all"),
    pytest.param(SLICED, (4, 54), (72, 1), None, id="slice-middle-merge-tail"),
    pytest.param(SLICED, (4, 3, 6, 3), (72, 18, 3, 1), None, id="slice-regroup-tail"),
    pytest.param(SLICED, (24, 9), None, (0, 1), id="slice-middle-merge-head"),
    pytest.param(SLICED, (216,), None, (0, 1), id="slice-flatten"),
    pytest.param(SLICED, (12, 2, 9), None, (0, 1), id="slice-regroup-head"),
    pytest.param(FLIPPED, (4, 54), (-54, 1), None, id="flip-merge-tail"),
    pytest.param(FLIPPED, (24, 9), None, (0, 1), id="flip-merge-head"),
    pytest.param(BROADCAST, (3, 2, 4), (0, 0, 1), None, id="broadcast-split"),
    pytest.param(BROADCAST, (24,), None, (0, 1), id="broadcast-flatten"),
    pytest.param(Layout((3, 2), (4, 2), 0), (6,), (2,), None, id="step-columns-flatten"),
    pytest.param(Layout((3, 2), (1, 3), 0), (6,), None, (0, 1), id="transpose-flatten"),
    pytest.param(Layout((3, 2), (1, 3), 0), (3, 2, 1), (1, 3, 1), None, id="transpose-add-unit"),
    pytest.param(Layout((4, 3), (-3, -1), 11), (12,), (-1,), None, id="flip-both-flatten"),
    pytest.param(Layout((4, 3), (-3, 1), 9), (12,), None, (0, 1), id="flip-rows-flatten"),
    pytest.param(Layout((0, 2), (1, 2), 0), (2, 0), (1, 1), None, id="empty-any"),
    pytest.param(Layout((2, 1, 3), (3, 99, 1), 0), (6,), (1,), None, id="unit-axis-any-stride"),
    pytest.param(Layout((2, 2), (0, 0), 5), (4,), (0,), None, id="fully-broadcast-flatten"),
    pytest.param(Layout((), (), 7), (1, 1), (1, 1), None, id="scalar-to-units"),
]


@pytest.mark.parametrize("layout, new_shape, strides, blocking", NAMED_CASES)
def test_named_cases(layout, new_shape, strides, blocking):
    result = reshape_as_view(layout, new_shape)
    if strides is None:
        assert isinstance(result, ReshapeBlocked)
        assert result.axes == blocking
    else:
        assert result == Layout(new_shape, strides, layout.offset)


def test_blocked_reason_states_the_stride_arithmetic():
    assert reshape_as_view(SLICED, (24, 9)).reason == "stride 72 != 6 * 9"


@pytest.mark.parametrize(
    "layout, new_shape, view",
    [
        pytest.param(F_SLICED, (24, 9), True, id="f-slice-merge-head"),
        pytest.param(F_SLICED, (4, 54), False, id="f-slice-merge-tail"),
        pytest.param(Layout((3, 2), (1, 3), 0), (6,), True, id="f-transpose-flatten"),
    ],
)
def test_column_major_named_cases(layout, new_shape, view):
    result = reshape_as_view_column_major(layout, new_shape)
    assert isinstance(result, Layout) == view
    if not view:
        assert result.axes == (1, 2)


def _shapes_of_size(size, max_ndim=3, max_side=6):
    shapes = set()
    for ndim in range(0 if size == 1 else 1, max_ndim + 1):
        for shape in itertools.product(range(max_side + 1), repeat=ndim):
            if math.prod(shape) == size:
                shapes.add(shape)
    return sorted(shapes)


def test_exhaustively_on_tiny_layouts():
    """Every layout of rank <= 2, sides <= 3, strides in [-3, 3], against every new shape
    of rank <= 3: both answers occur, and the decision always matches the model."""
    outcomes = {True: 0, False: 0}
    for ndim in range(3):
        for shape in itertools.product(range(4), repeat=ndim):
            for strides in itertools.product(range(-3, 4), repeat=ndim):
                layout = Layout(shape, strides, 9)
                for new_shape in _shapes_of_size(math.prod(shape)):
                    result = reshape_as_view(layout, new_shape)
                    is_view = isinstance(result, Layout)
                    assert is_view == a_view_exists(layout, new_shape), (layout, new_shape)
                    outcomes[is_view] += 1
    assert outcomes[True] > 1000 and outcomes[False] > 1000
