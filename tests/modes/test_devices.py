"""
Devices: the CPU and array-api-strict's four test devices (device1, device2, no_float64,
no_x64), which hold CPU memory and differ in the dtypes they have and give by default.

What is tested: each device's dtypes and defaults against a table (and against
array-api-strict's own, when it is installed); creation on each device with its defaults
and its refusals; every kind of result keeps its inputs' device; two devices never meet in
one call; ``to_device`` copies; pickles keep the device; the fixed_device flag; and the
switch that keeps all of this free for programs that only use the CPU.
"""

from __future__ import annotations

import gc
import pickle

import numpy as np
import pytest
from hypothesis import given, strategies as st

import array_api_reshape as xp
from array_api_reshape import flags, layout
from array_api_reshape._modes import _placement
from array_api_reshape._modes._flag_state import MODES
from array_api_reshape._modes._placement import check_moves_inside, device_inside, device_of_call

INFO = xp.__array_namespace_info__()
DEVICES = INFO.devices()
CPU, DEVICE1, DEVICE2, NO_FLOAT64, NO_X64 = DEVICES
NAMES = ("cpu", "device1", "device2", "no_float64", "no_x64")
NOT_CPU = DEVICES[1:]

WIDE = {"real floating": xp.float64, "complex floating": xp.complex128,
        "integral": xp.int64, "indexing": xp.int64}
NARROW_FLOATS = {**WIDE, "real floating": xp.float32, "complex floating": xp.complex64}
NARROW = {"real floating": xp.float32, "complex floating": xp.complex64,
          "integral": xp.int32, "indexing": xp.int32}
ALL_DTYPE_NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                   "uint64", "float32", "float64", "complex64", "complex128")

TABLE = {
    # device: (the dtypes it lacks, its default dtypes), as array-api-strict 2.6 has them
    "cpu": ((), WIDE),
    "device1": ((), WIDE),
    "device2": ((), NARROW_FLOATS),
    "no_float64": (("float64", "complex128"), NARROW_FLOATS),
    "no_x64": (("int64", "uint64", "float64", "complex128"), NARROW),
}


pytestmark = pytest.mark.usefixtures("devices_off_afterwards")


@pytest.fixture(autouse=True)
def default_flags():
    flags.reset()
    yield
    flags.reset()


def on(device, values, dtype=None):
    return xp.asarray(values, dtype=dtype, device=device)


# --- the table ----------------------------------------------------------------------


def test_the_devices_are_the_cpu_then_strict_s_four():
    assert [d.name for d in DEVICES] == list(NAMES)
    assert type(INFO.devices()) is tuple
    older = xp.asarray(0).__array_namespace__(api_version="2024.12").__array_namespace_info__()
    assert older.devices() == list(DEVICES)
    assert INFO.default_device() is CPU


@pytest.mark.parametrize("name", NAMES)
def test_each_device_s_dtypes_and_defaults(name):
    lacks, defaults = TABLE[name]
    assert INFO.default_dtypes(device=name) == defaults
    assert INFO.default_dtypes(device=DEVICES[NAMES.index(name)]) == defaults
    assert list(INFO.dtypes(device=name)) == [n for n in ALL_DTYPE_NAMES if n not in lacks]
    integral = [n for n in ALL_DTYPE_NAMES if "int" in n and n not in lacks]
    assert list(INFO.dtypes(device=name, kind="integral")) == integral


@pytest.mark.parametrize("name", NAMES)
def test_the_table_is_array_api_strict_s(name):
    strict = pytest.importorskip("array_api_strict")
    strict_info = strict.__array_namespace_info__()
    strict_device = strict.Device("CPU_DEVICE" if name == "cpu" else name)
    assert {k: v.name for k, v in INFO.default_dtypes(device=name).items()} == {
        k: str(v).removeprefix("array_api_strict.") for k, v in
        strict_info.default_dtypes(device=strict_device).items()}
    assert set(INFO.dtypes(device=name)) == set(strict_info.dtypes(device=strict_device))


def test_a_device_is_one_object_per_name():
    assert type(CPU)("device1") is DEVICE1
    assert pickle.loads(pickle.dumps(NO_X64)) is NO_X64
    assert DEVICE1 == DEVICE1 and DEVICE1 != DEVICE2 and DEVICE1 != "device1"
    assert repr(NO_FLOAT64) == "array_api_reshape.Device('no_float64')"
    assert len({CPU, DEVICE1, type(CPU)("device1")}) == 2
    with pytest.raises(ValueError, match="'name' must be one of 'cpu', 'device1'"):
        type(CPU)("gpu")


