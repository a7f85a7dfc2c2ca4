"""asarray and the standard's copy rules: when memory is shared, when it is copied, and
when a copy is refused; dtype inference from Python data; the interchange protocols; and
the words of each refusal."""

from __future__ import annotations

import functools
import warnings

import array

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import array_api_reshape as xp
from array_api_reshape import layout
import strided_views

SETTINGS = settings(max_examples=60, deadline=None, database=None)

NUMPY_DTYPES = (
    np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
    np.uint64, np.float32, np.float64, np.complex64, np.complex128,
)


# --- strided NumPy data: tests/helpers/strided_views.py, with this file's dtypes -------

recipes = functools.partial(strided_views.recipes, dtypes=NUMPY_DTYPES)


def first_element(a: np.ndarray) -> tuple:
    return (0,) * a.ndim


def assert_sees_writes(x, source: np.ndarray) -> None:
    """Writes to ``source`` show through ``x``: the two share memory, not just values."""
    if source.size == 0 or not source.flags.writeable:
        return
    where = first_element(source)
    with np.errstate(over="ignore"):  # a small int dtype's largest values wrap around
        new_value = ~source[where] if source.dtype == np.bool_ else source[where] + 7
    source[where] = new_value
    assert np.asarray(x)[where] == new_value


class DLPackOnly:
    """A producer that offers nothing but the two DLPack methods."""

    def __init__(self, array: np.ndarray):
        self._array = array

    def __dlpack__(self, **kwargs):
        return self._array.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


# --- from our own arrays -------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: xp.arange(12.0), id="contiguous"),
        pytest.param(lambda: xp.reshape(xp.arange(24), (4, 6))[1:, ::-2], id="strided"),
        pytest.param(lambda: xp.flip(xp.ones((2, 3), dtype=xp.complex64)), id="flipped"),
        pytest.param(lambda: xp.asarray(3.0), id="0-d"),
        pytest.param(lambda: xp.broadcast_to(xp.arange(3), (2, 3)), id="broadcast"),
    ],
)
def test_copy_none_from_our_array_shares(make):
    x = make()
    for kwargs in ({}, {"copy": None}, {"dtype": x.dtype}, {"copy": False},
                   {"dtype": x.dtype, "copy": False}, {"device": x.device}):
        y = xp.asarray(x, **kwargs)
        assert y is x
        assert y.shape == x.shape and y.dtype == x.dtype
        assert layout.shares_memory(y, x)
        np.testing.assert_array_equal(np.asarray(y), np.asarray(x))


def test_writes_through_the_shared_result_reach_the_input():
    x = xp.zeros((2, 3))
    y = xp.asarray(x)
    y[1, 2] = 5.0
    assert float(x[1, 2]) == 5.0


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: xp.arange(12.0), id="contiguous"),
        pytest.param(lambda: xp.reshape(xp.arange(24), (4, 6))[1:, ::-2], id="strided"),
        pytest.param(lambda: xp.asarray(3.0), id="0-d"),
        pytest.param(lambda: xp.broadcast_to(xp.arange(3), (2, 3)), id="broadcast"),
    ],
)
def test_copy_true_from_our_array_never_shares(make):
    x = make()
    y = xp.asarray(x, copy=True)
    assert not layout.shares_memory(y, x)
    assert y.dtype == x.dtype
    np.testing.assert_array_equal(np.asarray(y), np.asarray(x))
    assert layout.is_contiguous(y)
    y[...] = 0
    assert not np.all(np.asarray(x) == 0)


def test_copy_true_of_a_broadcast_is_writable():
    y = xp.asarray(xp.broadcast_to(xp.arange(3), (2, 3)), copy=True)
    y[0, 0] = 9
    np.testing.assert_array_equal(np.asarray(y), [[9, 1, 2], [0, 1, 2]])


@pytest.mark.parametrize("copy", [None, True], ids=["copy-None", "copy-True"])
def test_dtype_change_from_our_array_copies(copy):
    x = xp.arange(6)
    y = xp.asarray(x, dtype=xp.float32, copy=copy)
    assert y.dtype == xp.float32
    assert not layout.shares_memory(y, x)
    np.testing.assert_array_equal(np.asarray(y), np.arange(6, dtype=np.float32))


