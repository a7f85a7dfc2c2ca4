"""
The cupy profile: arrays on a GPU device that hands nothing to NumPy implicitly (CuPy
14.2.0, read from its source: profiles/FIDELITY-cupy.md).
"""

from __future__ import annotations

import operator

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape.devices import Device


pytestmark = pytest.mark.usefixtures("devices_off_afterwards")


@pytest.fixture(autouse=True)
def cupy_profile():
    flags.reset()
    with flags.using(profile="cupy"):
        yield
    flags.reset()


def test_arrays_are_made_on_the_gpu_which_is_the_only_device_listed():
    info = xp.__array_namespace_info__()
    gpu = info.default_device()
    assert gpu.name == "cuda:0" and info.devices() == [gpu]  # a list, as CuPy gives
    for made in (xp.asarray([1.0]), xp.zeros(2), xp.arange(3), xp.asarray(np.arange(2)),
                 xp.eye(2), xp.full((2,), 3)):
        assert made.device is gpu
    assert xp.asarray([1.0], device="cuda:0").device is gpu
    assert info.default_dtypes(device=gpu)["real floating"] == xp.float64
    with flags.using(profile=None), pytest.raises(ValueError, match="not a device"):
        xp.asarray([1.0], device="cuda:0")


def test_numpy_gets_nothing_implicitly_and_everything_once_moved():
    x = xp.asarray([1.0, 2.0])
    for convert in (np.asarray, np.array, lambda a: np.testing.assert_allclose(a, [1.0, 2.0])):
        with pytest.raises(TypeError, match="Implicit conversion to a NumPy array"):
            convert(x)
    host = x.to_device("cpu")
    assert host.device == Device("cpu")
    assert np.array_equal(np.asarray(host), [1.0, 2.0])
    assert float(xp.sum(x)) == 3.0 and bool(xp.all(x > 0)) and complex(x[0]) == 1.0


def test_a_zero_d_array_is_no_python_index_but_slices_and_indexes_arrays():
    k = xp.asarray(1)
    for use in (operator.index, range, lambda i: [10, 20][i]):
        with pytest.raises(TypeError, match="no __index__"):
            use(k)
    x = xp.asarray([1.0, 2.0])
    assert float(x[k]) == 2.0 and x[:k].shape == (1,) and int(k) == 1


def test_dlpack_exports_to_the_cpu_only_when_asked_and_by_copying():
    x = xp.asarray([1.0, 2.0])
    assert x.__dlpack_device__() == (2, 0)
    with pytest.raises(BufferError, match="Unsupported device in DLTensor"):
        np.from_dlpack(x)
    copied = np.from_dlpack(x, device="cpu")
    copied[0] = 9.0
    assert float(x[0]) == 1.0
    with pytest.raises(ValueError, match="without a copy"):
        np.from_dlpack(x, device="cpu", copy=False)


def test_from_dlpack_takes_device_memory_without_a_device_argument():
    x = xp.asarray([1.0, 2.0])
    assert xp.from_dlpack(x) is x or np.array_equal(np.asarray(xp.from_dlpack(x).to_device("cpu")),
                                                    [1.0, 2.0])
    with pytest.raises(TypeError, match="CPU arrays cannot be directly imported"):
        xp.from_dlpack(np.arange(2.0))
    with pytest.raises(NotImplementedError, match="does not support device"):
        xp.from_dlpack(x, device=x.device)
    on_host = xp.from_dlpack(np.arange(2.0), device="cpu")
    assert on_host.device == Device("cpu")


def test_the_gpu_and_the_cpu_never_meet_in_one_call():
    x = xp.asarray([1.0, 2.0])
    with pytest.raises(ValueError, match="share a device"):
        x + x.to_device("cpu")


def test_views_in_place_operators_and_dtypes_are_numpys():
    x = xp.asarray([1.0, 2.0])
    alias = x
    x[0:1][0] = 9.0
    x += 1
    assert x is alias and np.array_equal(np.asarray(x.to_device("cpu")), [10.0, 3.0])
    assert xp.ones(2).dtype == xp.float64 and xp.arange(2).dtype == xp.int64
    assert x[::-1].shape == (2,)


def test_lowest_takes_cupys_device_too():
    with flags.using(profile="lowest"):
        x = xp.arange(3)
        assert x.device.name == "cuda:0" and x.dtype == xp.int32
        with pytest.raises(TypeError, match="Implicit conversion"):
            np.asarray(x)


def test_arrays_on_the_gpu_pickle_and_stay_there():
    import pickle

    x = xp.asarray([1.0, 2.0])
    y = pickle.loads(pickle.dumps(x))
    assert y.device is x.device and y.device.name == "cuda:0"
    assert np.array_equal(np.asarray(y.to_device("cpu")), [1.0, 2.0])
