"""Pickle and copy: every array (views of every kind, 0-d, empty, every dtype) comes back
with its dtype, shape and values under protocols 0-5, ``copy.copy`` and
``copy.deepcopy``, as a compact array that shares nothing with the original; pickles
keep writability; crafted pickles are refused with a clear error, never a layout outside
its buffer; dtypes, devices and the inspection objects pickle too; an array crosses a
real process boundary.

The oracle for an array's values is the brute-force address list of
tests/helpers/layout_model.py read out of the flat buffer.
"""

from __future__ import annotations

import concurrent.futures
import copy
import multiprocessing
import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import array_api_reshape as xp
import strided_views
from array_api_reshape import layout
from array_api_reshape._array._array_object import Array
from array_api_reshape._tables._dtypes import ALL_DTYPES
from array_api_reshape._tables._layout import fits_in_buffer, row_major_strides
from array_api_reshape._array._pickling import rebuild_array
from array_api_reshape._kernels._storage import Storage
from layout_model import addresses_of
from strategies import buffer_size_for, small_layouts

# Drawing five fields of any type is slow on a loaded machine; that is not a failure.
SETTINGS = settings(max_examples=60, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)
ALL_NUMPY_DTYPES = tuple(d.dtype for d in ALL_DTYPES)


def pickled(x, protocol: int):
    return pickle.loads(pickle.dumps(x, protocol=protocol))


ROUND_TRIPS = [pytest.param(lambda x, p=p: pickled(x, p), id=f"pickle-{p}") for p in PROTOCOLS]
ROUND_TRIPS += [pytest.param(copy.copy, id="copy"), pytest.param(copy.deepcopy, id="deepcopy")]


def accepts_writes(x) -> bool:
    try:
        x[...] = x
    except ValueError:
        return False
    return True


def assert_same_elements(result, x, expected_values: np.ndarray) -> None:
    """``result`` is a new compact array of ``x``'s dtype and shape holding exactly
    ``expected_values`` (compared bit for bit, so NaNs and -0.0 count)."""
    assert isinstance(result, Array)
    assert result.dtype is x.dtype and result.shape == x.shape
    got = np.asarray(result)
    assert got.dtype == expected_values.dtype
    assert got.tobytes() == np.ascontiguousarray(expected_values).tobytes()
    assert layout.strides(result) == row_major_strides(x.shape)
    assert layout.offset(result) == 0
    assert not layout.shares_memory(result, x)


def array_over(buffer: np.ndarray, strided) -> Array:
    """An Array with the given layout over ``buffer`` (any layout inside it, including
    repeated and negative strides) and the values the oracle says it holds."""
    x = Array._new(Storage(buffer), strided, xp.asarray(buffer[:0]).dtype, None)
    expected = buffer[np.asarray(addresses_of(strided), dtype=np.intp)].reshape(strided.shape)
    return x, expected


@st.composite
def arrays_of_any_layout(draw):
    strided = draw(small_layouts(max_ndim=4, max_side=3))
    dtype = draw(st.sampled_from(ALL_NUMPY_DTYPES))
    buffer = strided_views.distinct_values(buffer_size_for(strided) + 1, dtype)
    if dtype.kind in "fc" and buffer.size > 2:
        buffer[0], buffer[-1] = np.nan, -0.0
    return array_over(buffer, strided)


@SETTINGS
@given(case=arrays_of_any_layout(), round_trip=st.sampled_from([p.values[0] for p in ROUND_TRIPS]))
def test_every_layout_round_trips_as_a_compact_array(case, round_trip):
    x, expected = case
    assert_same_elements(round_trip(x), x, expected)


@SETTINGS
@given(recipe=strided_views.recipes(dtypes=ALL_NUMPY_DTYPES), protocol=st.sampled_from(PROTOCOLS))
def test_strided_numpy_views_round_trip(recipe, protocol):
    _, view = recipe.build()
    x = xp.asarray(view)
    assert_same_elements(pickled(x, protocol), x, view)


def named_arrays():
    base = xp.reshape(xp.arange(24, dtype=xp.int16), (2, 3, 4))
    return {
        "sliced": base[:, 1:, ::2],
        "flipped": xp.flip(base, axis=(0, 2)),
        "transposed": xp.permute_dims(base, (2, 0, 1)),
        "broadcast": xp.broadcast_to(xp.asarray([1.5, -0.0, xp.nan]), (4, 3)),
        "0-d": xp.asarray(3 + 4j, dtype=xp.complex64),
        "0-d-view": base[1, 2, 3],
        "empty": xp.zeros((0, 3), dtype=xp.bool),
        "empty-view": base[:, 3:0, :],
        "bool": xp.asarray([[True, False], [False, True]]).mT,
        "complex128": xp.asarray([1 + 2j, xp.inf - 1j, complex(xp.nan, 0.0)])[::-1],
        "uint64-max": xp.asarray([2**64 - 1, 0], dtype=xp.uint64),
    }