def test_copy_false_with_a_dtype_change_from_our_array_raises():
    x = xp.arange(6)
    before = np.asarray(x).copy()
    with pytest.raises(ValueError, match="needs a copy"):
        xp.asarray(x, dtype=xp.float64, copy=False)
    np.testing.assert_array_equal(np.asarray(x), before)
    assert x.dtype == xp.int64


# --- from NumPy arrays ---------------------------------------------------------------------


def _read_only(a):
    a.flags.writeable = False
    return a


NUMPY_LAYOUTS = [
    pytest.param(lambda: np.arange(12.0).reshape(3, 4), id="contiguous"),
    pytest.param(lambda: np.arange(40).reshape(5, 8)[1:4, ::3], id="sliced-with-steps"),
    pytest.param(lambda: np.arange(12, dtype=np.int16)[::-1], id="negative-stride"),
    pytest.param(lambda: np.arange(24.0).reshape(2, 3, 4)[::-1, :, ::-2], id="mixed-signs"),
    pytest.param(lambda: np.arange(12.0).reshape(3, 4).T, id="transposed"),
    pytest.param(lambda: np.asfortranarray(np.ones((3, 2), np.complex64)), id="fortran"),
    pytest.param(lambda: np.array(2.5), id="0-d"),
    pytest.param(lambda: np.arange(6.0)[4], id="0-d-view"),
    pytest.param(lambda: np.zeros((3, 0, 2)), id="zero-size"),
    pytest.param(lambda: np.zeros((4, 6))[::2, 6:], id="zero-size-strided"),
    pytest.param(lambda: np.broadcast_to(np.arange(3.0), (4, 3)), id="numpy-broadcast"),
    pytest.param(lambda: _read_only(np.arange(5)), id="read-only"),
    pytest.param(lambda: np.zeros(5, dtype=np.bool_)[1::2], id="bool-strided"),
]


def _zero_d_view(a):
    return a[...] if a.ndim == 0 else a


# A NumPy array is handed over as it is, or behind a producer with only the DLPack methods
# (NumPy will not export a read-only array, broadcasts included, through DLPack).
PRODUCERS = [pytest.param(lambda a: a, id="numpy"), pytest.param(DLPackOnly, id="dlpack")]
SHARED_SOURCES = [
    pytest.param(producer.values[0], layout_.values[0], id=f"{producer.id}-{layout_.id}")
    for producer in PRODUCERS
    for layout_ in NUMPY_LAYOUTS
    if producer.id == "numpy" or layout_.id not in ("numpy-broadcast", "read-only")
]


@pytest.mark.parametrize("producer, make", SHARED_SOURCES)
@pytest.mark.parametrize("kwargs", [{}, {"copy": None}, {"copy": False}, {"device": "cpu"}],
                         ids=["default", "copy-None", "copy-False", "device-cpu"])
def test_numpy_and_dlpack_sources_are_shared(producer, make, kwargs):
    a = _zero_d_view(make())
    x = xp.asarray(producer(a), **kwargs)
    assert x.shape == a.shape
    assert np.dtype(x.dtype) == a.dtype
    np.testing.assert_array_equal(np.asarray(x), a)
    if a.size:
        assert np.shares_memory(np.asarray(x), a)
    assert_sees_writes(x, a)


@pytest.mark.parametrize("make", NUMPY_LAYOUTS)
def test_numpy_sources_with_their_own_dtype_are_shared(make):
    a = _zero_d_view(make())
    dtype = getattr(xp, a.dtype.name)
    x = xp.asarray(a, dtype=dtype, copy=False)
    if a.size:
        assert np.shares_memory(np.asarray(x), a)
    assert_sees_writes(x, a)


@SETTINGS
@given(recipe=recipes(), copy=st.sampled_from([None, False]))
@pytest.mark.parametrize("producer", PRODUCERS)
def test_strided_numpy_and_dlpack_sources_are_shared(producer, recipe, copy):
    base, view = recipe.build()
    x = xp.asarray(producer(view), copy=copy)
    assert x.shape == view.shape
    assert np.dtype(x.dtype) == view.dtype
    np.testing.assert_array_equal(np.asarray(x), view)
    if view.size:
        assert np.shares_memory(np.asarray(x), base)
    assert_sees_writes(x, view)


