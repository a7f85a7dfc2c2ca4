"""Statistics, utilities, searching, sorting, sets and manipulation against NumPy."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape import layout

FLOAT_DTYPES = [np.float32, np.float64]
INT_DTYPES = [np.int8, np.int16, np.int64, np.uint8, np.uint32]


def arrays(dtypes, min_dims=0, min_side=0, elements=None):
    return npst.arrays(
        st.sampled_from(dtypes),
        npst.array_shapes(min_dims=min_dims, max_dims=3, min_side=min_side, max_side=4),
        elements=elements,
    )


@st.composite
def axes_for(draw, ndim):
    if draw(st.booleans()):
        return None
    return tuple(draw(st.lists(st.integers(0, ndim - 1), unique=True))) if ndim else ()


def assert_same(ours, expected, exact=True):
    expected = np.asarray(expected)
    assert ours.shape == expected.shape
    if exact:
        np.testing.assert_array_equal(np.asarray(ours), expected)
    else:
        np.testing.assert_allclose(np.asarray(ours), expected, rtol=1e-5, atol=1e-6, equal_nan=True)


@pytest.mark.parametrize("name", ["sum", "prod"])
@given(a=arrays(INT_DTYPES + FLOAT_DTYPES), data=st.data())
def test_sum_and_prod(name, a, data):
    axis = data.draw(axes_for(a.ndim))
    keepdims = data.draw(st.booleans())
    ours = getattr(xp, name)(xp.asarray(a), axis=axis, keepdims=keepdims)
    accumulator = {"i": np.int64, "u": np.uint64}.get(a.dtype.kind, a.dtype)
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(a, axis=axis, keepdims=keepdims, dtype=accumulator)
    assert ours.dtype.name == np.dtype(accumulator).name
    assert_same(ours, expected, exact=a.dtype.kind != "f")


@pytest.mark.parametrize("name", ["max", "min"])
@given(a=arrays(INT_DTYPES + FLOAT_DTYPES, min_side=1), data=st.data())
def test_max_min(name, a, data):
    axis = data.draw(axes_for(a.ndim))
    keepdims = data.draw(st.booleans())
    ours = getattr(xp, name)(xp.asarray(a), axis=axis, keepdims=keepdims)
    assert_same(ours, getattr(np, name)(a, axis=axis, keepdims=keepdims))


def test_max_of_nothing_is_an_error():
    with pytest.raises(ValueError, match="zero elements"):
        xp.max(xp.zeros((0, 3)), axis=0)
    assert xp.max(xp.zeros((0, 3)), axis=1).shape == (0,)


@pytest.mark.parametrize("name", ["mean", "std", "var"])
@given(a=arrays(FLOAT_DTYPES, min_side=1, elements=st.floats(-1e3, 1e3, width=32)), data=st.data())
def test_mean_std_var(name, a, data):
    axis = data.draw(axes_for(a.ndim))
    kwargs = {} if name == "mean" else {"correction": data.draw(st.sampled_from([0, 1, 0.5]))}
    ours = getattr(xp, name)(xp.asarray(a), axis=axis, **kwargs)
    numpy_kwargs = {} if name == "mean" else {"ddof": kwargs["correction"]}
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = getattr(np, name)(a, axis=axis, **numpy_kwargs)
    assert ours.dtype.name == a.dtype.name
    assert_same(ours, expected, exact=False)


def test_statistics_refuse_wrong_kinds():
    with pytest.raises(TypeError, match="floating-point"):
        xp.mean(xp.asarray([1, 2]))
    with pytest.raises(TypeError, match="numeric"):
        xp.sum(xp.asarray([True]))
    with pytest.raises(TypeError, match="real-valued"):
        xp.max(xp.asarray([1j]))
    with pytest.raises(IndexError, match="out of range"):
        xp.sum(xp.zeros((2, 2)), axis=2)
    with pytest.raises(ValueError, match="repeats"):
        xp.sum(xp.zeros((2, 2)), axis=(0, 0))


@pytest.mark.parametrize("name, numpy_name, identity", [("cumulative_sum", "cumsum", 0),
                                                        ("cumulative_prod", "cumprod", 1)])
@given(a=arrays(INT_DTYPES + FLOAT_DTYPES, min_dims=1), data=st.data())
def test_cumulative(name, numpy_name, identity, a, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    include_initial = data.draw(st.booleans())
    accumulator = {"i": np.int64, "u": np.uint64}.get(a.dtype.kind, a.dtype)
    with np.errstate(all="ignore"):
        expected = getattr(np, numpy_name)(a, axis=axis, dtype=accumulator)
        if include_initial:
            shape = list(expected.shape)
            shape[axis] = 1
            initial = np.full(shape, identity, dtype=accumulator)
            expected = np.concatenate([initial, expected], axis=axis)
    ours = getattr(xp, name)(xp.asarray(a), axis=axis, include_initial=include_initial)
    assert_same(ours, expected, exact=a.dtype.kind != "f")


@given(a=arrays(INT_DTYPES + [np.bool_]), data=st.data())
def test_all_any_count_nonzero(a, data):
    axis = data.draw(axes_for(a.ndim))
    keepdims = data.draw(st.booleans())
    x = xp.asarray(a)
    assert_same(xp.all(x, axis=axis, keepdims=keepdims), np.all(a, axis=axis, keepdims=keepdims))
    assert_same(xp.any(x, axis=axis, keepdims=keepdims), np.any(a, axis=axis, keepdims=keepdims))
    assert_same(xp.count_nonzero(x, axis=axis, keepdims=keepdims),
                np.count_nonzero(a, axis=axis, keepdims=keepdims))


@given(a=arrays(INT_DTYPES + FLOAT_DTYPES, min_dims=1), data=st.data())
def test_diff(a, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = data.draw(st.integers(0, 3))
    with np.errstate(all="ignore"):
        expected = np.diff(a, n=n, axis=axis)
    assert_same(xp.diff(xp.asarray(a), axis=axis, n=n), expected)


def test_diff_with_a_huge_order_is_empty_at_once():
    # found by the fuzzer: NumPy loops n times even after the axis is empty
    result = xp.diff(xp.zeros((4, 3)), axis=1, n=2**63)
    assert result.shape == (4, 0)


def test_diff_with_prepend_and_append():
    x = xp.asarray([[1, 4], [9, 16]])
    result = xp.diff(x, axis=1, prepend=xp.asarray([[0], [0]]), append=xp.asarray([[20], [20]]))
    assert_same(result, [[1, 3, 16], [9, 7, 4]])
    with pytest.raises(ValueError, match="except along axis"):
        xp.diff(x, axis=1, prepend=xp.asarray([[0, 0, 0]]))


@pytest.mark.parametrize("name", ["argmax", "argmin"])
@given(a=arrays(INT_DTYPES + FLOAT_DTYPES, min_dims=1, min_side=1), data=st.data())
def test_argmax_argmin(name, a, data):
    axis = data.draw(st.one_of(st.none(), st.integers(-a.ndim, a.ndim - 1)))
    keepdims = data.draw(st.booleans())
    ours = getattr(xp, name)(xp.asarray(a), axis=axis, keepdims=keepdims)
    expected = getattr(np, name)(a, axis=axis, keepdims=keepdims)
    assert ours.dtype is xp.int64
    assert_same(ours, expected)


@given(a=arrays(INT_DTYPES + [np.bool_], min_dims=1))
def test_nonzero(a):
    ours = xp.nonzero(xp.asarray(a))
    expected = np.nonzero(a)
    assert isinstance(ours, tuple) and len(ours) == len(expected)
    for o, e in zip(ours, expected):
        assert_same(o, e)


@given(haystack=npst.arrays(np.float64, st.integers(0, 8), elements=st.floats(-10, 10)),
       needles=npst.arrays(np.float64, st.integers(0, 5), elements=st.floats(-12, 12)),
       side=st.sampled_from(["left", "right"]))
def test_searchsorted(haystack, needles, side):
    haystack = np.sort(haystack)
    ours = xp.searchsorted(xp.asarray(haystack), xp.asarray(needles), side=side)
    assert_same(ours, np.searchsorted(haystack, needles, side=side))
    assert int(xp.searchsorted(xp.asarray(haystack), 0.5, side=side)) == int(
        np.searchsorted(haystack, 0.5, side=side))


@given(data=st.data(),
       shapes=npst.mutually_broadcastable_shapes(num_shapes=3, max_dims=3, max_side=3))
def test_where(data, shapes):
    condition = data.draw(npst.arrays(np.bool_, shapes.input_shapes[0]))
    a = data.draw(npst.arrays(np.int16, shapes.input_shapes[1]))
    b = data.draw(npst.arrays(np.int16, shapes.input_shapes[2]))
    assert_same(xp.where(xp.asarray(condition), xp.asarray(a), xp.asarray(b)),
                np.where(condition, a, b))
    scalar = xp.where(xp.asarray(condition), xp.asarray(a), 7)
    assert scalar.dtype is xp.int16
    assert_same(scalar, np.where(condition, a, np.int16(7)))


@pytest.mark.parametrize("descending", [False, True])
@given(a=arrays(INT_DTYPES + FLOAT_DTYPES, min_dims=1, elements=None), data=st.data())
def test_sort_and_argsort_are_stable(descending, a, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    x = xp.asarray(a)
    order = np.asarray(xp.argsort(x, axis=axis, descending=descending))
    values = np.take_along_axis(a, order, axis=axis)
    if descending:
        flipped_order = np.argsort(np.flip(a, axis=axis), axis=axis, kind="stable")
        expected_order = np.flip(flipped_order, axis=axis)
        expected_order = a.shape[axis] - 1 - expected_order
    else:
        expected_order = np.argsort(a, axis=axis, kind="stable")
    np.testing.assert_array_equal(order, expected_order)
    assert_same(xp.sort(x, axis=axis, descending=descending), values)


@pytest.mark.parametrize("descending", [False, True])
@given(a=arrays(FLOAT_DTYPES, min_dims=1))
def test_unstable_sort_gives_the_same_values(descending, a):
    x = xp.asarray(a)
    stable = np.asarray(xp.sort(x, descending=descending))
    unstable = np.asarray(xp.sort(x, descending=descending, stable=False))
    np.testing.assert_array_equal(unstable, stable)
    order = np.asarray(xp.argsort(x, descending=descending, stable=False))
    np.testing.assert_array_equal(np.take_along_axis(a, order, axis=-1), stable)


def test_descending_sort_keeps_equal_elements_in_order():
    x = xp.asarray([1, 3, 1, 3, 2])
    assert_same(xp.argsort(x, descending=True), [1, 3, 4, 0, 2])


@given(a=arrays([np.int8, np.float64], elements=None))
def test_unique_family(a):
    x = xp.asarray(a)
    values, indices, inverse, counts = xp.unique_all(x)
    expected = np.unique(a, return_index=True, return_inverse=True, return_counts=True,
                         equal_nan=False)
    for ours, theirs in zip((values, indices, counts), (expected[0], expected[1], expected[3])):
        assert_same(ours, theirs)
    assert_same(inverse, expected[2].reshape(a.shape))
    assert_same(xp.unique_values(x), expected[0])
    assert_same(xp.unique_counts(x).counts, expected[3])
    assert_same(xp.unique_inverse(x).inverse_indices, expected[2].reshape(a.shape))


def test_unique_keeps_every_nan():
    assert xp.unique_values(xp.asarray([np.nan, 1.0, np.nan])).shape == (3,)


@given(a=arrays([np.int16]), b=arrays([np.int16]), invert=st.booleans())
def test_isin(a, b, invert):
    assert_same(xp.isin(xp.asarray(a), xp.asarray(b), invert=invert), np.isin(a, b, invert=invert))
    assert bool(xp.isin(3, xp.asarray([1, 3]))) is True


@given(data=st.data(), count=st.integers(1, 4),
       shape=npst.array_shapes(min_dims=1, max_dims=3, max_side=3))
def test_concat_and_stack(data, count, shape):
    parts = [np.arange(np.prod(shape)).reshape(shape) + i for i in range(count)]
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    ours = [xp.asarray(p) for p in parts]
    assert_same(xp.concat(ours, axis=axis), np.concatenate(parts, axis=axis))
    assert_same(xp.concat(ours, axis=None), np.concatenate([p.ravel() for p in parts]))
    stack_axis = data.draw(st.integers(-len(shape) - 1, len(shape)))
    assert_same(xp.stack(ours, axis=stack_axis), np.stack(parts, axis=stack_axis))


def test_concat_promotes_and_checks_shapes():
    result = xp.concat([xp.asarray([1], dtype=xp.int8), xp.asarray([2], dtype=xp.int16)])
    assert result.dtype is xp.int16
    with pytest.raises(ValueError, match="does not match"):
        xp.concat([xp.zeros((2, 2)), xp.zeros((2, 3))])
    with pytest.raises(ValueError, match="has shape"):
        xp.stack([xp.zeros(2), xp.zeros(3)])


@given(a=arrays(INT_DTYPES, min_dims=1), data=st.data())
def test_unstack_gives_views(a, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    x = xp.asarray(a)
    parts = xp.unstack(x, axis=axis)
    assert len(parts) == a.shape[axis]
    for i, part in enumerate(parts):
        assert part._storage is x._storage
        assert_same(part, np.take(a, i, axis=axis))


@given(a=arrays(INT_DTYPES), data=st.data())
def test_repeat_roll_tile(a, data):
    x = xp.asarray(a)
    count = data.draw(st.integers(0, 3))
    assert_same(xp.repeat(x, count), np.repeat(a, count))
    if a.ndim:
        axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
        counts = data.draw(npst.arrays(np.int64, (a.shape[axis],), elements=st.integers(0, 3)))
        assert_same(xp.repeat(x, xp.asarray(counts), axis=axis), np.repeat(a, counts, axis=axis))
        assert_same(xp.roll(x, 2, axis=axis), np.roll(a, 2, axis=axis))
    assert_same(xp.roll(x, -1), np.roll(a, -1))
    reps = tuple(data.draw(st.lists(st.integers(0, 2), max_size=3)))
    assert_same(xp.tile(x, reps), np.tile(a, reps))


@given(shapes=npst.mutually_broadcastable_shapes(num_shapes=3, max_dims=4, max_side=3))
def test_broadcast_shapes(shapes):
    assert xp.broadcast_shapes(*shapes.input_shapes) == shapes.result_shape


def test_broadcast_shapes_with_unknown_sizes_and_errors():
    assert xp.broadcast_shapes((None, 1), (3, 4)) == (3, 4)
    assert xp.broadcast_shapes((None,), (1,)) == (None,)
    with pytest.raises(ValueError, match="do not broadcast"):
        xp.broadcast_shapes((2,), (3,))


def test_expand_dims_with_a_tuple_and_squeeze():
    x = xp.zeros((2, 3))
    y = xp.expand_dims(x, axis=(0, 3))
    assert y.shape == (1, 2, 3, 1) and layout.shares_memory(y, x)
    assert xp.squeeze(y, axis=(0, -1)).shape == (2, 3)
    with pytest.raises(ValueError, match="size 2"):
        xp.squeeze(y, axis=1)
    with pytest.raises(IndexError, match="out of range"):
        xp.expand_dims(x, axis=4)


def test_unique_inverse_agrees_with_unique_all_when_every_element_is_nan():
    x = xp.full((2, 3, 3), xp.nan)
    assert_same(xp.unique_inverse(x).inverse_indices, xp.unique_all(x).inverse_indices)
