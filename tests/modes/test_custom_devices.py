"""
Devices of the user's own (array_api_reshape.devices.define and remove).

What is tested: a defined device works wherever the built-in test devices do (``Device``,
``device=`` arguments, ``to_device``, the inspection functions, the fixed_device flag,
results on their inputs' device, two devices never meeting in one call, pickles); its
dtypes and defaults follow the definition, against a model of the rules (a property
test); a device without data-dependent shapes refuses exactly the functions whose
result's shape depends on the values; every bad definition and removal is refused with
a message naming the argument, and changes nothing; removal, redefinition and
definitions from several threads at once.
"""

from __future__ import annotations

import pickle
import threading

import numpy as np
import pytest
from hypothesis import given, strategies as st

import array_api_reshape as xp
from array_api_reshape import devices, flags, layout

INFO = xp.__array_namespace_info__()
BUILT_IN = INFO.devices()
CPU = BUILT_IN[0]
DTYPE_NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
               "uint64", "float32", "float64", "complex64", "complex128")
KINDS = ("real floating", "complex floating", "integral", "indexing")
CHOICES = {"real floating": ("float64", "float32"), "complex floating": ("complex128", "complex64"),
           "integral": ("int64", "int32"), "indexing": ("int64", "int32")}
"""Each kind's allowed defaults, the CPU's first."""


pytestmark = pytest.mark.usefixtures("devices_off_afterwards")


@pytest.fixture(autouse=True)
def default_flags_and_built_in_devices():
    flags.reset()
    yield
    flags.reset()
    for device in INFO.devices()[len(BUILT_IN):]:
        devices.remove(device)


@pytest.fixture
def meta():
    return devices.define("meta", data_dependent_shapes=False)


@pytest.fixture
def mps():
    return devices.define("mps", lacks=["float64", "complex128"])


# --- a defined device is a device like the others ------------------------------------


def test_a_defined_device_is_listed_named_and_pickled_like_the_built_in_ones(mps):
    assert INFO.devices() == (*BUILT_IN, mps)
    older = xp.asarray(0).__array_namespace__(api_version="2024.12").__array_namespace_info__()
    assert older.devices() == [*BUILT_IN, mps]
    assert devices.Device("mps") is mps and type(CPU)("mps") is mps
    assert pickle.loads(pickle.dumps(mps)) is mps
    assert repr(mps) == "array_api_reshape.Device('mps')" and str(mps) == "mps"
    assert mps == mps and mps != CPU and mps != "mps"
    assert mps.lacks == {"float64", "complex128"} and mps.data_dependent_shapes is True


def test_its_dtypes_and_defaults_answer_the_inspection_functions(mps):
    for argument in ("mps", mps):
        assert INFO.default_dtypes(device=argument) == {
            "real floating": xp.float32, "complex floating": xp.complex64,
            "integral": xp.int64, "indexing": xp.int64}
        assert list(INFO.dtypes(device=argument)) == [
            n for n in DTYPE_NAMES if n not in ("float64", "complex128")]
        assert list(INFO.dtypes(device=argument, kind="complex floating")) == ["complex64"]


@pytest.mark.parametrize("make, dtype", [
    pytest.param(lambda d: xp.zeros(2, device=d), xp.float32, id="zeros"),
    pytest.param(lambda d: xp.asarray([1.5], device=d), xp.float32, id="asarray-floats"),
    pytest.param(lambda d: xp.asarray([1j], device=d), xp.complex64, id="asarray-complex"),
    pytest.param(lambda d: xp.arange(3, device=d), xp.int64, id="arange"),
    pytest.param(lambda d: xp.linspace(0, 1, 3, device=d), xp.float32, id="linspace"),
    pytest.param(lambda d: xp.eye(2, device=d), xp.float32, id="eye"),
    pytest.param(lambda d: xp.full(2, 3, device=d), xp.int64, id="full-int"),
    pytest.param(lambda d: xp.ones_like(xp.ones(2, dtype=xp.int8), device=d), xp.int8,
                 id="ones_like"),
    pytest.param(lambda d: xp.fft.fftfreq(4, device=d), xp.float32, id="fftfreq"),
])
def test_creation_on_it_takes_its_defaults(make, dtype, mps):
    for argument in ("mps", mps):
        x = make(argument)
        assert x.device is mps and x.dtype == dtype


