"""The inspection API, integer-array and boolean-mask indexing, take and take_along_axis."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp


def test_inspection_api():
    info = xp.__array_namespace_info__()
    assert info.capabilities() == {
        "boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}
    assert info.default_device() == xp.asarray(1).device
    assert info.devices()[0] == info.default_device()  # the CPU first (tests/modes/test_devices.py)
    defaults = info.default_dtypes(device=info.default_device())
    assert defaults == {"real floating": xp.float64, "complex floating": xp.complex128,
                        "integral": xp.int64, "indexing": xp.int64}
    assert len(info.dtypes()) == 13
    assert set(info.dtypes(kind="integral")) == {
        "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}
    assert info.dtypes(kind=("bool", "complex floating")) == {
        "bool": xp.bool, "complex64": xp.complex64, "complex128": xp.complex128}
    with pytest.raises(ValueError, match="not a device"):
        info.dtypes(device="gpu")


@given(data=st.data(),
       shape=npst.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=4))
def test_boolean_mask_matches_numpy(data, shape):
    a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    leading = data.draw(st.integers(0, len(shape)))
    mask = data.draw(npst.arrays(np.bool_, shape[:leading]))
    np.testing.assert_array_equal(np.asarray(xp.asarray(a)[xp.asarray(mask)]), a[mask])


@given(data=st.data(),
       shape=npst.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
def test_integer_arrays_match_numpy(data, shape):
    a = np.arange(np.prod(shape)).reshape(shape)
    index_shape = data.draw(npst.array_shapes(min_dims=0, max_dims=2, max_side=3))
    key = tuple(
        data.draw(npst.arrays(np.int64, index_shape, elements=st.integers(-n, n - 1)))
        for n in shape
    )
    x = xp.asarray(a)
    result = x[tuple(xp.asarray(k) for k in key)]
    np.testing.assert_array_equal(np.asarray(result), a[key])


def test_zero_d_boolean_and_python_bool():
    x = xp.reshape(xp.arange(6), (2, 3))
    assert x[xp.asarray(True)].shape == (1, 2, 3)
    assert x[xp.asarray(False)].shape == (0, 2, 3)
    assert x[True].shape == (1, 2, 3)


def test_zero_d_integer_array_is_a_basic_index_and_a_view():
    x = xp.reshape(xp.arange(6), (2, 3))
    row = x[xp.asarray(1)]
    row[0] = 100
    assert int(x[1, 0]) == 100


@pytest.mark.parametrize(
    "key, error, message",
    [
        (lambda: xp.asarray([0, 3]), IndexError, "index 3 in an index array is out of range"),
        (lambda: xp.asarray([0.0]), IndexError, "must have an integer or boolean dtype"),
        (lambda: xp.asarray([True, False]), IndexError, "does not match"),
        (lambda: (xp.asarray([0, 1]), xp.asarray([0, 1, 2])), IndexError, "do not broadcast"),
    ],
    ids=["out-of-range", "float-index", "mask-shape", "index-broadcast"],
)
def test_advanced_index_errors(key, error, message):
    x = xp.reshape(xp.arange(9), (3, 3))
    with pytest.raises(error, match=message):
        x[key()]


def test_advanced_setitem_is_atomic():
    x = xp.reshape(xp.arange(9), (3, 3))
    before = np.asarray(x).copy()
    with pytest.raises(IndexError):
        x[xp.asarray([0, 1, 7])] = 5
    with pytest.raises(ValueError, match="does not broadcast"):
        x[xp.asarray([0, 1])] = xp.asarray([1, 2])
    with pytest.raises(TypeError, match=r"cannot cast float 1\.5 to the array's dtype"):
        x[xp.asarray([0, 1])] = 1.5
    np.testing.assert_array_equal(np.asarray(x), before)
    x[xp.asarray(before > 4)] = -1
    assert int(x[2, 2]) == -1 and int(x[1, 1]) == 4


@given(data=st.data(), shape=npst.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
def test_take_matches_numpy(data, shape):
    a = np.arange(np.prod(shape)).reshape(shape)
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    n = shape[axis]
    indices = data.draw(npst.arrays(np.int64, data.draw(st.integers(0, 5)),
                                    elements=st.integers(-n, n - 1)))
    result = xp.take(xp.asarray(a), xp.asarray(indices), axis=axis)
    np.testing.assert_array_equal(np.asarray(result), np.take(a, indices, axis=axis))


@given(data=st.data(), shape=npst.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
def test_take_along_axis_matches_numpy(data, shape):
    a = np.arange(np.prod(shape)).reshape(shape)
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    n = shape[axis]
    index_shape = list(shape)
    index_shape[axis] = data.draw(st.integers(0, 4))
    indices = data.draw(npst.arrays(np.int64, tuple(index_shape), elements=st.integers(-n, n - 1)))
    result = xp.take_along_axis(xp.asarray(a), xp.asarray(indices), axis=axis)
    np.testing.assert_array_equal(np.asarray(result), np.take_along_axis(a, indices, axis=axis))


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda x: xp.take(x, xp.asarray([5]), axis=0), IndexError, "index 5 is out of range"),
        (lambda x: xp.take(x, xp.asarray([0])), ValueError, "'axis' is required"),
        (lambda x: xp.take(x, xp.asarray([[0]]), axis=0), ValueError, "one-dimensional"),
        (lambda x: xp.take(x, xp.asarray([0.0]), axis=0), TypeError, "integer dtype"),
        (lambda x: xp.take(x, xp.asarray([0]), axis=2), IndexError, "out of range"),
        (lambda x: xp.take_along_axis(x, xp.asarray([0]), axis=0), ValueError, "rank"),
        (lambda x: xp.take_along_axis(x, xp.asarray([[3]]), axis=0), IndexError, "out of range"),
    ],
    ids=["take-range", "take-no-axis", "take-2d-indices", "take-float", "take-axis",
         "along-rank", "along-range"],
)
def test_take_errors(call, error, message):
    with pytest.raises(error, match=message):
        call(xp.reshape(xp.arange(6), (2, 3)))
