"""asarray follows the standard's copy rules exactly, for every kind of source."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape import layout


@st.composite
def strided_numpy_arrays(draw):
    dtype = draw(st.sampled_from(
        [np.int8, np.uint32, np.float32, np.float64, np.complex64, np.bool_]
    ))
    shape = draw(npst.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    a = draw(npst.arrays(dtype, shape))
    a = np.asarray(a[draw(npst.basic_indices(shape))])
    if a.ndim and draw(st.booleans()):
        a = a.T
    return a


@given(a=strided_numpy_arrays(), copy=st.sampled_from([None, False]))
def test_numpy_sources_are_shared_not_copied(a, copy):
    x = xp.asarray(a, copy=copy)
    assert np.shares_memory(np.asarray(x), a) or a.size == 0
    np.testing.assert_array_equal(np.asarray(x), a)
    assert x.dtype.name == a.dtype.name


@given(a=strided_numpy_arrays())
def test_copy_true_never_shares(a):
    x = xp.asarray(a, copy=True)
    assert not np.shares_memory(np.asarray(x), a)
    np.testing.assert_array_equal(np.asarray(x), a)
    assert layout.is_contiguous(x)


def test_our_arrays():
    x = xp.reshape(xp.arange(6.0), (2, 3))[:, 1:]
    assert xp.asarray(x) is x
    assert xp.asarray(x, dtype=xp.float64) is x
    copied = xp.asarray(x, copy=True)
    assert not layout.shares_memory(copied, x)
    converted = xp.asarray(x, dtype=xp.float32)
    assert converted.dtype is xp.float32 and not layout.shares_memory(converted, x)
    with pytest.raises(ValueError, match="needs a copy"):
        xp.asarray(x, dtype=xp.float32, copy=False)


def test_numpy_dtype_change_needs_a_copy():
    a = np.arange(3, dtype=np.int32)
    assert xp.asarray(a, dtype=xp.int64).dtype is xp.int64
    with pytest.raises(ValueError, match="cannot be shared"):
        xp.asarray(a, dtype=xp.int64, copy=False)


@pytest.mark.parametrize(
    "value, dtype",
    [(True, xp.bool), (3, xp.int64), (2.5, xp.float64), (1j, xp.complex128),
     ([[1, 2], [3, 4]], xp.int64), ([1, 2.5], xp.float64), ([True, False], xp.bool),
     ([], xp.float64), (np.float32(1.5), xp.float32)],
    ids=["bool", "int", "float", "complex", "nested-ints", "mixed-float", "bools", "empty",
         "numpy-scalar"],
)
def test_python_data_dtype_inference(value, dtype):
    x = xp.asarray(value)
    assert x.dtype is dtype
    np.testing.assert_array_equal(np.asarray(x), np.asarray(value))


def test_nested_lists_of_zero_d_arrays():
    row = [xp.asarray(1.5, dtype=xp.float32), xp.asarray(2.5, dtype=xp.float32)]
    x = xp.asarray([row, row])
    assert x.shape == (2, 2) and x.dtype is xp.float32


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: xp.asarray([1, 2], copy=False), ValueError, "always a new buffer"),
        (lambda: xp.asarray(2**63), OverflowError, "does not fit"),
        (lambda: xp.asarray([1, 2**64]), OverflowError, "does not fit"),
        (lambda: xp.asarray(300, dtype=xp.int8), OverflowError, "does not fit"),
        (lambda: xp.asarray(np.zeros(2, dtype=np.float16)), TypeError, "float16"),
        (lambda: xp.asarray(np.array(["a"])), TypeError, "no counterpart"),
        (lambda: xp.asarray([[1], [2, 3]]), ValueError, "rectangular"),
        (lambda: xp.asarray([1], dtype="float64"), TypeError, "'dtype' must be a dtype"),
        (lambda: xp.asarray([1], copy="yes"), TypeError, "'copy'"),
        (lambda: xp.asarray([1], device="gpu"), ValueError, "not a device"),
        (lambda: xp.asarray(1.5, dtype=xp.int32), TypeError, "cannot become"),
        (lambda: xp.asarray(1j, dtype=xp.float64), TypeError, "cannot become"),
    ],
    ids=["copy-false-list", "int64-overflow", "uint64-overflow", "int8-overflow", "float16",
         "strings", "ragged", "string-dtype", "bad-copy", "bad-device", "float-to-int",
         "complex-to-real"],
)
def test_refusals(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_buffer_protocol_sources():
    data = bytearray(b"\x01\x02\x03")
    x = xp.asarray(data)
    assert x.dtype is xp.uint8
    data[0] = 9
    assert int(x[0]) == 9
    frozen = xp.asarray(b"\x01\x02")
    with pytest.raises(ValueError, match="read-only"):
        frozen[0] = 5
    assert xp.asarray(memoryview(np.arange(3.0))).dtype is xp.float64


class OnlyDLPack:
    """A producer that offers nothing but the DLPack protocol."""

    def __init__(self, array):
        self.array = array

    def __dlpack__(self, **kwargs):
        return self.array.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self.array.__dlpack_device__()


def test_dlpack_producers_are_shared():
    a = np.arange(4.0)
    x = xp.asarray(OnlyDLPack(a))
    a[1] = 7.0
    assert float(x[1]) == 7.0
    assert not np.shares_memory(np.asarray(xp.asarray(OnlyDLPack(a), copy=True)), a)


def test_scalar_with_explicit_dtype_widens_in_kind():
    assert int(xp.asarray(True, dtype=xp.uint8)) == 1
    assert xp.asarray(3, dtype=xp.complex64).dtype is xp.complex64