@pytest.mark.parametrize("device, error, words", [
    pytest.param("gpu", ValueError, "'device' 'gpu' is not a device", id="unknown-name"),
    pytest.param(1, TypeError, "'device' must be None, a device", id="int"),
    pytest.param(np.float64, TypeError, "'device' must be None, a device", id="type"),
])
def test_bad_device_arguments(device, error, words):
    for call in (lambda: xp.zeros(2, device=device), lambda: INFO.dtypes(device=device),
                 lambda: xp.asarray([1]).to_device(device)):
        with pytest.raises(error, match=words):
            call()


# --- creation -----------------------------------------------------------------------

CREATION = [
    # (id, call taking a device, the kind of default dtype its result has)
    ("asarray-int", lambda d: xp.asarray(3, device=d), "integral"),
    ("asarray-float", lambda d: xp.asarray(1.5, device=d), "real floating"),
    ("asarray-complex", lambda d: xp.asarray(1j, device=d), "complex floating"),
    ("asarray-bool", lambda d: xp.asarray(True, device=d), "bool"),
    ("asarray-nested-ints", lambda d: xp.asarray([[1, 2], [3, 4]], device=d), "integral"),
    ("asarray-nested-floats", lambda d: xp.asarray([1.0, 2], device=d), "real floating"),
    ("asarray-nested-complex", lambda d: xp.asarray([1j, 2], device=d), "complex floating"),
    ("arange-int", lambda d: xp.arange(5, device=d), "integral"),
    ("arange-float", lambda d: xp.arange(0, 1, 0.25, device=d), "real floating"),
    ("empty", lambda d: xp.empty((2, 3), device=d), "real floating"),
    ("zeros", lambda d: xp.zeros(3, device=d), "real floating"),
    ("ones", lambda d: xp.ones((2,), device=d), "real floating"),
    ("full-int", lambda d: xp.full(2, 7, device=d), "integral"),
    ("full-float", lambda d: xp.full(2, 0.5, device=d), "real floating"),
    ("full-complex", lambda d: xp.full(2, 1j, device=d), "complex floating"),
    ("full-bool", lambda d: xp.full(2, True, device=d), "bool"),
    ("eye", lambda d: xp.eye(2, 3, device=d), "real floating"),
    ("linspace", lambda d: xp.linspace(0, 1, 5, device=d), "real floating"),
    ("linspace-complex", lambda d: xp.linspace(0, 1j, 3, device=d), "complex floating"),
    ("fftfreq", lambda d: xp.fft.fftfreq(4, device=d), "real floating"),
    ("rfftfreq", lambda d: xp.fft.rfftfreq(4, device=d), "real floating"),
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("make, kind", [pytest.param(m, k, id=i) for i, m, k in CREATION])
def test_creation_places_the_array_with_the_device_s_defaults(make, kind, name):
    device = DEVICES[NAMES.index(name)]
    for argument in (name, device):
        x = make(argument)
        assert x.device is device
        assert x.dtype == (xp.bool if kind == "bool" else TABLE[name][1][kind])
        assert xp.asarray(x, device=CPU, copy=True).device is CPU  # and back to the CPU


@pytest.mark.parametrize("name", NAMES[1:])
def test_like_functions_keep_x_s_device_and_dtype(name):
    x = xp.zeros((2, 2), dtype=xp.int8, device=name)
    for result in (xp.empty_like(x), xp.zeros_like(x), xp.ones_like(x), xp.full_like(x, 3)):
        assert result.device.name == name and result.dtype == xp.int8
    assert xp.zeros_like(x, device="cpu").device is CPU
    assert xp.ones_like(xp.ones(2, dtype=xp.float32), device=name).device.name == name
    if name in ("no_float64", "no_x64"):
        with pytest.raises(ValueError, match=f"ones_like\\(\\): device '{name}' has no float64"):
            xp.ones_like(xp.ones(2), device=name)


LACKING = [("no_float64", xp.float64), ("no_float64", xp.complex128),
           ("no_x64", xp.int64), ("no_x64", xp.uint64), ("no_x64", xp.float64)]
"""Each restricted device with a dtype it lacks."""

CREATORS = [
    ("asarray", lambda dtype, d: xp.asarray([1, 2], dtype=dtype, device=d)),
    ("arange", lambda dtype, d: xp.arange(3, dtype=dtype, device=d)),
    ("empty", lambda dtype, d: xp.empty(2, dtype=dtype, device=d)),
    ("zeros", lambda dtype, d: xp.zeros(2, dtype=dtype, device=d)),
    ("ones", lambda dtype, d: xp.ones(2, dtype=dtype, device=d)),
    ("full", lambda dtype, d: xp.full(2, 1, dtype=dtype, device=d)),
    ("eye", lambda dtype, d: xp.eye(2, dtype=dtype, device=d)),
    ("linspace", lambda dtype, d: xp.linspace(0, 1, 3, dtype=dtype, device=d)),
    ("zeros_like", lambda dtype, d: xp.zeros_like(xp.zeros(2), dtype=dtype, device=d)),
    ("full_like", lambda dtype, d: xp.full_like(xp.zeros(2, dtype=dtype), 1, device=d)),
    ("astype", lambda dtype, d: xp.astype(xp.zeros(2), dtype, device=d)),
    ("from_dlpack", lambda dtype, d: xp.from_dlpack(np.zeros(2, dtype.dtype), device=d)),
    ("asarray", lambda dtype, d: xp.asarray(np.zeros(2, dtype.dtype), device=d)),
    ("to_device", lambda dtype, d: xp.zeros(2, dtype=dtype).to_device(d)),
]
"""Every way to make an array on a device (linspace takes floating dtypes only)."""


@pytest.mark.parametrize("function, make, name, dtype", [
    pytest.param(function, make, name, dtype, id=f"{function}-{name}-{dtype.name}")
    for function, make in CREATORS for name, dtype in LACKING
    if not (function == "linspace" and "int" in dtype.name)
])
def test_creation_refuses_a_dtype_the_device_lacks(function, make, name, dtype):
    with pytest.raises(ValueError) as caught:
        make(dtype, name)
    message = str(caught.value)
    assert message.startswith(f"{function}(): device '{name}' has no {dtype.name}"), message


def test_python_data_takes_the_device_s_defaults_and_stays_exact():
    assert xp.asarray([1, 2], device="no_x64").dtype == xp.int32
    assert xp.asarray([1, 2], device="device2").dtype == xp.int64
    with pytest.raises(OverflowError):
        xp.asarray([2**40], device="no_x64")  # not wrapped into int32
    with pytest.raises(OverflowError):
        xp.arange(2**40, 2**40 + 2, device="no_x64")


def test_foreign_memory_is_shared_onto_any_device_and_our_arrays_move_as_copies():
    a = np.arange(4.0)
    x = xp.asarray(a, device="device1")
    a[0] = 9.0
    assert x.device is DEVICE1 and float(x[0]) == 9.0  # NumPy's CPU memory, shared
    assert xp.from_dlpack(a, device="device2").device is DEVICE2
    assert xp.asarray(x) is x and xp.from_dlpack(x).device is DEVICE1
    moved = xp.asarray(x, device="device2")
    assert moved.device is DEVICE2 and not layout.shares_memory(moved, x)
    with pytest.raises(ValueError, match="asarray\\(copy=False\\): moving an array from "
                                         "device 'device1' to 'device2' needs a copy"):
        xp.asarray(x, device="device2", copy=False)
    with pytest.raises(BufferError, match="from_dlpack\\(copy=False\\): moving"):
        xp.from_dlpack(x, device=DEVICE2, copy=False)
    assert xp.from_dlpack(x, device=DEVICE2).device is DEVICE2


def test_python_data_holding_arrays_keeps_their_one_device():
    a = on("device1", [1.0, 2.0])
    assert xp.asarray([a, a]).device is DEVICE1
    assert xp.asarray([[a[0], 3.0]]).device is DEVICE1
    assert xp.asarray([a[0], 3.0], device="device2").device is DEVICE2
    with pytest.raises(ValueError, match="asarray\\(\\): 'obj\\[1\\]' is on device 'cpu'"):
        xp.asarray([a, xp.ones(2)])


def test_astype_keeps_or_moves_the_device():
    x = on("device1", [1, 2])
    assert xp.astype(x, xp.float32).device is DEVICE1
    assert xp.astype(x, xp.int64, copy=False) is x
    moved = xp.astype(x, xp.int64, copy=False, device="device2")
    assert moved.device is DEVICE2 and not layout.shares_memory(moved, x)


# --- results keep their inputs' device ----------------------------------------------

def _matrix(d):
    return xp.reshape(xp.arange(1.0, 10.0, dtype=xp.float32, device=d), (3, 3))


KEEPERS = [
    # (id, call taking a device): every result of it must be on that device
    ("add", lambda d: _matrix(d) + _matrix(d)),
    ("add-scalar", lambda d: _matrix(d) + 1),
    ("radd-scalar", lambda d: 2.0 - _matrix(d)),
    ("iadd", lambda d: _matrix(d).__iadd__(_matrix(d))),
    ("less", lambda d: _matrix(d) < 3),
    ("exp", lambda d: xp.exp(_matrix(d))),
    ("negative", lambda d: -_matrix(d)),
    ("abs", lambda d: abs(_matrix(d))),
    ("maximum", lambda d: xp.maximum(_matrix(d), 4.0)),
    ("clip", lambda d: xp.clip(_matrix(d), min=2, max=xp.full((3, 3), 5.0, dtype=xp.float32,
                                                               device=d))),
    ("where", lambda d: xp.where(_matrix(d) > 4, _matrix(d), 0.0)),
    ("sum", lambda d: xp.sum(_matrix(d), axis=0)),
    ("mean", lambda d: xp.mean(_matrix(d))),
    ("std", lambda d: xp.std(_matrix(d), axis=1)),
    ("max", lambda d: xp.max(_matrix(d))),
    ("cumulative_sum", lambda d: xp.cumulative_sum(_matrix(d), axis=1)),
    ("all", lambda d: xp.all(_matrix(d) > 0)),
    ("diff", lambda d: xp.diff(_matrix(d), prepend=_matrix(d)[:, :1])),
    ("matmul", lambda d: _matrix(d) @ _matrix(d)),
    ("tensordot", lambda d: xp.tensordot(_matrix(d), _matrix(d), axes=1)),
    ("vecdot", lambda d: xp.vecdot(_matrix(d), _matrix(d))),
    ("reshape-view", lambda d: xp.reshape(_matrix(d), (9,))),
    ("reshape-copy", lambda d: xp.reshape(_matrix(d).T, (9,))),
    ("permute_dims", lambda d: xp.permute_dims(_matrix(d), (1, 0))),
    ("flip", lambda d: xp.flip(_matrix(d))),
    ("concat", lambda d: xp.concat([_matrix(d), _matrix(d)])),
    ("stack", lambda d: xp.stack([_matrix(d), _matrix(d)])),
    ("unstack", lambda d: xp.unstack(_matrix(d))),
    ("broadcast_to", lambda d: xp.broadcast_to(_matrix(d)[0], (2, 3))),
    ("broadcast_arrays", lambda d: xp.broadcast_arrays(_matrix(d), _matrix(d)[0])),
    ("meshgrid", lambda d: xp.meshgrid(_matrix(d)[0], _matrix(d)[1])),
    ("repeat", lambda d: xp.repeat(_matrix(d), 2, axis=0)),
    ("repeat-counts", lambda d: xp.repeat(_matrix(d)[0], xp.asarray([1, 0, 2], dtype=xp.int32,
                                                                     device=d))),
    ("roll", lambda d: xp.roll(_matrix(d), 1)),
    ("tile", lambda d: xp.tile(_matrix(d), (2, 1))),
    ("tril", lambda d: xp.tril(_matrix(d))),
    ("getitem-basic", lambda d: _matrix(d)[1:, ::-1]),
    ("getitem-mask", lambda d: _matrix(d)[_matrix(d) > 4]),
    ("getitem-integers", lambda d: _matrix(d)[xp.asarray([2, 0], dtype=xp.int32, device=d)]),
    ("take", lambda d: xp.take(_matrix(d), xp.asarray([1], dtype=xp.int32, device=d), axis=0)),
    ("take_along_axis", lambda d: xp.take_along_axis(
        _matrix(d), xp.asarray([[0], [1], [2]], dtype=xp.int8, device=d), axis=1)),
    ("sort", lambda d: xp.sort(_matrix(d), descending=True)),
    ("unique_values", lambda d: xp.unique_values(_matrix(d))),
    ("isin", lambda d: xp.isin(_matrix(d), _matrix(d)[0])),
    ("astype", lambda d: xp.astype(_matrix(d), xp.int16)),
    ("copy", lambda d: _matrix(d).__copy__()),
    ("asarray-copy", lambda d: xp.asarray(_matrix(d), copy=True)),
    ("ascontiguous", lambda d: layout.ascontiguous(_matrix(d).T)),
    ("pickle", lambda d: pickle.loads(pickle.dumps(_matrix(d).T))),
    ("linalg.inv", lambda d: xp.linalg.inv(_matrix(d) + xp.eye(3, dtype=xp.float32, device=d))),
    ("linalg.svd", lambda d: xp.linalg.svd(_matrix(d))),
    ("linalg.qr", lambda d: xp.linalg.qr(_matrix(d))),
    ("linalg.eigh", lambda d: xp.linalg.eigh(_matrix(d))),
    ("linalg.solve", lambda d: xp.linalg.solve(_matrix(d) + xp.eye(3, dtype=xp.float32,
                                                                   device=d), _matrix(d))),
    ("linalg.cross", lambda d: xp.linalg.cross(_matrix(d), _matrix(d))),
    ("linalg.outer", lambda d: xp.linalg.outer(_matrix(d)[0], _matrix(d)[1])),
    ("linalg.vector_norm", lambda d: xp.linalg.vector_norm(_matrix(d), axis=1)),
    ("linalg.matrix_norm", lambda d: xp.linalg.matrix_norm(_matrix(d))),
    ("linalg.slogdet", lambda d: xp.linalg.slogdet(_matrix(d))),
    ("fft.rfft", lambda d: xp.fft.rfft(_matrix(d))),
    ("fft.fftn", lambda d: xp.fft.fftn(xp.astype(_matrix(d), xp.complex64))),
    ("fft.fftshift", lambda d: xp.fft.fftshift(_matrix(d))),
]


def _arrays_in(result):
    if isinstance(result, xp.Array):
        return [result]
    return [array for part in result for array in _arrays_in(part)]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("call", [pytest.param(c, id=i) for i, c in KEEPERS])
def test_every_result_keeps_its_inputs_device(call, name):
    device = DEVICES[NAMES.index(name)]
    results = _arrays_in(call(device))
    assert results and all(r.device is device for r in results), [r.device for r in results]


@pytest.mark.parametrize("call", [
    pytest.param(lambda d: xp.argsort(on(d, [3, 1, 2])), id="argsort"),
    pytest.param(lambda d: xp.argmax(on(d, [3, 1, 2])), id="argmax"),
    pytest.param(lambda d: xp.nonzero(on(d, [3, 0, 2])), id="nonzero"),
    pytest.param(lambda d: xp.searchsorted(on(d, [1, 2, 3]), on(d, [2])), id="searchsorted"),
    pytest.param(lambda d: xp.unique_inverse(on(d, [1, 1, 2])), id="unique_inverse"),
    pytest.param(lambda d: xp.count_nonzero(on(d, [1, 0, 2])), id="count_nonzero"),
])
def test_index_results_keep_the_device(call):
    for name in ("device1", "device2", "no_float64"):
        results = _arrays_in(call(name))
        assert all(r.device.name == name for r in results)


SCALARS_OF = {"f": 1.5, "i": 3, "b": True}


@given(data=st.data())
def test_element_wise_results_keep_the_device_property(data):
    name = data.draw(st.sampled_from(NAMES), label="device")
    function = data.draw(st.sampled_from(
        ["add", "subtract", "multiply", "maximum", "equal", "less", "logical_and", "exp",
         "negative", "abs", "sqrt", "floor", "bitwise_xor", "square"]), label="function")
    dtype_name = data.draw(st.sampled_from(list(INFO.dtypes(device=name))), label="dtype")
    dtype = getattr(xp, dtype_name)
    values = data.draw(st.lists(st.integers(0, 5), min_size=1, max_size=4), label="values")
    x = xp.asarray(values, dtype=dtype, device=name)
    other = data.draw(st.sampled_from(["array", "scalar"]), label="other")
    second = x if other == "array" else SCALARS_OF.get(dtype.dtype.kind, 1)
    try:
        unary = function in ("exp", "negative", "abs", "sqrt", "floor", "square")
        result = getattr(xp, function)(x) if unary else getattr(xp, function)(x, second)
    except TypeError:
        return  # a dtype the function does not take
    except ValueError as error:
        # only a result the device lacks (exp of an integer is float64 here) is refused
        assert f"on device '{name}', which has no" in str(error)
        return
    assert result.device.name == name
    assert result.dtype.name not in TABLE[name][0]


# --- results a device lacks ---------------------------------------------------------

@pytest.mark.parametrize("name", ["no_float64", "no_x64"])
@pytest.mark.parametrize("function, call", [
    ("add", lambda d: on(d, [1, 2], xp.int32) + 1.5),
    ("add", lambda d: 0.5 + on(d, [1, 2], xp.int16)),
    ("exp", lambda d: xp.exp(on(d, [1, 2], xp.int32))),
    ("divide", lambda d: xp.divide(on(d, [1, 2], xp.int8), 2)),
    ("sum", lambda d: xp.sum(on(d, [1.0], xp.float32), dtype=xp.float64)),
    ("cumulative_sum", lambda d: xp.cumulative_sum(on(d, [1.0], xp.float32), dtype=xp.float64)),
])
def test_a_float64_result_is_refused_never_made(function, call, name):
    with pytest.raises(ValueError, match=f"^{function}\\(\\): the result would be float64 "
                                         f"on device '{name}', which has no float64"):
        call(name)


@pytest.mark.parametrize("function, call", [
    ("sum", lambda: xp.sum(on("no_x64", [1, 2]))),  # int32 sums in the default integer
    ("prod", lambda: xp.prod(on("no_x64", [1, 2], xp.int16))),
    ("cumulative_sum", lambda: xp.cumulative_sum(on("no_x64", [1, 2]))),
    ("argsort", lambda: xp.argsort(on("no_x64", [3, 1]))),
    ("argmax", lambda: xp.argmax(on("no_x64", [3, 1]))),
    ("nonzero", lambda: xp.nonzero(on("no_x64", [3, 0]))),
    ("searchsorted", lambda: xp.searchsorted(on("no_x64", [1, 3]), on("no_x64", [2]))),
    ("unique_inverse", lambda: xp.unique_inverse(on("no_x64", [3, 3]))),
    ("count_nonzero", lambda: xp.count_nonzero(on("no_x64", [3, 0]))),
    ("linalg.matrix_rank", lambda: xp.linalg.matrix_rank(on("no_x64", [[1.0, 0.0], [0.0, 1.0]]))),
])
def test_no_x64_gives_positions_counts_and_integer_sums_as_int32_as_jax_does(function, call):
    result = call()
    for part in result if isinstance(result, tuple) else (result,):
        assert part.dtype == xp.int32 and part.device.name == "no_x64"
    assert xp.unique_values(on("no_x64", [3, 3])).dtype == xp.int32


def test_what_a_device_has_is_computed():
    x = on("no_x64", [1.0, 4.0])
    assert x.dtype == xp.float32
    assert xp.sqrt(x).dtype == xp.float32 and xp.mean(x).dtype == xp.float32
    assert (on("no_float64", [1, 2]) + 1).dtype == xp.int64


# --- two devices never meet -----------------------------------------------------------

MIXERS = [
    ("add", lambda a, b: a + b),
    ("radd", lambda a, b: xp.add(b, a)),
    ("iadd", lambda a, b: a.__iadd__(b)),
    ("equal", lambda a, b: a == b),
    ("matmul", lambda a, b: a @ b),
    ("atan2", lambda a, b: xp.atan2(a, b)),
    ("where-x", lambda a, b: xp.where(a > 0, a, b)),
    ("where-condition", lambda a, b: xp.where(b > 0, a, 1.0)),
    ("clip", lambda a, b: xp.clip(a, min=b)),
    ("concat", lambda a, b: xp.concat([a, b])),
    ("stack", lambda a, b: xp.stack((a, b))),
    ("broadcast_arrays", lambda a, b: xp.broadcast_arrays(a, b)),
    ("meshgrid", lambda a, b: xp.meshgrid(a[0], b[0])),
    ("tensordot", lambda a, b: xp.tensordot(a, b)),
    ("vecdot", lambda a, b: xp.vecdot(a, b)),
    ("take", lambda a, b: xp.take(a, xp.astype(b[0], xp.int32), axis=0)),
    ("take_along_axis", lambda a, b: xp.take_along_axis(a, xp.astype(b, xp.int32), axis=1)),
    ("getitem-mask", lambda a, b: a[b > 0]),
    ("getitem-integers", lambda a, b: a[xp.astype(b[0], xp.int32)]),
    ("setitem-value", lambda a, b: a.__setitem__(0, b[0])),
    ("setitem-key", lambda a, b: a.__setitem__(xp.astype(b[0], xp.int32), 0.0)),
    ("searchsorted", lambda a, b: xp.searchsorted(a[0], b)),
    ("isin", lambda a, b: xp.isin(a, b)),
    ("diff-append", lambda a, b: xp.diff(a, append=b)),
    ("repeat-counts", lambda a, b: xp.repeat(a[0], xp.astype(b[0], xp.int32))),
    ("linalg.solve", lambda a, b: xp.linalg.solve(a, b)),
    ("linalg.cross", lambda a, b: xp.linalg.cross(a, b)),
    ("linalg.outer", lambda a, b: xp.linalg.outer(a[0], b[0])),
    ("linalg.pinv-rtol", lambda a, b: xp.linalg.pinv(a, rtol=b[0, 0])),
]


@pytest.mark.parametrize("first, second", [("device1", "device2"), ("cpu", "no_float64"),
                                           ("no_x64", "device1")])
@pytest.mark.parametrize("call", [pytest.param(c, id=i) for i, c in MIXERS])
def test_mixing_devices_in_one_call_raises(call, first, second):
    a = xp.eye(3, dtype=xp.float32, device=first) + 1
    b = xp.full((3, 3), 1.0, dtype=xp.float32, device=second)
    before = np.asarray(a).copy()
    with pytest.raises(ValueError) as caught:
        call(a, b)
    message = str(caught.value)
    assert f"on device '{second}'" in message or f"on device '{first}'" in message, message
    assert "the arrays of one call must share a device" in message
    np.testing.assert_array_equal(np.asarray(a), before)  # a failed call changes nothing


def test_python_scalars_have_no_device():
    x = on("device1", [1.0, 2.0])
    assert (x + 1).device is DEVICE1 and (3 * x).device is DEVICE1
    assert xp.where(x > 1, 0.0, x).device is DEVICE1
    x[0] = 5.0
    x[xp.asarray([1], device="device1")] = 7.0
    assert x.device is DEVICE1 and float(x[0]) == 5.0 and float(x[1]) == 7.0


# --- to_device, pickles, DLPack, repr ---------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_to_device(name):
    device = DEVICES[NAMES.index(name)]
    x = xp.asarray([[1, 2], [3, 4]], dtype=xp.int16, device=name)
    assert x.to_device(device) is x and x.to_device(name) is x
    for target in NAMES:
        if target == name:
            continue
        moved = x.T.to_device(target)
        assert moved.device.name == target and moved.dtype == xp.int16
        assert not layout.shares_memory(moved, x)
        assert np.asarray(moved).tolist() == [[1, 3], [2, 4]]
    with pytest.raises(ValueError, match="'stream' must be None"):
        x.to_device(device, stream=1)


def test_pickles_keep_the_device_and_cpu_pickles_stay_as_before():
    x = xp.reshape(xp.arange(6, dtype=xp.int32, device="no_x64"), (2, 3))
    loaded = pickle.loads(pickle.dumps(x))
    assert loaded.device is NO_X64 and np.asarray(loaded).tolist() == np.asarray(x).tolist()
    assert len(xp.asarray([1]).__reduce_ex__(2)[1]) == 5  # no device field for the CPU
    with flags.using(fixed_device="device1"):
        with pytest.raises(ValueError, match="rebuild_array\\(\\): cannot make or move an "
                                             "array onto device 'no_x64'"):
            pickle.loads(pickle.dumps(x))


def test_dlpack_device_and_repr():
    for name in NAMES:
        x = on(name, [1.0, 2.0])
        assert x.__dlpack_device__() == (1, 0)  # all hold CPU memory
        expected = "float32" if name in ("device2", "no_float64", "no_x64") else "float64"
        suffix = "" if name == "cpu" else f", device={name}"
        assert repr(x) == f"Array([1., 2.], dtype={expected}{suffix})"
        assert np.from_dlpack(x).tolist() == [1.0, 2.0]


# --- the fixed_device flag --------------------------------------------------------------

def test_fixed_device_places_every_new_array_and_refuses_others():
    with flags.using(fixed_device="no_float64"):
        assert INFO.default_device() is NO_FLOAT64
        assert INFO.default_dtypes()["real floating"] == xp.float32
        for x in (xp.zeros(2), xp.asarray([1.5]), xp.asarray(np.arange(3.0, dtype=np.float32)),
                  xp.arange(3), xp.linspace(0, 1, 2), xp.fft.fftfreq(2), xp.eye(1),
                  xp.asarray(np.arange(3.0, dtype=np.float32), copy=True)):
            assert x.device is NO_FLOAT64, x
        assert xp.zeros(2, device="no_float64").device is NO_FLOAT64
        for call in (lambda: xp.zeros(2, device="cpu"), lambda: xp.zeros(1).to_device("cpu"),
                     lambda: xp.asarray([1], device=DEVICE1)):
            with pytest.raises(ValueError) as caught:
                call()
            message = str(caught.value)
            assert "the fixed_device flag keeps every array on 'no_float64'" in message
            assert "flags.set(fixed_device=None) turns it off" in message
        with pytest.raises(ValueError, match="device 'no_float64' has no float64"):
            xp.asarray(np.arange(3.0))
    assert xp.zeros(2).device is CPU


def test_fixed_device_leaves_existing_arrays_where_they_are():
    x = on("device2", [1.0])
    with flags.using(fixed_device="device1"):
        assert xp.zeros_like(x).device is DEVICE2  # *_like keeps x's device
        assert xp.asarray(x) is x and x.to_device("device2") is x
        assert (x + 1).device is DEVICE2
        assert x.to_device("device1").device is DEVICE1
    flags.set(fixed_device=DEVICE1)
    assert xp.ones(1).device is DEVICE1
    flags.reset()
    assert xp.ones(1).device is CPU


# --- the switch: CPU-only programs pay nothing ---------------------------------------------

def test_devices_switch_on_with_the_first_array_off_the_cpu(monkeypatch):
    gc.collect()
    MODES.use_devices(False)
    from array_api_reshape._array import _elementwise_dispatch
    general_paths = []
    general = _elementwise_dispatch.apply_binary

    def counted(*arguments):
        general_paths.append(arguments[0].name)
        return general(*arguments)

    monkeypatch.setattr(_elementwise_dispatch, "apply_binary", counted)
    assert MODES.devices is False and MODES.flags is False
    x = xp.ones(2) + xp.ones(2)  # the CPU alone: nothing switches, the fast path serves
    assert MODES.devices is False and x.device is CPU and general_paths == []
    with pytest.raises(ValueError):
        xp.zeros(1, dtype=xp.float64, device="no_float64")  # refused: still a device named
    assert MODES.devices is True and MODES.operands is True and MODES.flags is False
    y = on("device1", [1.0, 2.0])
    assert (y + y).device is DEVICE1
    assert general_paths == ["add"]  # the fast paths compare no devices: off
    del y
    gc.collect()
    MODES.use_devices(False)
    assert MODES.flags is False
    xp.ones(2) + xp.ones(2)
    assert general_paths == ["add"]


# --- the device of a call: the chapters' one entry ---------------------------------------

def test_the_device_of_a_call_is_the_named_one_checked():
    assert device_of_call("f", "device1") is DEVICE1
    assert device_of_call("f", NO_X64, x=on("device1", [1.0])) is NO_X64  # named: a move
    with pytest.raises(ValueError, match="f\\(\\): 'device' 'gpu' is not a device"):
        device_of_call("f", "gpu")
    with flags.using(fixed_device="device2"):
        with pytest.raises(ValueError, match="f\\(\\): cannot make or move an array onto "
                                             "device 'device1'"):
            device_of_call("f", DEVICE1)


def test_the_device_of_a_call_is_the_one_its_arrays_share():
    a, b = on("device1", [1.0]), on("device1", [2.0])
    assert device_of_call("f", x1=a, x2=b) is DEVICE1
    assert device_of_call("f", arrays=[a, b], scalar=3.0, nothing=None) is DEVICE1
    with flags.using(fixed_device="device2"):  # the arrays' device, not the fixed one
        assert device_of_call("f", x=a) is DEVICE1
    with pytest.raises(ValueError) as caught:
        device_of_call("f", x1=a, x2=on("device2", [1.0]))
    assert str(caught.value) == (
        "f(): 'x2' is on device 'device2' but 'x1' on 'device1'; the arrays of one call "
        "must share a device (move one with to_device())")
    with pytest.raises(ValueError, match="f\\(\\): 'arrays\\[1\\]' is on device 'cpu'"):
        device_of_call("f", arrays=(a, xp.ones(1)))


def test_the_device_of_a_call_without_arrays_is_the_default_one():
    assert device_of_call("f") is CPU and device_of_call("f", scalar=1) is CPU
    with flags.using(fixed_device="no_x64"):
        assert device_of_call("f") is NO_X64 and device_of_call("f", scalar=1) is NO_X64
        assert device_of_call("f", x=xp.ones(1, device="no_x64")) is NO_X64


def test_the_device_of_a_call_looks_at_no_array_while_all_are_on_the_cpu(monkeypatch):
    gc.collect()
    MODES.use_devices(False)
    monkeypatch.setattr(_placement, "_arrays", None)  # any look would fail
    x = xp.ones(2)
    assert device_of_call("f", x1=x, x2=x) is CPU
    with flags.using(fixed_device="device1"):  # arrays on the CPU keep theirs
        assert device_of_call("f", x=x) is CPU and device_of_call("f", arrays=[x, x]) is CPU
        assert xp.concat([x, x]).device is CPU and xp.stack((x, x)).device is CPU
        assert MODES.devices is False
        assert device_of_call("f", arrays=[]) is DEVICE1  # an array is to be made there


def test_arrays_inside_python_data_give_their_device_and_their_moves():
    a = on("device1", [1.0])
    assert device_inside([[a], 1.0], "asarray") is DEVICE1
    assert device_inside([1.0, 2.0], "asarray") is None and device_inside(a, "f") is None
    with pytest.raises(ValueError, match="g\\(\\): 'obj\\[1\\]' is on device 'device2'"):
        device_inside([a, [on("device2", [1.0])]], "g")
    check_moves_inside([a], DEVICE1, "asarray")  # no move
    with flags.using(transfers="error"):
        check_moves_inside([a, 2.0], DEVICE1, "asarray")
        with pytest.raises(ValueError, match="moves an array from device 'device1' to 'cpu'"):
            check_moves_inside([[a]], CPU, "asarray")
