"""The manipulation functions that are always views: permute_dims, matrix_transpose,
expand_dims, squeeze, flip, moveaxis, broadcast_to and broadcast_arrays.

Inputs are NumPy views with non-trivial layouts (sliced with steps of either sign,
transposed) shared into Arrays by ``asarray``; each result must hold exactly the elements
NumPy's equivalent selects, at the same addresses, and a failed call leaves its input as
it was.
"""

from __future__ import annotations

import functools


import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import array_api_reshape as xp
import strided_views
from strided_views import assert_same_view, assert_unchanged, snapshot

SETTINGS = settings(max_examples=60, deadline=None, database=None)

NUMPY_DTYPES = (np.bool_, np.int8, np.int64, np.uint32, np.float32, np.float64, np.complex64)


# --- strided NumPy data: tests/helpers/strided_views.py, with this file's dtypes -------

recipes = functools.partial(strided_views.recipes, dtypes=NUMPY_DTYPES)


def shared(recipe: strided_views.Recipe):
    """The base, the NumPy view and an Array sharing the view's memory."""
    base, view = recipe.build()
    x = xp.asarray(view)
    if view.size:
        assert np.shares_memory(np.asarray(x), view)
    return base, view, x


def any_sign(draw, axis: int, ndim: int) -> int:
    """``axis`` or its negative spelling."""
    return axis - ndim if draw(st.booleans()) else axis


@st.composite
def axis_choices(draw, ndim: int, min_size=0, max_size=None, as_int_when_single=True):
    """Distinct axes in random order and sign; sometimes a bare int for one axis."""
    axes = draw(st.lists(st.integers(0, ndim - 1), min_size=min_size, max_size=max_size,
                         unique=True)) if ndim else []
    spelled = tuple(any_sign(draw, a, ndim) for a in axes)
    if len(spelled) == 1 and as_int_when_single and draw(st.booleans()):
        return spelled[0]
    return spelled


# --- permute_dims ------------------------------------------------------------------------


@SETTINGS
@given(recipe=recipes(), data=st.data())
def test_permute_dims_matches_numpy(recipe, data):
    base, view, x = shared(recipe)
    base_before = base.copy()
    order = data.draw(st.permutations(range(view.ndim)), label="order")
    axes = tuple(any_sign(data.draw, a, view.ndim) for a in order)
    result = xp.permute_dims(x, axes)
    assert_same_view(result, np.transpose(view, axes), x)
    np.testing.assert_array_equal(base, base_before)


@pytest.mark.parametrize(
    "axes",
    [
        pytest.param((0, 1), id="too-few"),
        pytest.param((0, 1, 2, 0), id="too-many"),
        pytest.param((0, 1, 1), id="repeated"),
        pytest.param((0, 1, -2), id="repeated-negative"),
    ],
)
def test_permute_dims_refuses_non_permutations(axes):
    x = xp.asarray(np.arange(24.0).reshape(2, 3, 4)[:, ::-1])
    before = snapshot(x)
    with pytest.raises(ValueError):
        xp.permute_dims(x, axes)
    assert_unchanged(x, before)


@pytest.mark.parametrize(
    "axes, message",
    [
        pytest.param((1.0, 0), r"got float 1\.0", id="float"),
        pytest.param((True, 0), r"got bool True", id="bool"),
    ],
)
def test_permute_dims_refuses_axes_that_are_not_ints(axes, message):
    x = xp.reshape(xp.arange(24), (4, 6))
    assert xp.permute_dims(x, (1, 0)).shape == (6, 4)  # the int axes first, as a cache would
    with pytest.raises(TypeError, match=message):
        xp.permute_dims(x, axes)


# --- matrix_transpose ------------------------------------------------------------------


@SETTINGS
@given(recipe=recipes(min_dims=2))
def test_matrix_transpose_matches_numpy(recipe):
    _, view, x = shared(recipe)
    result = xp.matrix_transpose(x)
    assert_same_view(result, np.swapaxes(view, -1, -2), x)
    assert_same_view(xp.matrix_transpose(result), view, x)