@pytest.mark.parametrize("round_trip", ROUND_TRIPS)
@pytest.mark.parametrize("name", list(named_arrays()))
def test_named_arrays_round_trip(name, round_trip):
    x = named_arrays()[name]
    assert_same_elements(round_trip(x), x, np.asarray(x))


# Written by the package before its modules moved into the folders of their layers
# (commit acb18ec): each pickle names a module at its old place.
PICKLES_FROM_BEFORE_THE_MOVE = {
    "array": b"\x80\x02carray_api_reshape._pickling\nrebuild_array\nq\x00(K\x01X\x07\x00\x00\x00"
             b"float32q\x01K\x02K\x03\x86q\x02c_codecs\nencode\nq\x03X\x1b\x00\x00\x00\x00\x00"
             b"\x00\x00\x00\x00\xc2\x80?\x00\x00\x00@\x00\x00@@\x00\x00\xc2\x80@\x00\x00\xc2\xa0@q"
             b"\x04X\x06\x00\x00\x00latin1q\x05\x86q\x06Rq\x07\x88tq\x08Rq\t.",
    "dtype": b"\x80\x02carray_api_reshape._dtypes\n_dtype_by_name\nq\x00X\x07\x00\x00\x00float32q"
             b"\x01\x85q\x02Rq\x03.",
    "device": b"\x80\x02carray_api_reshape._devices\nDevice\nq\x00X\x03\x00\x00\x00cpuq\x01\x85q"
              b"\x02Rq\x03.",
    "info": b"\x80\x02carray_api_reshape._info\nInfo\nq\x00X\x07\x00\x00\x002025.12q\x01\x85q\x02"
            b"Rq\x03.",
}


def test_pickles_written_before_the_modules_moved_still_load():
    loaded = {name: pickle.loads(data) for name, data in PICKLES_FROM_BEFORE_THE_MOVE.items()}
    expected = xp.reshape(xp.arange(6, dtype=xp.float32), (2, 3))
    assert isinstance(loaded["array"], Array) and loaded["array"].dtype == xp.float32
    assert xp.all(loaded["array"] == expected)
    assert loaded["dtype"] is xp.float32
    assert loaded["device"] == expected.device
    assert loaded["info"].default_dtypes() == xp.__array_namespace_info__().default_dtypes()
    # new pickles name the modules where they are now
    assert b"array_api_reshape._array._pickling" in pickle.dumps(expected, protocol=2)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_pickles_keep_writability(protocol):
    writable = xp.asarray([1.0, 2.0])
    read_only_source = np.arange(4.0)
    read_only_source.flags.writeable = False
    for x, expected in [
        (writable, True),
        (writable[::-1], True),
        (xp.asarray(read_only_source), False),
        (xp.asarray(read_only_source)[1:], False),
        (xp.asarray(b"\x01\x02"), False),
        (xp.broadcast_to(writable, (2, 2)), False),
    ]:
        result = pickled(x, protocol)
        assert accepts_writes(result) is expected
        if expected:
            result[0] = 7
            assert not xp.any(x == 7)


@pytest.mark.parametrize("make_copy", [copy.copy, copy.deepcopy])
def test_copies_are_writable_and_independent_like_numpy(make_copy):
    source = np.arange(6.0)
    source.flags.writeable = False
    x = xp.broadcast_to(xp.asarray(source)[::2], (2, 3))
    result = make_copy(x)
    assert accepts_writes(result)
    result[0, 0] = -1.0
    assert source[0] == 0.0


def test_deepcopy_of_a_structure_keeps_its_sharing_of_objects():
    x = xp.arange(3)
    first, second = copy.deepcopy([x, x])
    assert first is second and first is not x


# --- protocol 5 out of band ----------------------------------------------------------


def test_protocol_5_hands_large_contiguous_arrays_out_of_band_without_copying():
    x = xp.reshape(xp.arange(100_000, dtype=xp.float64), (100, 1000))
    buffers = []
    data = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    assert len(data) < 1000 and len(buffers) == 1
    assert np.shares_memory(np.asarray(buffers[0].raw()), np.asarray(x))
    result = pickle.loads(data, buffers=[bytearray(b.raw()) for b in buffers])
    assert_same_elements(result, x, np.asarray(x))
    assert accepts_writes(result)


