"""reshape() on arrays: the view/copy contract, -1, and every bad shape refused clearly."""

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


def sliced_4_8_9():
    return xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]


def flipped_4_6_9():
    return xp.flip(xp.reshape(xp.arange(216), (4, 6, 9)), axis=0)


def broadcast_6_4():
    return xp.broadcast_to(xp.arange(4), (6, 4))


def every_other_column():
    return xp.reshape(xp.arange(12), (3, 4))[:, ::2]


def transposed_3_4():
    return xp.reshape(xp.arange(12), (3, 4)).T


def empty_0_4():
    return xp.zeros((0, 4))


CASES = [
    pytest.param(sliced_4_8_9, (2, 2, 6, 9), True, id="slice-split-head"),
    pytest.param(sliced_4_8_9, (4, 3, 2, 9), True, id="slice-split-middle"),
    pytest.param(sliced_4_8_9, (4, 2, 3, 3, 3), True, id="slice-split-all"),
    pytest.param(sliced_4_8_9, (4, 54), True, id="slice-middle-merge-tail"),
    pytest.param(sliced_4_8_9, (4, 3, 6, 3), True, id="slice-regroup-tail"),
    pytest.param(sliced_4_8_9, (24, 9), False, id="slice-middle-merge-head"),
    pytest.param(sliced_4_8_9, (216,), False, id="slice-flatten"),
    pytest.param(sliced_4_8_9, (12, 2, 9), False, id="slice-regroup-head"),
    pytest.param(flipped_4_6_9, (4, 54), True, id="flip-merge-tail"),
    pytest.param(flipped_4_6_9, (24, 9), False, id="flip-merge-head"),
    pytest.param(broadcast_6_4, (3, 2, 4), True, id="broadcast-split"),
    pytest.param(broadcast_6_4, (24,), False, id="broadcast-flatten"),
    pytest.param(every_other_column, (6,), True, id="step-columns-flatten"),
    pytest.param(transposed_3_4, (12,), False, id="transpose-flatten"),
    pytest.param(empty_0_4, (2, 0, 8), True, id="empty-any"),
]


def is_view_of(result, x):
    return result._storage is x._storage


@pytest.mark.parametrize("make, new_shape, view", CASES)
def test_named_cases(make, new_shape, view):
    x = make()
    expected = np.reshape(np.asarray(x), new_shape)
    result = xp.reshape(x, new_shape)
    assert is_view_of(result, x) == view
    if x.size:
        assert layout.shares_memory(result, x) == view
    np.testing.assert_array_equal(np.asarray(result), expected)


@pytest.mark.parametrize("make, new_shape, view", CASES)
def test_copy_false_views_or_names_the_blocking_axes(make, new_shape, view):
    x = make()
    if view:
        assert is_view_of(xp.reshape(x, new_shape, copy=False), x)
    else:
        with pytest.raises(ValueError, match=r"axes 0 and 1 cannot be merged because stride"):
            xp.reshape(x, new_shape, copy=False)


@pytest.mark.parametrize("make, new_shape, view", CASES)
def test_copy_true_always_copies_into_c_order(make, new_shape, view):
    x = make()
    result = xp.reshape(x, new_shape, copy=True)
    assert not is_view_of(result, x)
    assert layout.is_contiguous(result)
    np.testing.assert_array_equal(np.asarray(result), np.reshape(np.asarray(x), new_shape))


def test_the_step_column_view_keeps_stride_two():
    result = xp.reshape(every_other_column(), (6,))
    assert layout.strides(result) == (2,)


def test_copy_false_message_in_full():
    with pytest.raises(ValueError) as caught:
        xp.reshape(sliced_4_8_9(), (24, 9), copy=False)
    assert str(caught.value) == (
        "reshape(copy=False): no view of shape (24, 9) exists for an array with shape "
        "(4, 6, 9) and strides (72, 9, 1): axes 0 and 1 cannot be merged because stride "
        "72 != 6 * 9. Use copy=None to allow a copy, or see "
        "layout.explain_reshape(x, (24, 9))."
    )