@SETTINGS
@given(recipe=recipes())
@pytest.mark.parametrize("producer", PRODUCERS)
def test_copy_true_from_numpy_or_dlpack_never_shares(producer, recipe):
    base, view = recipe.build()
    x = xp.asarray(producer(view), copy=True)
    np.testing.assert_array_equal(np.asarray(x), view)
    assert not np.shares_memory(np.asarray(x), base)
    assert layout.is_contiguous(x)


@pytest.mark.parametrize("make", NUMPY_LAYOUTS)
def test_copy_false_with_a_dtype_change_from_numpy_raises(make):
    a = _zero_d_view(make())
    other = xp.float32 if a.dtype != np.float32 else xp.float64
    before = a.copy()
    with pytest.raises(ValueError, match="cannot be shared"):
        xp.asarray(a, dtype=other, copy=False)
    np.testing.assert_array_equal(a, before)


@pytest.mark.parametrize("make", NUMPY_LAYOUTS)
def test_dtype_change_from_numpy_copies_and_converts(make):
    a = _zero_d_view(make())
    x = xp.asarray(a, dtype=xp.complex128)
    assert x.dtype is xp.complex128
    np.testing.assert_array_equal(np.asarray(x), a.astype(np.complex128))
    assert not np.shares_memory(np.asarray(x), a)


def test_numpy_scalars_become_arrays_of_their_dtype():
    x = xp.asarray(np.float32(1.5))
    assert x.dtype is xp.float32 and x.shape == ()
    assert float(x) == 1.5
    assert xp.asarray(np.int8(-3)).dtype is xp.int8


# --- from Python data -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, dtype",
    [
        pytest.param(True, xp.bool, id="bool"),
        pytest.param(False, xp.bool, id="false"),
        pytest.param(7, xp.int64, id="int"),
        pytest.param(-2**63, xp.int64, id="int64-min"),
        pytest.param(2**63 - 1, xp.int64, id="int64-max"),
        pytest.param(2.5, xp.float64, id="float"),
        pytest.param(float("nan"), xp.float64, id="nan"),
        pytest.param(1 - 2j, xp.complex128, id="complex"),
        pytest.param([True, False], xp.bool, id="list-of-bools"),
        pytest.param([1, 2, 3], xp.int64, id="list-of-ints"),
        pytest.param([1.0, 2.0], xp.float64, id="list-of-floats"),
        pytest.param([1, 2.5], xp.float64, id="ints-and-floats"),
        pytest.param([True, 2], xp.int64, id="bools-and-ints"),
        pytest.param([True, 2.5], xp.float64, id="bools-and-floats"),
        pytest.param([True, 2, 1j], xp.complex128, id="bools-ints-and-complex"),
        pytest.param([1j, 2.0], xp.complex128, id="floats-and-complex"),
        pytest.param([[1, 2, 3], [4, 5, 6]], xp.int64, id="nested-2-d"),
        pytest.param([[[1.5]], [[2.5]]], xp.float64, id="nested-3-d"),
        pytest.param(((1, 2), (3, 4)), xp.int64, id="nested-tuples"),
        pytest.param([], xp.float64, id="empty"),
        pytest.param([[], []], xp.float64, id="nested-empty"),
    ],
)
def test_python_data_dtype_inference(value, dtype):
    x = xp.asarray(value)
    expected = np.asarray(value, dtype=np.dtype(dtype))
    assert x.dtype is dtype
    assert x.shape == expected.shape
    np.testing.assert_array_equal(np.asarray(x), expected)
    assert layout.is_contiguous(x)


@SETTINGS
@given(data=hnp.arrays(
    dtype=st.sampled_from([np.bool_, np.int64, np.float64, np.complex128]),
    shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4),
))
def test_nested_lists_round_trip(data):
    as_list = data.tolist()
    x = xp.asarray(as_list)
    assert np.dtype(x.dtype) == data.dtype
    assert x.shape == data.shape
    np.testing.assert_array_equal(np.asarray(x), data)


def test_python_data_with_an_explicit_dtype():
    x = xp.asarray([[1, 2], [3, 4]], dtype=xp.float32)
    assert x.dtype == xp.float32
    np.testing.assert_array_equal(np.asarray(x), np.array([[1, 2], [3, 4]], np.float32))
    assert xp.asarray(2**63, dtype=xp.uint64).dtype == xp.uint64
    assert int(xp.asarray(2**63, dtype=xp.uint64)) == 2**63
    assert int(xp.asarray(True, dtype=xp.uint8)) == 1
    assert xp.asarray(3, dtype=xp.complex64).dtype is xp.complex64


