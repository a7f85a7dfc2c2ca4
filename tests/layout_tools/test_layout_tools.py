"""The public layout tools agree with the decisions reshape() makes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape import layout
from layout_model import a_view_exists
from strategies import factorisations_of


def sliced():
    return xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]


def test_strides_and_offset_in_elements():
    x = xp.flip(xp.reshape(xp.arange(24, dtype=xp.float32), (2, 3, 4)), axis=1)[:, :, 1::2]
    a = np.flip(np.arange(24, dtype=np.float32).reshape(2, 3, 4), axis=1)[:, :, 1::2]
    assert layout.strides(x) == tuple(s // 4 for s in a.strides)
    assert layout.offset(x) == 9
    assert float(x[0, 0, 0]) == 9.0


@given(
    shape=npst.array_shapes(min_dims=1, max_dims=4, min_side=0, max_side=4),
    data=st.data(),
)
def test_is_contiguous_matches_numpy_flags(shape, data):
    a = np.zeros(shape)
    key = data.draw(npst.basic_indices(shape))
    a = a[key]
    if a.ndim and data.draw(st.booleans()):
        a = a.T
    x = xp.asarray(a)
    assert layout.is_contiguous(x) == a.flags.c_contiguous
    assert layout.is_contiguous(x, order="F") == a.flags.f_contiguous


def test_is_contiguous_refuses_unknown_order():
    with pytest.raises(ValueError, match="'order' must be 'C' or 'F', got 'K'"):
        layout.is_contiguous(xp.zeros(3), "K")


def test_shares_memory_is_exact():
    x = xp.arange(10)
    assert layout.shares_memory(x, x[3:4])
    assert not layout.shares_memory(x[:5], x[5:])
    assert not layout.shares_memory(x[::2], x[1::2])
    assert not layout.shares_memory(x, xp.arange(10))
    assert not layout.shares_memory(x[:0], x)


def test_shares_memory_across_two_borrowers_of_one_numpy_array():
    a = np.arange(10.0)
    assert layout.shares_memory(xp.asarray(a)[2:], xp.asarray(a)[:3])


@given(a=npst.arrays(np.int8, npst.array_shapes(min_dims=0, max_dims=4, max_side=4)),
       data=st.data())
def test_can_reshape_without_copy_agrees_with_the_model(a, data):
    x = xp.asarray(a)
    if x.ndim >= 2 and data.draw(st.booleans()):
        x = x.mT
    new_shape = data.draw(factorisations_of(x.size))
    for order in ("C", "F"):
        expected = a_view_exists(x._layout, new_shape, order)
        assert layout.can_reshape_without_copy(x, new_shape, order=order) == expected
        explanation = layout.explain_reshape(x, new_shape, order=order)
        assert explanation.is_view == expected
        assert (explanation.blocking_axes is None) == expected


def test_explain_reshape_in_words():
    text = str(layout.explain_reshape(sliced(), (24, 9)))
    assert "a copy" in text and "Axes 0 and 1" in text and "stride 72 != 6 * 9" in text
    view = layout.explain_reshape(sliced(), (4, -1))
    assert view.new_shape == (4, 54) and view.new_strides == (72, 1)


def test_explain_reshape_column_major():
    f_sliced = xp.asarray(np.asfortranarray(np.zeros((4, 8, 9)))[:, :6, :])
    assert layout.explain_reshape(f_sliced, (24, 9), order="F").is_view
    blocked = layout.explain_reshape(f_sliced, (4, 54), order="F")
    assert blocked.blocking_axes == (1, 2)
    assert "column-major" in str(blocked)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: layout.explain_reshape(xp.zeros(6), (4,)), ValueError, "size 6 into shape"),
        (lambda: layout.explain_reshape(xp.zeros(6), (6,), order="A"), ValueError, "'order'"),
        (lambda: layout.can_reshape_without_copy([1, 2], (2,)), TypeError, "got list"),
        (lambda: layout.strides(np.zeros(3)), TypeError, "got ndarray"),
        (lambda: layout.shares_memory(xp.zeros(3), None), TypeError, "'b' must be"),
    ],
    ids=["wrong-size", "bad-order", "list-input", "numpy-input", "none-input"],
)
def test_layout_tools_refuse_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()