@pytest.mark.parametrize("shape", [(), (4,)], ids=["0-d", "1-d"])
def test_matrix_transpose_needs_two_dimensions(shape):
    x = xp.ones(shape)
    before = snapshot(x)
    with pytest.raises(ValueError):
        xp.matrix_transpose(x)
    assert_unchanged(x, before)


# --- expand_dims ------------------------------------------------------------------------


@SETTINGS
@given(recipe=recipes(max_dims=3), data=st.data())
def test_expand_dims_with_an_int_matches_numpy(recipe, data):
    _, view, x = shared(recipe)
    ndim = view.ndim + 1
    axis = data.draw(st.integers(-ndim, ndim - 1), label="axis")
    result = xp.expand_dims(x, axis=axis)
    assert_same_view(result, np.expand_dims(view, axis), x)


@SETTINGS
@given(recipe=recipes(max_dims=3), data=st.data())
def test_expand_dims_with_a_tuple_matches_numpy(recipe, data):
    _, view, x = shared(recipe)
    count = data.draw(st.integers(1, 3), label="count")
    ndim = view.ndim + count
    positions = data.draw(st.lists(st.integers(0, ndim - 1), min_size=count, max_size=count,
                                   unique=True), label="positions")
    axis = tuple(any_sign(data.draw, p, ndim) for p in positions)
    result = xp.expand_dims(x, axis=axis)
    assert_same_view(result, np.expand_dims(view, axis), x)


@pytest.mark.parametrize(
    "shape, axis, error",
    [
        pytest.param((2, 3), 3, IndexError, id="one-past-the-end"),
        pytest.param((2, 3), -4, IndexError, id="one-before-the-start"),
        pytest.param((), 1, IndexError, id="0-d-past-the-end"),
        pytest.param((), -2, IndexError, id="0-d-before-the-start"),
        pytest.param((2, 3), (0, 4), IndexError, id="tuple-past-the-end"),
        pytest.param((2, 3), (-5, 0), IndexError, id="tuple-before-the-start"),
        pytest.param((2, 3), (1, 1), ValueError, id="repeated"),
        pytest.param((2, 3), (0, -4), ValueError, id="repeated-via-negative"),
        pytest.param((4,), (3, -1, 0), ValueError, id="repeated-end"),
        pytest.param((2, 3), 1.0, TypeError, id="float-axis"),
        pytest.param((2, 3), "0", TypeError, id="str-axis"),
    ],
)
def test_expand_dims_errors(shape, axis, error):
    x = xp.asarray(np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape))
    before = snapshot(x)
    with pytest.raises(error):
        xp.expand_dims(x, axis=axis)
    assert_unchanged(x, before)


# --- squeeze ------------------------------------------------------------------------------


@SETTINGS
@given(recipe=recipes(max_dims=3), data=st.data())
def test_squeeze_matches_numpy(recipe, data):
    _base, view, _ = shared(recipe)
    positions = data.draw(st.lists(st.integers(0, view.ndim), min_size=0, max_size=2),
                          label="new unit axes")
    key = [slice(None)] * view.ndim
    for p in sorted(positions, reverse=True):
        key.insert(p, None)
    with_units = view[tuple(key)]
    x = xp.asarray(with_units)
    unit_axes = [a for a, n in enumerate(with_units.shape) if n == 1]
    assume(unit_axes)
    chosen = data.draw(st.lists(st.sampled_from(unit_axes), min_size=1, unique=True),
                       label="axes")
    axis = tuple(any_sign(data.draw, a, with_units.ndim) for a in chosen)
    if len(axis) == 1 and data.draw(st.booleans()):
        axis = axis[0]
    result = xp.squeeze(x, axis=axis)
    assert_same_view(result, np.squeeze(with_units, axis=axis), x)