def test_it_refuses_a_dtype_it_lacks_as_the_built_in_devices_do(mps):
    with pytest.raises(ValueError, match=r"zeros\(\): device 'mps' has no float64 \(it lacks "
                                         r"float64 and complex128\); choose a dtype it has, "
                                         r"such as float32 or int64"):
        xp.zeros(2, dtype=xp.float64, device=mps)
    with pytest.raises(ValueError, match=r"to_device\(\): device 'mps' has no float64"):
        xp.ones(2).to_device(mps)
    with pytest.raises(ValueError, match=r"divide\(\): the result would be float64 on device "
                                         r"'mps'"):
        xp.divide(xp.asarray([1, 2], device=mps), 2)


def _matrix(device):
    return xp.reshape(xp.arange(1.0, 10.0, dtype=xp.float32, device=device), (3, 3))


KEEPERS = [
    ("add-scalar", lambda d: _matrix(d) + 1),
    ("matmul", lambda d: _matrix(d) @ _matrix(d)),
    ("where", lambda d: xp.where(_matrix(d) > 2, _matrix(d), 0.0)),
    ("sum", lambda d: xp.sum(_matrix(d), axis=0)),
    ("argsort", lambda d: xp.argsort(_matrix(d)[0])),
    ("sort", lambda d: xp.sort(_matrix(d), axis=0)),
    ("concat", lambda d: xp.concat([_matrix(d), _matrix(d)])),
    ("reshape-view", lambda d: xp.reshape(_matrix(d).T, (9,))),
    ("getitem-integers", lambda d: _matrix(d)[xp.asarray([2, 0], device=d)]),
    ("take", lambda d: xp.take(_matrix(d), xp.asarray([1], device=d), axis=0)),
    ("repeat-int", lambda d: xp.repeat(_matrix(d), 2, axis=0)),
    ("linalg.inv", lambda d: xp.linalg.inv(_matrix(d) + xp.eye(3, dtype=xp.float32, device=d))),
    ("fft.rfft", lambda d: xp.fft.rfft(_matrix(d))),
    ("astype", lambda d: xp.astype(_matrix(d), xp.int16)),
    ("copy", lambda d: xp.asarray(_matrix(d), copy=True)),
    ("pickle", lambda d: pickle.loads(pickle.dumps(_matrix(d).T))),
]


@pytest.mark.parametrize("call", [pytest.param(c, id=i) for i, c in KEEPERS])
def test_every_result_keeps_its_inputs_device(call, meta, mps):
    for device in (meta, mps):
        result = call(device)
        assert result.device is device, (device, result.device)


def test_argsort_and_sum_give_its_indexing_and_integral_defaults():
    narrow = devices.define("narrow", lacks=["int64", "uint64"])
    assert INFO.default_dtypes(device=narrow)["indexing"] == xp.int32
    x = xp.asarray([3, 1, 2], device=narrow)
    assert x.dtype == xp.int32
    assert xp.argsort(x).dtype == xp.int32 and xp.sum(x).dtype == xp.int32


