"""decide_reshape is the one answer to "view or copy?", and everyone reads it.

The decision is checked against the brute-force layout model in both reading orders; then
every reader (the namespace reshape, layout.reshape, explain_reshape,
can_reshape_without_copy, the reshape diagram) is checked to say what the decision says.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import array_api_reshape as xp
from array_api_reshape import layout
from array_api_reshape._array._array_object import Array
from array_api_reshape._tables._layout import Layout, fits_in_buffer
from array_api_reshape._tables._reshape_as_view import ReshapeBlocked
from array_api_reshape._tables._reshape_decision import (
    COLUMN_MAJOR_DECISIONS,
    ROW_MAJOR_DECISIONS,
    blocked_message,
    check_order,
    decide_reshape,
    new_shape_of,
    reshape_target,
)
from array_api_reshape._kernels._storage import Storage
from layout_model import a_view_exists, addresses_of
from strategies import buffer_size_for, factorisations_of, small_layouts

SLICED = Layout((4, 6, 9), (72, 9, 1), 0)  # arange(288) as (4, 8, 9), sliced [:, :6, :]
F_SLICED = Layout((4, 6, 9), (1, 4, 32), 0)  # the same in F order


def with_one_unknown(data, shape):
    """``shape``, or ``shape`` with one of its sizes replaced by -1 (when that is unique)."""
    candidates = [axis for axis, n in enumerate(shape) if n != 0]
    if not candidates or math.prod(shape) == 0 or not data.draw(st.booleans()):
        return shape
    axis = data.draw(st.sampled_from(candidates))
    return shape[:axis] + (-1,) + shape[axis + 1 :]


def array_over(lay: Layout) -> Array:
    """An int64 array with layout ``lay`` over a buffer holding 0, 1, 2, ... (its addresses)."""
    buffer = np.arange(buffer_size_for(lay), dtype=np.int64)
    return Array._new(Storage(buffer), lay, xp.int64, None)


@pytest.mark.parametrize("order", ["C", "F"])
@settings(max_examples=600)
@given(data=st.data(), lay=small_layouts())
def test_the_decision_is_exact_against_the_model(order, data, lay):
    new_shape = data.draw(factorisations_of(math.prod(lay.shape)))
    requested = with_one_unknown(data, new_shape)
    decision = decide_reshape(lay, requested, order)
    assert new_shape_of(decision) == new_shape
    assert isinstance(decision, Layout) == a_view_exists(lay, new_shape, order)
    if isinstance(decision, Layout):
        assert decision.shape == new_shape
        assert decision.offset == lay.offset
        assert addresses_of(decision, order) == addresses_of(lay, order)
        assert fits_in_buffer(decision, buffer_size_for(lay))
    else:
        first, second = decision.axes
        assert 0 <= first < second < lay.ndim
        assert decision.reason.startswith("stride ")


@pytest.mark.parametrize("order", ["C", "F"])
@given(data=st.data(), lay=small_layouts())
def test_a_remembered_decision_is_the_same_answer(order, data, lay):
    requested = with_one_unknown(data, data.draw(factorisations_of(math.prod(lay.shape))))
    ROW_MAJOR_DECISIONS.clear()
    COLUMN_MAJOR_DECISIONS.clear()
    first = decide_reshape(lay, requested, order)
    cache = ROW_MAJOR_DECISIONS if order == "C" else COLUMN_MAJOR_DECISIONS
    assert cache[lay, requested] is first
    assert decide_reshape(lay, requested, order) is first
    assert decide_reshape(lay, list(requested), order) == first


@pytest.mark.parametrize(
    "lay, shape, order, expected",
    [
        pytest.param(SLICED, (4, 54), "C", Layout((4, 54), (72, 1), 0), id="c-merge-tail"),
        pytest.param(SLICED, (4, -1), "C", Layout((4, 54), (72, 1), 0), id="c-minus-one"),
        pytest.param(SLICED, (24, 9), "C",
                     ReshapeBlocked((0, 1), "stride 72 != 6 * 9", (24, 9)), id="c-merge-head"),
        pytest.param(F_SLICED, (24, 9), "F", Layout((24, 9), (1, 32), 0), id="f-merge-head"),
        pytest.param(F_SLICED, (4, 54), "F",
                     ReshapeBlocked((1, 2), "stride 32 != 6 * 4", (4, 54)), id="f-merge-tail"),
        pytest.param(Layout((3, 2), (1, 3), 0), 6, "F", Layout((6,), (1,), 0), id="f-int-shape"),
        pytest.param(Layout((3, 2), (1, 3), 0), [6], "C",
                     ReshapeBlocked((0, 1), "stride 1 != 2 * 3", (6,)), id="c-list-shape"),
    ],
)
def test_named_decisions(lay, shape, order, expected):
    assert decide_reshape(lay, shape, order) == expected


@pytest.mark.parametrize(
    "remembered, asked, message",
    [
        pytest.param((24, 9), (24.0, 9), r"got float 24\.0", id="float"),
        pytest.param((1, 216), (True, 216), r"got bool True", id="bool"),
    ],
)
def test_a_float_or_bool_shape_never_meets_a_remembered_int_shape(remembered, asked, message):
    # 24.0 == 24 and True == 1 with equal hashes: the remembered key must not answer them
    decide_reshape(SLICED, remembered)
    with pytest.raises(TypeError, match=r"^reshape\(\): 'shape' .* " + message):
        decide_reshape(SLICED, asked)


@pytest.mark.parametrize(
    "shape, error, message",
    [
        ((5, 5), ValueError, r"^explain\(\): cannot reshape an array of size 216 into shape"),
        ((-1, -1), ValueError, r"^explain\(\): 'shape' \(-1, -1\) can have at most one -1"),
        ((-2, 108), ValueError, r"^explain\(\): 'shape' .* must hold sizes >= 0"),
        ((-1, 7), ValueError, r"^explain\(\): .* the -1 has no unique value"),
        ("4,54", TypeError, r"^explain\(\): 'shape' must be an int or a sequence of ints"),
    ],
)
def test_bad_shapes_name_the_asking_function(shape, error, message):
    for order in ("C", "F"):
        with pytest.raises(error, match=message):
            decide_reshape(SLICED, shape, order, "explain")


def test_bad_shapes_are_not_remembered():
    ROW_MAJOR_DECISIONS.clear()
    with pytest.raises(ValueError):
        decide_reshape(SLICED, (5, 5))
    assert len(ROW_MAJOR_DECISIONS) == 0


def test_reshape_target_infers_the_unknown_size():
    assert reshape_target((2, -1, 3), 24) == (2, 4, 3)
    assert reshape_target(24, 24) == (24,)
    assert reshape_target((), 1) == ()


@pytest.mark.parametrize("order", ["C", "F", "c", "", None, ["C"], 1])
def test_check_order(order):
    if order in ("C", "F"):
        assert check_order(order, "explain_reshape") == order
    else:
        with pytest.raises(ValueError, match=r"^explain_reshape\(\): 'order' must be 'C' or 'F'"):
            check_order(order, "explain_reshape")


@pytest.mark.parametrize("order", ["K", "c", None])
def test_the_decision_refuses_an_unknown_order(order):
    with pytest.raises(ValueError, match=r"^reshape_diagram\(\): 'order' must be 'C' or 'F'"):
        decide_reshape(SLICED, (24, 9), order, "reshape_diagram")


def test_the_blocked_message_names_shape_strides_axes_and_the_way_out():
    c_message = blocked_message(SLICED, decide_reshape(SLICED, (24, 9)))
    assert c_message == (
        "reshape(copy=False): no view of shape (24, 9) exists for an array with shape "
        "(4, 6, 9) and strides (72, 9, 1): axes 0 and 1 cannot be merged because stride "
        "72 != 6 * 9. Use copy=None to allow a copy, or see "
        "layout.explain_reshape(x, (24, 9))."
    )
    f_message = blocked_message(F_SLICED, decide_reshape(F_SLICED, (4, 54), "F"), "F")
    assert "axes 1 and 2 cannot be merged" in f_message
    assert f_message.endswith('layout.explain_reshape(x, (4, 54), order="F").')


@pytest.mark.parametrize("order", ["C", "F"])
@settings(max_examples=300)
@given(data=st.data(), lay=small_layouts(max_ndim=4, max_side=3))
def test_every_reader_says_what_the_decision_says(order, data, lay):
    requested = with_one_unknown(data, data.draw(factorisations_of(math.prod(lay.shape))))
    x = array_over(lay)
    decision = decide_reshape(lay, requested, order)
    is_view = isinstance(decision, Layout)

    assert layout.can_reshape_without_copy(x, requested, order=order) == is_view
    explanation = layout.explain_reshape(x, requested, order=order)
    assert explanation.is_view == is_view
    assert explanation.new_shape == new_shape_of(decision)
    if is_view:
        assert explanation.new_strides == decision.strides
    else:
        assert (explanation.blocking_axes, explanation.reason) == decision[:2]

    expected_values = np.reshape(np.asarray(x), new_shape_of(decision), order=order)
    for reshaped in (layout.reshape(x, requested, order=order),) + (
        (xp.reshape(x, requested),) if order == "C" else ()
    ):
        assert layout.shares_memory(x, reshaped) == (is_view and x.size > 0)
        if is_view:
            assert reshaped._layout == decision
        np.testing.assert_array_equal(np.asarray(reshaped), expected_values)
    if is_view:
        assert layout.reshape(x, requested, order=order, copy=False)._layout == decision
    else:
        with pytest.raises(ValueError) as refused:
            layout.reshape(x, requested, order=order, copy=False)
        assert str(refused.value) == blocked_message(lay, decision, order)

    svg = layout.reshape_diagram(x, requested, order=order).svg
    assert ("view - new strides" in svg) == is_view
    assert ("copy - axes" in svg) == (not is_view)