@st.composite
def strided_numpy_arrays(draw):
    """NumPy arrays with the layouts people make: slices with steps, flips, transposes,
    broadcasts; small enough for the brute-force model."""
    shape = draw(npst.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4))
    base = np.arange(math.prod(shape) * 8, dtype=np.int32)[: math.prod(shape)].reshape(shape)
    key = draw(npst.basic_indices(shape, allow_newaxis=True, allow_ellipsis=True))
    a = base[key]
    if a.ndim and draw(st.booleans()):
        a = np.transpose(a, draw(st.permutations(range(a.ndim))))
    if draw(st.booleans()):
        a = np.broadcast_to(a, (draw(st.integers(0, 3)),) + a.shape)
    return a


@settings(max_examples=400)
@given(a=strided_numpy_arrays(), data=st.data())
def test_reshape_matches_numpy_and_views_exactly_when_possible(a, data):
    x = xp.asarray(a)
    new_shape = data.draw(factorisations_of(a.size))
    before = np.array(a, copy=True)
    result = xp.reshape(x, new_shape)
    np.testing.assert_array_equal(np.asarray(result), np.reshape(a, new_shape))
    assert is_view_of(result, x) == a_view_exists(x._layout, new_shape)
    np.testing.assert_array_equal(a, before)


@pytest.mark.parametrize(
    "shape, expected",
    [((-1,), (24,)), ((2, -1), (2, 12)), ([-1, 3, 2], (4, 3, 2)), (24, (24,)),
     ((np.int64(4), 6), (4, 6))],
    ids=["flatten", "infer-last", "list-infer-first", "plain-int", "numpy-int"],
)
def test_accepted_shape_forms(shape, expected):
    assert xp.reshape(xp.arange(24), shape).shape == expected


def test_minus_one_with_zero_size():
    assert xp.reshape(xp.zeros((0, 3)), (-1, 3)).shape == (0, 3)
    with pytest.raises(ValueError, match="no unique value"):
        xp.reshape(xp.zeros((0, 3)), (0, -1))


@pytest.mark.parametrize(
    "shape, error, message",
    [
        ((5, 5), ValueError, r"cannot reshape an array of size 24 into shape \(5, 5\)"),
        ((-1, -1), ValueError, "at most one -1"),
        ((-2, -12), ValueError, "sizes >= 0"),
        ((5, -1), ValueError, "no unique value"),
        ("4,6", TypeError, "'shape' must be an int or a sequence of ints, got str"),
        ((4.0, 6), TypeError, "must be a sequence of ints, got float 4.0"),
        ((True, 24), TypeError, "got bool"),
        (None, TypeError, "got NoneType"),
    ],
    ids=["wrong-size", "two-unknowns", "negative", "indivisible", "string", "float",
         "bool", "none"],
)
def test_bad_shapes(shape, error, message):
    x = xp.arange(24)
    with pytest.raises(error, match=message):
        xp.reshape(x, shape)


@pytest.mark.parametrize("copy", ["yes", 1, 0])
def test_bad_copy_flag(copy):
    with pytest.raises(TypeError, match="'copy' must be True, False or None"):
        xp.reshape(xp.arange(4), (2, 2), copy=copy)


def test_not_an_array():
    with pytest.raises(TypeError, match="'x' must be an array_api_reshape Array, got ndarray"):
        xp.reshape(np.arange(4), (2, 2))


def test_writes_through_a_reshaped_view_reach_the_original():
    x = sliced_4_8_9()
    y = xp.reshape(x, (4, 54))
    y[1, 10] = -5
    assert int(x[1, 1, 1]) == -5


def test_a_remembered_copy_decision_still_copies_and_still_refuses_copy_false():
    x = sliced_4_8_9()
    first = xp.reshape(x, (24, 9))
    second = xp.reshape(x, (24, 9))
    assert first._storage is not x._storage and second._storage is not x._storage
    assert second._storage is not first._storage
    np.testing.assert_array_equal(np.asarray(second), np.reshape(np.asarray(x), (24, 9)))
    with pytest.raises(ValueError, match="axes 0 and 1 cannot be merged"):
        xp.reshape(x, (24, 9), copy=False)