@pytest.mark.parametrize("other", ["cpu", "device1", "mps"])
@pytest.mark.parametrize("call", [
    pytest.param(lambda a, b: a + b, id="add"),
    pytest.param(lambda a, b: xp.concat([a, b]), id="concat"),
    pytest.param(lambda a, b: a.__setitem__(0, b[0]), id="setitem-value"),
    pytest.param(lambda a, b: xp.where(a > 0, a, b), id="where"),
])
def test_it_never_meets_another_device_in_one_call(call, other, meta, mps):
    a = xp.ones(3, dtype=xp.float32, device=meta)
    b = xp.ones(3, dtype=xp.float32, device=other)
    with pytest.raises(ValueError, match="the arrays of one call must share a device"):
        call(a, b)
    assert np.asarray(a).tolist() == [1.0, 1.0, 1.0]


def test_to_device_moves_to_it_and_back(mps):
    x = xp.asarray([[1, 2], [3, 4]], dtype=xp.int16)
    moved = x.T.to_device("mps")
    assert moved.device is mps and moved.to_device(mps) is moved
    assert not layout.shares_memory(moved, x)
    back = moved.to_device(CPU)
    assert back.device is CPU and np.asarray(back).tolist() == [[1, 3], [2, 4]]


def test_the_fixed_device_flag_keeps_every_new_array_on_it(mps):
    with flags.using(fixed_device="mps"):
        assert INFO.default_device() is mps
        assert xp.zeros(2).device is mps and xp.zeros(2).dtype == xp.float32
        with pytest.raises(ValueError, match="the fixed_device flag keeps every array on 'mps'"):
            xp.zeros(2, device="cpu")
    flags.set(fixed_device=mps)
    assert xp.asarray([1.5]).device is mps
    flags.reset()
    assert xp.zeros(1).device is CPU


def test_pickles_of_its_arrays_load_while_it_is_defined(mps):
    x = xp.asarray([1.0, 2.0], device=mps)
    data = pickle.dumps(x)
    assert pickle.loads(data).device is mps
    devices.remove(mps)
    with pytest.raises(ValueError, match="'device_name' must name a device of the namespace"):
        pickle.loads(data)


# --- devices without data-dependent shapes ---------------------------------------------

SHAPE_FROM_DATA = [
    ("nonzero", lambda x, mask: xp.nonzero(x)),
    ("unique_all", lambda x, mask: xp.unique_all(x)),
    ("unique_counts", lambda x, mask: xp.unique_counts(x)),
    ("unique_inverse", lambda x, mask: xp.unique_inverse(x)),
    ("unique_values", lambda x, mask: xp.unique_values(x)),
    ("__getitem__", lambda x, mask: x[mask]),
    ("__getitem__", lambda x, mask: x[(mask,)]),
    ("__getitem__", lambda x, mask: x[..., mask]),
    ("__getitem__", lambda x, mask: x[xp.asarray(True, device=x.device)]),
    ("repeat", lambda x, mask: xp.repeat(x, xp.asarray([1, 0, 2], device=x.device))),
]


@pytest.mark.parametrize("function, call", [
    pytest.param(f, c, id=f"{f}-{i}") for i, (f, c) in enumerate(SHAPE_FROM_DATA)])
def test_a_device_without_data_dependent_shapes_refuses_them(function, call, meta):
    x = xp.asarray([2.0, 0.0, 2.0], device=meta)
    with pytest.raises(RuntimeError) as caught:
        call(x, x > 0)
    message = str(caught.value)
    assert message.startswith(f"{function}(): its result's shape depends on the data, and "
                              "device 'meta' allows no data-dependent shapes"), message
    assert "data_dependent_shapes=False, as PyTorch's meta device" in message
    on_cpu = x.to_device(CPU)
    call(on_cpu, on_cpu > 0)  # the same call elsewhere works


def test_a_device_without_data_dependent_shapes_allows_the_rest(meta):
    x = xp.asarray([2.0, 0.0, 2.0], device=meta)
    x[x > 1] = 5.0  # a write through a mask keeps x's shape
    assert np.asarray(x).tolist() == [5.0, 0.0, 5.0]
    assert xp.repeat(x, 2).shape == (6,) and float(xp.sum(x)) == 10.0
    assert x[xp.asarray([0, 2], device=meta)].shape == (2,)
    assert xp.searchsorted(xp.sort(x), x).device is meta
    assert INFO.capabilities()["data-dependent shapes"] is True  # the CPU is the default