@pytest.mark.parametrize("offset", [1, 2, 4, 6])
def test_an_out_of_band_buffer_at_any_address_is_shared_as_numpy_shares_it(offset):
    """Dask hands frames over at addresses that need not be multiples of the item size;
    NumPy's arrays load onto them without a copy, and so do ours (issue 24)."""
    x = xp.reshape(xp.arange(24, dtype=xp.float64), (4, 6))
    buffers = []
    data = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    raw = bytes(buffers[0].raw())
    frame = memoryview(bytearray(len(raw) + offset))[offset:]
    frame[:] = raw
    result = pickle.loads(data, buffers=[frame])
    elements = np.asarray(result)
    assert np.shares_memory(elements, np.frombuffer(frame, np.uint8))
    assert_same_elements(result, x, np.asarray(x))
    reference = np.arange(24.0).reshape(4, 6)
    np.testing.assert_array_equal(np.asarray(result @ xp.permute_dims(result, (1, 0))),
                                  reference @ reference.T)
    np.testing.assert_array_equal(np.asarray(xp.reshape(xp.permute_dims(result, (1, 0)), (-1,))),
                                  reference.T.reshape(-1))
    np.testing.assert_array_equal(np.from_dlpack(result), reference)
    result[0, 0] = -1.0
    assert np.frombuffer(frame, np.float64)[0] == -1.0


def test_out_of_band_read_only_buffers_are_copied_when_the_array_was_writable():
    x = xp.arange(5.0)[::-1]
    buffers = []
    data = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    frozen = [bytes(b.raw()) for b in buffers]
    result = pickle.loads(data, buffers=frozen)
    assert_same_elements(result, x, np.asarray(x))
    result[0] = 1.0
    assert frozen[0] == np.asarray(x).tobytes()


# --- crafted pickles -------------------------------------------------------------------


class Crafted:
    """Pickles as a call of ``rebuild_array`` with any arguments."""

    def __init__(self, *arguments):
        self.arguments = arguments

    def __reduce__(self):
        return rebuild_array, self.arguments


def load_crafted(*arguments):
    return pickle.loads(pickle.dumps(Crafted(*arguments)))


GOOD = (1, "float64", (2, 3), bytes(48), True)


def with_field(position: int, value) -> tuple:
    fields = list(GOOD)
    fields[position] = value
    return tuple(fields)


@pytest.mark.parametrize(
    "arguments, error, words",
    [
        pytest.param(with_field(3, bytes(40)), ValueError, "holds 40 bytes", id="short-buffer"),
        pytest.param(with_field(3, bytes(56)), ValueError, "holds 56 bytes", id="long-buffer"),
        pytest.param(with_field(2, (2, -3)), ValueError, "negative", id="negative-size"),
        pytest.param(with_field(2, (-2, -3)), ValueError, "negative", id="negative-sizes"),
        pytest.param(with_field(2, [2, 3]), TypeError, "tuple of ints", id="shape-list"),
        pytest.param(with_field(2, (2.0, 3)), TypeError, "tuple of ints", id="shape-float"),
        pytest.param(with_field(2, (True, 3)), TypeError, "tuple of ints", id="shape-bool"),
        pytest.param(with_field(2, (1,) * 65), ValueError, "dimensions", id="too-many-dims"),
        pytest.param(with_field(2, (0, 2**40, 2**40)), ValueError, "larger", id="huge-empty"),
        pytest.param(with_field(1, "float128"), ValueError, "'dtype_name'", id="unknown-dtype"),
        pytest.param(with_field(1, "object"), ValueError, "'dtype_name'", id="object-dtype"),
        pytest.param(with_field(1, np.float64), TypeError, "'dtype_name'", id="dtype-not-str"),
        pytest.param(with_field(3, "x" * 48), TypeError, "'payload'", id="str-payload"),
        pytest.param(with_field(3, [0] * 48), TypeError, "'payload'", id="list-payload"),
        pytest.param(with_field(3, None), TypeError, "'payload'", id="none-payload"),
        pytest.param(with_field(4, 1), TypeError, "'writable'", id="writable-int"),
        pytest.param(with_field(0, 2), ValueError, "'pickle_format'", id="format-2"),
        pytest.param(with_field(0, "1"), ValueError, "'pickle_format'", id="format-str"),
        pytest.param((1, "bool", (2,), b"\x01\x02", True), ValueError, "0 and 1",
                     id="bool-byte-2"),
    ],
)
def test_crafted_pickles_are_refused_clearly(arguments, error, words):
    with pytest.raises(error, match="rebuild_array\\(\\)") as caught:
        load_crafted(*arguments)
    assert words in str(caught.value)