@pytest.mark.parametrize(
    "make, dtype, expected",
    [
        pytest.param(lambda: [xp.asarray(1), xp.asarray(2)], xp.int64, [1, 2], id="ints"),
        pytest.param(lambda: [[xp.asarray(1.5), xp.asarray(2.5)], [xp.asarray(3.5),
                     xp.asarray(4.5)]], xp.float64, [[1.5, 2.5], [3.5, 4.5]], id="nested-floats"),
        pytest.param(lambda: [xp.asarray(True), xp.asarray(False)], xp.bool, [True, False],
                     id="bools"),
        pytest.param(lambda: [xp.arange(5)[1], xp.arange(5)[-1]], xp.int64, [1, 4],
                     id="views"),
        pytest.param(lambda: [[xp.asarray(1.5, dtype=xp.float32)] * 2] * 2, xp.float32,
                     [[1.5, 1.5], [1.5, 1.5]], id="nested-float32"),
    ],
)
def test_nested_lists_of_zero_d_arrays(make, dtype, expected):
    x = xp.asarray(make())
    assert x.dtype is dtype
    np.testing.assert_array_equal(np.asarray(x), expected)


def test_lists_are_copied_not_referenced():
    values = [1, 2, 3]
    x = xp.asarray(values)
    values[0] = 100
    assert int(x[0]) == 1
    x[1] = 50
    assert values[1] == 2


@pytest.mark.parametrize(
    "value",
    [
        pytest.param([1, 2], id="list"),
        pytest.param((1.0, 2.0), id="tuple"),
        pytest.param([[1], [2]], id="nested"),
        pytest.param(3, id="int"),
        pytest.param(2.5, id="float"),
        pytest.param(True, id="bool"),
        pytest.param([xp.asarray(1)], id="list-of-arrays"),
    ],
)
def test_copy_false_from_python_data_raises(value):
    with pytest.raises(ValueError):
        xp.asarray(value, copy=False)


@pytest.mark.parametrize(
    "value",
    [
        pytest.param(2**63, id="2**63"),
        pytest.param(-2**63 - 1, id="below-int64"),
        pytest.param([1, 2**63], id="in-a-list"),
        pytest.param([[0], [2**64]], id="nested-2**64"),
        pytest.param([-2**63 - 1, 0], id="below-int64-in-a-list"),
    ],
)
def test_python_ints_beyond_int64_overflow(value):
    with pytest.raises(OverflowError):
        xp.asarray(value)


@pytest.mark.parametrize(
    "value, dtype",
    [
        pytest.param(256, xp.uint8, id="256-uint8"),
        pytest.param(-1, xp.uint64, id="minus-1-uint64"),
        pytest.param(2**64, xp.uint64, id="2**64-uint64"),
    ],
)
def test_python_ints_beyond_an_explicit_dtype_overflow(value, dtype):
    with pytest.raises(OverflowError):
        xp.asarray(value, dtype=dtype)


def test_ragged_lists_are_refused():
    with pytest.raises(ValueError):
        xp.asarray([[1, 2], [3]])


@pytest.mark.parametrize(
    "value",
    [
        pytest.param(np.zeros(3, dtype=np.float16), id="float16-array"),
        pytest.param(np.float16(1.0), id="float16-scalar"),
        pytest.param(np.array([None, 1], dtype=object), id="object"),
        pytest.param(np.array(["a", "b"]), id="str-array"),
        pytest.param(np.array([b"a"]), id="bytes-array"),
        pytest.param(np.zeros(2, dtype="datetime64[s]"), id="datetime64"),
        pytest.param(np.zeros(2, dtype=np.longdouble)
                     if np.dtype(np.longdouble) != np.float64 else np.zeros(2, np.float16),
                     id="longdouble"),
        pytest.param("abc", id="str"),
        pytest.param(["a", "b"], id="list-of-str"),
        pytest.param(None, id="None"),
        pytest.param([None], id="list-of-None"),
        pytest.param(object(), id="object()"),
    ],
)
def test_unsupported_data_types_are_type_errors(value):
    with pytest.raises(TypeError):
        xp.asarray(value)