def test_capabilities_follow_a_fixed_device_without_data_dependent_shapes(meta, mps):
    with flags.using(fixed_device=meta):
        capabilities = INFO.capabilities()
        assert capabilities["data-dependent shapes"] is False
        assert capabilities["boolean indexing"] is False
    with flags.using(fixed_device=mps):
        assert INFO.capabilities()["data-dependent shapes"] is True


def test_the_flags_refusals_still_come_on_a_device_that_allows_the_shapes(mps):
    x = xp.asarray([2.0, 0.0], device=mps)
    assert xp.nonzero(x)[0].shape == (1,)
    with flags.using(data_dependent_shapes=False):
        with pytest.raises(RuntimeError, match="data_dependent_shapes flag is off"):
            xp.nonzero(x)


# --- the rules of a definition, against a model ------------------------------------------


def expected_defaults(lacks, given):
    """The model: each kind's default is the one given (refused when the device lacks it),
    else the CPU's when the device has it, else the 32-bit one; None when refused."""
    defaults = {}
    for kind in KINDS:
        if kind in given:
            if given[kind] in lacks:
                return None
            defaults[kind] = given[kind]
        else:
            usable = [name for name in CHOICES[kind] if name not in lacks]
            if not usable:
                return None
            defaults[kind] = usable[0]
    return defaults


@given(
    lacks=st.sets(st.sampled_from([n for n in DTYPE_NAMES if n != "bool"])),
    given_defaults=st.dictionaries(
        st.sampled_from(KINDS), st.sampled_from(["float32", "float64", "complex64",
                                                 "complex128", "int32", "int64"])),
    data_dependent_shapes=st.booleans(),
    as_objects=st.booleans(),
)
def test_a_definition_follows_the_rules_property(lacks, given_defaults, data_dependent_shapes,
                                                 as_objects):
    given_defaults = {k: v for k, v in given_defaults.items() if v in CHOICES[k]}
    expected = expected_defaults(lacks, given_defaults)
    spell = (lambda name: getattr(xp, name)) if as_objects else (lambda name: name)
    arguments = dict(lacks=[spell(n) for n in lacks],
                     default_dtypes={k: spell(v) for k, v in given_defaults.items()},
                     data_dependent_shapes=data_dependent_shapes)
    if expected is None:
        with pytest.raises(ValueError, match=r"^define\(\): '(lacks|default_dtypes)'"):
            devices.define("model", **arguments)
        assert INFO.devices() == BUILT_IN
        return
    device = devices.define("model", **arguments)
    try:
        assert {k: v.name for k, v in INFO.default_dtypes(device=device).items()} == expected
        assert set(INFO.dtypes(device=device)) == set(DTYPE_NAMES) - lacks
        assert device.data_dependent_shapes is data_dependent_shapes
        assert xp.zeros(1, device=device).dtype.name == expected["real floating"]
    finally:
        devices.remove(device)


# --- bad definitions and removals --------------------------------------------------------