@SETTINGS
@given(recipe=recipes(min_dims=1), data=st.data())
def test_squeeze_of_a_non_unit_axis_is_value_error(recipe, data):
    _, view, x = shared(recipe)
    non_unit = [a for a, n in enumerate(view.shape) if n != 1]
    assume(non_unit)
    bad = data.draw(st.sampled_from(non_unit), label="bad")
    units = [a for a, n in enumerate(view.shape) if n == 1]
    axis = tuple(data.draw(st.permutations(units + [bad]), label="axis"))
    before = snapshot(x)
    with pytest.raises(ValueError):
        xp.squeeze(x, axis=axis)
    with pytest.raises(ValueError):
        xp.squeeze(x, axis=bad - view.ndim)
    assert_unchanged(x, before)


@pytest.mark.parametrize(
    "shape, axis",
    [
        pytest.param((1, 3, 1), (0, 2), id="both-ends"),
        pytest.param((1, 3, 1), -1, id="last-negative"),
        pytest.param((1,), 0, id="to-0-d"),
        pytest.param((1, 1), (1, 0), id="to-0-d-reversed"),
        pytest.param((1, 0, 1), (0, 2), id="zero-size"),
        pytest.param((2, 1, 3), (), id="no-axes"),
    ],
)
def test_named_squeezes(shape, axis):
    a = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
    x = xp.asarray(a)
    assert_same_view(xp.squeeze(x, axis=axis), np.squeeze(a, axis=axis), x)


@pytest.mark.parametrize(
    "shape, axis, error",
    [
        pytest.param((1, 3), 1, ValueError, id="size-3"),
        pytest.param((1, 0), 1, ValueError, id="size-0"),
        pytest.param((1, 3), (0, 0), ValueError, id="repeated"),
        pytest.param((1, 3), 2, IndexError, id="out-of-range"),
    ],
)
def test_squeeze_errors(shape, axis, error):
    x = xp.asarray(np.zeros(shape))
    before = snapshot(x)
    with pytest.raises(error):
        xp.squeeze(x, axis=axis)
    assert_unchanged(x, before)


# --- flip -----------------------------------------------------------------------------------


@SETTINGS
@given(recipe=recipes(), data=st.data())
def test_flip_matches_numpy(recipe, data):
    _, view, x = shared(recipe)
    axis = data.draw(st.none() | axis_choices(view.ndim), label="axis")
    result = xp.flip(x) if axis is None else xp.flip(x, axis=axis)
    # NumPy's flip of a 0-d array is a scalar, not a view; the 0-d view is the array itself
    expected = np.flip(view, axis=axis) if view.ndim else view
    assert_same_view(result, expected, x)
    assert_same_view(xp.flip(result, axis=axis), view, x)


@pytest.mark.parametrize(
    "axis, error",
    [
        pytest.param(2, IndexError, id="out-of-range"),
        pytest.param(-3, IndexError, id="out-of-range-negative"),
        pytest.param((0, 0), ValueError, id="repeated"),
        pytest.param((1, -1), ValueError, id="repeated-negative"),
        pytest.param(0.0, TypeError, id="float"),
    ],
)
def test_flip_errors(axis, error):
    x = xp.asarray(np.arange(6).reshape(2, 3)[:, ::-1])
    before = snapshot(x)
    with pytest.raises(error):
        xp.flip(x, axis=axis)
    assert_unchanged(x, before)


# --- moveaxis -------------------------------------------------------------------------------


@SETTINGS
@given(recipe=recipes(min_dims=1), data=st.data())
def test_moveaxis_matches_numpy(recipe, data):
    _, view, x = shared(recipe)
    ndim = view.ndim
    count = data.draw(st.integers(1, ndim), label="count")
    sources = data.draw(st.lists(st.integers(0, ndim - 1), min_size=count, max_size=count,
                                 unique=True), label="sources")
    destinations = data.draw(st.lists(st.integers(0, ndim - 1), min_size=count,
                                      max_size=count, unique=True), label="destinations")
    source = tuple(any_sign(data.draw, a, ndim) for a in sources)
    destination = tuple(any_sign(data.draw, a, ndim) for a in destinations)
    if count == 1 and data.draw(st.booleans()):
        source, destination = source[0], destination[0]
    result = xp.moveaxis(x, source, destination)
    assert_same_view(result, np.moveaxis(view, source, destination), x)