@pytest.mark.parametrize(
    "dtype",
    [
        pytest.param("float64", id="str"),
        pytest.param(np.float64, id="numpy-type"),
        pytest.param(3, id="int"),
        pytest.param(np.dtype(np.float16), id="numpy-float16-dtype"),
    ],
)
@pytest.mark.parametrize("source", [[1, 2], np.arange(2.0)], ids=["list", "numpy"])
def test_dtype_argument_must_be_a_dtype(dtype, source):
    with pytest.raises(TypeError):
        xp.asarray(source, dtype=dtype)


@pytest.mark.parametrize(
    "python_type, expected",
    [(bool, xp.bool), (int, xp.int64), (float, xp.float64), (complex, xp.complex128)],
    ids=lambda value: getattr(value, "__name__", repr(value)),
)
def test_python_types_name_the_default_dtype_of_their_kind(python_type, expected):
    assert xp.asarray([1, 0], dtype=python_type).dtype is expected
    assert xp.zeros(2, dtype=python_type).dtype is expected
    assert xp.astype(xp.asarray([1, 0]), python_type).dtype is expected
    if python_type in (int, float):
        assert xp.arange(2, dtype=python_type).dtype is expected
    assert xp.isdtype(python_type, "numeric") == (python_type is not bool)


@pytest.mark.parametrize("copy", ["yes", 1, 0], ids=["str", "one", "zero"])
def test_copy_argument_must_be_a_bool_or_none(copy):
    with pytest.raises(TypeError):
        xp.asarray([1, 2], copy=copy)


# --- buffer protocol --------------------------------------------------------------------


def test_bytes_are_shared_and_stay_read_only():
    data = bytes([1, 2, 3, 250])
    x = xp.asarray(data)
    assert x.dtype == xp.uint8
    assert x.shape == (4,)
    np.testing.assert_array_equal(np.asarray(x), [1, 2, 3, 250])
    assert np.shares_memory(np.asarray(x), np.frombuffer(data, dtype=np.uint8))
    with pytest.raises(ValueError, match="read-only"):
        x[0] = 7
    with pytest.raises(ValueError):
        x[1:][::-1] = 7
    assert data == bytes([1, 2, 3, 250])


def test_bytearray_is_shared_and_writable():
    data = bytearray([1, 2, 3])
    x = xp.asarray(data)
    assert x.dtype is xp.uint8
    data[0] = 100
    assert int(x[0]) == 100
    x[2] = 42
    assert data[2] == 42
    y = xp.asarray(data, copy=False)
    y[1] = 7
    assert data[1] == 7


def test_bytearray_copy_true_is_a_copy():
    data = bytearray([1, 2, 3])
    x = xp.asarray(data, copy=True)
    data[0] = 100
    assert int(x[0]) == 1


@pytest.mark.parametrize(
    "make, dtype, expected",
    [
        pytest.param(lambda: memoryview(bytearray([5, 6, 7])), xp.uint8, [5, 6, 7],
                     id="memoryview-of-bytearray"),
        pytest.param(lambda: memoryview(bytes([5, 6])), xp.uint8, [5, 6],
                     id="memoryview-of-bytes"),
        pytest.param(lambda: memoryview(array.array("d", [1.5, 2.5])), xp.float64, [1.5, 2.5],
                     id="memoryview-of-doubles"),
        pytest.param(lambda: memoryview(np.arange(3.0)), xp.float64, [0.0, 1.0, 2.0],
                     id="memoryview-of-numpy"),
        pytest.param(lambda: array.array("i", [1, -2, 3]), xp.int32, [1, -2, 3],
                     id="array-of-int32"),
        pytest.param(lambda: memoryview(bytearray(range(12))).cast("B", (3, 4)), xp.uint8,
                     np.arange(12).reshape(3, 4), id="2-d-memoryview"),
        pytest.param(lambda: memoryview(bytearray(range(10)))[::3], xp.uint8, [0, 3, 6, 9],
                     id="strided-memoryview"),
    ],
)
def test_buffer_protocol_sources(make, dtype, expected):
    source = make()
    x = xp.asarray(source)
    assert x.dtype is dtype
    np.testing.assert_array_equal(np.asarray(x), expected)
    assert np.shares_memory(np.asarray(x), np.asarray(memoryview(source)))