BAD_DEFINITIONS = [
    ({"name": 1}, TypeError, "define(): 'name' must be a str, got int 1"),
    ({"name": ""}, ValueError, "'name' must start with a letter and hold only letters"),
    ({"name": "9lives"}, ValueError, "'name' must start with a letter"),
    ({"name": "my gpu"}, ValueError, "got 'my gpu'"),
    ({"name": "cpu"}, ValueError, "'name' 'cpu' is a built-in device"),
    ({"name": "no_x64"}, ValueError, "which cannot be defined again; choose another name"),
    ({"lacks": "float64"}, TypeError, "'lacks' must be a collection of dtypes or dtype names"),
    ({"lacks": xp.float64}, TypeError, "'lacks' must be a collection of dtypes"),
    ({"lacks": 3}, TypeError, "'lacks' must be a collection of dtypes"),
    ({"lacks": ["float128"]}, ValueError,
     "'lacks' holds 'float128', which is not a dtype of array_api_reshape; the dtypes are bool"),
    ({"lacks": [np.float64]}, TypeError, "'lacks' holds type"),
    ({"lacks": ["bool"]}, ValueError, "'lacks' holds 'bool', which every device has"),
    ({"lacks": ["float32", "float64"]}, ValueError,
     "'lacks' leaves the device no default real floating dtype: it needs float32 or float64"),
    ({"lacks": ["int32", "int64"]}, ValueError, "no default integral dtype"),
    ({"default_dtypes": ["float32"]}, TypeError,
     "'default_dtypes' must be None or a dict from kinds"),
    ({"default_dtypes": {"real": "float32"}}, ValueError,
     "'default_dtypes' has the key 'real'; the kinds are 'real floating'"),
    ({"default_dtypes": {"integral": "int16"}}, ValueError,
     "'default_dtypes'['integral'] must be int32 or int64, got 'int16'"),
    ({"default_dtypes": {"real floating": "complex64"}}, ValueError,
     "'default_dtypes'['real floating'] must be float32 or float64"),
    ({"default_dtypes": {"indexing": "int"}}, ValueError,
     "'default_dtypes'['indexing'] is 'int', which is not a dtype"),
    ({"default_dtypes": {"indexing": int}}, TypeError, "'default_dtypes'['indexing'] is type"),
    ({"lacks": ["float64"], "default_dtypes": {"real floating": xp.float64}}, ValueError,
     "'default_dtypes'['real floating'] is float64, which the device lacks"),
    ({"data_dependent_shapes": 0}, TypeError,
     "'data_dependent_shapes' must be True or False, got 0"),
    ({"data_dependent_shapes": None}, TypeError, "'data_dependent_shapes' must be True"),
]


@pytest.mark.parametrize("arguments, error, words", [
    pytest.param(a, e, w, id=f"{i}-{next(iter(a))}") for i, (a, e, w) in
    enumerate(BAD_DEFINITIONS)])
def test_a_bad_definition_is_refused_naming_the_argument_and_defines_nothing(arguments, error,
                                                                             words):
    arguments = {"name": "fresh", **arguments}
    name = arguments.pop("name")
    with pytest.raises(error) as caught:
        devices.define(name, **arguments)
    assert str(caught.value).startswith("define(): ")
    assert words in str(caught.value)
    assert INFO.devices() == BUILT_IN


def test_a_name_is_defined_once_until_it_is_removed(meta):
    with pytest.raises(ValueError, match=r"define\(\): a device named 'meta' is already "
                                         r"defined; remove it first"):
        devices.define("meta")
    assert devices.Device("meta") is meta and meta.data_dependent_shapes is False


@pytest.mark.parametrize("device, error, words", [
    pytest.param(1, TypeError, "remove(): 'device' must be a device or its name, got int 1",
                 id="int"),
    pytest.param("gpu", ValueError, "remove(): 'device' 'gpu' is not defined (or was removed "
                 "already); the devices are 'cpu'", id="unknown"),
    pytest.param("cpu", ValueError, "'device' 'cpu' is built in and cannot be removed",
                 id="cpu-name"),
    pytest.param(CPU, ValueError, "'device' 'cpu' is built in", id="cpu"),
    pytest.param(BUILT_IN[4], ValueError, "'device' 'no_x64' is built in", id="no_x64"),
])
def test_bad_removals_are_refused(device, error, words):
    with pytest.raises(error) as caught:
        devices.remove(device)
    assert words in str(caught.value)
    assert INFO.devices() == BUILT_IN


