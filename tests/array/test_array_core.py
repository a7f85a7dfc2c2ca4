"""The array object: attributes, conversions, interchange, indexing as views, writes."""

from __future__ import annotations

import array_api_compat
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape import layout


def test_array_cannot_be_constructed_directly():
    with pytest.raises(TypeError, match=r"use array_api_reshape\.asarray"):
        xp.Array([1, 2])


def test_attributes():
    x = xp.reshape(xp.arange(24, dtype=xp.int16), (2, 3, 4))
    assert (x.shape, x.ndim, x.size, x.dtype) == ((2, 3, 4), 3, 24, xp.int16)
    assert x.device == xp.__array_namespace_info__().default_device()
    assert x.to_device(x.device) is x and x.to_device("cpu") is x
    with pytest.raises(ValueError, match="not a device"):
        x.to_device("gpu")


def test_namespace_and_compat():
    x = xp.asarray([1.0])
    assert x.__array_namespace__() is xp
    for version in ("2025.12", None):
        assert x.__array_namespace__(api_version=version) is xp
    for version in ("2021.12", "2022.12", "2023.12", "2024.12"):
        assert x.__array_namespace__(api_version=version).__array_api_version__ == version
    with pytest.raises(ValueError, match="'api_version'"):
        x.__array_namespace__(api_version="2099.01")
    assert array_api_compat.array_namespace(x) is xp
    assert xp.__array_api_version__ == "2025.12"


def test_transposes_are_views():
    x = xp.reshape(xp.arange(6.0), (2, 3))
    assert layout.shares_memory(x, x.T) and x.T.shape == (3, 2)
    np.testing.assert_array_equal(np.asarray(x.T), np.asarray(x).T)
    stack = xp.reshape(xp.arange(24.0), (2, 3, 4))
    np.testing.assert_array_equal(np.asarray(stack.mT), np.swapaxes(np.asarray(stack), -1, -2))
    with pytest.raises(ValueError, match="two-dimensional"):
        _ = stack.T
    with pytest.raises(ValueError, match="at least two dimensions"):
        _ = xp.arange(3).mT


@pytest.mark.parametrize(
    "value, dtype, conversions",
    [
        (3, xp.int8, {bool: True, int: 3, float: 3.0, complex: 3 + 0j}),
        (2.5, xp.float32, {bool: True, int: 2, float: 2.5, complex: 2.5 + 0j}),
        (0, xp.bool, {bool: False, int: 0, float: 0.0, complex: 0j}),
    ],
    ids=["int8", "float32", "bool"],
)
def test_scalar_conversions(value, dtype, conversions):
    x = xp.asarray(value, dtype=dtype)
    for kind, expected in conversions.items():
        result = kind(x)
        assert result == expected and type(result) is kind


def test_scalar_conversion_errors():
    with pytest.raises(TypeError, match="only a 0-dimensional array"):
        bool(xp.asarray([1, 2]))
    with pytest.raises(TypeError, match="must have an integer dtype"):
        [0, 1][xp.asarray(1.0)]
    with pytest.raises(TypeError, match="complex"):
        float(xp.asarray(1j))
    with pytest.raises(TypeError, match="complex"):
        int(xp.asarray(1j))
    assert [10, 20][xp.asarray(1)] == 20


def test_repr():
    assert repr(xp.asarray([1, 2], dtype=xp.uint8)) == "Array([1, 2], dtype=uint8)"
    assert repr(xp.zeros((0, 2))) == "Array([], shape=(0, 2), dtype=float64)"
    assert repr(xp.asarray(1.5)) == "Array(1.5, dtype=float64)"


def test_numpy_array_protocol_shares_memory():
    a = np.arange(6.0).reshape(2, 3)
    x = xp.asarray(a)
    assert np.shares_memory(np.asarray(x), a)
    assert np.asarray(x, dtype=np.float32).dtype == np.float32
    assert not np.shares_memory(np.array(x, copy=True), a)
    with pytest.raises(ValueError, match="needs a copy"):
        x.__array__(dtype=np.float32, copy=False)
    broadcast = np.asarray(xp.broadcast_to(xp.arange(3), (2, 3)))
    assert not broadcast.flags.writeable


def test_dlpack_round_trip_shares_memory():
    a = np.arange(6.0).reshape(2, 3)[:, ::2]
    x = xp.asarray(a)
    assert x.__dlpack_device__() == (1, 0)
    b = np.from_dlpack(x)
    assert np.shares_memory(a, b)
    np.testing.assert_array_equal(a, b)
    with pytest.raises(ValueError, match="'stream'"):
        x.__dlpack__(stream=1)
    with pytest.raises(ValueError, match="dl_device"):
        x.__dlpack__(dl_device=(2, 0))


