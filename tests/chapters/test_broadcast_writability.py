"""Which broadcast results may be written: ``broadcast_arrays`` and ``meshgrid`` give
writable views exactly when no two elements share an address (and the input is
writable), as NumPy and array-api-strict do; a stride-0 axis that repeats elements keeps
the view read-only. ``broadcast_to`` stays read-only, like NumPy's.

The oracle is the brute-force address list of tests/helpers/layout_model.py: a view repeats
addresses when the list has duplicates.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import array_api_reshape as xp
import strided_views
from array_api_reshape import layout
from layout_model import element_addresses

SETTINGS = settings(max_examples=80, deadline=None, database=None)
recipes = functools.partial(strided_views.recipes, dtypes=(np.int16, np.float64, np.bool_))


def repeats_addresses(x) -> bool:
    addresses = element_addresses(x.shape, layout.strides(x), layout.offset(x))
    return len(set(addresses)) < len(addresses)


def write_succeeds(x) -> bool:
    """Write a new value to every element; True when allowed, False when refused."""
    try:
        x[...] = xp.zeros(x.shape, dtype=x.dtype)
    except ValueError as error:
        assert "read-only" in str(error) or "broadcast" in str(error)
        return False
    return True


@SETTINGS
@given(
    shapes=hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=4, max_side=3),
    read_only=st.lists(st.booleans(), min_size=3, max_size=3),
    data=st.data(),
)
def test_broadcast_arrays_are_writable_exactly_without_repeated_addresses(
    shapes, read_only, data
):
    views, arrays = [], []
    for i, shape in enumerate(shapes.input_shapes):
        _, view = data.draw(recipes(shape=shape), label=f"recipe {i}").build()
        view.flags.writeable = not read_only[i]
        views.append(view)
        arrays.append(xp.asarray(view))
    for result, view, was_read_only in zip(xp.broadcast_arrays(*arrays), views, read_only):
        expected_writable = not was_read_only and not repeats_addresses(result)
        before = view.copy()
        if result.size == 0:
            continue
        assert write_succeeds(result) == expected_writable
        if expected_writable:
            assert not np.asarray(result).any() and not view.any()
        else:
            np.testing.assert_array_equal(view, before)


@SETTINGS
@given(sizes=st.lists(st.integers(0, 3), max_size=4), indexing=st.sampled_from(["xy", "ij"]))
def test_meshgrid_grids_are_writable_exactly_without_repeated_addresses(sizes, indexing):
    inputs = [xp.arange(n, dtype=xp.int32) + 10 * i for i, n in enumerate(sizes)]
    grids = xp.meshgrid(*inputs, indexing=indexing)
    for grid, source in zip(grids, inputs):
        expected = np.asarray(grid).copy()
        if grid.size == 0:
            continue
        writable = write_succeeds(grid)
        assert writable == (not repeats_addresses(grid))
        if writable:
            assert not np.asarray(source).any()
        else:
            np.testing.assert_array_equal(np.asarray(grid), expected)


@pytest.mark.parametrize(
    "shapes, writable",
    [
        pytest.param([(2, 3), (2, 3)], [True, True], id="equal-shapes"),
        pytest.param([(3,), (2, 3)], [False, True], id="row-repeated"),
        pytest.param([(1, 3), (1, 1)], [True, False], id="size-1-axes-stretched-once"),
        pytest.param([(1, 3), (1, 1, 3)], [True, True], id="new-unit-axis"),
        pytest.param([(4,)], [True], id="one-array"),
    ],
)
def test_broadcast_arrays_named_cases(shapes, writable):
    arrays = [xp.ones(shape) for shape in shapes]
    results = xp.broadcast_arrays(*arrays)
    assert [write_succeeds(r) for r in results] == writable


def test_writes_through_a_broadcast_result_show_in_the_input_and_its_views():
    x = xp.reshape(xp.arange(6.0), (2, 3))
    first, _ = xp.broadcast_arrays(x, xp.ones((2, 1)))
    first[1, 2] = -1.0
    assert float(x[1, 2]) == -1.0
    assert layout.shares_memory(first, x)


def test_broadcast_to_stays_read_only_even_without_repeats():
    y = xp.broadcast_to(xp.arange(3.0), (1, 3))
    with pytest.raises(ValueError, match="read-only"):
        y[0, 0] = 1.0


def test_a_view_of_a_repeating_result_is_still_read_only():
    _, repeated = xp.broadcast_arrays(xp.ones((2, 3)), xp.arange(3.0))
    row = repeated[0]
    assert not repeats_addresses(row)
    with pytest.raises(ValueError, match="read-only"):
        row[0] = 5.0