def test_memoryview_of_bytes_stays_read_only():
    data = bytes(4)
    x = xp.asarray(memoryview(data))
    with pytest.raises(ValueError):
        x[...] = 1
    assert data == bytes(4)


# --- DLPack producers ---------------------------------------------------------------------


def test_dlpack_producer_copy_false_shares_and_dtype_change_refuses():
    a = np.arange(6.0).reshape(2, 3)[:, ::2]
    x = xp.asarray(DLPackOnly(a), copy=False)
    assert np.shares_memory(np.asarray(x), a)
    with pytest.raises(ValueError):
        xp.asarray(DLPackOnly(a), dtype=xp.float32, copy=False)


def test_our_arrays_are_dlpack_producers_for_asarray_too():
    x = xp.reshape(xp.arange(12), (3, 4))[::-1, 1:]
    y = xp.asarray(DLPackOnly(np.from_dlpack(x)))
    assert layout.shares_memory(x, y)


# --- devices ------------------------------------------------------------------------------


@pytest.mark.parametrize("device", ["cpu", "device-object", None],
                         ids=["cpu-string", "device-object", "None"])
@pytest.mark.parametrize("source", ["list", "numpy", "array"])
def test_cpu_device_is_accepted(device, source):
    if device == "device-object":
        device = xp.asarray(0).device
    a = np.arange(4.0)
    obj = {"list": [0.0, 1.0, 2.0, 3.0], "numpy": a, "array": xp.asarray(a)}[source]
    x = xp.asarray(obj, device=device)
    assert x.device == xp.asarray(0).device
    np.testing.assert_array_equal(np.asarray(x), a)
    if source != "list":
        assert np.shares_memory(np.asarray(x), a)


@pytest.mark.parametrize(
    "device, error",
    [
        pytest.param("gpu", ValueError, id="gpu"),
        pytest.param("cuda:0", ValueError, id="cuda"),
        pytest.param("CPU ", ValueError, id="misspelt"),
        pytest.param(0, TypeError, id="int"),
        pytest.param(object(), TypeError, id="object"),
    ],
)
@pytest.mark.parametrize("source", ["list", "numpy", "array"])
def test_bad_device_values(device, error, source):
    obj = {"list": [1.0], "numpy": np.arange(1.0), "array": xp.asarray([1.0])}[source]
    with pytest.raises(error):
        xp.asarray(obj, device=device)


# --- the words of each refusal ------------------------------------------------------------


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


def test_python_floats_beyond_float32_become_infinities_without_numpys_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        made = xp.asarray([1e308, -1e308, 1.0], dtype=xp.float32)
        scalar = xp.asarray(1e308, dtype=xp.float32)
        complex_made = xp.asarray([complex(1e308, 1.0)], dtype=xp.complex64)
    assert np.array_equal(np.asarray(made), np.asarray([np.inf, -np.inf, 1.0], dtype=np.float32))
    assert float(scalar) == float("inf")
    assert np.isinf(np.asarray(complex_made).real[0])


@pytest.mark.parametrize("scalar, dtype, error, message", [
    (np.complex64(0.5j), xp.int8, TypeError, "a NumPy complex64 cannot become"),
    (np.complex128(0.5j), xp.float32, TypeError, "a NumPy complex128 cannot become"),
    (np.float32(1.5), xp.int16, TypeError, "a NumPy float32 cannot become"),
    (np.int64(300), xp.int8, OverflowError, "300 does not fit in int8"),
    (np.uint64(2**63), xp.int64, OverflowError, "does not fit in int64"),
])
def test_numpy_scalars_convert_as_the_python_scalars_they_hold(scalar, dtype, error, message):
    """With a dtype, a NumPy scalar is refused where the Python scalar it holds would be
    (NumPy would warn and drop the imaginary part, truncate, or wrap around)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(error, match=rf"^asarray\(\): .*{message}"):
            xp.asarray(scalar, dtype=dtype)
    assert xp.asarray(np.float32(0.5), dtype=xp.complex64).dtype == xp.complex64
    assert int(xp.asarray(np.uint8(7), dtype=xp.int8)) == 7