@pytest.mark.parametrize(
    "source, destination, error",
    [
        pytest.param((0, 1), (2,), ValueError, id="different-lengths"),
        pytest.param((0, 0), (1, 2), ValueError, id="repeated-source"),
        pytest.param((0, 1), (2, -1), ValueError, id="repeated-destination"),
        pytest.param(3, 0, IndexError, id="source-out-of-range"),
        pytest.param(0, -4, IndexError, id="destination-out-of-range"),
    ],
)
def test_moveaxis_errors(source, destination, error):
    x = xp.asarray(np.arange(24).reshape(2, 3, 4).transpose(2, 0, 1))
    before = snapshot(x)
    with pytest.raises(error):
        xp.moveaxis(x, source, destination)
    assert_unchanged(x, before)


# --- broadcast_to ---------------------------------------------------------------------------


@st.composite
def broadcast_targets(draw, shape):
    """Shapes that ``shape`` broadcasts to: new leading axes, size-1 axes stretched."""
    lead = tuple(draw(st.lists(st.integers(0, 4), max_size=2)))
    stretched = tuple(draw(st.integers(0, 4)) if n == 1 else n for n in shape)
    return lead + stretched


@SETTINGS
@given(recipe=recipes(), data=st.data())
def test_broadcast_to_matches_numpy(recipe, data):
    _base, view, x = shared(recipe)
    target = data.draw(broadcast_targets(view.shape), label="target")
    spelled = data.draw(st.sampled_from([target, list(target)]), label="spelled")
    result = xp.broadcast_to(x, spelled)
    assert_same_view(result, np.broadcast_to(view, target), x)


@SETTINGS
@given(recipe=recipes(min_side=1), data=st.data())
def test_broadcast_views_are_read_only(recipe, data):
    base, view, x = shared(recipe)
    target = data.draw(broadcast_targets(view.shape), label="target")
    result = xp.broadcast_to(x, target)
    assume(result.size)
    base_before = base.copy()
    with pytest.raises(ValueError):
        result[...] = xp.asarray(np.zeros(target, dtype=view.dtype))
    with pytest.raises(ValueError):
        result[(0,) * result.ndim] = xp.asarray(np.zeros((), dtype=view.dtype))
    np.testing.assert_array_equal(base, base_before)
    x[...] = xp.asarray(np.zeros(view.shape, dtype=view.dtype))
    assert not np.asarray(x).any()


@SETTINGS
@given(recipe=recipes(min_dims=1), data=st.data())
def test_broadcast_to_an_incompatible_shape_is_value_error(recipe, data):
    _, view, x = shared(recipe)
    shape = list(view.shape)
    axis = data.draw(st.integers(0, len(shape) - 1), label="axis")
    n = shape[axis]
    bad_sizes = [m for m in range(0, 7) if m != n and n != 1]
    how = data.draw(st.sampled_from(["resize", "drop"] if bad_sizes else ["drop"]),
                    label="how")
    if how == "resize":
        shape[axis] = data.draw(st.sampled_from(bad_sizes), label="size")
        target = tuple(shape)
    else:
        non_unit = [a for a, m in enumerate(view.shape) if m != 1]
        assume(non_unit)
        target = tuple(m for a, m in enumerate(view.shape) if a != non_unit[0])
    before = snapshot(x)
    with pytest.raises(ValueError):
        xp.broadcast_to(x, target)
    assert_unchanged(x, before)


@pytest.mark.parametrize(
    "shape, target, error",
    [
        pytest.param((3,), (4,), ValueError, id="3-to-4"),
        pytest.param((3,), (3, 2), ValueError, id="trailing-mismatch"),
        pytest.param((2, 3), (3,), ValueError, id="fewer-dimensions"),
        pytest.param((2, 1), (3, 4), ValueError, id="2-to-3"),
        pytest.param((3,), (-1,), ValueError, id="negative"),
        pytest.param((3,), (3.0,), TypeError, id="float-size"),
    ],
)
def test_broadcast_to_errors(shape, target, error):
    x = xp.asarray(np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape))
    before = snapshot(x)
    with pytest.raises(error):
        xp.broadcast_to(x, target)
    assert_unchanged(x, before)