def test_removal_by_name_or_device_and_not_twice(meta, mps):
    devices.remove("meta")
    devices.remove(mps)
    assert INFO.devices() == BUILT_IN
    for gone in ("meta", mps):
        with pytest.raises(ValueError, match="is not defined \\(or was removed already\\)"):
            devices.remove(gone)
    with pytest.raises(ValueError, match="Device\\(\\): 'name' must be one of 'cpu'"):
        devices.Device("meta")
    with pytest.raises(ValueError, match="zeros\\(\\): 'device' 'mps' is not a device"):
        xp.zeros(2, device="mps")


def test_the_fixed_device_flag_s_device_cannot_be_removed(mps):
    with flags.using(fixed_device=mps):
        with pytest.raises(ValueError, match="remove\\(\\): device 'mps' is the fixed_device "
                                             "flag's"):
            devices.remove(mps)
    flags.set(fixed_device="mps")
    with pytest.raises(ValueError, match=r"flags\.set\(fixed_device=None\) first"):
        devices.remove("mps")
    flags.reset()
    devices.remove("mps")


def test_arrays_on_a_removed_device_keep_it_and_a_new_device_of_that_name_is_another(mps):
    x = xp.asarray([1.0, 2.0], device=mps)
    devices.remove(mps)
    assert x.device is mps and (x + 1).device is mps
    assert xp.argsort(x).dtype == xp.int64 and xp.sum(x).dtype == xp.float32
    for make in (lambda: xp.zeros(2, device=mps), lambda: xp.ones(2).to_device(mps),
                 lambda: xp.asarray([1.0], device=mps)):
        with pytest.raises(ValueError, match=r"device 'mps' was removed \(array_api_reshape\."
                                             r"devices\.remove\), and takes no new arrays"):
            make()
    again = devices.define("mps")  # float64 this time
    assert again is not mps and again != mps and devices.Device("mps") is again
    y = xp.asarray([1.0, 2.0], device="mps")
    assert y.dtype == xp.float64
    with pytest.raises(ValueError, match="the arrays of one call must share a device"):
        x + xp.astype(y, xp.float32)


def test_device_refuses_a_name_that_is_no_str():
    with pytest.raises(TypeError, match="Device\\(\\): 'name' must be a str, one of 'cpu'"):
        devices.Device(1)


# --- several threads ---------------------------------------------------------------------


def test_threads_defining_one_name_at_once_define_it_once():
    start, outcomes = threading.Barrier(8), []

    def define():
        start.wait(5)
        try:
            outcomes.append(devices.define("contested"))
        except ValueError as error:
            outcomes.append(str(error))

    threads = [threading.Thread(target=define) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    made = [o for o in outcomes if not isinstance(o, str)]
    assert len(made) == 1 and INFO.devices() == (*BUILT_IN, made[0])
    assert all("already defined" in o for o in outcomes if isinstance(o, str))


def test_threads_defining_and_removing_see_whole_tables():
    start, seen, errors = threading.Barrier(4), [], []

    def churn(index):
        start.wait(5)
        try:
            for round_ in range(50):
                device = devices.define(f"t{index}-{round_}")
                seen.append(INFO.devices())
                assert xp.zeros(1, device=device).device is device
                devices.remove(device)
        except Exception as error:  # reported below, in the main thread
            errors.append(error)

    threads = [threading.Thread(target=churn, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert INFO.devices() == BUILT_IN
    for listed in seen:
        assert listed[:len(BUILT_IN)] == BUILT_IN and len(set(listed)) == len(listed)


def test_a_device_says_its_type_as_pytorch_names_it(meta, mps):
    # array-api-extra asks x.device.type of arrays it meets as PyTorch's (torch profile)
    assert [device.type for device in xp.__array_namespace_info__().devices()
            if device not in (meta, mps)] == ["cpu"] * 5
    assert (meta.type, mps.type) == ("meta", "cpu")
    with flags.using(profile="cupy"):
        assert xp.asarray([1.0]).device.type == "cuda"