def test_a_non_contiguous_payload_is_refused():
    strided = memoryview(bytes(96))[::2]
    with pytest.raises(ValueError, match="C-contiguous"):
        rebuild_array(1, "float64", (2, 3), strided, True)


def test_a_crafted_pickle_with_too_few_fields_names_the_function():
    with pytest.raises(TypeError, match="rebuild_array"):
        load_crafted(1, "float64", (2, 3))


@SETTINGS
@given(
    dtype_name=st.sampled_from([d.name for d in ALL_DTYPES] + ["float16", ""]),
    shape=st.lists(st.integers(-2, 4), max_size=4).map(tuple),
    payload_size=st.integers(0, 200),
    writable=st.booleans(),
)
def test_any_loaded_array_lies_inside_its_buffer(dtype_name, shape, payload_size, writable):
    try:
        x = load_crafted(1, dtype_name, shape, bytes(payload_size), writable)
    except (TypeError, ValueError):
        return
    itemsize = x.dtype.dtype.itemsize
    assert x.shape == shape and x.size * itemsize == payload_size
    assert fits_in_buffer(x._layout, x._storage.size)
    assert accepts_writes(x) is writable
    np.testing.assert_array_equal(np.asarray(x), np.zeros(shape, dtype=x.dtype.dtype))


ANY_FIELD = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 2**70), st.floats(), st.text(max_size=8),
    st.binary(max_size=64), st.sampled_from([d.name for d in ALL_DTYPES]),
    st.lists(st.integers(-2, 4), max_size=3).map(tuple), st.lists(st.integers(0, 3), max_size=3),
    st.builds(bytearray, st.binary(max_size=64)),
)


@SETTINGS
@given(fields=st.tuples(st.just(1) | ANY_FIELD, ANY_FIELD, ANY_FIELD, ANY_FIELD, ANY_FIELD))
def test_garbage_in_every_field_is_a_type_or_value_error(fields):
    try:
        x = load_crafted(*fields)
    except (TypeError, ValueError) as error:
        assert "rebuild_array()" in str(error)
        return
    assert fits_in_buffer(x._layout, x._storage.size)
    assert x.size * x.dtype.dtype.itemsize == memoryview(fields[3]).nbytes


# --- dtypes, devices and the inspection objects ----------------------------------------


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: d.name)
def test_dtypes_pickle_to_themselves(dtype, protocol):
    assert pickled(dtype, protocol) is dtype
    assert copy.copy(dtype) is dtype and copy.deepcopy(dtype) is dtype


def inspection_results(info):
    return {
        "capabilities": info.capabilities(),
        "default_device": info.default_device(),
        "default_dtypes": info.default_dtypes(),
        "devices": info.devices(),
        "dtypes": info.dtypes(),
        "dtypes-of-a-kind": info.dtypes(kind="integral"),
    }


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("api_version", ["2023.12", "2024.12", "2025.12"])
def test_inspection_objects_pickle_under_every_protocol(api_version, protocol):
    info = xp.asarray(0).__array_namespace__(api_version=api_version).__array_namespace_info__()
    restored = pickled(info, protocol)
    assert type(restored) is type(info)
    assert inspection_results(restored) == inspection_results(info)
    for name, result in inspection_results(info).items():
        again = pickled(result, protocol)
        assert again == result and type(again) is type(result), name
        assert copy.deepcopy(result) == result
    for dtype in pickled(info.dtypes(), protocol).values():
        assert dtype in ALL_DTYPES and any(dtype is d for d in ALL_DTYPES)


def test_a_crafted_inspection_object_is_refused():
    class CraftedInfo:
        def __reduce__(self):
            return type(xp.__array_namespace_info__()), ("2099.12",)

    with pytest.raises(ValueError, match="'api_version'"):
        pickle.loads(pickle.dumps(CraftedInfo()))


# --- a real process boundary -------------------------------------------------------------


def summed_and_doubled(x):
    """Runs in a worker process."""
    return xp.sum(x), x * 2


def test_arrays_cross_a_process_boundary_both_ways():
    x = xp.reshape(xp.arange(12.0), (3, 4))[::-1, 1:]
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        total, doubled = pool.submit(summed_and_doubled, x).result(timeout=120)
    assert float(total) == float(xp.sum(x))
    assert_same_elements(doubled, x, np.asarray(x) * 2)
    doubled[0, 0] = 0.0