def test_iteration_and_len():
    x = xp.reshape(xp.arange(6), (3, 2))
    rows = list(x)
    assert len(rows) == len(x) == 3
    assert all(layout.shares_memory(r, x) for r in rows)
    assert [int(r[1]) for r in rows] == [1, 3, 5]
    with pytest.raises(TypeError, match="0-dimensional"):
        iter(xp.asarray(1))


@st.composite
def arrays_and_keys(draw):
    shape = draw(npst.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5))
    a = np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape)
    a = np.asarray(a[draw(npst.basic_indices(shape))]) if draw(st.booleans()) else a
    key = draw(npst.basic_indices(a.shape, allow_newaxis=True, allow_ellipsis=True))
    return a, key


@settings(max_examples=300)
@given(case=arrays_and_keys())
def test_basic_indexing_matches_numpy_and_is_a_view(case):
    a, key = case
    x = xp.asarray(a)
    result = x[key]
    expected = np.asarray(a[key])
    np.testing.assert_array_equal(np.asarray(result), expected)
    assert result.shape == expected.shape
    assert result._storage is x._storage


@pytest.mark.parametrize(
    "key, error, message",
    [((5,), IndexError, "out of bounds"), ((0, 0, 0), IndexError, "too many indices"),
     ((Ellipsis, Ellipsis), IndexError, "single ellipsis"),
     ((slice(0, 2, 0),), ValueError, "slice step cannot be zero"),
     ((slice(0.5, 2),), IndexError, "slice bounds"), ("a", IndexError, "basic indices")],
    ids=["out-of-range", "too-many", "two-ellipses", "zero-step", "float-slice", "string"],
)
def test_bad_keys(key, error, message):
    x = xp.reshape(xp.arange(10), (5, 2))
    with pytest.raises(error, match=message):
        x[key]


@settings(max_examples=200)
@given(case=arrays_and_keys(), data=st.data())
def test_setitem_writes_through_the_view_like_numpy(case, data):
    a, key = case
    a = a.copy()
    x = xp.asarray(a)
    target_shape = a[key].shape
    value = data.draw(st.integers(-100, 100))
    use_array = data.draw(st.booleans()) and len(target_shape) > 0
    expected = a.copy()
    if use_array:
        values = np.arange(target_shape[-1], dtype=np.int32) + value
        expected[key] = values
        x[key] = xp.asarray(values)
    else:
        expected[key] = value
        x[key] = value
    np.testing.assert_array_equal(np.asarray(x), expected)


@pytest.mark.parametrize(
    "write, error, message",
    [
        (lambda x: x.__setitem__(0, 1.5), TypeError, "cannot cast float 1.5 to the array's dtype"),
        (lambda x: x.__setitem__(0, xp.zeros(3)), TypeError, "cannot cast dtype float64"),
        (lambda x: x.__setitem__(slice(None), xp.zeros(2, dtype=xp.int16)), ValueError,
         "does not broadcast"),
        (lambda x: x.__setitem__(0, 2**40), OverflowError, "does not fit"),
        (lambda x: x.__setitem__(9, 1), IndexError, "out of bounds"),
    ],
    ids=["float-into-int", "wider-dtype", "shape", "overflow", "index"],
)
def test_failed_setitem_changes_nothing(write, error, message):
    x = xp.reshape(xp.arange(12, dtype=xp.int16), (4, 3))
    before = np.asarray(x).copy()
    with pytest.raises(error, match=message):
        write(x)
    np.testing.assert_array_equal(np.asarray(x), before)


def test_read_only_sources_stay_read_only():
    a = np.arange(4.0)
    a.flags.writeable = False
    x = xp.asarray(a)
    with pytest.raises(ValueError, match="read-only"):
        x[0] = 1.0
    with pytest.raises(ValueError, match="read-only"):
        xp.reshape(x, (2, 2))[0, 0] = 1.0
    assert not np.asarray(x).flags.writeable
    np.testing.assert_array_equal(a, [0.0, 1.0, 2.0, 3.0])


def test_broadcast_views_refuse_writes():
    base = xp.arange(3.0)
    view = xp.broadcast_to(base, (2, 3))
    with pytest.raises(ValueError, match="broadcast view"):
        view[0, 0] = 5.0
    np.testing.assert_array_equal(np.asarray(base), [0.0, 1.0, 2.0])