# --- broadcast_arrays -----------------------------------------------------------------------


@SETTINGS
@given(
    shapes=hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=4, max_side=4),
    count=st.integers(1, 3),
    data=st.data(),
)
def test_broadcast_arrays_matches_numpy(shapes, count, data):
    input_shapes = shapes.input_shapes[:count]
    views, arrays = [], []
    for i, shape in enumerate(input_shapes):
        _, view = data.draw(recipes(shape=shape), label=f"recipe {i}").build()
        views.append(view)
        arrays.append(xp.asarray(view))
    results = xp.broadcast_arrays(*arrays)
    assert type(results) is tuple
    expected = np.broadcast_arrays(*views)
    assert len(results) == len(expected) == count
    for result, reference, x in zip(results, expected, arrays):
        assert_same_view(result, reference, x)


def test_broadcast_arrays_of_one_array_and_mixed_dtypes():
    a = xp.asarray(np.arange(3, dtype=np.int8))
    (only,) = xp.broadcast_arrays(a)
    assert only.shape == (3,) and only.dtype == xp.int8
    first, second = xp.broadcast_arrays(xp.ones((2, 1), dtype=xp.float32), a)
    assert (first.shape, second.shape) == ((2, 3), (2, 3))
    assert (first.dtype, second.dtype) == (xp.float32, xp.int8)


@pytest.mark.parametrize(
    "shapes",
    [
        pytest.param([(3,), (4,)], id="3-and-4"),
        pytest.param([(2, 3), (3, 2)], id="2x3-and-3x2"),
        pytest.param([(1, 3), (2, 1), (4, 1, 2)], id="three-shapes"),
        pytest.param([(0,), (2,)], id="0-and-2"),
    ],
)
def test_broadcast_arrays_of_incompatible_shapes_is_value_error(shapes):
    arrays = [xp.asarray(np.arange(int(np.prod(s)), dtype=np.float64).reshape(s)[..., ::-1])
              for s in shapes]
    before = [snapshot(x) for x in arrays]
    with pytest.raises(ValueError):
        xp.broadcast_arrays(*arrays)
    for x, state in zip(arrays, before):
        assert_unchanged(x, state)


# --- the views stay views of the same memory ------------------------------------------------


def test_writes_through_the_input_show_in_every_view():
    base = np.arange(24.0).reshape(2, 3, 4)
    x = xp.asarray(base[:, ::-1, ::2])
    views = [
        xp.permute_dims(x, (2, 0, 1)),
        xp.matrix_transpose(x),
        xp.expand_dims(x, axis=(0, -1)),
        xp.squeeze(xp.expand_dims(x, axis=1), axis=1),
        xp.flip(x, axis=(0, 2)),
        xp.moveaxis(x, 0, -1),
        xp.broadcast_to(x, (3, 2, 3, 2)),
        *xp.broadcast_arrays(x, xp.ones((5, 1, 1, 1))),
    ]
    references = [
        lambda: np.transpose(base[:, ::-1, ::2], (2, 0, 1)),
        lambda: np.swapaxes(base[:, ::-1, ::2], -1, -2),
        lambda: base[:, ::-1, ::2][None, ..., None],
        lambda: base[:, ::-1, ::2],
        lambda: np.flip(base[:, ::-1, ::2], axis=(0, 2)),
        lambda: np.moveaxis(base[:, ::-1, ::2], 0, -1),
        lambda: np.broadcast_to(base[:, ::-1, ::2], (3, 2, 3, 2)),
        lambda: np.broadcast_to(base[:, ::-1, ::2], (5, 2, 3, 2)),
        lambda: np.ones((5, 2, 3, 2)),
    ]
    x[1, 0, 1] = -7.0
    assert base[1, 2, 2] == -7.0
    for view, reference in zip(views, references):
        np.testing.assert_array_equal(np.asarray(view), reference())
